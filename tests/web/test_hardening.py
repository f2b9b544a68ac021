"""The app on the open internet: hostile bodies, the body-size cap, the Host check, the headers.

The hostile requests are data (``hostile/corpus.json``): each is sent to every
POST route of the app, and each must get its exact status (422 or 413, never
a 5xx) with a message that names the problem and, for a 422, where it is.
A corpus entry has a body (``text``, ``hex`` or ``repeat``: head + unit x
times + tail), optionally a ``content_type`` (null: no header) and ``chunked``
(sent without a Content-Length), the expected ``status`` and words the
message ``says``, ``where`` (the dotted place in the body, "" for the whole
body), and ``upload_status``/``upload_says`` when the scenario-upload routes,
with their larger cap, answer otherwise.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from airwar.web import hardening
from airwar.web.app import create_app
from airwar.web.parts import all_parts, upload_paths
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.web.conftest import LOCAL, Server, wait_until

HERE = Path(__file__).parent
CORPUS: list[dict[str, Any]] = json.loads((HERE / "hostile" / "corpus.json").read_text())
UPLOADS = {
    "/api/gunslingers/preview",
    "/api/gunslingers/games",
    "/api/gunslingers/scenario/check",
    "/api/gunslingers/scenario/toml",
    "/api/gunslingers/scenario/load",
}

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
}


def post_routes() -> dict[str, bool]:
    """Every POST route of the app's schema, with a game id that does not exist filled in,
    and whether the route reads a body."""
    app = create_app("sqlite://")
    try:
        paths = {
            path.replace("{game_id}", "nosuchgame"): "requestBody" in operations["post"]
            for path, operations in app.openapi()["paths"].items()
            if "post" in operations
        }
    finally:
        app.state.store.close()
    return dict(sorted(paths.items()))


READS_BODY = post_routes()
ROUTES = list(READS_BODY)
# A route that reads no body (starting an analysis) never looks at a well-formed JSON one;
# these cases reach the route itself, which finds no game. Bodies too big or too deep are
# still refused before any route runs.
IGNORED_BY_BODYLESS = {"empty-body", "not-an-object"}


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app with its default hosts, called as the browser on this computer calls it."""
    db = tmp_path_factory.mktemp("hardening") / "web.sqlite"
    app = create_app(f"sqlite:///{db}")
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as c:
        yield c
    app.state.store.close()


def body_of(case: dict[str, Any]) -> bytes:
    if "hex" in case:
        return bytes.fromhex(case["hex"])
    if "repeat" in case:
        rep = case["repeat"]
        return (rep["head"] + rep["unit"] * rep["times"] + rep["tail"]).encode()
    return str(case["text"]).encode()


def chunks(data: bytes, size: int = 16_384) -> Iterator[bytes]:
    for i in range(0, len(data), size):
        yield data[i : i + size]


def problem_text(data: Any) -> str:
    """The one line the page shows for an error answer (as ``A.problemText`` builds it)."""
    detail = data["detail"]
    if isinstance(detail, str):
        return detail
    return "; ".join(
        ".".join(str(x) for x in d["loc"] if x != "body") + ": " + d["msg"] for d in detail
    )


def test_the_table_covers_every_post_route() -> None:
    assert set(ROUTES) >= UPLOADS | {
        "/api/games",
        "/api/games/nosuchgame/actions",
        "/api/games/nosuchgame/undo",
        "/api/bia/air-defence",
        "/api/bia/volley",
    }
    assert upload_paths(all_parts()) == UPLOADS  # as the games' browser parts declare them
    # the one POST that reads no body: a route that loses its body model shows up here
    assert {r for r, reads in READS_BODY.items() if not reads} == {"/api/games/nosuchgame/analysis"}
    assert len(CORPUS) == len({c["name"] for c in CORPUS}) >= 30


@pytest.mark.parametrize("case", CORPUS, ids=[c["name"] for c in CORPUS])
@pytest.mark.parametrize("route", ROUTES)
def test_a_hostile_body_gets_its_status_and_a_clear_line(
    local: TestClient, route: str, case: dict[str, Any]
) -> None:
    data = body_of(case)
    headers = {}
    content_type = case.get("content_type", "application/json")
    if content_type is not None:
        headers["content-type"] = content_type
    content: bytes | Iterator[bytes] = chunks(data) if case.get("chunked") else data
    r = local.post(route, content=content, headers=headers)

    upload = route in UPLOADS and "upload_status" in case
    status = case["upload_status"] if upload else case["status"]
    says = case["upload_says"] if upload else case["says"]
    if not READS_BODY[route] and case["name"] in IGNORED_BY_BODYLESS:
        status, says = 404, "no saved game has the id 'nosuchgame'"
    assert r.status_code == status, r.text[:500]
    assert r.headers["content-type"] == "application/json"
    line = problem_text(r.json())
    assert "\n" not in line
    assert says.lower() in line.lower(), line
    # nothing big comes back: the body is never echoed
    assert len(r.content) < 2_000
    if status == 422 and not upload and case["where"] is not None:
        places = [".".join(str(x) for x in d["loc"][1:]) for d in r.json()["detail"]]
        assert case["where"] in places, places


def test_validation_errors_name_the_field_but_never_echo_the_input(local: TestClient) -> None:
    big = "x" * 60_000
    for body in (
        {"game": "migs-engagement", "seats": big},
        {"game": "migs-engagement", "seed": big},
        {"game": "migs-engagement", "options": {"turn_limit": [big]}},
        {"game": "migs-engagement", "seed": 10**4000},
    ):
        r = local.post("/api/games", json=body)
        assert r.status_code == 422
        assert len(r.content) < 1_000
        detail = r.json()["detail"]
        assert all(set(d) <= {"loc", "msg", "type", "input"} for d in detail)
        assert any(d["loc"][:2] == ["body", next(iter(body.keys() - {"game"}))] for d in detail)
    # a small input is still shown: it says what was wrong
    r = local.post("/api/games", json={"game": "migs-engagement", "seed": -1})
    assert r.json()["detail"][0]["input"] == -1


def test_a_long_key_in_the_place_is_cut_short(local: TestClient) -> None:
    r = local.post("/api/games", json={"game": "migs-engagement", "options": {"k" * 5000: 1}})
    assert r.status_code == 422
    assert len(r.content) < 1_000


def test_an_emoji_is_a_surrogate_pair_and_welcome(local: TestClient) -> None:
    title = "Dogfight \U0001f6e9"
    body = json.dumps({"game": "migs-engagement", "title": title})  # \ud83d\udee9 escapes
    assert "\\ud83d" in body
    r = local.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text
    listed = {g["id"]: g for g in local.get("/api/games").json()}
    assert listed[r.json()["id"]]["title"] == title


def test_the_upload_routes_take_a_scenario_between_64_kb_and_1_mb(local: TestClient) -> None:
    text = "# " + "x" * 200_000 + "\n"
    r = local.post("/api/gunslingers/preview", json={"scenario_toml": text})
    assert r.status_code == 422
    assert "scenario" in problem_text(r.json())
    r = local.post("/api/games", json={"game": "migs-engagement", "title": text})
    assert r.status_code == 413


# --- the middleware called directly: Content-Length, chunks, disconnects ---


async def call(
    app: Any, headers: list[tuple[bytes, bytes]], messages: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], int]:
    """Run one POST through ``app``; the sent messages and how many receives it made."""
    sent: list[dict[str, Any]] = []
    received = 0

    async def receive() -> dict[str, Any]:
        nonlocal received
        received += 1
        if messages:
            return messages.pop(0)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/games",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1"), *headers],
        "query_string": b"",
    }
    await app(scope, receive, send)
    return sent, received


async def never_called(scope: Any, receive: Any, send: Any) -> None:
    raise AssertionError("the app was called")


def test_a_declared_length_over_the_cap_is_refused_unread() -> None:
    guard = hardening.BodyGuard(never_called)
    sent, received = asyncio.run(call(guard, [(b"content-length", b"20000000")], []))
    assert sent[0]["status"] == 413
    assert received == 0
    assert b"larger than 64 KB" in sent[1]["body"]


def test_a_chunked_body_is_cut_off_at_the_cap() -> None:
    guard = hardening.BodyGuard(never_called)
    endless = [{"type": "http.request", "body": b"x" * 16_384, "more_body": True}] * 1000
    sent, received = asyncio.run(call(guard, [(b"transfer-encoding", b"chunked")], list(endless)))
    assert sent[0]["status"] == 413
    assert received <= 5


def test_a_bad_content_length_is_a_400() -> None:
    guard = hardening.BodyGuard(never_called)
    sent, _ = asyncio.run(call(guard, [(b"content-length", b"lots")], []))
    assert sent[0]["status"] == 400


def test_a_client_gone_before_its_body_ends_gets_nothing() -> None:
    guard = hardening.BodyGuard(never_called)
    part = {"type": "http.request", "body": b'{"a": ', "more_body": True}
    sent, _ = asyncio.run(call(guard, [], [part, {"type": "http.disconnect"}]))
    assert sent == []


def test_the_app_reads_the_checked_body_once_then_hears_the_disconnect() -> None:
    seen: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(await receive())
        seen.append(await receive())

    guard = hardening.BodyGuard(app)
    parts = [
        {"type": "http.request", "body": b'{"a": ', "more_body": True},
        {"type": "http.request", "body": b"1}", "more_body": False},
    ]
    asyncio.run(call(guard, [(b"content-type", b"application/json")], parts))
    assert seen == [
        {"type": "http.request", "body": b'{"a": 1}', "more_body": False},
        {"type": "http.disconnect"},
    ]


# --- the Host header ---


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "127.0.0.1:8000", "localhost", "LOCALHOST:80", "[::1]", "[::1]:8000"]
)
def test_loopback_names_are_served(local: TestClient, host: str) -> None:
    assert local.get("/static/app.css", headers={"host": host}).status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        "testserver",
        "evil.example",
        "evil.example:8000",
        "127.0.0.1.evil.example",
        "localhost.evil.example",
        "[::2]",
        "[::1",
        "",
        "127.0.0.1:80:80",
    ],
)
def test_any_other_host_is_a_400(local: TestClient, host: str) -> None:
    """A DNS-rebinding page cannot reach the app through a name that points at it."""
    r = local.get("/static/app.css", headers={"host": host})
    assert r.status_code == 400
    assert r.headers["x-frame-options"] == "DENY"


def test_more_hosts_are_allowed_when_asked(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'h.sqlite'}", allowed_hosts=["games.example.org"])
    with TestClient(app, base_url="http://games.example.org") as c:
        assert c.get("/static/app.css").status_code == 200
        assert c.get("/static/app.css", headers={"host": "localhost:8000"}).status_code == 200
        assert c.get("/static/app.css", headers={"host": "example.org"}).status_code == 400
    app.state.store.close()


def test_serve_passes_its_allowed_hosts_and_its_address(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from airwar.cli.main import app as cli

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kw: served.append(web_app))
    # an address of another computer here: the check that it can be listened on is left out
    monkeypatch.setattr("airwar.cli.serve.check_listen", lambda host, port: None)
    args = ["serve", "--database-url", "sqlite://", "--host", "192.168.1.20"]
    result = CliRunner().invoke(
        cli, [*args, "--allowed-host", "games.example.org", "--allowed-host", "airwar.lan"]
    )
    assert result.exit_code == 0, result.output
    with TestClient(served[0]) as c:
        for host in ("games.example.org", "airwar.lan:8000", "192.168.1.20:8000", "localhost"):
            assert c.get("/static/app.css", headers={"host": host}).status_code == 200, host
        assert c.get("/static/app.css", headers={"host": "evil.example"}).status_code == 400
    served[0].state.store.close()
    help_text = CliRunner().invoke(cli, ["serve", "--help"], terminal_width=200).output
    assert "--allowed-host" in help_text


# --- the security headers ---


def test_every_answer_carries_the_security_headers(local: TestClient) -> None:
    made = local.post("/api/games", json={"game": "migs-engagement"}).json()
    answers = [
        local.get("/"),
        local.get("/gunslingers"),
        local.get("/bia"),
        local.get(f"/games/{made['id']}"),
        local.get(f"/games/{made['id']}/resume", follow_redirects=False),
        local.get("/static/app.css"),
        local.get("/api/games/nosuchgame"),
        local.get("/static/js/common.js"),
        local.get("/static/app.css"),
        local.get("/openapi.json"),
        local.get("/no/such/page"),
        local.post("/api/games", json={"game": 1}),
        local.post("/api/games", content=b'{"a": NaN}'),
        local.post("/api/games", content=b"x" * 70_000),
        local.get("/static/app.css", headers={"host": "evil.example"}),
    ]
    for r in answers:
        for name, value in SECURITY_HEADERS.items():
            assert r.headers.get(name) == value, (r.request.url, name)
        assert len(r.headers.get_list("content-security-policy")) == 1


def test_the_documentation_pages_allow_their_inline_script_by_its_hash(local: TestClient) -> None:
    for path in ("/docs", "/docs/oauth2-redirect", "/redoc"):
        r = local.get(path)
        assert r.status_code == 200
        csp = r.headers["content-security-policy"]
        script_src = csp.split("script-src ")[1].split(";")[0]
        assert "'unsafe-inline'" not in script_src
        assert "frame-ancestors 'none'" in csp
        for script in re.findall(r"<script>(.*?)</script>", r.text, re.DOTALL):
            digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in script_src, path


def test_the_pages_have_no_inline_script_or_style() -> None:
    """The policy blocks inline code, so the templates must not carry any."""
    for html in (HERE.parents[1] / "src" / "airwar" / "web" / "templates").glob("*.html"):
        text = html.read_text()
        assert "<script>" not in text and "<style" not in text, html.name
        assert " style=" not in text and " on" + "click=" not in text, html.name
        for tag in text.split("<script")[1:]:
            assert tag.lstrip().startswith("src="), html.name


# --- behind a reverse proxy that mounts the app under a prefix ---


def test_the_app_works_under_a_root_path(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'r.sqlite'}")
    with TestClient(app, base_url=LOCAL, root_path="/airwar") as c:
        assert c.get("/airwar/static/app.css").status_code == 200
        page = c.get("/airwar/")
        assert page.status_code == 200
        assert "/airwar/static/app.css" in page.text
        assert page.headers["x-frame-options"] == "DENY"
        made = c.post("/airwar/api/games", json={"game": "migs-engagement"})
        assert made.status_code == 201, made.text
        r = c.post("/airwar/api/games", content=b'{"seed": NaN}')
        assert r.status_code == 422
        assert r.json()["detail"][0]["loc"] == ["body", "seed"]
        # the caps follow the route, not the prefix
        big = {"scenario_toml": "x" * 70_000}
        assert c.post("/airwar/api/gunslingers/preview", json=big).status_code == 422
        assert c.post("/airwar/api/games", json=big).status_code == 413
        assert c.get("/airwar/static/app.css", headers={"host": "evil.example"}).status_code == 400
    app.state.store.close()


# --- through the real server: uvicorn streams a chunked body, the guard cuts it off ---


def test_the_real_server_refuses_what_it_must(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        endless = (b"x" * 65_536 for _ in range(64))  # 4 MB, chunked: no Content-Length
        r = http.post("/api/gunslingers/preview", content=endless)
        assert r.status_code == 413
        assert "larger than 1 MB" in r.json()["detail"]
        r = http.post("/api/games", content=b'{"seed": 1e400}')
        assert r.status_code == 422
        assert r.json()["detail"][0]["loc"] == ["body", "seed"]
        assert http.get("/", headers={"host": "rebound.example"}).status_code == 400
        r = http.get("/")
        assert r.status_code == 200
        assert r.headers["content-security-policy"] == CSP


# --- in a real browser: the pages do their work under the policy ---


@pytest.mark.browser
def test_the_pages_work_under_the_content_security_policy(server: Server, page: Any) -> None:
    from playwright.sync_api import expect

    violations: list[str] = []
    page.on(
        "console",
        lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => "
        "console.error('Content Security Policy violation: ' + e.violatedDirective));"
    )
    ready = "document.body.dataset.ready === 'yes'"
    # the calculator draws its odds as a bar whose parts are sized by script
    page.goto(server.url + "/bia")
    wait_until(page, ready)
    page.select_option("#t-speed", "slow")
    page.select_option("#t-man", "poor")
    page.select_option(".shot-system", "vehicle-sam")
    page.click("#calc")
    expect(page.locator(".hit-number")).to_have_text("6")
    widths = page.eval_on_selector_all(".bar span", "s => s.map(e => e.style.width)")
    assert widths == ["10%", "50%", "40%"]
    assert page.eval_on_selector(".bar .miss", "e => e.getBoundingClientRect().width") > 50
    # a scenario read from a file and checked by the server
    page.goto(server.url + "/gunslingers")
    wait_until(page, ready)
    page.set_input_files("#gs-file", str(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml"))
    expect(page.locator("#gs-preview")).to_contain_text("Dogfight 2 v 2")
    # a new game, its play page with live updates, and its replay
    page.goto(server.url + "/?game=migs-engagement")
    page.select_option("#game-select", "migs-engagement")
    page.select_option("select[data-seat='Communist']", "ai:random")
    page.select_option("select[data-seat='Allied']", "human")
    page.click("#start")
    page.wait_for_url("**/games/*?seat=*")
    wait_until(page, ready)
    expect(page.locator("#status")).not_to_be_empty()
    page.click("#replay-link")
    wait_until(page, ready)
    expect(page.locator("#step-label")).not_to_be_empty()
    assert violations == []
