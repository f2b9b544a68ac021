"""MiGs and Sabres numbers in words for the terminal: odds and the solver's values.

The log lines are the game's own (:mod:`airwar.games.migs_sabres.narrate`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from airwar.core.roll_words import percent
from airwar.games.migs_sabres.narrate import side_name


def odds_text(p: Fraction | str) -> str:
    """Exact odds with the percentage: ``2/3 (66.7%)``."""
    return percent(p)


# -- the solver's numbers ------------------------------------------------------


def solver_sign(info: Mapping[str, Any]) -> int:
    """+1 when the active plane is to move, -1 when the listed plane is.

    The solver gives every value from the active plane's side; the interfaces
    show them from the side of the plane to move (multiply by this sign).
    """
    return 1 if info.get("to_move") == "active" else -1


def value_text(value: float) -> str:
    """A solver value with its sign, three decimals (``+0.123``, ``-0.050``, never ``-0.000``)."""
    shown = round(value, 3)
    return f"{shown + 0.0 if shown else 0.0:+.3f}"


def solver_lines(info: Mapping[str, Any], engagement: Mapping[str, Any], scoring: str) -> list[str]:
    """The solver's value of the current engagement in words, from the mover's side."""
    planes = engagement["planes"]
    me = "active" if info.get("to_move") == "active" else "listed"
    other = "listed" if me == "active" else "active"
    sign = solver_sign(info)
    unit = "base-value points (IV.A)" if scoring == "base-value" else "kills"
    mine, theirs = planes[me], planes[other]
    p_me = info["p_kill_active"] if me == "active" else info["p_kill_listed"]
    p_other = info["p_kill_listed"] if me == "active" else info["p_kill_active"]
    who = f"the {mine['type']}'s ({side_name(mine.get('side'))})"
    return [
        f"Solver, assuming optimal play by both planes; the numbers are from {who} side:",
        f"  engagement value {value_text(sign * info['value'])} expected {unit} "
        f"(own minus the {theirs['type']}'s); chance to shoot the other down: "
        f"{mine['type']} {float(p_me):.1%}, {theirs['type']} {float(p_other):.1%}",
    ]
