"""Named pilots and aces (IV.C, MS-14)."""

from __future__ import annotations

from airwar.games.migs_sabres import Side
from airwar.games.migs_sabres.pilots import ACE_KILLS, ROSTER_SIZE, Roster


def test_roster_of_six() -> None:
    r = Roster.new(Side.COMMUNIST)
    assert ROSTER_SIZE == 6 and len(r.pilots) == 6
    assert len({p.name for p in r.pilots}) == 6


def test_fifth_kill_makes_an_ace() -> None:
    r = Roster.new(Side.ALLIED)
    assert ACE_KILLS == 5
    made = [r.credit_kill(3) for _ in range(6)]
    assert made == [False, False, False, False, True, False]
    assert r.pilots[2].ace and r.pilots[2].kills == 6


def test_replacements_are_new_named_pilots() -> None:
    r = Roster.new(Side.ALLIED)
    r.credit_kill(1)
    names = set()
    for _ in range(15):
        old, new = r.replace(1)
        assert new.kills == 0 and not new.ace and new.name != old.name
        names.add(new.name)
    assert len(names) == 15
    assert r.to_dict()["lost"][0] == "McConnell"
    assert r.to_dict()["pilots"][0]["number"] == 1
