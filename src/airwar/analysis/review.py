"""Exact analysis of a played MiGs and Sabres game, decision by decision and roll by roll.

The solver (``docs/solver.md``) gives the exact value of every engagement
state under optimal play, so a finished game can be reviewed without an
engine's estimate:

- every **decision** (a step, a shot, a hold) gets the value of the state it
  led to, the value of the best decision in its place and the **loss**
  (best minus chosen), all from the deciding side's point of view, in the
  game's points (kills, or base-value points with IV.A); a loss at or above
  a threshold is marked an inaccuracy, a mistake or a blunder (MS-30);
- every **roll** of an engagement (who moves first, MP, kill rolls) gets its
  **luck**: the exact probability of a result at least this good for the
  roller, from the roll's own odds, with "good" ordered by the value each
  result leads to, and its **swing**: the value after the roll minus the
  value before it (the mean over the results), in points (MS-31);
- both planes' **kill chances** along each engagement (the solver's, under
  optimal play from each point on);
- a **summary per seat**: decisions, average loss per decision with a choice,
  the marks, and the luck of the dice (the sum of the swings, from that
  seat's side).

For each engagement the sums add up exactly (to float rounding): the
result equals the starting value, plus the swings of the rolls, minus the
active plane's losses, plus the listed plane's (the value is a martingale
under chance and drops only by the losses). The tests check this identity.

A whole game or campaign (``migs-sabres``) is reviewed engagement by
engagement; the sortie chart's rolls (the marker, the opening roll, the
pilots) are not rated, as the solver values engagements only. An
engagement without a turn limit, or with one the solver does not take
(MS-24), is listed without values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from airwar.analysis.review_results import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    SYMBOLS,
    TIE,
    DecisionReview,
    EngagementReview,
    GameReview,
    ReviewError,
    RollReview,
    SeatSummary,
    Thresholds,
)
from airwar.core.dice import Roll
from airwar.core.driver import Driver
from airwar.core.errors import IllegalAction, InvalidNotation, RecordError
from airwar.core.game import CHANCE, CONCESSIONS, Game, GameState
from airwar.core.record import CHAIN_PREFIX, GameRecord, legacy_log_digest
from airwar.core.registry import game_class, load_game
from airwar.games.migs_sabres.engagement import Engagement, engagement_in
from airwar.games.migs_sabres.solver import (
    ACTIVE,
    MAX_TURN_LIMIT,
    EngagementKey,
    Matchup,
    Solution,
    SolverError,
    SolverOptions,
    Value,
    cached_solution,
    key_of,
)
from airwar.games.migs_sabres.terms import Phase

MAX_DECISIONS = 100_000
"""A record with more decisions than this is refused (the replay page's bound)."""


# -- the two pure evaluations ---------------------------------------------------


@dataclass(frozen=True)
class DecisionValues:
    """One decision's numbers, from the deciding plane's side (``role``)."""

    role: int
    action: str
    best: str
    value: float
    best_value: float
    options: int
    after: Value
    """The state after the decision, from the active plane's side (kill chances)."""

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.value)


def evaluate_decision(
    sol: Solution, state: GameState | Engagement | EngagementKey, action: str
) -> DecisionValues:
    """The value of ``action`` at ``state``, the best decision's and the loss.

    ``state`` is the game's own state (or its engagement, or the solver's
    state key). Every legal decision's value is the solver's value of the
    state it leads to with optimal play after it; the best is the solver's
    own choice (by value, then by its own kill chance on a tie).
    """
    moves = sol.decision_values(state)
    if action not in moves:
        raise SolverError(
            f"{action!r} is not a decision the solver knows at this state "
            f"(it knows {', '.join(moves) or 'none'})"
        )
    role = key_of(state, sol.options).mover
    best = _best(moves, role)
    return DecisionValues(
        role=role,
        action=action,
        best=best,
        value=moves[action].for_role(role),
        best_value=moves[best].for_role(role),
        options=len(moves),
        after=moves[action],
    )


BEST_TIE = 1e-12
"""The solver's own tie rule: values this close are equal, and the larger own kill
chance is the better decision (``Solution.best_decision``)."""


def _best(moves: Mapping[str, Value], role: int) -> str:
    """The solver's choice among ``moves`` (as ``best_decision``, without computing them
    again): the highest value for ``role``, ties to the larger own kill chance."""
    best: tuple[str, float, float] | None = None
    for text, v in moves.items():
        own = v.p_kill_active if role == ACTIVE else v.p_kill_listed
        mine = v.for_role(role)
        if best is None:
            best = (text, mine, own)
            continue
        d = mine - best[1]
        if d > BEST_TIE or (d >= -BEST_TIE and own > best[2]):
            best = (text, mine, own)
    assert best is not None
    return best[0]


@dataclass(frozen=True)
class RollLuck:
    """How lucky one roll was for its roller (``role``)."""

    role: int
    p_at_least: Fraction
    """The probability of a result at least this good for the roller (exact)."""
    swing: float
    """The value after the roll minus the mean over the results, roller's side."""
    before: float
    after: Value


def roll_luck(role: int, outcomes: Sequence[tuple[Fraction, Value]], chosen: int) -> RollLuck:
    """Luck of result ``chosen`` among ``outcomes`` ((probability, value after)).

    Results are ordered by the value they lead to for the roller; results
    within :data:`TIE` of the chosen one count as at least as good.
    """
    if not outcomes or not 0 <= chosen < len(outcomes):
        raise ValueError("a roll needs its outcomes and the index of the one rolled")
    total = sum((p for p, _ in outcomes), Fraction(0))
    if total != 1:
        raise ValueError(f"the outcomes' probabilities add up to {total}, not 1")
    mine = [v.for_role(role) for _, v in outcomes]
    got = mine[chosen]
    at_least = sum(
        (p for (p, _), m in zip(outcomes, mine, strict=True) if m >= got - TIE), Fraction(0)
    )
    mean = sum(float(p) * m for (p, _), m in zip(outcomes, mine, strict=True))
    return RollLuck(role, at_least, got - mean, mean, outcomes[chosen][1])


# -- the review of a record -------------------------------------------------------

SolutionSource = Callable[[Matchup, SolverOptions], Solution | None]
"""Where the review gets a matchup's solution: the cache only, or a solve job."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each decision of the record is reviewed."""


def from_cache(matchup: Matchup, options: SolverOptions) -> Solution | None:
    """The solution if it is cached (never solves)."""
    return cached_solution(matchup, options)


def supports(game_name: str) -> bool:
    """Whether games of this kind can be reviewed (the game offers an advisor)."""
    try:
        cls = game_class(game_name)
    except Exception:
        return False
    return cls.advisor() is not None


def _check_record(record: GameRecord) -> Game:
    if not supports(record.game):
        raise ReviewError(f"games of {record.game} have no exact analysis")
    if len(record.actions) > MAX_DECISIONS:
        raise ReviewError(f"the record has more than {MAX_DECISIONS} decisions")
    try:
        return load_game(record.game, record.options)
    except Exception as exc:
        raise RecordError(f"record cannot be loaded: {exc}") from None


def _options_for(eng: Engagement, game: Game) -> tuple[Matchup, SolverOptions] | str:
    """The matchup and solver options of an engagement, or why it has no values."""
    limit = int(eng.turn_limit)
    if limit < 1:
        return "no values: the engagement has no turn limit (MS-11), so no finite horizon"
    if limit > MAX_TURN_LIMIT:
        return f"no values: its turn limit {limit} is above the solver's {MAX_TURN_LIMIT} (MS-24)"
    a, b = eng.planes
    scoring = str(game.options.get("scoring", "kills"))
    return (
        Matchup(a.type.name, b.type.name, bool(a.ace), bool(b.ace)),
        SolverOptions(turn_limit=limit, scoring=scoring),
    )


def needed_solutions(record: GameRecord) -> list[tuple[Matchup, SolverOptions]]:
    """The matchups (with their solver options) of the game's engagements, first met first."""
    game = _check_record(record)
    from airwar.core.driver import replay

    driver = replay(record, game=game)
    scoring = str(game.options.get("scoring", "kills"))
    out: list[tuple[Matchup, SolverOptions]] = []
    for ev in driver.state.log.to_list():
        if ev.get("type") != "engagement_start":
            continue
        limit = int(ev.get("turn_limit", 0))
        if not 1 <= limit <= MAX_TURN_LIMIT:
            continue
        a, b = ev["active"], ev["listed"]
        item = (
            Matchup(a["type"], b["type"], bool(a.get("ace")), bool(b.get("ace"))),
            SolverOptions(turn_limit=limit, scoring=scoring),
        )
        if item not in out:
            out.append(item)
    return out


class _Reviewer:
    """Walks a record's replay, rolling with the record's own draws, and rates each step."""

    def __init__(
        self, record: GameRecord, game: Game, source: SolutionSource, thresholds: Thresholds
    ) -> None:
        self.record = record
        self.game = game
        self.source = source
        self.thresholds = thresholds
        self.driver = Driver(game, record.seed, auto_chance=False)
        self.engagements: list[EngagementReview] = []
        self.current: EngagementReview | None = None
        self.eng_obj: Engagement | None = None
        self.sol: Solution | None = None
        self.options: SolverOptions | None = None

    # -- engagements --------------------------------------------------------
    def _track(self) -> None:
        """Start a new engagement's review when the state has a new engagement."""
        eng = engagement_in(self.driver.state)
        if eng is None or eng is self.eng_obj:
            return
        self._finish_current()  # the engagement before (normally finished already)
        self.eng_obj = eng
        a, b = eng.planes
        scoring = str(self.game.options.get("scoring", "kills"))
        review = EngagementReview(
            number=len(self.engagements) + 1,
            matchup=Matchup(a.type.name, b.type.name, bool(a.ace), bool(b.ace)).label(),
            active_type=a.type.name,
            listed_type=b.type.name,
            active_seat=a.side.seat,
            listed_seat=b.side.seat,
            turn_limit=int(eng.turn_limit),
            scoring=scoring,
            first_decision=len(self.driver.record.actions),
        )
        self.engagements.append(review)
        self.current = review
        self.sol, self.options = None, None
        found = _options_for(eng, self.game)
        if isinstance(found, str):
            review.unrated = found
            return
        matchup, options = found
        sol = self.source(matchup, options)
        if sol is None:
            review.unrated = f"no values: {matchup.label()} is not solved yet"
            return
        self.sol, self.options = sol, options
        review.start = sol.value_of(eng)

    def _finish_current(self) -> None:
        cur, eng = self.current, self.eng_obj
        if cur is None or self.sol is None or self.options is None or eng is None:
            return
        if cur.result is None and eng.over:
            cur.result = self.sol.value_of(eng)

    # -- steps -------------------------------------------------------------
    def roll(self) -> None:
        state = self.driver.state
        self._track()
        eng = engagement_in(state)
        rated = eng is not None and self.sol is not None and self.options is not None
        check = state.pending_check() if rated else None
        before = len(self.driver.record.actions)
        if not rated or check is None:
            self.driver.roll()
            self._after_step()
            return
        assert eng is not None and self.sol is not None and self.options is not None
        role = self._roller(eng)
        after = self.sol.chance_values(state)
        rolls = [(o, p) for o, p in state.chance_outcomes() if isinstance(o, Roll)]
        assert len(rolls) == len(state.chance_outcomes())  # an engagement rolls a die
        outcomes = [(Fraction(p), after[o.value][1]) for o, p in rolls]
        draw = self.driver.roll()
        assert isinstance(draw, Roll)
        chosen = next(i for i, (o, _) in enumerate(rolls) if o == draw)
        luck = roll_luck(role, outcomes, chosen)
        plane = eng.planes[role]
        assert self.current is not None
        self.current.steps.append(
            RollReview(
                after_decision=before,
                seat=plane.side.seat,
                plane="active" if role == ACTIVE else "listed",
                plane_type=plane.type.name,
                name=check.name,
                roll=draw.value,
                p_at_least=luck.p_at_least,
                swing=luck.swing,
                p_kill_active=luck.after.p_kill_active,
                p_kill_listed=luck.after.p_kill_listed,
            )
        )
        self._after_step()

    def _roller(self, eng: Engagement) -> int:
        """Whose roll it is: the red or blue die's side for the first move, the mover's MP,
        the attacker's kill roll."""
        if eng.phase in (Phase.FIRST_RED, Phase.FIRST_BLUE):
            colour = "red" if eng.phase is Phase.FIRST_RED else "blue"
            return ACTIVE if eng.planes[ACTIVE].side.colour == colour else 1 - ACTIVE
        if eng.phase is Phase.KILL and eng.attack is not None:
            return int(eng.attack[0])
        return int(eng.mover)

    def decide(self, seat: int, text: str, index: int) -> None:
        state = self.driver.state
        self._track()
        eng = engagement_in(state)
        review: DecisionReview | None = None
        # a resignation or an agreed draw (MS-35 to MS-37) is no move of a plane: not valued
        rated = text not in CONCESSIONS
        if rated and eng is not None and self.sol is not None and self.options is not None:
            try:
                state.validate(self.game.parse_action(text), seat)
            except (IllegalAction, InvalidNotation, ValueError, KeyError) as exc:
                raise RecordError(
                    f"record does not replay: decision {index} ({text!r} by "
                    f"{self.game.seat_name(seat)}) is refused: {exc}"
                ) from None
            values = evaluate_decision(self.sol, state, text)
            plane = eng.planes[values.role]
            unit = 1.0
            if self.options.scoring != "kills":
                unit = float(eng.planes[1 - values.role].type.base_value) or 1.0
            loss = values.loss
            marked = values.options > 1
            review = DecisionReview(
                index=index,
                seat=seat,
                plane="active" if values.role == ACTIVE else "listed",
                plane_type=plane.type.name,
                action=text,
                best=values.best,
                value=values.value,
                best_value=values.best_value,
                loss=loss,
                loss_kills=loss / unit,
                options=values.options,
                mark=self.thresholds.mark(loss / unit) if marked else None,
                p_kill_active=values.after.p_kill_active,
                p_kill_listed=values.after.p_kill_listed,
            )
        try:
            self.driver.act(text, seat)
        except (IllegalAction, InvalidNotation) as exc:
            raise RecordError(
                f"record does not replay: decision {index} ({text!r} by "
                f"{self.game.seat_name(seat)}) is refused: {exc}"
            ) from None
        if review is not None:
            assert self.current is not None
            self.current.steps.append(review)
        self._after_step()

    def _after_step(self) -> None:
        eng = self.eng_obj
        if eng is not None and eng.over:
            self._finish_current()

    def run(self, progress: Progress | None = None) -> list[EngagementReview]:
        total = len(self.record.actions)
        for i, (seat, text) in enumerate(self.record.actions):
            while self.driver.state.current_actor() == CHANCE:
                self.roll()
            self.decide(seat, text, i + 1)
            if progress is not None:
                progress(i + 1, total)
        while self.driver.state.current_actor() == CHANCE:
            self.roll()
        self._finish_current()
        digest = self.record.log_digest
        if digest is not None:
            if digest.startswith(CHAIN_PREFIX):
                same = self.driver.log_digest == digest
            else:
                same = legacy_log_digest(self.driver.events) == digest
            if not same:
                raise RecordError("record replays to a different log than it was saved with")
        return self.engagements


def summarise(
    engagements: Sequence[EngagementReview], seat_names: Sequence[str]
) -> list[SeatSummary]:
    """Per seat: decisions, average loss per decision with a choice, marks, luck."""
    seats = [SeatSummary(i, name) for i, name in enumerate(seat_names)]
    own_sum = [0.0] * len(seats)
    for e in engagements:
        for step in e.steps:
            if isinstance(step, DecisionReview):
                s = seats[step.seat]
                s.decisions += 1
                if step.options > 1:
                    s.choices += 1
                    s.total_loss += step.loss
                if step.mark is not None:
                    s.marks[step.mark] += 1
            else:
                seats[step.seat].rolls += 1
                own_sum[step.seat] += float(step.p_at_least)
                for s in seats:
                    s.luck += step.swing if s.seat == step.seat else -step.swing
    for s in seats:
        s.own_p_at_least = own_sum[s.seat] / s.rolls if s.rolls else 0.0
    return seats


def review_record(
    record: GameRecord,
    *,
    source: SolutionSource = from_cache,
    thresholds: Thresholds | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Review a saved game: every engagement's decisions and rolls, and each seat's summary.

    ``source`` gives each matchup's solution (default: only what is cached;
    an engagement whose matchup it does not give is listed without values);
    ``progress(done, total)`` is called after each decision. Raises
    :class:`ReviewError` for a game without exact analysis and
    :class:`RecordError` for a record that does not replay.
    """
    game = _check_record(record)
    thresholds = thresholds or Thresholds()
    engagements = _Reviewer(record, game, source, thresholds).run(progress)
    names = tuple(game.seat_name(i) for i in range(game.num_players))
    return GameReview(
        game=record.game,
        seat_names=names,
        thresholds=thresholds,
        decisions=len(record.actions),
        engagements=engagements,
        seats=summarise(engagements, names),
    )


def kill_chance_series(review: GameReview) -> list[dict[str, Any]]:
    """Both planes' kill chances along the game, one point per step, by seat.

    Each point: ``{"x": position along the game (decisions made, a roll half a
    step after the decision before it), "engagement": number, "seat0", "seat1":
    the kill chance of the plane of each seat}``; each engagement starts a new
    segment at its start value.
    """
    points: list[dict[str, Any]] = []
    for e in review.engagements:
        if e.start is None:
            continue

        def point(x: float, pa: float, pl: float, e: EngagementReview = e) -> dict[str, Any]:
            by_seat = {e.active_seat: pa, e.listed_seat: pl}
            return {
                "x": x,
                "engagement": e.number,
                "seat0": by_seat.get(0, 0.0),
                "seat1": by_seat.get(1, 0.0),
            }

        points.append(point(float(e.first_decision), e.start.p_kill_active, e.start.p_kill_listed))
        for s in e.steps:
            x = float(s.index) if isinstance(s, DecisionReview) else s.after_decision + 0.5
            points.append(point(x, s.p_kill_active, s.p_kill_listed))
    return points


def describe_marks(thresholds: Thresholds) -> Mapping[str, str]:
    """Each mark's meaning in words, for legends."""
    t = thresholds
    i, m, b = INACCURACY, MISTAKE, BLUNDER
    return {
        i: f"{i} ({SYMBOLS[i]}): lost {t.inaccuracy:g} to {t.mistake:g} kills",
        m: f"{m} ({SYMBOLS[m]}): lost {t.mistake:g} to {t.blunder:g} kills",
        b: f"{b} ({SYMBOLS[b]}): lost {t.blunder:g} kills or more",
    }
