"""Alembic migrations of the store's schema, shipped inside the package."""
