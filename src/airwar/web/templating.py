"""The Jinja2 templates every page renders with."""

from __future__ import annotations

from pathlib import Path

from fastapi.templating import Jinja2Templates

from airwar import __version__

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
templates.env.globals["version"] = __version__
