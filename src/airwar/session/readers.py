"""What each reader of a game in play may see and have: views, logs, decisions, records.

A reader is a seat (by its name), the referee, a spectator or the person at this
terminal or browser without a seat. :class:`PlaySession` answers for each what it
may read now (a game of hidden information shows each seat its own share while it
runs, everything once it is over), and the record it may take away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from airwar.core.game import GameState
from airwar.session.errors import Forbidden
from airwar.session.live import LiveGame
from airwar.session.seats import HUMAN

HIDDEN_DECISION = "(hidden)"
"""What a seat reads in place of a decision it may not see."""


@dataclass
class PlaySession(LiveGame):
    """One game in play, as each of its readers may see it."""

    def notices(self, seat_name: str | None, *, spectator: bool = False) -> list[str]:
        """Each take-back in words, as this reader may read it: the text of the decision
        only to a reader who may read that decision (its seat, the referee, everyone once
        the game is over); to the other seats only whose decision it was."""
        out = [f"This game cannot continue: {self.halted}."] if self.halted else []
        for t in self.takebacks():
            who, by, text = str(t.get("seat")), str(t.get("by")), str(t.get("text"))
            actor = t.get("actor")
            index = t.get("index")
            may_read = self.sees_all(seat_name, spectator=spectator) or (
                isinstance(actor, int)
                and isinstance(index, int)
                and any(
                    self.state.decision_visible(s, actor, index) for s in self.same_table(seat_name)
                )
            )
            own = who == by
            if may_read:
                whose = "its own" if own else f"{who}'s"
                line = f"The {by} took back {whose} decision '{text}'"
                later = t.get("later")
                if isinstance(later, int) and later > 0 and seat_name == by:
                    plural = "s" if later > 1 else ""
                    line += f" and the {later} automatic decision{plural} after it"
                out.append(line + "; the dice stay as they fell.")
            elif own:
                out.append(f"The {by} took back its own last decision.")
            else:
                out.append(f"{who}'s last decision was taken back by the {by}.")
        return out

    def to_act_for(self, seat_name: str | None, *, spectator: bool = False) -> str | None:
        """Whose turn this reader is shown. A seat of a running game of hidden information
        that is not asked now is shown the other side it waits for, not the seat at work
        (the referee's routine work between two of the enemy's secret decisions would tell
        it how many there are, GS-73); a reader without a seat that does not see everything
        is shown the side whose turn it last was while the referee works; everyone else
        the seat to act."""
        actual = self.to_act()
        if actual is None or self.sees_everything(seat_name, spectator=spectator):
            return actual
        if seat_name is None:
            if actual != self.referee:
                return actual
            sides = [
                self.game.seat_name(seat)
                for seat, _ in reversed(self.driver.record.actions)
                if self.game.seat_name(seat) != self.referee
            ]
            return sides[0] if sides else actual
        if not self.partial_reader(seat_name, self.state):
            return actual
        names = self.seat_names()
        table = {names[i] for i in self.same_table(seat_name)}
        if actual in table:
            return actual
        others = [n for n in names if n not in table and n != self.referee]
        return others[0] if len(others) == 1 else actual

    # -- what each seat sees ---------------------------------------------------
    def same_table(self, seat_name: str | None) -> set[int]:
        """The seats whose knowledge ``seat_name`` shares: itself, and the other seats
        played by people at the same browser or terminal (a hot-seat game)."""
        if seat_name is None:
            return set()
        mine = {self.seat_index(seat_name)}
        if self.seats.get(seat_name) == HUMAN:
            mine |= {self.seat_index(n) for n, k in self.seats.items() if k == HUMAN}
        return mine

    def sees_all(self, seat_name: str | None, *, spectator: bool = False) -> bool:
        """Whether this reader may see the referee's view: perfect information, a
        finished game, or (without a seat) a game whose every person sits here."""
        if self.game.game_type.perfect_information or self.finished:
            return True
        if seat_name is None:
            return not spectator and not self.has_remote()
        return False

    def sees_everything(self, seat_name: str | None, *, spectator: bool = False) -> bool:
        """Whether this reader sees the whole game now: one of :meth:`sees_all`, or the
        referee seat, which a game of hidden information shows everything."""
        return self.sees_all(seat_name, spectator=spectator) or (
            seat_name is not None and seat_name == self.referee
        )

    def view(self, seat_name: str | None, *, spectator: bool = False) -> dict[str, Any]:
        """What this reader may see: its seat's view, the referee's, or the spectator's
        (whose turn it is as :meth:`to_act_for` shows it)."""
        out = self.view_of(self.state, seat_name, spectator=spectator)
        if seat_name is None and not self.sees_everything(None, spectator=spectator):
            shown = self.to_act_for(None, spectator=spectator)
            if shown is not None:
                out = {**out, "actor": self.seat_index(shown)}
        return out

    def view_of(
        self, state: GameState, seat_name: str | None, *, spectator: bool = False
    ) -> dict[str, Any]:
        if seat_name is not None and not (
            self.game.game_type.perfect_information or state.is_terminal()
        ):
            return state.view(self.seat_index(seat_name))
        if self.sees_all(seat_name, spectator=spectator) or state.is_terminal():
            return state.view(None)
        return GameState.view(state)  # a spectator of a secret game: whose turn, and the end

    def visible_events(
        self,
        seat_name: str | None,
        since: int = 0,
        *,
        spectator: bool = False,
        state: GameState | None = None,
    ) -> list[dict[str, Any]]:
        """The log from event ``since`` as this reader may read it, each event with its
        ``line`` in the game's own words when the game narrates it."""
        st = state if state is not None else self.state
        if self.partial_reader(seat_name, st):
            events = st.visible_events_of(sorted(self.same_table(seat_name)), since)
        elif self.sees_all(seat_name, spectator=spectator) or st.is_terminal():
            events = st.visible_events(None, since)  # the game may add its readers' notes
        else:
            events = []
        return self.narrated(events, st)

    def partial_reader(self, seat_name: str | None, state: GameState) -> bool:
        """Whether this seat reads its own share of a running game of hidden information."""
        return seat_name is not None and not (
            self.game.game_type.perfect_information or state.is_terminal()
        )

    def log_length(
        self,
        seat_name: str | None,
        *,
        spectator: bool = False,
        state: GameState | None = None,
    ) -> int:
        """How many events this reader counts now, in the numbering of
        :meth:`visible_events` (the ``since`` of the events still to come): a seat of a
        running game of hidden information counts only what it may read, so the count
        does not move while another seat decides in secret (GS-73); a spectator of such a
        game reads none."""
        st = state if state is not None else self.state
        if self.partial_reader(seat_name, st):
            return st.log_count(sorted(self.same_table(seat_name)))
        if self.sees_all(seat_name, spectator=spectator) or st.is_terminal():
            return len(st.log)
        return 0

    def readable(self, seat_name: str | None, *, spectator: bool = False) -> list[int]:
        """The numbers of the decisions this reader may read, in order: every decision for a
        reader who sees all; a seat's own (and its table's) in a running game of hidden
        information; none for a spectator of such a game."""
        actions = self.driver.record.actions
        if self.sees_all(seat_name, spectator=spectator):
            return list(range(len(actions)))
        table = self.same_table(seat_name)
        return [
            i
            for i, (actor, _) in enumerate(actions)
            if any(self.state.decision_visible(s, actor, i) for s in table)
        ]

    def decisions_for(self, seat_name: str | None, *, spectator: bool = False) -> int:
        """How many decisions this reader counts: those it may read (:meth:`readable`), so
        that the count tells nothing of the decisions made in secret."""
        if self.sees_all(seat_name, spectator=spectator):
            return self.decisions
        return len(self.readable(seat_name, spectator=spectator))

    def narrated(
        self, events: list[dict[str, Any]], state: GameState | None = None
    ) -> list[dict[str, Any]]:
        """Each event with its ``line`` in the game's words (``state``: the state whose log
        holds them, for a line that names what came before it)."""
        out = []
        for e in events:
            line = self.game.narrate(e, state)
            out.append({**e, "line": line} if line else e)
        return out

    def decision_text(self, index: int, seat_name: str | None, *, spectator: bool = False) -> str:
        """The text of decision ``index`` as this reader may read it."""
        actor, text = self.driver.record.actions[index]
        if self.sees_all(seat_name, spectator=spectator):
            return text
        if seat_name is None:
            return HIDDEN_DECISION
        if any(self.state.decision_visible(s, actor, index) for s in self.same_table(seat_name)):
            return text
        return HIDDEN_DECISION

    def summary(self) -> dict[str, Any]:
        """The one summary shape every interface saves and lists: the game's own
        score summary, with the decision count and who is to act."""
        out = self.game.summary(self.state)
        out["decisions"] = self.decisions
        out["to_act"] = self.to_act()
        return out

    # -- records ---------------------------------------------------------------
    def fairness(self, *, reveal: bool) -> dict[str, Any]:
        """The published commitment to the seed; the seed and salt once ``reveal``."""
        fair = self.meta.get("fair")
        out: dict[str, Any] = {}
        if isinstance(fair, dict) and isinstance(fair.get("commitment"), str):
            out["commitment"] = fair["commitment"]
            if reveal:
                out["salt"] = fair.get("salt")
        return out

    def record_for(self, seat_name: str | None, *, spectator: bool = False) -> dict[str, Any]:
        """The record this reader may have.

        A finished game: the full record, its seed and the salt that opens the
        commitment (``airwar verify`` checks both). A running game: the asking
        seat's redacted record, without the seed, with only the decisions it
        may read (nothing marks where the others fall: GS-74). A spectator of a
        running game gets nothing.
        """
        if self.finished:
            data = self.driver.finished_record().to_dict()
            data["fairness"] = self.fairness(reveal=True)
            return data
        if seat_name is None:
            raise Forbidden("the record of a running game is for its seats: use your seat link")
        rec = self.driver.finished_record().to_dict()
        rec["seed"] = None
        rec["log_digest"] = None
        rec["redacted"] = True
        if not self.game.game_type.perfect_information:
            # the options may hold the whole order of battle (a scenario): not while it runs
            rec["options"] = {}
        actions = self.driver.record.actions
        # the decisions it may read, and nothing of the others: not even where they fall
        rec["actions"] = [list(actions[i]) for i in self.readable(seat_name)]
        rec["fairness"] = self.fairness(reveal=False)
        return rec
