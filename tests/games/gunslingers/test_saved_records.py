"""Saved records replay to the same log.

The files in ``records/`` are whole games of the default scenario, the 2 v 2
dogfight and the SAM-belt strike, seed 1, every seat played by the automatic
player. The strike was saved before the package was split into layers; when
the sides came to write the enemy by their own aliases (GS-71) its decisions
were written again as each side writes them, and it still replays to the
digest saved before the split. The two dogfights were played again then: a
side no longer guns an enemy it only holds on radar (GS-72), so their games
changed. All three were played again when the Flight Phase came to move as the
text gives it (GS-80 to GS-84: radar detection by any radar, the guiding aircraft at
step 7, moves along paths, pre-emption as aircraft move); the records saved before that
(in ``records/before-gs80/``) are refused with a message naming those rules. Replaying
one parses each saved decision text again and re-runs the referee; the log must come out
with the saved digest, event for event.
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


BEFORE_GS80 = sorted(Path(__file__).with_name("records").joinpath("before-gs80").glob("*.json"))


@pytest.mark.parametrize("path", BEFORE_GS80, ids=lambda p: p.stem)
def test_a_record_saved_before_the_flight_phase_rules_names_them_as_it_is_refused(
    path: Path,
) -> None:
    record = GameRecord.from_json(path.read_text("utf-8"), path.name)
    with pytest.raises(RecordError) as refused:
        replay(record)
    words = str(refused.value)
    assert "GS-80 to GS-84" in words and "moves along a path" in words, words
