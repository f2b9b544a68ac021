"""The one terminal loop of every game: prompt, parse, act, tell, undo, bots, rolls.

Every game played at the terminal (``airwar play``, ``airwar migs play``,
``airwar gunslingers play``, ``airwar bia engagement``) runs this loop through
the play session (:mod:`airwar.session`), the same one the browser app uses, and
shows it through the game's :class:`~airwar.cli.playing.Renderer`:

- the game stops at every roll (:meth:`Sessions.stop_at_rolls`): each is told
  with its odds before it is made (:meth:`Sessions.roll`, saved with the score it
  leaves) and its outcome after;
- the bots play their seats (:meth:`Sessions.bot_step`, seeded by
  :func:`airwar.session.bot_seed`, so the same game goes on here as in the browser);
- a person here types a decision, or a whole path, checked as a whole and saved in
  one transaction (:meth:`Sessions.act`), or a command; ``undo`` is
  :meth:`Sessions.undo` (against the AI; the referee's take-back);
- a seat played elsewhere (a browser on the same database) is waited for, the
  store read every ``poll`` seconds.

If another writer saved first, :class:`~airwar.store.GameChanged` ends the loop
(the refused move is kept nowhere); a terminal that plays one seat only
(``only``) reloads the game instead and goes on.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import typer

from airwar.cli.common import fail
from airwar.cli.playing import Renderer, changed_elsewhere
from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.core.game import CHANCE, TERMINAL
from airwar.session import HUMAN, Conflict, PlaySession, Sessions
from airwar.store import GameChanged


@dataclass
class SessionResult:
    """How a session ended: ``finished`` or stopped by the player (``quit``)."""

    game_id: str
    finished: bool


class PlayLoop:
    """One terminal session of a saved game, played through the play session ``live``.

    ``only``: the one seat this terminal plays (the others are played elsewhere); it
    reads that seat's view and events alone. Without it the terminal plays the seats
    ``here`` (by default those of the people here, ``human``) and reads what they
    may (everything when every person sits here); a seat played from a browser
    (``remote``) is waited for. ``ai_delay``: seconds to pause after each bot's
    decision.
    """

    def __init__(
        self,
        sessions: Sessions,
        live: PlaySession,
        renderer: Renderer,
        *,
        only: str | None = None,
        here: Sequence[str] | None = None,
        poll: float = 1.0,
        ai_delay: float = 0.0,
    ) -> None:
        self.sessions = sessions
        self.live = live
        self.renderer = renderer
        self.only = only
        self.poll = poll
        self.ai_delay = ai_delay
        sessions.stop_at_rolls(live)  # each roll is told before it is made
        self.shared = only is not None or live.has_remote()
        """Whether seats of this game are played elsewhere too: a save refused because
        one of them moved first is then no fault, and the game is read again."""
        names = live.seat_names()
        if only is not None:
            self.mine = {names.index(only)}
            self.viewer: str | None = only
            self.open_book = only == live.referee  # the referee sees every roll before it
        else:
            if here is None:
                here = [n for n, k in live.seats.items() if k == HUMAN]
            if live.has_remote() and not here:
                fail("every person's seat of this game is played elsewhere: name one with --seat")
            # what this terminal may read: everything when every person sits here (the
            # referee's console), else what the seats played here may see
            self.viewer = here[0] if live.has_remote() and here else None
            self.open_book = live.sees_all(self.viewer)
            self.mine = {names.index(n) for n in here}
        self.shown = 0
        self.waited: str | None = None
        renderer.attach(self)

    @property
    def game_id(self) -> str:
        return self.live.id

    # -- what this terminal reads --------------------------------------------------
    def events_since(self, start: int) -> list[dict[str, Any]]:
        if self.only is not None:  # this seat alone, not the people who share its table
            seat = self.live.seat_index(self.only)
            state = self.live.state
            return self.live.narrated(state.visible_events(seat, start), state)
        return self.live.visible_events(self.viewer, start)

    def count_now(self) -> int:
        """This terminal's count of the events it reads (it stands still while a seat
        played elsewhere decides in secret, GS-73)."""
        if self.only is not None:
            return self.live.state.log_count([self.live.seat_index(self.only)])
        return self.live.log_length(self.viewer)

    def view(self) -> dict[str, Any]:
        if self.only is not None:
            return self.live.state.view(self.live.seat_index(self.only))
        return self.live.view(self.viewer)

    def show_new(self, *, roll_told: bool = False) -> None:
        self.renderer.tell(self.events_since(self.shown), roll_told=roll_told)
        self.shown = self.count_now()

    def catch_up(self) -> None:
        """Read the log so far without telling it (a resumed game)."""
        self.renderer.reread(self.events_since(0))
        self.shown = self.count_now()

    def reload(self) -> None:
        """The game as the store holds it now (a seat played elsewhere moved it)."""
        self.live = self.sessions.get(self.game_id, fresh=True, resume_bots=False)

    # -- the loop --------------------------------------------------------------------
    def play(self) -> SessionResult:
        """:meth:`run` at the terminal: Ctrl-C stops it (the game is saved to its last
        decision; exit code 130), and a save refused because the game changed elsewhere
        ends the command with one line naming how to resume (exit code 2)."""
        try:
            return self.run()
        except KeyboardInterrupt:
            self.renderer.say("")
            self.renderer.stopped(end_of_input=False)
            raise typer.Exit(130) from None
        except GameChanged as exc:
            raise changed_elsewhere(self.game_id, exc, self.renderer.command_name) from None

    def run(self) -> SessionResult:
        """Play until the game ends or the player stops. A save refused because the game
        changed elsewhere raises :class:`~airwar.store.GameChanged` out of here (unless
        seats of this game are played elsewhere: then the game is reloaded)."""
        while True:
            try:
                self.rolls()
            except GameChanged:
                if not self.shared:
                    raise
                self.reload()
                continue
            self.show_new()
            actor = self.live.state.current_actor()
            if actor == TERMINAL:
                self.renderer.finished()
                return SessionResult(self.game_id, True)
            bots = self.live.bot_seats()
            if actor in bots:
                self.bot_turn(actor, bots[actor])
            elif actor not in self.mine:
                self.wait(actor)
            else:
                self.waited = None
                if not self.person_turn(actor):
                    return SessionResult(self.game_id, False)

    def rolls(self) -> None:
        """Make every pending roll, each told before (with its odds) and after."""
        live = self.live
        while live.state.current_actor() == CHANCE:
            self.show_new()
            told = self.renderer.before_roll(live.state.pending_check(), open_book=self.open_book)
            self.sessions.roll(live)  # saved with the score it leaves
            self.show_new(roll_told=told)
        if live.saved_summary is None:  # a game loaded here: its score as it stands
            self.sessions.save_summary(live)

    def bot_turn(self, seat: int, name: str) -> None:
        self.renderer.before_bot(seat, name)
        try:
            with self.renderer.thinking():
                made = self.sessions.bot_step(self.live)
        except GameChanged:
            if not self.shared:
                raise
            self.reload()
            return
        if made is not None:
            self.renderer.bot_played(made[0], name, made[1])
        self.show_new()
        if self.ai_delay:
            time.sleep(self.ai_delay)

    def wait(self, seat: int) -> None:
        """A seat played elsewhere decides: say so once, look at the store again."""
        line = self.renderer.waiting(seat)
        if line != self.waited:
            self.renderer.say(line)
            self.waited = line
        time.sleep(self.poll)
        self.reload()

    def person_turn(self, seat: int) -> bool:
        """Ask ``seat`` until it has made a move (True) or stopped (False)."""
        renderer = self.renderer
        renderer.turn(seat)
        at = self.live.position_version  # the version every decision typed here is made at
        while True:
            try:
                line = renderer.read(renderer.prompt(seat))
            except EOFError:
                renderer.stopped(end_of_input=True)
                return False
            words = line.strip().split()
            if not words:
                continue
            words[0] = words[0].lower()
            if words[0] in renderer.quit_words:
                renderer.stopped(end_of_input=False)
                return False
            if words[0] == "undo":
                try:
                    self.undo(seat, at)
                except Conflict as exc:
                    renderer.say(renderer.refusal(exc))
                    continue
                return True
            if renderer.command(seat, words):
                continue
            try:
                texts = renderer.decision(seat, line.strip())
                self.sessions.act(self.live, seat, texts, run_bots=False, at=at)
            except (InvalidNotation, IllegalAction, Conflict) as exc:
                renderer.say(renderer.refusal(exc))
                continue
            except GameChanged:
                if not self.shared:
                    raise
                renderer.say(
                    renderer.refused(
                        "the game changed meanwhile (another seat decided); here it is"
                    )
                )
                self.reload()
                return True
            self.show_new()
            return True

    def undo(self, seat: int, at: int | None = None) -> None:
        """Take back ``seat``'s last move (and the bots' replies), or as the referee the
        last decision a person made (:meth:`Sessions.undo`). No die is ever re-rolled."""
        actions = list(self.live.record.actions)
        taken = self.sessions.undo(self.live, seat, at=at)
        mine = []
        for s, text in actions[len(actions) - len(taken) :]:
            if s != seat:
                break
            mine.append(text)
        self.catch_up()
        self.renderer.undone(seat, taken, mine)
