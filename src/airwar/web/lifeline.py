"""Worker processes die with the ``airwar serve`` that started them.

``airwar serve --workers N`` is a supervisor process with N workers serving
on one port. Killed outright (``SIGKILL``, the out-of-memory killer), the
supervisor cannot stop its workers, and they would go on holding the port.
Each worker therefore asks the kernel to send it ``SIGTERM`` when its parent
dies (Linux's ``prctl(PR_SET_PDEATHSIG)``, through ctypes) and, where that
is not available, watches its parent's process id from a thread.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import signal
import sys
import threading

log = logging.getLogger(__name__)

SUPERVISOR_VAR = "AIRWAR_SUPERVISOR_PID"
"""Set by ``airwar serve --workers N`` to its own process id, for its workers."""
PR_SET_PDEATHSIG = 1
WATCH_SECONDS = 1.0
"""How often the watching thread (where there is no prctl) looks at its parent."""


def supervisor() -> int | None:
    """The process id of the ``airwar serve`` that started this worker, if one did."""
    text = os.environ.get(SUPERVISOR_VAR, "").strip()
    return int(text) if text.isdigit() else None


def die_with(parent: int) -> str:
    """End this process (``SIGTERM``: a graceful stop) when ``parent`` is gone.

    Returns how: ``"prctl"`` (the kernel signals), ``"watch"`` (a thread
    looks every :data:`WATCH_SECONDS`), or ``"gone"`` (the parent was already
    gone: the signal is sent at once).
    """
    how = "watch"
    if sys.platform.startswith("linux") and _parent_death_signal(signal.SIGTERM):
        how = "prctl"
    if os.getppid() != parent:  # died before the request: nobody would signal
        os.kill(os.getpid(), signal.SIGTERM)
        return "gone"
    if how == "watch":
        threading.Thread(target=_watch, args=(parent,), name="airwar-lifeline", daemon=True).start()
    return how


def _parent_death_signal(sig: int) -> bool:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        threading.Event().wait(WATCH_SECONDS)
    log.warning("the airwar serve that started this worker is gone: stopping")
    os.kill(os.getpid(), signal.SIGTERM)


def guard() -> str | None:
    """In a worker of ``airwar serve --workers N``: die with the supervisor."""
    parent = supervisor()
    return None if parent is None else die_with(parent)
