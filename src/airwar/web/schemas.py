"""Request and response bodies of the JSON API (they make the OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from airwar.core.text import escaped, first_unprintable

Token = Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
ActionText = Annotated[str, StringConstraints(min_length=1, max_length=40)]
"""A seat's kind, a bot's name: short words."""
DecisionText = Annotated[str, StringConstraints(min_length=1, max_length=300)]
"""One decision in words. A game's longest are a few unit names and a list, e.g. a
jammer's twelve arcs with names of up to 40 characters: under 120; 64 of them fit
well inside the 64 KB body limit."""
GameId = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


def _one_line(text: str) -> str:
    """A title: one line of text without control or format characters (GS-75)."""
    bad = first_unprintable(text)
    if bad is not None:
        raise ValueError(
            f"holds {escaped(bad)}, a control or format character: a title is one line of "
            "text without them"
        )
    return text


Title = Annotated[str, StringConstraints(min_length=1, max_length=120), AfterValidator(_one_line)]
"""A game's title as a person gives it: at most 120 characters, one line (GS-75)."""
OptionValue = int | bool | str
DecisionVersion = Annotated[
    int | None,
    Field(
        ge=0,
        lt=2**52,
        description="the game's `version` (from its game JSON) the decision was made at: "
        "if the game is no longer at it (the same decision sent twice, a page that had "
        "not caught up), the answer is 409 and nothing is applied. Optional for older "
        "clients, which then risk a decision sent twice being applied twice",
    ),
]
HintMode = Literal["off", "after", "always"]


class Problem(BaseModel):
    """Why a request was refused, in one line a player understands."""

    detail: str


class ParameterInfo(BaseModel):
    name: str
    label: str = Field(description="the option in words, for a form")
    default: OptionValue
    help: str
    rule: str
    kind: str
    minimum: int | None = None
    maximum: int | None = None
    choices: list[OptionValue] | None = None


class GameInfo(BaseModel):
    name: str
    title: str
    seats: list[str]
    parameters: list[ParameterInfo]
    seat_kinds: list[str]
    analysis: bool = Field(
        False, description="whether a finished game of this kind has an exact analysis"
    )
    part_of: str | None = Field(
        None, description="the game this one is a part of (one engagement of a whole game)"
    )


class Catalog(BaseModel):
    games: list[GameInfo]
    bots: list[str]
    seat_kinds: list[str]


def _playable_games(schema: dict[str, Any]) -> None:
    """The schema of a new game's ``game``: the names of the games made from options alone
    (read when the schema is made, after every game has registered)."""
    from airwar.core.registry import game_class, game_names

    schema["enum"] = [n for n in game_names() if game_class(n).game_type.setup == "options"]


class NewGame(BaseModel):
    """A new game: which game, its options, who plays each seat, optionally the seed."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: Annotated[
        str,
        StringConstraints(min_length=1, max_length=40),
        Field(json_schema_extra=_playable_games),
    ]
    options: dict[Annotated[str, StringConstraints(max_length=40)], OptionValue] = Field(
        default_factory=dict, max_length=40
    )
    seats: dict[Annotated[str, StringConstraints(max_length=40)], ActionText] = Field(
        default_factory=dict, max_length=8
    )
    seed: Annotated[int, Field(ge=0, le=2**62)] | None = None
    title: Title | None = None
    public: bool = Field(
        default=False, description="list the game for everyone to watch (never its links)"
    )
    hints: dict[Annotated[str, StringConstraints(max_length=40)], HintMode] = Field(
        default_factory=dict,
        max_length=8,
        description="each seat's hints (the solver's values, kill chances, best move): off "
        "(the default), after (once its own move is made) or always; only the seat of the "
        "person here in a game against the AI may have them on",
    )
    resignation: Literal["loses", "score"] = Field(
        default="loses",
        description="how a resignation scores, in a game that has one (MiGs and Sabres, "
        "MS-35): 'loses', the resigning side loses whatever the score (the default); "
        "'score', the game stops and the score so far decides",
    )


class SeatLink(BaseModel):
    seat: str
    kind: str
    url: str


class Created(BaseModel):
    id: str
    links: list[SeatLink]
    commitment: str = Field(
        description="SHA-256 commitment to the secret seed; the finished record opens it"
    )


class Move(BaseModel):
    """One decision, or a whole path of decisions, for the seat whose link this is."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seat: Token
    actions: list[DecisionText] = Field(min_length=1, max_length=64)
    version: DecisionVersion = None


class SeatAt(BaseModel):
    """A seat's undo or take-back, at the version of the game its page shows."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seat: Token
    version: DecisionVersion = None


class MoveLink(BaseModel):
    """A link that moves a seat to another browser: the first to open it holds the seat."""

    seat: str
    url: str


class SeatOnly(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    seat: Token


class MoveValue(BaseModel):
    value: float
    p_kill_active: float
    p_kill_listed: float


class SolverValues(BaseModel):
    """The exact solver's numbers for the current engagement (optimal play by both planes).

    Every value is from the active plane's side: its expected kills minus the
    listed plane's (base-value points under IV.A scoring).
    """

    matchup: str
    to_move: str = Field(description="the plane to move: active or listed")
    scoring: str = Field(description="kills, or base-value (IV.A)")
    value: float
    p_kill_active: float
    p_kill_listed: float
    moves: dict[str, float] = Field(description="each legal decision's value, by its text")
    move_details: dict[str, MoveValue]
    best: str | None


class RatedDecisionOut(BaseModel):
    """One decision of a finished move, as the game's analysis rates it."""

    index: int = Field(description="its number in the game (1: the first decision)")
    action: str
    best: str = Field(description="the best decision in its place")
    value: float = Field(description="its value, from the deciding plane's side")
    best_value: float
    loss: float = Field(description="best value minus its value (0: it was a best one)")
    mark: str | None = Field(description="inaccuracy, mistake or blunder (MS-30), else null")
    symbol: str | None = Field(description="?!, ? or ??, else null")
    options: int = Field(description="how many decisions it had to choose from")


class MoveReviewOut(BaseModel):
    """How good this seat's last finished move was (its hints "after my move" or "always")."""

    plane: str
    role: str = Field(description="active or listed")
    turn: int = Field(description="the plane's movement turn of the engagement")
    path: list[str] = Field(description="the decisions of the move, in order")
    before: float = Field(description="the value before the move, from the plane's side")
    after: float = Field(description="the value after it (optimal play from there on)")
    loss: float = Field(description="before minus after: the sum of the decisions' losses")
    mark: str | None = Field(description="the worst mark of its decisions, else null")
    symbol: str | None
    best_path: list[str] = Field(description="the solver's move from the same position")
    scoring: str = Field(description="kills, or base-value (IV.A)")
    decisions: list[RatedDecisionOut]


class GameOut(BaseModel):
    """A game as one seat (or a spectator) sees it now."""

    id: str
    game: str
    title: str
    status: str
    seat: str | None
    seats: dict[str, str]
    to_act: str | None
    my_turn: bool
    can_undo: bool
    undo_label: str | None = Field(
        default=None,
        description="for the referee: the take-back it may make now, in words "
        '("Take back Red\'s last decision"), else null',
    )
    notices: list[str] = Field(
        default_factory=list,
        description="the decisions the referee took back, oldest first, as this reader may "
        "read them (the text of a decision only to those who may read it)",
    )
    decisions: int = Field(
        description="the decisions this reader may read: all of them, but for a seat of a "
        "running double-blind game only its own, and none for a spectator of one (GS-74)"
    )
    version: int = Field(
        description="changes whenever what this reader may see changes: the game's count of "
        "changes, or for a reader of a running double-blind game who does not see everything "
        "a number made from what it sees, so that the enemy's secret decisions leave it alone"
    )
    view: dict[str, Any]
    choices: dict[str, Any] = Field(
        default_factory=dict,
        description="this seat's legal decisions as a tree of words ('$' ends one)",
    )
    hotseat: dict[str, str] = Field(
        default_factory=dict,
        description="links of the other seats played at this same browser",
    )
    invites: dict[str, str] = Field(
        default_factory=dict,
        description="for the host: the links to send to the players on other browsers "
        "(only while no browser has opened them: a seat link is claim-once)",
    )
    joined: list[str] = Field(
        default_factory=list,
        description="for the host: the seats of other browsers whose player has opened "
        "their link (the link now plays only on that browser)",
    )
    log: list[dict[str, Any]]
    log_length: int = Field(
        description="this reader's count of the log's events (its 'since' for the next "
        "ones): the events it may read, numbered by their 'seq' without gaps for the others"
    )
    solver: SolverValues | None = Field(
        default=None,
        description="the solver's values when the engagement's matchup is cached and this "
        "seat's hints are on now, else null",
    )
    move_review: MoveReviewOut | None = Field(
        default=None,
        description="for a seat whose hints are on (after my move, or always), and were at "
        "the end of a finished game: how good its last finished move was, kept until it "
        "finishes the next (MS-33); null when it has finished none yet, the matchup is not "
        "cached, or its hints are off",
    )
    hints: str = Field(
        default="off",
        description="this reader's hint setting now: off for spectators, in games between "
        "people and once the game is over",
    )
    commitment: str | None = Field(
        default=None,
        description="SHA-256 commitment to the secret seed, published before the first roll",
    )
    bots_thinking: bool = Field(
        default=False,
        description="the AI's decisions are being made in the background (each one saved "
        "and streamed as it is made); never shown to a reader of a running double-blind game "
        "who does not see everything, since whose business the AI works on would tell",
    )
    table: dict[str, Any] = Field(
        default_factory=dict,
        description="between the players: the draw offer or rematch proposal that stands "
        "(by which seat), what this seat may do now (resign, offer or answer a draw, propose "
        "or accept a rematch, start it at once), its own link to the rematch once made, and "
        "for a seat whether each other player has the game open (here, or left so many "
        "seconds ago)",
    )


class ReplayOut(BaseModel):
    id: str
    game: str
    step: int = Field(description="the step, counted in the decisions this reader may read")
    steps: int = Field(description="the decisions this reader may read (GS-74)")
    decision: list[Any] | None
    decision_by: str | None = None
    view: dict[str, Any]
    log: list[dict[str, Any]]


class GameListItem(BaseModel):
    id: str
    game: str
    title: str
    status: str
    seats: dict[str, str]
    decisions: int | None = Field(
        description="the game's decisions; null while a double-blind game runs (GS-74)"
    )
    updated_at: str
    mine: bool = Field(default=False, description="created by this browser")
    joined: bool = Field(
        default=False, description="this browser holds a seat of it that it did not create"
    )
    terminal: bool = Field(
        default=False, description="started at the terminal (listed to this computer only)"
    )
    created_at: str = ""
    summary: dict[str, Any] | None = Field(
        default=None, description="the game's own score summary: result, scores, kills"
    )
