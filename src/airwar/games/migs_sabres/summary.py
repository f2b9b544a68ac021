"""The score of a MiGs and Sabres game or engagement as it stands, and its type.

Each state answers :meth:`standing` from its own fields (never from a view):
the points per side, the kills, the sortie reached of ``sorties_per_side``
(the whole game only), the result once decided, and how a game ended by its
players' word ended (``ended_by``: "Allied resigned", MS-35..37). The one
summary the store keeps for either game is :meth:`Standing.summary`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from airwar.core.game import GameType

MIGS_TYPE = GameType(
    information="perfect",
    chance=True,
    undo=True,
    concede=True,
    terminal="airwar.cli.migs_play:MigsRenderer",
    web="airwar.web.migs:PARTS",
)
"""Both MiGs and Sabres games: open information, dice, undo against the AI (the bots
that play them say so in the bot registry; their advisor, the exact solver, is
:meth:`MigsGame.advisor`)."""


@dataclass(frozen=True)
class Standing:
    """Where a game of MiGs and Sabres stands (like python-chess's ``Board.outcome()``).

    ``scores`` and ``kills`` per side (``"communist"``, ``"allied"``); ``result`` the
    winning side, ``"draw"``, or None while undecided; ``sortie`` (the one flown, or
    the last once over) of ``sorties_per_side`` for a whole game, None for one
    engagement; ``ended_by`` the players' word that ended it (MS-35..37), if any.
    """

    scores: Mapping[str, int]
    kills: Mapping[str, int]
    result: str | None
    sortie: int | None = None
    sorties_per_side: int | None = None
    ended_by: str | None = None

    def summary(self) -> dict[str, Any]:
        """The summary the store keeps (the games lists read it without a replay)."""
        out: dict[str, Any] = {"scores": dict(self.scores), "kills": dict(self.kills)}
        if self.sorties_per_side is not None:
            out["sortie"] = self.sortie
            out["sorties_per_side"] = self.sorties_per_side
        out["result"] = self.result
        if self.ended_by:
            out["ended_by"] = self.ended_by
        return out
