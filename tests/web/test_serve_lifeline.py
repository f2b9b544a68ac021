"""``airwar serve --workers N`` killed outright, and started on a port already taken.

A supervisor killed with SIGKILL cannot stop its workers: each worker dies with
it by itself (the kernel's parent-death signal, or a thread watching its
parent), so the port is free again and a new server starts there. A server
started on a port another holds says so in one line, exits with code 2 and
prints nothing else.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.web.conftest import ROOT, Server, free_port
from tests.web.test_scale import workers_of


def port_taken(host: str, port: int) -> bool:
    """Whether something still listens on ``host:port`` (bound as the server binds)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return True
    return False


def children(pid: int) -> list[int]:
    """The worker processes of the supervisor ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat[1]) == pid and b"spawn_main" in cmdline:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").exists(), reason="reads the processes from /proc")
def test_a_killed_supervisor_takes_its_workers_and_the_port_with_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    port = free_port()
    srv = Server(url, port, args=["--workers", "2", "--no-rate-limits"])
    srv.start()
    try:
        assert srv.process is not None
        assert workers_of(srv.process.pid) == 2
        workers = children(srv.process.pid)
        assert len(workers) == 2
        os.kill(srv.process.pid, signal.SIGKILL)  # no chance to stop its workers itself
        srv.process.wait(timeout=10)
        deadline = time.monotonic() + 15
        while any(alive(w) for w in workers) or port_taken("127.0.0.1", port):
            assert time.monotonic() < deadline, "the workers go on serving without their server"
            time.sleep(0.2)
        srv.process = None
        again = Server(url, port, args=["--workers", "2", "--no-rate-limits"])
        again.start()  # the port is free for the next server
        again.stop()
    finally:
        srv.stop()


def test_a_start_on_a_busy_port_says_so_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        for workers in ("1", "2"):
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "airwar.cli.main",
                    "serve",
                    "--port",
                    str(port),
                    "--workers",
                    workers,
                    "--database-url",
                    f"sqlite:///{tmp_path / 'games.sqlite'}",
                ],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert done.returncode == 2, done
            assert done.stdout == ""  # not "served by 2 processes", nor anything else
            lines = done.stderr.strip().splitlines()
            assert len(lines) == 1, done.stderr
            assert f"127.0.0.1:{port}" in lines[0]
            assert "in use" in lines[0]
