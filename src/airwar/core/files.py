"""Reading a file a user names: only a regular file, and never more than a cap.

Every command that reads a user's file (a scenario, an engagement, a record)
reads it through :func:`read_capped`. A FIFO, a device (``/dev/zero``), a
socket or a directory is refused before a byte is read: the file is opened
without blocking (a FIFO with no writer would hang the command) and checked
on the open descriptor. A regular file is read up to the cap and one byte
more, whatever its size says, so a huge or sparse file costs at most that.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words ("a FIFO"), for a refusal."""
    for test, words in KINDS:
        if test(mode):
            return words
    return "not a regular file"


def read_capped(path: str | Path, cap: int) -> bytes:
    """At most ``cap + 1`` bytes of the regular file ``path`` (more than ``cap`` bytes
    read means the file is too big: the caller says so in its own words).

    Raises :class:`OSError` (its ``strerror`` says why, in words) for a file that cannot
    be opened or is not a regular file.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(
                errno.EINVAL, f"{kind_of(mode)}, not a regular file: give a file's path", str(path)
            )
        chunks: list[bytes] = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
