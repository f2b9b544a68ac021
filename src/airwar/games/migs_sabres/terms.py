"""The typed words of MiGs and Sabres: the phases of the whole game and of an
engagement, why an engagement ended or a move did, and the two planes' roles.

Each is a :class:`~enum.StrEnum` whose values are the words the views, the
events and the records have always carried ("first_red", "shot down", ...), so
a member compares equal to its word and is written as it; the code compares
members, never the words.
"""

from __future__ import annotations

from enum import StrEnum

ACTIVE, LISTED = 0, 1
"""The indices of the two planes of an engagement: the active squadron's, the listed one."""

ROLES = ("active", "listed")
"""The planes' roles by index (:data:`ACTIVE`, :data:`LISTED`), as views and events name them."""

SEAT_NAMES = ("Communist", "Allied")
"""The seats of both games: 0 flies the Communist (red) planes, 1 the Allied (blue)."""


class Phase(StrEnum):
    """Where an engagement stands (its view's ``step``): III.B-J, MS-5..MS-11."""

    FIRST_RED = "first_red"
    """The red die of the roll for the first move is next (MS-5)."""
    FIRST_BLUE = "first_blue"
    """The blue die against the red one is next (MS-5)."""
    MP = "mp"
    """The mover's movement roll is next (MS-7)."""
    MOVE = "move"
    """The mover steps, fires or holds fire (MS-6, MS-8, MS-9)."""
    RETURN_FIRE = "return_fire"
    """The mover returns fire or holds it after a missed head-on attack (III.G, MS-19)."""
    KILL = "kill"
    """The kill roll of a shot is next (MS-10)."""
    OVER = "over"
    """The engagement has ended (MS-11)."""

    @property
    def decides(self) -> bool:
        """Whether a plane decides now (else the dice do, or nobody at the end)."""
        return self in (Phase.MOVE, Phase.RETURN_FIRE)

    @property
    def rolls(self) -> bool:
        """Whether a die is rolled now."""
        return self in (Phase.FIRST_RED, Phase.FIRST_BLUE, Phase.MP, Phase.KILL)


class GamePhase(StrEnum):
    """Where a whole game of MiGs and Sabres stands (its view's ``step``): III.A-L, IV."""

    CHART = "chart"
    """The Sortie Chart is being drawn (MS-2)."""
    CAMPAIGN = "campaign"
    """The sorties per side are being rolled (IV.B, MS-13)."""
    OPENING_RED = "opening_red"
    """The red die of the opening roll is next (MS-3)."""
    OPENING_BLUE = "opening_blue"
    """The blue die against the red one is next (MS-3)."""
    MARKER = "marker"
    """The sortie's marker moves (III.A, MS-3)."""
    PILOT = "pilot"
    """The active squadron's pilot is rolled (IV.C, MS-14)."""
    LISTED_PILOT = "listed_pilot"
    """The listed plane's pilot is rolled (MS-16)."""
    ENGAGEMENT = "engagement"
    """An engagement is flown on the Battle Board."""
    OVER = "over"
    """The game has ended."""

    @property
    def in_sortie(self) -> bool:
        """Whether a sortie is under way (its marker on the chart)."""
        return self in (
            GamePhase.MARKER,
            GamePhase.PILOT,
            GamePhase.LISTED_PILOT,
            GamePhase.ENGAGEMENT,
        )


class EndReason(StrEnum):
    """Why an engagement ended (MS-11, MS-18, MS-25)."""

    SHOT_DOWN = "shot down"
    BOTH_FIRED = "both fired"
    TURN_LIMIT = "turn limit"
    NEITHER_CAN_MOVE = "neither plane can move"


class MoveEnd(StrEnum):
    """Why a plane's movement turn ended (MS-7, MS-8, MS-9, MS-15)."""

    NO_LEGAL_STEP = "no legal step"
    NO_AFFORDABLE_STEP = "no affordable legal step"
    FIRED = "fired"
    HELD_FIRE = "held fire"
