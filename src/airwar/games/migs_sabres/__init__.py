"""MiGs and Sabres (Lone Warrior #146): the Korean War air game, rulings MS-1..MS-14.

Public API (the contract other parts of airwar code against):

- board: :class:`Square`, :class:`Facing`
- aircraft: :class:`PlaneType`, :func:`plane_type`, :data:`PLANE_TYPES`, :class:`Side`
- movement: :func:`movement_options` (the perft), :class:`MoveOptions`, :class:`FireOption`
- combat: :func:`kill_on`, :func:`kill_check`
- actions: :class:`Step`, :class:`Fire`, :class:`HoldFire`, :func:`parse_action`,
  :func:`parse_path`
- games: :class:`EngagementGame` ("migs-engagement") and :class:`MigsGame` ("migs-sabres")
"""

from airwar.games.migs_sabres.actions import (
    ChartDraw,
    Fire,
    HoldFire,
    Step,
    parse_action,
    parse_path,
)
from airwar.games.migs_sabres.board import ALL_SQUARES, COLUMNS, ROWS, Facing, Square
from airwar.games.migs_sabres.combat import ASPECTS, kill_check, kill_on, p_kill
from airwar.games.migs_sabres.engagement import Engagement, Plane
from airwar.games.migs_sabres.engagement_game import EngagementGame, EngagementState
from airwar.games.migs_sabres.game import MigsGame, MigsState
from airwar.games.migs_sabres.movement import (
    FireOption,
    MoveOptions,
    StepKind,
    movement_options,
    step_result,
)
from airwar.games.migs_sabres.planes import PLANE_TYPES, PlaneType, Side, plane_type

__all__ = [
    "ALL_SQUARES",
    "ASPECTS",
    "COLUMNS",
    "PLANE_TYPES",
    "ROWS",
    "ChartDraw",
    "Engagement",
    "EngagementGame",
    "EngagementState",
    "Facing",
    "Fire",
    "FireOption",
    "HoldFire",
    "MigsGame",
    "MigsState",
    "MoveOptions",
    "Plane",
    "PlaneType",
    "Side",
    "Square",
    "Step",
    "StepKind",
    "kill_check",
    "kill_on",
    "movement_options",
    "p_kill",
    "parse_action",
    "parse_path",
    "plane_type",
    "step_result",
]
