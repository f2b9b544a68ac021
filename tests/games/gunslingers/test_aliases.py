"""Per-side aliases and choices from the side's knowledge only (GS-71, GS-72).

Seeded games of every example are played by the automatic player; at every decision of a
side, nothing that side reads (its view, the choices offered to it, its log and the log's
narration) names an enemy unit by its id or name, nor a unit it does not know. Crafted
decisions naming a hidden enemy id and a missing id are refused with the same words, for
every verb that names a unit; a side's aliases are the same on a replay of the record.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from airwar.core import Driver, replay
from airwar.core.errors import IllegalAction
from airwar.games.gunslingers import GunslingersGame, aliases, options_for_file
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.model.typeresolve import naming_warnings
from airwar.games.gunslingers.referee import GsState
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.games.gunslingers.scenario_builder import advance_to, driver, scenario

EXAMPLES = GUNSLINGERS_EXAMPLES


def _pattern(words: set[str]) -> re.Pattern[str] | None:
    words = {w for w in words if w}
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alternatives})(?![A-Za-z0-9_])")


def enemy_names(state: GsState, side: str) -> set[str]:
    """Every id and name of the enemy's units and weapons in flight: what the side must
    never read while the game runs (no scenario here reveals names)."""
    f = state.forces
    out: set[str] = set()
    for table in (f.planes, f.sams, f.radars, f.guns, f.ground):
        for u in table.values():
            if u.side != side:
                out |= {u.id, u.label}
    out |= {w.id for w in state.weapons.values() if w.side != side}
    return out


def what_a_side_reads(state: GsState, seat: int) -> str:
    """The side's view, its choices when it decides, its log and the log in words."""
    game = state.game
    events = state.visible_events(seat)
    lines = [game.narrate(e) or "" for e in events]
    choices = [str(c) for c in state.legal_actions()] if state.current_actor() == seat else []
    return json.dumps([state.view(seat), choices, events, lines], default=str)


def play_and_watch(example: str, seed: int, turns: int, most: int) -> int:
    """Play ``example`` with the automatic player; before each side's decision, assert that
    nothing the side reads names an enemy unit by id or name. Returns the decisions seen."""
    d = Driver(GunslingersGame(options_for_file(EXAMPLES / example, turns)), seed)
    bot = GunslingersAuto()
    seen = 0
    while seen < most and not d.state.is_terminal():
        state = d.state
        assert isinstance(state, GsState)
        actor = state.current_actor()
        if actor < len(state.side_names):
            side = state.side_names[actor]
            pattern = _pattern(enemy_names(state, side))
            text = what_a_side_reads(state, actor)
            hit = pattern.search(text) if pattern else None
            assert hit is None, f"{side} reads {hit.group(0)!r} at decision {seen}"
            seen += 1
        d.act(bot.choose(state, actor), actor)
    return seen


@pytest.mark.parametrize(
    ("example", "seed", "turns", "most"),
    [
        ("dogfight-2v2.toml", 1, 3, 200),
        ("dogfight-2v2.toml", 7, 3, 200),
        ("strike-sam-belt.toml", 1, 2, 160),
        ("strike-sam-belt.toml", 3, 2, 160),
        ("large-battle.toml", 1, 1, 40),
    ],
)
def test_no_side_ever_reads_an_enemy_id_or_name(
    example: str, seed: int, turns: int, most: int
) -> None:
    assert play_and_watch(example, seed, turns, most) > 0


def test_aliases_are_given_in_order_and_kept_across_a_replay() -> None:
    d = Driver(GunslingersGame(options_for_file(EXAMPLES / "strike-sam-belt.toml", 2)), 5)
    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(d.game.num_players)}, max_decisions=150)
    state = d.state
    assert isinstance(state, GsState)
    tables = {side: dict(t) for side, t in state.aliases.items()}
    assert any(tables.values())
    for table in tables.values():
        numbers = sorted(int(a.removeprefix(aliases.PREFIX)) for a in table.values())
        assert numbers == list(range(1, len(numbers) + 1))
    again = replay(d.finished_record())
    assert isinstance(again.state, GsState)
    assert again.state.aliases == tables
    for seat in (0, 1):
        assert again.state.view(seat) == state.view(seat)
        assert again.state.visible_events(seat) == state.visible_events(seat)


VERBS_NAMING = [
    ("radar", "Eagle", "{}"),
    ("lock", "Eagle", "{}"),
    ("padlock", "Eagle", "{}"),
    ("launch", "Eagle", "AIM-9:{}"),
    ("retry", "Eagle", "AIM-9:{}"),
    ("attack", "Eagle", "gun:{}"),
    ("attack", "Eagle", "bomb:Mk-82:{}"),
    ("designate", "Eagle", "{}"),
    ("engage", "Eagle", "{}"),
    ("standoff", "Eagle", "{}"),
]
"""Every verb a side declares against an enemy unit, with where the unit goes."""


RED_VERBS = [
    ("lockon", "SA-2", "{}"),
    ("passdown", "EWR", "SA-2:{}"),
    ("padlock", "Flanker", "{}"),
    ("launch", "Flanker", "AIM-9:{}"),
    ("attack", "Flanker", "gun:{}"),
    ("preempt", "Red", "Flanker:{}:defensive"),
]
"""Red's verbs against a Blue aircraft it does not know (the Hawk, far off in the west)."""


def _with_a_far_hawk() -> dict[str, Any]:
    data = scenario()
    hawk = dict(data["aircraft"][0], id="Hawk", hex=[-19, 0])
    hawk.pop("bjm", None)
    data["aircraft"].append(hawk)
    data["ewrs"][0]["range"] = 12  # the EWR and the SA-2 do not reach the Hawk
    data["sams"][0]["range"] = 8
    return data


@pytest.mark.parametrize(("verb", "subject", "arg"), RED_VERBS)
def test_reds_decisions_naming_a_hidden_or_missing_unit_read_alike(
    verb: str, subject: str, arg: str
) -> None:
    state = _fresh(_with_a_far_hawk())
    red = state.side_names.index("Red")
    assert "Hawk" not in aliases.knowledge(state, "Red").known
    ask = Ask(red, verb, subject)
    refusals = []
    for name in ("Hawk", "Nobody-9"):
        with pytest.raises(IllegalAction) as exc:
            aliases.from_seat(state, ask, Decision.parse(f"{verb} {subject} {arg.format(name)}"))
        refusals.append(str(exc.value))
    assert refusals[0] == refusals[1]
    assert "Hawk" not in refusals[0]


def _fresh(data: dict[str, Any] | None = None) -> GsState:
    state = driver(data or scenario()).state
    assert isinstance(state, GsState)
    return state


@pytest.mark.parametrize(("verb", "subject", "arg"), VERBS_NAMING)
def test_a_hidden_id_and_a_missing_id_are_refused_with_the_same_words(
    verb: str, subject: str, arg: str
) -> None:
    state = _fresh()
    blue = state.side_names.index("Blue")
    assert "Flanker" not in aliases.knowledge(state, "Blue").known
    ask = Ask(blue, verb, subject)
    refusals = []
    for name in ("Flanker", "SA-2", "Nobody-9"):
        with pytest.raises(IllegalAction) as exc:
            aliases.from_seat(state, ask, Decision.parse(f"{verb} {subject} {arg.format(name)}"))
        refusals.append(str(exc.value))
    assert refusals[0] == refusals[1] == refusals[2]
    assert not re.search(r"Flanker|SA-2|Nobody|hexes", refusals[0])


def test_a_known_contact_is_named_by_its_alias_and_not_by_its_id() -> None:
    data = scenario()
    data["sides"][0]["sighted"] = ["Flanker"]
    state = _fresh(data)
    alias = state.aliases["Blue"]["Flanker"]
    assert alias.startswith(aliases.PREFIX)
    view = json.dumps(state.view(0))
    assert "Flanker" not in view and alias in view
    ask = Ask(0, "padlock", "Eagle")
    engine = aliases.from_seat(state, ask, Decision.parse(f"padlock Eagle {alias}"))
    assert engine == Decision("padlock", "Eagle", ("Flanker",))
    refusals = []
    for name in ("Flanker", "Fishbed", "Nobody-9"):
        with pytest.raises(IllegalAction) as exc:
            aliases.from_seat(state, ask, Decision.parse(f"padlock Eagle {name}"))
        refusals.append(str(exc.value))
    assert len(set(refusals)) == 1


def test_the_referee_and_the_enemy_read_real_ids() -> None:
    data = scenario()
    data["sides"][0]["sighted"] = ["Flanker"]
    state = _fresh(data)
    assert "Flanker" in json.dumps(state.view(None))
    assert "Flanker" in json.dumps(state.view(state.referee))
    assert "Flanker" in json.dumps(state.view(1))
    assert "Eagle" in json.dumps(state.view(0))


@pytest.mark.parametrize("reveal", [False, True])
def test_reveal_names_shows_an_identified_unit_by_its_id(reveal: bool) -> None:
    data = scenario()
    data["sides"][0]["identified"] = ["Flanker"]
    data["sides"][0]["sighted"] = ["Fishbed"]
    data["scenario"]["reveal_names"] = reveal
    state = _fresh(data)
    view = json.dumps(state.view(0))
    assert ("Flanker" in view) is reveal
    assert "Fishbed" not in view  # sighted, not identified: never by its id
    assert "Su-27" in view  # identification shows the type either way
    assert "MiG-21" not in view


def test_radar_detection_offers_search_and_never_an_unknown_candidate() -> None:
    d = driver(scenario())
    state = advance_to(d, "radar")
    offered = [str(c) for c in state.legal_actions()]
    assert "radar Eagle search" in offered
    assert not any(re.search(r"Flanker|Fishbed", c) for c in offered)
    d.act("radar Eagle search")
    rolled = [e for e in d.events if e["type"] == "roll" and e.get("aircraft") == "Eagle"]
    assert rolled, "search rolls for the returns the side cannot name"


def test_validate_warns_when_an_id_names_its_type_or_role() -> None:
    data = {
        "scenario": {"library": True},
        "sams": [{"id": "SA-6", "side": "Red", "type": "SA-6", "hex": [0, 0]}],
        "aircraft": [
            {"id": "Weasel-1", "side": "Blue", "type": "F-4G", "hex": [1, 1]},
            {"id": "Kestrel-1", "side": "Blue", "type": "F-4G", "hex": [1, 2]},
        ],
    }
    warnings = naming_warnings(data)
    assert any("'SA-6'" in w for w in warnings)
    assert any("'Weasel-1'" in w for w in warnings)
    assert not any("Kestrel" in w for w in warnings)


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_the_examples_use_neutral_call_signs(example: str) -> None:
    from airwar.games.gunslingers.model.scenario import read_scenario_data

    assert naming_warnings(read_scenario_data(EXAMPLES / example)) == []


def test_an_attack_is_offered_only_on_an_enemy_the_side_sights() -> None:
    data = scenario()
    data["aircraft"][0]["altitude"] = 2  # the Eagle low, the Fishbed 2 hexes ahead at its level
    data["aircraft"][2]["hex"] = [2, 0]
    data["aircraft"][2]["altitude"] = 2
    d = driver(data)
    state = advance_to(d, "attack", "Eagle")
    blue = state.forces.sides["Blue"]
    eagle = state.forces.planes["Eagle"]
    assert eagle.radar is not None
    blue.sighted.add("Fishbed")
    state.changed()
    aliases.update(state)
    fishbed = state.aliases["Blue"]["Fishbed"]
    sighted = [str(c) for c in state.legal_actions()]
    assert f"attack Eagle gun:{fishbed}" in sighted
    blue.sighted.discard("Fishbed")  # held on radar only: known, not sighted
    eagle.radar.contacts.add("Fishbed")
    state.changed()
    tracked = [str(c) for c in state.legal_actions()]
    assert not [c for c in tracked if fishbed in c or "Fishbed" in c]
    with pytest.raises(IllegalAction, match="does not know"):
        state.check_legal(Decision.parse(f"attack Eagle gun:{fishbed}"))


def test_an_enemy_named_like_a_side_or_an_own_unit_leaves_those_words_alone() -> None:
    data = scenario()
    data["aircraft"][1]["name"] = "Blue"  # the Flanker's display name is Blue's side name
    data["aircraft"][2]["name"] = "Eagle"  # and the Fishbed's is Blue's own aircraft's id
    data["sides"][0]["sighted"] = ["Flanker", "Fishbed"]
    state = _fresh(data)
    view = state.view(0)
    assert set(view["sides"]) == {"Blue", "Red"}
    assert view["seat"] == "Blue"
    assert any(a["id"] == "Eagle" and a["side"] == "Blue" for a in view["aircraft"])
    assert not any(a["id"] in ("Flanker", "Fishbed") for a in view["aircraft"])
