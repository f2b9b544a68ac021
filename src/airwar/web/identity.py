"""Who a browser is: an HttpOnly cookie holding a random secret (no accounts).

A game keeps only a hash of it: of the browser that created the game, and of the
browser that holds each seat link (claim-once links). A browser without one is given
one by the first request that needs it, and that request keeps the same identity
from start to end, its error answer included, so a seat it claimed is never held by
an identity nobody has.
"""

from __future__ import annotations

import secrets

from fastapi import Request, Response

BROWSER_COOKIE = "airwar_browser"
"""The HttpOnly cookie that identifies a browser: a random secret of which the
server keeps only a hash in the games it created and the seats it holds."""


def browser_id(request: Request, response: Response | None = None) -> str | None:
    """This browser's secret; a new one is set in ``response`` when it has none."""
    current = request.cookies.get(BROWSER_COOKIE)
    if current and 16 <= len(current) <= 64 and current.replace("-", "").replace("_", "").isalnum():
        return current
    # one identity per request: a request that acts, then reads, is one browser throughout
    given: str | None = getattr(request.state, "fresh_browser", None)
    if given is not None or response is None:
        return given
    fresh = secrets.token_urlsafe(32)
    request.state.fresh_browser = fresh
    set_browser_cookie(request, response, fresh)
    return fresh


def set_browser_cookie(request: Request, response: Response, value: str) -> None:
    response.set_cookie(
        BROWSER_COOKIE,
        value,
        max_age=10 * 365 * 24 * 3600,
        path=request.scope.get("root_path") or "/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


def keep_fresh_browser(request: Request, response: Response) -> Response:
    """``response`` (an error's) with the cookie of the identity this request was given,
    if it was given one: a claim made before the error stays with this browser."""
    fresh = getattr(request.state, "fresh_browser", None)
    if isinstance(fresh, str):
        set_browser_cookie(request, response, fresh)
    return response
