"""What the terminal's game commands share: the play session, and a game's renderer.

``airwar play``, ``airwar migs play``, ``airwar gunslingers play`` and ``airwar
bia engagement`` create, resume and play their games through
:class:`airwar.session.Sessions`, like the browser app does, so a game started
in one interface goes on in the other with the same rules for saving, bots and
undo. They all run the one terminal loop (:class:`airwar.cli.play_loop.PlayLoop`),
which shows a game through its :class:`Renderer`, as the browser's
``A.rendererFor`` does: a game names its own in its ``GameType.terminal``
(``"module:attribute"``), and a game without one is shown by :class:`Renderer`
itself (the view's fields, the game's log lines, the legal actions).

A save that another writer (a browser, another terminal) got in before is
refused; the command then ends with :func:`changed_elsewhere`'s one line and exit
code 2, keeping nothing of its stale copy.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

import typer

from airwar.bots.registry import make_bot
from airwar.cli.common import open_store
from airwar.core.checks import Check
from airwar.core.errors import AirwarError, InvalidNotation
from airwar.core.game import Action, Game
from airwar.core.text import printable, printable_values
from airwar.session import Sessions
from airwar.store import GameChanged

if TYPE_CHECKING:
    from airwar.session import PlaySession


class LoopView(Protocol):
    """What a renderer reads of the loop that draws with it
    (:class:`airwar.cli.play_loop.PlayLoop`): the game, who reads it here, what they see."""

    live: PlaySession
    viewer: str | None
    """The seat this terminal reads as (None: everything)."""
    only: str | None
    """The one seat this terminal plays, when it plays one seat alone."""

    def view(self) -> dict[str, Any]: ...

    def events_since(self, start: int) -> list[dict[str, Any]]: ...


class ChangedElsewhere(AirwarError):
    """The game moved on in another interface: this command stops and saves nothing more."""


def open_sessions(database_url: str | None, *, create: bool = True) -> Sessions:
    """The play sessions on the saved-games database at ``database_url`` (``create=False``:
    a command that only reads, which makes no database)."""
    return Sessions(open_store(database_url, create=create), make_bot=make_bot)


def changed_elsewhere(game_id: str, exc: GameChanged, resume: str) -> ChangedElsewhere:
    """The one line for a refused save: what changed and how to carry on."""
    detail = str(exc)
    detail = detail.removeprefix(f"game {game_id} changed elsewhere: ")
    detail = detail.removesuffix("; reload the game")
    return ChangedElsewhere(
        f"game {game_id} changed elsewhere: {detail}; resume with {resume} --resume {game_id}"
    )


class Renderer:
    """How one game is shown and typed at the terminal; the generic renderer as it is.

    The loop (:class:`~airwar.cli.play_loop.PlayLoop`) attaches itself
    (:attr:`loop`) and asks: the new log events (:meth:`tell`), a roll about to be
    made, with its odds (:meth:`before_roll`), the position for the seat to decide
    (:meth:`turn`), the prompt, the game's own commands (:meth:`command`), the
    decisions a typed line means (:meth:`decision`), and the lines for a bot's
    move, an undo, a wait, the end and a stop. A game's own renderer overrides
    what it shows its own way; everything else is the generic way: the view's
    fields, the game's log lines (``Game.narrate``) and the legal actions.
    """

    command_name = "airwar play"
    """The command that resumes a game (``--resume ID``), as the messages name it."""

    quit_words: tuple[str, ...] = ("quit", "exit")

    help_text = (
        "Type one of the legal actions as it is listed, or a command:\n"
        "  ?, moves   the legal actions      view    the position as this seat sees it\n"
        "  log [N]    the last N log lines   undo    take back your last move (against the AI)\n"
        "  save       how to resume          quit    stop here (every decision is saved)\n"
        "  help       this text"
    )

    loop: LoopView

    def attach(self, loop: LoopView) -> None:
        self.loop = loop

    @property
    def live(self) -> PlaySession:
        return self.loop.live

    # -- writing and reading ------------------------------------------------------
    def say(self, text: str = "") -> None:
        typer.echo(printable(text))

    def read(self, prompt: str) -> str:
        """A line typed at ``prompt``; :class:`EOFError` at the end of the input."""
        if prompt:
            typer.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    # -- the log and the rolls ----------------------------------------------------
    def tell(self, events: list[dict[str, Any]], *, roll_told: bool = False) -> None:
        """New events of the log, each as its line."""
        for event in events:
            self.say(event_line(event))

    def reread(self, events: list[dict[str, Any]]) -> None:
        """The events told before (a resumed game, an undo), to read without telling."""

    def before_roll(self, check: Check | None, *, open_book: bool) -> bool:
        """Tell the roll about to be made, with its odds, when this terminal may see it
        before it is made (``open_book``); whether it was told."""
        if check is None or not open_book:
            return False
        self.say(f"    to roll: {check.explain()}")
        return True

    # -- a person's turn ----------------------------------------------------------
    def turn(self, seat: int) -> None:
        """A person here is to decide: the position and the choices."""
        self.draw(seat)
        self.list_actions(seat)

    def draw(self, seat: int | None) -> None:
        """The position as this terminal may see it: the view's fields, one a line."""
        for name, value in printable_values(self.loop.view()).items():
            if name in ("actor", "terminal"):
                continue
            self.say(f"  {name}: {_short(value)}")

    def list_actions(self, seat: int) -> None:
        actions = [str(a) for a in self.live.state.legal_actions()]
        self.say(f"{self.live.game.seat_name(seat)} may: {', '.join(actions)}")

    def prompt(self, seat: int) -> str:
        return f"{self.live.game.seat_name(seat)}> "

    def command(self, seat: int, words: list[str]) -> bool:
        """The game's commands at the prompt (``words``, the first lowered); True if it
        was one (then the prompt comes again)."""
        word = words[0]
        if word == "help":
            self.say(self.help_text)
        elif word in ("?", "moves"):
            self.list_actions(seat)
        elif word == "view":
            self.draw(seat)
        elif word == "save":
            self.say(
                f"saved: every decision is saved as it is made; resume with: "
                f"{self.command_name} --resume {self.live.id}"
            )
        elif word == "log":
            n = int(words[1]) if len(words) > 1 and words[1].isdigit() else 20
            for event in self.loop.events_since(0)[-n:]:
                self.say(event_line(event))
        else:
            return False
        return True

    def decision(self, seat: int, line: str) -> list[str]:
        """The decisions of ``seat`` a typed line means (a whole path, if the game has
        them); :class:`~airwar.core.errors.InvalidNotation` when it means none."""
        return [line]

    def refused(self, message: str) -> str:
        """How a refusal is told at the prompt."""
        return f"refused: {message}"

    def refusal(self, exc: Exception) -> str:
        if isinstance(exc, InvalidNotation):
            return self.refused(f"{exc}; type help for the commands")
        return self.refused(str(exc))

    def undone(self, seat: int, taken: list[str], mine: list[str]) -> None:
        """``seat``'s move ``mine`` and the decisions after it (``taken``, all) are back."""
        self.say(f"taken back: {'; '.join(taken)}")

    # -- the bots and the other seats ------------------------------------------------
    def before_bot(self, seat: int, name: str) -> None:
        """A bot is about to decide for ``seat``."""

    @contextmanager
    def thinking(self) -> Iterator[None]:
        """Around a bot's thinking (a game may show what it waits for)."""
        yield

    def bot_played(self, seat: int, name: str, action: Action) -> None:
        index = self.live.decisions - 1
        text = self.live.decision_text(index, self.loop.viewer)
        self.say(f"{self.live.game.seat_name(seat)} ({name}) plays {text}")

    def waiting(self, seat: int) -> str:
        """The line shown while a seat played elsewhere decides."""
        return f"waiting for {self.live.to_act_for(self.loop.viewer) or seat}"

    # -- the end, or a stop -------------------------------------------------------
    def finished(self) -> None:
        self.say(f"the game is over: {result_text(self.live)}")
        self.say(f"saved as game {self.live.id}")

    def stopped(self, *, end_of_input: bool) -> None:
        first = "end of input: the game is saved" if end_of_input else "saved"
        self.say(f"{first}; resume with: {self.command_name} --resume {self.live.id}")


def event_line(event: Mapping[str, Any]) -> str:
    """An event as a line: the game's own words for it, else its kind and fields."""
    line = event.get("line")
    if isinstance(line, str) and line:
        return printable(line)
    fields = ", ".join(
        f"{k}={_short(v)}" for k, v in event.items() if k not in ("type", "line", "seq")
    )
    return printable(f"{event.get('type', 'event')}: {fields}" if fields else event.get("type", ""))


def result_text(live: PlaySession) -> str:
    """The end of a game in words: the result and the score its summary gives, else
    each seat's return."""
    summary = live.summary()
    parts = []
    result = summary.get("result")
    if result is not None:
        parts.append("a draw" if result == "draw" else f"{result} won")
    scores = summary.get("scores")
    if isinstance(scores, Mapping) and scores:
        parts.append(", ".join(f"{side} {score}" for side, score in scores.items()))
    if not parts:
        returns = live.state.returns()
        each = ", ".join(f"{n} {r:g}" for n, r in zip(live.seat_names(), returns, strict=False))
        parts.append(f"{live.game.title} has ended: {each}")
    return printable("; ".join(parts))


def _short(value: Any, limit: int = 160) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def renderer_for(game: Game) -> Renderer:
    """A new renderer of ``game``: the one its ``GameType.terminal`` names (a class of
    :class:`Renderer`, or a function making one, called with no arguments), else the
    generic :class:`Renderer`."""
    where = game.game_type.terminal
    if where is None:
        return Renderer()
    module, _, name = where.partition(":")
    made = getattr(importlib.import_module(module), name)()
    if not isinstance(made, Renderer):
        raise TypeError(f"{where} makes no terminal renderer")
    return made
