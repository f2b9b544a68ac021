"""Named pilots and aces (IV.C, MS-14), names from ``data/pilots.toml``.

>>> r = Roster.new(Side.ALLIED)
>>> r.pilots[0].name, r.pilots[0].ace
('McConnell', False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from airwar.games.migs_sabres.data import table
from airwar.games.migs_sabres.planes import Side

_PILOTS = table("pilots")
ROSTER_SIZE: int = int(_PILOTS["roster_size"])
ACE_KILLS: int = int(_PILOTS["ace_kills"])


@dataclass
class Pilot:
    name: str
    kills: int = 0
    ace: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kills": self.kills, "ace": self.ace}


@dataclass
class Roster:
    """A squadron's six numbered pilots, with the replacements used so far (MS-14)."""

    side: Side
    pilots: list[Pilot]
    replaced: int = 0
    lost: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, side: Side) -> Roster:
        names = _PILOTS[side.value]["pilots"][:ROSTER_SIZE]
        return cls(side, [Pilot(n) for n in names])

    def replacement_name(self) -> str:
        spare = _PILOTS[self.side.value]["replacements"]
        n = self.replaced
        if n < len(spare):
            return str(spare[n])
        return f"{_PILOTS[self.side.value]['squadron']} pilot {ROSTER_SIZE + n + 1}"

    def replace(self, number: int) -> tuple[Pilot, Pilot]:
        """Pilot ``number`` (1..6) was shot down: a new named pilot takes his number."""
        old = self.pilots[number - 1]
        new = Pilot(self.replacement_name())
        self.replaced += 1
        self.lost.append(old.name)
        self.pilots[number - 1] = new
        return old, new

    def credit_kill(self, number: int) -> bool:
        """Add a kill to pilot ``number``; True when he just became an ace (five kills)."""
        p = self.pilots[number - 1]
        p.kills += 1
        if not p.ace and p.kills >= ACE_KILLS:
            p.ace = True
            return True
        return False

    def to_dict(self) -> dict[str, Any]:
        return {
            "side": self.side.value,
            "squadron": _PILOTS[self.side.value]["squadron"],
            "pilots": [{"number": i + 1, **p.to_dict()} for i, p in enumerate(self.pilots)],
            "lost": list(self.lost),
        }
