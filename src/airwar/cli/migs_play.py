"""MiGs and Sabres at the terminal: its renderer for the one terminal loop.

``airwar migs play`` (and ``airwar play migs``) run the one loop
(:class:`~airwar.cli.play_loop.PlayLoop`) with :class:`MigsRenderer`: the
Battle Board and the Sortie Chart, the legal moves with their kill odds and the
solver's values when its solution is cached, each roll told before it is made and
after by the game's narrator, and the short movement notation (a whole path at
once, ``allied: F R``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from airwar.cli.common import make_console
from airwar.cli.play_loop import PlayLoop
from airwar.cli.playing import Renderer
from airwar.cli.render_board import BoardPlane, board_text, chart_text
from airwar.cli.render_migs import odds_text, solver_lines, solver_sign, value_text
from airwar.core.checks import Check
from airwar.core.errors import InvalidNotation, OutOfTurn
from airwar.core.game import Action
from airwar.games.migs_sabres import parse_path
from airwar.games.migs_sabres.narrate import Narrator, before_text, scores_text
from airwar.games.migs_sabres.terms import Phase
from airwar.session import PlaySession, Sessions
from airwar.session.seats import is_ai

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


class MigsRenderer(Renderer):
    """MiGs and Sabres as the terminal shows it (:data:`HELP` lists its commands)."""

    command_name = "airwar migs play"
    quit_words = ("quit", "exit", "q")
    help_text = HELP

    def __init__(
        self,
        console: Console | None = None,
        *,
        input_fn: InputFn | None = None,
        solver: bool = True,
    ) -> None:
        self.console = console or make_console()
        self.input_fn = input_fn or self.console.input
        self.solver = solver
        self.narrator = Narrator()
        self.board_drawn_at = -1

    def side(self, seat: int) -> str:
        return self.live.game.seat_name(seat)

    @property
    def game_id(self) -> str:
        return self.live.id

    # -- writing and reading ------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.console.print(text, markup=False, highlight=False)

    def read(self, prompt: str) -> str:
        return self.input_fn(prompt)

    # -- the log and the rolls ----------------------------------------------------
    def tell(self, events: list[dict[str, Any]], *, roll_told: bool = False) -> None:
        for ev in events:
            for line in self.narrator.lines(ev, with_roll_before=not roll_told):
                self.say(line)
            if ev.get("type") == "sortie_start":
                self.draw_chart()
            if ev.get("type") == "engagement_start":
                self.board_drawn_at = -1

    def reread(self, events: list[dict[str, Any]]) -> None:
        self.narrator = Narrator()
        for ev in events:
            self.narrator.lines(ev)

    def before_roll(self, check: Check | None, *, open_book: bool) -> bool:
        if check is None:
            return False
        self.say(before_text(check))
        return True

    def draw_chart(self) -> None:
        view = self.live.state.view(None)
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
        view = self.live.state.view(None)
        engagement = view.get("engagement")
        if not engagement:
            self.say("No engagement is being fought: there is no Battle Board to draw.")
            return
        planes = [
            BoardPlane(p["square"], p["facing"], p["side"], self._label(p))
            for p in engagement["planes"].values()
        ]
        self.console.print(board_text(planes))
        self.board_drawn_at = len(self.live.state.log)

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
        if engagement.get("step") == Phase.RETURN_FIRE:
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

        return engagement_values(self.live.state)

    def show_values(self) -> None:
        """The ``values`` command: the solver's numbers, or how to get them."""
        if not self.solver:
            self.say(
                "The solver's numbers are turned off in this session (--no-solver); "
                "play without the flag to see them."
            )
            return
        view = self.live.state.view(None)
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
        view = self.live.state.view(None)
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

    def _reach(self, engagement: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], str]]:
        """Every firing position reachable this turn, best odds first, with a path: the
        view's ``shots`` (the game's path search, made once for the view)."""
        out = [(shot, " ".join([*shot["path"], "fire"])) for shot in engagement.get("shots") or ()]
        out.sort(key=lambda item: (-Fraction(item[0]["p_kill"]), len(item[1])))
        return out

    def reach_hint(self, engagement: Mapping[str, Any]) -> str:
        reach = self._reach(engagement)
        if not reach:
            return ""
        shot, path = reach[0]
        return (
            f"{len(reach)} firing position(s) reachable this turn; best: from the "
            f"{shot['aspect']} at {shot['square']} {shot['facing']}, "
            f"p(kill) {odds_text(shot['p_kill'])}, by: {path}"
        )

    def show_reach(self) -> None:
        engagement = self.live.state.view(None).get("engagement")
        reach = self._reach(engagement) if engagement else []
        if not reach:
            self.say("No firing position can be reached with the MP left.")
            return
        table = Table(title="Firing positions reachable this turn", title_justify="left")
        for column in ("square", "facing", "aspect", "kills on", "p(kill)", "path"):
            table.add_column(column)
        for shot, path in reach:
            table.add_row(
                shot["square"],
                shot["facing"],
                shot["aspect"],
                f"{shot['kill_on']}+",
                odds_text(shot["p_kill"]),
                path,
            )
        self.console.print(table)

    def show_log(self, n: int) -> None:
        narrator = Narrator()
        lines: list[str] = []
        for ev in self.live.state.log.to_list():
            lines.extend(narrator.lines(ev))
        for line in lines[-n:]:
            self.say(line)

    def show_score(self) -> None:
        summary = self.live.summary()
        extra = ""
        if summary.get("sortie") is not None:
            extra = f" (sortie {summary['sortie']} of {summary['sorties_per_side']} per side)"
        self.say(f"Score: {scores_text(summary['scores'])}{extra}")

    # -- a person's turn, a bot's ---------------------------------------------------
    def _board_if_moved(self) -> dict[str, Any]:
        engagement = self.live.state.view(None).get("engagement") or {}
        if self.board_drawn_at < 0 or not engagement.get("stepped"):
            self.draw_board()
            return engagement
        return {}

    def turn(self, seat: int) -> None:
        self._board_if_moved()
        self.list_moves()

    def before_bot(self, seat: int, name: str) -> None:
        engagement = self._board_if_moved()
        if engagement:
            self.say(self.status_line(engagement))

    @contextmanager
    def thinking(self) -> Iterator[None]:
        # the bot may be the expert, waiting for its solve
        from airwar.games.migs_sabres.solver import jobs

        with solve_progress(self.console) as on_progress, jobs.watching(on_progress):
            yield

    def bot_played(self, seat: int, name: str, action: Action) -> None:
        self.say(f"{self.side(seat)} ({name}) plays {action}")

    def prompt(self, seat: int) -> str:
        engagement = self.live.state.view(None).get("engagement") or {}
        mp = f", {engagement['mp_left']} MP" if engagement.get("step") == Phase.MOVE else ""
        return f"{self.side(seat)}{mp}> "

    def command(self, seat: int, words: list[str]) -> bool:
        command = words[0]
        if command in ("help", "?", "h"):
            self.say(HELP)
        elif command == "save":
            self.say(
                f"Saved: every move is saved as it is made. Game id {self.game_id}; "
                f"resume with: airwar migs play --resume {self.game_id}"
            )
        elif command in ("board", "b"):
            self.draw_board()
        elif command == "chart":
            self.draw_chart()
        elif command in ("moves", "m"):
            self.list_moves()
        elif command == "reach":
            self.show_reach()
        elif command == "score":
            self.show_score()
        elif command == "values":
            self.show_values()
        elif command == "log":
            self.show_log(int(words[1]) if len(words) > 1 and words[1].isdigit() else 20)
        else:
            return False
        return True

    def decision(self, seat: int, line: str) -> list[str]:
        """A typed path, checked as a whole by the session; it may name its side."""
        text = line.strip()
        head, colon, rest = text.partition(":")
        if colon:
            named = self.live.game.seat_from_text(head)
            if named != seat:
                raise OutOfTurn(
                    f"it is not {self.side(named)}'s turn: {self.side(seat)} is to move"
                )
            text = rest
        return [str(action) for action in parse_path(text)]

    def refused(self, message: str) -> str:
        return f"error: {message}"

    def refusal(self, exc: Exception) -> str:
        if isinstance(exc, InvalidNotation):
            return f"error: {exc}; type help for the notation and commands"
        return f"error: {exc}"

    def undone(self, seat: int, taken: list[str], mine: list[str]) -> None:
        """Take back ``seat``'s last move and the AI's replies to it: the game is replayed
        from its record without them; no die is ever re-rolled."""
        self.board_drawn_at = -1
        dropped = len(taken) - len(mine)
        also = f" and the {dropped} decision(s) after it" if dropped else ""
        self.say(f"Took back {self.side(seat)}'s move {' '.join(mine)}{also}.")

    # -- the end, or a stop -------------------------------------------------------
    def finished(self) -> None:
        self.say(
            f"The game is saved as {self.game_id} (replay: airwar migs replay {self.game_id})."
        )

    def stopped(self, *, end_of_input: bool = False) -> None:
        if end_of_input:
            self.say("")
        self.say(
            f"Game {self.game_id} is saved up to the last move; resume with: "
            f"airwar migs play --resume {self.game_id}"
        )


def migs_loop(
    sessions: Sessions,
    live: PlaySession,
    console: Console,
    *,
    input_fn: InputFn | None = None,
    ai_delay: float = 0.0,
    solver: bool = True,
) -> PlayLoop:
    """The one terminal loop on ``live`` with the MiGs renderer writing to ``console``."""
    renderer = MigsRenderer(console, input_fn=input_fn, solver=solver)
    return PlayLoop(sessions, live, renderer, here=people_seats(live), ai_delay=ai_delay)


def people_seats(live: PlaySession) -> list[str]:
    """The seats a MiGs terminal plays at its prompt: every seat no bot plays, a seat
    left to a browser (``remote``) too (the game hides nothing from either side)."""
    return [name for name, kind in live.seats.items() if not is_ai(kind)]
