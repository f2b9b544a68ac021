"""How often one client may create games and make decisions: token buckets in memory.

Two kinds of request do work that a client could repeat without end:
creating a game (``POST /api/games``, ``POST /api/gunslingers/games``) and
acting in one (``POST .../actions``, ``POST .../undo``). Each client has a
bucket per kind: it holds at most ``burst`` tokens, refills at ``per_second``,
and each such request takes one. A request that finds the bucket empty is
refused before it does anything, with ``429 Too Many Requests``, a JSON
problem and a ``Retry-After`` header (whole seconds until a token is back).
A request refused for its form (422) is refused before it is counted.

The client is ``request.client.host``, the address the connection came from.
Behind a reverse proxy that is the proxy's: run ``uvicorn`` with
``--proxy-headers --forwarded-allow-ips=<the proxy's address>`` so that it
takes the client's address from ``X-Forwarded-For``, and only from that proxy
(a header sent by anyone else is ignored). An IPv6 client is counted by its
/64 network, which one host usually holds whole.

The numbers are :data:`DEFAULT_LIMITS`; ``create_app(limits=Limits(...))``
sets others (tests). The buckets of one process are its own: with several
server processes (``airwar serve --workers N``) each holds a share of the
limits (:meth:`Limits.shared_by`), so the whole server holds to them.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from ipaddress import IPv6Address, IPv6Network, ip_address

from fastapi import Request
from starlette.exceptions import HTTPException

CREATE = "create"
ACT = "act"
READ = "read"
STREAMS = "streams"


@dataclass(frozen=True)
class Rate:
    """A bucket of ``burst`` tokens refilled at ``per_second`` tokens a second."""

    per_second: float
    burst: int

    def __post_init__(self) -> None:
        if not (self.per_second > 0 and math.isfinite(self.per_second)) or self.burst < 1:
            raise ValueError(f"a rate needs a positive refill and burst, not {self}")


@dataclass(frozen=True)
class Limits:
    """The rates of the browser app, by kind of request."""

    create: Rate = field(default_factory=lambda: Rate(per_second=10 / 60, burst=10))
    """New games: 10 a minute, 10 at once."""
    act: Rate = field(default_factory=lambda: Rate(per_second=5.0, burst=30))
    """Decisions and undos: 5 a second, 30 at once."""
    read: Rate = field(default_factory=lambda: Rate(per_second=10.0, burst=60))
    """Reads that cost the server more than a page: the games list and opening a live
    update stream, 10 a second, 60 at once."""
    streams: int = 24
    """Live update streams one client holds open at once (a browser's tabs)."""
    max_clients: int = 10_000
    """Buckets kept; the one used longest ago is dropped first (it was refilling anyway)."""

    def shared_by(self, processes: int) -> Limits:
        """This server's limits as one of ``processes`` server processes holds them.

        Each process counts in its own memory, so each gets a share: the refill
        divided by ``processes`` and the burst and the stream cap too (at least one
        each). The shares add up to the whole server's limits, so an address that
        spreads its requests over every process gets no more than the limits (a
        burst or cap smaller than ``processes`` is the one exception: one each)."""
        if processes < 1:
            raise ValueError(f"a server has at least one process, not {processes}")
        if processes == 1:
            return self

        def share(r: Rate) -> Rate:
            return Rate(per_second=r.per_second / processes, burst=max(1, r.burst // processes))

        return Limits(
            create=share(self.create),
            act=share(self.act),
            read=share(self.read),
            streams=max(1, self.streams // processes),
            max_clients=self.max_clients,
        )

    def rate(self, kind: str) -> Rate:
        if kind == CREATE:
            return self.create
        if kind == ACT:
            return self.act
        if kind == READ:
            return self.read
        raise KeyError(kind)


DEFAULT_LIMITS = Limits()


class RateLimiter:
    """Token buckets per (kind, client), thread-safe, bounded in number."""

    def __init__(
        self, limits: Limits = DEFAULT_LIMITS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limits = limits
        self.clock = clock
        self._buckets: OrderedDict[tuple[str, str], tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, kind: str, client: str) -> float:
        """Take a token: 0.0 when granted, else the seconds until one is back."""
        rate = self.limits.rate(kind)
        key = (kind, client)
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets.pop(key, (float(rate.burst), now))
            tokens = min(float(rate.burst), tokens + (now - then) * rate.per_second)
            if tokens >= 1.0:
                tokens -= 1.0
                wait = 0.0
            else:
                wait = (1.0 - tokens) / rate.per_second
            self._buckets[key] = (tokens, now)
            while len(self._buckets) > self.limits.max_clients:
                self._buckets.popitem(last=False)
        return wait


def client_of(request: Request) -> str:
    """Who a request is counted against: its address, an IPv6 address by its /64."""
    host = request.client.host if request.client is not None else ""
    try:
        address = ip_address(host)
    except ValueError:
        return host or "unknown"
    if isinstance(address, IPv6Address) and address.ipv4_mapped is None:
        return str(IPv6Network((int(address) >> 64 << 64, 64)))
    if isinstance(address, IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


class TooManyRequests(HTTPException):
    """429 with a ``Retry-After`` header; the app's error handler answers it as JSON."""

    def __init__(self, kind: str, wait: float) -> None:
        seconds = max(1, math.ceil(wait))
        what = {CREATE: "new games", ACT: "decisions", READ: "reads", STREAMS: "live updates"}[kind]
        super().__init__(
            status_code=429,
            detail=f"too many {what} from your address: try again in {seconds} s",
            headers={"Retry-After": str(seconds)},
        )


class ServiceBusy(HTTPException):
    """503 with a ``Retry-After`` header: the server is too busy for this now."""

    def __init__(self, detail: str, seconds: int) -> None:
        super().__init__(
            status_code=503, detail=detail, headers={"Retry-After": str(max(1, seconds))}
        )


def charge(request: Request, kind: str) -> None:
    """Count this request against its client's ``kind`` bucket; 429 when it is empty.

    Called first thing by the routes that create or act, after the body is
    validated and before any work.
    """
    limiter: RateLimiter | None = getattr(request.app.state, "limits", None)
    if limiter is None:
        return
    wait = limiter.take(kind, client_of(request))
    if wait > 0:
        raise TooManyRequests(kind, wait)


class StreamCount:
    """The live update streams each client holds open, bounded by ``Limits.streams``."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def open(self, client: str) -> bool:
        """Count one more stream of ``client``; False (nothing counted) past the bound."""
        with self._lock:
            held = self._open.get(client, 0)
            if held >= self.most:
                return False
            self._open[client] = held + 1
            return True

    def close(self, client: str) -> None:
        with self._lock:
            held = self._open.get(client, 0) - 1
            if held > 0:
                self._open[client] = held
            else:
                self._open.pop(client, None)

    def held(self, client: str) -> int:
        with self._lock:
            return self._open.get(client, 0)
