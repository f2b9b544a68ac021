"""Real terminal sessions: ``airwar migs play`` as a separate process fed through stdin.

One game is typed in full; another is killed with SIGKILL half-way and resumed
with ``--resume``, and must end exactly as the uninterrupted game does; a
third is interrupted with Ctrl-C (SIGINT) at the prompt.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from airwar.core import replay
from airwar.store import Store, StoreError
from tests.cli.test_migs_play import reference_game

ROOT = Path(__file__).resolve().parents[2]
SEATS = {0: "human", 1: "ai:heuristic"}
OPTIONS = {"turn_limit": 6}


def command(db: str, *extra: str) -> list[str]:
    return [sys.executable, "-m", "airwar.cli.main", "migs", "play", "--database-url", db, *extra]


NEW_GAME = ("--engagement", "--turn-limit", "6", "--communist", "human", "--allied", "heuristic")


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + e.get("PYTHONPATH", "")
    e["COLUMNS"] = "100"
    return e


def only_game(db: str) -> str:
    store = Store(db)
    ids = [g.id for g in store.list_games()]
    store.close()
    assert len(ids) == 1
    return ids[0]


def saved_actions(db: str, game_id: str) -> list[tuple[int, str]]:
    store = Store(db)
    actions = store.load(game_id).record.actions
    store.close()
    return actions


def test_a_scripted_game_through_stdin(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'session.sqlite'}"
    ref, typed = reference_game("migs-engagement", OPTIONS, 31, SEATS)
    script = "".join(f"{t}\n" for _, t in typed)
    done = subprocess.run(
        command(db, *NEW_GAME, "--seed", "31"),
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        env=env(),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Communist, " in done.stdout and "Legal moves" in done.stdout
    gid = only_game(db)
    assert saved_actions(db, gid) == ref.record.actions


def test_killed_mid_game_resumes_to_the_uninterrupted_continuation(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'killed.sqlite'}"
    ref, typed = reference_game("migs-engagement", OPTIONS, 44, SEATS)
    assert len(typed) >= 4
    half = len(typed) // 2
    # how many decisions are saved when the player is asked for human decision half+1
    humans_seen = 0
    expected_saved = len(ref.record.actions)
    for i, (seat, _) in enumerate(ref.record.actions):
        if seat == 0:
            if humans_seen == half:
                expected_saved = i
                break
            humans_seen += 1
    with (tmp_path / "first.out").open("w") as out:
        proc = subprocess.Popen(
            command(db, *NEW_GAME, "--seed", "44"),
            stdin=subprocess.PIPE,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
            env=env(),
        )
        assert proc.stdin is not None
        proc.stdin.write("".join(f"{t}\n" for _, t in typed[:half]))
        proc.stdin.flush()
        deadline = time.monotonic() + 120
        gid = None
        while time.monotonic() < deadline:
            try:
                gid = only_game(db)
                if len(saved_actions(db, gid)) >= expected_saved:
                    break
            except (AssertionError, StoreError):
                pass
            time.sleep(0.1)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert gid is not None
    saved = saved_actions(db, gid)
    assert saved == ref.record.actions[: len(saved)] and len(saved) == expected_saved
    typed_already = sum(1 for seat, _ in saved if seat == 0)
    rest = "".join(f"{t}\n" for _, t in typed[typed_already:])
    resumed = subprocess.run(
        command(db, "--resume", gid),
        input=rest,
        capture_output=True,
        text=True,
        timeout=120,
        env=env(),
        check=False,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"Resuming game {gid}" in resumed.stdout
    store = Store(db)
    final = store.load(gid)
    assert final.status == "finished" and final.record.actions == ref.record.actions
    assert replay(final.record).events == ref.events


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_at_the_prompt_keeps_the_game(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'ctrlc.sqlite'}"
    proc = subprocess.Popen(
        command(db, *NEW_GAME, "--seed", "5"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(),
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            only_game(db)
            break
        except (AssertionError, StoreError):
            time.sleep(0.1)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130
    gid = only_game(db)
    assert f"resume with: airwar migs play --resume {gid}" in out
