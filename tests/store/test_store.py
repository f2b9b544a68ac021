"""The Store on a real database file: saving, resuming, listing, refusing damage."""

from __future__ import annotations

import threading
from datetime import UTC
from pathlib import Path

import platformdirs
import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st
from sqlalchemy import text

from airwar.bots.random_bot import RandomBot
from airwar.core import Driver, GameRecord, RecordError, log_digest, play_bots, replay
from airwar.store import GameChanged, GameNotFound, Store, StoreError, default_database_url
from tests.core.toy_game import ToyGame
from tests.store.conftest import AnyStore


def _raw(store: Store, sql: str, **params: object) -> None:
    with store.engine.begin() as conn:
        conn.execute(text(sql), params)


def test_create_and_load_round_trip(store: AnyStore) -> None:
    rec = GameRecord("toy", {"goal": 12}, "seed-A", [(0, "add1"), (1, "add2")])
    gid = store.create_game(
        rec, title="Red v Blue", seats={"Red": "human", "Blue": "ai:random"}, meta={"n": 1}
    )
    got = store.load(gid)
    assert (got.id, got.game, got.title, got.status) == (gid, "toy", "Red v Blue", "running")
    assert got.record.to_dict() == rec.to_dict()
    assert got.seats == {"Red": "human", "Blue": "ai:random"}
    assert got.meta == {"n": 1} and got.summary is None
    assert got.created_at.tzinfo is UTC or got.created_at.utcoffset() is not None
    assert got.created_at == got.updated_at


@pytest.mark.parametrize("seed", [0, 2**47 + 5, "", "a string seed", -3])
def test_seeds_keep_their_type(store: AnyStore, seed: int | str) -> None:
    gid = store.create_game(GameRecord("toy", {}, seed), title="", seats={})
    assert store.load(gid).record.seed == seed


def test_ids_are_short_and_unique(store: AnyStore) -> None:
    ids = {store.create_game(GameRecord("toy", {}, i), title="", seats={}) for i in range(40)}
    assert len(ids) == 40 and all(len(i) == 8 for i in ids)


def test_append_action_saves_each_decision_with_status_and_summary(store: AnyStore) -> None:
    gid = store.create_game(GameRecord("toy", {}, 1), title="t", seats={})
    store.append_action(gid, 0, "add2")
    store.append_action(gid, 1, "add1", log_digest="abc", summary={"score": [1, 0]})
    got = store.load(gid)
    assert got.record.actions == [(0, "add2"), (1, "add1")]
    assert got.record.log_digest == "abc" and got.summary == {"score": [1, 0]}
    assert got.status == "running" and got.updated_at >= got.created_at
    store.append_action(gid, 0, "add2", status="finished")
    assert store.load(gid).status == "finished"


def test_a_second_store_on_the_same_file_sees_every_saved_decision(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    writer, reader = Store(url), Store(url)
    gid = writer.create_game(GameRecord("toy", {}, 5), title="", seats={})
    for n in range(5):
        writer.append_action(gid, n % 2, "add1")
        assert len(reader.load(gid).record.actions) == n + 1
    writer.close()
    reader.close()


def test_game_killed_midway_resumes_to_the_same_continuation(store: AnyStore) -> None:
    """Saving through the driver's hook, then replaying the saved prefix (kernel replay)."""
    whole = play_bots(ToyGame(), {0: RandomBot(1), 1: RandomBot(2)}, 77)
    cut = len(whole.record.actions) // 2
    gid = store.create_game(GameRecord("toy", dict(ToyGame().options), 77), title="", seats={})

    def save(driver: Driver, seat: int, action: object) -> None:
        store.append_action(gid, seat, str(action))

    first = Driver(ToyGame(), 77, on_action=save)
    for seat, action_text in whole.record.actions[:cut]:
        first.act(action_text, seat)
    del first  # "killed": only the store remains
    resumed = replay(store.load(gid).record)
    assert resumed.events == replay(whole.record, upto=cut).events
    for seat, action_text in whole.record.actions[cut:]:
        resumed.act(action_text, seat)
    assert resumed.events == whole.events and resumed.state.returns() == whole.state.returns()


def test_saved_digest_proves_the_replay(store: AnyStore) -> None:
    d = play_bots(ToyGame(), {0: RandomBot(3), 1: RandomBot(4)}, 9)
    rec = d.finished_record()
    gid = store.create_game(rec, title="", seats={})
    assert replay(store.load(gid).record).events == d.events
    store.update(gid, record=GameRecord("toy", rec.options, 9, rec.actions, log_digest("x")))
    with pytest.raises(RecordError, match="different log"):
        replay(store.load(gid).record)


def test_unknown_ids_are_named(store: AnyStore) -> None:
    for call in (
        lambda: store.load("nope1234"),
        lambda: store.append_action("nope1234", 0, "add1"),
        lambda: store.update("nope1234", status="finished"),
        lambda: store.delete("nope1234"),
    ):
        with pytest.raises(GameNotFound, match="nope1234"):
            call()


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        ("UPDATE games SET options_json = '{not json' WHERE id = :gid", "options are corrupt"),
        ("UPDATE games SET seed_json = 'null' WHERE id = :gid", "'seed' must be"),
        ("UPDATE games SET record_format = 'pgn' WHERE id = :gid", "not an airwar game record"),
        ("UPDATE games SET record_version = 99 WHERE id = :gid", "version 99 is not supported"),
        ("UPDATE games SET seats_json = '[1]' WHERE id = :gid", "not JSON objects"),
        ("UPDATE games SET summary_json = '3' WHERE id = :gid", "summary is not"),
        ("DELETE FROM game_actions WHERE game_id = :gid AND idx = 0", "decisions are damaged"),
    ],
)
def test_damaged_or_foreign_records_are_refused_and_kept(
    sql_store: Store, sql: str, message: str
) -> None:
    store = sql_store
    rec = GameRecord("toy", {}, 1, [(0, "add1"), (1, "add1")])
    gid = store.create_game(rec, title="x", seats={})
    _raw(store, sql, gid=gid)
    with pytest.raises(RecordError, match=message) as err:
        store.load(gid)
    assert gid in str(err.value) and "\n" not in str(err.value)
    listed = store.list_games()
    assert [(g.id, g.status) for g in listed] == [(gid, "corrupt")]
    assert listed[0].problem is not None and gid in listed[0].problem
    with pytest.raises(RecordError):
        store.load(gid)  # still there, still refused: nothing was deleted or rewritten


def test_list_games_newest_first_and_by_game(store: AnyStore) -> None:
    a = store.create_game(GameRecord("toy", {}, 1), title="a", seats={})
    b = store.create_game(GameRecord("other", {}, 2), title="b", seats={})
    c = store.create_game(GameRecord("toy", {}, 3), title="c", seats={})
    assert [g.id for g in store.list_games()] == [c, b, a]
    store.append_action(a, 0, "add1")
    assert [g.id for g in store.list_games()] == [a, c, b]
    assert [g.id for g in store.list_games("toy")] == [a, c]
    assert store.list_games("nothing") == []
    assert store.list_games("toy")[0].record.actions == [(0, "add1")]


def test_update_changes_only_what_is_given(store: AnyStore) -> None:
    gid = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")]), title="t", seats={"Red": "h"})
    store.update(gid, status="finished", summary={"winner": "Red"}, meta={"k": 2}, title="T2")
    got = store.load(gid)
    assert got.seats == {"Red": "h"}
    assert (got.status, got.summary, got.meta, got.title) == (
        "finished",
        {"winner": "Red"},
        {"k": 2},
        "T2",
    )
    assert got.record.actions == [(0, "add1")]
    store.update(gid, seats={"Red": "ai:random"})
    assert store.load(gid).seats == {"Red": "ai:random"}
    store.update(gid, record=GameRecord("toy", {"goal": 5}, 8, [(0, "add2"), (1, "add2")]))
    got = store.load(gid)
    assert got.record.actions == [(0, "add2"), (1, "add2")] and got.record.seed == 8
    assert got.record.options == {"goal": 5}


def test_refused_update_changes_nothing(store: AnyStore) -> None:
    gid = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")]), title="t", seats={})
    before = store.load(gid)
    with pytest.raises(RecordError, match=f"saved game {gid} is a toy game"):
        store.update(gid, record=GameRecord("chess", {}, 1), status="finished")
    with pytest.raises(StoreError, match="unknown game status"):
        store.update(gid, status="won")
    with pytest.raises(StoreError, match="empty action"):
        store.append_action(gid, 0, "  ")
    with pytest.raises(StoreError, match="not JSON data"):
        store.update(gid, summary={"x": object()})
    after = store.load(gid)
    assert after.record.to_dict() == before.record.to_dict() and after.status == "running"
    assert after.updated_at == before.updated_at


def test_delete_removes_the_game_and_its_decisions(sql_store: Store) -> None:
    store = sql_store
    gid = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")]), title="t", seats={})
    keep = store.create_game(GameRecord("toy", {}, 2, [(0, "add2")]), title="k", seats={})
    store.delete(gid)
    with pytest.raises(GameNotFound):
        store.load(gid)
    assert [g.id for g in store.list_games()] == [keep]
    with store.engine.connect() as conn:
        rows = conn.execute(text("SELECT game_id FROM game_actions")).all()
    assert [r[0] for r in rows] == [keep]


@hyp_settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=5),
            st.text(
                st.characters(exclude_characters="\x00", exclude_categories=("Cs",)),
                min_size=1,
                max_size=40,
            ).filter(lambda s: s.strip() != ""),
        ),
        max_size=12,
    )
)
def test_any_decisions_round_trip(store: AnyStore, actions: list[tuple[int, str]]) -> None:
    gid = store.create_game(GameRecord("toy", {}, 1, actions[:3]), title="", seats={})
    for seat, action_text in actions[3:]:
        store.append_action(gid, seat, action_text)
    assert store.load(gid).record.actions == actions


def test_nul_in_an_action_is_refused_on_every_database(store: AnyStore) -> None:
    gid = store.create_game(GameRecord("toy", {}, 1, []), title="", seats={})
    with pytest.raises(StoreError, match="NUL character"):
        store.append_action(gid, 0, "add\x001")
    with pytest.raises(StoreError, match="not valid Unicode"):
        store.append_action(gid, 0, "add\ud8001")
    assert store.load(gid).record.actions == []


def test_default_url_is_in_the_user_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AIRWAR_DATABASE_URL", raising=False)
    folder = Path(platformdirs.user_data_dir("airwar"))
    assert default_database_url() == f"sqlite:///{folder / 'airwar.sqlite'}"
    monkeypatch.setenv("AIRWAR_DATABASE_URL", "sqlite:///elsewhere.sqlite")
    assert default_database_url() == "sqlite:///elsewhere.sqlite"


def test_no_url_means_the_environment_variable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'sub' / 'env.sqlite'}"
    monkeypatch.setenv("AIRWAR_DATABASE_URL", url)
    s = Store()
    assert s.url == url and (tmp_path / "sub" / "env.sqlite").exists()
    s.close()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("not a url", "is not a database URL"),
        ("nosuchdialect://x/y", "cannot open database"),
    ],
)
def test_bad_urls_give_one_line_errors(url: str, message: str) -> None:
    with pytest.raises(StoreError, match=message) as err:
        Store(url)
    assert "\n" not in str(err.value)


def test_unwritable_sqlite_path(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot open database"):
        Store(f"sqlite:///{blocker / 'inside' / 'db.sqlite'}")


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.sqlite"
    bogus.write_bytes(b"this is not a database at all, just text" * 20)
    with pytest.raises(StoreError, match="not a SQLite database"):
        Store(f"sqlite:///{bogus}")
    assert bogus.read_bytes().startswith(b"this is not")


def test_reading_while_another_program_saves_never_sees_a_torn_game(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'busy.sqlite'}"
    writer, reader = Store(url), Store(url)
    gid = writer.create_game(GameRecord("toy", {}, 5), title="", seats={})
    done = threading.Event()

    def write() -> None:
        for n in range(200):
            writer.append_action(gid, n % 2, f"add{1 + n % 2}")
        done.set()

    thread = threading.Thread(target=write)
    thread.start()
    seen: list[int] = []
    while not done.is_set():
        seen.append(len(reader.load(gid).record.actions))
        reader.list_games()
    thread.join()
    assert seen == sorted(seen)
    assert len(reader.load(gid).record.actions) == 200
    writer.close()
    reader.close()


def test_a_second_writer_cannot_interleave_decisions(store: AnyStore) -> None:
    """Two copies of one game (a page and a terminal): the stale one is refused."""
    gid = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")]), title="", seats={})
    store.append_action(gid, 1, "add2", expected_index=1)
    with pytest.raises(GameChanged, match="changed elsewhere: 2 decisions are saved"):
        store.append_action(gid, 1, "add1", expected_index=1)
    assert store.load(gid).record.actions == [(0, "add1"), (1, "add2")]
