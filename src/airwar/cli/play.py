"""``airwar play GAME``: play any installed game at the terminal.

Any game of the registry (the ones airwar ships and any other package's that
declares itself in the ``airwar.games`` entry-point group) is created with its
options (``--option NAME=VALUE``, as ``airwar migs play`` takes them) and its
seats (``--seat SEAT=human`` or ``--seat SEAT=ai:BOT``), saved at every decision
and played in the one terminal loop with the game's own renderer, or the generic
one when it has none. With every seat a bot it plays to the end without input.
``--resume ID`` carries on a saved game of any of them.
"""

from __future__ import annotations

from typing import Annotated

import typer

from airwar.cli.common import (
    AiDelay,
    DatabaseUrl,
    GameSeed,
    GameTitle,
    OptionPairs,
    ResumeId,
    Typer,
    parse_option_pairs,
    parse_seed,
    reports_errors,
)
from airwar.cli.play_loop import PlayLoop
from airwar.cli.playing import open_sessions, renderer_for
from airwar.core.errors import OptionError
from airwar.core.registry import game_names, load_game
from airwar.core.text import printable
from airwar.games import load_all
from airwar.session import AI_PREFIX, HUMAN, REMOTE, SeatError

SEAT_HELP = (
    "Who plays a seat, as SEAT=human or SEAT=ai:BOT (repeat for each seat; a seat not "
    "given takes the game's default: a person here, or a referee's automatic player)."
)


def seat_kinds(names: list[str], given: list[str] | None) -> dict[str, str]:
    """``--seat`` pairs as the session's seat kinds: a seat named in any case, ``human``
    (or ``remote``, a seat left to a browser), a bot as ``ai:BOT`` or its name alone."""
    out: dict[str, str] = {}
    low = {n.lower(): n for n in names}
    for pair in given or []:
        seat, sep, kind = (part.strip() for part in pair.partition("="))
        if not sep or not seat or not kind:
            raise SeatError(f"--seat {pair!r} is not written as SEAT=human or SEAT=ai:BOT")
        name = low.get(seat.lower())
        if name is None:
            raise SeatError(f"--seat {pair!r}: no such seat (seats: {', '.join(names)})")
        kind = kind.lower()
        if kind not in (HUMAN, REMOTE) and ":" not in kind:
            kind = f"{AI_PREFIX}{kind}"
        out[name] = kind
    return out


@reports_errors
def play(
    game: Annotated[
        str | None,
        typer.Argument(help="The game to play (a name airwar's games list).", show_default=False),
    ] = None,
    option: OptionPairs = None,
    seat: Annotated[
        list[str] | None, typer.Option("--seat", help=SEAT_HELP, show_default=False)
    ] = None,
    seed: GameSeed = None,
    title: GameTitle = None,
    resume: ResumeId = None,
    ai_delay: AiDelay = 0.0,
    database_url: DatabaseUrl = None,
) -> None:
    """Play any installed game at the terminal: each seat a person here or a bot.

    Every decision is saved as it is made; with every seat a bot the game plays to
    its end without input and the saved game's id is printed.
    """
    load_all()
    if resume is not None:
        given = [
            flag
            for flag, value in (("GAME", game), ("--option", option), ("--seed", seed))
            if value
        ]
        if given:
            raise OptionError(
                f"{', '.join(given)} cannot be used with --resume: a saved game keeps its own"
            )
    elif game is None:
        raise OptionError(f"give a game (one of: {', '.join(game_names())}), or --resume ID")
    elif game not in game_names():
        raise OptionError(f"unknown game {game!r} (games: {', '.join(game_names())})")
    sessions = open_sessions(database_url)
    if resume is not None:
        live = sessions.get(resume, resume_bots=False)  # the bots play on here, told
        sessions.reseat(live, seat_kinds(live.seat_names(), seat))
        typer.echo(f"resumed game {live.id} at decision {live.decisions}")
    else:
        assert game is not None
        rules = load_game(game, parse_option_pairs(option))
        names = [rules.seat_name(i) for i in range(rules.num_players)]
        live = sessions.create(
            rules,
            seat_kinds(names, seat),
            seed=parse_seed(seed),
            title=title,
            meta={"interface": "terminal"},
            run_bots=False,
            stop_at_rolls=True,
        )
        typer.echo(f"saved as game {live.id} (resume with airwar play --resume {live.id})")
    typer.echo(printable(f"{live.title}: type help at the prompt"))
    loop = PlayLoop(sessions, live, renderer_for(live.game), ai_delay=ai_delay)
    if resume is not None:
        loop.catch_up()
    loop.play()


app = Typer(add_completion=False)
"""The ``play`` command, which the root loads when it is named."""
app.command("play")(play)
