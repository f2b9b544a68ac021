"""One engagement on the Battle Board (III.B-J; MS-4..MS-11): its rules.

:class:`Engagement` is the rules of one dogfight between the active plane and
the listed plane: who moves first (red d6 against blue d6, ties re-rolled,
MS-5), movement points (MS-7), steps (MS-6, MS-8), fire and the kill roll
(MS-9, MS-10), the III.G return fire after a missed head-on attack (MS-19), and the
end (MS-11, MS-18). The whole game (:mod:`.game`) runs one per enemy square landed on;
the ``migs-engagement`` game (:mod:`.engagement_game`) plays a single one. What a
reader sees of it is built in :mod:`.views`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from airwar.core.checks import Check, Comparison, Modifier
from airwar.core.dice import D6, Roll
from airwar.core.errors import IllegalAction
from airwar.core.events import Event, EventLog
from airwar.core.game import CHANCE, TERMINAL, Action
from airwar.games.migs_sabres.actions import Fire, HoldFire, Step
from airwar.games.migs_sabres.board import Facing, Square
from airwar.games.migs_sabres.combat import aspect_of, kill_check
from airwar.games.migs_sabres.data import table
from airwar.games.migs_sabres.movement import (
    ACE_MP_BONUS,
    NEXT,
    STEP_KINDS,
    StepKind,
    can_step,
    pack,
    step_result,
)
from airwar.games.migs_sabres.planes import PlaneType, Side
from airwar.games.migs_sabres.terms import ACTIVE, LISTED, ROLES, EndReason, MoveEnd, Phase

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
def resolved(check: Check, roll: int) -> Event:
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
        self.end_reason: EndReason | None = None
        self.shot_down: int | None = None
        self.phase: Phase = Phase.FIRST_RED if first == "roll" else Phase.MP
        if first in ("active", "listed"):
            self.mover = ACTIVE if first == "active" else LISTED
        self.first_choice = first
        self._legal: list[Action] | None = None
        self._seats = (active.side.seat, listed.side.seat)

    # -- bookkeeping ---------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def plane_of_side(self, side: Side) -> int:
        return ACTIVE if self.planes[ACTIVE].side is side else LISTED

    def start(self, log: EventLog, **context: int | str) -> None:
        log.emit(
            "engagement_start",
            active=self.planes[ACTIVE].to_dict(),
            listed=self.planes[LISTED].to_dict(),
            turn_limit=self.turn_limit,
            first=self.first_choice,
            rule="MS-4, MS-5",
            **context,
        )
        if self.phase is Phase.MP:
            self._begin_turn(log, first=True)

    def actor(self) -> int:
        """The seat to decide, CHANCE, or TERMINAL when over."""
        phase = self.phase
        if phase.decides:
            return self._seats[self.mover]
        return TERMINAL if phase is Phase.OVER else CHANCE

    # -- chance ----------------------------------------------------------
    def pending_check(self) -> Check | None:
        if self.phase is Phase.FIRST_RED:
            return red_die_check("who moves first on the Battle Board", "MS-5")
        if self.phase is Phase.FIRST_BLUE:
            assert self.red_roll is not None
            return opposed_first_check(self.red_roll)
        if self.phase is Phase.MP:
            p = self.planes[self.mover]
            return mp_check(p.type, p.ace)
        if self.phase is Phase.KILL:
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
        if self.phase is Phase.FIRST_RED:
            log.append({**ev, "die": "red"})
            self.red_roll = roll.value
            self.phase = Phase.FIRST_BLUE
        elif self.phase is Phase.FIRST_BLUE:
            assert self.red_roll is not None
            tie = roll.value == self.red_roll
            first_side = Side.ALLIED if ev["success"] else Side.COMMUNIST
            log.append({**ev, "die": "blue", "red": self.red_roll, "tie": tie})
            self.red_roll = None
            if tie:
                log.emit("reroll", reason="tie on the roll for the first move", rule="MS-5")
                self.phase = Phase.FIRST_RED
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
        elif self.phase is Phase.MP:
            p = self.planes[self.mover]
            mp = roll.value + check.modifier_total
            log.append({**ev, "mp": mp, "plane": ROLES[self.mover]})
            self.mp_left = self.mp_rolled = mp
            self.wing_over_used = False
            self.stepped = False
            self.phase = Phase.MOVE
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
                self._end_move(log, MoveEnd.NO_LEGAL_STEP)
        elif self.phase is Phase.KILL:
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
                self._finish(log, EndReason.SHOT_DOWN)
                return
            log.emit("miss", attacker=ROLES[attacker], aspect=aspect)
            if all(p.fired for p in self.planes):
                self._finish(log, EndReason.BOTH_FIRED)
                return
            if aspect == "front":
                self.return_fire[target] = True
            self._end_move(log, MoveEnd.FIRED)
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
        if self.phase is Phase.RETURN_FIRE:
            return [Fire(), HoldFire()]
        if self.phase is not Phase.MOVE:
            return []
        acts: list[Action] = list(self.legal_steps())
        if self.stepped and self.target_ahead():
            acts.append(Fire())
            if len(acts) == 1:
                acts.append(HoldFire())
        return acts

    def explain_illegal(self, action: Action) -> str:
        if self.phase is Phase.OVER:
            return "the engagement is over"
        if self.phase.rolls:
            return "a roll is pending: roll the dice first"
        p = self.planes[self.mover]
        other = self._other()
        where = f"{p.type.name} at {p.square} facing {p.facing}"
        if self.phase is Phase.RETURN_FIRE:
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
                self._end_move(log, MoveEnd.NO_AFFORDABLE_STEP)
            return
        if isinstance(action, Fire):
            ret = self.phase is Phase.RETURN_FIRE
            other = self._other()
            aspect = aspect_of(p.square, other.square, other.facing).name
            p.fired = True
            self.return_fire[self.mover] = False
            self.attack = (self.mover, aspect, ret)
            self.phase = Phase.KILL
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
        if self.phase is Phase.RETURN_FIRE:
            self.return_fire[self.mover] = False
            log.emit("hold_fire", plane=ROLES[self.mover], return_fire=True, rule="III.G")
            self.phase = Phase.MP
            return
        log.emit("hold_fire", plane=ROLES[self.mover], return_fire=False, rule="MS-15")
        self._end_move(log, MoveEnd.HELD_FIRE)

    # -- turn sequence ---------------------------------------------------
    def _begin_turn(self, log: EventLog, first: bool = False) -> None:
        p = self.planes[self.mover]
        p.turns += 1
        log.emit("movement_turn", plane=ROLES[self.mover], plane_type=p.type.name, turn=p.turns)
        self.phase = Phase.RETURN_FIRE if self.return_fire[self.mover] else Phase.MP

    def _end_move(self, log: EventLog, reason: MoveEnd) -> None:
        p = self.planes[self.mover]
        log.emit(
            "move_end",
            plane=ROLES[self.mover],
            square=str(p.square),
            facing=str(p.facing),
            mp_lost=self.mp_left,
            reason=reason.value,
        )
        self.mp_left = 0
        self.return_fire[self.mover] = False
        if reason is not MoveEnd.NO_LEGAL_STEP:
            self.stuck[self.mover] = False
        if self.turn_limit and all(q.turns >= self.turn_limit for q in self.planes):
            self._finish(log, EndReason.TURN_LIMIT)
            return
        if not self.turn_limit and all(self.stuck):
            # MS-25: neither plane can ever move again (no MP roll opens a step, and
            # nothing on the board changes): the engagement is over
            self._finish(log, EndReason.NEITHER_CAN_MOVE)
            return
        self.mover = 1 - self.mover
        self._begin_turn(log)

    def _finish(self, log: EventLog, reason: EndReason) -> None:
        self.phase = Phase.OVER
        self.end_reason = reason
        winner = None if self.shot_down is None else self.planes[1 - self.shot_down]
        log.emit(
            "engagement_end",
            reason=reason.value,
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


class FliesEngagements:
    """A state of either MiGs and Sabres game: ``engagement`` is the one being flown (None
    between the engagements of a whole game). The solver, the advisor, the analysis and
    the adapters ask :func:`engagement_in`, knowing the states by this type."""

    engagement: Engagement | None


def engagement_in(state: object) -> Engagement | None:
    """The engagement a state of either MiGs and Sabres game is flying: None between the
    engagements of a whole game, and for a state of another game."""
    return state.engagement if isinstance(state, FliesEngagements) else None


def make_plane(type_: PlaneType, role: int, ace: bool = False, pilot: str | None = None) -> Plane:
    """A plane on its starting square (MS-5)."""
    sq, f = START_SQUARES[role]
    return Plane(type_, ROLES[role], sq, f, ace, pilot)
