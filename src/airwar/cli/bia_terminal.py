"""Bounce Into Action at the terminal: its renderer for the one terminal loop.

An engagement has no decisions, only its file's script and its rolls: the loop
makes each roll, and :class:`BiaRenderer` tells each event in the game's own lines
(:mod:`airwar.games.bia.narrate`: each shot with its hit number, its modifiers and its
odds before the roll, BIA-4), then the seed that replays it.
"""

from __future__ import annotations

from typing import Any

from airwar.cli.playing import Renderer
from airwar.core.checks import Check
from airwar.core.text import printable_values
from airwar.games.bia.narrate import SPACED


class BiaRenderer(Renderer):
    """An engagement's explained log; ``quiet``: nothing (the command writes JSON)."""

    def __init__(self, *, quiet: bool = False) -> None:
        self.quiet = quiet

    def tell(self, events: list[dict[str, Any]], *, roll_told: bool = False) -> None:
        if self.quiet:
            return
        game = self.live.game
        for event in printable_values(events):
            line = game.narrate(event)
            if not line:
                continue
            if event["type"] in SPACED:  # a turn and the end stand apart
                self.say("")
            for row in line.split("\n"):
                self.say(row)

    def before_roll(self, check: Check | None, *, open_book: bool) -> bool:
        """Each shot's event gives its odds before the roll: nothing more to tell."""
        return False

    def finished(self) -> None:
        if not self.quiet:
            self.say(f"Seed {self.live.seed}: the same seed replays this engagement exactly.")
