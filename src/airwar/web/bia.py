"""The Bounce Into Action air-defence calculator: one shot or a volley, exact odds.

Choose the system, the target (speed, manoeuvrability, pilot, pass or loiter)
and the firer (surface, orbital or an aircraft); the answer is the hit number,
each modifier with its rule id, and the exact chances of miss, damage and kill
(BIA-1..BIA-4), and for a volley how damage accumulates (BIA-7).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator

from airwar.core.checks import fraction_text
from airwar.core.errors import AirwarError
from airwar.games.bia.airdefence import (
    AirDefenceShot,
    AirTarget,
    Firer,
    Manoeuvrability,
    Speed,
    pilot_grades,
    pilot_modifier,
    range_from_km,
    system,
    systems,
)
from airwar.games.bia.volley import volley_odds
from airwar.web.errors import field_error
from airwar.web.parts import HomeCard, HomeLink, NavLink, WebParts
from airwar.web.templating import templates

router = APIRouter(tags=["bia"])

SYSTEM_KEYS = list(systems())
PILOT_PATTERN = "^(-?[0-9]{1,2}|" + "|".join(pilot_grades()) + ")$"

SpeedName = Literal["fast", "slow", "very-slow"]
ManoeuvrabilityName = Literal["good", "medium", "poor"]
FirerName = Literal["surface", "orbital", "aircraft"]


class TargetIn(BaseModel):
    """The aircraft fired at (BIA-1..BIA-3)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    speed: SpeedName
    manoeuvrability: ManoeuvrabilityName
    pilot: Annotated[str, Field(pattern=PILOT_PATTERN, description="a grade or a modifier")] = "0"
    pacifier: bool = False
    first_pass: bool = False
    loiter_turns: Annotated[int, Field(ge=0, le=100)] = 0
    dogfighting: bool = False
    passes: bool = False


class FirerIn(BaseModel):
    """One firing unit: its system, where it fires from, and the range."""

    model_config = ConfigDict(extra="forbid", strict=True)

    system: Annotated[str, Field(json_schema_extra={"enum": SYSTEM_KEYS})]

    @field_validator("system")
    @classmethod
    def known_system(cls, value: str) -> str:
        if value not in SYSTEM_KEYS:
            raise ValueError(f"unknown AD system {value!r} (allowed: {', '.join(SYSTEM_KEYS)})")
        return value

    firer: FirerName = "surface"
    firer_speed: SpeedName | None = None
    firer_manoeuvrability: ManoeuvrabilityName | None = None
    range_km: Annotated[float, Field(ge=0, le=100_000)] | None = None


class ShotIn(FirerIn):
    target: TargetIn
    loiter_from_second_turn: bool = False
    first_pass_all_speeds: bool = False


class VolleyIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    target: TargetIn
    shots: list[FirerIn] = Field(min_length=1, max_length=20)
    loiter_from_second_turn: bool = False
    first_pass_all_speeds: bool = False
    damaged_twice_shot_down: bool = False


class Odds(BaseModel):
    p_miss: str
    p_damaged: str
    p_shot_down: str


class RollEffect(BaseModel):
    """What a run of the natural rolls of a shot's dice does."""

    low: int
    high: int
    effect: str = Field(description="shot down, damaged or miss")


class ShotOut(Odds):
    name: str = Field("", description="the system's name (``system`` is its key)")
    rolls: list[RollEffect] = Field(
        default_factory=list, description="which natural rolls shoot down, damage or miss"
    )
    hit_number: int
    p_hit: str
    modifiers: list[dict[str, Any]]
    system: str
    dice: str
    range: str
    notes: list[str]
    explanation: str


class VolleyOut(BaseModel):
    shots: list[ShotOut]
    volley: Odds


class SystemInfo(BaseModel):
    key: str
    name: str
    range: str
    dice: str
    note: str


class Choices(BaseModel):
    systems: list[SystemInfo]
    speeds: list[str]
    manoeuvrabilities: list[str]
    firers: list[str]
    pilots: dict[str, int]


def shot_out(shot: Any) -> ShotOut:
    """A shot's answer: its odds, its system's name, and what each run of rolls does."""
    runs: list[RollEffect] = []
    for roll, _ in sorted(shot.system.dice.outcomes()):
        effect = shot.effect(roll).value
        if runs and runs[-1].effect == effect and runs[-1].high == roll - 1:
            runs[-1].high = roll
        else:
            runs.append(RollEffect(low=roll, high=roll, effect=effect))
    return ShotOut(**shot.to_dict(), name=shot.system.name, rolls=runs)


def _shot(
    f: FirerIn,
    t: TargetIn,
    loiter_from_second_turn: bool,
    where: tuple[Any, ...],
    first_pass_all_speeds: bool = False,
) -> Any:
    """Build the shot, turning the rules' refusals into 422s that name the field."""
    try:
        sys_ = system(f.system)
    except AirwarError as exc:
        raise field_error((*where, "system"), str(exc)) from None
    try:
        pilot = pilot_modifier(t.pilot)
    except AirwarError as exc:
        raise field_error(("body", "target", "pilot"), str(exc)) from None
    try:
        if f.firer == "aircraft":
            if f.firer_speed is None or f.firer_manoeuvrability is None:
                raise field_error(
                    (*where, "firer_speed"),
                    "a firing aircraft needs both its speed and its manoeuvrability",
                )
            firer = Firer.aircraft(Speed(f.firer_speed), Manoeuvrability(f.firer_manoeuvrability))
        elif f.firer_speed is not None or f.firer_manoeuvrability is not None:
            raise field_error(
                (*where, "firer_speed"),
                f"{f.firer} fire uses the Surface column: give no firer speed or "
                "manoeuvrability (BIA-1)",
            )
        else:
            firer = Firer.orbital() if f.firer == "orbital" else Firer.surface()
        target = AirTarget(
            Speed(t.speed),
            Manoeuvrability(t.manoeuvrability),
            pilot_modifier=pilot,
            pacifier=t.pacifier,
            first_pass=t.first_pass,
            loiter_turns=t.loiter_turns,
            dogfighting=t.dogfighting,
            passes=t.passes,
        )
        rng = None if f.range_km is None else range_from_km(Fraction(str(f.range_km)))
        return AirDefenceShot(
            sys_,
            firer,
            target,
            rng,
            loiter_from_second_turn,
            first_pass_all_speeds=first_pass_all_speeds,
        )
    except AirwarError as exc:
        raise field_error(where, str(exc)) from None


@router.get("/api/bia/choices", response_model=Choices)
def bia_choices() -> Choices:
    """The AD systems, speeds, manoeuvrabilities, firers and named pilot grades."""
    return Choices(
        systems=[
            SystemInfo(key=s.key, name=s.name, range=s.range_text, dice=str(s.dice), note=s.note)
            for s in systems().values()
        ],
        speeds=[s.value for s in Speed],
        manoeuvrabilities=[m.value for m in Manoeuvrability],
        firers=["surface", "orbital", "aircraft"],
        pilots=pilot_grades(),
    )


@router.post("/api/bia/air-defence", response_model=ShotOut)
def bia_air_defence(body: ShotIn) -> ShotOut:
    """One shot: the hit number, its modifiers and the exact odds of miss, damage, kill."""
    shot = _shot(
        body, body.target, body.loiter_from_second_turn, ("body",), body.first_pass_all_speeds
    )
    return shot_out(shot)


@router.post("/api/bia/volley", response_model=VolleyOut)
def bia_volley(body: VolleyIn) -> VolleyOut:
    """Several shots at one aircraft: each shot's odds and the volley's (BIA-7)."""
    shots = [
        _shot(
            f,
            body.target,
            body.loiter_from_second_turn,
            ("body", "shots", i),
            body.first_pass_all_speeds,
        )
        for i, f in enumerate(body.shots)
    ]
    odds = volley_odds(shots, damaged_twice_shot_down=body.damaged_twice_shot_down)
    return VolleyOut(
        shots=[shot_out(s) for s in shots],
        volley=Odds(
            p_miss=fraction_text(odds.miss),
            p_damaged=fraction_text(odds.damaged),
            p_shot_down=fraction_text(odds.shot_down),
        ),
    )


@router.get("/bia", response_class=HTMLResponse, include_in_schema=False)
def bia_page(request: Request) -> HTMLResponse:
    """The calculator page."""
    return templates.TemplateResponse(request, "bia.html", {"page": "bia"})


PARTS = WebParts(
    name="Bounce Into Action",
    routers=(router,),
    nav=(NavLink("bia_page", "Air-defence calculator", "bia", place=30),),
    home=(
        HomeCard(
            "about-bia",
            "Bounce Into Action",
            "Ground fire at aircraft: a calculator for a referee or a player, not a game to play "
            "through. Give the guns and the target; it answers at once with the exact odds of a "
            "miss, damage or a kill, one shot or a volley.",
            (HomeLink("Open the calculator", route="bia_page"),),
            place=30,
        ),
    ),
)
"""The browser parts of Bounce Into Action: the air-defence calculator (its page and API).
An engagement itself is drawn by the generic renderer."""
