"""The interactive session of ``airwar migs play``.

One loop drives the game through the kernel's :class:`~airwar.core.Driver`:
every roll is told before it is made and after; a human seat is asked for its
move at a prompt (single steps or a whole path, validated as a whole before
any step is made); a bot's move is shown step by step. Every decision is
saved in the store as it is made (one transaction each), so a session killed
at any moment resumes from its last completed decision.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from airwar.analysis.solver import engagement_values
from airwar.cli.migs_seats import HUMAN, SEAT_ORDER, bot_seed, make_ai
from airwar.cli.render_board import BoardPlane, board_text, chart_text
from airwar.cli.render_migs import (
    Narrator,
    before_text,
    odds_text,
    scores_text,
    solver_lines,
    solver_sign,
    value_text,
)
from airwar.core.driver import Driver, replay
from airwar.core.errors import AirwarError, IllegalAction, InvalidNotation, OutOfTurn
from airwar.core.game import CHANCE, TERMINAL, Action
from airwar.core.record import GameRecord
from airwar.games.migs_sabres import Facing, Square, movement_options, parse_path
from airwar.games.migs_sabres.movement import STEP_KINDS, explore_paths, pack
from airwar.store import Store

InputFn = Callable[[str], str]

HELP = """\
Type a move in the short notation, one step or a whole path:
  F         straight ahead, 1 MP
  L, R      45-degree diagonal left or right, 2 MP
  WL, WR    90-degree wing-over left or right, 3 MP (one per movement turn)
  fire      fire at the plane directly ahead (after at least one step)
  hold      hold fire (decline III.G return fire, or a last shot of a move)
  F F L fire    a whole path, checked as a whole before any step is made
  allied: F R   a path may name the side that is to move
Commands:
  moves     the legal moves again       reach   firing positions reachable now
  board     the Battle Board            chart   the Sortie Chart
  log [N]   the last N events (20)      score   the score
  values    the solver's value of the engagement and of each legal move
  undo      take back your last step (and the bots' replies to it)
  save      every move is already saved: shows how to resume
  quit      stop here (the game stays saved; Ctrl-C does the same)
  help      this text"""


@dataclass
class SessionResult:
    """How a session ended: ``finished`` or stopped by the player (``quit``)."""

    game_id: str
    finished: bool


def summary_of(view: Mapping[str, Any]) -> dict[str, Any]:
    """The score summary the store keeps for ``airwar migs games``."""
    if "scores" in view:
        per_side = view.get("sorties_per_side")
        sortie = view.get("sortie")
        if isinstance(sortie, int) and isinstance(per_side, int):
            sortie = min(sortie, per_side)
        return {
            "scores": dict(view["scores"]),
            "kills": dict(view.get("kills") or {}),
            "sortie": sortie,
            "sorties_per_side": per_side,
            "result": view.get("result"),
        }
    engagement = view.get("engagement") or {}
    shot = engagement.get("shot_down")
    scores = {"communist": 0, "allied": 0}
    result = None
    if shot is not None:
        winner = engagement["planes"]["listed" if shot == "active" else "active"]["side"]
        scores[winner] = 1
        result = winner
    elif view.get("terminal"):
        result = "draw"
    return {"scores": scores, "result": result}


def not_cached_lines(engagement: Mapping[str, Any], scoring: str) -> list[str]:
    """Says that no solution is cached for this engagement, and how to make one."""
    planes = engagement["planes"]
    active, listed = planes["active"], planes["listed"]
    limit = int(engagement.get("turn_limit") or 0)
    ace = " (active ace)" if active.get("ace") else ""
    ace += " (listed ace)" if listed.get("ace") else ""
    what = f"{active['type']} v {listed['type']}{ace}, turn limit {limit}, {scoring} scoring"
    if limit < 1:
        return [
            f"The solver has no values for {what}: it needs a turn limit (MS-11); "
            "start a game with --turn-limit N to have them."
        ]
    lines = [f"No solver solution is cached for {what}."]
    expert = (
        "a game against the expert bot (--communist ai:expert or --allied ai:expert) "
        "solves it the first time the bot meets this matchup"
    )
    if scoring == "kills" and not listed.get("ace"):
        aces = "yes" if active.get("ace") else "no"
        lines.append(
            "Make it with: airwar analyze matchups --solve --games 1 --first active "
            f"--aces {aces} --turn-limit {limit}"
        )
        lines.append(f"  (solves every matchup, a few minutes each), or {expert}.")
    else:
        lines.append(f"Make it so: {expert} (a few minutes).")
    return lines


class PlaySession:
    """One terminal session of a saved game."""

    def __init__(
        self,
        store: Store,
        game_id: str,
        driver: Driver,
        seats: Mapping[int, str],
        console: Console,
        *,
        input_fn: InputFn | None = None,
        ai_delay: float = 0.0,
        solver: bool = True,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.driver = driver
        self.driver.auto_chance = False
        self.driver.on_action = self._save
        self.seats = dict(seats)
        self.console = console
        self.input_fn = input_fn or console.input
        self.ai_delay = ai_delay
        self.solver = solver
        self.narrator = Narrator()
        self.shown = 0
        self.board_drawn_at = -1
        self.saved_summary: dict[str, Any] | None = None

    # -- saving ------------------------------------------------------------
    def _save(self, driver: Driver, seat: int, action: Action) -> None:
        self.store.append_action(
            self.game_id, seat, str(action), expected_index=len(driver.record.actions) - 1
        )

    def _save_summary(self) -> None:
        summary = summary_of(self.driver.state.view(None))
        if summary != self.saved_summary:
            self.store.update(self.game_id, summary=summary)
            self.saved_summary = summary

    # -- output ------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.console.print(text, markup=False, highlight=False)

    def catch_up(self, *, quiet: bool = False) -> None:
        """Let the narrator read the events so far (telling them unless ``quiet``)."""
        events = self.driver.state.log.since(self.shown)
        for ev in events:
            for line in self.narrator.lines(ev):
                if not quiet:
                    self.say(line)
            if not quiet and ev.get("type") in ("sortie_chart", "sortie_start"):
                self.draw_chart()
        self.shown += len(events)

    def tell_new_events(self, *, roll_told: bool = False) -> None:
        events = self.driver.state.log.since(self.shown)
        for ev in events:
            for line in self.narrator.lines(ev, with_roll_before=not roll_told):
                self.say(line)
            if ev.get("type") == "sortie_start":
                self.draw_chart()
            if ev.get("type") == "engagement_start":
                self.board_drawn_at = -1
        self.shown += len(events)

    def draw_chart(self) -> None:
        view = self.driver.state.view(None)
        chart = view.get("chart")
        if not chart:
            return
        squares = [c.get("listed") or "" for c in chart]
        sides = [c.get("side") or "" for c in chart]
        active = view.get("active_side")
        markers = {
            side: int(pos)
            for side, pos in (view.get("markers") or {}).items()
            if active is None or side == active
        }
        self.console.print(chart_text(squares, sides, markers))

    def draw_board(self) -> None:
        view = self.driver.state.view(None)
        engagement = view.get("engagement")
        if not engagement:
            self.say("No engagement is being fought: there is no Battle Board to draw.")
            return
        planes = [
            BoardPlane(p["square"], p["facing"], p["side"], self._label(p))
            for p in engagement["planes"].values()
        ]
        self.console.print(board_text(planes))
        self.board_drawn_at = len(self.driver.state.log)

    @staticmethod
    def _label(p: Mapping[str, Any]) -> str:
        pilot = p.get("pilot")
        ace = ", ace" if p.get("ace") else ""
        who = f" ({pilot}{ace})" if pilot else (" (ace)" if p.get("ace") else "")
        fired = ", has fired" if p.get("fired") else ""
        return f"{p['type']}{who}, {p['side'].title()}, turn {p.get('turns', 0)}{fired}"

    def status_line(self, engagement: Mapping[str, Any]) -> str:
        mover = engagement["planes"][engagement["to_move"]]
        who = f"{mover['side'].title()} {mover['type']} to move"
        if engagement.get("step") == "return_fire":
            return f"{who}: it may return fire before it moves, or hold (III.G)"
        wing = "wing-over used" if engagement.get("wing_over_used") else "wing-over available"
        return f"{who}: {engagement['mp_left']} of {engagement['mp_rolled']} MP left, {wing}"

    # -- the solver's numbers -----------------------------------------------
    def solver_values(self, view: Mapping[str, Any]) -> dict[str, Any] | None:
        """The solver's numbers for ``view`` when its matchup is cached (never solves).

        A lookup that finds nothing costs a hash of the matchup and a check
        for a folder, well under a millisecond, so play is not slowed.
        """
        if not view.get("engagement"):
            return None
        return engagement_values(view)

    def show_values(self) -> None:
        """The ``values`` command: the solver's numbers, or how to get them."""
        if not self.solver:
            self.say(
                "The solver's numbers are turned off in this session (--no-solver); "
                "play without the flag to see them."
            )
            return
        view = self.driver.state.view(None)
        engagement = view.get("engagement")
        if not engagement:
            self.say("No engagement is being fought: the solver has nothing to value.")
            return
        scoring = str(view.get("scoring", "kills"))
        info = self.solver_values(view)
        if info is None:
            for line in not_cached_lines(engagement, scoring):
                self.say(line)
            return
        for line in solver_lines(info, engagement, scoring):
            self.say(line)
        moves = info.get("moves") or {}
        if not moves:
            self.say("  (no decision to value now: the next thing is a roll)")
            return
        sign = solver_sign(info)
        for text, value in sorted(moves.items(), key=lambda kv: -sign * kv[1]):
            mark = "  <- best" if text == info.get("best") else ""
            self.say(f"  {text:<6} {value_text(sign * value)}{mark}")

    def list_moves(self) -> None:
        view = self.driver.state.view(None)
        engagement = view.get("engagement")
        if not engagement:
            return
        self.say(self.status_line(engagement))
        info = self.solver_values(view) if self.solver else None
        moves: dict[str, float] = {}
        sign = 1
        best = None
        if info is not None:
            best = info.get("best")
            for line in solver_lines(info, engagement, str(view.get("scoring", "kills"))):
                self.say(line)
            moves = info.get("moves") or {}
            sign = solver_sign(info)
        table = Table(title="Legal moves", title_justify="left")
        columns = ["type", "move", "result", "MP left", "kill odds"]
        if moves:
            columns.append("value (solver)")
        for column in columns:
            table.add_column(column)
        for a in engagement.get("legal_actions", []):
            action = a["action"]
            extra: list[str] = []
            if moves:
                v = moves.get(action)
                mark = " best" if action == best else ""
                extra = [f"{value_text(sign * v)}{mark}" if v is not None else ""]
            if action == "fire":
                table.add_row(
                    "fire",
                    f"attack from the {a['aspect']}",
                    f"kills on {a['kill_on']}+",
                    "(move ends)",
                    odds_text(a["p_kill"]),
                    *extra,
                )
            elif action == "hold":
                table.add_row("hold", "hold fire", "", "", "", *extra)
            else:
                table.add_row(
                    action,
                    a.get("kind", ""),
                    f"{a['square']} {a['facing']}",
                    str(a["mp_left"]),
                    "",
                    *extra,
                )
        self.console.print(table)
        hint = self.reach_hint(engagement)
        if hint:
            self.say(hint)

    def _reach(self, engagement: Mapping[str, Any]) -> list[tuple[Any, str]]:
        """Every firing position reachable this turn, best odds first, with a path."""
        if engagement.get("step") != "move":
            return []
        me = engagement["planes"][engagement["to_move"]]
        other = engagement["planes"]["listed" if engagement["to_move"] == "active" else "active"]
        sq, f = Square.parse(me["square"]), Facing.parse(me["facing"])
        tsq, tf = Square.parse(other["square"]), Facing.parse(other["facing"])
        mp, wo, stepped = engagement["mp_left"], engagement["wing_over_used"], engagement["stepped"]
        opts = movement_options(
            me["type"],
            sq,
            f,
            tsq,
            mp,
            wo,
            target_facing=tf,
            ace=bool(me.get("ace")),
            stepped=stepped,
        )
        _, fires = explore_paths(pack(sq, f), mp, wo, tsq.index, stepped)
        out = []
        for fo in opts.fire_options:
            path = fires.get(pack(fo.square, fo.facing), ())
            out.append((fo, " ".join([*(str(STEP_KINDS[k]) for k in path), "fire"])))
        out.sort(key=lambda item: (-item[0].p_kill, len(item[1])))
        return out

    def reach_hint(self, engagement: Mapping[str, Any]) -> str:
        reach = self._reach(engagement)
        if not reach:
            return ""
        fo, path = reach[0]
        return (
            f"{len(reach)} firing position(s) reachable this turn; best: from the {fo.aspect} "
            f"at {fo.square} {fo.facing}, p(kill) {odds_text(fo.p_kill)}, by: {path}"
        )

    def show_reach(self) -> None:
        engagement = self.driver.state.view(None).get("engagement")
        reach = self._reach(engagement) if engagement else []
        if not reach:
            self.say("No firing position can be reached with the MP left.")
            return
        table = Table(title="Firing positions reachable this turn", title_justify="left")
        for column in ("square", "facing", "aspect", "kills on", "p(kill)", "path"):
            table.add_column(column)
        for fo, path in reach:
            table.add_row(
                str(fo.square),
                str(fo.facing),
                fo.aspect,
                f"{fo.kill_on}+",
                odds_text(fo.p_kill),
                path,
            )
        self.console.print(table)

    def show_log(self, n: int) -> None:
        narrator = Narrator()
        lines: list[str] = []
        for ev in self.driver.state.log.to_list():
            lines.extend(narrator.lines(ev))
        for line in lines[-n:]:
            self.say(line)

    def show_score(self) -> None:
        view = self.driver.state.view(None)
        summary = summary_of(view)
        extra = ""
        if summary.get("sortie") is not None:
            extra = f" (sortie {summary['sortie']} of {summary['sorties_per_side']} per side)"
        self.say(f"Score: {scores_text(summary['scores'])}{extra}")

    # -- the loop ----------------------------------------------------------
    def resolve_chance(self) -> None:
        """Make every pending roll, telling each before and after."""
        state = self.driver.state
        while state.current_actor() == CHANCE:
            self.tell_new_events()
            check = state.pending_check()
            if check is not None:
                self.say(before_text(check))
            self.driver.roll()
            self.tell_new_events(roll_told=check is not None)
        self._save_summary()

    def run(self) -> SessionResult:
        """Play until the game ends or the player quits."""
        while True:
            self.resolve_chance()
            self.tell_new_events()
            actor = self.driver.state.current_actor()
            if actor == TERMINAL:
                self.finish()
                return SessionResult(self.game_id, True)
            who = self.seats.get(actor, HUMAN)
            if who == HUMAN:
                if not self.human_turn(actor):
                    return SessionResult(self.game_id, False)
            else:
                self.bot_turn(actor, who.removeprefix("ai:"))

    def finish(self) -> None:
        record = self.driver.finished_record()
        summary = summary_of(self.driver.state.view(None))
        self.store.update(self.game_id, status="finished", summary=summary, record=record)
        self.say(
            f"The game is saved as {self.game_id} (replay: airwar migs replay {self.game_id})."
        )

    def bot_turn(self, seat: int, name: str) -> None:
        engagement = self.driver.state.view(None).get("engagement") or {}
        if self.board_drawn_at < 0 or not engagement.get("stepped"):
            self.draw_board()
            if engagement:
                self.say(self.status_line(engagement))
        decision = len(self.driver.record.actions)
        bot = make_ai(name, bot_seed(self.driver.seed, seat, decision))
        action = bot.choose(self.driver.state, seat)
        self.say(f"{SEAT_ORDER[seat]} ({name}) plays {action}")
        self.driver.act(action, seat)
        self.tell_new_events()
        if self.ai_delay:
            time.sleep(self.ai_delay)

    def prompt(self, seat: int) -> str:
        engagement = self.driver.state.view(None).get("engagement") or {}
        mp = f", {engagement['mp_left']} MP" if engagement.get("step") == "move" else ""
        return f"{SEAT_ORDER[seat]}{mp}> "

    def human_turn(self, seat: int) -> bool:
        """Ask ``seat`` until it has made a move (True) or quit (False)."""
        engagement = self.driver.state.view(None).get("engagement") or {}
        if self.board_drawn_at < 0 or not engagement.get("stepped"):
            self.draw_board()
        self.list_moves()
        while True:
            try:
                line = self.input_fn(self.prompt(seat))
            except EOFError:
                self.say("")
                self.stopped()
                return False
            words = line.strip().split()
            if not words:
                continue
            command = words[0].lower()
            if command in ("quit", "exit", "q"):
                self.stopped()
                return False
            if command in ("help", "?", "h"):
                self.say(HELP)
                continue
            if command == "save":
                self.say(
                    f"Saved: every move is saved as it is made. Game id {self.game_id}; "
                    f"resume with: airwar migs play --resume {self.game_id}"
                )
                continue
            if command in ("board", "b"):
                self.draw_board()
                continue
            if command == "chart":
                self.draw_chart()
                continue
            if command in ("moves", "m"):
                self.list_moves()
                continue
            if command == "reach":
                self.show_reach()
                continue
            if command == "score":
                self.show_score()
                continue
            if command == "values":
                self.show_values()
                continue
            if command == "log":
                n = int(words[1]) if len(words) > 1 and words[1].isdigit() else 20
                self.show_log(n)
                continue
            if command == "undo":
                try:
                    self.undo(seat)
                except AirwarError as exc:
                    self.say(f"error: {exc}")
                    continue
                return True
            try:
                self.play_path(seat, line)
            except InvalidNotation as exc:
                self.say(f"error: {exc}; type help for the notation and commands")
                continue
            except AirwarError as exc:
                self.say(f"error: {exc}")
                continue
            return True

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last decision and the bots' replies to it.

        The game is replayed from its record up to that decision and saved so.
        Rolls come from the seed and their draw number, so moving differently
        can change which rolls are made but never re-rolls one: undo cannot be
        used to fish for better dice.
        """
        actions = self.driver.record.actions
        mine = [i for i, (s, _) in enumerate(actions) if s == seat]
        if not mine:
            raise IllegalAction(f"{SEAT_ORDER[seat]} has no decision to take back")
        last = mine[-1]
        later_humans = {
            s for s, _ in actions[last + 1 :] if s != seat and self.seats.get(s, HUMAN) == HUMAN
        }
        if later_humans:
            other = SEAT_ORDER[min(later_humans)]
            raise IllegalAction(
                f"{other} has moved since; only the side that moved last can take a move back"
            )
        taken = actions[last][1]
        rebuilt = replay(self.driver.record, upto=last, verify=False)
        record = GameRecord(
            rebuilt.game.name,
            dict(rebuilt.game.options),
            rebuilt.seed,
            list(rebuilt.record.actions),
        )
        self.store.update(self.game_id, record=record, status="running")
        self.driver = rebuilt
        self.driver.auto_chance = False
        self.driver.on_action = self._save
        self.narrator = Narrator()
        self.shown = 0
        self.catch_up(quiet=True)
        self.board_drawn_at = -1
        dropped = len(actions) - last - 1
        also = f" and the {dropped} decision(s) after it" if dropped else ""
        self.say(f"Took back {SEAT_ORDER[seat]}'s {taken}{also}.")

    def stopped(self) -> None:
        self.say(
            f"Game {self.game_id} is saved up to the last move; resume with: "
            f"airwar migs play --resume {self.game_id}"
        )

    def play_path(self, seat: int, line: str) -> None:
        """Check the typed path as a whole on a copy, then make its moves (each saved)."""
        text = line.strip()
        head, colon, rest = text.partition(":")
        if colon:
            named = self.driver.game.seat_from_text(head)
            if named != seat:
                raise OutOfTurn(
                    f"it is not {SEAT_ORDER[named]}'s turn: {SEAT_ORDER[seat]} is to move"
                )
            text = rest
        actions = parse_path(text)
        probe = self.driver.state.clone()
        for i, action in enumerate(actions):
            where = f"step {i + 1} of the path ({action}): " if len(actions) > 1 else ""
            if probe.current_actor() != seat:
                raise IllegalAction(
                    f"{where}the move is already over after {' '.join(map(str, actions[:i]))}"
                )
            try:
                probe.validate(action, seat)
            except IllegalAction as exc:
                raise IllegalAction(f"{where}{exc}") from None
            probe.apply(action)
        for action in actions:
            self.driver.act(action, seat)
            self.tell_new_events()
