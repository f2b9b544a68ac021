"""What the suite needs beyond Python (PostgreSQL, Chromium), and what to do without it.

On a developer's machine a test whose service is missing is skipped, and the
summary at the end of the run names it. Under ``CI=true`` it fails: a green CI
means these tests ran.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest

NEEDS = ("PostgreSQL", "Chromium", "playwright")
"""Words that mark a skip for want of a service or a browser (in its reason)."""


def on_ci() -> bool:
    """Whether this is CI's run (``CI=true``): nothing may be skipped for want of a service."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def needed(reason: str) -> str | None:
    """The service or browser a skip's reason names, if any."""
    return next((need for need in NEEDS if need.lower() in reason.lower()), None)


def missing(need: str, reason: str) -> NoReturn:
    """Skip this test for want of ``need``, or fail it under ``CI=true``."""
    if on_ci():
        pytest.fail(f"CI=true, and {need} is required here: {reason}", pytrace=False)
    pytest.skip(f"{need}: {reason}")
