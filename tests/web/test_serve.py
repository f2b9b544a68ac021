"""``airwar serve``: its options (the browser tests start it for real)."""

from __future__ import annotations

from typer.testing import CliRunner

from airwar.cli.main import app


def test_serve_offers_host_port_and_database_url() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"], terminal_width=200)
    assert result.exit_code == 0
    for option in ("--host", "--port", "--database-url"):
        assert option in result.output
    assert "127.0.0.1" in result.output


def test_serve_refuses_a_bad_port() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code != 0
