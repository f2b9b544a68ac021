"""The one game loop: drives any mix of humans and bots, records, replays.

The driver owns the seeded generator, resolves chance nodes with it, checks
every decision against the state's legal actions (saying why one is refused),
keeps the :class:`GameRecord`, and lets bots play the seats that have one.
Humans are simply seats without a bot: :meth:`Driver.run_bots` stops and
returns when such a seat must decide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from airwar.core.bot import Bot
from airwar.core.errors import IllegalAction, InvalidNotation, RecordError
from airwar.core.events import Event
from airwar.core.game import CHANCE, CONCESSIONS, TERMINAL, Action, Game, GameState
from airwar.core.record import CHAIN_PREFIX, DigestChain, GameRecord, legacy_log_digest
from airwar.core.registry import load_game
from airwar.core.rng import SeededRng, new_seed

ActionHook = Callable[["Driver", int, Action], None]


class Driver:
    """Plays one game: ``Driver(game, seed)``, then :meth:`act` and :meth:`run_bots`."""

    def __init__(
        self,
        game: Game,
        seed: int | str | None = None,
        *,
        auto_chance: bool = True,
        on_action: ActionHook | None = None,
    ) -> None:
        self.game = game
        self.seed: int | str = new_seed() if seed is None else seed
        self.rng = SeededRng(self.seed)
        self.state: GameState = game.new_initial_state()
        self.draws = 0
        self.auto_chance = auto_chance
        self.on_action = on_action
        self.record = GameRecord(game.name, dict(game.options), self.seed)
        self._chain = DigestChain()
        self.decided_at = 0
        """Length of the log right after the last decision (before the rolls that follow it)."""
        self.halted: str | None = game.halted
        """Why this game is read but not played on (:attr:`Game.halted`), else None."""
        self.unreplayed: list[tuple[int, str]] = []
        """A halted game's recorded decisions after the first one that no longer replays:
        kept (in :meth:`finished_record`), not applied."""
        self.stored_digest: str | None = None
        """The saved digest of a halted game that did not replay to its end."""
        if auto_chance:
            self.resolve_chance()

    # -- chance -----------------------------------------------------------
    def roll(self) -> Action:
        """Resolve exactly one chance node with the next draw; returns the outcome."""
        if self.state.current_actor() != CHANCE:
            raise IllegalAction("no roll is pending")
        outcome = self.rng.pick(self.draws, self.state.chance_outcomes())
        self.draws += 1
        self.state.apply(outcome)
        return outcome

    def resolve_chance(self) -> None:
        while self.state.current_actor() == CHANCE:
            self.roll()

    # -- decisions --------------------------------------------------------
    def parse(self, text: str) -> Action:
        try:
            return self.game.parse_action(text)
        except InvalidNotation:
            raise
        except (ValueError, KeyError) as exc:
            raise InvalidNotation(f"cannot read {text!r}: {exc}") from None

    def act(self, action: Action | str, seat: int | None = None) -> Action:
        """Apply a decision of ``seat`` (default: whoever is to act).

        Text is parsed first. Refused actions raise :class:`IllegalAction`
        with the reason and change nothing.
        """
        if isinstance(action, str) and action in CONCESSIONS and self.game.game_type.concede:
            return self.concede(action, seat)
        if self.state.current_actor() == CHANCE and self.auto_chance:
            self.resolve_chance()
        if isinstance(action, str):
            action = self.parse(action)
        actor = self.state.current_actor()
        if actor == CHANCE:
            raise IllegalAction("a roll is pending: roll the dice first")
        self.state.validate(action, seat)
        self.state.apply(action)
        self.record.actions.append((actor, str(action)))
        self.decided_at = len(self.state.log)
        if self.on_action is not None:
            self.on_action(self, actor, action)
        if self.auto_chance:
            self.resolve_chance()
        return action

    def concede(self, kind: str, seat: int | None) -> str:
        """Apply a resignation or an agreed draw (:data:`~airwar.core.game.CONCESSIONS`) of
        ``seat``, which need not be the seat to act. The pending rolls are made first, as
        a replay makes them after the decision before; then the state ends the game and
        the concession is recorded as ``seat``'s decision."""
        if seat is None or not 0 <= seat < self.game.num_players:
            raise IllegalAction(f"{kind}: name the seat that makes it")
        self.resolve_chance()
        if self.state.is_terminal():
            raise IllegalAction("the game is over")
        self.state.concede(kind, seat)
        self.record.actions.append((seat, kind))
        self.decided_at = len(self.state.log)
        return kind

    def run_bots(self, bots: Mapping[int, Bot], max_decisions: int | None = None) -> int:
        """Let bots act until the game ends or a seat without a bot must decide.

        Returns the number of decisions made.
        """
        made = 0
        while max_decisions is None or made < max_decisions:
            self.resolve_chance()
            actor = self.state.current_actor()
            if actor == TERMINAL or actor not in bots:
                break
            action = bots[actor].choose(self.state, actor)
            self.act(action, actor)
            for bot in bots.values():
                bot.inform(self.state, actor, action)
            made += 1
        return made

    # -- record -----------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        return self.state.log.to_list()

    @property
    def log_digest(self) -> str:
        """The digest a record of this game is saved with: the hash chain over the log
        up to the last decision (the rolls after it follow from the seed, and an
        interface may not have rolled them yet). Extending the running chain costs
        only the events since the last save, so saving stays constant time."""
        if self.unreplayed and self.stored_digest is not None:
            return self.stored_digest  # a halted game: the record as it was saved
        end = self.decided_at
        if self._chain.count > end:
            self._chain = DigestChain()  # the driver was rewound (never by itself)
        if self._chain.count < end:
            log = self.state.log
            self._chain.extend(log[i] for i in range(self._chain.count, end))
        return self._chain.digest

    def finished_record(self) -> GameRecord:
        rec = GameRecord(
            self.record.game,
            dict(self.record.options),
            self.seed,
            [*self.record.actions, *self.unreplayed],
        )
        rec.log_digest = self.log_digest
        return rec


def replay(
    record: GameRecord,
    upto: int | None = None,
    *,
    verify: bool = True,
    game: Game | None = None,
) -> Driver:
    """Rebuild a game from its record (the first ``upto`` decisions, default all).

    With ``verify`` and a stored ``log_digest``, a full replay must reproduce
    the very same log, or :class:`RecordError` is raised.

    A halted game (:attr:`Game.halted`: its options break a rule made since it was
    saved) replays as far as its decisions still apply: the first refused one and those
    after it are kept in ``driver.unreplayed`` and ``driver.halted`` says where it
    stopped, so the game is read, never played on.
    """
    try:
        g = game if game is not None else load_game(record.game, record.options)
    except Exception as exc:  # unknown game or bad options: a foreign record
        raise RecordError(f"record cannot be loaded: {exc}") from None
    driver = Driver(g, record.seed)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, (seat, text) in enumerate(actions):
        try:
            driver.act(text, seat)
        except (IllegalAction, InvalidNotation) as exc:
            if g.halted is not None:
                driver.halted = (
                    f"{g.halted}; its record replays to decision {i} of {len(actions)} only"
                )
                driver.unreplayed = [(s, t) for s, t in actions[i:]]
                driver.stored_digest = record.log_digest if upto is None else None
                return driver
            raise RecordError(
                f"record does not replay: decision {i + 1} ({text!r} by "
                f"{g.seat_name(seat)}) is refused: {exc}{_changed(g)}"
            ) from None
    if verify and upto is None and record.log_digest is not None:
        if record.log_digest.startswith(CHAIN_PREFIX):
            same = driver.log_digest == record.log_digest
        else:  # saved before the hash chain: a digest of the whole log
            same = legacy_log_digest(driver.events) == record.log_digest
        if not same:
            raise RecordError(
                f"record replays to a different log than it was saved with{_changed(g)}"
            )
    return driver


def _changed(game: Game) -> str:
    """The rulings that changed the game's play, as the end of a refusal to replay."""
    if not game.rule_changes:
        return ""
    return "; the rules changed since some games were saved: " + "; ".join(game.rule_changes)


def play_bots(
    game: Game, bots: Mapping[int, Bot], seed: int | str, max_decisions: int = 1_000_000
) -> Driver:
    """Play a whole game between bots; returns the finished driver."""
    for bot in bots.values():
        bot.restart()
    d = Driver(game, seed)
    d.run_bots(bots, max_decisions)
    if not d.state.is_terminal():
        raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return d
