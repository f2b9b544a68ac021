"""How good a seat's last move was, for the play page's hints "after my move" (MS-33).

A move is one movement turn of a plane: the steps and the shot (or hold) its seat
decided in a row, in one engagement (MS-6, MS-9). Once the seat has made a whole move,
its review gives, from the deciding plane's side and in the game's points:

- the value before the move (the position as the seat found it, its MP rolled) and
  after it (the value of its last decision: optimal play from there on);
- each decision with its value, the best decision in its place, the loss and the
  mark, exactly as the game's analysis rates it (``review.evaluate_decision`` and
  the same thresholds, MS-30);
- the best move from the same position: the solver's own choice at each decision
  until the move ends.

The value drops only by the losses within a move (no roll falls between its
decisions; the kill roll of a shot is valued as its expectation), so ``after`` is
``before`` minus the sum of the losses, to float rounding.

A move still being made is never reviewed (that would advise on its remaining
steps): the review is of the last move the seat has finished, and stays the same
until it finishes the next one. Nothing is reviewed when the matchup's solution is
not cached (the review never solves).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from airwar.analysis.review import (
    SYMBOLS,
    ReviewError,
    Thresholds,
    _best,
    _check_record,
    _options_for,
    evaluate_decision,
    from_cache,
)
from airwar.core.driver import Driver
from airwar.core.errors import AirwarError
from airwar.core.game import GameState
from airwar.core.record import GameRecord
from airwar.games.migs_sabres.engagement import engagement_in
from airwar.games.migs_sabres.solver import ACTIVE, Solution, SolverError, key_of

TurnKey = tuple[int, int, int]
"""A movement turn: (engagement number, mover, its turn count)."""
SeatTurn = tuple[int, TurnKey | None]
"""A decision's seat and the movement turn it was made in (None between engagements)."""

MAX_BEST_STEPS = 40
"""The best move is followed for at most this many decisions (a move has far fewer)."""

TURN_EVENT = "movement_turn"
DECISION_EVENTS = frozenset({"step", "fire", "hold_fire"})
"""The log's events that start a movement turn, and that each decision makes (one each)."""


@dataclass(frozen=True)
class RatedDecision:
    """One decision of the move, as the analysis rates it (deciding plane's side)."""

    index: int
    """Its number in the game (1 = the first decision), as on the replay page."""
    action: str
    best: str
    value: float
    best_value: float
    loss: float
    mark: str | None
    options: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "action": self.action,
            "best": self.best,
            "value": self.value,
            "best_value": self.best_value,
            "loss": self.loss,
            "mark": self.mark,
            "symbol": SYMBOLS[self.mark] if self.mark else None,
            "options": self.options,
        }


@dataclass(frozen=True)
class MoveReview:
    """A finished move of one seat, rated by the solver."""

    plane: str
    """The deciding plane's type."""
    role: str
    """``"active"`` or ``"listed"``."""
    turn: int
    """The plane's movement turn (1 = its first of the engagement)."""
    before: float
    after: float
    best_path: list[str]
    scoring: str
    decisions: list[RatedDecision] = field(default_factory=list)

    @property
    def path(self) -> list[str]:
        return [d.action for d in self.decisions]

    @property
    def loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def mark(self) -> str | None:
        """The worst mark among the move's decisions (None: no decision was marked)."""
        order = ("inaccuracy", "mistake", "blunder")
        marks = [d.mark for d in self.decisions if d.mark is not None]
        return max(marks, key=order.index) if marks else None

    def to_dict(self) -> dict[str, Any]:
        mark = self.mark
        return {
            "plane": self.plane,
            "role": self.role,
            "turn": self.turn,
            "path": self.path,
            "before": self.before,
            "after": self.after,
            "loss": self.loss,
            "mark": mark,
            "symbol": SYMBOLS[mark] if mark else None,
            "best_path": self.best_path,
            "scoring": self.scoring,
            "decisions": [d.to_dict() for d in self.decisions],
        }


def _turn_key(state: GameState, serial: int) -> TurnKey | None:
    """Which movement turn is being flown: (engagement number, mover, its turn count)."""
    eng = engagement_in(state)
    if eng is None or eng.over:
        return None
    mover = int(eng.mover)
    return (serial, mover, int(eng.planes[mover].turns))


def _moves_of(record: GameRecord, driver: Driver) -> tuple[list[SeatTurn], TurnKey | None]:
    """Replay ``record`` on ``driver``: each decision's (seat, turn key), and the key of
    the turn being flown at the end (None between engagements or at the end)."""
    keys: list[SeatTurn] = []
    serial, last = 0, None
    for seat, text in record.actions:
        eng = engagement_in(driver.state)
        if eng is not None and eng is not last:
            serial, last = serial + 1, eng
        keys.append((seat, _turn_key(driver.state, serial)))
        driver.act(text, seat)
    eng = engagement_in(driver.state)
    if eng is not None and eng is not last:
        serial += 1
    return keys, _turn_key(driver.state, serial)


def last_move_span(
    keys: list[SeatTurn], seat: int, now: TurnKey | None, to_act: int | None
) -> tuple[int, int] | None:
    """The decisions ``[start, end)`` of ``seat``'s last finished move: the last run of its
    decisions in one movement turn, leaving out the turn it is still flying (``now``, when
    it is to act in it). None when it has finished no move."""
    end = len(keys)
    while end > 0:
        s, k = keys[end - 1]
        if s == seat and k is not None and not (to_act == seat and k == now):
            break
        end -= 1
    if end == 0:
        return None
    turn = keys[end - 1][1]
    start = end - 1
    while start > 0 and keys[start - 1] == (seat, turn):
        start -= 1
    return start, end


def span_from_log(
    types: Sequence[str], actions: Sequence[tuple[int, str]], seat: int, to_act: int | None
) -> tuple[int, int] | None:
    """:func:`last_move_span` read from the log's event types instead of a replay: each
    ``movement_turn`` event starts a turn, each step, shot or hold is the next decision.
    Raises ``ValueError`` when the log does not have one such event per decision."""
    turns: list[list[int]] = []
    made = 0
    for kind in types:
        if kind == TURN_EVENT:
            turns.append([])
        elif kind in DECISION_EVENTS:
            if not turns:
                raise ValueError("a decision before any movement turn")
            turns[-1].append(made)
            made += 1
    if made != len(actions):
        raise ValueError(f"{made} decisions in the log, {len(actions)} in the record")
    if to_act == seat and turns:
        turns = turns[:-1]  # the turn the seat is flying now
    for turn in reversed(turns):
        if turn and actions[turn[0]][0] == seat:
            if any(actions[i][0] != seat for i in turn):
                raise ValueError("a movement turn with decisions of two seats")
            return turn[0], turn[-1] + 1
    return None


def _best_path(state: GameState, sol: Solution, seat: int) -> list[str]:
    """The solver's move from ``state``: its best decision, again and again, while the same
    plane flies the same movement turn (a shot or a hold ends it)."""
    serial = 0  # the same engagement throughout
    turn = _turn_key(state, serial)
    st = state.clone()
    path: list[str] = []
    for _ in range(MAX_BEST_STEPS):
        if st.current_actor() != seat or _turn_key(st, serial) != turn:
            break
        moves = sol.decision_values(st)
        if not moves:
            break
        role = key_of(st, sol.options).mover
        best = _best(moves, role)
        path.append(best)
        action = next((a for a in st.legal_actions() if str(a) == best), None)
        if action is None:
            break
        st.apply(action)
    return path


def review_last_move(
    record: GameRecord,
    seat: int,
    *,
    to_act: int | None = None,
    thresholds: Thresholds | None = None,
    span: tuple[int, int] | None = None,
) -> MoveReview | None:
    """The review of ``seat``'s last finished move in ``record``, or None (no move finished,
    no engagement in it, or the matchup not cached). ``to_act`` is the seat to act now: a
    move of ``seat`` still in progress is left out. ``span`` gives the move's decisions
    ``[start, end)`` when they are known (:func:`span_from_log`, without a replay). Raises
    :class:`ReviewError` for a game without exact analysis and ``RecordError`` for a record
    that does not replay."""
    game = _check_record(record)
    thresholds = thresholds or Thresholds()
    if span is None:
        keys, now = _moves_of(record, Driver(game, record.seed))
        span = last_move_span(keys, seat, now, to_act)
    if span is None:
        return None
    start, end = span
    driver = Driver(game, record.seed)
    for s, text in record.actions[:start]:
        driver.act(text, s)
    eng = engagement_in(driver.state)
    if eng is None:
        return None
    found = _options_for(eng, game)
    if isinstance(found, str):
        return None
    sol = from_cache(*found)
    if sol is None:
        return None
    scoring = found[1].scoring
    role = key_of(driver.state, sol.options).mover
    plane = eng.planes[role]
    unit = 1.0 if scoring == "kills" else float(eng.planes[1 - role].type.base_value) or 1.0
    try:
        before = sol.key_value(key_of(driver.state, sol.options)).for_role(role)
        best_path = _best_path(driver.state, sol, seat)
        rated: list[RatedDecision] = []
        for i in range(start, end):
            s, text = record.actions[i]
            values = evaluate_decision(sol, driver.state, text)
            rated.append(
                RatedDecision(
                    index=i + 1,
                    action=text,
                    best=values.best,
                    value=values.value,
                    best_value=values.best_value,
                    loss=values.loss,
                    mark=thresholds.mark(values.loss / unit) if values.options > 1 else None,
                    options=values.options,
                )
            )
            driver.act(text, s)
    except (SolverError, AirwarError) as exc:
        raise ReviewError(f"the last move cannot be rated: {exc}") from None
    return MoveReview(
        plane=plane.type.name,
        role="active" if role == ACTIVE else "listed",
        turn=int(plane.turns),
        before=before,
        after=rated[-1].value,
        best_path=best_path,
        scoring=scoring,
        decisions=rated,
    )


__all__ = ["MoveReview", "RatedDecision", "last_move_span", "review_last_move", "span_from_log"]
