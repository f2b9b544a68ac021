"""The Sortie Chart (MS-2)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.core.errors import InvalidNotation
from airwar.games.migs_sabres.sortie import (
    CHART_SQUARES,
    chart_draw_outcomes,
    chart_text,
    parse_chart,
)

CHART = (
    "MiG-15,-,F-86,-,Yak-9,F-84,-,MiG-15,F-80,-,Meteor,"
    "MiG-15,F-51,-,Yak-9,F-86,-,MiG-15,-,-,Yak-9,F-86"
)


def test_parse_chart_round_trips() -> None:
    chart = parse_chart(CHART)
    assert len(chart) == CHART_SQUARES == 22
    assert chart_text(chart) == CHART


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("MiG-15,-", "has 22 squares, this one has 2"),
        (CHART.replace("Meteor", "Spitfire"), "square 11"),
        (CHART.replace("Meteor", "-"), "lists 7 allied planes, this one lists 6"),
    ],
)
def test_bad_charts(text: str, message: str) -> None:
    with pytest.raises(InvalidNotation, match=message):
        parse_chart(text)


def test_first_square_odds() -> None:
    odds = {str(d): p for d, p in chart_draw_outcomes(())}
    # 8 empty of 22; 7 Communist of 22 split over MiG-15 and Yak-9; 7 Allied over 5 types
    assert odds["chart -"] == Fraction(8, 22)
    assert odds["chart MiG-15"] == Fraction(7, 44)
    assert odds["chart F-86"] == Fraction(7, 110)
    assert sum(odds.values()) == 1


@given(st.randoms(use_true_random=False))
def test_random_charts_have_ms2_makeup(rnd: object) -> None:
    import random

    assert isinstance(rnd, random.Random)
    drawn: tuple[str, ...] = ()
    while len(drawn) < CHART_SQUARES:
        outcomes = chart_draw_outcomes(drawn)
        assert sum(p for _, p in outcomes) == 1
        drawn = (*drawn, rnd.choice(outcomes)[0].entry)
    assert parse_chart(chart_text(drawn)) == drawn
    with pytest.raises(ValueError, match="complete"):
        chart_draw_outcomes(drawn)
