"""Gunslingers in the browser: load an example or upload a scenario, then referee it.

A new game carries the whole scenario in its options, so the saved record
replays without the file. The play page itself is the common one: the hex
map, the turn stepper and the roster are drawn by ``static/js/gunslingers.js``
from the seat's view, and each declaration offers only the legal choices.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from airwar.bots.registry import bots_for
from airwar.core.registry import load_game
from airwar.games.examples import GUNSLINGERS, as_path, example_files
from airwar.games.gunslingers import SEQUENCE, GunslingersGame, ScenarioError, parse_scenario
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.game import REFEREE
from airwar.games.gunslingers.model.scenario import parse_scenario_text, read_scenario_data
from airwar.games.gunslingers.model.typecards import card_data, listing
from airwar.games.gunslingers.model.typelib import library
from airwar.session.seats import AI_PREFIX, ASSIST_PREFIX, HUMAN, REMOTE, default_seats
from airwar.web import bots, gunslingers_editor
from airwar.web.api import created
from airwar.web.errors import TOO_MANY, field_error
from airwar.web.gunslingers_scenarios import ExampleName, ScenarioIn, example_data
from airwar.web.identity import browser_id
from airwar.web.limits import CREATE, charge
from airwar.web.parts import HomeCard, HomeLink, NavLink, WebParts
from airwar.web.reading import Service
from airwar.web.schemas import ActionText, Created, Title
from airwar.web.templating import templates

router = APIRouter(tags=["gunslingers"])

GAME = "gunslingers"

RULE_OPTIONS = tuple(
    p for p in GunslingersGame.parameters if p.name not in ("scenario", "scenario_data", "turns")
)
"""The game's options a new game's form sets one by one (the scenario and turns apart)."""


class NewGunslingersGame(ScenarioIn):
    seats: dict[Annotated[str, StringConstraints(max_length=40)], ActionText] = Field(
        default_factory=dict, max_length=12
    )
    turns: Annotated[int, Field(ge=0, le=1000)] = 0
    # the game's rule options (RULE_OPTIONS), each as the game declares it
    los_mode: Literal["interpolated", "lower-end"] = "interpolated"
    ir_flares_break_lock: bool = False
    same_hex_in_arcs: bool = False
    radar_line_of_sight: bool = True
    passdown_escort_jamming: bool = False
    status_on_move: bool = True
    preemption: Literal["referee", "sides", "off"] = "referee"
    shootouts: bool = True
    bingo_disengages: bool = True
    edge_disengagement: bool = True
    operational_moves: bool = True
    seed: Annotated[int, Field(ge=0, le=2**62)] | None = None
    title: Title | None = None
    public: bool = False


class UnitBrief(BaseModel):
    id: str
    kind: str
    side: str
    hex: str


class ScenarioPreview(BaseModel):
    name: str
    turns: int
    sides: list[str]
    seats: list[str]
    units: list[UnitBrief]
    seat_kinds: dict[str, list[str]] = Field(
        default_factory=dict, description="who may play each seat"
    )
    default_seats: dict[str, str] = Field(
        default_factory=dict,
        description="who plays each seat when a new game does not say: the first side the "
        "person here, the others people on other browsers, the referee automatic with no "
        "link (GS-70); a person referees (and sees both sides) only when chosen",
    )


class PhaseInfo(BaseModel):
    name: str
    steps: list[str]


class ExampleInfo(BaseModel):
    name: str
    title: str


def scenario_data(body: ScenarioIn) -> dict[str, Any]:
    """The scenario's TOML content, checked; a 422 lists its problems with their places.

    An example is one the package ships (``airwar gunslingers examples``), named
    by its file name with or without ``.toml``.
    """
    if body.example is not None:
        data, where = example_data(body.example)
    else:
        text = body.scenario_toml or ""
        where = "uploaded scenario"
        try:
            # the same guards as a file: size, nesting, huge integers (GS-42)
            data = parse_scenario_text(text, where)
        except ScenarioError as exc:
            raise field_error(("body", "scenario_toml"), "; ".join(exc.problems)) from None
    try:
        parse_scenario(data, where)
    except ScenarioError as exc:
        raise field_error(("body", "scenario_toml"), "; ".join(exc.problems)) from None
    return data


def preview_of(data: dict[str, Any]) -> ScenarioPreview:
    sc = parse_scenario(data)
    units = []
    for kind in ("aircraft", "sams", "infantry_sams", "ewrs", "ccus", "aaa", "ground_units"):
        for u in getattr(sc, kind):
            q, r = u.hex
            units.append(UnitBrief(id=u.id, kind=kind, side=u.side, hex=f"{q},{r}"))
    seats = (*sc.side_names(), REFEREE)
    bots = bots_for(GunslingersGame())
    side_kinds = [HUMAN, REMOTE, *(AI_PREFIX + b for b in bots)]
    kinds = {name: side_kinds for name in sc.side_names()}
    auto = GunslingersAuto.name
    # the automatic referee first (the default, GS-70); a person only as a deliberate choice
    kinds[REFEREE] = [AI_PREFIX + auto, REMOTE, HUMAN, ASSIST_PREFIX + auto]
    gtype = GunslingersGame.game_type
    return ScenarioPreview(
        name=sc.scenario.name,
        turns=sc.scenario.turns,
        sides=sc.side_names(),
        seats=list(seats),
        units=units,
        seat_kinds=kinds,
        default_seats=default_seats(seats, gtype.referee, gtype.assistant),
    )


@router.get("/api/gunslingers/examples", response_model=list[ExampleInfo])
def list_examples() -> list[ExampleInfo]:
    """The example scenarios that can be loaded by name."""
    out = []
    for name, file in example_files(GUNSLINGERS).items():
        try:
            title = parse_scenario(read_scenario_data(as_path(file)), name).scenario.name
        except ScenarioError:
            continue
        out.append(ExampleInfo(name=name, title=title))
    return out


@router.get("/api/gunslingers/sequence", response_model=list[PhaseInfo])
def sequence() -> list[PhaseInfo]:
    """The Expanded Sequence of Play: every phase and its steps in the text's order (GS-7)."""
    return [PhaseInfo(name=p.name, steps=[s.text for s in p.steps]) for p in SEQUENCE]


@router.post("/api/gunslingers/preview", response_model=ScenarioPreview)
def preview(body: ScenarioIn) -> ScenarioPreview:
    """Check a scenario and show its sides, seats and units (nothing is saved)."""
    return preview_of(scenario_data(body))


@router.post("/api/gunslingers/games", response_model=Created, status_code=201, responses=TOO_MANY)
def new_game(
    body: NewGunslingersGame, request: Request, response: Response, svc: Service
) -> Created:
    """Start a Gunslingers game from an example or an uploaded scenario. A seat not given
    takes its default: the first side the person here, the other sides people on other
    browsers, the referee automatic with no link (GS-70). A person referees only when
    ``seats`` says so (``remote``, ``human``, or ``assist:`` with the automatic player),
    and sees both sides."""
    charge(request, CREATE)
    data = scenario_data(body)
    options = {"scenario_data": data, "turns": body.turns}
    options.update({p.name: getattr(body, p.name) for p in RULE_OPTIONS})
    game = load_game(GAME, options)
    name = str(data.get("scenario", {}).get("name", "scenario"))
    title = body.title or f"Gunslingers: {name}"
    live = svc.create_for(
        browser_id(request, response),
        game,
        options,
        body.seats,
        seed=body.seed,
        title=title,
        public=body.public,
    )
    return created(request, live)


class SoloGame(BaseModel):
    """A solo game: a packaged example and the side the person plays."""

    model_config = ConfigDict(extra="forbid", strict=True)

    example: ExampleName
    side: Annotated[str, StringConstraints(min_length=1, max_length=40)]


class SoloInfo(BaseModel):
    bot: str = Field(description="the AI that plays the other side: the strongest registered")
    examples: list[ExampleInfo]


STRONGEST_BOTS = ("tactical", GunslingersAuto.name)
"""The bots that play a side best, the strongest first: a solo game's AI is the first of
them the bot registry has (the tactical bot, where it is registered). The solo page's
choice, not the rules': the game names no bot of the bots' layer."""


def strongest_bot(known: list[str] | set[str] | tuple[str, ...]) -> str:
    """The strongest bot of :data:`STRONGEST_BOTS` among the ``known`` bot names."""
    return next((name for name in STRONGEST_BOTS if name in known), GunslingersAuto.name)


def solo_bot() -> str:
    """The AI of a solo game: the strongest bot the registry has and the game may seat
    (the tactical bot where it is registered, else the automatic player)."""
    return strongest_bot(bots.names(GAME))


solo_router = APIRouter(tags=["gunslingers"])
"""The solo game's routes: their bodies are small (64 KB, as any), not scenario uploads."""


@solo_router.get("/api/gunslingers/solo", response_model=SoloInfo)
def solo_info() -> SoloInfo:
    """What a solo game offers: the AI that will play the other side, and the examples."""
    return SoloInfo(bot=solo_bot(), examples=list_examples())


@solo_router.post(
    "/api/gunslingers/solo", response_model=Created, status_code=201, responses=TOO_MANY
)
def new_solo_game(body: SoloGame, request: Request, response: Response, svc: Service) -> Created:
    """One click to play: the person plays ``side`` of an example here, the other side is
    the strongest AI and the referee automatic; the only link is the person's own, held
    by this browser."""
    charge(request, CREATE)
    data, name = example_data(body.example)
    sc = parse_scenario(data, name)
    sides = sc.side_names()
    if body.side not in sides:
        raise field_error(("body", "side"), f"no side {body.side!r} (sides: {', '.join(sides)})")
    ai = AI_PREFIX + solo_bot()
    seats = {s: HUMAN if s == body.side else ai for s in sides}
    seats[REFEREE] = AI_PREFIX + GunslingersAuto.name
    options = {"scenario_data": data, "turns": 0}
    live = svc.create_for(
        browser_id(request, response),
        load_game(GAME, options),
        options,
        seats,
        title=f"Gunslingers solo: {sc.scenario.name} as {body.side}",
    )
    return created(request, live)


class TypeRow(BaseModel):
    """A type of the library (GS-60)."""

    name: str
    kind: str
    role: str
    title: str
    variant_of: str | None
    aliases: list[str]


class CardField(BaseModel):
    field: str
    value: Any
    house: str | None
    """Why the number is what it is: every number of the library is a house value."""


class CardRow(BaseModel):
    label: str
    value: str
    house: str | None


class CardSection(BaseModel):
    """A section of a data card in a pilot's words (its rows, each house value's reason)."""

    title: str
    rows: list[CardRow]


class TypeCardOut(BaseModel):
    """A type's data card: each value, each number with its house-value reason."""

    name: str
    kind: str
    role: str
    title: str
    note: str | None
    variant_of: str | None
    aliases: list[str]
    fields: list[CardField]
    sections: list[CardSection]


TypeNameIn = Annotated[str, Path(min_length=1, max_length=80)]
NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"description": "No type of that name in the library"}
}


@router.get("/api/gunslingers/types", response_model=list[TypeRow])
def list_types() -> list[dict[str, Any]]:
    """The library of types: aircraft, weapons, SAM/AAA systems and radars (GS-60)."""
    return listing()


@router.get("/api/gunslingers/types/{name}", response_model=TypeCardOut, responses=NOT_FOUND)
def type_card(name: TypeNameIn) -> dict[str, Any]:
    """A type's data card, by name or other name (e.g. F-16C, R-73, Spoon Rest)."""
    lib = library()
    card = lib.lookup(name)
    if card is None:
        near = lib.closest(name)
        hint = f"; closest: {', '.join(near)}" if near else ""
        raise HTTPException(404, f"no type {name!r} in the library{hint}")
    return card_data(card)


@router.get("/gunslingers", response_class=HTMLResponse, include_in_schema=False)
def gunslingers_page(request: Request) -> HTMLResponse:
    """Load an example or upload a scenario, choose who plays each side, start."""
    return templates.TemplateResponse(
        request, "gunslingers.html", {"page": "gunslingers", "rule_options": RULE_OPTIONS}
    )


PARTS = WebParts(
    name="Gunslingers",
    routers=(router, solo_router, gunslingers_editor.router),
    nav=(
        NavLink("gunslingers_page", "Gunslingers", "gunslingers", place=10),
        NavLink("editor_page", "Scenario editor", "gunslingers-editor", place=20),
    ),
    scripts=(
        "js/gunslingers_map.js",
        "js/gunslingers_result.js",
        "js/gunslingers_paths.js",
        "js/gunslingers_units.js",
        "js/gunslingers_mapview.js",
        "js/gunslingers_panels.js",
        "js/gunslingers.js",
    ),
    uploads=(router, gunslingers_editor.router),
    home=(
        HomeCard(
            "about-gunslingers",
            "Gunslingers",
            "Jet-age air battles on a hex map: aircraft, missiles, radars and SAM sites, each "
            "turn twelve phases, the computer as referee. A scenario lasts 5 to 8 turns: the "
            "longest game of the three. Solo against the AI, or two people, each seeing only what "
            "their side sees.",
            (
                HomeLink("Play it solo", anchor="solo"),
                HomeLink("New game with people", route="gunslingers_page"),
                HomeLink("Build a scenario", route="editor_page"),
            ),
            place=20,
        ),
    ),
    home_panel="gunslingers_solo_panel.html",
    home_scripts=("js/gunslingers_solo.js",),
)
"""The browser parts of Gunslingers: its new-game and solo routes, the scenario editor,
the type library, its renderer; its scenario uploads take the larger body limit."""
