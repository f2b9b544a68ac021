"""``airwar migs moves``: the perft (docs/terminal.md), by hand-checked positions and properties."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from airwar.cli.migs import app
from airwar.games.migs_sabres import Facing

runner = CliRunner()

FACINGS = [f.name for f in Facing]
SQUARES = [f"{c}{r}" for c in "abcdefghijk" for r in range(1, 15)]


def run_moves(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["moves", *args])
    return result.exit_code, result.stdout, result.stderr


def moves_json(mover: str, target: str, mp: int, *extra: str) -> dict[str, list[dict[str, object]]]:
    code, out, err = run_moves(
        "--mover", mover, "--target", target, "--mp", str(mp), "--json", *extra
    )
    assert code == 0, err
    data: dict[str, list[dict[str, object]]] = json.loads(out)
    return data


# Hand-checked positions (worked out on paper from MS-6..MS-10):
# (mover, target, MP, extra flags, end states, fire options as (square, facing, aspect, kill_on, p))
PERFT = [
    # a1 facing N with 3 MP: F F F, F R, R F, WR; L and WL leave the board (MS-8).
    ("F-86@a1:N", "MiG-15@k14:S", 3, (), {"a4:N", "b3:NE", "c3:NE", "b1:E"}, []),
    # the same with the wing-over already made: no WR (MS-6).
    ("F-86@a1:N", "MiG-15@k14:S", 3, ("--wing-over-used",), {"a4:N", "b3:NE", "c3:NE"}, []),
    # no MP: no step at all, so no end state and no shot (MS-7, MS-9).
    ("F-86@a1:N", "MiG-15@k14:S", 0, (), set(), []),
    # straight up behind a plane facing away: F F puts it in the rear square (MS-10: 3+).
    (
        "F-86@c3:N",
        "MiG-15@c6:N",
        2,
        (),
        {"c5:N", "d4:NE", "b4:NW"},
        [("c5", "N", "rear", 3, "2/3")],
    ),
    # an ace adds 1 to the kill roll (MS-14): 2+ is 5/6.
    (
        "F-86@c3:N",
        "MiG-15@c6:N",
        2,
        ("--ace",),
        {"c5:N", "d4:NE", "b4:NW"},
        [("c5", "N", "rear", 3, "5/6")],
    ),
    # head-on: R L reaches d5 facing N, the target's front square (MS-10: 6 only).
    ("F-86@c3:N", "MiG-15@d6:S", 4, (), None, [("d5", "N", "front", 6, "1/6")]),
]


@pytest.mark.parametrize(("mover", "target", "mp", "extra", "ends", "fires"), PERFT)
def test_hand_checked_positions(
    mover: str,
    target: str,
    mp: int,
    extra: tuple[str, ...],
    ends: set[str] | None,
    fires: list[tuple[str, str, str, int, str]],
) -> None:
    data = moves_json(mover, target, mp, *extra)
    got_ends = {f"{e['square']}:{e['facing']}" for e in data["end_states"]}
    if ends is not None:
        assert got_ends == ends
    got_fires = [
        (f["square"], f["facing"], f["aspect"], f["kill_on"], f["p_kill"])
        for f in data["fire_options"]
    ]
    assert got_fires == fires


def test_json_shape_is_designs() -> None:
    data = moves_json("F-86@e5:NE", "MiG-15@g8:SW", 9)
    assert set(data) == {"end_states", "fire_options"}
    assert data["end_states"] and data["fire_options"]
    for e in data["end_states"]:
        assert set(e) == {"square", "facing"}
        assert e["square"] in SQUARES and e["facing"] in FACINGS
    for f in data["fire_options"]:
        assert set(f) == {"square", "facing", "aspect", "kill_on", "p_kill"}
        assert re.fullmatch(r"\d+/\d+", str(f["p_kill"]))
        assert f["aspect"] in {"front", "front-diagonal", "side", "rear-diagonal", "rear"}
    for key in ("end_states", "fire_options"):
        rows = [json.dumps(x, sort_keys=True) for x in data[key]]
        assert len(rows) == len(set(rows))


# A brute-force reference for the property below, written from the rules, not from
# the move generator: every sequence of steps is tried one by one.
# Steps (III.D, Figure 1): F straight 1 MP; L/R turn 45 degrees and move one square
# diagonally, 2 MP; WL/WR turn 90 degrees and move one square, 3 MP, at most one
# wing-over a movement turn (MS-6). A step may not leave the board (11 x 14) nor enter
# the target's square. The move ends when the MP are spent, or when no step is left
# that the MP pay for (after at least one step: with none the plane has no move, MS-8).
# A shot (MS-9, III.F) is open after at least one step, from any point of a path where
# the target is in the square directly ahead; its kill number goes by the attacker's
# bearing from the target, counted clockwise from the target's facing: front 6,
# front-diagonal 5, side 5, rear-diagonal 4, rear 3 (III.F.1-4).
COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
DELTA = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
STEPS = {"F": (0, 1, False), "L": (-1, 2, False), "R": (1, 2, False), "WL": (-2, 3, True)}
STEPS["WR"] = (2, 3, True)
KILL_ON = {0: ("front", 6), 1: ("front-diagonal", 5), 7: ("front-diagonal", 5)}
KILL_ON |= {2: ("side", 5), 6: ("side", 5), 3: ("rear-diagonal", 4), 5: ("rear-diagonal", 4)}
KILL_ON |= {4: ("rear", 3)}


def xy(square: str) -> tuple[int, int]:
    return "abcdefghijk".index(square[0]), int(square[1:]) - 1


def name(x: int, y: int) -> str:
    return f"{'abcdefghijk'[x]}{y + 1}"


def brute_force(
    mover: str, facing: str, target: str, target_facing: str, mp: int, wing_over_used: bool
) -> tuple[set[str], set[tuple[str, str, str, int]]]:
    """End states ("b3:NE") and shots (square, facing, aspect, kill_on) by trying every path."""
    tx, ty = xy(target)
    ends: set[str] = set()
    shots: set[tuple[str, str, str, int]] = set()

    def walk(x: int, y: int, f: int, left: int, wo: bool, steps: int) -> None:
        dx, dy = DELTA[f]
        if steps and (x + dx, y + dy) == (tx, ty):
            bearing = DELTA.index((x - tx, y - ty))
            aspect, kill_on = KILL_ON[(bearing - COMPASS.index(target_facing)) % 8]
            shots.add((name(x, y), COMPASS[f], aspect, kill_on))
        moved = False
        for turn, cost, is_wo in STEPS.values():
            nf = (f + turn) % 8
            nx, ny = x + DELTA[nf][0], y + DELTA[nf][1]
            if cost > left or (is_wo and wo) or (nx, ny) == (tx, ty):
                continue
            if not (0 <= nx < 11 and 0 <= ny < 14):
                continue
            moved = True
            walk(nx, ny, nf, left - cost, wo or is_wo, steps + 1)
        if steps and (left == 0 or not moved):
            ends.add(f"{name(x, y)}:{COMPASS[f]}")

    x, y = xy(mover)
    walk(x, y, COMPASS.index(facing), mp, wing_over_used, 0)
    return ends, shots


def test_the_brute_force_reference_agrees_with_the_hand_checked_positions() -> None:
    assert brute_force("a1", "N", "k14", "S", 3, False) == (
        {"a4:N", "b3:NE", "c3:NE", "b1:E"},
        set(),
    )
    assert brute_force("c3", "N", "c6", "N", 2, False) == (
        {"c5:N", "d4:NE", "b4:NW"},
        {("c5", "N", "rear", 3)},
    )


@hyp_settings(max_examples=40)
@given(
    st.sampled_from(SQUARES),
    st.sampled_from(FACINGS),
    st.sampled_from(SQUARES),
    st.sampled_from(FACINGS),
    st.integers(min_value=0, max_value=13),
    st.booleans(),
)
def test_command_agrees_with_a_brute_force_of_the_rules(
    msq: str, mf: str, tsq: str, tf: str, mp: int, wing_over_used: bool
) -> None:
    if msq == tsq:
        return
    extra = ("--wing-over-used",) if wing_over_used else ()
    data = moves_json(f"F-84@{msq}:{mf}", f"Yak-9@{tsq}:{tf}", mp, *extra)
    ends, shots = brute_force(msq, mf, tsq, tf, mp, wing_over_used)
    assert {f"{e['square']}:{e['facing']}" for e in data["end_states"]} == ends
    got = {(f["square"], f["facing"], f["aspect"], f["kill_on"]) for f in data["fire_options"]}
    assert got == shots
    for f in data["fire_options"]:
        assert f["p_kill"] == str(Fraction(7 - int(str(f["kill_on"])), 6))


def test_readable_table_gives_paths_and_odds() -> None:
    code, out, _ = run_moves("--mover", "F-86@c3:N", "--target", "MiG-15@d6:S", "--mp", "4")
    assert code == 0
    assert "End states (14)" in out and "Fire options (1)" in out
    assert "R L fire" in out and "1/6 (16.7%)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mover", "F-86@z3:N"], "--mover: 'z3' is not a square of the Battle Board"),
        (["--mover", "F-86@c15:N"], "'c15' is not a square"),
        (["--mover", "F-86@c3:Q"], "'Q' is not a facing"),
        (["--mover", "F-87@c3:N"], "'F-87' is not an aircraft"),
        (["--mover", "F-86c3:N"], "is not written TYPE@SQUARE:FACING"),
        (["--target", "MiG-15@c3:S"], "cannot both be in c3"),
        (["--mp", "-1"], "--mp must be 0 or more"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    base = {"--mover": "F-86@c3:N", "--target": "MiG-15@d6:S", "--mp": "4"}
    for flag, value in zip(args[::2], args[1::2], strict=True):
        base[flag] = value
    flat = [x for pair in base.items() for x in pair]
    code, out, err = run_moves(*flat, "--json")
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err
    assert err.count("\n") == 1
