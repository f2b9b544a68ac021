"""A scripted engagement as a kernel game: AD units fire at aircraft turn by turn.

Each turn (BIA-11): every aircraft listed as present that turn is in the AD
umbrella, at the speed of the posture it flies that turn (BIA-18); aircraft
making passes count their passes (a Fast one's first gets -2) and loitering
aircraft their consecutive turns in the umbrella (BIA-2, BIA-12, BIA-19,
BIA-20). Ground units fire first, in the order of the file (option
``ground_fire``: last), and the aircraft on Air Defence fire in the BIA-5
order, ties rolled off as explicit chance nodes. Each unit fires once, at the
first of its targets that is present and still flying. An aircraft shot down
is out at once: it is not fired at again and does not fire. Damage
accumulates by BIA-7.

Every roll is a chance node; the Driver resolves it with its seeded
generator, so an engagement replays exactly from its seed. The game has no
decisions: the two seats (Red, Blue) only receive the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from airwar.core.checks import Check, fraction_text
from airwar.core.dice import Roll
from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.core.events import EventLog
from airwar.core.game import CHANCE, TERMINAL, Action, Game, GameState, GameType
from airwar.core.options import Parameter
from airwar.core.registry import register_game
from airwar.games.bia.airdefence import AirDefenceShot, Firer, FirerKind, Speed
from airwar.games.bia.errors import ScenarioError
from airwar.games.bia.firing_order import firing_key, roll_off_dice, split_by_rolls, tie_groups
from airwar.games.bia.narrate import narrate
from airwar.games.bia.outcome import Effect
from airwar.games.bia.scenario import SIDES, Fire, Scenario, shot_for, target_of
from airwar.games.bia.scenario_file import parse_scenario
from airwar.games.bia.tables import DATA
from airwar.games.bia.volley import accumulate
from airwar.games.examples import BIA, example_files


@dataclass(frozen=True)
class _Shot:
    firer: str
    side: str
    target: str
    shot: AirDefenceShot


class BiaEngagementState(GameState):
    """One playthrough of an engagement."""

    game: BiaEngagementGame

    def __init__(self, game: BiaEngagementGame) -> None:
        self.game = game
        self.log = EventLog()
        sc = game.scenario
        self.turn = 0
        self.status: dict[str, Effect] = {a.name: Effect.MISS for a in sc.aircraft}
        self.passes: dict[str, int] = dict.fromkeys(self.status, 0)
        self.umbrella: dict[str, int] = dict.fromkeys(self.status, 0)
        self.kills: dict[str, int] = dict.fromkeys(SIDES, 0)
        self.parts: list[list[str]] = []
        self.rolloff: dict[str, int] = {}
        self.queue: list[str] = []
        self.pending: _Shot | None = None
        self.done = False
        self.log.emit("engagement", title=sc.title, turns=sc.turns, options=dict(game.options))
        self._start_turn(1)

    # -- the sequence -------------------------------------------------------
    def _present(self, name: str) -> bool:
        spec = self.game.scenario.aircraft_named(name)
        return self.turn in spec.present and self.status[name] is not Effect.SHOT_DOWN

    def _start_turn(self, turn: int) -> None:
        sc = self.game.scenario
        self.turn = turn
        present = []
        for a in sc.aircraft:
            if self.status[a.name] is Effect.SHOT_DOWN:
                continue
            if turn in a.present:
                posture = a.posture_at(turn)
                entry: dict[str, Any] = {"aircraft": a.name, "status": self.status[a.name].label}
                # BIA-20: passes count over the whole engagement, loiter turns while it
                # stays in the umbrella loitering; a turn making passes is no loiter turn
                if posture.makes_passes:
                    self.passes[a.name] += 1
                    self.umbrella[a.name] = 0
                    entry["pass"] = self.passes[a.name]
                else:
                    self.umbrella[a.name] += 1
                    entry["umbrella_turns"] = self.umbrella[a.name]
                entry["speed"] = posture.speed.value
                present.append(entry)
            else:
                self.umbrella[a.name] = 0
        self.log.emit("turn", turn=turn, present=present, rule="BIA-11")
        flyers = [a.name for a in sc.aircraft if a.fire is not None and self._present(a.name)]

        def key(name: str) -> tuple:
            a = sc.aircraft_named(name)
            return firing_key(a.speed_at(turn), a.manoeuvrability, a.pilot_modifier)

        self.parts = tie_groups(flyers, key)
        self.rolloff = {}
        self._continue_roll_offs()

    def _roll_off_group(self) -> list[str] | None:
        for part in self.parts:
            if len(part) > 1:
                return part
        return None

    def _roll_off_unit(self) -> str | None:
        group = self._roll_off_group()
        if group is None:
            return None
        return next(u for u in group if u not in self.rolloff)

    def _continue_roll_offs(self) -> None:
        if self._roll_off_group() is not None:
            return
        air = [p[0] for p in self.parts]
        ground = [g.name for g in self.game.scenario.ground]
        first = self.game.options["ground_fire"] == "first"
        self.queue = ground + air if first else air + ground
        self.log.emit(
            "firing_order",
            turn=self.turn,
            order=list(self.queue),
            air_units=air,
            rule="BIA-5" if air else "BIA-11",
        )
        self._advance()

    def _fire_of(self, name: str) -> tuple[str, Firer, Fire]:
        sc = self.game.scenario
        for g in sc.ground:
            if g.name == name:
                return g.side, g.firer, g.fire
        a = sc.aircraft_named(name)
        assert a.fire is not None
        return a.side, a.firer_at(self.turn), a.fire

    def _may_fire_at(self, firer: Firer, target: str) -> bool:
        """Orbital fire only at an aircraft Very Slow this turn (BIA-4, BIA-18)."""
        if firer.kind is not FirerKind.ORBITAL:
            return True
        spec = self.game.scenario.aircraft_named(target)
        return spec.speed_at(self.turn) is Speed.VERY_SLOW

    def _advance(self) -> None:
        sc = self.game.scenario
        while self.queue:
            name = self.queue.pop(0)
            is_aircraft = name in self.status
            if is_aircraft and self.status[name] is Effect.SHOT_DOWN:
                self.log.emit(
                    "holds_fire", turn=self.turn, unit=name, reason="shot down before it could fire"
                )
                continue
            side, firer, fire = self._fire_of(name)
            present = [t for t in fire.targets if self._present(t)]
            target = next((t for t in present if self._may_fire_at(firer, t)), None)
            if target is None:
                reason = (
                    "its targets present are not Very Slow this turn: orbital-to-air fire "
                    "only at Very Slow aircraft (BIA-4, BIA-18)"
                    if present
                    else "none of its targets is present"
                )
                self.log.emit("holds_fire", turn=self.turn, unit=name, reason=reason)
                continue
            spec = sc.aircraft_named(target)
            air_target = target_of(
                spec,
                passes=self.passes[target],
                umbrella_turns=self.umbrella[target],
                turn=self.turn,
            )
            shot = shot_for(
                fire,
                firer,
                air_target,
                loiter_from_second_turn=bool(self.game.options["loiter_from_second_turn"]),
                first_pass_all_speeds=bool(self.game.options["first_pass_all_speeds"]),
            )
            self.pending = _Shot(name, side, target, shot)
            return
        alive = any(s is not Effect.SHOT_DOWN for s in self.status.values())
        if self.turn >= sc.turns or not alive:
            self._finish()
        else:
            self._start_turn(self.turn + 1)

    def _finish(self) -> None:
        self.done = True
        self.log.emit(
            "end",
            turn=self.turn,
            aircraft={name: s.label for name, s in self.status.items()},
            kills=dict(self.kills),
        )

    # -- the kernel contract -------------------------------------------------
    def current_actor(self) -> int:
        return TERMINAL if self.done else CHANCE

    def legal_actions(self) -> list[Action]:
        if self.done:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> Sequence[tuple[Action, Fraction]]:
        if self.done:
            raise IllegalAction("the engagement is over")
        dice = self.pending.shot.system.dice if self.pending is not None else roll_off_dice()
        return dice.rolls()

    def pending_check(self) -> Check | None:
        return self.pending.shot.check if self.pending is not None else None

    def pending_description(self) -> dict[str, Any]:
        """What the next roll is for, with its exact odds (before it is rolled)."""
        if self.done:
            return {}
        if self.pending is not None:
            p = self.pending
            return {
                "kind": "air_defence",
                "firer": p.firer,
                "target": p.target,
                **p.shot.to_dict(),
            }
        return {"kind": "roll_off", "unit": self._roll_off_unit(), "dice": str(roll_off_dice())}

    def apply(self, action: Action) -> None:
        if not isinstance(action, Roll):
            raise IllegalAction(f"{action} is not a roll; an engagement has no decisions")
        if self.done:
            raise IllegalAction("the engagement is over")
        if self.pending is not None:
            self._apply_shot(self.pending, action.value)
        else:
            self._apply_roll_off(action.value)

    def _apply_roll_off(self, roll: int) -> None:
        group = self._roll_off_group()
        unit = self._roll_off_unit()
        assert group is not None and unit is not None
        dice = roll_off_dice()
        if not dice.minimum <= roll <= dice.maximum:
            raise IllegalAction(f"{roll} is not a possible roll of {dice}")
        self.rolloff[unit] = roll
        self.log.emit(
            "roll_off",
            turn=self.turn,
            unit=unit,
            tied_with=[u for u in group if u != unit],
            dice=str(dice),
            roll=roll,
            rule="BIA-5",
        )
        if all(u in self.rolloff for u in group):
            i = self.parts.index(group)
            rolls = {u: self.rolloff.pop(u) for u in group}
            self.parts[i : i + 1] = split_by_rolls(group, rolls)
            self._continue_roll_offs()

    def _apply_shot(self, pending: _Shot, roll: int) -> None:
        shot = pending.shot
        event = shot.check.resolve(roll)
        effect = shot.effect(roll)
        before = self.status[pending.target]
        after = accumulate(
            before,
            effect,
            damaged_twice_shot_down=bool(self.game.options["damaged_twice_shot_down"]),
        )
        self.status[pending.target] = after
        odds = shot.odds()
        if after is Effect.SHOT_DOWN:
            self.kills[pending.side] += 1
        self.log.append(
            {
                **event,
                "kind": "air_defence",
                "turn": self.turn,
                "firer": pending.firer,
                "target": pending.target,
                "system": shot.system.key,
                "system_name": shot.system.name,
                "hit_number": shot.hit_number,
                "need": shot.check.describe_need(),
                "p_hit": fraction_text(shot.p_hit),
                **odds.to_dict(),
                "notes": shot.notes(),
                "effect": effect.value,
                "status_before": before.label,
                "status": after.label,
                "damage_rule": "BIA-7",
            }
        )
        self.pending = None
        self._advance()

    def returns(self) -> list[float]:
        red, blue = self.kills["red"], self.kills["blue"]
        return [float(red - blue), float(blue - red)]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {
            **super().view(seat),
            "turn": self.turn,
            "aircraft": {name: s.label for name, s in self.status.items()},
            "kills": dict(self.kills),
            "next": self.pending_description(),
        }


@register_game
class BiaEngagementGame(Game):
    """Bounce Into Action air defence over several turns, from an engagement file."""

    name = "bia-engagement"
    title = "Bounce Into Action: air-defence engagement"
    seat_names = ("Red", "Blue")
    game_type: ClassVar[GameType] = GameType(
        information="perfect",
        chance=True,
        undo=True,
        setup="scenario",
        terminal="airwar.cli.bia_terminal:BiaRenderer",
        web="airwar.web.bia:PARTS",
    )
    parameters = (
        Parameter(
            "scenario",
            "",
            "the engagement as TOML text (empty: the bundled example)",
            "BIA-11",
            label="Scenario (TOML text)",
        ),
        Parameter(
            "loiter_from_second_turn",
            False,
            "count loiter turns from the second turn in the AD umbrella",
            "BIA-2",
            label="Count loitering from the second turn",
        ),
        Parameter(
            "first_pass_all_speeds",
            False,
            "a Slow or Very Slow aircraft making passes gets -2 on its first pass, as a Fast one",
            "BIA-19",
            label="First-pass -2 at every speed",
        ),
        Parameter(
            "damaged_twice_shot_down",
            False,
            "a damaged aircraft damaged again is shot down",
            "BIA-7",
            label="Damaged twice is shot down",
        ),
        Parameter(
            "ground_fire",
            "first",
            "whether ground AD units fire before or after the air units",
            "BIA-11",
            choices=("first", "last"),
            label="Ground fire",
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None, where: str = "scenario") -> None:
        super().__init__(options)
        text = self.options["scenario"] or DATA.text("default_engagement")
        try:
            self.scenario: Scenario = parse_scenario(text, where)
        except ScenarioError as exc:
            # the file of a game saved before BIA-17: it loads, to be read (BIA-17)
            try:
                self.scenario = parse_scenario(text, where, saved=True)
            except ScenarioError:
                raise exc from None
            self.halted = f"its engagement file was saved with a name BIA-17 refuses: {exc}"

    @classmethod
    def samples(cls) -> tuple[dict[str, Any], ...]:
        """The bundled engagement with the rules as written and with every house option
        turned, and each example file (the shared contract checks)."""
        turned = {
            "loiter_from_second_turn": True,
            "first_pass_all_speeds": True,
            "damaged_twice_shot_down": True,
            "ground_fire": "last",
        }
        examples = [{"scenario": f.read_text("utf-8")} for f in example_files(BIA).values()]
        return ({}, turned, *examples)

    def new_initial_state(self) -> BiaEngagementState:
        return BiaEngagementState(self)

    def summary(self, state: GameState) -> dict[str, Any]:
        """The turn reached and the kills of each side, read from the state."""
        if not isinstance(state, BiaEngagementState):
            raise TypeError(f"a {self.name} summary needs its own state, not {state!r}")
        return {**super().summary(state), "turn": state.turn, "kills": dict(state.kills)}

    def narrate(self, event: Mapping[str, Any], state: GameState | None = None) -> str | None:
        """The event's line in the game's words (:mod:`.narrate`)."""
        return narrate(event)

    def parse_action(self, text: str) -> Action:
        try:
            return Roll.parse(text)  # "roll 7"; records saved before it read "roll7"
        except InvalidNotation:
            raise InvalidNotation(
                f"{text!r} is not a roll like 'roll 7' (an engagement has no decisions)"
            ) from None
