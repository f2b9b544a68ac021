"""Files that are not files, given to every command that reads a user's file
(issue 26, item 9): a FIFO with no writer, ``/dev/zero``, a folder and a huge sparse
file. Each is refused at once, in one line with exit code 2 (``gunslingers validate``
lists its problems with exit code 1), never read whole and never waited on."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from airwar.cli.main import app
from airwar.core.files import read_capped

runner = CliRunner()

COMMANDS = [
    ["gunslingers", "validate"],
    ["gunslingers", "run"],
    ["gunslingers", "play"],
    ["gunslingers", "map"],
    ["bia", "engagement"],
    ["verify"],
]
WAIT = 20.0
"""Seconds a refusal may take at most (it takes milliseconds; a hang never ends)."""


def invoke(args: list[str]) -> tuple[Result | None, float]:
    """Run the command in a thread, so that a hang fails the test instead of stopping it."""
    out: list[Result] = []
    start = time.monotonic()
    thread = threading.Thread(
        target=lambda: out.append(runner.invoke(app, args, input="")), daemon=True
    )
    thread.start()
    thread.join(WAIT)
    return (out[0] if out else None), time.monotonic() - start


def refused_at_once(args: list[str], words: str) -> None:
    result, took = invoke(args)
    assert result is not None, f"{' '.join(args)} still runs after {WAIT:.0f} s"
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert words in result.output, result.output
    assert took < WAIT


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "input.toml"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_a_fifo_is_refused_without_waiting_for_a_writer(command: list[str], fifo: Path) -> None:
    refused_at_once([*command, str(fifo)], "a FIFO, not a regular file")


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_dev_zero_is_refused_unread(command: list[str]) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    refused_at_once([*command, "/dev/zero"], "a character device, not a regular file")


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_a_folder_is_refused(command: list[str], tmp_path: Path) -> None:
    result, _took = invoke([*command, str(tmp_path)])
    assert result is not None and result.exit_code in (1, 2), result and result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_a_huge_sparse_file_is_read_only_up_to_the_cap(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as fh:
        fh.truncate(2 * 1024**3)  # 2 GB that the file system does not store
    refused_at_once([*command, str(path)], "larger than")


def test_the_reader_reads_at_most_the_cap_whatever_the_size_says(tmp_path: Path) -> None:
    path = tmp_path / "big"
    path.write_bytes(b"x" * 5000)
    assert len(read_capped(path, 100)) == 101
    assert read_capped(path, 10_000) == b"x" * 5000
