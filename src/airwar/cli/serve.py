"""``airwar serve``: the browser app (added by the browser-app issue)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the root app."""
    return None
