"""Shared command helpers: option pairs and one-line errors with exit code 2."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from airwar.cli.common import EXIT_USAGE, parse_option_pairs, reports_errors
from airwar.core.errors import IllegalAction, OptionError


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        (None, {}),
        (["sorties=5"], {"sorties": "5"}),
        (["scoring = base-value", "pilots=yes"], {"scoring": "base-value", "pilots": "yes"}),
        (["chart=a=b"], {"chart": "a=b"}),
        (["sorties=3", "sorties=4"], {"sorties": "4"}),
    ],
)
def test_option_pairs(pairs: list[str] | None, expected: dict[str, str]) -> None:
    assert parse_option_pairs(pairs) == expected


@pytest.mark.parametrize("bad", ["sorties", "=5", " = "])
def test_option_pairs_refuse_what_is_not_name_value(bad: str) -> None:
    with pytest.raises(OptionError, match="is not written as name=value"):
        parse_option_pairs([bad])


def test_reports_errors_turns_airwar_errors_into_one_line_and_exit_2() -> None:
    app = typer.Typer()

    @app.command()
    @reports_errors
    def go(fail: bool = False) -> None:
        if fail:
            raise IllegalAction("F-86 at c3 facing N cannot wing-over twice (MS-6)")
        typer.echo("fine")

    runner = CliRunner()
    ok = runner.invoke(app, [])
    assert ok.exit_code == 0 and ok.stdout == "fine\n"
    bad = runner.invoke(app, ["--fail"])
    assert bad.exit_code == EXIT_USAGE == 2
    assert bad.stderr == "error: F-86 at c3 facing N cannot wing-over twice (MS-6)\n"
