"""``airwar gunslingers map NAME --radius N`` without ``--unit`` is drawn around the units
(issue 25: it was drawn around the map's centre, where a scenario may have none): around
the hex nearest to the farthest of them, so a radius that can hold them all shows them
all. Checked as a property of the centre and through the real ``airwar`` command."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.cli.render_hexmap import MAX_RADIUS, units_centre, units_in
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.games.gunslingers.model.hexgrid import Hex
from tests.examples import GUNSLINGERS_EXAMPLES

hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


def farthest(centre: Hex, units: list[Hex]) -> int:
    return max(centre.distance(u) for u in units)


@settings(max_examples=150, deadline=None)
@given(units=st.lists(hexes, min_size=1, max_size=12))
def test_no_hex_is_nearer_to_the_farthest_unit(units: list[Hex]) -> None:
    centre = units_centre(units)
    best = farthest(centre, units)
    # every hex that could do better lies within `best` of the first unit
    assert all(farthest(h, units) >= best for h in units[0].spiral(best))


def test_no_units_leaves_the_map_centre() -> None:
    assert units_centre([]) == Hex(0, 0)


def airwar_map(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "airwar.cli.main", "gunslingers", "map", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("name", ["dogfight-2v2", "strike-sam-belt"])
def test_the_command_draws_around_the_units(name: str) -> None:
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / f"{name}.toml", 0))
    units = [u.hex for u in units_in(game.new_initial_state().view(game.num_players - 1))]
    assert units
    centre = units_centre(units)
    reach = farthest(centre, units)
    for radius in sorted({max(1, reach // 2), min(reach, MAX_RADIUS), 4}):
        text = airwar_map(name, "--radius", str(radius))
        drawn = len(re.findall(r"^ {2}\S+ +.* at -?\d+,-?\d+:", text, re.M))
        if reach <= radius:  # a radius that holds them all: around their centre, all shown
            assert f"around the units' centre {centre.q},{centre.r}, {radius} hexes out" in text
            assert drawn == len(units) and "more beyond" not in text
        # never fewer than around the map's centre, or around any one unit
        for other in (Hex(0, 0), *units):
            assert drawn >= sum(1 for u in units if u.distance(other) <= radius), radius
