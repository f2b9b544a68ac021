"""The browser app hardened for the open internet.

Three pure ASGI middlewares, installed by :func:`install`:

* :class:`BodyGuard` caps the size of a request body (64 KB; 1 MB on the
  routes a game declares take a whole file), counting what arrives, so a chunked
  body without a Content-Length is cut off too (413). It then reads the JSON once before the
  API does and refuses what Python's parser lets through but no answer can
  carry: NaN, Infinity and numbers that overflow to infinity, lone UTF-16
  surrogates and NUL characters in text, whole numbers hundreds of digits
  long, and nesting deeper than :data:`MAX_DEPTH` (422 naming the place).
* Starlette's ``TrustedHostMiddleware`` answers 400 to a Host header that is
  not a loopback name or one the operator allowed, so a page on another site
  cannot reach the app through a DNS name re-pointed at this computer.
* :class:`SecurityHeaders` puts a Content-Security-Policy with no inline
  script, and the referrer, sniffing and framing headers, on every answer.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from collections.abc import Iterable, Sequence
from ipaddress import AddressValueError, IPv6Address
from typing import Any

from fastapi import FastAPI
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from airwar.web.errors import clean_text

KB = 1024
MB = 1024 * KB
BODY_LIMIT = 64 * KB
"""The most a request body may hold, except on the routes that take a whole file."""
UPLOAD_LIMIT = 1 * MB
"""The most the body of a route that takes a whole file (a scenario) may hold."""
MAX_DEPTH = 32
"""How deep lists and objects may nest in a body (the API's own need at most 4)."""
MAX_DIGITS = 300
"""The longest whole number a body may hold (a seed needs 19 digits)."""

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
"""The names the app answers to without being told: the browser on this computer."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
DOCS_CSP = (
    "default-src 'self'; script-src 'self' https://cdn.jsdelivr.net {hashes}; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; "
    "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
    "worker-src blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)
"""The API's documentation pages load their viewer from its CDN; their inline
script is allowed by its hash, never by 'unsafe-inline'."""
SECURITY_HEADERS = (
    ("content-security-policy", CSP),
    ("referrer-policy", "no-referrer"),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
)


def install(
    app: FastAPI, allowed_hosts: Iterable[str] | None = None, uploads: Iterable[str] = ()
) -> None:
    """Put the body guard, the Host check and the security headers around ``app``.

    ``allowed_hosts`` adds names (``games.example.org``, ``*.example.org``, an
    address) to the loopback ones; ``["*"]`` turns the Host check off. ``uploads`` are
    the paths of the routes that take a whole file (the games' parts declare them,
    :meth:`airwar.web.parts.WebParts.upload_paths`): they get :data:`UPLOAD_LIMIT`.
    """
    hosts = [*LOOPBACK, *(host_pattern(h) for h in allowed_hosts or ())]
    # the last added runs first: the headers go on every answer, even a refusal
    app.add_middleware(BodyGuard, upload_paths=frozenset(uploads))
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=hosts, www_redirect=False)
    docs = {app.docs_url, app.redoc_url, app.swagger_ui_oauth2_redirect_url} - {None}
    app.add_middleware(SecurityHeaders, docs_paths=frozenset(p for p in docs if p))


def host_pattern(name: str) -> str:
    """A host name as the Host check compares it: lower case, an IPv6 address in brackets."""
    host = name.strip().lower()
    if ":" in host and not host.startswith("["):
        try:
            IPv6Address(host)
        except AddressValueError:
            raise ValueError(f"allowed host {name!r}: give the name without a port") from None
        return f"[{host}]"
    if not host or (host.startswith("[") and not host.endswith("]")):
        raise ValueError(f"allowed host {name!r}: give a name or an address, without a port")
    if "*" in host and host != "*" and ("*" in host[1:] or not host.startswith("*.")):
        raise ValueError(f"allowed host {name!r}: a wildcard must be like '*.example.org'")
    return host


def route_path(scope: Scope) -> str:
    """The path the app routes on: without the prefix a proxy mounts it under."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root) and path[len(root) : len(root) + 1] in ("", "/"):
        return path[len(root) :] or "/"
    return path


def size_text(n: int) -> str:
    return f"{n // MB} MB" if n % MB == 0 else f"{n // KB} KB"


def problem(status: int, detail: Any, *, close: bool = False) -> JSONResponse:
    headers = {"connection": "close"} if close else None
    return JSONResponse({"detail": detail}, status_code=status, headers=headers)


def body_problem(loc: Sequence[str | int], msg: str, kind: str) -> JSONResponse:
    """A 422 shaped like the API's validation errors: the place, one line, the kind."""
    return problem(422, [{"loc": ["body", *loc], "msg": msg, "type": kind}])


class BodyGuard:
    """Cap the request body and refuse JSON the API cannot answer, before the app sees it."""

    def __init__(
        self,
        app: ASGIApp,
        upload_paths: Iterable[str] = (),
        limit: int = BODY_LIMIT,
        upload_limit: int = UPLOAD_LIMIT,
    ) -> None:
        self.app = app
        self.upload_paths = frozenset(upload_paths)
        self.limit = limit
        self.upload_limit = upload_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        declared = headers.get("content-length")
        if (
            declared is None
            and "transfer-encoding" not in headers
            and scope["method"] not in ("POST", "PUT", "PATCH")
        ):
            await self.app(scope, receive, send)
            return
        limit = self.upload_limit if route_path(scope) in self.upload_paths else self.limit
        too_large = problem(
            413,
            f"the request body is larger than {size_text(limit)}, the most this address takes",
            close=True,
        )
        if declared is not None:
            if not re.fullmatch(r"[0-9]{1,19}", declared.strip()):
                await problem(400, "the Content-Length header is not a number", close=True)(
                    scope, receive, send
                )
                return
            if int(declared) > limit:
                await too_large(scope, receive, send)
                return

        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client is gone: nobody to answer
            body += message.get("body", b"")
            if len(body) > limit:
                await too_large(scope, receive, send)
                return
            more = message.get("more_body", False)

        refusal = json_refusal(bytes(body), headers.get("content-type"))
        if refusal is not None:
            await refusal(scope, receive, send)
            return

        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()  # after the body: the disconnect, when it comes

        await self.app(scope, replay, send)


def is_json_type(content_type: str | None) -> bool:
    """Whether the API reads a body of this type as JSON (no type at all counts)."""
    if content_type is None:
        return True
    main, _, sub = content_type.split(";", 1)[0].strip().lower().partition("/")
    return main == "application" and (sub == "json" or sub.endswith("+json"))


class Unfit:
    """A number parsed from the body that no answer could carry back."""

    def __init__(self, msg: str, kind: str) -> None:
        self.msg = msg
        self.kind = kind


def shown(text: str) -> str:
    return clean_text(text, 24)


def parse_constant(name: str) -> Unfit:
    return Unfit(f"{name} is not a finite number: numbers must be finite", "finite_number")


def parse_float(text: str) -> float | Unfit:
    value = float(text)
    if math.isfinite(value):
        return value
    return Unfit(f"{shown(text)} is too large: it is not a finite number", "finite_number")


def parse_int(text: str) -> int | Unfit:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return Unfit(
            f"a whole number of {digits} digits is too long (at most {MAX_DIGITS})",
            "int_parsing_size",
        )
    return int(text)


def text_problem(text: str) -> str | None:
    """Why a string of the body cannot be taken: a lone surrogate or a NUL character."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        half = exc.object[exc.start]
        return (
            f"the text holds a lone surrogate \\u{ord(half):04x} (half of a UTF-16 pair), "
            "which is not a character"
        )
    if "\x00" in text:
        return "the text holds a NUL character (\\u0000), which is not allowed"
    return None


def json_refusal(body: bytes, content_type: str | None) -> JSONResponse | None:
    """The 422 for a body the API must not read, or None when it may."""
    if not body:
        return None  # the API says which fields are required
    if not is_json_type(content_type):
        return body_problem(
            (), "the body must be JSON (Content-Type: application/json)", "content_type"
        )
    try:
        data = json.loads(
            body, parse_constant=parse_constant, parse_float=parse_float, parse_int=parse_int
        )
    except RecursionError:
        return body_problem((), f"the body nests deeper than {MAX_DEPTH} levels", "json_invalid")
    except UnicodeDecodeError:
        return body_problem((), "the body is not valid JSON: it is not UTF-8 text", "json_invalid")
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        return body_problem((), f"the body is not valid JSON: {exc.msg} at {where}", "json_invalid")
    except ValueError:
        return body_problem((), "the body is not valid JSON", "json_invalid")
    found = first_unfit(data)
    if found is None:
        return None
    loc, msg, kind = found
    return body_problem(loc, msg, kind)


def first_unfit(data: Any) -> tuple[list[str | int], str, str] | None:
    """The first value (in the body's order) the API must not read: its place, why, its kind."""
    stack: list[tuple[Any, tuple[str | int, ...], int]] = [(data, (), 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, Unfit):
            return [place(p) for p in path], value.msg, value.kind
        if isinstance(value, str):
            why = text_problem(value)
            if why is not None:
                return [place(p) for p in path], why, "string_unicode"
        elif isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                return [], f"the body nests deeper than {MAX_DEPTH} levels", "json_invalid"
            items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
            for key, _ in items:
                why = text_problem(key) if isinstance(key, str) else None
                if why is not None:
                    return [*(place(p) for p in path), place(key)], why, "string_unicode"
            stack.extend((v, (*path, k), depth + 1) for k, v in reversed(items))
    return None


def place(part: str | int) -> str | int:
    """A key of the body as a place name: cut short, every character printable in JSON."""
    return part if isinstance(part, int) else clean_text(part, 40)


class SecurityHeaders:
    """The Content-Security-Policy and the other safety headers, on every answer."""

    def __init__(self, app: ASGIApp, docs_paths: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.docs_paths = docs_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if route_path(scope) in self.docs_paths:
            await self.app(scope, receive, DocsPolicy(send))
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                add_headers(message)
            await send(message)

        await self.app(scope, receive, send_with_headers)


def add_headers(message: Message, csp: str = CSP) -> None:
    headers = MutableHeaders(scope=message)
    for name, value in SECURITY_HEADERS:
        if name not in headers:
            headers.append(name, csp if name == "content-security-policy" else value)


INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


class DocsPolicy:
    """Hold a documentation page's answer until its inline scripts can be allowed by hash."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.start: Message | None = None
        self.body = bytearray()

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.start = message
            return
        if message["type"] != "http.response.body" or self.start is None:
            await self.send(message)
            return
        self.body += message.get("body", b"")
        if message.get("more_body", False):
            return
        hashes = " ".join(
            "'sha256-" + base64.b64encode(hashlib.sha256(m.group(1)).digest()).decode() + "'"
            for m in INLINE_SCRIPT.finditer(self.body)
        )
        add_headers(self.start, DOCS_CSP.format(hashes=hashes).replace("  ", " "))
        await self.send(self.start)
        await self.send({"type": "http.response.body", "body": bytes(self.body)})
