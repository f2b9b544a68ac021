"""The solver's model: matchups, options, values and the one typed state key.

Nothing here computes; :mod:`.layers` solves, :mod:`.solution` looks up.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from airwar.core.dice import D6
from airwar.core.errors import AirwarError
from airwar.games.migs_sabres.board import COLUMNS, ROWS
from airwar.games.migs_sabres.combat import ASPECT_BY_OFFSET, p_kill
from airwar.games.migs_sabres.movement import ACE_MP_BONUS
from airwar.games.migs_sabres.planes import plane_type
from airwar.games.migs_sabres.solver.layers import PlaneSpec
from airwar.games.migs_sabres.terms import ACTIVE, Phase

SOLVER_VERSION = 4
"""Bumped whenever the solver's semantics or storage change; part of the cache key
(4: full-size solutions kept in the compact form, :mod:`.store`)."""

MAX_TURN_LIMIT = 30
"""The longest turn limit the solver takes (MS-24): the cost of a solve grows in a
straight line with it (docs/benchmarks.md)."""


class SolverError(AirwarError):
    """The solver cannot answer for these options (the message says which)."""


class TurnLimitTooLong(SolverError):
    """The turn limit is longer than the solver takes (:data:`MAX_TURN_LIMIT`, MS-24)."""


def turn_limit_refusal(turn_limit: int) -> str | None:
    """The one-line reason the solver refuses ``turn_limit``, or None when it takes it."""
    if turn_limit <= MAX_TURN_LIMIT:
        return None
    return (
        f"turn_limit {turn_limit}: the expert solver takes at most {MAX_TURN_LIMIT} movement "
        f"turns per plane (MS-24); a longer limit would take too long and too much disk to solve"
    )


def check_turn_limit(turn_limit: int) -> None:
    """Raise :class:`TurnLimitTooLong` when the solver does not take ``turn_limit``."""
    why = turn_limit_refusal(turn_limit)
    if why is not None:
        raise TurnLimitTooLong(why)


@dataclass(frozen=True)
class Matchup:
    """One engagement pairing (MS-4): the active plane, the listed plane, their aces."""

    active: str
    listed: str
    active_ace: bool = False
    listed_ace: bool = False

    def __post_init__(self) -> None:
        a, b = plane_type(self.active), plane_type(self.listed)
        object.__setattr__(self, "active", a.name)
        object.__setattr__(self, "listed", b.name)

    def label(self) -> str:
        """``"F-86 (ace) vs MiG-15"``."""
        a = " (ace)" if self.active_ace else ""
        b = " (ace)" if self.listed_ace else ""
        return f"{self.active}{a} vs {self.listed}{b}"


@dataclass(frozen=True)
class SolverOptions:
    """The rules options the solution depends on.

    ``turn_limit``: movement turns of each plane before both disengage
    (MS-11; must be at least 1: without a limit there is no finite horizon
    and the solver does not answer; at most :data:`MAX_TURN_LIMIT`, MS-24).
    ``scoring``: "kills" (MS-12) or "base-value" (IV.A: a kill scores the
    victim's base value).
    ``columns``/``rows``/``mp_base`` shrink the board and override the base
    values (active, listed) for reduced test boards; the real game uses the
    defaults.
    """

    turn_limit: int = 20
    scoring: str = "kills"
    columns: int = COLUMNS
    rows: int = ROWS
    mp_base: tuple[int | None, int | None] = (None, None)

    def __post_init__(self) -> None:
        if self.turn_limit < 1:
            raise SolverError(
                "the solver needs a turn limit of at least 1 movement turn per plane (MS-11); "
                "without one there is no finite horizon"
            )
        check_turn_limit(self.turn_limit)
        if self.scoring not in ("kills", "base-value"):
            raise SolverError(f"unknown scoring {self.scoring!r} (kills or base-value)")
        if self.columns < 2 or self.rows < 2:
            raise SolverError(f"a {self.columns}x{self.rows} board is too small to solve")

    @property
    def full_board(self) -> bool:
        return self.columns == COLUMNS and self.rows == ROWS and self.mp_base == (None, None)


@dataclass(frozen=True)
class Value:
    """A value from the active side's point of view.

    ``value``: expected active-side points minus listed-side points (kills by
    default); ``p_kill_active``/``p_kill_listed``: each plane's chance of
    shooting the other down from here under the solver's policy.
    """

    value: float
    p_kill_active: float
    p_kill_listed: float

    def for_role(self, role: int) -> float:
        """The value seen by ``role`` (0 active, 1 listed): what that plane maximises."""
        return self.value if role == ACTIVE else -self.value

    def to_dict(self) -> dict[str, float]:
        return {
            "value": self.value,
            "p_kill_active": self.p_kill_active,
            "p_kill_listed": self.p_kill_listed,
        }


class KeyPhase(StrEnum):
    """Where an engagement stands in the solver's terms (:attr:`EngagementKey.phase`):
    the game's :class:`~airwar.games.migs_sabres.terms.Phase`, with its two dice for the
    first move as one phase."""

    FIRST = "first"
    """Who moves first is not yet rolled (MS-5); :attr:`EngagementKey.first_red` holds the
    red die once it is."""
    MP = Phase.MP.value
    RETURN_FIRE = Phase.RETURN_FIRE.value
    MOVE = Phase.MOVE.value
    KILL = Phase.KILL.value
    OVER = Phase.OVER.value


@dataclass(frozen=True)
class EngagementKey:
    """An engagement state in the solver's terms (see :func:`key_of`).

    ``phase``: "first" (who moves first not rolled), "mp" (the mover's MP
    roll is next), "return_fire" (III.G choice), "move" (mid-move: ``mp_left``,
    ``wing_over_used``, ``stepped``), "kill" (a kill roll is pending for
    ``attack_aspect``, fired by the mover; ``return_shot`` for III.G),
    "over". ``fired`` is (active fired, listed fired); positions are packed
    ``square * 8 + facing``; ``remaining`` counts movement turns left
    including the current one. ``first_red`` is the red die already rolled
    for the first move, if any.
    """

    phase: KeyPhase
    mover: int
    positions: tuple[int, int]
    fired: tuple[bool, bool]
    remaining: int
    mp_left: int = 0
    wing_over_used: bool = False
    stepped: bool = False
    attack_offset: int = -1
    return_shot: bool = False
    shot_down: int | None = None
    first_red: int | None = None
    red_is_active: bool = True


StateKey = EngagementKey
"""The one typed key of an engagement state (:func:`.solution.key_of`)."""


def plane_spec(
    type_name: str, ace: bool, victim: str, options: SolverOptions, base: int | None
) -> PlaneSpec:
    """The solver's description of one plane from the rules data (MS-1, MS-7, MS-10, MS-14)."""
    t = plane_type(type_name)
    b = t.base_value if base is None else base
    bonus = ACE_MP_BONUS if ace else 0
    mp = [(v + b + bonus, float(p)) for v, p in D6.outcomes()]
    kills = [float(p_kill(ASPECT_BY_OFFSET[o].name, ace)) for o in range(8)]
    points = 1.0 if options.scoring == "kills" else float(plane_type(victim).base_value)
    return PlaneSpec(mp, kills, points)


def specs_of(matchup: Matchup, options: SolverOptions) -> tuple[PlaneSpec, PlaneSpec]:
    a = plane_spec(matchup.active, matchup.active_ace, matchup.listed, options, options.mp_base[0])
    b = plane_spec(matchup.listed, matchup.listed_ace, matchup.active, options, options.mp_base[1])
    return a, b
