"""``airwar serve``: the browser app on this computer."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the root app."""
    app.command("serve")(serve)


def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (loopback by default)."),
    port: int = typer.Option(8000, min=0, max=65535, help="Port to listen on."),
    database_url: str | None = typer.Option(
        None,
        "--database-url",
        help="SQLAlchemy database URL (e.g. postgresql://...); default: the SQLite file "
        "in your data folder, or AIRWAR_DATABASE_URL.",
    ),
    allowed_host: list[str] = typer.Option(
        [],
        "--allowed-host",
        help="A name the players' browsers reach this computer by (e.g. games.example.org "
        "or *.example.org); repeat for more. Loopback names and the --host address are "
        "always allowed; a request naming any other host is refused.",
    ),
) -> None:
    """Play, referee and calculate in your browser: the games are kept in the database."""
    import uvicorn

    from airwar.web.app import create_app
    from airwar.web.hardening import host_pattern

    try:
        hosts = [host_pattern(name) for name in [*allowed_host, *listen_name(host)]]
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--allowed-host") from None
    web_app = create_app(database_url, allowed_hosts=hosts)
    from sqlalchemy.engine import make_url

    where = make_url(web_app.state.store.url).render_as_string(hide_password=True)
    typer.echo(f"airwar: games kept in {where}")
    typer.echo(f"airwar: open http://{host}:{port}/ in your browser (Ctrl+C stops)")
    if host in ANY_ADDRESS and not allowed_host:
        typer.echo(
            "airwar: players on other computers need a name given with --allowed-host "
            "(the app refuses requests for any other host)"
        )
    uvicorn.run(
        web_app,
        host=host,
        port=port,
        log_level="warning",
        timeout_keep_alive=30,
        timeout_graceful_shutdown=2,
    )


ANY_ADDRESS = ("", "0.0.0.0", "::")


def listen_name(host: str) -> list[str]:
    """The address the app listens on, as a Host name players may use (none for 'every')."""
    return [] if host in ANY_ADDRESS else [host]
