"""How the app answers airwar's own errors: the status code and one clear line.

The API (every ``/api/...`` address, and any client that does not ask for HTML) gets
JSON: ``{"detail": ...}`` with the status. A browser opening a page (a ``GET`` that
accepts ``text/html`` and is a navigation) gets the same status with a page in the
app's style instead: what went wrong in words, and the way back (:func:`error_page`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from airwar.core.errors import (
    AirwarError,
    IllegalAction,
    InvalidNotation,
    OptionError,
    RecordError,
    UnknownGame,
)
from airwar.session.seats import SeatError, SeedRefused
from airwar.store import GameChanged, GameNotFound, StoreError
from airwar.web.identity import keep_fresh_browser
from airwar.web.schemas import Problem
from airwar.web.service import Conflict, Forbidden, SeatTaken
from airwar.web.templating import templates

# the error answers of the API routes, as their OpenAPI schema lists them
ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": Problem, "description": "the link does not play a seat of this game"},
    404: {"model": Problem, "description": "no game has this id"},
    409: {"model": Problem, "description": "the rules refuse this now; the detail says why"},
}
BUSY: dict[int | str, dict[str, Any]] = {
    503: {
        "model": Problem,
        "description": "the expert's solve queue is full; Retry-After says when to retry",
    },
}
TOO_MANY: dict[int | str, dict[str, Any]] = {
    429: {
        "model": Problem,
        "description": "too many such requests from this address; Retry-After says when to retry",
    },
}

MAX_ERRORS = 10
"""A 422 lists at most this many problems (then how many more there were)."""
MAX_MESSAGE = 2_000
"""A message longer than this is cut short: an answer never carries a big input back."""
MAX_INPUT = 80
"""A refused value is shown back only when it is this short (and plain)."""


def clean_text(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with lone surrogates and NULs written as escapes."""
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text) - limit} more characters)"
    return text.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\u0000")


def small_input(value: Any) -> tuple[bool, Any]:
    """Whether a refused value is short and plain enough to show back, and how to show it."""
    if value is None or isinstance(value, bool):
        return True, value
    if isinstance(value, int):
        return abs(value) < 2**63, value
    if isinstance(value, float):
        return math.isfinite(value), value
    if isinstance(value, str) and len(value) <= MAX_INPUT:
        return True, clean_text(value, MAX_INPUT)
    return False, None


def clean_error(error: dict[str, Any]) -> dict[str, Any]:
    """One validation error as the answer carries it: place, message, kind, a small input."""
    loc = [
        x if isinstance(x, int) and not isinstance(x, bool) else clean_text(str(x), 40)
        for x in error.get("loc", ())
    ]
    out: dict[str, Any] = {
        "loc": loc,
        "msg": clean_text(str(error.get("msg", "")), MAX_MESSAGE),
        "type": clean_text(str(error.get("type", "value_error")), 40),
    }
    if isinstance(error.get("text"), str):
        # the problem in words, its place said once, for a page to show as it is
        out["text"] = clean_text(error["text"], MAX_MESSAGE)
    if "input" in error:
        fits, shown = small_input(error["input"])
        if fits:
            out["input"] = shown
    return out


def validation_detail(errors: Sequence[Any]) -> list[dict[str, Any]]:
    """The errors of a 422, cleaned, and at most :data:`MAX_ERRORS` of them."""
    detail = [clean_error(e if isinstance(e, dict) else {"msg": str(e)}) for e in errors]
    if len(detail) > MAX_ERRORS:
        more = len(detail) - MAX_ERRORS
        detail = detail[:MAX_ERRORS]
        detail.append({"loc": ["body"], "msg": f"and {more} more problems", "type": "value_error"})
    return detail


def field_error(loc: Sequence[str | int], message: str) -> RequestValidationError:
    """A 422 naming the field and the reason, shaped like FastAPI's own."""
    return RequestValidationError([{"loc": tuple(loc), "msg": message, "type": "value_error"}])


FIELD_OF: dict[type[AirwarError], tuple[str, ...]] = {
    SeedRefused: ("body", "seed"),
    OptionError: ("body", "options"),
    SeatError: ("body", "seats"),
    UnknownGame: ("body", "game"),
    InvalidNotation: ("body", "actions"),
}


def plain_routes(routes: Iterable[Any]) -> Iterator[Any]:
    """The app's routes, those of the routers it includes too (each with its own path)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from plain_routes(inner.routes)
        elif hasattr(route, "path_regex"):
            yield route


def allowed_methods(request: Request) -> list[str]:
    """Every method some route of the app takes at this request's path (a 405's ``Allow``;
    the framework's own names the first route's only)."""
    path = request.scope.get("path", "")
    root = request.scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root) :]
    methods: set[str] = set()
    for route in plain_routes(request.app.routes):
        if route.path_regex.match(path):
            methods |= set(getattr(route, "methods", None) or ())
    return sorted(methods)


def status_of(exc: AirwarError) -> int:
    if isinstance(exc, GameNotFound):
        return 404
    if isinstance(exc, GameChanged):
        return 409
    if isinstance(exc, StoreError):
        return 503
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Conflict | IllegalAction | RecordError):
        return 409
    return 422


NOT_PAGES = ("/api/", "/static/", "/openapi.json", "/docs", "/redoc")
"""Addresses that are never a page: their errors are JSON (or plain text) whatever the
client accepts."""


def wants_page(request: Request) -> bool:
    """Whether an error should be answered with a page: a ``GET`` (or ``HEAD``) of an
    address outside the API that accepts ``text/html`` and, when the browser says what
    kind of request it is (``Sec-Fetch-Mode``), is a navigation."""
    if request.method not in ("GET", "HEAD"):
        return False
    full = request.scope.get("path", "")
    # under a proxy's prefix the root path is before it; in a mount (the files), the
    # mount's own path is part of the root path too: either way, not a page
    root = request.scope.get("app_root_path", request.scope.get("root_path", ""))
    path = full[len(root) :] if root and full.startswith(root) else full
    for shown in {full, path}:
        if shown.startswith(NOT_PAGES) or shown in ("/api", "/static"):
            return False
    accept = request.headers.get("accept", "").lower()
    if "text/html" not in accept and "application/xhtml+xml" not in accept:
        return False
    mode = request.headers.get("sec-fetch-mode")
    return mode is None or mode == "navigate"


HEADINGS = {
    400: "That request cannot be read",
    403: "Not yours to open",
    404: "There is nothing at this address",
    405: "This address cannot be opened like that",
    409: "Not now",
    413: "That request is too large",
    422: "This address has a mistake in it",
    429: "Too many requests",
    500: "Something went wrong on the server",
    503: "The saved games cannot be reached",
}
"""The heading of an error page, by status (the text under it says what exactly)."""


def error_page(
    request: Request,
    status: int,
    text: str | Sequence[str],
    heading: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """A page in the app's style, with ``status``: what went wrong in words (a line, or
    one line for each problem) and links home and to the saved games."""
    lines = [text] if isinstance(text, str) else list(text)
    shown = heading or HEADINGS.get(status, "This page cannot be shown")
    context = {
        "page": "error",
        "status": status,
        "heading": shown,
        "lines": [clean_text(line, MAX_MESSAGE) for line in lines],
    }
    answer: Response = templates.TemplateResponse(
        request, "error.html", context, status_code=status, headers=dict(headers or {})
    )
    return keep_fresh_browser(request, answer)


def capital(text: str) -> str:
    """``text`` as a sentence: its first letter a capital, a full stop at its end."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


PLACES = {"path": "the address", "query": "the address's", "body": "the request"}
"""How a page problem's place starts, by the part of the request it is in."""


def problem_words(error: dict[str, Any]) -> str:
    """One problem of a 422, in words for a page: "The address's to: input should be
    'play' or 'replay'." rather than a path of keys."""
    loc = [x for x in error.get("loc", ()) if not isinstance(x, int)]
    msg = str(error.get("msg", "")).strip()
    if error.get("type") == "string_pattern_mismatch" and loc and loc[-1] == "game_id":
        msg = "a game id is made of letters, digits, - and _ only"
    if not loc:
        return capital(msg)
    msg = msg[:1].lower() + msg[1:]
    part, *names = [str(x) for x in loc]
    where = PLACES.get(part, part)
    name = " ".join(n.replace("_", " ") for n in names)
    if part == "path":
        return capital(f"the {name} in the address: {msg}" if name else msg)
    if part == "query":
        return capital(f"the address's {name!r} setting: {msg}" if name else msg)
    return capital(f"{where} {name}: {msg}" if name else msg)


def install(app: FastAPI) -> None:
    """Map every airwar error to its status code with a one-line detail (a page for a
    browser opening a page, see :func:`wants_page`)."""

    async def on_airwar_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, AirwarError)
        if wants_page(request):
            status = 422 if isinstance(exc, tuple(FIELD_OF)) else status_of(exc)
            heading = None
            if isinstance(exc, GameNotFound):
                heading = "No such game"
            elif isinstance(exc, SeatTaken):
                heading = "This seat is taken"
            elif isinstance(exc, Forbidden):
                heading = "This game is not yours to open"
            return error_page(request, status, capital(str(exc)), heading)
        for kind, loc in FIELD_OF.items():
            if isinstance(exc, kind):
                msg = clean_text(str(exc), MAX_MESSAGE)
                detail = [{"loc": list(loc), "msg": msg, "type": "value_error"}]
                return keep_fresh_browser(
                    request, JSONResponse({"detail": detail}, status_code=422)
                )
        answer = JSONResponse(
            {"detail": clean_text(str(exc), MAX_MESSAGE)}, status_code=status_of(exc)
        )
        return keep_fresh_browser(request, answer)

    app.add_exception_handler(AirwarError, on_airwar_error)

    async def on_validation_error(request: Request, exc: Exception) -> Response:
        """A 422 with the place and the reason of each problem, never a big input echoed."""
        assert isinstance(exc, RequestValidationError)
        detail = validation_detail(exc.errors())
        if wants_page(request):
            return error_page(request, 422, [problem_words(d) for d in detail])
        return JSONResponse({"detail": detail}, status_code=422)

    app.add_exception_handler(RequestValidationError, on_validation_error)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        if exc.status_code == 400:
            # a body that is not even text: the same 422 as any other bad body
            detail = [
                {"loc": ["body"], "msg": "the body is not valid JSON", "type": "json_invalid"}
            ]
            return JSONResponse({"detail": detail}, status_code=422)
        if exc.status_code == 405:
            # the framework names the methods of the first route of the path only
            allowed = allowed_methods(request)
            return JSONResponse(
                {"detail": f"this address takes {', '.join(allowed)} only"},
                status_code=405,
                headers={"Allow": ", ".join(allowed)},
            )
        if wants_page(request) and exc.status_code >= 400:
            text = (
                "No page of this app has this address: it may be mistyped, or from another server."
                if exc.status_code == 404
                else capital(str(exc.detail))
            )
            return error_page(request, exc.status_code, text, headers=exc.headers)
        return await http_exception_handler(request, exc)

    app.add_exception_handler(StarletteHTTPException, on_http_error)

    async def on_server_error(request: Request, exc: Exception) -> Response:
        """A failure of the server itself (never bad input, which is a 4xx): a page for a
        browser opening a page, the plain text it always was for everyone else. The
        error is logged by the server as before."""
        if wants_page(request):
            text = (
                "The server failed to show this page. Nothing you did caused it; try again, "
                "or go back to your games."
            )
            return error_page(request, 500, text)
        return PlainTextResponse("Internal Server Error", status_code=500)

    app.add_exception_handler(Exception, on_server_error)
