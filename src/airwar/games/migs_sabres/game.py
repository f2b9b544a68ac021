"""The whole game of MiGs and Sabres (``migs-sabres``): III.A-L and IV.A-C.

Setup draws the Sortie Chart (MS-2) unless one is given, the opening roll
(red d6 against blue d6, ties re-rolled) picks the side that flies first
(MS-3), then the sides alternate whole sorties. In a sortie the side's marker
moves 1d6 squares per roll; landing on an enemy plane starts an engagement
between the side's own type and the listed type (MS-4), flown as in
:mod:`.engagement`. Landing exactly on square 22 resolves it and ends the
sortie; passing it ends the sortie (MS-3). Kills are scored for the side of
the plane that fired (MS-12), optionally by base value (IV.A); named pilots
and aces follow IV.C (MS-14, MS-15..).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from airwar.core.checks import Check, Comparison
from airwar.core.dice import Dice, Roll
from airwar.core.errors import IllegalAction, InvalidNotation, OptionError
from airwar.core.events import Event, EventLog
from airwar.core.game import CHANCE, TERMINAL, Action, GameState
from airwar.core.options import Parameter
from airwar.core.registry import register_game
from airwar.games.migs_sabres.actions import ChartDraw
from airwar.games.migs_sabres.board import board_view
from airwar.games.migs_sabres.concession import (
    RULES,
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
    opposed_first_check,
    red_die_check,
    resolved,
)
from airwar.games.migs_sabres.engagement_game import (
    FIRST_PARAMETER,
    TURN_LIMIT_PARAMETER,
)
from airwar.games.migs_sabres.family import MigsAndSabres
from airwar.games.migs_sabres.hints import trails
from airwar.games.migs_sabres.pilots import Roster
from airwar.games.migs_sabres.planes import Side, active_type, plane_type
from airwar.games.migs_sabres.sortie import (
    CHART_SQUARES,
    SORTIES_PER_SIDE,
    Chart,
    chart_draw_outcomes,
    chart_text,
    entry_side,
    parse_chart,
)
from airwar.games.migs_sabres.summary import Standing
from airwar.games.migs_sabres.terms import ACTIVE, LISTED, SEAT_NAMES, GamePhase
from airwar.games.migs_sabres.views import check_view, engagement_view

RollHandler = Callable[["MigsState", int, Event], None]


@cache
def marker_check(side: Side) -> Check:
    """The marker roll: 1d6 squares along the Sortie Chart; it cannot fail (III.A, MS-3)."""
    return Check(f"{side.value.title()} marker move", "MS-3", Dice(1, 6), 1, Comparison.AT_LEAST)


@cache
def pilot_check(side: Side) -> Check:
    """1d6 names the squadron's pilot for this engagement (IV.C, MS-14)."""
    return Check(f"{side.value.title()} pilot", "MS-14", Dice(1, 6), 1, Comparison.AT_LEAST)


@cache
def campaign_check(dice: Dice) -> Check:
    """Rolling the number of sorties per side of a campaign (IV.B, MS-13)."""
    return Check("Sorties per side", "MS-13", dice, dice.minimum, Comparison.AT_LEAST)


class MigsState(GameState, FliesEngagements):
    """A whole game or campaign of MiGs and Sabres."""

    phase: GamePhase

    def __init__(self, game: MigsGame) -> None:
        self.game = game
        self.log = EventLog()
        o = game.options
        self.chart: list[str] = []
        self.sorties_per_side: int = o["sorties"]
        self.first_side = Side.COMMUNIST
        self.red_roll: int | None = None
        self.sortie_index = 0
        self.marker = 0
        self.scores = {Side.COMMUNIST: 0, Side.ALLIED: 0}
        self.kills = {Side.COMMUNIST: 0, Side.ALLIED: 0}
        self.shot_down_by_type: dict[str, int] = {}
        self.rosters: dict[Side, Roster] | None = (
            {s: Roster.new(s) for s in Side} if o["pilots"] else None
        )
        self.pilot_numbers: list[int | None] = [None, None]
        self.engagement: Engagement | None = None
        self.engagements = 0
        self.result: str | None = None
        self.conceded: Conceded | None = None
        """A resignation or agreed draw that ended the game (MS-35 to MS-37), else None."""
        self.log.emit(
            "game_start",
            options=dict(o),
            sorties_per_side=self.sorties_per_side,
            rule="III.A, MS-2, MS-3",
        )
        if o["chart"]:
            self.chart = list(game.chart or ())
            self._chart_ready()
        else:
            self.phase = GamePhase.CHART

    # -- kernel interface --------------------------------------------------
    def current_actor(self) -> int:
        if self.phase is GamePhase.OVER:
            return TERMINAL
        if self.phase is GamePhase.ENGAGEMENT:
            assert self.engagement is not None
            return self.engagement.actor()
        return CHANCE

    def chance_outcomes(self) -> Sequence[tuple[Action, Fraction]]:
        if self.current_actor() != CHANCE:
            raise IllegalAction("this is not a chance node")
        if self.phase is GamePhase.CHART:
            return list(chart_draw_outcomes(tuple(self.chart)))
        if self.phase is GamePhase.CAMPAIGN:
            dice = Dice.parse(self.game.options["sorties_dice"])
            return dice.rolls()
        return list(DIE_OUTCOMES)

    def legal_actions(self) -> list[Action]:
        actor = self.current_actor()
        if actor == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if actor == TERMINAL:
            return []
        assert self.engagement is not None
        return self.engagement.legal_actions()

    def pending_check(self) -> Check | None:
        phase = self.phase
        if phase is GamePhase.ENGAGEMENT:
            assert self.engagement is not None
            return self.engagement.pending_check()
        if phase is GamePhase.CAMPAIGN:
            return campaign_check(Dice.parse(self.game.options["sorties_dice"]))
        if phase is GamePhase.OPENING_RED:
            return red_die_check("which side flies the first sortie", "MS-3")
        if phase is GamePhase.OPENING_BLUE:
            assert self.red_roll is not None
            return opposed_first_check(self.red_roll)
        if phase is GamePhase.MARKER:
            return marker_check(self.active_side)
        if phase is GamePhase.PILOT:
            return pilot_check(self.active_side)
        if phase is GamePhase.LISTED_PILOT:
            return pilot_check(self.active_side.other)
        return None

    def explain_illegal(self, action: Action) -> str:
        if self.phase is GamePhase.OVER:
            return "the game is over"
        if self.phase is GamePhase.ENGAGEMENT:
            assert self.engagement is not None
            return self.engagement.explain_illegal(action)
        return "a roll is pending: roll the dice first"

    def returns(self) -> list[float]:
        if self.phase is not GamePhase.OVER:
            return [0.0, 0.0]
        if self.conceded is not None:
            return returns_of(self.conceded)
        c, a = self.scores[Side.COMMUNIST], self.scores[Side.ALLIED]
        if c == a:
            return [0.0, 0.0]
        return [1.0, -1.0] if c > a else [-1.0, 1.0]

    def concede(self, kind: str, seat: int) -> None:
        """End the game (a campaign too, MS-36) by a resignation or an agreed draw."""
        if self.phase is GamePhase.OVER:
            raise IllegalAction("the game is over")
        self.conceded = concession(kind, seat, self.scores)
        self.phase = GamePhase.OVER
        self.result = self.conceded["result"]
        log_concession(self.log, self.conceded)
        self.log.emit(
            "game_end",
            scores={s.value: v for s, v in self.scores.items()},
            kills={s.value: v for s, v in self.kills.items()},
            shot_down_by_type=dict(self.shot_down_by_type),
            scoring=self.game.options["scoring"],
            winner=None if self.result == "draw" else self.result,
            returns=self.returns(),
            reason=words(self.conceded),
            rule=RULES[kind],
        )

    # -- flow ----------------------------------------------------------------
    @property
    def active_side(self) -> Side:
        return self.first_side if self.sortie_index % 2 == 0 else self.first_side.other

    def apply(self, action: Action) -> None:
        if self.phase is GamePhase.ENGAGEMENT:
            assert self.engagement is not None
            if isinstance(action, Roll):
                if self.engagement.actor() != CHANCE:
                    raise IllegalAction("no roll is pending")
                self.engagement.apply_roll(action, self.log)
            else:
                if self.engagement.actor() == CHANCE:
                    raise IllegalAction("a roll is pending: roll the dice first")
                self.engagement.apply_decision(action, self.log)
            if self.engagement.over:
                self._after_engagement()
            return
        if self.phase is GamePhase.OVER:
            raise IllegalAction("the game is over")
        if self.phase is GamePhase.CHART:
            if not isinstance(action, ChartDraw):
                raise IllegalAction("the Sortie Chart is being drawn")
            self.chart.append(action.entry)
            if len(self.chart) == CHART_SQUARES:
                self._chart_ready()
            return
        if not isinstance(action, Roll):
            raise IllegalAction("a roll is pending: roll the dice first")
        check = self.pending_check()
        assert check is not None
        ev = resolved(check, action.value)
        ROLLS[self.phase](self, action.value, ev)

    def _chart_ready(self) -> None:
        self.log.emit(
            "sortie_chart",
            chart=[e or None for e in self.chart],
            text=chart_text(tuple(self.chart)),
            rule="MS-2",
        )
        self.phase = (
            GamePhase.CAMPAIGN if self.game.options["sorties_dice"] else GamePhase.OPENING_RED
        )

    def _roll_campaign(self, value: int, ev: Event) -> None:
        self.sorties_per_side = value
        self.log.append({**ev, "sorties_per_side": value})
        self.phase = GamePhase.OPENING_RED

    def _roll_opening_red(self, value: int, ev: Event) -> None:
        self.log.append({**ev, "die": "red"})
        self.red_roll = value
        self.phase = GamePhase.OPENING_BLUE

    def _roll_opening_blue(self, value: int, ev: Event) -> None:
        red = self.red_roll
        self.log.append({**ev, "die": "blue", "red": red, "tie": value == red})
        self.red_roll = None
        if value == red:
            self.log.emit("reroll", reason="tie on the opening roll", rule="MS-3")
            self.phase = GamePhase.OPENING_RED
            return
        self.first_side = Side.ALLIED if ev["success"] else Side.COMMUNIST
        self.log.emit("first_side", side=self.first_side.value, rule="III.A, MS-3")
        self._start_sortie()

    def _start_sortie(self) -> None:
        self.marker = 0
        self.phase = GamePhase.MARKER
        self.log.emit(
            "sortie_start",
            side=self.active_side.value,
            sortie=self.sortie_index // 2 + 1,
            of=self.sorties_per_side,
            rule="III.K, MS-3",
        )

    def _roll_marker(self, value: int, ev: Event) -> None:
        side = self.active_side
        frm, to = self.marker, self.marker + value
        self.marker = to
        if to > CHART_SQUARES:
            self.log.append({**ev, "frm": frm, "to": None})
            self.log.emit(
                "marker_move",
                side=side.value,
                frm=frm,
                to=None,
                listed=None,
                result="passed the last square",
                rule="MS-3",
            )
            self._end_sortie("around the chart")
            return
        entry = self.chart[to - 1]
        listed_side = entry_side(entry)
        if listed_side is None:
            result = "empty"
        elif listed_side is side:
            result = "friendly"
        else:
            result = "engagement"
        self.log.append({**ev, "frm": frm, "to": to})
        self.log.emit(
            "marker_move",
            side=side.value,
            frm=frm,
            to=to,
            listed=entry or None,
            result=result,
            rule="III.A, MS-3",
        )
        if result == "engagement":
            if self.rosters is not None:
                self.phase = GamePhase.PILOT
            else:
                self._start_engagement()
        elif to == CHART_SQUARES:
            self._end_sortie("landed on the last square")

    def _roll_pilot(self, value: int, ev: Event) -> None:
        assert self.rosters is not None
        side = self.active_side
        pilot = self.rosters[side].pilots[value - 1]
        self.pilot_numbers[ACTIVE] = value
        self.log.append({**ev, "pilot": pilot.name, "number": value})
        if self.game.options["listed_pilots"]:
            self.phase = GamePhase.LISTED_PILOT
            return
        self._start_engagement()

    def _roll_listed_pilot(self, value: int, ev: Event) -> None:
        assert self.rosters is not None
        pilot = self.rosters[self.active_side.other].pilots[value - 1]
        self.pilot_numbers[LISTED] = value
        self.log.append({**ev, "pilot": pilot.name, "number": value})
        self._start_engagement()

    def _pilot(self, role: int) -> tuple[str | None, bool]:
        number = self.pilot_numbers[role]
        if self.rosters is None or number is None:
            return None, False
        side = self.active_side if role == ACTIVE else self.active_side.other
        p = self.rosters[side].pilots[number - 1]
        return p.name, p.ace

    def _start_engagement(self) -> None:
        side = self.active_side
        listed = plane_type(self.chart[self.marker - 1])
        a_name, a_ace = self._pilot(ACTIVE)
        l_name, l_ace = self._pilot(LISTED)
        o = self.game.options
        self.engagement = Engagement(
            make_plane(active_type(side), ACTIVE, a_ace, a_name),
            make_plane(listed, LISTED, l_ace, l_name),
            first=o["first"],
            turn_limit=o["turn_limit"],
        )
        self.engagements += 1
        self.phase = GamePhase.ENGAGEMENT
        self.engagement.start(
            self.log, chart_square=self.marker, active_side=side.value, number=self.engagements
        )

    def _after_engagement(self) -> None:
        e = self.engagement
        assert e is not None
        killer = e.killer_side
        if killer is not None and e.shot_down is not None:
            lost = e.planes[e.shot_down]
            points = 1 if self.game.options["scoring"] == "kills" else lost.type.base_value
            self.kills[killer] += 1
            self.scores[killer] += points
            self.shot_down_by_type[lost.type.name] = (
                self.shot_down_by_type.get(lost.type.name, 0) + 1
            )
            self.log.emit(
                "score",
                side=killer.value,
                points=points,
                shot_down=lost.type.name,
                scores={s.value: v for s, v in self.scores.items()},
                rule="MS-12, IV.A" if points != 1 else "MS-12",
            )
            self._pilot_results(e.shot_down)
            if e.shot_down == LISTED and self.game.options["strike_from_chart"]:
                self.chart[self.marker - 1] = ""
                self.log.emit(
                    "chart_square_cleared",
                    square=self.marker,
                    shot_down=lost.type.name,
                    rule="MS-20",
                )
        self.engagement = None
        self.pilot_numbers = [None, None]
        if self.marker == CHART_SQUARES:
            self._end_sortie("landed on the last square")
        else:
            self.phase = GamePhase.MARKER

    def _pilot_results(self, shot_down: int) -> None:
        if self.rosters is None:
            return
        winner = 1 - shot_down
        for role, won in ((winner, True), (shot_down, False)):
            number = self.pilot_numbers[role]
            if number is None:
                continue
            side = self.active_side if role == ACTIVE else self.active_side.other
            roster = self.rosters[side]
            if won:
                name = roster.pilots[number - 1].name
                if roster.credit_kill(number):
                    self.log.emit(
                        "ace",
                        side=side.value,
                        pilot=name,
                        kills=roster.pilots[number - 1].kills,
                        rule="IV.C, MS-14",
                    )
            else:
                old, new = roster.replace(number)
                self.log.emit(
                    "pilot_replaced",
                    side=side.value,
                    number=number,
                    lost=old.name,
                    replacement=new.name,
                    rule="IV.C, MS-14",
                )

    def _end_sortie(self, reason: str) -> None:
        self.log.emit(
            "sortie_end",
            side=self.active_side.value,
            sortie=self.sortie_index // 2 + 1,
            reason=reason,
            scores={s.value: v for s, v in self.scores.items()},
        )
        self.sortie_index += 1
        if self.sortie_index >= 2 * self.sorties_per_side:
            self._end_game()
        else:
            self._start_sortie()

    def _end_game(self) -> None:
        self.phase = GamePhase.OVER
        c, a = self.scores[Side.COMMUNIST], self.scores[Side.ALLIED]
        winner = None if c == a else (Side.COMMUNIST if c > a else Side.ALLIED)
        self.result = "draw" if winner is None else winner.value
        self.log.emit(
            "game_end",
            scores={s.value: v for s, v in self.scores.items()},
            kills={s.value: v for s, v in self.kills.items()},
            shot_down_by_type=dict(self.shot_down_by_type),
            scoring=self.game.options["scoring"],
            winner=None if winner is None else winner.value,
            returns=self.returns(),
            rule="III.L, MS-12",
        )

    # -- facts, and the view built from them -------------------------------------
    def standing(self) -> Standing:
        """The score as it stands (MS-12, IV.A), the sortie reached and the result."""
        return Standing(
            scores={s.value: v for s, v in self.scores.items()},
            kills={s.value: v for s, v in self.kills.items()},
            result=self.result if self.conceded is None else self.conceded.get("result"),
            sortie=min(self.sortie_index // 2 + 1, self.sorties_per_side),
            sorties_per_side=self.sorties_per_side,
            ended_by=words(self.conceded),
        )

    def view(self, seat: int | None = None) -> dict[str, Any]:
        # the engagement's view holds its pending roll and legal decisions: built once
        eng = None if self.engagement is None else engagement_view(self.engagement)
        in_sortie = self.phase.in_sortie
        phase = (
            "over"
            if self.phase is GamePhase.OVER
            else ("engagement" if self.phase is GamePhase.ENGAGEMENT else "sortie")
        )
        return {
            "game": self.game.name,
            "phase": phase,
            "step": self.phase.value,
            "actor": self.current_actor(),
            "terminal": self.is_terminal(),
            "seat": seat,
            "seats": list(SEAT_NAMES),
            "chart": [
                {
                    "square": i + 1,
                    "listed": e or None,
                    "side": None if not e else plane_type(e).side.value,
                }
                for i, e in enumerate(self.chart)
            ],
            "active_side": self.active_side.value if in_sortie else None,
            "first_side": self.first_side.value if self.sortie_index or in_sortie else None,
            "sortie": self.sortie_index // 2 + 1,
            "sorties_per_side": self.sorties_per_side,
            "markers": {
                s.value: (self.marker if in_sortie and s is self.active_side else 0) for s in Side
            },
            "scores": {s.value: v for s, v in self.scores.items()},
            "kills": {s.value: v for s, v in self.kills.items()},
            "scoring": self.game.options["scoring"],
            "pilots": None
            if self.rosters is None
            else {s.value: r.to_dict() for s, r in self.rosters.items()},
            "engagement": eng,
            "trails": {} if self.engagement is None else trails(self.log),
            "board": board_view(),
            "pending_check": check_view(self.pending_check())
            if eng is None
            else eng["pending_check"],
            "legal_actions": [] if eng is None else list(eng["legal_actions"]),
            "result": self.result,
            "returns": self.returns() if self.phase is GamePhase.OVER else None,
            "concession": self.conceded,
            "ended_by": words(self.conceded),
        }


ROLLS: dict[GamePhase, RollHandler] = {
    GamePhase.CAMPAIGN: MigsState._roll_campaign,
    GamePhase.OPENING_RED: MigsState._roll_opening_red,
    GamePhase.OPENING_BLUE: MigsState._roll_opening_blue,
    GamePhase.MARKER: MigsState._roll_marker,
    GamePhase.PILOT: MigsState._roll_pilot,
    GamePhase.LISTED_PILOT: MigsState._roll_listed_pilot,
}
"""The roll of each phase of the whole game that rolls a die outside an engagement."""


@register_game
class MigsGame(MigsAndSabres):
    """MiGs and Sabres: the whole game or a campaign (III, IV; MS-1..MS-14, MS-15..)."""

    name = "migs-sabres"
    title = "MiGs and Sabres"
    state_type = MigsState
    parameters = (
        Parameter(
            "sorties",
            SORTIES_PER_SIDE,
            "sorties per side (IV.B campaigns: any number)",
            "MS-13",
            minimum=1,
            maximum=10000,
            label="Sorties per side",
        ),
        Parameter(
            "sorties_dice",
            "",
            "roll the sorties per side with these dice, e.g. 2d6 (IV.B); empty: use 'sorties'",
            "MS-13, MS-22",
            choices=("", "1d6", "2d6", "3d6"),
            label="Roll the sorties with",
        ),
        Parameter(
            "scoring",
            "kills",
            "kills: most kills wins; base-value: score the base "
            "value of each plane shot down (IV.A)",
            "MS-12",
            choices=("kills", "base-value"),
            label="Scoring",
        ),
        Parameter(
            "chart",
            "",
            "the Sortie Chart as 22 comma-separated entries ('-' empty); empty: drawn at random",
            "MS-2",
            label="Sortie Chart",
        ),
        Parameter(
            "strike_from_chart",
            False,
            "a listed plane shot down is struck from its chart square for the rest of the game",
            "MS-20",
            label="Strike shot-down planes from the chart",
        ),
        Parameter(
            "pilots",
            False,
            "named pilots and aces (IV.C)",
            "MS-14",
            label="Named pilots and aces",
        ),
        Parameter(
            "listed_pilots",
            False,
            "the listed plane is also flown by a named pilot of its side's squadron (needs pilots)",
            "MS-16",
            label="Named pilots for listed planes too",
        ),
        FIRST_PARAMETER,
        TURN_LIMIT_PARAMETER,
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.chart: Chart | None = None
        if self.options["chart"]:
            try:
                self.chart = parse_chart(self.options["chart"])
            except InvalidNotation as exc:
                raise OptionError(f"option chart: {exc}") from None
        if self.options["listed_pilots"] and not self.options["pilots"]:
            raise OptionError("option listed_pilots needs the option pilots (IV.C)")

    @classmethod
    def samples(cls) -> tuple[dict[str, Any], ...]:
        """The game as written, and a short campaign with rolled sorties, base-value
        scoring, named pilots and aces and struck squares (the shared contract checks)."""
        campaign = {"sorties_dice": "1d6", "scoring": "base-value", "strike_from_chart": True}
        return ({}, {**campaign, "pilots": True, "listed_pilots": True, "turn_limit": 6})

    def new_initial_state(self) -> MigsState:
        return MigsState(self)
