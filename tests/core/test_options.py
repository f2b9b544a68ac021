import pytest

from airwar.core.errors import OptionError
from airwar.core.options import Parameter, resolve_options

PARAMS = (
    Parameter("sorties", 3, "sorties per side", "MS-3", minimum=1, maximum=99),
    Parameter("scoring", "kills", "scoring", "MS-12", choices=("kills", "base-value")),
    Parameter("turn_limit_on", True, "turn limit", "MS-11"),
)


def test_defaults_and_coercion() -> None:
    assert resolve_options(PARAMS, None) == {
        "sorties": 3,
        "scoring": "kills",
        "turn_limit_on": True,
    }
    got = resolve_options(PARAMS, {"sorties": "7", "turn_limit_on": "off"})
    assert got["sorties"] == 7 and got["turn_limit_on"] is False


@pytest.mark.parametrize(
    ("given", "fragment"),
    [
        ({"sorties": 0}, "below the minimum 1"),
        ({"sorties": 100}, "above the maximum 99"),
        ({"sorties": "many"}, "is not a int"),
        ({"scoring": "points"}, "not one of kills, base-value"),
        ({"turn_limit_on": "maybe"}, "is not a bool"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_options_named(given: dict[str, object], fragment: str) -> None:
    with pytest.raises(OptionError, match=fragment):
        resolve_options(PARAMS, given)
