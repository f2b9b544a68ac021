"""The play session: the one way every interface creates, resumes and plays games.

The browser app, ``airwar play`` and the games' own terminal commands all play
through :class:`Sessions`. It creates a game (with a fresh secret seed and a
published commitment to it; a game between two people never takes a seed from a
client) and resumes one from the store; the rest of its work is in the modules it
is built from: saving (:mod:`~airwar.session.saving`), bots
(:mod:`~airwar.session.bots`), acting (:mod:`~airwar.session.acting`) and taking
back (:mod:`~airwar.session.takeback`).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from airwar.core.driver import Driver, replay
from airwar.core.errors import OptionError
from airwar.core.fairness import commitment, new_salt, new_secret_seed
from airwar.core.game import Game
from airwar.core.record import CHAIN_PREFIX, GameRecord
from airwar.core.registry import load_game
from airwar.session.errors import Conflict
from airwar.session.live import HINTS_OFF, hint_refusal
from airwar.session.readers import PlaySession
from airwar.session.seats import (
    SeatError,
    SeedRefused,
    check_seats,
    default_seats,
    helper_bot,
    human_seats,
    new_tokens,
)
from airwar.session.takeback import TakingBack


class Sessions(TakingBack):
    """Creates, loads, plays, undoes and replays games on top of the store.

    ``make_bot(name, seed)`` builds the bots that play seats of kind ``ai:NAME``.
    """

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
        stop_at_rolls: bool = False,
        trusted_seed: bool = False,
        hints: Mapping[str, str] | None = None,
    ) -> PlaySession:
        """Start a game and save it; the bots make their opening decisions.

        A seed may be given only when at most one seat is played by a person
        (a solo game, or bots against bots): a game between two people
        always rolls from a fresh secret seed that no client sees.
        ``trusted_seed`` lifts that rule for a seed chosen by the server's
        owner, never by a client (test fixtures, reproducing a reported game).

        With ``stop_at_rolls`` (and ``run_bots=False``) the game stops before
        its first roll and every later one, so an interface can explain each
        roll before making it (:meth:`roll`, and :meth:`stop_at_rolls`); the
        saved digest covers the log up to the last decision either way.

        ``hints`` gives a seat's hint setting (:data:`HINT_MODES`, off when not
        given); only the person's seat of a game against the AI may have them on
        (:func:`hint_refusal`).
        """
        g = load_game(game, options) if isinstance(game, str) else game
        if g.halted is not None:
            raise OptionError(f"a new game cannot start from these options: {g.halted}")
        names = tuple(g.seat_name(i) for i in range(g.num_players))
        allowed = self._bots_allowed(g, names, seats, bots)
        kind = g.game_type
        defaults = default_seats(names, kind.referee, kind.assistant)
        assigned = check_seats(names, seats, allowed, defaults)
        people = human_seats(assigned)
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
        driver = Driver(g, seed, auto_chance=not stop_at_rolls)
        who = ", ".join(f"{seat} {kind}" for seat, kind in assigned.items())
        name = title or f"{g.title} ({who})"
        record = GameRecord(g.name, dict(g.options), driver.seed)
        record.log_digest = driver.log_digest
        game_id = self.store.create_game(record, title=name, seats=assigned, meta=full_meta)
        live = PlaySession(
            game_id, name, dict(assigned), full_meta, driver, stop_at_rolls=stop_at_rolls
        )
        if stop_at_rolls:
            self._stopped_at_rolls.add(game_id)
        self._remember(live)
        self._save_summary(live)
        if run_bots:
            self.continue_bots(live)
        return live

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
                live.use(fresh.driver)
                live.meta = fresh.meta
                live.version += 1

    # -- replay ------------------------------------------------------------------
    # -- what an interface changes of a game in play --------------------------------
    def stop_at_rolls(self, live: PlaySession, stop: bool = True) -> None:
        """Have the game stop before each roll, so that an interface tells it before it is
        made (:meth:`roll` makes it), or roll on its own again (``stop=False``). Kept by
        every later copy of the game in this process: after an undo, a take-back, a
        refused save or a reload."""
        with live.lock:
            live.stop_at_rolls = stop
            live.use(live.driver)
            if stop:
                self._stopped_at_rolls.add(live.id)
            else:
                self._stopped_at_rolls.discard(live.id)

    def _bots_allowed(
        self,
        game: Game,
        names: Sequence[str],
        seats: Mapping[str, str],
        bots: Sequence[str] | None,
    ) -> list[str]:
        """The bots that may take these seats (``bots``, or every bot that plays the
        game); a seat given to a bot that does not play this game, or not with these
        options, is refused with the registry's one line (:class:`SeatError`)."""
        maker = self.make_bot
        if maker is None:
            return list(bots) if bots is not None else []
        for seat_name, who in seats.items():  # an unknown seat is named by check_seats
            helper = helper_bot(who) if seat_name in names else None
            why = maker.refusal(helper, game) if helper is not None else None
            if why:
                raise SeatError(f"seat {seat_name}: {why}")
        return list(bots) if bots is not None else maker.bots_for(game)

    def reseat(
        self, live: PlaySession, seats: Mapping[str, str], *, bots: Sequence[str] | None = None
    ) -> bool:
        """Hand the seats named in ``seats`` to other players (a person here, a person
        elsewhere, a bot among ``bots``, the game's own by default), the others staying as
        they are; every seat is checked as when a game is created (:class:`SeatError`).
        Saved at once; returns whether anything changed."""
        with live.lock:
            wanted = {**live.seats, **seats}
            if wanted == live.seats:
                return False
            names = tuple(live.seat_names())
            allowed = self._bots_allowed(live.game, names, seats, bots)
            assigned = check_seats(names, wanted, allowed)
            self.store.update(live.id, seats=assigned)
            live.seats = assigned
            return True

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
