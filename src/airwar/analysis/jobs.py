"""Moved to :mod:`airwar.solver.jobs`: this name is the same module, kept for old imports."""

from __future__ import annotations

import sys

from airwar.solver import jobs as _jobs

sys.modules[__name__] = _jobs
