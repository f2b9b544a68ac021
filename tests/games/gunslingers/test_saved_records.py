"""Saved records replay to the same log.

The files in ``records/`` are whole games of the default scenario, the 2 v 2
dogfight and the SAM-belt strike, seed 1, every seat played by the automatic
player. The strike was saved before the package was split into layers; when
the sides came to write the enemy by their own aliases (GS-71) its decisions
were written again as each side writes them, and it still replays to the
digest saved before the split. The two dogfights were played again then: a
side no longer guns an enemy it only holds on radar (GS-72), so their games
changed. All three were played again when the rules came to play as the text
is written (GS-76 to GS-84): the dogfights' Blue was asked to attack with nothing
it sighted in reach (GS-76); in the strike Red tracked aircraft its radars
could not see for terrain, so its labels for the enemy came out otherwise
(GS-78), and its SA-6 launched through a radar jammed that turn (GS-79); the
Flight Phase asks for pre-emptions as each aircraft comes to move (GS-84) and
moves fly paths (GS-82). The records saved before that are kept in
``records_before_gs76/``: they no longer replay, and the refusal names the rules
that changed. Replaying one parses each saved decision text again and re-runs the
referee; the log must come out with the saved digest, event for event.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from airwar.core import replay
from airwar.core.errors import RecordError
from airwar.core.record import GameRecord
from airwar.games.gunslingers import GunslingersGame

RECORDS = sorted(Path(__file__).with_name("records").glob("*.json"))


def test_the_saved_records_are_there() -> None:
    assert [p.stem for p in RECORDS] == [
        "default-seed1",
        "dogfight-2v2-seed1",
        "strike-sam-belt-seed1",
    ]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_saved_record_replays_to_its_digest(path: Path) -> None:
    record = GameRecord.from_json(path.read_text("utf-8"), path.name)
    driver = replay(record)  # raises if the log differs from the saved digest
    assert driver.log_digest == record.log_digest
    assert isinstance(driver.game, GunslingersGame)
    assert driver.state.is_terminal()
    assert [str(a) for _, a in driver.record.actions] == [text for _, text in record.actions]


BEFORE = sorted(Path(__file__).with_name("records_before_gs76").glob("*.json"))


def test_the_records_saved_before_are_there() -> None:
    assert [p.stem for p in BEFORE] == [
        "default-seed1",
        "dogfight-2v2-seed1",
        "strike-sam-belt-seed1",
    ]


@pytest.mark.parametrize("path", BEFORE, ids=lambda p: p.stem)
def test_a_record_saved_before_the_rules_changed_names_them(path: Path) -> None:
    record = GameRecord.from_json(path.read_text("utf-8"), path.name)
    with pytest.raises(RecordError) as info:
        replay(record)
    text = str(info.value)
    assert text.startswith("record does not replay: decision "), text
    assert " is refused" in text or "log" in text, text
    assert "the rules changed since some games were saved" in text
    for rule in GunslingersGame.rule_changes:
        assert rule in text
