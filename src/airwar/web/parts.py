"""What a game brings to the browser app: its :class:`WebParts`, found through the registry.

The generic app knows no game. Each game's type names its browser parts
(``GameType.web = "module:attribute"``), as boardgame.io's ``Server({ games })``
takes each game's object: the routers of its own API and pages, the links it adds
to the navigation bar, the renderer scripts its play and replay pages load, the
routes that take a whole file, hooks run as the server starts and stops, and the
few questions the generic routes ask of a game (may a new game start now, what
does the advisor say of this state, what does the replay page offer). A game
without parts is served by the generic pages and the generic renderer
(``games.js``).

:func:`all_parts` imports every declared game package (:func:`airwar.games.load_all`)
and then each game's parts; games of one package that share one parts object are
mounted once.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter
from fastapi.routing import APIRoute

import airwar.games
from airwar.core.errors import AirwarError
from airwar.core.registry import game_class, game_names

if TYPE_CHECKING:
    from fastapi import FastAPI

    from airwar.core.game import Game, GameState
    from airwar.session import PlaySession


class WebPartsError(AirwarError):
    """A game's ``GameType.web`` that names no :class:`WebParts` (named with the game)."""


@dataclass(frozen=True)
class NavLink:
    """One link of the navigation bar: the page's route name (so that the link holds the
    prefix a proxy mounts the app under), its words, and the ``page`` key that marks it
    as the page shown."""

    route: str
    label: str
    page: str
    place: int = 50
    """Where in the bar, lower first (the links of all games together)."""


@dataclass(frozen=True)
class HomeLink:
    """A link of a game's card on the home page: to a route of the app (by its name, so
    the link keeps a proxy's prefix) or to a part of the home page itself (``#anchor``)."""

    label: str
    route: str | None = None
    anchor: str | None = None


@dataclass(frozen=True)
class HomeCard:
    """A game's card on the home page: what it is in a few sentences, and where to start."""

    id: str
    """The card's element id (``about-<game>``)."""
    title: str
    text: str
    links: tuple[HomeLink, ...] = ()
    place: int = 50
    """Where among the cards, lower first (the cards of all games together)."""


@dataclass(frozen=True)
class AppSettings:
    """What the app was asked as it was made that a game's hooks read (``create_app``)."""

    warm_solver: bool = False
    """Ready slow machinery (a compiled solver) in the background as the server starts."""
    solver_slots: int | None = None
    """How many expensive jobs (running and queued) the server's processes hold together;
    None: the game's own default."""
    background_solve: bool = False
    """Do the game's precomputation in the background as the server starts."""


@dataclass(frozen=True)
class WebParts:
    """A game's browser side, declared once (``GameType.web`` names it).

    Every field is optional: a game with no parts at all is still served (the
    generic new-game form when its ``setup`` is ``"options"``, the generic renderer).
    """

    name: str
    """Whose parts these are, in a word (for messages)."""
    routers: tuple[APIRouter, ...] = ()
    """The game's own API routes and pages, mounted as they are."""
    nav: tuple[NavLink, ...] = ()
    """Links the game adds to every page's navigation bar."""
    scripts: tuple[str, ...] = ()
    """The renderer scripts of its play and replay pages, in load order (after the
    generic ``svg.js`` and ``games.js``, before the page's own script): paths under
    the app's ``static`` folder, or under :attr:`static` when the game brings one."""
    static: tuple[str, str] | None = None
    """A folder of the game's own package, ``(package, directory)``, served at
    ``/static/games/<game name>/``: a game installed apart brings its scripts in it."""
    uploads: tuple[APIRouter, ...] = ()
    """Routers (among :attr:`routers`) whose every POST route takes a whole file: the
    body guard gives them the upload limit instead of the small one."""
    start: Callable[[FastAPI, AppSettings], None] | None = None
    """Run as the server starts, before the games left with a bot to act go on (the
    game's queues and background work, as the settings say)."""
    stop: Callable[[FastAPI], None] | None = None
    """Run as the server stops, before the bots' workers are closed."""
    environment: Callable[[Mapping[str, str]], Mapping[str, Any]] | None = None
    """The ``create_app`` settings read from the environment (a worker process of
    ``airwar serve --workers N``); a bad value raises ValueError in one line."""
    before_create: Callable[[Mapping[str, str]], None] | None = None
    """Checks a new game's seats before it is made: raises to refuse it now (a queue
    full: :class:`airwar.web.limits.ServiceBusy`, 503)."""
    advice: Callable[[Game, GameState, bool], dict[str, Any] | None] | None = None
    """The advisor's values of a state, as the game JSON's ``solver`` carries them
    (None: none known now); read under the game's lock, never computed at length. The
    flag is False for a seat whose hints come only after its move: the values then
    leave out what would tell it the move to make."""
    home: tuple[HomeCard, ...] = ()
    """The game's cards on the home page (a game without one is still offered by the
    generic new-game form when its ``setup`` is ``"options"``)."""
    home_panel: str | None = None
    """A template of the app's own (``templates/``) the home page includes after the
    cards: a game's own way in (Gunslingers: play it solo)."""
    home_scripts: tuple[str, ...] = ()
    """The scripts of :attr:`home_panel`, under the app's ``static`` folder."""
    replay_context: Callable[[PlaySession], dict[str, Any]] | None = None
    """What the replay page offers besides the generic parts (the analysis panel):
    template context, read under the game's lock."""

    def upload_paths(self) -> frozenset[str]:
        """The paths of the POST routes of :attr:`uploads`."""
        return frozenset(
            r.path
            for router in self.uploads
            for r in router.routes
            if isinstance(r, APIRoute) and "POST" in (r.methods or ())
        )


def load(spec: str, game: str) -> WebParts:
    """The :class:`WebParts` that ``spec`` (``"module:attribute"``) names for ``game``."""
    module, sep, attribute = spec.partition(":")
    if not sep or not module or not attribute:
        raise WebPartsError(f"game {game!r}: web {spec!r} is not 'module:attribute'")
    try:
        found = getattr(importlib.import_module(module), attribute)
    except ImportError as exc:
        raise WebPartsError(f"game {game!r}: web parts {spec!r} cannot be imported: {exc}") from exc
    except AttributeError:
        raise WebPartsError(
            f"game {game!r}: web parts {spec!r}: {module} has no {attribute}"
        ) from None
    if not isinstance(found, WebParts):
        raise WebPartsError(
            f"game {game!r}: web parts {spec!r} is a {type(found).__name__}, not a WebParts"
        )
    return found


def parts_by_game() -> dict[str, WebParts]:
    """Every registered game that declares browser parts -> its parts (the game packages
    are loaded first)."""
    airwar.games.load_all()
    out: dict[str, WebParts] = {}
    for name in game_names():
        spec = game_class(name).game_type.web
        if spec:
            out[name] = load(spec, name)
    return out


def parts_for(game: Game) -> WebParts | None:
    """The parts ``game``'s type declares (None: the generic pages serve it)."""
    spec = game.game_type.web
    return load(spec, game.name) if spec else None


def all_parts(by_game: Mapping[str, WebParts] | None = None) -> list[WebParts]:
    """Each parts object once, in the order of the first game that declares it."""
    found = parts_by_game() if by_game is None else by_game
    out: list[WebParts] = []
    for parts in found.values():
        if not any(p is parts for p in out):
            out.append(parts)
    return out


def navigation(parts: list[WebParts]) -> list[NavLink]:
    """The links of every game's parts, in their places."""
    return sorted((link for p in parts for link in p.nav), key=lambda link: link.place)


def home_cards(parts: list[WebParts]) -> list[HomeCard]:
    """The cards of every game's parts, in their places."""
    return sorted((card for p in parts for card in p.home), key=lambda card: card.place)


def upload_paths(parts: list[WebParts]) -> frozenset[str]:
    """The paths of every route that takes a whole file, of all the games' parts."""
    return frozenset(path for p in parts for path in p.upload_paths())


def static_name(game: str) -> str:
    """The route name of a game's own static folder (``url_for(static_name(g), path=...)``)."""
    return f"static-games-{game}"
