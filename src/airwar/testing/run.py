"""Running the checks: every check of :data:`CHECKS` over one game's cases."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from airwar.core.game import Game
from airwar.testing.cases import Case, Limits, case_for
from airwar.testing.contract import (
    check_declared_information,
    check_hidden_words,
    check_options,
    check_random_play,
)
from airwar.testing.sessions import check_save_load_continue, check_session_secrets


@dataclass(frozen=True)
class Check:
    """One promise of the contract: its name and how it is checked.

    ``run(case, seed, folder)`` raises :class:`AssertionError` when the game breaks
    it (any other exception the game or the driver raises is a failure too);
    ``seeded`` checks are run once per seed, the others once; ``folder`` is a fresh
    directory for the database of a check that saves games."""

    name: str
    run: Callable[[Case, int, Path], None]
    seeded: bool = True


CHECKS: tuple[Check, ...] = (
    Check("options", lambda c, s, f: check_options(c), seeded=False),
    Check("random play", lambda c, s, f: check_random_play(c, s)),
    Check("declared information", lambda c, s, f: check_declared_information(c), seeded=False),
    Check("hidden words", lambda c, s, f: check_hidden_words(c, s)),
    Check("save and resume", check_save_load_continue),
    Check("session secrets", lambda c, s, f: check_session_secrets(c, s, f)),
)
"""The contract, check by check: valid options that build a game; random play that keeps
the kernel's promises and replays to the same digest; perfect information declared only
by a game whose views hide nothing; no hidden word in a seat's view or events; a game
saved, loaded and continued playing as if never stopped; nothing hidden nor the seed in
what the play session shows a seat (views, events, decisions, summary, record)."""


def check_case(
    case: Case, seeds: Sequence[int] = (1, 2), only: Sequence[str] | None = None
) -> Iterator[tuple[str, int | None, AssertionError | None]]:
    """Run the checks on one case, yielding (check, seed or None, its failure or None)."""
    unknown = set(only or ()) - {c.name for c in CHECKS}
    if unknown:
        known = ", ".join(c.name for c in CHECKS)
        raise ValueError(f"no check named {', '.join(sorted(unknown))} (checks: {known})")
    for check in CHECKS:
        if only is not None and check.name not in only:
            continue
        for seed in seeds if check.seeded else seeds[:1]:
            with tempfile.TemporaryDirectory(prefix="airwar-check-") as folder:
                try:
                    check.run(case, seed, Path(folder))
                except AssertionError as exc:
                    yield check.name, seed if check.seeded else None, exc
                    continue
                except Exception as exc:  # the driver's or the game's own refusal
                    broke = AssertionError(f"{type(exc).__name__}: {exc}")
                    yield check.name, seed if check.seeded else None, broke
                    continue
            yield check.name, seed if check.seeded else None, None


def check_game(
    game: str | type[Game],
    options: Mapping[str, Any] | None = None,
    *,
    seeds: Sequence[int] = (1, 2),
    limits: Limits | None = None,
    only: Sequence[str] | None = None,
) -> list[str]:
    """Hold ``game`` (its class or registered name) to the contract with ``options``, or
    with each of its samples; the names of the checks passed, or the first failure as an
    :class:`AssertionError` that names the check, the case and the seed."""
    passed: list[str] = []
    for case in case_for(game, options, limits):
        for name, seed, failure in check_case(case, seeds, only):
            if failure is not None:
                at = "" if seed is None else f", seed {seed}"
                raise AssertionError(f"{name} ({case.describe()}{at}): {failure}") from failure
            if name not in passed:
                passed.append(name)
    return passed
