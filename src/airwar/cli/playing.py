"""What the terminal's game commands share: the play session on the saved games.

``airwar migs play``, ``airwar gunslingers play`` and ``airwar bia
engagement`` create, resume and play their games through
:class:`airwar.session.Sessions`, like the browser app does, so a game
started in one interface goes on in the other with the same rules for
saving, bots and undo. A save that another writer (a browser, another
terminal) got in before is refused; the command then ends with
:func:`changed_elsewhere`'s one line and exit code 2, keeping nothing of its
stale copy.
"""

from __future__ import annotations

from airwar.bots.registry import make_bot
from airwar.cli.common import open_store
from airwar.core.errors import AirwarError
from airwar.session import Sessions
from airwar.store import GameChanged


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
