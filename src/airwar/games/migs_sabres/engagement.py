"""One engagement on the Battle Board (III.B-J; MS-4..MS-11), and the
``migs-engagement`` game that plays a single one.

:class:`Engagement` is the rules of one dogfight between the active plane and
the listed plane: who moves first (red d6 against blue d6, ties re-rolled,
MS-5), movement points (MS-7), steps (MS-6, MS-8), fire and the kill roll
(MS-9, MS-10), the III.G return fire after a missed head-on attack (MS-19), and the
end (MS-11, MS-18). The whole game (:mod:`.game`) runs one per enemy square landed on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from airwar.core.checks import Check, Comparison, Modifier, fraction_text
from airwar.core.dice import D6, Roll
from airwar.core.errors import IllegalAction, OptionError
from airwar.core.events import EventLog
from airwar.core.game import CHANCE, TERMINAL, Action, Game, GameState, GameType
from airwar.core.options import Parameter
from airwar.core.registry import register_game
from airwar.games.migs_sabres.actions import Fire, HoldFire, Step, parse_action
from airwar.games.migs_sabres.board import Facing, Square
from airwar.games.migs_sabres.combat import aspect_of, kill_check
from airwar.games.migs_sabres.concession import concession, log_concession, returns_of, words
from airwar.games.migs_sabres.data import table
from airwar.games.migs_sabres.hints import shot_squares, trails
from airwar.games.migs_sabres.movement import (
    ACE_MP_BONUS,
    NEXT,
    STEP_KINDS,
    StepKind,
    can_step,
    pack,
    step_result,
)
from airwar.games.migs_sabres.planes import PLANE_TYPES, PlaneType, Side, plane_type
from airwar.games.migs_sabres.summary import MIGS_TYPE, score_summary

ACTIVE, LISTED = 0, 1
ROLES = ("active", "listed")
SEAT_NAMES = ("Communist", "Allied")

_START = table("board")["start"]
START_SQUARES: tuple[tuple[Square, Facing], tuple[Square, Facing]] = (
    (Square.parse(_START["active"]["square"]), Facing.parse(_START["active"]["facing"])),
    (Square.parse(_START["listed"]["square"]), Facing.parse(_START["listed"]["facing"])),
)

_STEPS = tuple(Step(k) for k in STEP_KINDS)
_K_COST = tuple(k.cost for k in STEP_KINDS)
_K_WO = tuple(k.is_wing_over for k in STEP_KINDS)

DIE_OUTCOMES: list[tuple[Roll, Fraction]] = D6.rolls()


NO_MP_LIMIT = 1_000
"""More MP than any roll gives: a plane with no step at this many can never step (MS-25)."""


@dataclass
class Plane:
    """One plane on the Battle Board and its pilot."""

    type: PlaneType
    role: str
    square: Square
    facing: Facing
    ace: bool = False
    pilot: str | None = None
    fired: bool = False
    turns: int = 0

    @property
    def side(self) -> Side:
        return self.type.side

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type.name,
            "side": self.side.value,
            "role": self.role,
            "square": str(self.square),
            "facing": str(self.facing),
            "pilot": self.pilot,
            "ace": self.ace,
            "fired": self.fired,
            "turns": self.turns,
        }


@cache
def resolved(check: Check, roll: int) -> dict[str, Any]:
    """The roll event of ``check`` for ``roll`` (cached; copy before changing it)."""
    return check.resolve(roll)


@cache
def opposed_first_check(red: int) -> Check:
    """The blue die against red's ``red``: blue moves first on a higher roll (MS-3, MS-5).

    A tie re-rolls both dice; a lower roll lets red go first.
    """
    return Check(f"Blue beats red's {red}", "MS-5", D6, red + 1, Comparison.AT_LEAST)


@cache
def red_die_check(purpose: str, rule: str) -> Check:
    """The red die of an opposed roll: recorded, compared after the blue die."""
    return Check(f"Red die ({purpose})", rule, D6, 1, Comparison.AT_LEAST)


@cache
def mp_check(plane_type_: PlaneType, ace: bool) -> Check:
    """The movement roll: 1d6 + base value (+1 for an ace); it cannot fail (III.E, MS-7)."""
    mods = [Modifier(f"{plane_type_.name} base value", plane_type_.base_value, "MS-1")]
    if ace:
        mods.append(Modifier("ace", ACE_MP_BONUS, "MS-14"))
    return Check(
        f"Movement points of the {plane_type_.name}",
        "MS-7",
        D6,
        1,
        Comparison.AT_LEAST,
        tuple(mods),
    )


class Engagement:
    """The rules state of one engagement; events go to the given log.

    ``first`` is "roll" (MS-5), "active" or "listed"; ``turn_limit`` counts
    movement turns of each plane (0 = none; MS-11).
    """

    def __init__(
        self,
        active: Plane,
        listed: Plane,
        *,
        first: str = "roll",
        turn_limit: int = 20,
    ) -> None:
        self.planes = [active, listed]
        self.turn_limit = turn_limit
        self.mover = ACTIVE
        self.mp_left = 0
        self.mp_rolled = 0
        self.wing_over_used = False
        self.stepped = False
        self.return_fire = [False, False]
        self.stuck = [False, False]
        """Whether each plane lost its last movement turn with no step open to any MP roll."""
        self.red_roll: int | None = None
        self.attack: tuple[int, str, bool] | None = None  # (attacker, aspect, return fire)
        self.end_reason: str | None = None
        self.shot_down: int | None = None
        self.phase = "first_red" if first == "roll" else "mp"
        if first in ("active", "listed"):
            self.mover = ACTIVE if first == "active" else LISTED
        self.first_choice = first
        self._legal: list[Action] | None = None
        self._seats = (active.side.seat, listed.side.seat)

    # -- bookkeeping ---------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def plane_of_side(self, side: Side) -> int:
        return ACTIVE if self.planes[ACTIVE].side is side else LISTED

    def start(self, log: EventLog, **context: Any) -> None:
        log.emit(
            "engagement_start",
            active=self.planes[ACTIVE].to_dict(),
            listed=self.planes[LISTED].to_dict(),
            turn_limit=self.turn_limit,
            first=self.first_choice,
            rule="MS-4, MS-5",
            **context,
        )
        if self.phase == "mp":
            self._begin_turn(log, first=True)

    def actor(self) -> int:
        """The seat to decide, CHANCE, or TERMINAL when over."""
        phase = self.phase
        if phase == "move" or phase == "return_fire":
            return self._seats[self.mover]
        return TERMINAL if phase == "over" else CHANCE

    # -- chance ----------------------------------------------------------
    def pending_check(self) -> Check | None:
        if self.phase == "first_red":
            return red_die_check("who moves first on the Battle Board", "MS-5")
        if self.phase == "first_blue":
            assert self.red_roll is not None
            return opposed_first_check(self.red_roll)
        if self.phase == "mp":
            p = self.planes[self.mover]
            return mp_check(p.type, p.ace)
        if self.phase == "kill":
            assert self.attack is not None
            attacker, aspect, _ = self.attack
            return kill_check(aspect, self.planes[attacker].ace)
        return None

    def apply_roll(self, roll: Roll, log: EventLog) -> None:
        check = self.pending_check()
        if check is None:
            raise IllegalAction("no roll is pending in this engagement")
        self._legal = None
        ev = resolved(check, roll.value)
        if self.phase == "first_red":
            log.append({**ev, "die": "red"})
            self.red_roll = roll.value
            self.phase = "first_blue"
        elif self.phase == "first_blue":
            assert self.red_roll is not None
            tie = roll.value == self.red_roll
            first_side = Side.ALLIED if ev["success"] else Side.COMMUNIST
            log.append({**ev, "die": "blue", "red": self.red_roll, "tie": tie})
            self.red_roll = None
            if tie:
                log.emit("reroll", reason="tie on the roll for the first move", rule="MS-5")
                self.phase = "first_red"
                return
            self.mover = self.plane_of_side(first_side)
            log.emit(
                "first_mover",
                plane=ROLES[self.mover],
                side=first_side.value,
                plane_type=self.planes[self.mover].type.name,
                rule="MS-5",
            )
            self._begin_turn(log, first=True)
        elif self.phase == "mp":
            p = self.planes[self.mover]
            mp = roll.value + check.modifier_total
            log.append({**ev, "mp": mp, "plane": ROLES[self.mover]})
            self.mp_left = self.mp_rolled = mp
            self.wing_over_used = False
            self.stepped = False
            self.phase = "move"
            if not can_step(pack(p.square, p.facing), mp, False, self._other().square.index):
                log.emit(
                    "turn_lost",
                    plane=ROLES[self.mover],
                    square=str(p.square),
                    facing=str(p.facing),
                    reason="no legal first step",
                    rule="MS-8",
                )
                # stuck for good if no roll at all would give it a step (MS-25)
                self.stuck[self.mover] = not can_step(
                    pack(p.square, p.facing), NO_MP_LIMIT, False, self._other().square.index
                )
                self._end_move(log, "no legal step")
        elif self.phase == "kill":
            assert self.attack is not None
            attacker, aspect, _ = self.attack
            target = 1 - attacker
            log.append({**ev, "attacker": ROLES[attacker], "aspect": aspect})
            self.attack = None
            if ev["success"]:
                self.shot_down = target
                log.emit(
                    "kill",
                    attacker=ROLES[attacker],
                    attacker_type=self.planes[attacker].type.name,
                    attacker_side=self.planes[attacker].side.value,
                    target=ROLES[target],
                    target_type=self.planes[target].type.name,
                    target_side=self.planes[target].side.value,
                    rule="III.I, MS-12",
                )
                self._finish(log, "shot down")
                return
            log.emit("miss", attacker=ROLES[attacker], aspect=aspect)
            if all(p.fired for p in self.planes):
                self._finish(log, "both fired")
                return
            if aspect == "front":
                self.return_fire[target] = True
            self._end_move(log, "fired")
        else:
            raise IllegalAction("no roll is pending in this engagement")

    # -- decisions -------------------------------------------------------
    def _other(self) -> Plane:
        return self.planes[1 - self.mover]

    def target_ahead(self) -> bool:
        p = self.planes[self.mover]
        return p.square.moved(p.facing) == self._other().square

    def step_problem(self, kind: StepKind) -> str | None:
        """Why the mover may not take ``kind`` now (None: it may)."""
        p = self.planes[self.mover]
        where = f"{p.type.name} at {p.square} facing {p.facing}"
        if kind.is_wing_over and self.wing_over_used:
            return f"{where} cannot wing-over twice in one movement turn (MS-6)"
        if kind.cost > self.mp_left:
            return (
                f"{where} cannot take {kind.value} ({kind.label}): it costs {kind.cost} MP "
                f"and only {self.mp_left} MP are left (MS-7)"
            )
        res = step_result(p.square, p.facing, kind)
        if res is None:
            return (
                f"{where} cannot take {kind.value} ({kind.label}): it would leave the board (MS-8)"
            )
        other = self._other()
        if res[0] == other.square:
            return (
                f"{where} cannot take {kind.value} ({kind.label}): {res[0]} is the "
                f"{other.type.name}'s square (MS-8)"
            )
        return None

    def legal_steps(self) -> list[Step]:
        p = self.planes[self.mover]
        pos = pack(p.square, p.facing)
        blocked = self._other().square.index
        out = []
        mp, wo = self.mp_left, self.wing_over_used
        for k in range(len(STEP_KINDS)):
            if _K_COST[k] > mp or (wo and _K_WO[k]):
                continue
            nxt = NEXT[k][pos]
            if nxt >= 0 and nxt >> 3 != blocked:
                out.append(_STEPS[k])
        return out

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.phase == "return_fire":
            return [Fire(), HoldFire()]
        if self.phase != "move":
            return []
        acts: list[Action] = list(self.legal_steps())
        if self.stepped and self.target_ahead():
            acts.append(Fire())
            if len(acts) == 1:
                acts.append(HoldFire())
        return acts

    def explain_illegal(self, action: Action) -> str:
        if self.phase == "over":
            return "the engagement is over"
        if self.phase in ("first_red", "first_blue", "mp", "kill"):
            return "a roll is pending: roll the dice first"
        p = self.planes[self.mover]
        other = self._other()
        where = f"{p.type.name} at {p.square} facing {p.facing}"
        if self.phase == "return_fire":
            return (
                f"{where} must first return fire or hold it after the missed head-on "
                "attack (III.G, MS-9): type fire or hold"
            )
        if isinstance(action, Step):
            problem = self.step_problem(action.kind)
            if problem is not None:
                return problem
            return f"{where} has no more steps: fire or hold (MS-7)"
        if isinstance(action, Fire):
            if not self.stepped:
                return f"{where} must take at least one step before firing (MS-9)"
            ahead = p.square.moved(p.facing)
            return (
                f"{where} has no target ahead: the {other.type.name} is at {other.square}, "
                f"not in the square directly ahead ({ahead or 'off the board'}) (MS-9)"
            )
        if isinstance(action, HoldFire):
            return f"{where} has no shot to hold (III.G, MS-9)"
        return f"{action} is not a MiGs and Sabres action"

    def apply_decision(self, action: Action, log: EventLog) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))
        self._legal = None
        p = self.planes[self.mover]
        if isinstance(action, Step):
            kind = action.kind
            res = step_result(p.square, p.facing, kind)
            assert res is not None
            frm, ffrom = p.square, p.facing
            p.square, p.facing = res
            self.mp_left -= kind.cost
            self.wing_over_used = self.wing_over_used or kind.is_wing_over
            self.stepped = True
            log.emit(
                "step",
                plane=ROLES[self.mover],
                step=kind.value,
                cost=kind.cost,
                frm=str(frm),
                from_facing=str(ffrom),
                square=str(p.square),
                facing=str(p.facing),
                mp_left=self.mp_left,
                wing_over_used=self.wing_over_used,
            )
            if (
                not can_step(
                    pack(p.square, p.facing),
                    self.mp_left,
                    self.wing_over_used,
                    self._other().square.index,
                )
                and not self.target_ahead()
            ):
                self._end_move(log, "no affordable legal step")
            return
        if isinstance(action, Fire):
            ret = self.phase == "return_fire"
            other = self._other()
            aspect = aspect_of(p.square, other.square, other.facing).name
            p.fired = True
            self.return_fire[self.mover] = False
            self.attack = (self.mover, aspect, ret)
            self.phase = "kill"
            log.emit(
                "fire",
                plane=ROLES[self.mover],
                plane_type=p.type.name,
                square=str(p.square),
                facing=str(p.facing),
                target_square=str(other.square),
                target_facing=str(other.facing),
                aspect=aspect,
                return_fire=ret,
                mp_discarded=0 if ret else self.mp_left,
                rule="III.G, MS-9" if ret else "MS-9",
            )
            return
        assert isinstance(action, HoldFire)
        if self.phase == "return_fire":
            self.return_fire[self.mover] = False
            log.emit("hold_fire", plane=ROLES[self.mover], return_fire=True, rule="III.G")
            self.phase = "mp"
            return
        log.emit("hold_fire", plane=ROLES[self.mover], return_fire=False, rule="MS-15")
        self._end_move(log, "held fire")

    # -- turn sequence ---------------------------------------------------
    def _begin_turn(self, log: EventLog, first: bool = False) -> None:
        p = self.planes[self.mover]
        p.turns += 1
        log.emit("movement_turn", plane=ROLES[self.mover], plane_type=p.type.name, turn=p.turns)
        self.phase = "return_fire" if self.return_fire[self.mover] else "mp"

    def _end_move(self, log: EventLog, reason: str) -> None:
        p = self.planes[self.mover]
        log.emit(
            "move_end",
            plane=ROLES[self.mover],
            square=str(p.square),
            facing=str(p.facing),
            mp_lost=self.mp_left,
            reason=reason,
        )
        self.mp_left = 0
        self.return_fire[self.mover] = False
        if reason != "no legal step":
            self.stuck[self.mover] = False
        if self.turn_limit and all(q.turns >= self.turn_limit for q in self.planes):
            self._finish(log, "turn limit")
            return
        if not self.turn_limit and all(self.stuck):
            # MS-25: neither plane can ever move again (no MP roll opens a step, and
            # nothing on the board changes): the engagement is over
            self._finish(log, "neither plane can move")
            return
        self.mover = 1 - self.mover
        self._begin_turn(log)

    def _finish(self, log: EventLog, reason: str) -> None:
        self.phase = "over"
        self.end_reason = reason
        winner = None if self.shot_down is None else self.planes[1 - self.shot_down]
        log.emit(
            "engagement_end",
            reason=reason,
            rule="MS-11",
            shot_down=None if self.shot_down is None else ROLES[self.shot_down],
            winner_side=None if winner is None else winner.side.value,
            active_turns=self.planes[ACTIVE].turns,
            listed_turns=self.planes[LISTED].turns,
        )

    @property
    def killer_side(self) -> Side | None:
        """The side credited with the kill (MS-12), if a plane was shot down."""
        if self.shot_down is None:
            return None
        return self.planes[1 - self.shot_down].side

    # -- view --------------------------------------------------------------
    def legal_action_views(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        p = self.planes[self.mover] if self.phase in ("move", "return_fire") else None
        if p is None:
            return out
        other = self._other()
        for a in self.legal_actions():
            if isinstance(a, Step):
                res = step_result(p.square, p.facing, a.kind)
                assert res is not None
                out.append(
                    {
                        "action": str(a),
                        "kind": a.kind.label,
                        "square": str(res[0]),
                        "facing": str(res[1]),
                        "mp_left": self.mp_left - a.kind.cost,
                    }
                )
            elif isinstance(a, Fire):
                aspect = aspect_of(p.square, other.square, other.facing).name
                check = kill_check(aspect, p.ace)
                out.append(
                    {
                        "action": "fire",
                        "aspect": aspect,
                        "kill_on": check.target,
                        "p_kill": fraction_text(check.probability()),
                        "check": check.explain(),
                    }
                )
            else:
                out.append({"action": str(a)})
        return out

    def view(self) -> dict[str, Any]:
        check = self.pending_check()
        return {
            "planes": {ROLES[i]: p.to_dict() for i, p in enumerate(self.planes)},
            "step": self.phase,
            "to_move": ROLES[self.mover],
            "to_move_side": self.planes[self.mover].side.value,
            "mp_rolled": self.mp_rolled,
            "mp_left": self.mp_left,
            "wing_over_used": self.wing_over_used,
            "stepped": self.stepped,
            "return_fire_pending": {ROLES[i]: flag for i, flag in enumerate(self.return_fire)},
            "turn_limit": self.turn_limit,
            "pending_check": None
            if check is None
            else {**check.to_dict(), "explain": check.explain()},
            "legal_actions": self.legal_action_views(),
            "shots": shot_squares(self),
            "end_reason": self.end_reason,
            "shot_down": None if self.shot_down is None else ROLES[self.shot_down],
        }


def make_plane(type_: PlaneType, role: int, ace: bool = False, pilot: str | None = None) -> Plane:
    """A plane on its starting square (MS-5)."""
    sq, f = START_SQUARES[role]
    return Plane(type_, ROLES[role], sq, f, ace, pilot)


# -- the one-engagement game ---------------------------------------------------

_TYPE_NAMES = tuple(PLANE_TYPES)


class EngagementState(GameState):
    """A single engagement (``migs-engagement``)."""

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
        self.conceded: dict[str, Any] | None = None
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

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
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
                reason=self.engagement.end_reason,
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

    def view(self, seat: int | None = None) -> dict[str, Any]:
        e = self.engagement
        return {
            "game": self.game.name,
            "phase": "over" if self.is_terminal() else "engagement",
            "actor": self.current_actor(),
            "terminal": self.is_terminal(),
            "seat": seat,
            "seats": list(SEAT_NAMES),
            "engagement": e.view(),
            "trails": trails(self.log),
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
class EngagementGame(Game):
    """One engagement of MiGs and Sabres between two chosen types (MS-4..MS-11)."""

    name = "migs-engagement"
    title = "MiGs and Sabres: one engagement"
    part_of = "migs-sabres"
    seat_names = SEAT_NAMES
    game_type: ClassVar[GameType] = MIGS_TYPE
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

    def new_initial_state(self) -> EngagementState:
        return EngagementState(self)

    def summary(self, state: GameState) -> dict[str, Any]:
        """The scores, kills, sortie and result (:func:`score_summary`)."""
        return {**super().summary(state), **score_summary(state.view(None))}

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
