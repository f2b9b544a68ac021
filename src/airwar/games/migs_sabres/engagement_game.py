"""The ``migs-engagement`` game: a single engagement on the Battle Board between two
chosen types (MS-4..MS-11), played by the rules of :mod:`.engagement`, and the two
options it shares with the whole game (who moves first, the turn limit)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from airwar.core.checks import Check
from airwar.core.dice import Roll
from airwar.core.errors import IllegalAction, OptionError
from airwar.core.events import EventLog
from airwar.core.game import CHANCE, TERMINAL, Action, GameState
from airwar.core.options import Parameter
from airwar.core.registry import register_game
from airwar.games.migs_sabres.board import board_view
from airwar.games.migs_sabres.concession import (
    Conceded,
    concession,
    log_concession,
    returns_of,
    words,
)
from airwar.games.migs_sabres.engagement import (
    DIE_OUTCOMES,
    Engagement,
    FliesEngagements,
    make_plane,
)
from airwar.games.migs_sabres.family import MigsAndSabres
from airwar.games.migs_sabres.hints import trails
from airwar.games.migs_sabres.planes import PLANE_TYPES, SIDES, plane_type
from airwar.games.migs_sabres.summary import Standing
from airwar.games.migs_sabres.terms import ACTIVE, LISTED, SEAT_NAMES
from airwar.games.migs_sabres.views import engagement_view

_TYPE_NAMES = tuple(PLANE_TYPES)


class EngagementState(GameState, FliesEngagements):
    """A single engagement (``migs-engagement``)."""

    engagement: Engagement

    def __init__(self, game: EngagementGame) -> None:
        self.game = game
        self.log = EventLog()
        o = game.options
        active = plane_type(o["active"])
        listed = plane_type(o["listed"])
        self.engagement = Engagement(
            make_plane(active, ACTIVE, o["active_ace"]),
            make_plane(listed, LISTED, o["listed_ace"]),
            first=o["first"],
            turn_limit=o["turn_limit"],
        )
        self.engagement.start(self.log)
        self.conceded: Conceded | None = None
        """A resignation or agreed draw that ended the engagement (MS-35, MS-37)."""

    def current_actor(self) -> int:
        if self.conceded is not None:
            return TERMINAL
        return self.engagement.actor()

    def concede(self, kind: str, seat: int) -> None:
        """End the engagement by a resignation or an agreed draw (MS-35, MS-37)."""
        if self.is_terminal():
            raise IllegalAction("the game is over")
        self.conceded = concession(kind, seat)
        log_concession(self.log, self.conceded)
        result = self.conceded["result"]
        self.log.emit(
            "game_end",
            reason=words(self.conceded),
            winner=None if result == "draw" else result,
            returns=self.returns(),
        )

    def legal_actions(self) -> list[Action]:
        if self.current_actor() == CHANCE:
            return [r for r, _ in DIE_OUTCOMES]
        return self.engagement.legal_actions()

    def chance_outcomes(self) -> Sequence[tuple[Action, Fraction]]:
        if self.current_actor() != CHANCE:
            raise IllegalAction("this is not a chance node")
        return list(DIE_OUTCOMES)

    def pending_check(self) -> Check | None:
        return self.engagement.pending_check()

    def apply(self, action: Action) -> None:
        if isinstance(action, Roll):
            if self.current_actor() != CHANCE:
                raise IllegalAction("no roll is pending")
            self.engagement.apply_roll(action, self.log)
        else:
            if self.current_actor() == CHANCE:
                raise IllegalAction("a roll is pending: roll the dice first")
            self.engagement.apply_decision(action, self.log)
        if self.engagement.over:
            kill = self.engagement.killer_side
            self.log.emit(
                "game_end",
                reason=str(self.engagement.end_reason),
                winner=None if kill is None else kill.value,
                returns=self.returns(),
            )

    def returns(self) -> list[float]:
        if self.conceded is not None:
            return returns_of(self.conceded)
        kill = self.engagement.killer_side
        if kill is None:
            return [0.0, 0.0]
        return [1.0 if s == kill.seat else -1.0 for s in (0, 1)]

    def explain_illegal(self, action: Action) -> str:
        return self.engagement.explain_illegal(action)

    def standing(self) -> Standing:
        """The score as it stands: a point to the side that shot the other down (MS-12),
        a draw once over without a kill, or as the players' word ended it (MS-35..37)."""
        e = self.engagement
        scores = dict.fromkeys(SIDES, 0)
        result = None
        if e.shot_down is not None:
            result = e.planes[1 - e.shot_down].side.value
            scores[result] = 1
        elif self.is_terminal():
            result = "draw"
        if self.conceded is not None:
            result = self.conceded.get("result")
        return Standing(scores, dict(scores), result, ended_by=words(self.conceded))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        e = self.engagement
        return {
            "game": self.game.name,
            "phase": "over" if self.is_terminal() else "engagement",
            "actor": self.current_actor(),
            "terminal": self.is_terminal(),
            "seat": seat,
            "seats": list(SEAT_NAMES),
            "engagement": engagement_view(e),
            "trails": trails(self.log),
            "board": board_view(),
            "returns": self.returns() if self.is_terminal() else None,
            "concession": self.conceded,
            "ended_by": words(self.conceded),
        }


FIRST_PARAMETER = Parameter(
    "first",
    "roll",
    "who moves first on the Battle Board: rolled (red d6 vs blue d6) or fixed",
    "MS-5, MS-17",
    choices=("roll", "active", "listed"),
    label="Who moves first",
)
"""Who moves first (MS-5, MS-17): shared by the engagement and the whole game."""

TURN_LIMIT_PARAMETER = Parameter(
    "turn_limit",
    20,
    "disengage after this many movement turns of each plane (0: no limit)",
    "MS-11, MS-18",
    minimum=0,
    maximum=1000,
    label="Turn limit",
)
"""The MS-11 house limit: shared by the engagement and the whole game."""


@register_game
class EngagementGame(MigsAndSabres):
    """One engagement of MiGs and Sabres between two chosen types (MS-4..MS-11)."""

    name = "migs-engagement"
    title = "MiGs and Sabres: one engagement"
    part_of = "migs-sabres"
    state_type = EngagementState
    parameters = (
        Parameter(
            "active",
            "F-86",
            "the active squadron's plane (starts at a1)",
            "MS-4",
            choices=_TYPE_NAMES,
            label="Active squadron's plane",
        ),
        Parameter(
            "listed",
            "MiG-15",
            "the plane listed on the Sortie Chart (starts at k14)",
            "MS-4",
            choices=_TYPE_NAMES,
            label="Listed plane",
        ),
        Parameter(
            "active_ace",
            False,
            "the active plane's pilot is an ace",
            "MS-14",
            label="Active pilot is an ace",
        ),
        Parameter(
            "listed_ace",
            False,
            "the listed plane's pilot is an ace",
            "MS-14",
            label="Listed pilot is an ace",
        ),
        FIRST_PARAMETER,
        TURN_LIMIT_PARAMETER,
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        a, b = plane_type(self.options["active"]), plane_type(self.options["listed"])
        if a.side is b.side:
            raise OptionError(
                f"option listed: {b.name} is on the {a.side} side like the active {a.name}; "
                "an engagement is between the two sides (MS-4)"
            )

    @classmethod
    def samples(cls) -> tuple[dict[str, Any], ...]:
        """Sabre against MiG as set up, and the other way round with aces, a fixed first
        mover and a short limit (the shared contract checks)."""
        turned = {"active": "MiG-15", "listed": "F-86", "active_ace": True, "listed_ace": True}
        return ({}, {**turned, "first": "listed", "turn_limit": 4})

    def new_initial_state(self) -> EngagementState:
        return EngagementState(self)
