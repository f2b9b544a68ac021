"""``airwar serve``: the browser app on this computer."""

from __future__ import annotations

import os

import typer

from airwar.cli.common import Typer

MAX_WORKERS = 16
FACTORY = "airwar.web.app:app_from_environment"
"""The app factory each worker process imports when ``--workers`` is more than one."""


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
    workers: int = typer.Option(
        1,
        "--workers",
        min=1,
        max=MAX_WORKERS,
        help="Server processes sharing the port and the database (PostgreSQL, or a SQLite file).",
    ),
    rate_limits: bool = typer.Option(
        True,
        "--rate-limits/--no-rate-limits",
        help="Limit how often one address may create games and act; lift the limits only "
        "for a load test from this computer.",
    ),
    root_path: str = typer.Option(
        "",
        "--root-path",
        help="The path prefix a reverse proxy serves the app under (e.g. /airwar), the "
        "proxy taking it off before passing each request on.",
    ),
    background_solve: bool = typer.Option(
        True,
        "--background-solve/--no-background-solve",
        envvar="AIRWAR_BACKGROUND_SOLVE",
        help="Solve the expert's common matchups in the background as the server starts, "
        "at a low priority, the most played first (about 0.7 GB of disk for all 14), so "
        "that no player waits for a solve (env AIRWAR_BACKGROUND_SOLVE=on/off).",
    ),
) -> None:
    """Play, referee and calculate in your browser: the games are kept in the database."""
    import uvicorn
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from airwar.store import Store, default_database_url
    from airwar.web.app import HOSTS_VAR, LIMITS_VAR, PROCESSES_VAR, UNLIMITED, create_app
    from airwar.web.hardening import host_pattern
    from airwar.web.lifeline import SUPERVISOR_VAR
    from airwar.web.limits import DEFAULT_LIMITS

    try:
        hosts = [host_pattern(name) for name in [*allowed_host, *listen_name(host)]]
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--allowed-host") from None
    root = check_root_path(root_path)
    options = {
        "host": host,
        "port": port,
        "root_path": root,
        "log_level": "warning",
        "timeout_keep_alive": 30,
        "timeout_graceful_shutdown": 2,
    }
    check_listen(host, port)  # one line, before anything else is said or done
    if workers == 1:
        limits = DEFAULT_LIMITS if rate_limits else UNLIMITED
        web_app = create_app(
            database_url,
            allowed_hosts=hosts,
            limits=limits,
            warm_solver=True,
            background_solve=background_solve,
        )
        url = web_app.state.store.url
    else:
        url = database_url or default_database_url()
        try:
            make_url(url)
        except (ArgumentError, ValueError):
            Store(url)  # the store's own one-line refusal, the password masked
        if in_memory(url):
            raise typer.BadParameter(
                "an in-memory database lives in one process: give a database the "
                "workers can share (PostgreSQL, or a SQLite file)",
                param_hint="--workers",
            )
        # opened (and migrated) once here, before the workers start and each open it
        Store(url).close()
    where = make_url(url).render_as_string(hide_password=True)
    typer.echo(f"airwar: games kept in {where}")
    shown = f"http://{host}:{port}{root}/"
    many = f" by {workers} processes" if workers > 1 else ""
    typer.echo(f"airwar: open {shown} in your browser, served{many} (Ctrl+C stops)")
    if host in ANY_ADDRESS and not allowed_host:
        typer.echo(
            "airwar: players on other computers need a name given with --allowed-host "
            "(the app refuses requests for any other host)"
        )
    if workers == 1:
        uvicorn.run(web_app, **options)  # type: ignore[arg-type]
        return
    # each worker builds its app from the environment it inherits
    os.environ["AIRWAR_DATABASE_URL"] = url
    os.environ[HOSTS_VAR] = ",".join(hosts)
    os.environ[LIMITS_VAR] = "on" if rate_limits else "off"
    os.environ[PROCESSES_VAR] = str(workers)  # each holds its share of the limits
    os.environ["AIRWAR_BACKGROUND_SOLVE"] = "on" if background_solve else "off"
    os.environ[SUPERVISOR_VAR] = str(os.getpid())  # the workers die with this process
    uvicorn.run(FACTORY, factory=True, workers=workers, **options)  # type: ignore[arg-type]


ANY_ADDRESS = ("", "0.0.0.0", "::")


def check_listen(host: str, port: int) -> None:
    """Refuse, in one line with exit code 2, an address this computer cannot listen on
    (``--host 256.1.1.1``, a name that does not resolve, an address of another computer)
    or a port already taken, before the server starts."""
    import socket

    from airwar.cli.common import fail

    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (socket.gaierror, UnicodeError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        fail(f"--host {host!r}: not an address or a name of this computer ({reason})")
    family, kind, proto, _name, address = found[0]
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")


def listen_name(host: str) -> list[str]:
    """The address the app listens on, as a Host name players may use (none for 'every')."""
    return [] if host in ANY_ADDRESS else [host]


def check_root_path(root_path: str) -> str:
    """``--root-path`` as the app expects it: ``""`` or ``/name`` without a trailing slash."""
    root = root_path.strip().rstrip("/")
    if root and (not root.startswith("/") or any(c in root for c in "?#% \\")):
        raise typer.BadParameter(
            f"{root_path!r}: give a path such as /airwar", param_hint="--root-path"
        )
    return root


def in_memory(url: str) -> bool:
    """Whether ``url`` is an SQLite database in memory (one per process)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    return parsed.get_backend_name() == "sqlite" and (parsed.database or "") in ("", ":memory:")


app = Typer(add_completion=False)
"""The ``serve`` command, which the root loads when it is named."""
app.command("serve")(serve)
