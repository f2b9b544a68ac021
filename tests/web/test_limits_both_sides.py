"""Both sides of every cap of the browser app: the last value allowed is taken, the next refused.

The caps are the body sizes (64 KB; 1 MB on the scenario uploads), how deep a
body may nest, how long a whole number may be, and the rate limits' buckets.
Each test sends exactly the limit, then one more.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from airwar.web import hardening
from airwar.web.hardening import BODY_LIMIT, MAX_DEPTH, MAX_DIGITS, UPLOAD_LIMIT, BodyGuard
from airwar.web.limits import ACT, CREATE, Limits, Rate, RateLimiter

UPLOAD = "/api/gunslingers/preview"


class Recorder:
    """An app behind the guard that records the body it was given and answers 200."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        self.bodies.append(body)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})


def post(path: str, body: bytes, *, declared: bool, chunk: int = 16_384) -> tuple[int, Recorder]:
    """POST ``body`` through the guard (with its Content-Length, or chunked without)."""
    app = Recorder()
    guard = BodyGuard(app, upload_paths={UPLOAD})
    headers = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")]
    if declared:
        headers.append((b"content-length", str(len(body)).encode()))
    else:
        headers.append((b"transfer-encoding", b"chunked"))
    parts = [body[i : i + chunk] for i in range(0, len(body), chunk)] or [b""]
    messages = [
        {"type": "http.request", "body": part, "more_body": i < len(parts) - 1}
        for i, part in enumerate(parts)
    ]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": path,
        "root_path": "",
        "headers": headers,
        "query_string": b"",
    }
    asyncio.run(guard(scope, receive, send))
    return sent[0]["status"], app


def json_of_size(n: int) -> bytes:
    """A JSON object of exactly ``n`` bytes: {"title": "xxx..."}."""
    head, tail = b'{"title": "', b'"}'
    body = head + b"x" * (n - len(head) - len(tail)) + tail
    assert len(body) == n
    return body


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
@pytest.mark.parametrize(
    ("path", "limit"), [("/api/games", BODY_LIMIT), (UPLOAD, UPLOAD_LIMIT)], ids=["api", "upload"]
)
def test_a_body_of_exactly_the_cap_is_taken_one_byte_more_is_413(
    path: str, limit: int, declared: bool
) -> None:
    assert (BODY_LIMIT, UPLOAD_LIMIT) == (64 * 1024, 1024 * 1024)  # the documented caps
    status, app = post(path, json_of_size(limit), declared=declared)
    assert status == 200
    assert app.bodies == [json_of_size(limit)]  # handed on whole
    status, app = post(path, json_of_size(limit + 1), declared=declared)
    assert status == 413
    assert app.bodies == []


def nested(depth: int) -> bytes:
    """A JSON body of ``depth`` lists, one inside the other, under a key."""
    return b'{"options": ' + b"[" * (depth - 1) + b"]" * (depth - 1) + b"}"


def test_a_body_nested_exactly_as_deep_as_allowed_is_taken_one_deeper_is_422() -> None:
    assert MAX_DEPTH == 32
    assert hardening.json_refusal(nested(MAX_DEPTH), "application/json") is None
    refused = hardening.json_refusal(nested(MAX_DEPTH + 1), "application/json")
    assert refused is not None and refused.status_code == 422
    assert f"deeper than {MAX_DEPTH} levels" in bytes(refused.body).decode()
    assert post("/api/games", nested(MAX_DEPTH), declared=True)[0] == 200
    assert post("/api/games", nested(MAX_DEPTH + 1), declared=True)[0] == 422


@pytest.mark.parametrize("sign", ["", "-"])
def test_a_whole_number_of_the_most_digits_is_taken_one_digit_more_is_422(sign: str) -> None:
    assert MAX_DIGITS == 300
    longest = json.dumps({"seed": 0}).replace("0", sign + "9" * MAX_DIGITS).encode()
    too_long = json.dumps({"seed": 0}).replace("0", sign + "9" * (MAX_DIGITS + 1)).encode()
    assert hardening.json_refusal(longest, "application/json") is None
    refused = hardening.json_refusal(too_long, "application/json")
    assert refused is not None and refused.status_code == 422
    body = json.loads(bytes(refused.body))
    assert body["detail"][0]["loc"] == ["body", "seed"]
    assert f"{MAX_DIGITS + 1} digits is too long" in body["detail"][0]["msg"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("kind", "rate"),
    [(CREATE, Rate(per_second=10 / 60, burst=10)), (ACT, Rate(per_second=5.0, burst=30))],
)
def test_a_bucket_grants_exactly_its_burst_then_one_more_each_refill(kind: str, rate: Rate) -> None:
    """The defaults (10 games a minute, 10 at once; 5 decisions a second, 30 at once)."""
    assert Limits().rate(kind) == rate
    clock = Clock()
    limiter = RateLimiter(Limits(), clock=clock)
    for _ in range(rate.burst):
        assert limiter.take(kind, "10.0.0.1") == 0.0  # the burst-th is still granted
    wait = limiter.take(kind, "10.0.0.1")  # one more is refused
    assert wait == pytest.approx(1 / rate.per_second)
    # another client has its own bucket
    assert limiter.take(kind, "10.0.0.2") == 0.0
    # a hair before the token is back: still refused; once it is back, granted once
    clock.now += 0.999 / rate.per_second
    assert limiter.take(kind, "10.0.0.1") > 0.0
    clock.now += 0.002 / rate.per_second
    assert limiter.take(kind, "10.0.0.1") == 0.0
    assert limiter.take(kind, "10.0.0.1") > 0.0


def test_the_bucket_table_keeps_exactly_max_clients() -> None:
    clock = Clock()
    limiter = RateLimiter(Limits(create=Rate(1.0, 1), max_clients=3), clock=clock)
    for client in ("a", "b", "c"):
        assert limiter.take(CREATE, client) == 0.0
    assert limiter.take(CREATE, "a") > 0.0  # three clients: all three remembered
    assert limiter.take(CREATE, "d") == 0.0  # a fourth: the one used longest ago goes
    assert limiter.take(CREATE, "b") == 0.0  # b was dropped, so it starts full
    assert limiter.take(CREATE, "d") > 0.0
