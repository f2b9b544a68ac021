"""A waiting side learns nothing of the enemy's secret decisions, through HTTP (GS-73, GS-74).

For each Gunslingers example, two games are played two whole turns from the same seed
with the same seats: Blue and Red each from its own link, the referee the automatic
player, and an outsider with no link watching. The waiting side plays by its own answers
(the first legal decision it is offered) in both games; the hidden side plays the first
legal decision in one game and the shortest last one in the other. At every point where
the waiting side waits, everything it can fetch is collected: the game JSON with its whole
log, its choices and counts, the replay at its first and last steps, the record, and the
event stream's update; and everything the outsider can fetch.

What the waiting side has seen (its events by the game's audience, without their numbers
and the markers of the sequence, and its map without the turn, phase and step) comes from
the server's own referee state: the oracle, not a channel under test. Then:

- in one game, while the side waits and sees nothing new, its answers stay byte-identical
  however many secret decisions the enemy makes;
- across the two games, wherever the side has made the same decisions and seen the same
  things, its answers are byte-identical, although the enemy decided differently; and so
  are the outsider's.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.game import options_for_file
from airwar.games.gunslingers.visibility import CURSOR
from airwar.web.app import create_app
from airwar.web.reading import choices
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.web.conftest import LOCAL
from tests.web.helpers import RELAXED, first_choice, first_declaration, server_busy

SEATS = {"Blue": "remote", "Red": "remote", "referee": "ai:gunslingers-auto"}
SEED = 21
MAX_DECISIONS = 300
"""More decisions than two turns of the smaller examples take with these players."""


@dataclass(frozen=True)
class Case:
    """An example played ``turns`` whole turns (or only its first ``decisions`` decisions of
    the two sides), ``waiting`` waiting while ``hidden`` decides in secret."""

    example: str
    waiting: str
    hidden: str
    turns: int = 2
    decisions: int = 0

    def __str__(self) -> str:
        return f"{self.example}-{self.waiting}-waits"


CASES = [
    Case("dogfight-2v2.toml", "Blue", "Red"),
    Case("dogfight-2v2.toml", "Red", "Blue"),
    Case("strike-sam-belt.toml", "Blue", "Red"),
    # sixty aircraft: two whole turns take minutes, so its first forty decisions
    Case("large-battle.toml", "Blue", "Red", turns=1, decisions=40),
]
EXAMPLES = sorted(p.name for p in GUNSLINGERS_EXAMPLES.glob("*.toml"))
VIEW_CURSOR = ("turn", "phase", "step", "actor", "decision")


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, with an event stream that gives its first update
    and closes at once (each point of the game reads it afresh)."""
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}", limits=RELAXED, stream_seconds=0.001)
    with TestClient(app, base_url=LOCAL) as c:
        # the automatic referee decides inside each request, as at the terminal, so that
        # every answer is of a game at rest (and the games play in seconds, not minutes)
        app.state.service.scheduler = None
        yield c
    app.state.store.close()


def last_declaration(choices: dict[str, Any]) -> str:
    """Another legal decision than :func:`first_declaration`: the last word at each level,
    stopping as soon as the words make a whole decision."""
    words: list[str] = []
    node = choices
    while "$" not in node or not words:
        options = [k for k in node if k != "$"]
        if not options:
            break
        words.append(options[-1])
        node = node[options[-1]]
    return " ".join(words)


@dataclass
class Point:
    """One point of a game where the waiting side waits: what it decided so far, what it has
    seen (the oracle), what the hidden side decided so far, and the answers fetched."""

    mine: tuple[str, ...]
    seen: str
    theirs: tuple[str, ...]
    answers: dict[str, str] = field(default_factory=dict)


@dataclass
class Game:
    points: list[Point]
    turn: int
    hidden_decisions: list[str]


def settled(client: TestClient, gid: str) -> Any:
    """The game once the automatic referee has made its decisions (in the background)."""
    svc: Any = client.app.state.service  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while server_busy(client, gid):
        assert time.monotonic() < deadline, "the automatic referee is still at work"
        time.sleep(0.005)
    return svc.get(gid)


def witnessed(live: Any, side: str) -> str:
    """What ``side`` has seen, from the referee's own state: the events it could read (by
    the game's audience), without their numbers or the markers of the sequence, and its
    map without the point of the sequence."""
    state = live.state
    seat = live.seat_index(side)
    bit = 1 << seat
    events = [
        {k: v for k, v in e.items() if k != "seq"}
        for i, e in enumerate(state.log)
        if state.audience[i] & bit and e.get("type") not in CURSOR
    ]
    view = {k: v for k, v in state.view(seat).items() if k not in VIEW_CURSOR}
    return json.dumps([events, view], sort_keys=True)


def stream_update(client: TestClient, gid: str, params: dict[str, str]) -> str:
    """The first update of the event stream for this reader."""
    with client.stream("GET", f"/api/games/{gid}/stream", params=params) as stream:
        assert stream.status_code == 200
        for line in stream.iter_lines():
            if line.startswith("data:"):
                return line
    raise AssertionError("the stream closed without an update")


def answers(
    client: TestClient, outsider: TestClient, gid: str, token: str, commitment: str
) -> dict[str, str]:
    """Everything the side of ``token`` and the outsider can fetch now, by channel, with the
    game's id and its commitment to the seed (a fresh salt) written alike in every game."""
    return {
        channel: body.replace(gid, "GAME").replace(commitment, "COMMITMENT")
        for channel, body in fetched(client, outsider, gid, token).items()
    }


def fetched(client: TestClient, outsider: TestClient, gid: str, token: str) -> dict[str, str]:
    mine = {"seat": token}
    game = client.get(f"/api/games/{gid}", params=mine)
    steps = game.json()["decisions"]  # the replay's steps: the decisions the side may read
    return {
        "game": game.text,
        "replay": client.get(f"/api/games/{gid}/replay", params={**mine, "step": steps}).text,
        "record": client.get(f"/api/games/{gid}/record", params=mine).text,
        "stream": stream_update(client, gid, mine),
        "outsider game": outsider.get(f"/api/games/{gid}").text,
        "outsider replay": outsider.get(f"/api/games/{gid}/replay", params={"step": 0}).text,
        "outsider stream": stream_update(outsider, gid, {}),
    }


def play(case: Case, variant: str, client: TestClient) -> Game:
    """One game of the case: the waiting side by its first offered decision, the hidden side
    by the ``variant`` ("first" or "last"), the points where the waiting side waits."""
    example, waiting, hidden = case.example, case.waiting, case.hidden
    svc: Any = client.app.state.service  # type: ignore[attr-defined]
    options = options_for_file(GUNSLINGERS_EXAMPLES / example, case.turns)
    live = svc.create_for(None, "gunslingers", options, SEATS, seed=SEED, trusted_seed=True)
    gid, toks = live.id, live.tokens
    commitment = live.fairness(reveal=False)["commitment"]
    outsider = TestClient(client.app, base_url=LOCAL)
    choose = first_declaration if variant == "first" else last_declaration
    points: list[Point] = []
    mine: list[str] = []
    theirs: list[str] = []
    for _ in range(case.decisions or MAX_DECISIONS):
        live = settled(client, gid)
        if live.finished:
            break
        to_act = live.to_act()
        assert to_act in (waiting, hidden), f"{to_act} is to act with the referee automatic"
        if to_act == hidden:
            point = Point(tuple(mine), witnessed(live, waiting), tuple(theirs))
            point.answers = answers(client, outsider, gid, toks[waiting], commitment)
            points.append(point)
        text = decide(live, to_act, first_declaration if to_act == waiting else choose)
        if text.startswith("move "):
            # the answer to a move lists the next move's thousands of choices: a move is
            # made through the service, as the server's owner could, to keep the run short
            svc.act(live, live.seat_index(to_act), [text])
        else:
            move = {"seat": toks[to_act], "actions": [text]}
            r = client.post(f"/api/games/{gid}/actions", json=move)
            assert r.status_code == 200, r.text
        (mine if to_act == waiting else theirs).append(text)
    live = settled(client, gid)
    assert live.finished or case.decisions, f"{example}: more than {MAX_DECISIONS} decisions"
    return Game(points, live.state.turn, theirs)


def test_every_example_is_played() -> None:
    assert sorted({c.example for c in CASES}) == EXAMPLES


def decide(live: Any, seat: str, choose: Any) -> str:
    """The decision a side makes: a move as the automatic player makes it from the side's
    own view (a move's choices are thousands of hexes, headings and altitudes to list), any
    other decision by ``choose`` from the choices the side's game JSON offers."""
    ask = live.state.pending_ask()
    if ask is not None and ask.verb == "move":
        return str(GunslingersAuto().choose(live.state, live.seat_index(seat)))
    return str(choose(choices(live, seat)))


def differences(a: dict[str, str], b: dict[str, str]) -> list[str]:
    return [channel for channel in a if a[channel] != b[channel]]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_waiting_side_learns_nothing_of_the_enemys_secret_decisions(
    client: TestClient, case: Case
) -> None:
    waiting, hidden = case.waiting, case.hidden
    one = play(case, "first", client)
    other = play(case, "last", client)
    if not case.decisions:
        assert one.turn == other.turn == case.turns
    assert one.hidden_decisions != other.hidden_decisions, "the hidden side played alike"

    # in one game: nothing seen, nothing changes, whatever the enemy decides meanwhile
    within = 0
    for game in (one, other):
        for before, after in zip(game.points, game.points[1:], strict=False):
            if (before.mine, before.seen) != (after.mine, after.seen):
                continue
            assert before.theirs != after.theirs
            changed = differences(before.answers, after.answers)
            assert not changed, (
                f"{waiting}'s {changed} changed while {hidden} decided in secret: "
                f"{after.theirs[len(before.theirs) :]}"
            )
            within += 1

    # across the two games: the same decisions and the same things seen, the same answers
    by_knowledge = {(p.mine, p.seen): p for p in one.points}
    across = 0
    for p in other.points:
        q = by_knowledge.get((p.mine, p.seen))
        if q is None:
            continue
        changed = differences(q.answers, p.answers)
        assert not changed, (
            f"{waiting}'s {changed} differ as {hidden} decided {q.theirs[-3:]} "
            f"or {p.theirs[-3:]} in secret"
        )
        if q.theirs != p.theirs:
            across += 1
    assert within >= 10, f"only {within} waits with secret decisions in one game"
    assert across >= 3, (
        f"the two games met only {across} times with the enemy's decisions different"
    )


@pytest.mark.slow
def test_a_side_counts_what_it_may_read_and_a_spectator_nothing(client: TestClient) -> None:
    """The counts, numbers and replay steps of a running double-blind game (GS-74): a side's
    events numbered 0, 1, 2, ... up to its log_length, its own decisions as the decision
    count, the replay's steps and the record; nothing for a spectator, and no decision count
    in the games list until the end."""
    case = Case("dogfight-2v2.toml", "Blue", "Red", turns=1)
    svc: Any = client.app.state.service  # type: ignore[attr-defined]
    options = options_for_file(GUNSLINGERS_EXAMPLES / case.example, case.turns)
    live = svc.create_for(None, "gunslingers", options, SEATS, seed=SEED, trusted_seed=True)
    svc.store.update(live.id, meta={**live.meta, "public": True})
    gid, toks = live.id, live.tokens
    outsider = TestClient(client.app, base_url=LOCAL)
    checked = fewer = 0
    for _ in range(30):
        live = settled(client, gid)
        if live.finished:
            break
        for side in ("Blue", "Red"):
            mine = {"seat": toks[side]}
            data = client.get(f"/api/games/{gid}", params=mine).json()
            own = [
                text for seat, text in live.driver.record.actions if seat == live.seat_index(side)
            ]
            assert data["decisions"] == len(own) <= live.decisions
            fewer += len(own) < live.decisions
            seqs = [e["seq"] for e in data["log"] if e["type"] != "turn_summary"]
            assert seqs == sorted(set(seqs)) and seqs[-1] < data["log_length"]
            assert data["log_length"] <= len(live.state.log)
            fewer += data["log_length"] < len(live.state.log)
            record = client.get(f"/api/games/{gid}/record", params=mine).json()
            assert record["actions"] == [[live.seat_index(side), t] for t in own]
            steps = client.get(f"/api/games/{gid}/replay", params={**mine, "step": 0}).json()
            assert steps["steps"] == len(own)
            for step in sorted({1, len(own)} & set(range(1, len(own) + 1))):
                replay = client.get(f"/api/games/{gid}/replay", params={**mine, "step": step})
                assert replay.status_code == 200, replay.text
                assert replay.json()["decision_by"] == side
                assert replay.json()["decision"][1] == own[step - 1]
            checked += 1
        watched = outsider.get(f"/api/games/{gid}").json()
        assert (watched["decisions"], watched["log_length"], watched["log"]) == (0, 0, [])
        assert outsider.get(f"/api/games/{gid}/replay", params={"step": 0}).json()["steps"] == 0
        assert outsider.get(f"/api/games/{gid}/replay", params={"step": 1}).status_code == 409
        listed = {g["id"]: g for g in outsider.get("/api/games").json()}
        assert listed[gid]["decisions"] is None
        to_act = live.to_act()
        data = client.get(f"/api/games/{gid}", params={"seat": toks[to_act]}).json()
        text = first_declaration(data["choices"])
        r = client.post(f"/api/games/{gid}/actions", json={"seat": toks[to_act], "actions": [text]})
        assert r.status_code == 200, r.text
    assert checked >= 20 and fewer >= 20


def test_a_game_of_open_information_counts_every_decision_for_everyone(
    client: TestClient,
) -> None:
    """MiGs and Sabres hides nothing, so it has no secret decision to wait on: each seat and a
    spectator count every decision, step through every one and see the count listed."""
    made = client.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Communist": "ai:heuristic", "Allied": "remote"},
            "public": True,
        },
    ).json()
    gid = made["id"]
    token = next(
        link["url"].split("seat=")[1] for link in made["links"] if link["seat"] == "Allied"
    )
    live = settled(client, gid)
    if live.decisions == 0:  # the Allied plane moves first: one step of its own
        data = client.get(f"/api/games/{gid}", params={"seat": token}).json()
        move = {"seat": token, "actions": [first_choice(data["view"])]}
        assert client.post(f"/api/games/{gid}/actions", json=move).status_code == 200
        live = settled(client, gid)
    assert live.game.game_type.perfect_information and live.decisions > 0
    outsider = TestClient(client.app, base_url=LOCAL)
    first_by = live.game.seat_name(live.driver.record.actions[0][0])
    for who, params in ((client, {"seat": token}), (outsider, {})):
        data = who.get(f"/api/games/{gid}", params=params).json()
        assert data["decisions"] == live.decisions and data["log_length"] == len(live.state.log)
        replay = who.get(f"/api/games/{gid}/replay", params={**params, "step": 1}).json()
        assert replay["steps"] == live.decisions and replay["decision_by"] == first_by
    listed = {g["id"]: g for g in outsider.get("/api/games").json()}
    assert listed[gid]["decisions"] == live.decisions


def test_a_refusal_out_of_turn_names_the_enemy_not_the_referee_at_work(
    client: TestClient,
) -> None:
    """With a person refereeing, Blue's game JSON and a decision it sends out of turn while
    the referee decides both say it waits for Red: never that the referee is at work."""
    svc: Any = client.app.state.service  # type: ignore[attr-defined]
    options = options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", 1)
    seats = {"Blue": "remote", "Red": "remote", "referee": "remote"}
    live = svc.create_for(None, "gunslingers", options, seats, seed=SEED, trusted_seed=True)
    gid, toks = live.id, live.tokens
    for _ in range(60):
        if live.to_act() == "referee":
            break
        to_act = live.to_act()
        move = {"seat": toks[to_act], "actions": [decide(live, to_act, first_declaration)]}
        assert client.post(f"/api/games/{gid}/actions", json=move).status_code == 200
        live = svc.get(gid)
    assert live.to_act() == "referee", "the referee was never asked"
    blue = client.get(f"/api/games/{gid}", params={"seat": toks["Blue"]}).json()
    assert (blue["to_act"], blue["my_turn"], blue["view"]["actor"]) == ("Red", False, 1)
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"seat": toks["Blue"], "actions": ["padlock Viper-1 none"]},
    )
    assert r.status_code == 409, r.text
    assert r.json()["detail"] == "it is not Blue's turn: waiting for Red"
    # an outsider (Blue too, opening the game without its link) is shown the side whose
    # turn it last was, not the referee at work
    watched = TestClient(client.app, base_url=LOCAL).get(f"/api/games/{gid}").json()
    last = live.game.seat_name(live.driver.record.actions[-1][0])
    assert (watched["to_act"], watched["view"]["actor"]) == (last, live.seat_index(last))
    assert last != "referee"
    # the referee sees everything: the seat at work and the game's own count of changes
    referee = client.get(f"/api/games/{gid}", params={"seat": toks["referee"]}).json()
    assert (referee["to_act"], referee["my_turn"]) == ("referee", True)
    assert referee["version"] == svc.get(gid).position_version
