"""Moved to :mod:`airwar.solver`: this thin re-export keeps old imports working meanwhile.

Import from :mod:`airwar.solver` (and :mod:`airwar.solver.cache` for the cache).
"""

from __future__ import annotations

from airwar.solver import (
    ACTIVE,
    LISTED,
    MAX_TURN_LIMIT,
    EngagementKey,
    Matchup,
    Solution,
    SolverError,
    SolverOptions,
    TurnLimitTooLong,
    Value,
    cached_solution,
    check_turn_limit,
    engagement_values,
    key_of,
    matchup_of,
    solve,
    solver_options_of,
    turn_limit_refusal,
)
from airwar.solver.cache import (
    CACHE_ENV,
    DEFAULT_CACHE_MB,
    cache_dir,
    cache_entries,
    cache_key,
    cache_limit,
    cache_limit_mb,
    enforce_cache_limit,
    set_cache_limit_mb,
    solution_bytes,
)

__all__ = [
    "ACTIVE",
    "CACHE_ENV",
    "DEFAULT_CACHE_MB",
    "LISTED",
    "MAX_TURN_LIMIT",
    "EngagementKey",
    "Matchup",
    "Solution",
    "SolverError",
    "SolverOptions",
    "TurnLimitTooLong",
    "Value",
    "cache_dir",
    "cache_entries",
    "cache_key",
    "cache_limit",
    "cache_limit_mb",
    "cached_solution",
    "check_turn_limit",
    "enforce_cache_limit",
    "engagement_values",
    "key_of",
    "matchup_of",
    "set_cache_limit_mb",
    "solution_bytes",
    "solve",
    "solver_options_of",
    "turn_limit_refusal",
]
