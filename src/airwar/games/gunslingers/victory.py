"""Who won a Gunslingers game, how decisively, and why (GS-85 to GS-89).

:func:`game_result` reads a game's state and its whole log (never a view) and
gives the one result the browser, the terminal, the match and the store use:
each point scored with its turn and cause, the points of each side, the
winner, the level of the win, and the after-action report (every kill and
loss with the shot that did it, every missile fired and what became of it,
the SAMs suppressed, the points turn by turn).

The scoring follows the scenario's ``[victory]`` table, or the default scheme
of GS-86 when it has none. :func:`side_tally` is what one side may know of it
while the game runs (GS-88).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict
from typing import Any

from airwar.games.gunslingers.model.hexgrid import Hex, arc_of
from airwar.games.gunslingers.model.scenario_schema import UNIT_LISTS, Scenario
from airwar.games.gunslingers.model.victory import ROLE_OF_LIST, Exit
from airwar.games.gunslingers.scoring import (
    GROUND_ATTACKS,
    Launch,
    Score,
    Scoring,
    Shot,
    Walk,
    hex_of,
    in_place,
    roll_odds,
)


class _Result:
    """The walk over one game's log."""

    def __init__(self, scenario: Scenario, events: Iterable[Mapping[str, Any]]) -> None:
        self.sc = Scoring(scenario)
        self.radius = scenario.map.radius
        self.scores: list[Score] = []
        self.kills: list[dict[str, Any]] = []
        self.shots: list[Shot] = []
        self.suppressions: list[dict[str, Any]] = []
        self.ground: list[dict[str, Any]] = []
        self.disengaged: list[dict[str, Any]] = []
        self.turn = 1
        self.over = False
        self.last_turn = scenario.scenario.turns
        self.arm_types = {a.id: a.arm_type for a in scenario.aircraft if a.arm_type}
        w = Walk()
        for kind in UNIT_LISTS:
            for u in getattr(scenario, kind):
                w.pos[u.id] = (Hex(*u.hex), int(getattr(u, "heading", 0) or 0))
        self.w = w
        for e in events:
            self._event(e)

    # -- helpers -----------------------------------------------------------------
    def label(self, uid: str) -> str:
        return self.sc.units[uid][3] if uid in self.sc.units else uid

    def side_of(self, uid: str) -> str | None:
        return self.sc.units[uid][1] if uid in self.sc.units else None

    def _geometry(self, shooter: str, target: str) -> tuple[int | None, str | None]:
        a, b = self.w.pos.get(shooter), self.w.pos.get(target)
        if a is None or b is None:
            return None, None
        rng = a[0].distance(b[0])
        if self.sc.units.get(target, ("",))[0] != "aircraft":
            return rng, None  # a ground unit has no heading, so no aspect
        arc = arc_of(b[0], b[1], a[0])
        return rng, (str(arc) if arc is not None else "same hex")

    def _score(
        self, e: Mapping[str, Any], side: str, points: int, kind: str, uid: str, text: str
    ) -> None:
        if points <= 0:
            return
        self.scores.append(
            Score(
                int(e.get("turn", self.turn)),
                side,
                points,
                kind,
                uid,
                self.side_of(uid) or "",
                text,
                int(e.get("seq", 0)),
            )
        )

    # -- the events ----------------------------------------------------------------
    def _event(self, e: Mapping[str, Any]) -> None:
        t = e.get("type")
        self.turn = int(e.get("turn", self.turn) or self.turn)
        w = self.w
        if t == "start":
            self.last_turn = int(e.get("turns", self.last_turn))
        elif t == "roll":
            w.last_roll = dict(e)
        elif t == "move":
            h = hex_of(e.get("to"))
            if h is not None:
                w.pos[str(e["aircraft"])] = (h, int(e.get("heading", 0)))
                self._reached(e, str(e["aircraft"]), h)
        elif t == "operational_move":
            for m in e.get("moves", []):
                h = hex_of(m.get("to"))
                uid = str(m.get("aircraft"))
                if h is not None:
                    w.pos[uid] = (h, w.pos.get(uid, (h, 0))[1])
                    self._reached(e, uid, h)
        elif t == "ground_move":
            h = hex_of(e.get("to"))
            uid = str(e.get("unit"))
            if h is not None:
                w.pos[uid] = (h, 0)
        elif t == "attack":
            if e.get("kind") in GROUND_ATTACKS:
                w.attacked.add(str(e["aircraft"]))
            else:  # a bomb is a launch (guided) or its outcome follows at once
                self._attack(e)
        elif t == "launch":
            self._launch(e, failed=False)
        elif t == "launch_failed":
            self._launch(e, failed=True)
        elif t == "outcome_pending":
            w.pending[str(e["id"])] = dict(e)
        elif t == "outcome":
            self._outcome(e)
        elif t == "weapon_removed":
            for launch in w.launches:
                if launch.wid == e.get("weapon") and launch.open:
                    launch.open = False
                    launch.shot.result = launch.shot.result or f"removed: {e.get('reason')}"
        elif t == "destroyed":
            self._destroyed(e)
        elif t == "kill":
            pass  # the destroyed event before it scored it (the kill names the side credited)
        elif t == "marker" and e.get("action") == "place" and e.get("kind") == "suppression":
            self._suppressed(e, str(e.get("unit")))
        elif t == "disengaged":
            self._left(e)
        elif t == "end":
            self.over = True

    def _attack(self, e: Mapping[str, Any]) -> None:
        by, target = str(e["aircraft"]), str(e.get("target"))
        rng, aspect = self._geometry(by, target)
        kind = str(e.get("kind"))
        shot = Shot(kind, by, target, self.turn, kind, rng, aspect)
        self.w.launches.append(Launch(shot, None))

    def _launch(self, e: Mapping[str, Any], failed: bool) -> None:
        by = str(e.get("by") or e.get("unit"))
        target = str(e.get("target"))
        fired_by = self.sc.units.get(by, ("",))[0]
        kind = str(e.get("kind") or ("sam" if fired_by in ("sams", "infantry_sams") else "aam"))
        weapon = str(e.get("missile") or "")
        if not weapon and kind == "arm":
            weapon = self.arm_types.get(by) or "ARM"
        if not weapon:
            kind_of = self.sc.units.get(by)
            weapon = (kind_of[2] if kind_of and kind_of[2] else self.label(by)) + (
                " ARM" if kind == "arm" else "" if kind != "sam" else " missile"
            )
        rng, aspect = self._geometry(by, target)
        shot = Shot(weapon, by, target, self.turn, kind, rng, aspect, roll_odds(self.w.last_roll))
        if failed:
            shot.result = "launch failed"
            self.shots.append(shot)
            return
        self.shots.append(shot)
        self.w.launches.append(Launch(shot, e.get("weapon")))

    def _find_launch(self, pending: Mapping[str, Any]) -> Launch | None:
        kind = pending.get("kind")
        by, target = pending.get("by"), pending.get("target")
        for launch in self.w.launches:
            s = launch.shot
            if not launch.open or s.by != by:
                continue
            if kind == "missile" and s.kind in ("aam", "sam") and s.target == target:
                return launch
            if kind == "arm" and s.kind == "arm" and s.target == target:
                return launch
            if kind == "ground_attack" and s.kind in ("a2g", "bomb") and s.target == target:
                return launch
            if kind in ("gun", "strafe") and s.kind == kind and s.target == target:
                return launch
        return None

    def _outcome(self, e: Mapping[str, Any]) -> None:
        pending = self.w.pending.pop(str(e.get("id")), None) or dict(e)
        roll = (
            self.w.last_roll
            if self.w.last_roll and self.w.last_roll.get("outcome") == e.get("id")
            else None
        )
        result = str(e.get("result"))
        launch = self._find_launch(pending)
        if launch is not None:
            if result == "flies":
                return
            launch.open = False
            shot = launch.shot
        else:
            by, target = str(pending.get("by")), str(pending.get("target"))
            rng, aspect = self._geometry(by, target) if by in self.sc.units else (None, None)
            what = str(pending.get("what") or pending.get("kind"))
            shot = Shot(
                what.split(" drops ")[-1],
                by,
                target,
                self.turn,
                str(pending.get("kind")),
                rng,
                aspect,
            )
        shot.outcome = roll_odds(roll)
        shot.result = result
        self._last_shot = (str(pending.get("target")), shot)

    def _destroyed(self, e: Mapping[str, Any]) -> None:
        uid = str(e.get("unit"))
        if uid not in self.sc.units:
            return
        last = getattr(self, "_last_shot", None)
        shot = last[1] if last is not None and last[0] == uid else None
        kind = self.sc.units[uid][0]
        by = str(e.get("by"))
        credited = self.side_of(by)
        if kind == "aircraft":
            pts = self.sc.points(uid)
            entry = {
                "turn": self.turn,
                "unit": uid,
                "label": self.label(uid),
                "type": self.sc.units[uid][2],
                "side": self.side_of(uid),
                "by": by,
                "by_label": self.label(by) if by in self.sc.units else by,
                "by_side": credited,
                "points": pts,
                "shot": asdict(shot) if shot is not None else None,
            }
            self.kills.append(entry)
            how = ""
            if shot is not None:
                how = (
                    f" by {entry['by_label']}'s {shot.weapon}"
                    if by in self.sc.units
                    else f" ({shot.weapon})"
                )
            for side in self.sc.scorers(uid, credited):
                self._score(
                    e,
                    side,
                    pts,
                    "kill",
                    uid,
                    f"{self.label(uid)} ({entry['type'] or 'aircraft'}) destroyed{how}",
                )
            return
        pts_t = self.sc.target_points(uid, "destroyed")
        self.ground.append(
            {
                "turn": self.turn,
                "unit": uid,
                "label": self.label(uid),
                "side": self.side_of(uid),
                "result": "destroyed",
                "by": by,
                "points": pts_t or 0,
                "shot": asdict(shot) if shot is not None else None,
            }
        )
        if pts_t:
            for side in self.sc.scorers(uid, credited):
                self._score(e, side, pts_t, "destroyed", uid, f"{self.label(uid)} destroyed")

    def _suppressed(self, e: Mapping[str, Any], uid: str) -> None:
        if uid not in self.sc.units or uid in self.w.suppressed:
            return
        self.w.suppressed.add(uid)
        kind = self.sc.units[uid][0]
        pts = self.sc.target_points(uid, "suppressed")
        self.suppressions.append(
            {
                "turn": self.turn,
                "unit": uid,
                "label": self.label(uid),
                "kind": ROLE_OF_LIST[kind],
                "side": self.side_of(uid),
                "points": pts or 0,
            }
        )
        if pts:
            for side in self.sc.scorers(uid, None):
                self._score(e, side, pts, "suppressed", uid, f"{self.label(uid)} suppressed")

    def _exits(self, how: str) -> list[tuple[int, Exit]]:
        spec = self.sc.spec
        return [(i, x) for i, x in enumerate(spec.exits) if x.how == how] if spec else []

    def _counts(self, x: Exit, uid: str) -> bool:
        if self.side_of(uid) != x.side:
            return False
        if x.aircraft and uid not in x.aircraft:
            return False
        return not x.after_attack or uid in self.w.attacked

    def _reached(self, e: Mapping[str, Any], uid: str, h: Hex) -> None:
        for i, x in self._exits("reach"):
            if (i, uid) in self.w.scored_moves or not self._counts(x, uid):
                continue
            if in_place(x, h, self.radius):
                self.w.scored_moves.add((i, uid))
                where = x.name or "its objective"
                self._score(e, x.side, x.points, "reach", uid, f"{self.label(uid)} reaches {where}")

    def _left(self, e: Mapping[str, Any]) -> None:
        uid = str(e.get("aircraft"))
        h = hex_of(e.get("hex"))
        self.disengaged.append(
            {
                "turn": self.turn,
                "unit": uid,
                "label": self.label(uid),
                "side": self.side_of(uid),
                "hex": e.get("hex"),
                "reason": e.get("reason"),
            }
        )
        if h is None:
            return
        for i, x in self._exits("exit"):
            if (i, uid) in self.w.scored_moves or not self._counts(x, uid):
                continue
            if in_place(x, h, self.radius):
                self.w.scored_moves.add((i, uid))
                where = x.name or "the map's edge"
                self._score(
                    e, x.side, x.points, "exit", uid, f"{self.label(uid)} leaves the map ({where})"
                )

    # -- the result ---------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        sides = self.sc.sides
        points = {s: 0 for s in sides}
        for sc in self.scores:
            points[sc.side] = points.get(sc.side, 0) + sc.points
        last = max(self.turn, 1)
        by_turn = {s: [0] * (last + 1) for s in sides}
        for sc in self.scores:
            for t in range(max(sc.turn, 0), last + 1):
                by_turn[sc.side][t] += sc.points
        thresholds = self.sc.thresholds()
        ranked = sorted(sides, key=lambda s: -points[s])
        margin = points[ranked[0]] - points[ranked[1]] if len(ranked) > 1 else points[ranked[0]]
        if margin >= thresholds["decisive"]:
            level = "decisive"
        elif margin >= thresholds["marginal"]:
            level = "marginal"
        else:
            level = "draw"
        winner = ranked[0] if level != "draw" else None
        score_text = ", ".join(f"{s} {points[s]}" for s in sides)
        if winner is None:
            text = f"A draw: {score_text} (a lead of {thresholds['marginal']} would win)"
        else:
            text = (
                f"{winner} wins {level}ly: {score_text} "
                f"(a lead of {margin}; {level} from {thresholds[level]})"
            )
        if not self.over:
            text = f"After turn {last}: " + text.replace("wins", "leads").replace("A draw", "level")
        missiles = [asdict(s) for s in self.shots]
        return {
            "over": self.over,
            "turn": last,
            "sides": sides,
            "scheme": self.sc.scheme,
            "points": points,
            "winner": winner,
            "level": level,
            "margin": margin,
            "thresholds": thresholds,
            "text": text,
            "scores": [asdict(s) for s in self.scores],
            "by_turn": {s: v[1:] for s, v in by_turn.items()},
            "kills": self.kills,
            "ground": self.ground,
            "missiles": missiles,
            "suppressed": self.suppressions,
            "disengaged": self.disengaged,
            "labels": {uid: v[3] for uid, v in self.sc.units.items()},
        }


def result_of(scenario: Scenario, events: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The result of a game of ``scenario`` whose whole log is ``events`` (GS-85 to GS-87)."""
    return _Result(scenario, events).result()


def game_result(state: Any) -> dict[str, Any]:
    """The result of a game from its state: its scenario and its whole log. Worked out once
    for each length of the log (a view asks for it at every answer)."""
    cached = getattr(state, "_victory", None)
    if cached is not None and cached[0] == len(state.log):
        return cached[1]
    result = result_of(state.scenario, list(state.log))
    state._victory = (len(state.log), result)
    return result


def victory_view(state: Any, side: str | None) -> dict[str, Any]:
    """What a seat is shown of the points: the whole result once the game is over (every
    seat) and to the referee; a side's own tally while the game runs (GS-88)."""
    result = game_result(state)
    if side is None or result["over"]:
        return result
    return side_tally(result, side)


def side_tally(result: Mapping[str, Any], side: str) -> dict[str, Any]:
    """What ``side`` may know of the points while the game runs (GS-88): the points its own
    aircraft scored by reaching or leaving, and the points its own units' losses gave the
    enemy, said without what did it. What it did to the enemy is told when the game ends."""
    known = []
    for s in result["scores"]:
        if s["unit_side"] != side:
            continue
        if s["kind"] in ("exit", "reach"):
            text = s["text"]
        elif s["side"] != side:
            name = s["text"].split(" (")[0].split(" destroyed")[0].split(" suppressed")[0]
            text = f"{name} {'suppressed' if s['kind'] == 'suppressed' else 'lost'}"
        else:
            continue
        known.append({k: s[k] for k in ("turn", "side", "points", "kind", "unit")} | {"text": text})
    points = {s: 0 for s in result["sides"]}
    for s in known:
        points[s["side"]] += s["points"]
    return {
        "over": False,
        "side": side,
        "sides": list(result["sides"]),
        "turn": result["turn"],
        "points": points,
        "scores": known,
        "thresholds": result["thresholds"],
        "scheme": result["scheme"],
        "text": "Points known to "
        + side
        + ": "
        + ", ".join(f"{s} {n}" for s, n in points.items())
        + " (what you did to the enemy is told when the game ends, GS-88)",
    }
