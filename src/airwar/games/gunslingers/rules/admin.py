"""End of Turn Administrative Phase checks: AAA resupply, infantry SAM reloads,
auto-reload.

>>> aaa_resupply_check().probability(), infantry_sam_reload_check().probability()
(Fraction(1, 5), Fraction(3, 10))
"""

from __future__ import annotations

from airwar.core.checks import Check
from airwar.games.gunslingers.rules.base import d10_check
from airwar.games.gunslingers.tables import entry, number

TABLE = "admin"


def aaa_resupply_check() -> Check:
    """AAA resupply (End of Turn Administrative Phase 8, 2-)."""
    return d10_check("AAA resupply", entry(TABLE, "aaa_resupply"))


def infantry_sam_reload_check() -> Check:
    """Infantry SAM reload (End of Turn Administrative Phase 9, 3-)."""
    return d10_check("Infantry SAM reload", entry(TABLE, "infantry_sam_reload"))


def auto_reload_rails(expended: int, guided_or_launched: bool) -> int:
    """Rails an auto-reload SAM unit reloads (End of Turn Administrative Phase 10):
    up to two expended rails, none if it guided or launched missiles this turn."""
    if expended < 0:
        raise ValueError(f"expended rails cannot be negative ({expended})")
    if guided_or_launched:
        return 0
    return min(expended, number(TABLE, "auto_reload_rails"))
