"""``airwar migs moves``: the perft of DESIGN.md, by hand-checked positions and properties."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from airwar.cli.migs import app
from airwar.games.migs_sabres import Facing, Square, movement_options

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


@hyp_settings(max_examples=40)
@given(
    st.sampled_from(SQUARES),
    st.sampled_from(FACINGS),
    st.sampled_from(SQUARES),
    st.sampled_from(FACINGS),
    st.integers(min_value=0, max_value=13),
    st.booleans(),
)
def test_command_agrees_with_the_rules_package(
    msq: str, mf: str, tsq: str, tf: str, mp: int, wing_over_used: bool
) -> None:
    if msq == tsq:
        return
    extra = ("--wing-over-used",) if wing_over_used else ()
    data = moves_json(f"F-84@{msq}:{mf}", f"Yak-9@{tsq}:{tf}", mp, *extra)
    expected = movement_options(
        "F-84",
        Square.parse(msq),
        Facing.parse(mf),
        Square.parse(tsq),
        mp,
        wing_over_used,
        target_facing=Facing.parse(tf),
    ).to_dict()
    assert data == expected


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
