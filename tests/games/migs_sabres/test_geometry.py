"""The Battle Board's geometry module: packing, steps, mirrors and the aspect rule (MS-10)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.games.migs_sabres.board import ALL_SQUARES, COLUMNS, ROWS, Facing, Square, direction
from airwar.games.migs_sabres.combat import ASPECT_BY_OFFSET, aspect_of
from airwar.games.migs_sabres.geometry import (
    FIRE_OFFSET,
    facing_of,
    fire_offset,
    pack,
    reverse,
    square_of,
    step_tables,
)
from airwar.games.migs_sabres.movement import NEXT, STEP_KINDS


@pytest.mark.parametrize(
    ("attacker", "target", "aspect"),
    [
        # the attacker faces N and so sits due S of its target (MS-9)
        (Facing.N, Facing.S, "front"),  # the target faces it: nose to nose
        (Facing.N, Facing.SE, "front-diagonal"),
        (Facing.N, Facing.E, "side"),  # the target crosses its path
        (Facing.N, Facing.W, "side"),
        (Facing.N, Facing.NE, "rear-diagonal"),
        (Facing.N, Facing.N, "rear"),  # on its tail
        (Facing.SW, Facing.NE, "front"),
        (Facing.SW, Facing.SW, "rear"),
    ],
)
def test_the_aspect_of_a_shot_ahead(attacker: Facing, target: Facing, aspect: str) -> None:
    assert ASPECT_BY_OFFSET[fire_offset(attacker, target)].name == aspect


@given(st.sampled_from(ALL_SQUARES), st.sampled_from(list(Facing)), st.sampled_from(list(Facing)))
def test_fire_offset_is_the_aspect_rule_of_the_squares(
    sq: Square, attacker: Facing, target: Facing
) -> None:
    """Shooting at the square ahead gives the same aspect as the squares' bearing (MS-9, MS-10)."""
    ahead = sq.moved(attacker)
    if ahead is None:
        return
    assert direction(ahead, sq) == reverse(attacker)
    assert aspect_of(sq, ahead, target) == ASPECT_BY_OFFSET[fire_offset(attacker, target)]
    assert FIRE_OFFSET[attacker, target] == fire_offset(attacker, target)


def test_packing_round_trips() -> None:
    for sq in ALL_SQUARES:
        for f in Facing:
            p = pack(sq.index, f)
            assert square_of(p) == sq.index and facing_of(p) == f


def test_step_tables_are_the_rules_steps_and_mirrors_are_involutions() -> None:
    t = step_tables(COLUMNS, ROWS, [k.turn for k in STEP_KINDS])
    for k in range(len(STEP_KINDS)):
        want = np.array([t.n_pos if d < 0 else d for d in NEXT[k]])
        assert (t.dest[k] == want).all()
    assert (t.mirror_x[t.mirror_x] == np.arange(t.n_pos)).all()
    assert (t.mirror_y[t.mirror_y] == np.arange(t.n_pos)).all()
    # a1 facing N sees a2 ahead; a1 facing S is at the edge
    assert t.ahead[pack(0, Facing.N)] == COLUMNS and t.ahead[pack(0, Facing.S)] == -1
