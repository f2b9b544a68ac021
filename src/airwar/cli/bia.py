"""`airwar bia`: Bounce Into Action air-defence and infantry fire with exact odds.

The commands only read options, call :mod:`airwar.games.bia` and print. Rule
errors become one line ``error: ...`` and exit code 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from airwar.cli.common import (
    MAX_SEED_LENGTH,
    Typer,
    check_seed,
    int_list_range,
    int_range,
    one_line,
)
from airwar.cli.packaged import example_or_file
from airwar.core.checks import fraction_text
from airwar.core.errors import AirwarError
from airwar.core.files import read_capped
from airwar.games.bia.airdefence import (
    AirDefenceShot,
    AirTarget,
    Firer,
    need_text,
    parse_manoeuvrability,
    parse_speed,
    pilot_modifier,
    range_from_km,
    system,
    systems,
)
from airwar.games.bia.engagement import BiaEngagementGame
from airwar.games.bia.errors import ScenarioError
from airwar.games.bia.infantry import (
    FirerSituation,
    GroupFire,
    StandFire,
    TargetSituation,
    figures_per_stand,
    parse_training,
    stands_from_figures,
    weapon,
    weapons,
)
from airwar.games.bia.scenario import MAX_FILE_CHARS, MAX_PILOT, MAX_TURNS, MAX_UNITS
from airwar.games.bia.scenario_file import parse_scenario
from airwar.games.bia.volley import parse_shot, volley_odds
from airwar.games.examples import BIA, example_names

app = Typer(
    add_completion=False,
    help="Bounce Into Action: air-defence and infantry fire with exact odds.",
    no_args_is_help=True,
)

T = TypeVar("T")

# -- bounds of the numeric options (BIA-16): each with the reason it cannot usefully be more

LOITER_HELP = f"turns in the AD umbrella, counting this one (0 to {MAX_TURNS})"
LOITER_BOUND = int_range(0, MAX_TURNS, "the longest engagement; +1 a turn, BIA-12, BIA-16")
FIRST_PASS_HELP = "a target making passes, on its first pass (-2 if Fast, BIA-2, BIA-19)"
PASSES_HELP = "a Slow or Very Slow target that makes passes instead of loitering (BIA-19)"
ALL_SPEEDS_HELP = "option: a slower aircraft's first pass gets -2 as a Fast one's (BIA-19)"
MAX_SHOTS = 2 * MAX_UNITS
MAX_STANDS = 100
STANDS_WHY = "a battalion's stands firing together, BIA-16"
MAX_FIGURES = 4 * MAX_STANDS
MAX_STAND_SIZE = 20
MAX_BONUS = 31
BONUS_WHY = (
    "+1 each on 1d10: 31 lifts the lowest band number (1) with every negative modifier "
    "(-22) above the die, BIA-16"
)


def _pilot_bound(text: str) -> str:
    """Option callback: a pilot modifier given as a number is -100 to 100 (BIA-16)."""
    t = text.strip()
    if t.lstrip("+-").isdigit() and (len(t) > 4 or abs(int(t)) > MAX_PILOT):
        raise typer.BadParameter(
            f"{t[:24]} is not from -{MAX_PILOT} to {MAX_PILOT} (the largest die is 1d100, so a "
            "larger modifier decides every roll by itself, BIA-16)"
        )
    return text


def _shots_bound(shots: list[str]) -> list[str]:
    """Option callback: at most one shot from each AD unit of the largest engagement."""
    if len(shots) > MAX_SHOTS:
        raise typer.BadParameter(
            f"{len(shots)} shots, at most {MAX_SHOTS}: every air and ground unit of the "
            "largest engagement firing once (BIA-16)"
        )
    return shots


def _fail(exc: Exception) -> NoReturn:
    typer.echo(f"error: {one_line(str(exc))}", err=True)
    raise typer.Exit(2)


def _run(build: Callable[[], T]) -> T:
    try:
        return build()
    except AirwarError as exc:
        _fail(exc)


def _pct(p: Fraction) -> str:
    return f"{fraction_text(p)} ({float(p):.1%})"


def _signed(v: int) -> str:
    return f"{v:+d}"


# -- air defence -----------------------------------------------------------------


def _firer(firer: str | None, speed: str | None, man: str | None) -> Firer:
    if firer is not None:
        kind = firer.strip().lower()
        if speed is not None or man is not None:
            raise ScenarioError(
                "give either --firer surface|orbital or --firer-speed and "
                "--firer-manoeuvrability, not both"
            )
        if kind == "surface":
            return Firer.surface()
        if kind == "orbital":
            return Firer.orbital()
        raise ScenarioError(
            f"unknown firer {firer!r} (allowed: surface, orbital; for an aircraft give "
            "--firer-speed and --firer-manoeuvrability)"
        )
    if speed is None or man is None:
        raise ScenarioError(
            "say who fires: --firer surface (or orbital), or both --firer-speed and "
            "--firer-manoeuvrability for an aircraft"
        )
    return Firer.aircraft(
        parse_speed(speed, "firer speed"), parse_manoeuvrability(man, "firer manoeuvrability")
    )


@app.command("air-defence")
def air_defence(
    system_name: str = typer.Option(..., "--system", help=f"one of: {', '.join(systems())}"),
    target_speed: str = typer.Option(..., help="fast, slow or very-slow"),
    target_manoeuvrability: str = typer.Option(..., help="good, medium or poor"),
    firer: str | None = typer.Option(None, help="surface or orbital (else give the firer's)"),
    firer_speed: str | None = typer.Option(None, help="the firing aircraft's speed"),
    firer_manoeuvrability: str | None = typer.Option(None, help="the firing aircraft's"),
    first_pass: bool = typer.Option(False, help=FIRST_PASS_HELP),
    passes: bool = typer.Option(False, help=PASSES_HELP),
    loiter_turns: int = typer.Option(0, help=LOITER_HELP, callback=LOITER_BOUND),
    dogfighting: bool = typer.Option(
        False, help="a Fast target dogfighting outside the ground force area (loiters)"
    ),
    loiter_from_second_turn: bool = typer.Option(
        False, help="option: count loiter turns from the second (BIA-2)"
    ),
    first_pass_all_speeds: bool = typer.Option(False, help=ALL_SPEEDS_HELP),
    pilot_modifier_text: str = typer.Option(
        "0",
        "--pilot-modifier",
        help="target pilot: a whole number (-100 to 100) or ace/veteran/regular/green",
        callback=_pilot_bound,
    ),
    range_km: float | None = typer.Option(None, help="range to the target in km (checked)"),
    pacifier: bool = typer.Option(False, help="the target is a Pacifier"),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
) -> None:
    """Hit number and exact odds of one air-defence shot (BIA-1..BIA-4)."""

    def build() -> AirDefenceShot:
        target = AirTarget(
            parse_speed(target_speed, "target speed"),
            parse_manoeuvrability(target_manoeuvrability, "target manoeuvrability"),
            pilot_modifier=pilot_modifier(pilot_modifier_text),
            pacifier=pacifier,
            first_pass=first_pass,
            loiter_turns=loiter_turns,
            dogfighting=dogfighting,
            passes=passes,
        )
        return AirDefenceShot(
            system(system_name),
            _firer(firer, firer_speed, firer_manoeuvrability),
            target,
            None if range_km is None else range_from_km(range_km),
            loiter_from_second_turn=loiter_from_second_turn,
            first_pass_all_speeds=first_pass_all_speeds,
        )

    shot = _run(build)
    if as_json:
        typer.echo(json.dumps(shot.to_dict()))
        return
    _print_shot(shot)


def _print_shot(shot: AirDefenceShot) -> None:
    console = Console(highlight=False)
    s = shot.system
    console.print(
        f"[bold]{s.name}[/bold] ({s.dice}, range {s.range_text}) from {shot.firer.label} "
        f"at a {shot.target.speed.label}/{shot.target.manoeuvrability.label} aircraft",
        soft_wrap=True,
    )
    table = Table("Hit number part", "Value", "Rule")
    for m in shot.check.modifiers:
        table.add_row(m.reason, _signed(m.value), m.rule)
    table.add_row("[bold]hit number[/bold]", f"[bold]{shot.hit_number}[/bold]", "BIA-1")
    console.print(table)
    console.print(f"To hit: {need_text(shot.check)} (BIA-4).")
    odds = shot.odds()
    result = Table("Result", "Exact chance")
    result.add_row("shot down", _pct(odds.shot_down))
    result.add_row("damaged", _pct(odds.damaged))
    result.add_row("miss", _pct(odds.miss))
    console.print(result)
    console.print(f"Chance the roll hits: {_pct(shot.p_hit)}")
    for note in shot.notes():
        console.print(escape(f"Note: {note}"), soft_wrap=True)


@app.command()
def volley(
    shots: list[str] = typer.Option(
        ...,
        "--shot",
        help="one shot as SYSTEM, SYSTEM@FIRER, SYSTEM:RANGE_KM or SYSTEM@FIRER:RANGE_KM "
        "(e.g. manpad@surface:3, air-to-air-missile@fast/good:8), FIRER surface, orbital "
        f"or SPEED/MANOEUVRABILITY; repeat in firing order (at most {MAX_SHOTS})",
        callback=_shots_bound,
    ),
    target_speed: str = typer.Option(..., help="fast, slow or very-slow"),
    target_manoeuvrability: str = typer.Option(..., help="good, medium or poor"),
    first_pass: bool = typer.Option(False, help=FIRST_PASS_HELP),
    passes: bool = typer.Option(False, help=PASSES_HELP),
    loiter_turns: int = typer.Option(0, help=LOITER_HELP, callback=LOITER_BOUND),
    dogfighting: bool = typer.Option(False, help="a Fast target dogfighting outside the area"),
    loiter_from_second_turn: bool = typer.Option(False, help="option of BIA-2"),
    first_pass_all_speeds: bool = typer.Option(False, help=ALL_SPEEDS_HELP),
    pilot_modifier_text: str = typer.Option(
        "0", "--pilot-modifier", help="the target pilot's", callback=_pilot_bound
    ),
    pacifier: bool = typer.Option(False, help="the target is a Pacifier"),
    damaged_twice_shot_down: bool = typer.Option(False, help="option of BIA-7"),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
) -> None:
    """Exact odds that an aircraft comes through several AD shots untouched,
    damaged or shot down (BIA-4, BIA-7)."""

    def build() -> list[AirDefenceShot]:
        target = AirTarget(
            parse_speed(target_speed, "target speed"),
            parse_manoeuvrability(target_manoeuvrability, "target manoeuvrability"),
            pilot_modifier=pilot_modifier(pilot_modifier_text),
            pacifier=pacifier,
            first_pass=first_pass,
            loiter_turns=loiter_turns,
            dogfighting=dogfighting,
            passes=passes,
        )
        return [
            parse_shot(
                text,
                target,
                loiter_from_second_turn=loiter_from_second_turn,
                first_pass_all_speeds=first_pass_all_speeds,
            )
            for text in shots
        ]

    volley_shots = _run(build)
    odds = volley_odds(volley_shots, damaged_twice_shot_down=damaged_twice_shot_down)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "p_untouched": fraction_text(odds.miss),
                    "p_damaged": fraction_text(odds.damaged),
                    "p_shot_down": fraction_text(odds.shot_down),
                    "damaged_twice_shot_down": damaged_twice_shot_down,
                    "shots": [s.to_dict() for s in volley_shots],
                }
            )
        )
        return
    console = Console(highlight=False)
    for i, shot in enumerate(volley_shots, start=1):
        console.print(escape(f"Shot {i}: {shot.explain()}"), soft_wrap=True)
    table = Table("The aircraft", "Exact chance")
    table.add_row("shot down", _pct(odds.shot_down))
    table.add_row("damaged (no kill)", _pct(odds.damaged))
    table.add_row("untouched", _pct(odds.miss))
    console.print(table)
    rule = "two damages shoot it down" if damaged_twice_shot_down else "damage does not add up"
    console.print(f"Damage rule: {rule} (BIA-7).")


# -- infantry --------------------------------------------------------------------


@app.command()
def infantry(
    weapon_name: str = typer.Option(..., "--weapon", help=f"one of: {', '.join(weapons())}"),
    range_m: float = typer.Option(..., help="range to the target in metres"),
    stands_opt: int | None = typer.Option(
        None,
        "--stands",
        help=f"stands firing with the same modifiers (0 to {MAX_STANDS}; default 1, or 0 "
        "when --figures is given)",
        callback=int_range(0, MAX_STANDS, STANDS_WHY),
    ),
    officers: list[int] = typer.Option(
        [],
        help="officers grouped with stand 1, 2, ... (repeat the option, one per stand; "
        f"0 to {MAX_BONUS} each)",
        callback=int_list_range(0, MAX_BONUS, BONUS_WHY),
    ),
    figures: int = typer.Option(
        0,
        help="individually based figures in one place, firing as stands "
        f"(BIA-8; 0 to {MAX_FIGURES})",
        callback=int_range(0, MAX_FIGURES, STANDS_WHY),
    ),
    figures_per_stand_opt: int | None = typer.Option(
        None,
        "--figures-per-stand",
        help=f"figures that make a stand (default: data; 1 to {MAX_STAND_SIZE})",
        callback=int_range(
            1, MAX_STAND_SIZE, "a stand is one base of a few figures, BIA-8, BIA-16"
        ),
    ),
    moving: bool = typer.Option(False, help="firer moving (-4, not in HMA)"),
    hma: bool = typer.Option(False, help="firer in HMA (moving does not count)"),
    special_forces: bool = typer.Option(False, help="firer Special Forces (+4)"),
    aiming_turns: int = typer.Option(
        0,
        help=f"turns aiming, SLA 2/3 only (+1 after the first; at most {MAX_BONUS + 1})",
        callback=int_range(0, MAX_BONUS + 1, BONUS_WHY),
    ),
    training: str = typer.Option("regular", help="regular, veteran, trained, recruits"),
    target_unarmoured: bool = typer.Option(False, help="target unarmoured (+3)"),
    target_cover: bool = typer.Option(False, help="target in MA/HMA or cover (-2)"),
    target_special_forces: bool = typer.Option(False, help="target Special Forces (-4)"),
    target_seasoned: bool = typer.Option(False, help="target Seasoned/Veterans (-2)"),
    target_officer_alone: bool = typer.Option(False, help="target an officer on his own (-8)"),
    target_stationary_vehicle: bool = typer.Option(False, help="target a stationary vehicle (+2)"),
    target_non_tactical: bool = typer.Option(False, help="target non-tactical (+1)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
) -> None:
    """Hit number of each stand and the exact distribution of hits (BIA-6)."""

    # --figures alone means only those figures fire: the one stand of the default is
    # for a command that names no firers at all
    stands = stands_opt if stands_opt is not None else (0 if figures else 1)

    def build() -> tuple[GroupFire, list[int]]:
        if stands < 0:
            raise ScenarioError(f"--stands must be 0 or more, not {stands}")
        if len(officers) > stands:
            raise ScenarioError(
                f"{len(officers)} --officers values given for {stands} stand(s): officers "
                "are grouped with a stand (BIA-6)"
            )
        per_stand = [*officers, *[0] * (stands - len(officers))]
        gun = weapon(weapon_name)
        target = TargetSituation(
            unarmoured=target_unarmoured,
            armour_or_cover=target_cover,
            special_forces=target_special_forces,
            seasoned=target_seasoned,
            officer_alone=target_officer_alone,
            stationary_vehicle=target_stationary_vehicle,
            non_tactical=target_non_tactical,
        )
        size = figures_per_stand() if figures_per_stand_opt is None else figures_per_stand_opt
        extra, idle = stands_from_figures(figures, size)
        per_stand += [0] * extra
        if not per_stand:
            raise ScenarioError(
                f"no stand fires: give --stands, or at least {size} --figures (BIA-8)"
            )
        fires = tuple(
            StandFire(
                gun,
                range_m,
                FirerSituation(
                    moving=moving,
                    in_hma=hma,
                    special_forces=special_forces,
                    officers=n,
                    aiming_turns=aiming_turns,
                    training=parse_training(training),
                ),
                target,
            )
            for n in per_stand
        )
        return GroupFire(fires, idle), per_stand

    group, per_stand = _run(build)
    first = group.stands[0]
    index, band = first.band
    data: dict[str, Any] = {
        "weapon": first.weapon.key,
        "range_m": range_m,
        "band": index,
        "band_number": band.number,
        "house_values": first.weapon.house,
        "stands": len(group.stands),
        "officers": per_stand,
        "hit_number": first.hit_number,
        "p_hit": fraction_text(first.p_hit),
        "modifiers": [m.to_dict() for m in first.check.modifiers],
        **{k: v for k, v in group.to_dict().items() if k != "stands"},
        "per_stand": group.to_dict()["stands"],
    }
    if as_json:
        typer.echo(json.dumps(data))
        return
    console = Console(highlight=False)
    house = " (house values, BIA-6)" if first.weapon.house else ""
    console.print(
        f"[bold]{first.weapon.name}[/bold] at {range_m:g} m: band {index}, "
        f"number {band.number}{house}",
        soft_wrap=True,
    )
    for i, stand in enumerate(group.stands, start=1):
        console.print(escape(f"Stand {i}: {stand.check.explain()}"), soft_wrap=True)
    table = Table("Hits", "Exact chance")
    for k, p in group.distribution().items():
        table.add_row(str(k), _pct(p))
    console.print(table)
    console.print(f"Expected hits: {fraction_text(group.expected_hits())}")
    if group.idle_figures:
        console.print(f"{group.idle_figures} figure(s) too few to form a stand do not fire (BIA-8)")


# -- engagement ------------------------------------------------------------------


def _seed(text: str | None, default: int | str | None) -> int | str | None:
    if text is None:
        return default
    t = text.strip()
    return int(t) if t.lstrip("-").isdigit() else t


MAX_FILE_BYTES = 4 * MAX_FILE_CHARS
"""The most bytes of an engagement file read (its characters in UTF-8, at most 4 each)."""


@app.command()
def engagement(
    file: Path = typer.Argument(
        ...,
        help=f"engagement file (TOML), or a packaged example: {', '.join(example_names(BIA))}",
    ),
    seed: str | None = typer.Option(
        None,
        help=f"seed (default: the file's, else a new one; at most {MAX_SEED_LENGTH} characters)",
        callback=check_seed,
    ),
    loiter_from_second_turn: bool = typer.Option(False, help="option of BIA-2"),
    first_pass_all_speeds: bool = typer.Option(False, help=ALL_SPEEDS_HELP),
    damaged_twice_shot_down: bool = typer.Option(False, help="option of BIA-7"),
    ground_fire: str = typer.Option("first", help="ground units fire first or last (BIA-11)"),
    as_json: bool = typer.Option(False, "--json", help="print the whole engagement as JSON"),
) -> None:
    """Run a scripted engagement, every roll explained, reproducible from the seed."""
    file = example_or_file(BIA, file, "engagement")

    def build() -> BiaEngagementGame:
        try:
            raw = read_capped(file, MAX_FILE_BYTES)
            if len(raw) > MAX_FILE_BYTES:
                raise ScenarioError(
                    f"{file}: larger than {MAX_FILE_BYTES} bytes, not an engagement file"
                )
            text = raw.decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise ScenarioError(f"{file}: cannot read the engagement file ({reason})") from None
        parse_scenario(text, str(file))  # every rule, BIA-17's names too, before a game
        options = {
            "scenario": text,
            "loiter_from_second_turn": loiter_from_second_turn,
            "first_pass_all_speeds": first_pass_all_speeds,
            "damaged_twice_shot_down": damaged_twice_shot_down,
            "ground_fire": ground_fire,
        }
        return BiaEngagementGame(options, where=str(file))

    # the play session and its database, here: the other commands need neither
    from airwar.bots.registry import make_bot
    from airwar.cli.bia_terminal import BiaRenderer
    from airwar.cli.play_loop import PlayLoop
    from airwar.session import AI_PREFIX, Sessions
    from airwar.session.seats import seat_names
    from airwar.store import InMemoryStore

    game = _run(build)
    # Played through the play session and the one terminal loop like every game (on a
    # store in memory: nothing is kept). An engagement has no decisions, only the
    # file's script and its rolls, so no person sits at it and the seed may be given.
    with InMemoryStore() as store:
        sessions = Sessions(store, make_bot=make_bot)
        live = _run(
            lambda: sessions.create(
                game,
                {name: f"{AI_PREFIX}random" for name in seat_names(game)},
                seed=_seed(seed, game.scenario.seed),
                title=game.scenario.title,
                meta={"interface": "terminal"},
                run_bots=False,
                stop_at_rolls=True,
            )
        )
        _run(PlayLoop(sessions, live, BiaRenderer(quiet=as_json)).run)
    if as_json:
        # the record as saved: its seed was chosen (or shown) here, so there is no
        # commitment to publish and the JSON is the same for the same seed
        typer.echo(
            json.dumps(
                {
                    "game": live.game.name,
                    "title": game.scenario.title,
                    "seed": live.seed,
                    "events": live.events,
                    "returns": live.state.returns(),
                    "record": live.finished_record().to_dict(),
                }
            )
        )
