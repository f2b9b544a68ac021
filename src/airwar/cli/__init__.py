"""The ``airwar`` command (typer + rich)."""
