from fractions import Fraction

import pytest

from airwar.core.checks import Check, Comparison, Modifier, ModifierTarget
from airwar.core.dice import D6, D10, Dice


@pytest.mark.parametrize(
    ("check", "p"),
    [
        # MS-10 rear kill 3+ on 1d6: 4/6
        (Check("kill", "MS-10", D6, 3, Comparison.AT_LEAST), Fraction(2, 3)),
        # ace +1 on the roll: 3+ becomes 2+: 5/6
        (
            Check("kill", "MS-10", D6, 3, Comparison.AT_LEAST, (Modifier("ace", 1, "MS-14"),)),
            Fraction(5, 6),
        ),
        # front 6 with ace: 5+ -> 1/3
        (
            Check("kill", "MS-10", D6, 6, Comparison.AT_LEAST, (Modifier("ace", 1, "MS-14"),)),
            Fraction(1, 3),
        ),
        # GS-1 "Die Roll 7-" with IFF -2 added to the roll: roll-2 <= 7 -> roll <= 9: 9/10
        (
            Check("passdown", "GS", D10, 7, Comparison.AT_MOST, (Modifier("IFF", -2),)),
            Fraction(9, 10),
        ),
        # +3 to the roll of a 6-: roll <= 3
        (Check("lock", "GS", D10, 6, Comparison.AT_MOST, (Modifier("sun", 3),)), Fraction(3, 10)),
        # modifiers on the target: hit number 4 + 1 = 5 or less on 2d6: 10/36
        (
            Check(
                "AD",
                "BIA-4",
                Dice(2, 6),
                4,
                Comparison.AT_MOST,
                (Modifier("loiter", 1),),
                ModifierTarget.TARGET,
            ),
            Fraction(10, 36),
        ),
        # Heavy SAM always hits on a 1 even with hit number 0
        (
            Check("AD", "BIA-4", D6, 0, Comparison.AT_MOST, natural_success=frozenset({1})),
            Fraction(1, 6),
        ),
        # impossible and certain
        (Check("x", "T", D6, 7, Comparison.AT_LEAST), Fraction(0)),
        (Check("x", "T", D6, 1, Comparison.AT_LEAST), Fraction(1)),
    ],
)
def test_exact_probability(check: Check, p: Fraction) -> None:
    assert check.probability() == p
    # the probability agrees with counting the successful rolls
    counted = sum((q for v, q in check.dice.outcomes() if check.succeeds(v)), Fraction(0))
    assert counted == p


def test_resolve_event_fields() -> None:
    c = Check("Kill roll", "MS-10", D6, 4, Comparison.AT_LEAST, (Modifier("ace", 1, "MS-14"),))
    ev = c.resolve(3)
    assert ev["type"] == "roll"
    assert ev["rule"] == "MS-10"
    assert ev["dice"] == "1d6"
    assert ev["target"] == 4
    assert ev["modifiers"] == [{"reason": "ace", "value": 1, "rule": "MS-14"}]
    assert ev["p_success"] == "2/3"
    assert ev["roll"] == 3 and ev["success"] is True
    with pytest.raises(ValueError):
        c.resolve(7)


def test_explain_mentions_need_and_odds() -> None:
    c = Check("Kill roll", "MS-10", D6, 5, Comparison.AT_LEAST)
    text = c.explain()
    assert "MS-10" in text and "5 or more on 1d6" in text and "1/3" in text
    assert "no roll" in Check("x", "T", D6, 7, Comparison.AT_LEAST).describe_need()
