"""Rule set package (being built)."""
