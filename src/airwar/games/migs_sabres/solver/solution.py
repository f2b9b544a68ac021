"""Lookups in a solved matchup: values, decisions and rolls of live engagement states."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from airwar.core.dice import D6
from airwar.games.migs_sabres.board import COLUMNS, ROWS
from airwar.games.migs_sabres.data import table
from airwar.games.migs_sabres.engagement import Engagement, engagement_in
from airwar.games.migs_sabres.geometry import fire_offset
from airwar.games.migs_sabres.solver.kernel import TIE
from airwar.games.migs_sabres.solver.model import (
    SOLVER_VERSION,
    EngagementKey,
    KeyPhase,
    Matchup,
    SolverError,
    SolverOptions,
    Value,
    specs_of,
)
from airwar.games.migs_sabres.solver.store import EXACT, FORMS, LayerStore, check_saved, read_stored
from airwar.games.migs_sabres.solver.tables import pair_tables, step_specs
from airwar.games.migs_sabres.terms import ACTIVE, LISTED, Phase

if TYPE_CHECKING:
    from airwar.core.game import GameState

    Position = Engagement | GameState | EngagementKey
    """What the lookups take: a live engagement, a state that plays one, or its key."""


class Solution:
    """The solved engagement: value lookups for every state of one matchup.

    The layers (values at the start of each movement turn, before the MP
    roll, from the mover's point of view) come from ``store``
    (:class:`~airwar.games.migs_sabres.solver.store.LayerStore`); everything within a movement
    turn (mid-move, shots, III.G) is worked out from them on demand.
    """

    def __init__(
        self,
        matchup: Matchup,
        options: SolverOptions,
        store: LayerStore,
        seconds: float = 0.0,
    ) -> None:
        self.matchup = matchup
        self.options = options
        self.store = store
        self.seconds = seconds
        self.specs = store.specs
        self.pairs = store.pairs

    # -- raw lookups ----------------------------------------------------
    def _pair(self, mover: int, positions: tuple[int, int]) -> int:
        return self.pairs.index(positions[mover], positions[1 - mover])

    def _status(self, mover: int, fired: tuple[bool, bool]) -> int:
        if fired[mover] and fired[1 - mover]:
            raise SolverError("both planes have fired: the engagement is over (MS-11)")
        if fired[1 - mover]:
            return 1
        return 2 if fired[mover] else 0

    def _as_active(self, mover: int, s: float, p: float) -> Value:
        """Convert a mover-view (S, P) into an active-view :class:`Value`."""
        w_m = self.specs[mover].points
        w_o = self.specs[1 - mover].points
        p_other = (w_m * p - s) / w_o
        if mover == ACTIVE:
            return Value(float(s), float(p), float(p_other))
        return Value(float(-s), float(p_other), float(p))

    def turn_value(
        self,
        mover: int,
        positions: tuple[int, int],
        fired: tuple[bool, bool],
        remaining: int,
        return_fire: bool = False,
    ) -> tuple[float, float]:
        """(S, P) from the mover's view at the start of its movement turn (before MP)."""
        if remaining <= 0:
            return 0.0, 0.0
        if remaining > 2 * self.options.turn_limit:
            raise SolverError(
                f"{remaining} movement turns remain, more than this solution's "
                f"turn limit allows ({2 * self.options.turn_limit})"
            )
        st = self._status(mover, fired)
        c = self._pair(mover, positions)
        layer = self.store.layer(mover, remaining)
        if return_fire and st == 1:
            # kept only at the head-on pairs, the only ones where III.G applies
            heads = self.pairs.head_on_pairs
            j = int(np.searchsorted(heads, c))
            if j < len(heads) and heads[j] == c:
                return float(layer.RS[j]), float(layer.RP[j])
        return layer.at(st, c)

    def _after_move(
        self,
        mover: int,
        positions: tuple[int, int],
        fired: tuple[bool, bool],
        remaining: int,
        return_fire: bool = False,
    ) -> tuple[float, float]:
        """(S, P), mover's view, once the mover's turn ends (the other moves next)."""
        other = 1 - mover
        s, p = self.turn_value(other, positions, fired, remaining - 1, return_fire)
        w_m, w_o = self.specs[mover].points, self.specs[other].points
        return -s, (w_o * p - s) / w_m

    def _shot(
        self,
        mover: int,
        positions: tuple[int, int],
        fired: tuple[bool, bool],
        remaining: int,
        offset: int,
        return_shot: bool,
    ) -> tuple[float, float]:
        """(S, P), mover's view, of the mover's shot from aspect ``offset`` (MS-10, III.G)."""
        pk = self.specs[mover].p_kill[offset]
        w = self.specs[mover].points
        both = fired[1 - mover] or return_shot
        if both:
            return pk * w, pk
        now_fired = (True, fired[1]) if mover == ACTIVE else (fired[0], True)
        ms, mp = self._after_move(mover, positions, now_fired, remaining, offset == 0)
        return pk * w + (1 - pk) * ms, pk + (1 - pk) * mp

    def _better(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """Whether ``a`` beats ``b`` for the mover (value, then own kill chance on a tie)."""
        d = a[0] - b[0]
        return d > TIE or (d >= -TIE and a[1] > b[1])

    def _move_value(
        self,
        mover: int,
        positions: tuple[int, int],
        fired: tuple[bool, bool],
        remaining: int,
        mp_left: int,
        wing_over_used: bool,
        stepped: bool,
        memo: dict[tuple[int, int, bool, bool], tuple[float, float]],
    ) -> tuple[float, float]:
        """(S, P), mover's view, of a mid-move state (the move DP of one state, MS-6..MS-9)."""
        pos = positions[mover]
        key = (pos, mp_left, wing_over_used, stepped)
        if key in memo:
            return memo[key]
        best: tuple[float, float] | None = None
        for nxt_pos, cost, wo in self._steps(pos, positions[1 - mover], mp_left, wing_over_used):
            np_ = (nxt_pos, positions[1]) if mover == ACTIVE else (positions[0], nxt_pos)
            v = self._move_value(mover, np_, fired, remaining, mp_left - cost, wo, True, memo)
            if best is None or self._better(v, best):
                best = v
        if best is None:
            best = self._after_move(mover, positions, fired, remaining)
        offset = self.fire_offset(mover, positions)
        if stepped and offset is not None:
            v = self._shot(mover, positions, fired, remaining, offset, False)
            if self._better(v, best):
                best = v
        memo[key] = best
        return best

    def _steps(
        self, pos: int, other_pos: int, mp_left: int, wing_over_used: bool
    ) -> Iterator[tuple[int, int, bool]]:
        """Legal affordable steps: (new position, cost, wing-over used after) (MS-6..MS-8)."""
        b = self.pairs.board
        for k, spec in enumerate(step_specs()):
            if spec.cost > mp_left or (wing_over_used and spec.wing_over):
                continue
            d = int(b.dest[k, pos])
            if d >= b.n_pos or d // 8 == other_pos // 8:
                continue
            yield d, spec.cost, wing_over_used or spec.wing_over

    def fire_offset(self, mover: int, positions: tuple[int, int]) -> int | None:
        """The attack offset if the other plane is directly ahead of the mover (MS-9, MS-10)."""
        pos, other = positions[mover], positions[1 - mover]
        if int(self.pairs.board.ahead[pos]) != other // 8:
            return None
        return fire_offset(pos % 8, other % 8)

    # -- public lookups -------------------------------------------------
    def key_value(self, key: EngagementKey) -> Value:
        """The value of a state given as an :class:`EngagementKey`."""
        m = key.mover
        if key.phase == KeyPhase.OVER:
            if key.shot_down is None:
                return Value(0.0, 0.0, 0.0)
            killer = 1 - key.shot_down
            pts = self.specs[killer].points
            return Value(pts if killer == ACTIVE else -pts, float(killer == 0), float(killer == 1))
        if key.phase == KeyPhase.FIRST:
            return self._first_value(key)
        if key.phase == KeyPhase.MP:
            s, p = self.turn_value(m, key.positions, key.fired, key.remaining)
        elif key.phase == KeyPhase.RETURN_FIRE:
            s, p = self.turn_value(m, key.positions, key.fired, key.remaining, True)
        elif key.phase == KeyPhase.MOVE:
            s, p = self._move_value(
                m,
                key.positions,
                key.fired,
                key.remaining,
                key.mp_left,
                key.wing_over_used,
                key.stepped,
                {},
            )
        elif key.phase == KeyPhase.KILL:
            before = (False, key.fired[1]) if m == ACTIVE else (key.fired[0], False)
            s, p = self._shot(
                m, key.positions, before, key.remaining, key.attack_offset, key.return_shot
            )
        else:
            raise SolverError(f"unknown engagement phase {key.phase!r}")
        return self._as_active(m, s, p)

    def _first_value(self, key: EngagementKey) -> Value:
        """Who moves first is rolled (MS-5): red d6 against blue d6, ties re-rolled."""
        n = 2 * self.options.turn_limit
        va = self.key_value(EngagementKey(KeyPhase.MP, ACTIVE, key.positions, key.fired, n))
        vl = self.key_value(EngagementKey(KeyPhase.MP, LISTED, key.positions, key.fired, n))
        if key.first_red is None:
            pa = 0.5
        else:
            # blue beats red's roll: blue first; lower: red first; tie: both re-roll (1/2 each)
            r = key.first_red
            p_blue = (6 - r) / 6 + 0.5 / 6
            p_red = 1 - p_blue
            pa = p_red if key.red_is_active else p_blue
        return Value(
            pa * va.value + (1 - pa) * vl.value,
            pa * va.p_kill_active + (1 - pa) * vl.p_kill_active,
            pa * va.p_kill_listed + (1 - pa) * vl.p_kill_listed,
        )

    def start_value(self) -> Value:
        """The value of the engagement before anything is rolled (start squares, MS-5)."""
        return self.key_value(
            EngagementKey(KeyPhase.FIRST, ACTIVE, self.start_positions(), (False, False), 0)
        )

    def start_positions(self) -> tuple[int, int]:
        """Packed start positions: a1 facing N and the far corner facing S (MS-5)."""
        start = table("board")["start"]
        cols, rows = self.options.columns, self.options.rows
        if self.options.columns == COLUMNS and self.options.rows == ROWS:
            from airwar.games.migs_sabres.board import Facing, Square

            a = Square.parse(start["active"]["square"])
            fa = Facing.parse(start["active"]["facing"])
            b = Square.parse(start["listed"]["square"])
            fb = Facing.parse(start["listed"]["facing"])
            return a.index * 8 + int(fa), b.index * 8 + int(fb)
        return 0 * 8 + 0, (rows * cols - 1) * 8 + 4

    def value(self, state: Position) -> Value:
        """The value of an engagement state (an ``EngagementState``, ``Engagement`` or key)."""
        return self.key_value(key_of(state, self.options))

    def move_values(self, state: Position) -> dict[str, Value]:
        """The value after each legal decision of the state's mover, by action text."""
        key = key_of(state, self.options)
        return self.key_move_values(key)

    def key_move_values(
        self,
        key: EngagementKey,
        memo: dict[tuple[int, int, bool, bool], tuple[float, float]] | None = None,
    ) -> dict[str, Value]:
        """:meth:`move_values` for an :class:`EngagementKey`.

        ``memo`` may be shared between calls within one movement turn (the
        other plane does not move meanwhile).
        """
        m = key.mover
        out: dict[str, Value] = {}
        if key.phase == KeyPhase.RETURN_FIRE:
            offset = self.fire_offset(m, key.positions)
            if offset is None:
                raise SolverError("a return fire is pending but no target is ahead (III.G)")
            s, p = self._shot(m, key.positions, key.fired, key.remaining, offset, True)
            out["fire"] = self._as_active(m, s, p)
            s, p = self.turn_value(m, key.positions, key.fired, key.remaining)
            out["hold"] = self._as_active(m, s, p)
            return out
        if key.phase != KeyPhase.MOVE:
            return out
        if memo is None:
            memo = {}
        codes = [s.code for s in step_specs()]
        pos = key.positions[m]
        b = self.pairs.board
        for k, code in enumerate(codes):
            spec = step_specs()[k]
            if spec.cost > key.mp_left or (key.wing_over_used and spec.wing_over):
                continue
            d = int(b.dest[k, pos])
            if d >= b.n_pos or d // 8 == key.positions[1 - m] // 8:
                continue
            np_ = (d, key.positions[1]) if m == ACTIVE else (key.positions[0], d)
            s, p = self._move_value(
                m,
                np_,
                key.fired,
                key.remaining,
                key.mp_left - spec.cost,
                key.wing_over_used or spec.wing_over,
                True,
                memo,
            )
            out[code] = self._as_active(m, s, p)
        offset = self.fire_offset(m, key.positions)
        if key.stepped and offset is not None:
            s, p = self._shot(m, key.positions, key.fired, key.remaining, offset, False)
            out["fire"] = self._as_active(m, s, p)
            if len(out) == 1:
                s, p = self._after_move(m, key.positions, key.fired, key.remaining)
                out["hold"] = self._as_active(m, s, p)
        return out

    def best_move(self, state: Position) -> str | None:
        """The solver's choice for the state's mover (value, then own kill chance on ties)."""
        return self.key_best_move(key_of(state, self.options))

    def key_best_move(
        self,
        key: EngagementKey,
        memo: dict[tuple[int, int, bool, bool], tuple[float, float]] | None = None,
    ) -> str | None:
        """:meth:`best_move` for an :class:`EngagementKey`."""
        values = self.key_move_values(key, memo)
        best: tuple[str, tuple[float, float]] | None = None
        for text, v in values.items():
            own = v.p_kill_active if key.mover == ACTIVE else v.p_kill_listed
            cand = (v.for_role(key.mover), own)
            if best is None or self._better(cand, best[1]):
                best = (text, cand)
        return None if best is None else best[0]

    def best_path(self, key: EngagementKey) -> list[tuple[EngagementKey, str]]:
        """The solver's whole move from a decision state: (state, action) pairs in order.

        Stops at a shot, a hold, or where the move ends (MS-7, MS-9, III.G).
        """
        memo: dict[tuple[int, int, bool, bool], tuple[float, float]] = {}
        out: list[tuple[EngagementKey, str]] = []
        specs = {s.code: s for s in step_specs()}
        while key.phase in (KeyPhase.MOVE, KeyPhase.RETURN_FIRE):
            action = self.key_best_move(key, memo if key.phase == KeyPhase.MOVE else None)
            if action is None:
                break
            out.append((key, action))
            if action not in specs:
                break
            spec = specs[action]
            m = key.mover
            k = [s.code for s in step_specs()].index(action)
            d = int(self.pairs.board.dest[k, key.positions[m]])
            pos = (d, key.positions[1]) if m == ACTIVE else (key.positions[0], d)
            key = EngagementKey(
                KeyPhase.MOVE,
                m,
                pos,
                key.fired,
                key.remaining,
                mp_left=key.mp_left - spec.cost,
                wing_over_used=key.wing_over_used or spec.wing_over,
                stepped=True,
            )
            steps = list(self._steps(d, pos[1 - m], key.mp_left, key.wing_over_used))
            if not steps and self.fire_offset(m, pos) is None:
                break  # the move ends here (MS-7)
        return out

    # -- the public lookups on live game states (airwar.games.migs_sabres.solver's API) ---------
    def value_of(self, state: Position) -> Value:
        """The exact value of a live engagement state, with both planes' kill chances.

        ``state`` is the game's own state object (``migs-engagement`` or
        ``migs-sabres`` during an engagement, or its ``Engagement``).
        """
        return self.value(state)

    def decision_values(self, state: Position) -> dict[str, Value]:
        """At a decision point, the value of every legal decision, by the action's text.

        The texts are the game's own (``str(action)``: a step code such as
        ``"F"``, ``"fire"``, ``"hold"``); empty at a chance node or at the end.
        """
        return self.move_values(state)

    def best_decision(self, state: Position) -> str | None:
        """The solver's decision at ``state`` (value, then own kill chance on ties)."""
        return self.best_move(state)

    def chance_values(self, state: Position) -> dict[int, tuple[float, Value]]:
        """At a roll, each face of the die: (its probability, the value after it).

        Covers the first-move dice (MS-5), the MP roll (MS-7) and the kill
        roll (MS-10, III.G); empty at a decision point or at the end.
        """
        key = key_of(state, self.options)
        check = None if isinstance(state, EngagementKey) else engagement_of(state).pending_check()
        out: dict[int, tuple[float, Value]] = {}
        faces = [(int(v), float(p)) for v, p in D6.outcomes()]
        m = key.mover
        if key.phase == KeyPhase.MP:
            for (face, p), (mp, _) in zip(faces, self.specs[m].mp, strict=True):
                k = EngagementKey(
                    KeyPhase.MOVE, m, key.positions, key.fired, key.remaining, mp_left=mp
                )
                out[face] = (p, self.key_value(k))
        elif key.phase == KeyPhase.KILL and check is not None:
            before = (False, key.fired[1]) if m == ACTIVE else (key.fired[0], False)
            hit = self.key_value(
                EngagementKey(KeyPhase.OVER, m, key.positions, key.fired, 0, shot_down=1 - m)
            )
            if key.fired[1 - m] or key.return_shot:
                miss = Value(0.0, 0.0, 0.0)
            else:
                now = (True, before[1]) if m == ACTIVE else (before[0], True)
                s, pk = self._after_move(
                    m, key.positions, now, key.remaining, key.attack_offset == 0
                )
                miss = self._as_active(m, s, pk)
            for face, p in faces:
                out[face] = (p, hit if check.succeeds(face) else miss)
        elif key.phase == KeyPhase.FIRST and key.first_red is None:
            for face, p in faces:
                k = EngagementKey(
                    KeyPhase.FIRST,
                    m,
                    key.positions,
                    key.fired,
                    key.remaining,
                    first_red=face,
                    red_is_active=key.red_is_active,
                )
                out[face] = (p, self.key_value(k))
        elif key.phase == KeyPhase.FIRST and key.first_red is not None:
            n = 2 * self.options.turn_limit
            red = ACTIVE if key.red_is_active else LISTED
            for face, p in faces:
                if face == key.first_red:
                    k = EngagementKey(
                        KeyPhase.FIRST,
                        m,
                        key.positions,
                        key.fired,
                        n,
                        red_is_active=key.red_is_active,
                    )
                else:
                    first = 1 - red if face > key.first_red else red
                    k = EngagementKey(KeyPhase.MP, first, key.positions, key.fired, n)
                out[face] = (p, self.key_value(k))
        return out

    # -- persistence ----------------------------------------------------
    @classmethod
    def load(cls, folder: Path, matchup: Matchup, options: SolverOptions) -> Solution:
        """Open a saved solution; its layers are read only as looked up (memory-mapped in
        the exact form, decompressed in the compact one; :mod:`.store`)."""
        meta = json.loads((folder / "meta.json").read_text())
        if meta.get("version") != SOLVER_VERSION:
            raise ValueError(f"a solution of solver version {meta.get('version')}")
        form = meta.get("form", EXACT)
        if form not in FORMS:
            raise ValueError(f"a solution kept in an unknown form {form!r}")
        check_saved(folder, options.turn_limit, form)
        store = LayerStore(
            pair_tables(options.columns, options.rows),
            specs_of(matchup, options),
            options.turn_limit,
            lambda chain, n: read_stored(folder, chain, n, form),
        )
        return cls(matchup, options, store, float(meta.get("seconds", 0.0)))


def engagement_of(state: Engagement | GameState) -> Engagement:
    """The engagement ``state`` plays (itself, if it is one); :class:`SolverError` for a
    whole game between engagements or a state of another game."""
    if isinstance(state, Engagement):
        return state
    eng = engagement_in(state)
    if eng is None:
        raise SolverError("this state has no engagement on the Battle Board")
    return eng


def key_of(state: Position, options: SolverOptions | None = None) -> EngagementKey:
    """The :class:`EngagementKey` of an ``EngagementState``, a ``MigsState`` in an
    engagement, an ``Engagement`` or a key."""
    if isinstance(state, EngagementKey):
        return state
    eng = engagement_of(state)
    planes = eng.planes
    limit = int(eng.turn_limit)
    if limit < 1:
        raise SolverError("the solver needs a turn limit (MS-11); this engagement has none")
    if options is not None and options.turn_limit != limit:
        raise SolverError(
            f"the solution is for a turn limit of {options.turn_limit}, the engagement has {limit}"
        )
    positions = (
        planes[0].square.index * 8 + int(planes[0].facing),
        planes[1].square.index * 8 + int(planes[1].facing),
    )
    fired = (bool(planes[0].fired), bool(planes[1].fired))
    mover = int(eng.mover)
    phase = eng.phase
    turns = (int(planes[0].turns), int(planes[1].turns))
    if phase is Phase.OVER:
        return EngagementKey(KeyPhase.OVER, mover, positions, fired, 0, shot_down=eng.shot_down)
    if phase in (Phase.FIRST_RED, Phase.FIRST_BLUE):
        red_active = planes[0].side.colour == "red"
        return EngagementKey(
            KeyPhase.FIRST,
            mover,
            positions,
            fired,
            2 * limit,
            first_red=eng.red_roll if phase is Phase.FIRST_BLUE else None,
            red_is_active=red_active,
        )
    remaining = (limit - turns[mover] + 1) + (limit - turns[1 - mover])
    if phase is Phase.KILL:
        assert eng.attack is not None
        attacker, _aspect, ret = eng.attack
        pos, other = positions[attacker], positions[1 - attacker]
        offset = fire_offset(pos % 8, other % 8)
        return EngagementKey(
            KeyPhase.KILL,
            attacker,
            positions,
            fired,
            remaining,
            attack_offset=offset,
            return_shot=bool(ret),
        )
    return EngagementKey(
        KeyPhase(phase.value),
        mover,
        positions,
        fired,
        remaining,
        mp_left=int(eng.mp_left),
        wing_over_used=bool(eng.wing_over_used),
        stepped=bool(eng.stepped),
    )
