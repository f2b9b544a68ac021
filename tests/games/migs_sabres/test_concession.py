"""Resignation and agreed draws in MiGs and Sabres (MS-35 to MS-37) as decisions of the
record: at any point of any game, made by either seat (in turn or not), they end the game
with the ruled result, the record replays to the same log and returns, ``airwar verify``
accepts it, and nothing is played after. A game without them refuses them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import airwar.games.migs_sabres  # noqa: F401  (registers the games)
from airwar.core.driver import Driver, replay
from airwar.core.errors import IllegalAction
from airwar.core.fairness import commitment, new_salt
from airwar.core.game import CONCESSIONS, DRAW_AGREED, RESIGN, RESIGN_SCORED, TERMINAL
from airwar.core.record import GameRecord
from airwar.core.registry import load_game
from airwar.session import verify_record


def played(game: str, seed: int, decisions: int) -> Driver:
    """A game after up to ``decisions`` random decisions (fewer if it ends first)."""
    driver = Driver(load_game(game, {"turn_limit": 4} if game == "migs-engagement" else {}), seed)
    pick = random.Random(seed)
    for _ in range(decisions):
        actor = driver.state.current_actor()
        if actor == TERMINAL:
            break
        driver.act(pick.choice(driver.state.legal_actions()), actor)
    return driver


def expected(kind: str, seat: int, scores: tuple[int, int]) -> list[float]:
    if kind == DRAW_AGREED:
        return [0.0, 0.0]
    if kind == RESIGN:
        return [-1.0, 1.0] if seat == 0 else [1.0, -1.0]
    c, a = scores
    return [0.0, 0.0] if c == a else ([1.0, -1.0] if c > a else [-1.0, 1.0])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["migs-engagement", "migs-sabres"]),
    seed=st.integers(0, 10**6),
    decisions=st.integers(0, 40),
    kind=st.sampled_from(CONCESSIONS),
    seat=st.sampled_from([0, 1]),
)
def test_a_concession_ends_the_game_and_replays_exactly(
    game: str, seed: int, decisions: int, kind: str, seat: int
) -> None:
    driver = played(game, seed, decisions)
    if driver.state.is_terminal():
        with pytest.raises(IllegalAction, match="over"):
            driver.act(kind, seat)
        return
    view = driver.state.view(None)
    scores = (view["scores"]["communist"], view["scores"]["allied"]) if "scores" in view else (0, 0)
    driver.act(kind, seat)
    state = driver.state
    assert state.is_terminal() and state.current_actor() == TERMINAL
    assert state.returns() == expected(kind, seat, scores)
    assert driver.record.actions[-1] == (seat, kind)
    assert any(e["type"] == "concession" and e["kind"] == kind for e in state.log.to_list())
    words = state.view(None)["ended_by"]
    side = ["Communist", "Allied"][seat]
    assert (
        words
        == {
            RESIGN: f"{side} resigned",
            DRAW_AGREED: "drawn by agreement",
            RESIGN_SCORED: f"{side} stopped the game; the score decides",
        }[kind]
    )
    summary = driver.game.summary(state)
    assert summary["ended_by"] == words
    # nothing after: neither a move nor another concession
    for text in (*CONCESSIONS, "F"):
        with pytest.raises(IllegalAction):
            driver.act(text, 1 - seat)
    record = driver.finished_record()
    again = replay(GameRecord.from_json(record.to_json()))
    assert again.log_digest == record.log_digest
    assert again.state.returns() == state.returns()
    salt = new_salt()
    data = {
        **record.to_dict(),
        "fairness": {"commitment": commitment(record.seed, salt), "salt": salt},
    }
    assert verify_record(data)[0].startswith("replays:")


def test_a_concession_names_a_seat_of_the_game() -> None:
    driver = played("migs-engagement", 3, 2)
    for seat in (None, 2, -1):
        with pytest.raises(IllegalAction, match="seat"):
            driver.act(RESIGN, seat)


def test_a_record_with_an_edited_concession_does_not_verify() -> None:
    driver = played("migs-sabres", 5, 10)
    driver.act(RESIGN, 1)
    record = driver.finished_record().to_dict()
    salt = new_salt()
    record["fairness"] = {"commitment": commitment(record["seed"], salt), "salt": salt}
    record["actions"][-1] = [0, RESIGN]  # the other side resigned instead
    with pytest.raises(Exception, match=r"different log|not the record"):
        verify_record(record)


def test_airwar_verify_accepts_a_resigned_game_and_refuses_it_edited(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from airwar.cli.main import app

    driver = played("migs-engagement", 9, 6)
    driver.act(RESIGN, 0)
    record = driver.finished_record().to_dict()
    salt = new_salt()
    record["fairness"] = {"commitment": commitment(record["seed"], salt), "salt": salt}
    good = tmp_path / "resigned.json"
    good.write_text(json.dumps(record))
    done = CliRunner().invoke(app, ["verify", str(good)])
    assert done.exit_code == 0, done.output
    assert f"replays: {len(record['actions'])} decisions" in done.output
    record["actions"][-1] = [0, DRAW_AGREED]  # a resignation made a draw
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(record))
    refused = CliRunner().invoke(app, ["verify", str(bad)])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
