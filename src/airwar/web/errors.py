"""How the app answers airwar's own errors: the status code and one clear line."""

from __future__ import annotations

from collections.abc import Sequence

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
from airwar.store import GameChanged, GameNotFound, StoreError
from airwar.session.seats import SeatError
from airwar.web.service import Conflict, Forbidden


def field_error(loc: Sequence[str | int], message: str) -> RequestValidationError:
    """A 422 naming the field and the reason, shaped like FastAPI's own."""
    return RequestValidationError([{"loc": tuple(loc), "msg": message, "type": "value_error"}])


FIELD_OF: dict[type[AirwarError], tuple[str, ...]] = {
    OptionError: ("body", "options"),
    SeatError: ("body", "seats"),
    UnknownGame: ("body", "game"),
    InvalidNotation: ("body", "actions"),
}


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

    async def on_airwar_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, AirwarError)
        for kind, loc in FIELD_OF.items():
            if isinstance(exc, kind):
                detail = [{"loc": list(loc), "msg": str(exc), "type": "value_error"}]
                return JSONResponse({"detail": detail}, status_code=422)
        return JSONResponse({"detail": str(exc)}, status_code=status_of(exc))

    app.add_exception_handler(AirwarError, on_airwar_error)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        if exc.status_code == 400:
            # a body that is not even text: the same 422 as any other bad body
            detail = [
                {"loc": ["body"], "msg": "the body is not valid JSON", "type": "json_invalid"}
            ]
            return JSONResponse({"detail": detail}, status_code=422)
        return await http_exception_handler(request, exc)

    app.add_exception_handler(StarletteHTTPException, on_http_error)
