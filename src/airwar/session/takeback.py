"""Taking back: a person's undo against the AI, and the referee's take-back.

No die is ever re-rolled: the record is replayed without the decisions taken back,
and draw ``i`` of the seed is the same draw.
"""

from __future__ import annotations

import time
from typing import Any

from airwar.core.driver import Driver, replay
from airwar.session.acting import Acting
from airwar.session.errors import GAME_OVER, Conflict, StaleDecision
from airwar.session.readers import PlaySession
from airwar.session.seats import HUMAN, is_ai

MAX_TAKEBACKS = 200
"""The most decisions a referee may take back in one game (each is kept in its notes)."""


class TakingBack(Acting):
    """The one undo policy and the referee's take-back."""

    # -- undo --------------------------------------------------------------------
    def undo_refusal(self, live: PlaySession, seat_name: str | None) -> str | None:
        """Why ``seat_name`` may not undo now (None: it may).

        The one undo policy: a person playing against the AI only (every
        other seat a bot), in a game whose type allows it, takes back their
        whole last move (their last run of decisions, and the bots' replies
        after it). No die is ever re-rolled: the record is replayed without
        those decisions, and draw ``i`` of the seed is the same draw.
        """
        if live.halted:
            return f"this game cannot continue: {live.halted}"
        if live.finished:
            return GAME_OVER
        if seat_name is not None and seat_name == live.referee:
            return self._takeback_refusal(live, seat_name)
        if live.referee is not None and not live.game.game_type.undo:
            return (
                f"in {live.game.title} only the {live.referee} takes a decision back, "
                "and only before the next roll"
            )
        if seat_name is None or live.seats.get(seat_name) != HUMAN:
            return "only the person playing a seat here can take a move back"
        if not live.game.game_type.undo:
            return f"{live.game.title} allows no undo (its seats do not see everything)"
        if any(n != seat_name and not is_ai(k) for n, k in live.seats.items()):
            return "undo is only allowed in a game against the AI"
        mine = live.seat_index(seat_name)
        if not any(seat == mine for seat, _ in live.driver.record.actions):
            return f"{seat_name} has no decision to take back"
        return None

    def can_undo(self, live: PlaySession, seat_name: str | None) -> bool:
        return self.undo_refusal(live, seat_name) is None

    # -- the referee's take-back ---------------------------------------------------
    def takeback_target(self, live: PlaySession) -> int | None:
        """The decision a take-back would take back: the last one a person made (the
        bots' decisions after it go with it), or None."""
        marks = self.marks(live)
        for index in range(len(marks) - 1, -1, -1):
            if not marks[index].by_bot:
                return index
        return None

    def _takeback_refusal(self, live: PlaySession, referee: str) -> str | None:
        """Why the referee may not take back now (None: it may)."""
        if live.halted:
            return f"this game cannot continue: {live.halted}"
        if is_ai(live.seats.get(referee, HUMAN)):
            return "the referee seat is played by the automatic player"
        if live.finished:
            return "the game is over: its decisions stand"
        if len(live.takebacks()) >= MAX_TAKEBACKS:
            return f"this game has had its {MAX_TAKEBACKS} take-backs"
        target = self.takeback_target(live)
        if target is None:
            return "no decision made by a person to take back"
        actor = live.driver.record.actions[target][0]
        whose = live.game.seat_name(actor)
        if live.driver.draws != self.marks(live)[target].draws:
            rolls = live.driver.draws - self.marks(live)[target].draws
            return (
                f"a roll was made since {whose}'s last decision ({rolls} roll"
                f"{'s' if rolls > 1 else ''}): rolls are never taken back"
            )
        return None

    def _take_back(self, live: PlaySession, referee: str) -> list[str]:
        """Take back the last decision a person made (and the bots' after it): the record
        is replayed without them, with no roll to redo (GS-65)."""
        why = self._takeback_refusal(live, referee)
        if why is not None:
            raise Conflict(why)
        target = self.takeback_target(live)
        assert target is not None
        actions = live.driver.record.actions
        actor, text = actions[target]
        taken = [t for _, t in actions[target:]]
        before = len(actions)
        driver = replay(live.driver.record, upto=target, verify=False)
        if driver.draws != live.driver.draws:
            raise Conflict("a roll was made since that decision: rolls are never taken back")
        entry = {
            "by": referee,
            "seat": live.game.seat_name(actor),
            "actor": actor,
            "index": target,
            "text": text,
            "later": before - target - 1,
        }
        meta = {**live.meta, "takebacks": [*live.takebacks(), entry]}
        marks = self.marks(live)[:target]
        self._save_rewound(live, driver, before, meta=meta)
        live.marks, live.marks_of = marks, driver
        return taken

    def _save_rewound(
        self,
        live: PlaySession,
        driver: Driver,
        before: int,
        *,
        meta: dict[str, Any] | None = None,
    ) -> None:
        """Put the game back to ``driver`` (a replay of its first decisions) and save it
        over the ``before`` decisions the store holds, with new notes if given; a refused
        save puts the copy back as it was and rebuilds it from the store."""
        old, old_meta = live.driver, live.meta
        live.use(driver)
        if meta is not None:
            live.meta = meta
        try:
            self.store.update(
                live.id,
                record=driver.finished_record(),
                meta=meta,
                status=live.status,
                summary=live.summary(),
                expected_index=before,
                expected_digest=old.log_digest,
            )
        except Exception:
            live.use(old)
            live.meta = old_meta
            self._rebuild(live)
            raise
        live.saved_summary = live.summary()
        live.version += 1
        live.checked = time.monotonic()

    def undo(self, live: PlaySession, seat: int, *, at: int | None = None) -> list[str]:
        """Take back ``seat``'s whole last move; returns the decisions taken back.

        The referee seat (of a game that has one) takes back instead the last
        decision a person made, whoever's it was, while no roll has been made
        since (:meth:`_take_back`). ``at``, as in :meth:`act`: an undo sent twice
        takes back one move."""
        name = live.game.seat_name(seat)
        with live.lock:
            if at is not None and at != live.position_version:
                raise StaleDecision(at, live.position_version)
            if name == live.referee:
                return self._take_back(live, name)
            why = self.undo_refusal(live, name)
            if why is not None:
                raise Conflict(why)
            actions = live.driver.record.actions
            last = max(i for i, (s, _) in enumerate(actions) if s == seat)
            first = last
            while first > 0 and actions[first - 1][0] == seat:
                first -= 1
            taken = [text for _, text in actions[first:]]
            before = len(actions)
            driver = replay(live.driver.record, upto=first, verify=False)
            self._save_rewound(live, driver, before)
        return taken
