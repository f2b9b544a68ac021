"""Gunslingers rule tables as TOML data (read by ``checks_tables``)."""
