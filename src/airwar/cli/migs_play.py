"""The interactive session of ``airwar migs play``.

The game is played through the play session (:mod:`airwar.session`), the
same one the browser app uses: every human decision, or whole typed path, is
checked as a whole and saved in one transaction with the game's digest and
summary (:meth:`Sessions.act`); the bots decide through
:meth:`Sessions.bot_step`, seeded by :func:`airwar.session.bot_seed`; undo is
:meth:`Sessions.undo`. The session's driver stops at every roll, so each roll
is told before it is made and after. If another writer (a browser, another
terminal) saved a decision first, the save is refused with
:class:`~airwar.store.GameChanged` and the session ends: the refused move is
kept nowhere.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from airwar.cli.render_board import BoardPlane, board_text, chart_text
from airwar.cli.render_migs import odds_text, solver_lines, solver_sign, value_text
from airwar.core.driver import Driver
from airwar.core.errors import IllegalAction, InvalidNotation, OutOfTurn
from airwar.core.game import CHANCE, TERMINAL
from airwar.games.migs_sabres import Facing, Square, movement_options, parse_path
from airwar.games.migs_sabres.movement import STEP_KINDS, explore_paths, pack
from airwar.games.migs_sabres.narrate import Narrator, before_text, scores_text
from airwar.session import Conflict, PlaySession, Sessions

if TYPE_CHECKING:
    from airwar.games.migs_sabres.solver import jobs

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
  undo      take back your last move (and the AI's replies); against the AI only
  save      every move is already saved: shows how to resume
  quit      stop here (the game stays saved; Ctrl-C does the same)
  help      this text"""


@dataclass
class SessionResult:
    """How a session ended: ``finished`` or stopped by the player (``quit``)."""

    game_id: str
    finished: bool


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
    from airwar.games.migs_sabres.solver import turn_limit_refusal

    refused = turn_limit_refusal(limit)
    if refused is not None:
        return [f"The solver has no values for {what}: {refused}."]
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


@contextmanager
def solve_progress(console: Console) -> Iterator[jobs.ProgressCallback]:
    """The expert's solve shown while a bot waits for it: a line, and a bar on a terminal."""
    bar: Progress | None = None
    task = None
    told: set[int] = set()
    try:

        def on_progress(status: jobs.JobStatus) -> None:
            nonlocal bar, task
            if status.id not in told:
                told.add(status.id)
                console.print(
                    f"The AI is solving {status.label} (once; then it is cached).",
                    markup=False,
                    highlight=False,
                )
                if console.is_terminal and bar is None:
                    bar = Progress(
                        TextColumn("solving"),
                        BarColumn(),
                        TaskProgressColumn(),
                        TextColumn("{task.fields[phase]}"),
                        TimeElapsedColumn(),
                        console=console,
                        transient=True,
                    )
                    bar.start()
                    task = bar.add_task("solve", total=1.0, phase="")
            if bar is not None and task is not None:
                bar.update(task, completed=status.progress, phase=status.phase)

        yield on_progress
    finally:
        if bar is not None:
            bar.stop()


class TerminalPlay:
    """One terminal session of a saved game, played through the play session ``live``."""

    def __init__(
        self,
        sessions: Sessions,
        live: PlaySession,
        console: Console,
        *,
        input_fn: InputFn | None = None,
        ai_delay: float = 0.0,
        solver: bool = True,
    ) -> None:
        self.sessions = sessions
        self.live = live
        self.live.driver.auto_chance = False
        self.console = console
        self.input_fn = input_fn or console.input
        self.ai_delay = ai_delay
        self.solver = solver
        self.narrator = Narrator()
        self.shown = 0
        self.board_drawn_at = -1
        self.saved_summary: dict[str, Any] | None = None

    @property
    def game_id(self) -> str:
        return self.live.id

    @property
    def driver(self) -> Driver:
        """The session's driver (replaced by an undo)."""
        return self.live.driver

    def side(self, seat: int) -> str:
        return self.live.game.seat_name(seat)

    # -- saving ------------------------------------------------------------
    def _saved(self) -> None:
        """Note the summary the session has just saved with a decision."""
        self.saved_summary = self.live.summary()

    def _save_summary(self) -> None:
        """Save the score and status after rolls (the decisions' saves carry the rest).

        Saved only if the stored game still holds exactly this copy's
        decisions (their number and digest), so a stale copy never overwrites
        another writer's summary.
        """
        summary = self.live.summary()
        if summary != self.saved_summary:
            self.sessions.store.update(
                self.game_id,
                status=self.live.status,
                summary=summary,
                expected_index=self.live.decisions,
                expected_digest=self.driver.log_digest,
            )
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
        from airwar.games.migs_sabres.solver import engagement_values

        return engagement_values(self.driver.state)

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
        summary = self.live.summary()
        extra = ""
        if summary.get("sortie") is not None:
            extra = f" (sortie {summary['sortie']} of {summary['sorties_per_side']} per side)"
        self.say(f"Score: {scores_text(summary['scores'])}{extra}")

    # -- the loop ----------------------------------------------------------
    def resolve_chance(self) -> None:
        """Make every pending roll, telling each before and after."""
        rolled = False
        while self.driver.state.current_actor() == CHANCE:
            self.tell_new_events()
            check = self.driver.state.pending_check()
            if check is not None:
                self.say(before_text(check))
            self.driver.roll()
            rolled = True
            self.tell_new_events(roll_told=check is not None)
        if rolled or self.saved_summary is None:
            self._save_summary()

    def run(self) -> SessionResult:
        """Play until the game ends or the player quits.

        A save refused because the game changed elsewhere raises
        :class:`~airwar.store.GameChanged` out of here; nothing of this copy
        is kept.
        """
        while True:
            self.resolve_chance()
            self.tell_new_events()
            actor = self.driver.state.current_actor()
            if actor == TERMINAL:
                self.finish()
                return SessionResult(self.game_id, True)
            bots = self.live.bot_seats()
            if actor in bots:
                self.bot_turn(actor, bots[actor])
            elif not self.human_turn(actor):
                return SessionResult(self.game_id, False)

    def finish(self) -> None:
        self.say(
            f"The game is saved as {self.game_id} (replay: airwar migs replay {self.game_id})."
        )

    def bot_turn(self, seat: int, name: str) -> None:
        engagement = self.driver.state.view(None).get("engagement") or {}
        if self.board_drawn_at < 0 or not engagement.get("stepped"):
            self.draw_board()
            if engagement:
                self.say(self.status_line(engagement))
        from airwar.games.migs_sabres.solver import (
            jobs,
        )  # the bot may be the expert, waiting for its solve

        with solve_progress(self.console) as on_progress, jobs.watching(on_progress):
            made = self.sessions.bot_step(self.live)
        self._saved()
        if made is not None:
            self.say(f"{self.side(made[0])} ({name}) plays {made[1]}")
        self.tell_new_events()
        if self.ai_delay:
            time.sleep(self.ai_delay)

    def prompt(self, seat: int) -> str:
        engagement = self.driver.state.view(None).get("engagement") or {}
        mp = f", {engagement['mp_left']} MP" if engagement.get("step") == "move" else ""
        return f"{self.side(seat)}{mp}> "

    def human_turn(self, seat: int) -> bool:
        """Ask ``seat`` until it has made a move (True) or quit (False)."""
        engagement = self.driver.state.view(None).get("engagement") or {}
        if self.board_drawn_at < 0 or not engagement.get("stepped"):
            self.draw_board()
        self.list_moves()
        at = self.live.position_version  # the version every decision typed here is made at
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
                    self.undo(seat, at)
                except Conflict as exc:
                    self.say(f"error: {exc}")
                    continue
                return True
            try:
                self.play_path(seat, line, at)
            except InvalidNotation as exc:
                self.say(f"error: {exc}; type help for the notation and commands")
                continue
            except (IllegalAction, Conflict) as exc:
                self.say(f"error: {exc}")
                continue
            return True

    def undo(self, seat: int, at: int | None = None) -> None:
        """Take back ``seat``'s last move and the AI's replies to it (:meth:`Sessions.undo`).

        The one undo policy: only against the AI, a whole move of yours. The
        game is replayed from its record without those decisions; rolls come
        from the seed and their draw number, so no die is ever re-rolled.
        """
        actions = self.driver.record.actions
        taken = self.sessions.undo(self.live, seat, at=at)
        first = len(actions) - len(taken)
        mine = []
        for s, text in actions[first:]:
            if s != seat:
                break
            mine.append(text)
        self.driver.auto_chance = False
        self.narrator = Narrator()
        self.shown = 0
        self.catch_up(quiet=True)
        self.board_drawn_at = -1
        self._saved()
        dropped = len(taken) - len(mine)
        also = f" and the {dropped} decision(s) after it" if dropped else ""
        self.say(f"Took back {self.side(seat)}'s move {' '.join(mine)}{also}.")

    def stopped(self) -> None:
        self.say(
            f"Game {self.game_id} is saved up to the last move; resume with: "
            f"airwar migs play --resume {self.game_id}"
        )

    def play_path(self, seat: int, line: str, at: int | None = None) -> None:
        """Make the typed path through the session: checked as a whole, saved at once."""
        text = line.strip()
        head, colon, rest = text.partition(":")
        if colon:
            named = self.driver.game.seat_from_text(head)
            if named != seat:
                raise OutOfTurn(
                    f"it is not {self.side(named)}'s turn: {self.side(seat)} is to move"
                )
            text = rest
        texts = [str(action) for action in parse_path(text)]
        self.sessions.act(self.live, seat, texts, run_bots=False, at=at)
        self._saved()
        self.tell_new_events()
