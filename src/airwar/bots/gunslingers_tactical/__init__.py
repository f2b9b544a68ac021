"""The tactical AI for Gunslingers: a side played as a good player of the rules would.

It plays either side of any scenario (the referee seat it leaves to the automatic
player, whose results are the mildest). Like the automatic player it decides from what
its seat is entitled to (GS-43): the seat's view, the pending declaration and its legal
choices (:class:`~airwar.games.gunslingers.autoplayer.Seen`), plus the data cards of its
own side's units (what its own pilots and crews know of their aircraft, missiles and
sites) and the public library of types for an enemy it has identified. It never reads an
enemy unit from the referee's state, so two positions that look the same to the seat get
the same decision (``tests/bots/test_gunslingers_tactical.py``).

What it does, by declaration (GS-90):

- **moves** by scoring every end hex within its speed, with a few headings and
  altitudes each: a firing position on an enemy it knows (its own missile in range and
  in the launch arcs, the exact launch odds times the missile's result table) counts
  for it, being in an enemy's launch envelope, a known SAM or AAA envelope (masked by
  terrain where the line of sight is blocked) counts against it, and altitude is kept
  in the fighter's band (no dive it could avoid). Strikers fly to the target worth most
  and home once their bombs are gone; escorts stay between the strikers and the
  nearest threat; ARM shooters hold at ARM range from the radars. It does not run from
  an enemy as fast as it is before the last turn (GS-93; ``flight``);
- **shoots** when the odds (:func:`~airwar.games.gunslingers.rules.air.
  missile_launch_check` times the missile's result table) are good, holds fire when
  they are poor unless it has a missile for every two turns left (GS-94), and picks
  the target worth most (``air``);
- **senses and marks** (GS-95, ``support``): radar search and lock-ons for its own
  radar missiles, padlocks, illumination, shoot-outs, laser and FAC marks for its
  strikers, ground moves;
- **defends**: the strongest DDS program and every jammer on while a threat is about,
  IFF off when it helps the enemy's SAM lock-ons and passdowns (the exact odds of both
  with and without), ARMs at the SAM that threatens;
- **on the ground** (``ground``) locks on to the intruder worth most times the exact
  lock-on odds, the passdown's target counted (GS-96), launches, takes passdowns for
  the SAM that can use them, shuts a radar down while an ARM shooter is in
  reach and nothing else is, and plots AAA fire where the enemy will be.

Each decision carries its reason (``move Ford-1 3,2 h2 a12 # firing position on
Contact-2: 28%``): it is kept in the log's decision event, which only the deciding side
and the referee read while the game runs and everyone after it (GS-91).

Levels (GS-92): ``tactical`` (normal), ``tactical:easy`` (a shorter search, fires at
poorer odds, no envelope avoidance) and ``tactical:hard`` (every altitude choice, the
enemy's re-aim weighed fully).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.bots.gunslingers_tactical.air import AIR
from airwar.bots.gunslingers_tactical.flight import move_plan
from airwar.bots.gunslingers_tactical.ground import GROUND
from airwar.bots.gunslingers_tactical.knowledge import (
    LEVELS,
    Chooser,
    Level,
    Mind,
    MissileCard,
    Own,
    moved_this_turn,
    passdowns_this_phase,
)
from airwar.bots.gunslingers_tactical.support import SUPPORT
from airwar.core.bot import BaseBot
from airwar.core.game import Action, GameState
from airwar.games.gunslingers import autoplayer
from airwar.games.gunslingers.autoplayer import Seen
from airwar.games.gunslingers.model.actions import Decision

if TYPE_CHECKING:
    from airwar.games.gunslingers.referee import GsState

__all__ = ["LEVELS", "GunslingersTactical", "GunslingersTacticalEasy",
           "GunslingersTacticalHard", "Level", "MissileCard", "Own", "decide",
           "tactical_decision"]  # fmt: skip

CHOOSERS: dict[str, Chooser] = {"move": move_plan, **AIR, **GROUND, **SUPPORT}


def decide(
    seen: Seen,
    own: Own,
    level: Level = LEVELS["normal"],
    moved: frozenset[str] = frozenset(),
    passed: tuple[tuple[str, str], ...] = (),
) -> Decision:
    """The tactical AI's answer, with its reason, from what its seat is entitled to."""
    ask = seen.ask
    chooser = CHOOSERS.get(ask.verb)
    if chooser is None:
        return autoplayer.decide(seen)
    args, reason = chooser(Mind(seen, own, level, moved, passed))
    return Decision(ask.verb, seen.subject, args, reason=reason)


def tactical_decision(state: GsState, level: str = "normal") -> Decision:
    """The tactical AI's answer to the pending declaration (from that seat's knowledge)."""
    seen = Seen.of(state)
    if seen.ask.seat == state.referee:
        return autoplayer.decide(seen)
    seat, verb = seen.ask.seat, seen.ask.verb
    moved = frozenset(moved_this_turn(state, seat)) if verb == "move" else frozenset()
    passed = passdowns_this_phase(state, seat) if verb == "lockon" else ()
    return decide(seen, Own.of(state, seat), LEVELS[level], moved, passed)


class GunslingersTactical(BaseBot):
    """The tactical AI as a kernel Bot (a side's seat; as the referee it is the automatic
    player)."""

    name = "tactical"
    level = "normal"

    def choose(self, state: GameState, seat: int) -> Action:
        from airwar.games.gunslingers.referee import GsState

        if not isinstance(state, GsState):
            raise TypeError("the Gunslingers tactical AI plays Gunslingers only")
        return tactical_decision(state, self.level)


class GunslingersTacticalEasy(GunslingersTactical):
    name = "tactical:easy"
    level = "easy"


class GunslingersTacticalHard(GunslingersTactical):
    name = "tactical:hard"
    level = "hard"
