"""``airwar migs simulate`` shows how far it is (issue 25: 100 whole games ran 34 s with no
sign of life): a progress bar of the games on standard error when that is a terminal,
and nothing on it otherwise. Run through the real entry point, standard error on a
pseudo-terminal."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys

GAMES = 30
ARGS = ["migs", "simulate", "--games", str(GAMES), "--seed", "3", "--bots", "random,random"]


def run_on_a_terminal(*args: str) -> tuple[int, str, str]:
    """``airwar ARGS`` with standard error on a terminal: exit code, stdout, what the
    terminal showed."""
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm"}
    child = subprocess.Popen(
        [sys.executable, "-m", "airwar.cli.main", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        env=env,
    )
    os.close(slave)
    shown = b""
    while True:  # read as it comes: a full terminal buffer would stop the child
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    assert child.stdout is not None
    out = child.stdout.read().decode()
    return child.wait(timeout=120), out, shown.decode(errors="replace")


def test_simulate_shows_the_games_played_on_a_terminal() -> None:
    code, out, shown = run_on_a_terminal(*ARGS, "--json")
    assert code == 0, shown
    assert json.loads(out)["games"] == GAMES  # standard output holds the JSON alone
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)  # the terminal's colours gone
    counts = {int(n) for n in re.findall(rf"(\d+)/{GAMES} games", plain)}
    assert "random v random" in plain, plain[-500:]
    assert 0 in counts and max(counts) <= GAMES, plain[-500:]
    assert any(0 < n < GAMES for n in counts), "the bar moves while the games are played"


def test_simulate_writes_nothing_on_standard_error_off_a_terminal() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "airwar.cli.main", *ARGS, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["games"] == GAMES
