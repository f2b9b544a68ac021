"""How the app answers airwar's own errors: the status code and one clear line."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
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
from airwar.web.service import Conflict, Forbidden

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


def install(app: FastAPI) -> None:
    """Map every airwar error to its status code with a one-line detail."""

    async def on_airwar_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, AirwarError)
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

    async def on_validation_error(request: Request, exc: Exception) -> JSONResponse:
        """A 422 with the place and the reason of each problem, never a big input echoed."""
        assert isinstance(exc, RequestValidationError)
        return JSONResponse({"detail": validation_detail(exc.errors())}, status_code=422)

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
        return await http_exception_handler(request, exc)

    app.add_exception_handler(StarletteHTTPException, on_http_error)
