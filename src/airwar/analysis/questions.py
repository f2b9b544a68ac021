"""The designer's questions in numbers (playtest notes III.M.1 and III.M.2).

III.M.1: "The plane that moves first on the Battle Board is in danger of
being 'bounced' on the next turn if opposed by a jet." :func:`first_mover`
compares each matchup with the active plane moving first against the same
matchup with the listed plane moving first.

III.M.2: "Although the odds are against it, the slow prop planes are
perfectly capable of bringing down a swept-wing jet." :func:`prop_vs_jet`
gives the chance that the prop plane (Yak-9, F-51) shoots down the swept-wing
jet (F-86, MiG-15) in one engagement, against the jet's chance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from airwar.analysis.matchups import Configuration, MatchupResult
from airwar.analysis.stats import Estimate, difference_interval

PROP = "prop"
SWEPT = "swept"


@dataclass(frozen=True)
class FirstMoverRow:
    """One pairing with each plane moving first; values from the active plane's view."""

    active_first: MatchupResult
    listed_first: MatchupResult

    @property
    def active(self) -> str:
        return self.active_first.matchup.active

    @property
    def listed(self) -> str:
        return self.active_first.matchup.listed

    @property
    def ace(self) -> bool:
        return self.active_first.matchup.ace

    @property
    def effect(self) -> Estimate:
        """How much moving first (rather than second) changes the active plane's kill difference."""
        return difference_interval(
            self.active_first.kill_difference, self.listed_first.kill_difference
        )

    @property
    def exact_effect(self) -> float | None:
        a, b = self.active_first.exact, self.listed_first.exact
        if a is None or b is None:
            return None
        return a.kill_difference - b.kill_difference

    @property
    def first_mover_shot_down(self) -> tuple[Estimate, Estimate]:
        """Chance that the plane moving first is shot down: (active first, listed first)."""
        return self.active_first.p_listed_kill, self.listed_first.p_active_kill

    def to_dict(self) -> dict[str, Any]:
        return {
            "active": self.active,
            "listed": self.listed,
            "ace": self.ace,
            "active_first": self.active_first.to_dict(),
            "listed_first": self.listed_first.to_dict(),
            "effect": self.effect.to_dict(),
            "exact_effect": self.exact_effect,
        }


def first_mover(results: Sequence[MatchupResult]) -> list[FirstMoverRow]:
    """Pair each matchup's "active first" result with its "listed first" twin."""
    by_key = {
        (r.matchup.active, r.matchup.listed, r.matchup.ace, r.matchup.first): r for r in results
    }
    rows = []
    for r in results:
        m = r.matchup
        if m.first != "active":
            continue
        twin = by_key.get((m.active, m.listed, m.ace, "listed"))
        if twin is not None:
            rows.append(FirstMoverRow(r, twin))
    return rows


def is_prop_vs_jet(matchup: Configuration) -> bool:
    """A swept-wing jet against a prop plane, either way round (III.M.2)."""
    wings = {matchup.active_type.wing, matchup.listed_type.wing}
    return wings == {PROP, SWEPT}


@dataclass(frozen=True)
class PropVsJetRow:
    """The prop's and the jet's chances to shoot the other down in one matchup."""

    result: MatchupResult

    @property
    def prop_is_active(self) -> bool:
        return self.result.matchup.active_type.wing == PROP

    @property
    def prop(self) -> str:
        m = self.result.matchup
        return m.active if self.prop_is_active else m.listed

    @property
    def jet(self) -> str:
        m = self.result.matchup
        return m.listed if self.prop_is_active else m.active

    @property
    def p_prop_kill(self) -> Estimate:
        r = self.result
        return r.p_active_kill if self.prop_is_active else r.p_listed_kill

    @property
    def p_jet_kill(self) -> Estimate:
        r = self.result
        return r.p_listed_kill if self.prop_is_active else r.p_active_kill

    @property
    def exact(self) -> tuple[float, float] | None:
        """Exact (prop kill, jet kill) chances, when solved."""
        e = self.result.exact
        if e is None:
            return None
        if self.prop_is_active:
            return e.p_active_kill, e.p_listed_kill
        return e.p_listed_kill, e.p_active_kill

    def to_dict(self) -> dict[str, Any]:
        exact = self.exact
        return {
            "prop": self.prop,
            "jet": self.jet,
            "first": self.result.matchup.first,
            "ace": self.result.matchup.ace,
            "p_prop_kill": self.p_prop_kill.to_dict(),
            "p_jet_kill": self.p_jet_kill.to_dict(),
            "exact_p_prop_kill": None if exact is None else exact[0],
            "exact_p_jet_kill": None if exact is None else exact[1],
        }


def prop_vs_jet(results: Sequence[MatchupResult]) -> list[PropVsJetRow]:
    return [PropVsJetRow(r) for r in results if is_prop_vs_jet(r.matchup)]
