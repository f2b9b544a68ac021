"""A MiGs and Sabres engagement (``migs-engagement``) for the AI libraries.

Action space (fixed, the notation of the rules engineer's actions): ids
0..6 are ``F`` (straight, 1 MP), ``L`` / ``R`` (45-degree diagonal, 2 MP),
``WL`` / ``WR`` (90-degree wing-over, 3 MP), ``fire`` and ``hold`` (MS-6,
MS-9, III.G). Every die (who moves first, MS-5; movement points, MS-7; the
kill roll, MS-10) is a chance node with the six faces of a d6 at 1/6 each.

The observation is the whole position (MiGs and Sabres has no hidden
information), from the point of view of the observing seat, as
:data:`OBSERVATION_PIECES` in order, every value in [0, 1].

>>> spec = migs_engagement_spec({"active": "MiG-15", "listed": "F-51"})
>>> spec.actions
('F', 'L', 'R', 'WL', 'WR', 'fire', 'hold')
>>> spec.encoder.shape
(360,)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from airwar.adapters.spec import AdapterSpec
from airwar.core.dice import D6
from airwar.core.errors import OptionError
from airwar.core.game import GameState
from airwar.core.options import resolve_options
from airwar.games.migs_sabres.board import COLUMNS, ROWS
from airwar.games.migs_sabres.engagement import engagement_in, mp_check
from airwar.games.migs_sabres.engagement_game import EngagementGame
from airwar.games.migs_sabres.movement import STEP_KINDS
from airwar.games.migs_sabres.planes import PLANE_TYPES, SIDES
from airwar.games.migs_sabres.terms import ROLES, Phase

ACTIONS: tuple[str, ...] = (*(k.value for k in STEP_KINDS), "fire", "hold")
STEPS: tuple[Phase, ...] = tuple(Phase)
"""The engagement's ``step`` values (its :class:`Phase` within a movement turn), in order."""

TYPE_NAMES: tuple[str, ...] = tuple(PLANE_TYPES)
SQUARES = COLUMNS * ROWS

MAX_MP: int = max(D6.maximum + mp_check(t, True).modifier_total for t in PLANE_TYPES.values())
"""The most movement points any plane can roll: swept wing, a 6, and an ace (III.E, MS-14)."""

OBSERVATION_PIECES: tuple[tuple[str, int], ...] = (
    ("my_role", 2),  # which plane the observing seat flies: active, listed
    ("active_square", SQUARES),  # one-hot, index = row * columns + column
    ("listed_square", SQUARES),
    ("active_facing", 8),  # one-hot N..NW
    ("listed_facing", 8),
    ("active_type", len(TYPE_NAMES)),
    ("listed_type", len(TYPE_NAMES)),
    ("aces", 2),
    ("fired", 2),
    ("return_fire_pending", 2),
    ("to_move", 2),
    ("step", len(STEPS)),
    ("mp_left", 1),  # divided by MAX_MP
    ("wing_over_used", 1),
    ("stepped", 1),
    ("turns", 2),  # movement turns flown, divided by the turn limit
)
OBSERVATION_SIZE = sum(size for _, size in OBSERVATION_PIECES)


class EngagementEncoder:
    """The engagement of a state as a flat tensor, read from the state itself (as
    OpenSpiel's observers do), never from its view."""

    shape: tuple[int, ...] = (OBSERVATION_SIZE,)

    def encode(self, state: GameState, seat: int) -> np.ndarray:
        e = engagement_in(state)
        if e is None:
            raise ValueError(f"{state.game.name} has no engagement to encode")
        pieces: dict[str, np.ndarray] = {
            name: np.zeros(size, np.float32) for name, size in OBSERVATION_PIECES
        }
        my_side = SIDES[seat] if 0 <= seat < len(SIDES) else None
        limit = e.turn_limit or 1
        for r, role in enumerate(ROLES):
            p = e.planes[r]
            if p.side.value == my_side:
                pieces["my_role"][r] = 1
            pieces[f"{role}_square"][p.square.row * COLUMNS + p.square.col] = 1
            pieces[f"{role}_facing"][int(p.facing)] = 1
            pieces[f"{role}_type"][TYPE_NAMES.index(p.type.name)] = 1
            pieces["aces"][r] = float(bool(p.ace))
            pieces["fired"][r] = float(bool(p.fired))
            pieces["return_fire_pending"][r] = float(bool(e.return_fire[r]))
            pieces["turns"][r] = min(1.0, p.turns / limit)
        if not state.is_terminal():
            pieces["to_move"][e.mover] = 1
        pieces["step"][STEPS.index(e.phase)] = 1
        pieces["mp_left"][0] = min(1.0, max(0, e.mp_left) / MAX_MP)
        pieces["wing_over_used"][0] = float(bool(e.wing_over_used))
        pieces["stepped"][0] = float(bool(e.stepped))
        return np.concatenate([pieces[name] for name, _ in OBSERVATION_PIECES])


def engagement_options(given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The engagement game's options, checked; the adapters need a turn limit (MS-11)."""
    options = resolve_options(EngagementGame.parameters, given)
    if options["turn_limit"] <= 0:
        raise OptionError(
            "option turn_limit: the AI adapters need a turn limit above 0 (MS-11), "
            "so that every engagement ends"
        )
    return options


def migs_engagement_spec(options: Mapping[str, Any] | None = None) -> AdapterSpec:
    """The adapter spec of one ``migs-engagement`` configuration.

    A movement turn takes at most one III.G return-fire decision, one step per
    movement point, and a fire or hold: so a game lasts at most
    ``2 * turn_limit * (MAX_MP + 2)`` decisions.
    """
    resolved = engagement_options(options)
    EngagementGame(resolved)  # the game's own checks (e.g. both planes on one side)
    return AdapterSpec(
        game=EngagementGame.name,
        short_name="airwar_migs_engagement",
        long_name="airwar: MiGs and Sabres engagement",
        actions=ACTIONS,
        max_chance_outcomes=len(D6.outcomes()),
        max_game_length=2 * resolved["turn_limit"] * (MAX_MP + 2),
        min_utility=-1.0,
        max_utility=1.0,
        options=resolved,
        encoder=EngagementEncoder(),
        history_keys=("trails",),
    )


SPIEL_PARAMETERS: dict[str, Any] = {p.name: p.default for p in EngagementGame.parameters}
"""The OpenSpiel parameters of ``airwar_migs_engagement``: the engagement game's options."""
