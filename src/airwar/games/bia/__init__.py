"""Bounce Into Action: Firing. Air-defence and infantry fire with exact odds.

Modules: :mod:`.airdefence` (hit number and one shot, BIA-1..BIA-4),
:mod:`.outcome` (miss / damaged / shot down), :mod:`.volley` (several shots at
one aircraft, BIA-7), :mod:`.firing_order` (BIA-5), :mod:`.infantry` (BIA-6),
:mod:`.scenario` and :mod:`.engagement` (a scripted engagement as the kernel
game ``bia-engagement``). The rule tables are TOML files in ``data/``.
"""

from airwar.games.bia.airdefence import (
    AdSystem,
    AirDefenceShot,
    AirTarget,
    Firer,
    FirerKind,
    Manoeuvrability,
    Speed,
    system,
    systems,
)
from airwar.games.bia.engagement import BiaEngagementGame, BiaEngagementState
from airwar.games.bia.errors import BiaError, NotAllowed, OutOfRange, ScenarioError, UnknownValue
from airwar.games.bia.infantry import (
    FirerSituation,
    GroupFire,
    StandFire,
    TargetSituation,
    Training,
    hits_distribution,
    weapon,
    weapons,
)
from airwar.games.bia.outcome import Effect, Resolution
from airwar.games.bia.scenario import Scenario
from airwar.games.bia.scenario_file import parse_scenario
from airwar.games.bia.volley import accumulate, volley_odds

__all__ = [
    "AdSystem",
    "AirDefenceShot",
    "AirTarget",
    "BiaEngagementGame",
    "BiaEngagementState",
    "BiaError",
    "Effect",
    "Firer",
    "FirerKind",
    "FirerSituation",
    "GroupFire",
    "Manoeuvrability",
    "NotAllowed",
    "OutOfRange",
    "Resolution",
    "Scenario",
    "ScenarioError",
    "Speed",
    "StandFire",
    "TargetSituation",
    "Training",
    "UnknownValue",
    "accumulate",
    "hits_distribution",
    "parse_scenario",
    "system",
    "systems",
    "volley_odds",
    "weapon",
    "weapons",
]
