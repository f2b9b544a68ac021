"""One play session for every interface: create, resume, act, undo, bots, secrets.

The browser app, ``airwar migs play``, ``airwar gunslingers play`` and
``airwar bia engagement`` all play through :class:`Sessions`. It owns:

- creating a game (with a fresh secret seed and a published commitment to
  it; a game between two people never takes a seed from a client) and
  resuming one from the store;
- applying one decision or a whole path atomically: the path is checked
  as a whole first, then saved in one transaction with the digest, status
  and summary;
- one undo policy (:meth:`Sessions.undo`);
- bots as seats, each decision made by a bot built afresh from one seed
  scheme (:func:`bot_seed`), so the same AI and seed play the same in every
  interface, and a resumed game goes on exactly as it would have; an
  interface may hand the bots' turns to a :class:`BotScheduler` (the browser
  app's background workers) instead of playing them inside the call;
- one summary shape per game (:meth:`PlaySession.summary`);
- optimistic concurrency: every save says how many decisions it expects to
  follow. Of two writers exactly one wins; the other gets
  :class:`~airwar.store.GameChanged` ("the game changed, reload") and its
  copy is dropped, never saved on top of the winner's.

It never imports a bot: the interface gives a ``make_bot(name, seed)``.
"""

from __future__ import annotations

import copy
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from airwar.core.bot import Bot
from airwar.core.driver import Driver, replay
from airwar.core.errors import (
    AirwarError,
    IllegalAction,
    InvalidNotation,
    OptionError,
)
from airwar.core.fairness import commitment, new_salt, new_secret_seed
from airwar.core.game import CHANCE, TERMINAL, Action, Game, GameState
from airwar.core.record import CHAIN_PREFIX, GameRecord
from airwar.core.registry import load_game
from airwar.session.seats import (
    HUMAN,
    SeatError,
    SeedRefused,
    bot_name,
    check_seats,
    default_seats,
    helper_bot,
    human_seats,
    is_ai,
    is_assisted,
    is_away,
    new_tokens,
    seat_of_token,
)
from airwar.session.verifying import verify_record as verify_record
from airwar.store import GameChanged

if TYPE_CHECKING:
    from airwar.store import Store, StoredGame

MAX_PATH = 64
"""The longest path of decisions one request may send."""

CACHE_SIZE = 256
"""Live games kept in memory; older ones are rebuilt from the store on demand."""

HIDDEN_DECISION = "(hidden)"
"""What a seat reads in place of a decision it may not see."""

MAX_TAKEBACKS = 200
"""The most decisions a referee may take back in one game (each is kept in its notes)."""

HINTS_OFF, HINTS_AFTER, HINTS_ALWAYS = "off", "after", "always"
HINT_MODES = (HINTS_OFF, HINTS_AFTER, HINTS_ALWAYS)
"""When a seat is shown the advisor's hints (its values, kill chances, best move):
never; only once its own move is made (the value of the position it left, never
advice for a decision still to make); or always. Off in every game between people."""


def hint_refusal(seats: Mapping[str, str], hints: Mapping[str, str] | None) -> str | None:
    """Why these hint settings cannot go with these seats (None: they can).

    Only a seat played by the person at this browser or terminal may have hints,
    and only in a game against the AI: in a game between people every seat has
    them off, so that nobody is advised against another person.
    """
    if not hints:
        return None
    people = human_seats(seats)
    for name, mode in hints.items():
        if mode not in HINT_MODES:
            return f"seat {name}: hints are one of {', '.join(HINT_MODES)}, not {mode!r}"
        if name not in seats:
            return f"unknown seat {name!r} (seats: {', '.join(seats)})"
        if mode == HINTS_OFF:
            continue
        if seats[name] != HUMAN:
            return f"seat {name}: only a seat played here by a person may have hints"
        if len(people) > 1:
            return f"seat {name}: hints are off in a game between people"
    return None


BotMaker = Callable[[str, int | str], Bot]
BotRefusal = Callable[[str, Mapping[str, Any]], "str | None"]
"""Why a bot cannot play a game with these options (the bot registry's ``refusal``)."""


class Forbidden(AirwarError):
    """Acting or looking for a seat without its link."""


class Conflict(AirwarError):
    """A request the rules or the game's situation refuse (illegal, out of turn, no undo)."""


GAME_OVER = (
    "the game is over and its record reveals the seed and the salt: a game whose every "
    "later roll is known never runs again, so nothing is taken back (a rematch starts a "
    "new game with a new secret seed)"
)

STALE_DECISION = (
    "this decision was made at version {sent} of the game, which is now at version {now}: "
    "the game changed since (a decision sent twice, or one made on an old page), so it is "
    "not applied; reload and decide again"
)


class StaleDecision(Conflict):
    """A decision made at a version of the game it is no longer at (sent twice, or stale)."""

    def __init__(self, sent: int, now: int) -> None:
        super().__init__(STALE_DECISION.format(sent=sent, now=now))


class BotOvertaken(GameChanged):
    """The game moved (a decision, an undo, another process) while its bot was thinking:
    the bot's choice was for a position that is gone, so it is not applied."""


class BotScheduler(Protocol):
    """Plays the bots' turns somewhere else than in the call that needs them.

    The browser app's background workers are one: a request that leaves a
    bot to act hands the game to :meth:`submit` and returns at once; the
    scheduler makes the decisions through :meth:`Sessions.bot_step_outside_lock`.
    """

    def submit(self, live: PlaySession) -> bool:
        """Queue the game's bot turns (at most one task per game); False if refused."""
        ...

    def busy(self, game_id: str) -> bool:
        """Whether a task for this game is queued or running."""
        ...


def position_copy(state: GameState) -> GameState:
    """A copy of ``state`` for a bot to think on, away from the game's lock.

    Like ``state.clone()``, but the event log is copied shallowly: it is
    append-only and its events are never changed, and a deep copy of it would
    cost more with every decision of a long game (0.8 s for a 40-sortie game
    between AIs). A game whose states copy themselves their own way keeps it.
    """
    if type(state).clone is not GameState.clone:
        return state.clone()
    return copy.deepcopy(state, {id(state.log): state.log.copy()})


def bot_seed(game_seed: int | str, seat: int, decision: int) -> str:
    """The seed of the bot deciding decision number ``decision`` of a game for ``seat``.

    The one bot-seed scheme of every interface: a bot is built afresh for each
    decision, so a game interrupted and resumed, or moved from the browser to
    the terminal, goes on exactly as it would have.
    """
    return f"{game_seed}:{seat}:{decision}"


@dataclass(frozen=True)
class Mark:
    """What the session knows of one decision: the draws of the seed made before it
    (the rolls after it are ``driver.draws - draws``), and whether a bot made it."""

    draws: int
    by_bot: bool


@dataclass
class PlaySession:
    """One game in play: its driver, who plays each seat, and its change counter."""

    id: str
    title: str
    seats: dict[str, str]
    meta: dict[str, Any]
    driver: Driver
    version: int = 0
    checked: float = field(default_factory=time.monotonic)
    lock: threading.RLock = field(default_factory=threading.RLock)
    marks: list[Mark] = field(default_factory=list, repr=False)
    """One :class:`Mark` per decision of :attr:`marks_of`'s record (rebuilt when stale)."""
    marks_of: Driver | None = field(default=None, repr=False)

    # -- what it is ------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.driver.game

    @property
    def state(self) -> GameState:
        return self.driver.state

    @property
    def decisions(self) -> int:
        return len(self.driver.record.actions)

    @property
    def position_version(self) -> int:
        """The version of the game's position: the same in every process that holds the
        game (made from its decision count, log digest and take-backs, all stored), and
        changed by every decision, undo and take-back. A decision names the version it was
        made at (:meth:`Sessions.act`), so a decision sent twice is applied once."""
        text = f"{self.decisions}:{self.driver.log_digest}:{len(self.takebacks())}"
        return int(hashlib.sha256(text.encode()).hexdigest()[:13], 16)

    @property
    def tokens(self) -> dict[str, str]:
        tokens = self.meta.get("tokens", {})
        return dict(tokens) if isinstance(tokens, dict) else {}

    @property
    def status(self) -> str:
        return "finished" if self.state.is_terminal() else "running"

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def halted(self) -> str | None:
        """Why this saved game is read but not played on (its game's options break a rule
        made since it was saved, :attr:`Game.halted`), else None: nobody is to act."""
        return self.driver.halted

    def seat_names(self) -> list[str]:
        return [self.game.seat_name(i) for i in range(self.game.num_players)]

    def seat_index(self, name: str) -> int:
        return self.seat_names().index(name)

    def seat_for(self, token: str | None) -> str | None:
        """The seat this secret link plays (None for none)."""
        return seat_of_token(self.tokens, token)

    def has_remote(self) -> bool:
        """Whether a person plays a seat from another browser (its own link)."""
        return any(is_away(kind) for kind in self.seats.values())

    @property
    def referee(self) -> str | None:
        """The seat that referees this game (the game declares it), or None."""
        name = self.game.game_type.referee
        return name if name is not None and name in self.seat_names() else None

    def bot_seats(self) -> dict[int, str]:
        """Seat number → bot name, for the seats a bot plays now: the bots' seats, and a
        seat of a person helped by a bot (``assist:``) while its decision is routine."""
        names = self.seat_names()
        actor = self.state.current_actor()
        out: dict[int, str] = {}
        for name, kind in self.seats.items():
            if name not in names:
                continue
            index = names.index(name)
            if is_ai(kind):
                out[index] = bot_name(kind)
            elif is_assisted(kind) and actor == index and not self.state.needs_person(index):
                out[index] = str(helper_bot(kind))
        return out

    def made_by_bot(self, state: GameState, seat: int) -> bool:
        """Whether the decision ``seat`` faces in ``state`` is made by a bot."""
        kind = self.seats.get(self.game.seat_name(seat), HUMAN)
        return is_ai(kind) or (is_assisted(kind) and not state.needs_person(seat))

    def takebacks(self) -> list[dict[str, Any]]:
        """The decisions the referee took back, oldest first (kept in the game's notes)."""
        kept = self.meta.get("takebacks")
        return [t for t in kept if isinstance(t, dict)] if isinstance(kept, list) else []

    def notices(self, seat_name: str | None, *, spectator: bool = False) -> list[str]:
        """Each take-back in words, as this reader may read it: the text of the decision
        only to a reader who may read that decision (its seat, the referee, everyone once
        the game is over); to the other seats only whose decision it was."""
        out = [f"This game cannot continue: {self.halted}."] if self.halted else []
        for t in self.takebacks():
            who, by, text = str(t.get("seat")), str(t.get("by")), str(t.get("text"))
            actor = t.get("actor")
            index = t.get("index")
            may_read = self.sees_all(seat_name, spectator=spectator) or (
                isinstance(actor, int)
                and isinstance(index, int)
                and any(
                    self.state.decision_visible(s, actor, index) for s in self.same_table(seat_name)
                )
            )
            own = who == by
            if may_read:
                whose = "its own" if own else f"{who}'s"
                line = f"The {by} took back {whose} decision '{text}'"
                later = t.get("later")
                if isinstance(later, int) and later > 0 and seat_name == by:
                    plural = "s" if later > 1 else ""
                    line += f" and the {later} automatic decision{plural} after it"
                out.append(line + "; the dice stay as they fell.")
            elif own:
                out.append(f"The {by} took back its own last decision.")
            else:
                out.append(f"{who}'s last decision was taken back by the {by}.")
        return out

    def hints_for(self, seat_name: str | None) -> str:
        """The hint setting of this reader now (one of :data:`HINT_MODES`).

        Off for a spectator, for every seat of a game between people and once
        the game is over; else the setting chosen for the seat when the game began.
        """
        if seat_name is None or self.finished or len(human_seats(self.seats)) > 1:
            return HINTS_OFF
        settings = self.meta.get("hints")
        mode = settings.get(seat_name) if isinstance(settings, dict) else None
        return mode if mode in HINT_MODES else HINTS_OFF

    def hints_now(self, seat_name: str | None) -> str | None:
        """Which hints this reader may be sent now: ``"all"`` (values, kill chances and
        each decision's value), ``"position"`` (the value and kill chances of the
        position, once its own move is made) or None."""
        mode = self.hints_for(seat_name)
        if mode == HINTS_ALWAYS:
            return "all"
        if mode == HINTS_AFTER and self.to_act() != seat_name:
            return "position"
        return None

    def rematch_seats(self) -> dict[str, str]:
        """The seats of a rematch: the same players, sides swapped (each seat's player
        moves to the next seat, the last to the first); a referee stays the referee."""
        names = [n for n in self.seat_names() if n != self.referee]
        kinds = [self.seats[n] for n in names]
        out = dict(zip(names, kinds[-1:] + kinds[:-1], strict=True))
        if self.referee is not None:
            out[self.referee] = self.seats[self.referee]
        return out

    def rematch_hints(self) -> dict[str, str]:
        """Each player's hint setting carried to the seat it takes in a rematch."""
        settings = self.meta.get("hints")
        if not isinstance(settings, dict):
            return {}
        names = [n for n in self.seat_names() if n != self.referee]
        moved = {names[(i + 1) % len(names)]: settings.get(n) for i, n in enumerate(names)}
        return {n: m for n, m in moved.items() if m in HINT_MODES}

    def to_act(self) -> str | None:
        if self.halted:
            return None
        actor = self.state.current_actor()
        return self.game.seat_name(actor) if actor >= 0 else None

    def to_act_for(self, seat_name: str | None, *, spectator: bool = False) -> str | None:
        """Whose turn this reader is shown. A seat of a running game of hidden information
        that is not asked now is shown the other side it waits for, not the seat at work
        (the referee's routine work between two of the enemy's secret decisions would tell
        it how many there are, GS-73); a reader without a seat that does not see everything
        is shown the side whose turn it last was while the referee works; everyone else
        the seat to act."""
        actual = self.to_act()
        if actual is None or self.sees_everything(seat_name, spectator=spectator):
            return actual
        if seat_name is None:
            if actual != self.referee:
                return actual
            sides = [
                self.game.seat_name(seat)
                for seat, _ in reversed(self.driver.record.actions)
                if self.game.seat_name(seat) != self.referee
            ]
            return sides[0] if sides else actual
        if not self.partial_reader(seat_name, self.state):
            return actual
        names = self.seat_names()
        table = {names[i] for i in self.same_table(seat_name)}
        if actual in table:
            return actual
        others = [n for n in names if n not in table and n != self.referee]
        return others[0] if len(others) == 1 else actual

    def bot_to_act(self) -> bool:
        return not self.halted and self.state.current_actor() in self.bot_seats()

    # -- what each seat sees ---------------------------------------------------
    def same_table(self, seat_name: str | None) -> set[int]:
        """The seats whose knowledge ``seat_name`` shares: itself, and the other seats
        played by people at the same browser or terminal (a hot-seat game)."""
        if seat_name is None:
            return set()
        mine = {self.seat_index(seat_name)}
        if self.seats.get(seat_name) == HUMAN:
            mine |= {self.seat_index(n) for n, k in self.seats.items() if k == HUMAN}
        return mine

    def sees_all(self, seat_name: str | None, *, spectator: bool = False) -> bool:
        """Whether this reader may see the referee's view: perfect information, a
        finished game, or (without a seat) a game whose every person sits here."""
        if self.game.game_type.perfect_information or self.finished:
            return True
        if seat_name is None:
            return not spectator and not self.has_remote()
        return False

    def sees_everything(self, seat_name: str | None, *, spectator: bool = False) -> bool:
        """Whether this reader sees the whole game now: one of :meth:`sees_all`, or the
        referee seat, which a game of hidden information shows everything."""
        return self.sees_all(seat_name, spectator=spectator) or (
            seat_name is not None and seat_name == self.referee
        )

    def view(self, seat_name: str | None, *, spectator: bool = False) -> dict[str, Any]:
        """What this reader may see: its seat's view, the referee's, or the spectator's
        (whose turn it is as :meth:`to_act_for` shows it)."""
        out = self.view_of(self.state, seat_name, spectator=spectator)
        if seat_name is None and not self.sees_everything(None, spectator=spectator):
            shown = self.to_act_for(None, spectator=spectator)
            if shown is not None:
                out = {**out, "actor": self.seat_index(shown)}
        return out

    def view_of(
        self, state: GameState, seat_name: str | None, *, spectator: bool = False
    ) -> dict[str, Any]:
        if seat_name is not None and not (
            self.game.game_type.perfect_information or state.is_terminal()
        ):
            return state.view(self.seat_index(seat_name))
        if self.sees_all(seat_name, spectator=spectator) or state.is_terminal():
            return state.view(None)
        return GameState.view(state)  # a spectator of a secret game: whose turn, and the end

    def visible_events(
        self,
        seat_name: str | None,
        since: int = 0,
        *,
        spectator: bool = False,
        state: GameState | None = None,
    ) -> list[dict[str, Any]]:
        """The log from event ``since`` as this reader may read it, each event with its
        ``line`` in the game's own words when the game narrates it."""
        st = state if state is not None else self.state
        if self.partial_reader(seat_name, st):
            events = st.visible_events_of(sorted(self.same_table(seat_name)), since)
        elif self.sees_all(seat_name, spectator=spectator) or st.is_terminal():
            events = st.visible_events(None, since)  # the game may add its readers' notes
        else:
            events = []
        return self.narrated(events, st)

    def partial_reader(self, seat_name: str | None, state: GameState) -> bool:
        """Whether this seat reads its own share of a running game of hidden information."""
        return seat_name is not None and not (
            self.game.game_type.perfect_information or state.is_terminal()
        )

    def log_length(
        self,
        seat_name: str | None,
        *,
        spectator: bool = False,
        state: GameState | None = None,
    ) -> int:
        """How many events this reader counts now, in the numbering of
        :meth:`visible_events` (the ``since`` of the events still to come): a seat of a
        running game of hidden information counts only what it may read, so the count
        does not move while another seat decides in secret (GS-73); a spectator of such a
        game reads none."""
        st = state if state is not None else self.state
        if self.partial_reader(seat_name, st):
            return st.log_count(sorted(self.same_table(seat_name)))
        if self.sees_all(seat_name, spectator=spectator) or st.is_terminal():
            return len(st.log)
        return 0

    def readable(self, seat_name: str | None, *, spectator: bool = False) -> list[int]:
        """The numbers of the decisions this reader may read, in order: every decision for a
        reader who sees all; a seat's own (and its table's) in a running game of hidden
        information; none for a spectator of such a game."""
        actions = self.driver.record.actions
        if self.sees_all(seat_name, spectator=spectator):
            return list(range(len(actions)))
        table = self.same_table(seat_name)
        return [
            i
            for i, (actor, _) in enumerate(actions)
            if any(self.state.decision_visible(s, actor, i) for s in table)
        ]

    def decisions_for(self, seat_name: str | None, *, spectator: bool = False) -> int:
        """How many decisions this reader counts: those it may read (:meth:`readable`), so
        that the count tells nothing of the decisions made in secret."""
        if self.sees_all(seat_name, spectator=spectator):
            return self.decisions
        return len(self.readable(seat_name, spectator=spectator))

    def narrated(
        self, events: list[dict[str, Any]], state: GameState | None = None
    ) -> list[dict[str, Any]]:
        out = []
        for e in events:
            line = self.game.narrate(e, state)
            out.append({**e, "line": line} if line else e)
        return out

    def decision_text(self, index: int, seat_name: str | None, *, spectator: bool = False) -> str:
        """The text of decision ``index`` as this reader may read it."""
        actor, text = self.driver.record.actions[index]
        if self.sees_all(seat_name, spectator=spectator):
            return text
        if seat_name is None:
            return HIDDEN_DECISION
        if any(self.state.decision_visible(s, actor, index) for s in self.same_table(seat_name)):
            return text
        return HIDDEN_DECISION

    def summary(self) -> dict[str, Any]:
        """The one summary shape every interface saves and lists: the game's own
        score summary, with the decision count and who is to act."""
        out = self.game.summary(self.state)
        out["decisions"] = self.decisions
        out["to_act"] = self.to_act()
        return out

    # -- records ---------------------------------------------------------------
    def fairness(self, *, reveal: bool) -> dict[str, Any]:
        """The published commitment to the seed; the seed and salt once ``reveal``."""
        fair = self.meta.get("fair")
        out: dict[str, Any] = {}
        if isinstance(fair, dict) and isinstance(fair.get("commitment"), str):
            out["commitment"] = fair["commitment"]
            if reveal:
                out["salt"] = fair.get("salt")
        return out

    def record_for(self, seat_name: str | None, *, spectator: bool = False) -> dict[str, Any]:
        """The record this reader may have.

        A finished game: the full record, its seed and the salt that opens the
        commitment (``airwar verify`` checks both). A running game: the asking
        seat's redacted record, without the seed, with only the decisions it
        may read (nothing marks where the others fall: GS-74). A spectator of a
        running game gets nothing.
        """
        if self.finished:
            data = self.driver.finished_record().to_dict()
            data["fairness"] = self.fairness(reveal=True)
            return data
        if seat_name is None:
            raise Forbidden("the record of a running game is for its seats: use your seat link")
        rec = self.driver.finished_record().to_dict()
        rec["seed"] = None
        rec["log_digest"] = None
        rec["redacted"] = True
        if not self.game.game_type.perfect_information:
            # the options may hold the whole order of battle (a scenario): not while it runs
            rec["options"] = {}
        actions = self.driver.record.actions
        # the decisions it may read, and nothing of the others: not even where they fall
        rec["actions"] = [list(actions[i]) for i in self.readable(seat_name)]
        rec["fairness"] = self.fairness(reveal=False)
        return rec


class Sessions:
    """Creates, loads, plays, undoes and replays games on top of the store.

    ``make_bot(name, seed)`` builds the bots that play seats of kind ``ai:NAME``.
    """

    def __init__(
        self,
        store: Store,
        make_bot: BotMaker | None = None,
        bot_refusal: BotRefusal | None = None,
    ) -> None:
        self.store = store
        self.make_bot = make_bot
        self.bot_refusal = bot_refusal
        self._live: OrderedDict[str, PlaySession] = OrderedDict()
        self._lock = threading.RLock()
        self._loading = threading.Lock()
        self.scheduler: BotScheduler | None = None
        """When set, the bots' turns that ``create``, ``act`` and a resuming ``get``
        would play inside the call are handed to it instead (see :meth:`continue_bots`)."""

    # -- creating --------------------------------------------------------------
    def create(
        self,
        game: Game | str,
        seats: Mapping[str, str],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | str | None = None,
        title: str | None = None,
        meta: Mapping[str, Any] | None = None,
        bots: Sequence[str] | None = None,
        run_bots: bool = True,
        auto_chance: bool = True,
        trusted_seed: bool = False,
        hints: Mapping[str, str] | None = None,
    ) -> PlaySession:
        """Start a game and save it; the bots make their opening decisions.

        A seed may be given only when at most one seat is played by a person
        (a solo game, or bots against bots): a game between two people
        always rolls from a fresh secret seed that no client sees.
        ``trusted_seed`` lifts that rule for a seed chosen by the server's
        owner, never by a client (test fixtures, reproducing a reported game).

        With ``auto_chance=False`` (and ``run_bots=False``) the game stops
        before its first roll, so an interface can explain each roll before
        making it (``driver.roll()``); the saved digest covers the log up to
        the last decision either way.

        ``hints`` gives a seat's hint setting (:data:`HINT_MODES`, off when not
        given); only the person's seat of a game against the AI may have them on
        (:func:`hint_refusal`).
        """
        g = load_game(game, options) if isinstance(game, str) else game
        if g.halted is not None:
            raise OptionError(f"a new game cannot start from these options: {g.halted}")
        names = tuple(g.seat_name(i) for i in range(g.num_players))
        allowed = list(bots) if bots is not None else list(g.game_type.bots)
        kind = g.game_type
        defaults = default_seats(names, kind.referee, kind.assistant)
        assigned = check_seats(names, seats, allowed, defaults)
        people = human_seats(assigned)
        if self.bot_refusal is not None:
            for seat_name, who in assigned.items():
                helper = helper_bot(who)
                why = self.bot_refusal(helper, g.options) if helper is not None else None
                if why:
                    raise SeatError(f"seat {seat_name}: {why}")
        if seed is not None and len(people) > 1 and not trusted_seed:
            raise SeedRefused(
                "a game between two people takes no seed: its dice come from a secret seed "
                "committed to at the start and revealed at the end"
            )
        why = hint_refusal(assigned, hints)
        if why is not None:
            raise SeatError(why)
        if seed is None:
            seed = new_secret_seed()
        salt = new_salt()
        full_meta = dict(meta or {})
        if hints:
            full_meta["hints"] = {n: m for n, m in hints.items() if m != HINTS_OFF}
        full_meta["tokens"] = new_tokens(assigned)
        full_meta["fair"] = {"commitment": commitment(seed, salt), "salt": salt}
        driver = Driver(g, seed, auto_chance=auto_chance)
        who = ", ".join(f"{seat} {kind}" for seat, kind in assigned.items())
        name = title or f"{g.title} ({who})"
        record = GameRecord(g.name, dict(g.options), driver.seed)
        record.log_digest = driver.log_digest
        game_id = self.store.create_game(record, title=name, seats=assigned, meta=full_meta)
        live = PlaySession(game_id, name, dict(assigned), full_meta, driver)
        self._remember(live)
        self._save_summary(live)
        if run_bots:
            self.continue_bots(live)
        return live

    # -- loading ---------------------------------------------------------------
    def _from_stored(self, stored: StoredGame) -> PlaySession:
        driver = replay(stored.record)
        meta = dict(stored.meta or {})
        tokens = dict(meta.get("tokens") or {})
        missing = {n: k for n, k in stored.seats.items() if not is_ai(k) and n not in tokens}
        if missing:
            # a game saved before seat links gets them on its first load
            tokens.update(new_tokens(missing))
            meta["tokens"] = tokens
            self.store.update(stored.id, meta=meta)
        return PlaySession(stored.id, stored.title, dict(stored.seats), meta, driver)

    def _remember(self, live: PlaySession) -> None:
        with self._lock:
            self._live[live.id] = live
            self._live.move_to_end(live.id)
            while len(self._live) > CACHE_SIZE:
                self._live.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._live.pop(game_id, None)

    def get(self, game_id: str, *, fresh: bool = False, resume_bots: bool = True) -> PlaySession:
        """The game ``game_id`` (GameNotFound if the store has no such game).

        A game kept in memory is compared with the store's decision count and
        digest on every call (one small read: another process, the terminal
        or a second server, may share the store), and reloaded if it moved on.
        A game loaded while a bot is to act lets its bots play on (unless
        ``resume_bots`` is false): through the scheduler when there is one,
        else before this returns.
        """
        with self._lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        if live is None:
            loaded = False
            with self._loading:
                live = self._live.get(game_id)
                if live is None:
                    live = self._from_stored(self.store.load(game_id))
                    self._remember(live)
                    loaded = True
            if loaded and resume_bots and live.bot_to_act() and self.make_bot is not None:
                # saved while a bot was to act (the server stopped there): go on
                self.continue_bots(live)
            return live
        if fresh or self._moved_on(live):
            self.refresh(live)
        return live

    def _moved_on(self, live: PlaySession) -> bool:
        """Whether the stored game differs from this copy (one small read of the store)."""
        count, digest = self.store.head(live.id)
        live.checked = time.monotonic()
        if count != live.decisions + len(live.driver.unreplayed):
            return True
        return (
            digest is not None
            and digest.startswith(CHAIN_PREFIX)
            and digest != live.driver.log_digest
        )

    def refresh(self, live: PlaySession) -> None:
        """Rebuild ``live`` if another process changed its stored record."""
        with live.lock:
            stored = self.store.load(live.id)
            live.checked = time.monotonic()
            if [tuple(a) for a in stored.record.actions] != [
                tuple(a) for a in (*live.driver.record.actions, *live.driver.unreplayed)
            ]:
                fresh = self._from_stored(stored)
                live.driver = fresh.driver
                live.meta = fresh.meta
                live.version += 1

    # -- playing ---------------------------------------------------------------
    def _parse_path(self, game: Game, texts: Sequence[str]) -> list[Action]:
        actions: list[Action] = []
        for i, text in enumerate(texts):
            where = f"step {i + 1}: " if len(texts) > 1 else ""
            try:
                actions.append(game.parse_action(text))
            except InvalidNotation as exc:
                raise InvalidNotation(f"{where}{exc}") from None
            except (ValueError, KeyError) as exc:
                raise InvalidNotation(f"{where}cannot read {text!r}: {exc}") from None
        return actions

    def seat_required(self, live: PlaySession, token: str | None) -> int:
        """The seat this secret link plays; :class:`Forbidden` for any other link."""
        name = live.seat_for(token)
        if name is None:
            raise Forbidden("this link does not play any seat of this game")
        return live.seat_index(name)

    def check_path(self, live: PlaySession, seat: int, texts: Sequence[str]) -> list[Action]:
        """Parse and check a whole path for ``seat`` without changing the game.

        Raises :class:`InvalidNotation` (cannot be read) or :class:`Conflict`
        (the rules refuse a step now, naming the step and why).
        """
        if live.halted:
            raise Conflict(f"this game cannot continue: {live.halted}")
        if not texts:
            raise InvalidNotation("no action given")
        if len(texts) > MAX_PATH:
            raise InvalidNotation(f"a path has at most {MAX_PATH} steps, not {len(texts)}")
        actions = self._parse_path(live.game, texts)
        driver = live.driver
        driver.resolve_chance()
        name = live.game.seat_name(seat)
        actor = driver.state.current_actor()
        if actor >= 0 and actor != seat and live.partial_reader(name, driver.state):
            # out of turn in a game of hidden information: whom it waits for, never who is
            # at work (the referee between two of the enemy's secret decisions, GS-73)
            raise Conflict(f"it is not {name}'s turn: waiting for {live.to_act_for(name)}")
        if len(actions) == 1:
            try:
                driver.state.validate(actions[0], seat)
            except IllegalAction as exc:
                raise Conflict(str(exc)) from None
            return actions
        trial = copy.deepcopy(driver)
        trial.on_action = None
        trial.auto_chance = True  # the rolls between steps, as act() makes them
        for i, action in enumerate(actions):
            if trial.state.current_actor() == TERMINAL:
                raise Conflict(f"step {i + 1} ({action}): the game is over")
            if i > 0 and trial.state.current_actor() != seat:
                done = " ".join(str(a) for a in actions[:i])
                raise Conflict(f"step {i + 1} ({action}): the move is already over after {done}")
            try:
                trial.act(action, seat)
            except IllegalAction as exc:
                raise Conflict(f"step {i + 1} ({action}): {exc}") from None
        return actions

    def act(
        self,
        live: PlaySession,
        seat: int,
        texts: Sequence[str],
        *,
        run_bots: bool = True,
        at: int | None = None,
    ) -> list[Action]:
        """Apply a whole path of decisions for ``seat``, or none of it, and save it.

        ``at`` is the :attr:`PlaySession.position_version` the decision was made at: if
        the game is no longer there (the same decision sent twice, or made on a stale
        copy), :class:`StaleDecision` is raised and nothing is applied.

        The path is checked as a whole first; then it is applied and saved in
        one transaction, expecting the stored game to hold exactly the
        decisions this copy holds. If another writer got there first,
        :class:`GameChanged` is raised and this copy is rebuilt from the store
        (the refused path is in neither). Then the bots play their seats
        (:meth:`continue_bots`: handed to the scheduler when there is one).
        """
        with live.lock:
            if at is not None and at != live.position_version:
                raise StaleDecision(at, live.position_version)
            actions = self.check_path(live, seat, texts)
            if self.make_bot is not None and seat in live.bot_seats():
                raise Conflict(
                    f"{live.game.seat_name(seat)}: this decision is routine, the automatic "
                    "player makes it for you"
                )
            before = live.decisions
            driver = live.driver
            prior = driver.log_digest
            for i, action in enumerate(actions):
                if i > 0:
                    driver.resolve_chance()  # a roll between two steps of the path
                self._mark(live, by_bot=False)
                driver.act(action, seat)
            self._save(live, before, prior)
            if run_bots:
                self.continue_bots(live)
        return actions

    def concede(self, live: PlaySession, seat: int, kind: str) -> None:
        """Apply and save ``seat``'s resignation or agreed draw (``kind``, one of the
        kernel's ``CONCESSIONS``), a decision of the record like any other; whether the seat
        may make it now is :mod:`airwar.session.offers`'s to say."""
        with live.lock:
            before, prior = live.decisions, live.driver.log_digest
            self._mark(live, by_bot=False)
            live.driver.concede(kind, seat)
            self._save(live, before, prior)

    def _save(self, live: PlaySession, before: int, prior: str) -> None:
        """Save the decisions made since ``before`` in one transaction, expecting the
        stored game to hold ``before`` decisions whose log has the digest ``prior``."""
        new = live.driver.record.actions[before:]
        if not new:
            return
        try:
            self.store.append_actions(
                live.id,
                list(new),
                expected_index=before,
                expected_digest=prior,
                log_digest=live.driver.log_digest,
                status=live.status,
                summary=live.summary(),
            )
        except GameChanged:
            self._rebuild(live)
            raise
        except Exception:
            # a failed save leaves the stored game as it was: so must this copy
            self._rebuild(live)
            raise
        live.version += 1
        live.checked = time.monotonic()

    def _rebuild(self, live: PlaySession) -> None:
        """Replace this copy's game by the stored one (after a refused save)."""
        try:
            fresh = self._from_stored(self.store.load(live.id))
        except AirwarError:
            self.forget(live.id)
            return
        live.driver = fresh.driver
        live.meta = fresh.meta
        live.version += 1
        live.checked = time.monotonic()

    def _save_summary(self, live: PlaySession) -> None:
        self.store.update(live.id, status=live.status, summary=live.summary())

    def _bot_to_act(self, live: PlaySession) -> tuple[int, str] | None:
        """The seat and bot name of the bot to act after the pending rolls, or None."""
        if live.halted:
            return None
        live.driver.resolve_chance()
        actor = live.driver.state.current_actor()
        bots = live.bot_seats()
        if actor == TERMINAL or actor not in bots:
            return None
        if self.make_bot is None:
            raise SeatError("this interface cannot play bots")
        return actor, bots[actor]

    def bot_decision(self, live: PlaySession) -> tuple[int, Action] | None:
        """The next decision of the bot to act (not applied), or None when no bot is to act."""
        to_act = self._bot_to_act(live)
        if to_act is None:
            return None
        actor, name = to_act
        assert self.make_bot is not None
        bot = self.make_bot(name, bot_seed(live.driver.seed, actor, live.decisions))
        return actor, bot.choose(live.driver.state, actor)

    def bot_step(self, live: PlaySession) -> tuple[int, Action] | None:
        """Let the bot to act make one decision and save it; None when no bot is to act."""
        with live.lock:
            chosen = self.bot_decision(live)
            if chosen is None:
                return None
            actor, action = chosen
            before = live.decisions
            prior = live.driver.log_digest
            self._mark(live, by_bot=True)
            live.driver.act(action, actor)
            self._save(live, before, prior)
            return chosen

    def bot_step_outside_lock(self, live: PlaySession) -> tuple[int, Action] | None:
        """Like :meth:`bot_step`, but the bot thinks without holding the game's lock.

        The bot chooses on a copy of the position (with the same bot seed as
        :meth:`bot_step`, so it makes the same choice); the lock is held only
        to read the position, then to apply and save the choice, so every
        reader and writer of the game goes on meanwhile. If the game moved
        while the bot thought (a decision, an undo, a reload after another
        process), nothing is applied and :class:`BotOvertaken` is raised.
        None when no bot is to act.
        """
        with live.lock:
            to_act = self._bot_to_act(live)
            if to_act is None:
                return None
            actor, name = to_act
            driver = live.driver
            version, before = live.version, live.decisions
            seed = bot_seed(driver.seed, actor, before)
            position = position_copy(driver.state)
        assert self.make_bot is not None
        action = self.make_bot(name, seed).choose(position, actor)
        with live.lock:
            if live.driver is not driver or live.version != version or live.decisions != before:
                raise BotOvertaken(
                    f"game {live.id} moved while its bot was thinking: the choice is dropped"
                )
            prior = driver.log_digest
            self._mark(live, by_bot=True)
            driver.act(action, actor)
            self._save(live, before, prior)
        return actor, action

    def continue_bots(self, live: PlaySession) -> None:
        """Let the bots play on after a change: handed to :attr:`scheduler` when there is
        one (this returns at once), else played here until a person must decide."""
        if self.scheduler is not None:
            if live.bot_to_act():
                self.scheduler.submit(live)
            return
        with live.lock:
            self.run_bots(live)

    def bots_thinking(self, game_id: str) -> bool:
        """Whether the scheduler holds a task for this game (queued or running)."""
        return self.scheduler is not None and self.scheduler.busy(game_id)

    def run_bots(self, live: PlaySession, max_decisions: int | None = None) -> int:
        """Let the bots play until a person must decide or the game ends; returns how many."""
        made = 0
        with live.lock:
            while max_decisions is None or made < max_decisions:
                if self.bot_step(live) is None:
                    break
                made += 1
            if made == 0 and live.state.current_actor() == CHANCE:
                live.driver.resolve_chance()
        return made

    # -- undo --------------------------------------------------------------------
    def undo_refusal(self, live: PlaySession, seat_name: str | None) -> str | None:
        """Why ``seat_name`` may not undo now (None: it may).

        The one undo policy: a person playing against the AI only (every
        other seat a bot), in a game whose type allows it, takes back their
        whole last move (their last run of decisions, and the bots' replies
        after it). No die is ever re-rolled: the record is replayed without
        those decisions, and draw ``i`` of the seed is the same draw.
        """
        if live.halted:
            return f"this game cannot continue: {live.halted}"
        if live.finished:
            return GAME_OVER
        if seat_name is not None and seat_name == live.referee:
            return self._takeback_refusal(live, seat_name)
        if live.referee is not None and not live.game.game_type.undo:
            return (
                f"in {live.game.title} only the {live.referee} takes a decision back, "
                "and only before the next roll"
            )
        if seat_name is None or live.seats.get(seat_name) != HUMAN:
            return "only the person playing a seat here can take a move back"
        if not live.game.game_type.undo:
            return f"{live.game.title} allows no undo (its seats do not see everything)"
        if any(n != seat_name and not is_ai(k) for n, k in live.seats.items()):
            return "undo is only allowed in a game against the AI"
        mine = live.seat_index(seat_name)
        if not any(seat == mine for seat, _ in live.driver.record.actions):
            return f"{seat_name} has no decision to take back"
        return None

    def can_undo(self, live: PlaySession, seat_name: str | None) -> bool:
        return self.undo_refusal(live, seat_name) is None

    # -- the referee's take-back ---------------------------------------------------
    def _mark(self, live: PlaySession, *, by_bot: bool) -> None:
        """Note, just before a decision is applied, the draws made so far and who decides."""
        if live.marks_of is live.driver and len(live.marks) == live.decisions:
            live.marks.append(Mark(live.driver.draws, by_bot))

    def marks(self, live: PlaySession) -> list[Mark]:
        """One :class:`Mark` per decision of the game; worked out again by a replay of the
        record when this copy has none for its decisions (loaded, rebuilt, or changed
        outside the session)."""
        if live.marks_of is live.driver and len(live.marks) == live.decisions:
            return live.marks
        driver = Driver(live.game, live.driver.seed)
        marks = []
        for seat, text in live.driver.record.actions:
            driver.resolve_chance()
            marks.append(Mark(driver.draws, live.made_by_bot(driver.state, seat)))
            driver.act(text, seat)
        live.marks, live.marks_of = marks, live.driver
        return marks

    def takeback_target(self, live: PlaySession) -> int | None:
        """The decision a take-back would take back: the last one a person made (the
        bots' decisions after it go with it), or None."""
        marks = self.marks(live)
        for index in range(len(marks) - 1, -1, -1):
            if not marks[index].by_bot:
                return index
        return None

    def _takeback_refusal(self, live: PlaySession, referee: str) -> str | None:
        """Why the referee may not take back now (None: it may)."""
        if live.halted:
            return f"this game cannot continue: {live.halted}"
        if is_ai(live.seats.get(referee, HUMAN)):
            return "the referee seat is played by the automatic player"
        if live.finished:
            return "the game is over: its decisions stand"
        if len(live.takebacks()) >= MAX_TAKEBACKS:
            return f"this game has had its {MAX_TAKEBACKS} take-backs"
        target = self.takeback_target(live)
        if target is None:
            return "no decision made by a person to take back"
        actor = live.driver.record.actions[target][0]
        whose = live.game.seat_name(actor)
        if live.driver.draws != self.marks(live)[target].draws:
            rolls = live.driver.draws - self.marks(live)[target].draws
            return (
                f"a roll was made since {whose}'s last decision ({rolls} roll"
                f"{'s' if rolls > 1 else ''}): rolls are never taken back"
            )
        return None

    def _take_back(self, live: PlaySession, referee: str) -> list[str]:
        """Take back the last decision a person made (and the bots' after it): the record
        is replayed without them, with no roll to redo (GS-65)."""
        why = self._takeback_refusal(live, referee)
        if why is not None:
            raise Conflict(why)
        target = self.takeback_target(live)
        assert target is not None
        actions = live.driver.record.actions
        actor, text = actions[target]
        taken = [t for _, t in actions[target:]]
        before = len(actions)
        driver = replay(live.driver.record, upto=target, verify=False)
        if driver.draws != live.driver.draws:
            raise Conflict("a roll was made since that decision: rolls are never taken back")
        entry = {
            "by": referee,
            "seat": live.game.seat_name(actor),
            "actor": actor,
            "index": target,
            "text": text,
            "later": before - target - 1,
        }
        meta = {**live.meta, "takebacks": [*live.takebacks(), entry]}
        old, old_meta, marks = live.driver, live.meta, self.marks(live)[:target]
        live.driver, live.meta = driver, meta
        try:
            self.store.update(
                live.id,
                record=driver.finished_record(),
                meta=meta,
                status=live.status,
                summary=live.summary(),
                expected_index=before,
                expected_digest=old.log_digest,
            )
        except Exception:
            live.driver, live.meta = old, old_meta
            self._rebuild(live)
            raise
        live.marks, live.marks_of = marks, driver
        live.version += 1
        live.checked = time.monotonic()
        return taken

    def undo(self, live: PlaySession, seat: int, *, at: int | None = None) -> list[str]:
        """Take back ``seat``'s whole last move; returns the decisions taken back.

        The referee seat (of a game that has one) takes back instead the last
        decision a person made, whoever's it was, while no roll has been made
        since (:meth:`_take_back`). ``at``, as in :meth:`act`: an undo sent twice
        takes back one move."""
        name = live.game.seat_name(seat)
        with live.lock:
            if at is not None and at != live.position_version:
                raise StaleDecision(at, live.position_version)
            if name == live.referee:
                return self._take_back(live, name)
            why = self.undo_refusal(live, name)
            if why is not None:
                raise Conflict(why)
            actions = live.driver.record.actions
            last = max(i for i, (s, _) in enumerate(actions) if s == seat)
            first = last
            while first > 0 and actions[first - 1][0] == seat:
                first -= 1
            taken = [text for _, text in actions[first:]]
            before = len(actions)
            driver = replay(live.driver.record, upto=first, verify=False)
            record = driver.finished_record()
            old = live.driver
            live.driver = driver
            try:
                self.store.update(
                    live.id,
                    record=record,
                    status=live.status,
                    summary=live.summary(),
                    expected_index=before,
                    expected_digest=old.log_digest,
                )
            except Exception:
                live.driver = old
                self._rebuild(live)
                raise
            live.version += 1
            live.checked = time.monotonic()
        return taken

    # -- replay ------------------------------------------------------------------
    def replay_at(self, live: PlaySession, step: int) -> Driver:
        """The game as it stood after its first ``step`` decisions."""
        total = live.decisions
        if step > total:
            raise Conflict(f"step {step} is past the end of this game ({total} decisions)")
        with live.lock:
            return replay(live.driver.record, upto=step, verify=False)

    def finish(self, live: PlaySession) -> None:
        """Save the status and summary of a game that has just ended (or moved on)."""
        with live.lock:
            self._save_summary(live)
