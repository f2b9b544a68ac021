"""Options are offered in words, and the saved games say who played, how it ended and when.

The catalog gives each option a label, its help and its rule ids; the listing
gives each game its score summary and its date; the page shows the matchup,
the result and the date, and offers a finished game's replay and analysis,
never a resume.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from playwright.sync_api import BrowserContext, expect

from airwar.core.options import Parameter
from airwar.core.registry import game_class, game_names
from tests.web.conftest import Server, wait_until
from tests.web.helpers import settle
from tests.web.site import READY, post, wait_finished

expect.set_options(timeout=15_000)


@pytest.mark.parametrize("game", sorted(game_names()))
def test_every_option_of_every_game_has_a_label_in_words_and_help(game: str) -> None:
    for p in game_class(game).parameters:
        assert p.label, f"{game}: option {p.name} has no label"
        assert p.label != p.name and "_" not in p.label, f"{game}: {p.name} labelled {p.label!r}"
        assert p.label[0].isupper(), f"{game}: {p.label!r} does not start a phrase"
        assert p.help, f"{game}: option {p.name} has no help"


@pytest.mark.parametrize(
    ("parameter", "shown"),
    [
        (
            Parameter("sorties_dice", "", "help", label="Roll the sorties with"),
            "Roll the sorties with",
        ),
        (Parameter("sorties_dice", "", "help"), "sorties dice"),
        (Parameter("first", "roll", "help"), "first"),
    ],
)
def test_an_option_without_a_label_is_shown_by_its_name_in_words(
    parameter: Parameter, shown: str
) -> None:
    assert parameter.shown_label == shown


@given(st.from_regex(r"[a-z]{1,10}(_[a-z]{1,10}){0,3}", fullmatch=True), st.text(max_size=30))
def test_a_label_when_given_else_the_name_with_spaces(name: str, label: str) -> None:
    shown = Parameter(name, 0, "help", label=label).shown_label
    assert shown == (label or name.replace("_", " "))
    assert "_" not in Parameter(name, 0, "help").shown_label


def test_the_catalog_sends_each_options_label_help_and_rule(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    for info in catalog["games"]:
        declared = {p.name: p for p in game_class(info["name"]).parameters}
        assert [p["name"] for p in info["parameters"]] == list(declared)
        for p in info["parameters"]:
            assert p["label"] == declared[p["name"]].label
            assert p["help"] == declared[p["name"]].help
            assert p["rule"] == declared[p["name"]].rule
    whole = next(g for g in catalog["games"] if g["name"] == "migs-sabres")
    labels = {p["name"]: p["label"] for p in whole["parameters"]}
    assert labels["first"] == "Who moves first"
    assert labels["sorties_dice"] == "Roll the sorties with"


def listed(client: TestClient, game_id: str) -> dict[str, Any]:
    rows = client.get("/api/games").json()
    return next(r for r in rows if r["id"] == game_id)


def test_a_finished_game_is_listed_with_its_result_scores_and_dates(client: TestClient) -> None:
    made = client.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Communist": "ai:heuristic", "Allied": "ai:random"},
            "options": {"turn_limit": 3},
        },
    ).json()
    data = settle(client, made["id"])
    assert data["status"] == "finished"
    row = listed(client, made["id"])
    summary = row["summary"]
    assert summary["terminal"] is True
    assert summary["result"] in ("communist", "allied", "draw")
    assert set(summary["scores"]) == {"communist", "allied"}
    if summary["result"] == "draw":
        assert summary["scores"]["communist"] == summary["scores"]["allied"]
    else:
        assert summary["scores"][summary["result"]] == 1
    assert row["created_at"][:4].isdigit() and row["created_at"] <= row["updated_at"]


def test_a_running_game_of_open_information_shows_its_score_so_far(client: TestClient) -> None:
    made = client.post(
        "/api/games",
        json={"game": "migs-sabres", "seats": {"Communist": "ai:heuristic", "Allied": "human"}},
    ).json()
    settle(client, made["id"])
    summary = listed(client, made["id"])["summary"]
    assert summary["result"] is None
    assert summary["scores"] == {"communist": 0, "allied": 0}
    assert summary["sortie"] == 1


def test_a_running_double_blind_game_lists_no_summary(client: TestClient) -> None:
    """Gunslingers' kills are not all known to each side while it runs: the list,
    which its spectators may read too, keeps its summary until it is over."""
    made = client.post(
        "/api/gunslingers/games",
        json={
            "example": "dogfight-2v2",
            "seats": {"Blue": "human", "Red": "ai:random", "referee": "human"},
        },
    )
    assert made.status_code == 201, made.text
    row = listed(client, made.json()["id"])
    assert row["status"] == "running"
    assert row["summary"] is None


# -- the page -----------------------------------------------------------------------------


@pytest.mark.browser
def test_the_saved_games_show_matchup_result_and_date_and_offer_the_right_links(
    server: Server, context: BrowserContext
) -> None:
    url = server.url
    running = post(
        context.request,
        url + "/api/games",
        {
            "game": "migs-engagement",
            "title": "Still flying",
            "seats": {"Communist": "ai:heuristic", "Allied": "human"},
        },
    )
    finished = post(
        context.request,
        url + "/api/games",
        {
            "game": "migs-engagement",
            "title": "Played out",
            "seats": {"Communist": "ai:heuristic", "Allied": "ai:random"},
            "options": {"turn_limit": 3},
        },
    )
    untitled = post(
        context.request,
        url + "/api/games",
        {"game": "migs-sabres", "seats": {"Communist": "ai:random", "Allied": "human"}},
    )
    wait_finished(context.request, server, finished["id"])
    summary = next(
        r for r in context.request.get(url + "/api/games").json() if r["id"] == finished["id"]
    )["summary"]
    winner = {"draw": "Draw", "communist": "Communist won", "allied": "Allied won"}[
        summary["result"]
    ]
    page = context.new_page()
    page.goto(url + "/")
    wait_until(page, READY, timeout=30)
    done = page.locator(f"#saved-table tr[data-game-id='{finished['id']}']")
    expect(done.locator(".matchup")).to_have_text("Communist (AI heuristic) vs Allied (AI random)")
    expect(done.locator(".result-text")).to_contain_text(winner)
    expect(done.locator(".result-text")).to_contain_text(
        f"Communist {summary['scores']['communist']} – Allied {summary['scores']['allied']}"
    )
    expect(done.locator("time")).to_have_attribute("datetime", summary_date(context, url, finished))
    expect(done.locator("a.resume")).to_have_count(0)
    expect(done.locator("a.replay")).to_have_attribute("href", f"/games/{finished['id']}/replay")
    expect(done.locator("a.analyse")).to_have_attribute(
        "href", f"/games/{finished['id']}/replay#analyse"
    )
    going = page.locator(f"#saved-table tr[data-game-id='{running['id']}']")
    expect(going.locator(".matchup")).to_have_text("Communist (AI heuristic) vs Allied (you)")
    expect(going.locator(".result-text")).to_contain_text("Allied to move")
    expect(going.locator("a.resume")).to_have_attribute("href", f"/games/{running['id']}/resume")
    expect(going.locator("a.analyse")).to_have_count(0)
    # a title given at creation stands above the game's name; a default one (which names
    # the seats by their kinds) gives way to the game's name, the players being listed
    expect(done.locator("td").first).to_have_text("Played outMiGs and Sabres: one engagement")
    plain = page.locator(f"#saved-table tr[data-game-id='{untitled['id']}']")
    expect(plain.locator("td").first).to_have_text("MiGs and Sabres")
    expect(plain.locator(".matchup")).to_have_text("Communist (AI random) vs Allied (you)")
    # the options in words with their help; the rule ids on hover and in the folded list
    option = page.locator("#options .opt[data-option='first']")
    expect(option.locator("label")).to_have_text("Who moves first")
    expect(option.locator("label")).to_have_attribute("title", "rule MS-5, MS-17")
    rules = page.locator("#option-rules li[data-option='first']")
    expect(rules).to_have_text("Who moves first: MS-5, MS-17")
    expect(option.locator(".opt-help")).to_contain_text("who moves first on the Battle Board")
    page.close()


def summary_date(context: BrowserContext, url: str, game: dict[str, Any]) -> str:
    rows = context.request.get(url + "/api/games").json()
    created = next(r for r in rows if r["id"] == game["id"])["created_at"]
    return str(created).replace(" ", "T")
