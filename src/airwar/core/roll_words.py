"""Explaining rolls and events in words, for every interface (a game's log lines).

A roll is explained twice: *before* it is made (its dice, the number needed,
each modifier with its reason and rule, the exact chance) and *after* (the
natural roll and whether it succeeded). The same words come from a live
:class:`~airwar.core.checks.Check` during play and from a saved roll event
when a game is replayed, so a replay reads exactly like the game did.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from airwar.core.checks import Check, Comparison, Modifier, ModifierTarget
from airwar.core.dice import Dice

_SKIP_FIELDS = frozenset({"type", "seq"})


def check_from_event(event: Mapping[str, Any]) -> Check:
    """The check a roll event was made against (as :meth:`Check.to_dict` wrote it)."""
    return Check(
        name=str(event["name"]),
        rule=str(event.get("rule", "")),
        dice=Dice.parse(str(event["dice"])),
        target=int(event["target"]),
        comparison=Comparison(event.get("comparison", Comparison.AT_MOST.value)),
        modifiers=tuple(
            Modifier(str(m["reason"]), int(m["value"]), str(m.get("rule", "")))
            for m in event.get("modifiers", [])
        ),
        applies_to=ModifierTarget(event.get("applies_to", ModifierTarget.ROLL.value)),
    )


def percent(p: Fraction | str) -> str:
    """``"2/3"`` -> ``"2/3 (66.7%)"``."""
    q = Fraction(p)
    return f"{q.numerator}/{q.denominator} ({float(q):.1%})"


def automatic(check: Check) -> bool:
    """Whether no roll of the dice can change the result: it cannot fail or cannot succeed."""
    return check.probability() in (0, 1)


def explain_before(check: Check) -> str:
    """What the roll needs, before it is made: dice, number, modifiers, exact chance.

    A roll that cannot fail (needs 1+ on a d6) or cannot succeed (needs 7+) is
    said to be automatic, not explained as a check with a 100 % or 0 % chance.
    """
    mods = ", ".join(str(m) for m in check.modifiers)
    if automatic(check):
        verdict = "success" if check.probability() == 1 else "failure"
        plus = f" ({mods})" if mods else ""
        return (
            f"{check.name} ({check.rule}): {check.dice}{plus}, automatic {verdict}: "
            f"{check.describe_need()}"
        )
    mods_text = f", modifiers: {mods}" if mods else ", no modifiers"
    return (
        f"{check.name} ({check.rule}): {check.dice}, {check.target}{check.comparison.symbol} "
        f"needed{mods_text} -> {check.describe_need()}; chance {percent(check.probability())}"
    )


def explain_after(event: Mapping[str, Any]) -> str:
    """The roll and its result (``automatic`` when no roll could change it)."""
    verdict = "success" if event.get("success") else "failure"
    if str(event.get("p_success")) in ("0/1", "1/1", "0", "1"):
        verdict = f"automatic {verdict}"
    extra = _extra_text(event)
    return f"  rolled {event.get('roll')}: {verdict}" + (f" ({extra})" if extra else "")


def _extra_text(event: Mapping[str, Any]) -> str:
    """Game-specific words a roll event carries besides the check (e.g. what it decided)."""
    for key in ("text", "outcome", "result", "message"):
        value = event.get(key)
        if isinstance(value, str) and value:
            return value
    return ""


def is_roll(event: Mapping[str, Any]) -> bool:
    """Whether ``event`` records a check's roll."""
    return event.get("type") == "roll" and "dice" in event and "roll" in event


def describe_event(event: Mapping[str, Any]) -> list[str]:
    """Lines telling ``event``; a roll is explained before and after."""
    if is_roll(event):
        return [explain_before(check_from_event(event)), explain_after(event)]
    for key in ("text", "message", "description"):
        value = event.get(key)
        if isinstance(value, str) and value:
            return [value]
    fields = ", ".join(f"{k}={_short(v)}" for k, v in event.items() if k not in _SKIP_FIELDS)
    kind = str(event.get("type", "event")).replace("_", " ")
    return [f"{kind}: {fields}" if fields else kind]


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    return str(value)
