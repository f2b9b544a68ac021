"""Shared test configuration."""

from hypothesis import settings

settings.register_profile("default", deadline=None, max_examples=100)
settings.load_profile("default")
