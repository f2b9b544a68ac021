"""The event log in words: one readable line per event (the explained log).

Every event type the referee logs has its own sentence here, with the rule id the
event carries or, for an event that carries none, the rule or step of the text it
implies (:data:`IMPLIED_RULES`, :func:`rule_of`). No line shows a field as
``key=value`` nor a Python list, dict, ``None``, ``True`` or ``False``: an event type
this module does not know still reads as words (:func:`_generic`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from airwar.games.gunslingers.phases.sequence import corrected

Event = dict[str, Any]


# -- small helpers ---------------------------------------------------------------------


def words(value: Any) -> str:
    """A value in words: lists joined with commas, mappings as "key value", no reprs."""
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, Mapping):
        if not value:
            return "none"
        return ", ".join(f"{words(k)} {words(v)}" for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(words(v) for v in value) if value else "none"
    return str(value).replace("_", " ")


def names(items: Any) -> str:
    """Ids in a sentence: "A", "A and B", "A, B and C" (none: "none")."""
    seq = [words(i) for i in (items or [])]
    if not seq:
        return "none"
    return seq[0] if len(seq) == 1 else f"{', '.join(seq[:-1])} and {seq[-1]}"


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def percent(frac: str) -> str:
    """``"3/10"`` -> ``"3/10 (30.0%)"``."""
    try:
        return f"{frac} ({float(Fraction(frac)) * 100:.1f}%)"
    except (ValueError, ZeroDivisionError):
        return str(frac)


def die_faces(dice: str) -> int | None:
    """The number of faces of one die written ``1dN`` (``None`` for other dice)."""
    head, sep, faces = str(dice).partition("d")
    if sep and head == "1" and faces.isdigit() and int(faces) > 0:
        return int(faces)
    return None


def modifiers(mods: Any) -> str:
    """Each modifier with its reason (and rule, when it has one)."""
    out = []
    for m in mods or []:
        rule = f" ({m['rule']})" if m.get("rule") else ""
        out.append(f"{m['reason']} {signed(int(m['value']))}{rule}")
    return "; ".join(out)


# -- the rule an event implies -----------------------------------------------------------

IMPLIED_RULES: dict[str, str] = {
    "kill": "GS-36",
    "move": "GS-23",
    "destroyed": "GS-14",
    "contact_lost": "GS-34",
    "radar_lock": "GS-46",
    "radar_candidates": "Air Radar Search and Lock-on Phase 2",
    "lock_on": "GS-28",
    "identified": "Visual Sighting Phase 10",
    "unsighted": "Visual Sighting Phase 9",
    "plotted_fire": "AAA Interaction Phase 1",
    "plot_revealed": "Ground Unit Interaction Phase 2",
    "weapon_move": "GS-29",
    "attack": "GS-47",
    "ground_move": "Ground Unit Interaction Phase 4",
    "aircraft_log": "GS-40",
    "reload": "End of Turn Administrative Phase 9",
    "dds": "GS-25",
    "turn_summary": "GS-57",
}
"""The rule or step of the text behind each event type that carries no ``rule`` itself."""

_LAUNCH_RULES = {"aam": "GS-37", "sam": "GS-28", "arm": "GS-50", "a2g": "GS-47"}
_SIGHTED_RULES = {
    "openly": "Visual Sighting Phase 4",
    "camouflaged": "GS-19",
    "anew": "Visual Sighting Phase 9",
}
_DECLARE_RULES = {
    "dds": "GS-25",
    "engaging": "GS-33",
    "illuminating": "GS-33",
    "not illuminating": "GS-33",
    "designating": "Aircraft Decisions Phase 4",
    "fac marking": "Aircraft Decisions Phase 5",
    "modes": "Aircraft Decisions Phase 6",
    "designated search aircraft": "GS-32",
    "padlocks": "Visual Sighting Phase 8",
    "noise arcs": "GS-26",
    "searching for ground units": "Visual Sighting Phase 3",
    "damage control": "GS-39",
}
_MARKER_RULES = {
    "barrage": "GS-51",
    "out_of_ammo": "GS-51",
    "blast_zone": "GS-41",
    "suppression": "GS-38",
    "suppression_removal": "GS-38",
    "smoke_1": "Visual Sighting Phase 1",
    "smoke_2": "End of Turn Administrative Phase 6",
    "laser_spot": "Visual Sighting Phase 1",
    "plotted_fire": "GS-35",
}


def rule_of(e: Mapping[str, Any]) -> str | None:
    """The rule id an event carries, else the one it implies (``None``: the table's own
    business, such as a turn or a phase beginning)."""
    if e.get("rule"):
        return str(e["rule"])
    t = e.get("type")
    if t in ("launch", "launch_failed"):
        return _LAUNCH_RULES.get(str(e.get("kind", "aam")), "GS-37")
    if t == "sighted":
        return _SIGHTED_RULES.get(str(e.get("how")), "Visual Sighting Phase 4")
    if t == "declare":
        return _DECLARE_RULES.get(str(e.get("what")))
    if t == "contact":
        return "GS-34"
    if t == "marker":
        return _MARKER_RULES.get(str(e.get("kind")))
    if t == "weapon_removed":
        reason = str(e.get("reason", ""))
        if "GS-" in reason:
            return None  # the reason cites its rule
        return "Aircraft Administrative Phase 1" if "time of flight" in reason else "GS-29"
    if t == "identified" and "unit" in e:
        return "Visual Sighting Phase 6"
    return IMPLIED_RULES.get(str(t))


def _cite(e: Mapping[str, Any]) -> str:
    rule = rule_of(e)
    return f" ({rule})" if rule else ""


# -- one function per event type -------------------------------------------------------


def _roll(e: Event) -> str:
    mods = modifiers(e.get("modifiers"))
    mods_text = f"; modifiers: {mods}" if mods else ""
    who = e.get("aircraft") or e.get("unit") or ""
    against = f" against {e['against']}" if e.get("against") else ""
    outcome = "success" if e["success"] else "failure"
    head = f"{who}{against}: " if who else ""
    sign = "+" if e.get("comparison") == "at_least" else "-"
    dice = f" on {e['dice']}" if e.get("dice") else ""
    return (
        f"    ROLL {head}{e['name']} ({e['rule']}): {e['target']}{sign}{dice}{mods_text}; "
        f"p = {percent(str(e['p_success']))}; rolled {e['roll']} -> {outcome}"
    )


def _die(e: Event) -> str:
    mods = e.get("modifiers") or []
    faces = die_faces(e.get("dice", ""))
    each = f", each result 1 in {faces}" if faces else ""
    total = ""
    if mods:
        parts = " ".join(f"{signed(int(m['value']))} {m['reason']}" for m in mods)
        total = f" {parts} = {e.get('total', e['roll'])}"
    dice = e.get("dice", "the die")
    return f"    DIE {e['purpose']} ({e['rule']}): {dice} rolled {e['roll']}{total}{each}"


def _initiative(e: Event) -> str:
    mods = ", ".join(f"{m['reason']} {signed(int(m['value']))}" for m in e.get("modifiers", []))
    cat = f" ({e['category']})" if e.get("category") else ""
    plus = f" with {mods}" if mods else " with no modifier"
    return (
        f"    {e['aircraft']}{cat}: side roll {e['side_roll']}{plus}, initiative number "
        f"{e['number']}{_cite(e)}"
    )


def _move(e: Event) -> str:
    path = e.get("path")
    via = ""
    if isinstance(path, list) and len(path) > 1:  # the hexes it flew through (GS-82)
        via = " by " + " > ".join(str(h) for h in path[:-1])
    return (
        f"    {e['aircraft']} ({words(e['category'])}) moves {e['frm']} -> {e['to']}{via}, "
        f"heading {e['heading']}, altitude {e['altitude']}{_cite(e)}"
    )


def _outcome(e: Event) -> str:
    return f"    RESULT {e['text']} ({e['rule']})"


def _outcome_pending(e: Event) -> str:
    return f"    {e['what']}: its result is to be decided{_cite(e)}"


def _operational(e: Event) -> str:
    moves = ", ".join(f"{m['aircraft']} {m['frm']} -> {m['to']}" for m in e["moves"])
    return f"    {e['flight']}'s flight moves at operational scale: {moves}{_cite(e)}"


def _kill(e: Event) -> str:
    first = ", the first kill of the game" if e.get("first_kill") else ""
    return f"    KILL {e['side']} scores: {e['by']} destroyed {e['victim']}{first}{_cite(e)}"


def _launch(e: Event) -> str:
    kind = str(e.get("kind", "aam"))
    what = {
        "aam": f"an {e.get('missile', 'air-to-air missile')}",
        "sam": "a SAM",
        "arm": "an anti-radiation missile",
        "a2g": f"a {e.get('missile', 'weapon')}",
    }.get(kind, "a missile")
    weapon = f" ({e['weapon']})" if e.get("weapon") else ""
    return f"    LAUNCH {e['by']} launches {what}{weapon} at {e['target']}{_cite(e)}"


def _launch_failed(e: Event) -> str:
    who = e.get("by") or e.get("unit")
    what = e.get("missile") or {"sam": "its SAM", "arm": "its ARM"}.get(
        str(e.get("kind", "sam" if "unit" in e else "aam")), "its missile"
    )
    return f"    {who} fails to launch {what} at {e['target']}{_cite(e)}"


def _launch_prerequisites(e: Event) -> str:
    opts = [str(o).replace(":", " at ") for o in e.get("options", [])]
    return f"    {e['aircraft']} may launch: {names(opts)}{_cite(e)}"


def _sighted(e: Event) -> str:
    what = e.get("unit") or e.get("target")
    by = f" (by {e['by']})" if e.get("by") else ""
    how = {
        "openly": "sights",
        "camouflaged": "sights the camouflaged",
        "anew": "sights anew",
    }.get(str(e.get("how")), "sights")
    return f"    {e['side']} {how} {what}{by}{_cite(e)}"


def _identified(e: Event) -> str:
    what = e.get("unit") or e.get("target")
    by = f" by {e['by']}" if e.get("by") else ""
    how = f", {str(e['how']).strip()}" if e.get("how") else ""
    return f"    {e['side']} identifies {what}{by}{how}{_cite(e)}"


def _unsighted(e: Event) -> str:
    return f"    {e['side']} loses sight of {names(e.get('targets'))}{_cite(e)}"


def _declare(e: Event) -> str:
    what = str(e.get("what"))
    a = e.get("aircraft")
    text = {
        "dds": f"{a} runs DDS program {e.get('program')}",
        "engaging": f"{a} engages missile {e.get('missile')}",
        "illuminating": f"{a} illuminates for its missile {e.get('missile')}",
        "not illuminating": f"{a} stops illuminating for its missile {e.get('missile')}",
        "designating": f"{a} designates {e.get('target')} with its laser",
        "fac marking": f"{a} marks {e.get('target')} as a FAC",
        "modes": f"{a} has on: {names(e.get('on'))}",
        "designated search aircraft": f"{a} is a designated search aircraft",
        "padlocks": f"{a} padlocks {names(e.get('targets'))}",
        "noise arcs": f"{a} jams in the noise arcs {e.get('arcs')}",
        "searching for ground units": f"{a} searches for ground units",
        "damage control": f"{a} attempts damage control",
    }.get(what, f"{a} declares {words(what)}")
    return f"    DECLARE {text}{_cite(e)}"


def _dds(e: Event) -> str:
    used = e.get("used") or {}
    spent = ", ".join(f"{words(k)} {v}" for k, v in used.items() if v) or "nothing"
    return f"    {e['aircraft']}'s DDS program {e['program']} spends {spent}{_cite(e)}"


def _contact(e: Event) -> str:
    how = " (automatic)" if e.get("how") == "automatic" else ""
    return f"    {e['aircraft']}'s radar gains contact with {e['target']}{how}{_cite(e)}"


def _contact_lost(e: Event) -> str:
    return f"    {e['aircraft']}'s radar loses contact with {e['target']}{_cite(e)}"


def _contacts_dropped(e: Event) -> str:
    return (
        f"    {e['aircraft']}'s radar drops its other contacts ({names(e.get('targets'))}) "
        f"as it locks on{_cite(e)}"
    )


def _radar_candidates(e: Event) -> str:
    return (
        f"    {e['aircraft']}'s radar may roll for contact with {names(e.get('targets'))}{_cite(e)}"
    )


def _radar_lock(e: Event) -> str:
    return f"    LOCK-ON {e['aircraft']}'s radar locks on to {e['target']}{_cite(e)}"


def _lock_on(e: Event) -> str:
    return f"    LOCK-ON {e['unit']} locks on to {e['target']}{_cite(e)}"


def _lock_lost(e: Event) -> str:
    why = f" ({words(e['why'])})" if e.get("why") else ""
    return f"    {e['unit']} loses its lock-on to {e['target']}{why}{_cite(e)}"


def _lock_broken(e: Event) -> str:
    who = e.get("unit") or e.get("aircraft")
    return f"    {who}'s lock-on to {e['target']} is broken{_cite(e)}"


def _jammed(e: Event) -> str:
    return f"    {e['unit']}'s radar is jammed this turn{_cite(e)}"


def _radar(e: Event) -> str:
    state = {"alerted": "is reactivated (alerted)", "shutdown": "shuts down"}.get(
        str(e.get("state")), f"is now {words(e.get('state'))}"
    )
    return f"    {e['unit']}'s radar {state}{_cite(e)}"


def _passdown(e: Event) -> str:
    return f"    {e['target']} is passed down to {e['sam']}{_cite(e)}"


def _suppressed(e: Event) -> str:
    return f"    {e['unit']} is suppressed and does not {e['what']}{_cite(e)}"


_MARKER_NAMES = {
    "barrage": "Barrage fire",
    "out_of_ammo": "Out of Ammo",
    "blast_zone": "Blast Zone",
    "suppression": "Suppression",
    "suppression_removal": "Suppression removal",
    "smoke_1": "Smoke-1",
    "smoke_2": "Smoke-2",
    "laser_spot": "laser spot",
    "plotted_fire": "plotted fire",
}


def _marker_name(kind: Any) -> str:
    return _MARKER_NAMES.get(str(kind), words(kind))


def _marker(e: Event) -> str:
    where_parts = []
    if e.get("unit"):
        where_parts.append(f"on {e['unit']}")
    if e.get("hex"):
        where_parts.append(f"in hex {e['hex']}")
    if e.get("altitude") is not None:
        where_parts.append(f"at altitude {e['altitude']}")
    where = (" " + " ".join(where_parts)) if where_parts else ""
    by = f" by {e['by']}" if e.get("by") else ""
    name = _marker_name(e.get("kind"))
    action = e.get("action")
    if action == "place":
        text = f"{name} marker placed{where}{by}"
    elif action == "remove":
        text = f"{name} marker removed{where}"
    elif action == "flip":
        text = f"{name} marker{where} flipped to {_marker_name(e.get('to'))}"
    else:
        text = f"{name} marker{where}: {words(action)}"
    return f"    MARKER {text}{_cite(e)}"


def _plotted_fire(e: Event) -> str:
    if e.get("hex") is None:
        return f"    {e['unit']} plots no fire this turn (secret){_cite(e)}"
    return (
        f"    {e['unit']} plots its fire at hex {e['hex']}, altitude {e['altitude']} (secret)"
        f"{_cite(e)}"
    )


def _plot_revealed(e: Event) -> str:
    return (
        f"    {e['unit']}'s plotted fire is revealed: hex {e['hex']}, altitude {e['altitude']}"
        f"{_cite(e)}"
    )


def _status(e: Event) -> str:
    change = str(e.get("text", ""))
    if change[:1] in "+-" and change[1:]:
        verb = "enters" if change[0] == "+" else "leaves"
        said = f"{verb} {words(change[1:])}"
    else:
        said = words(change) or "changes status"
    when = " as its move ends" if e.get("when") == "move" else ""
    now = words(e.get("status")) if e.get("status") else "nothing"
    return f"    STATUS {e['aircraft']} {said}{when}; status now: {now}{_cite(e)}"


def _aircraft_log(e: Event) -> str:
    missiles = ", ".join(f"{k} x{v}" for k, v in (e.get("missiles") or {}).items()) or "none"
    parts = [
        f"hex {e['hex']}",
        f"heading {e['heading']}",
        f"altitude {e['altitude']}",
        f"status {words(e.get('status'))}",
        f"chaff {e.get('chaff')}",
        f"flares {e.get('flares')}",
        f"mini-jammers {e.get('mini_jammers')}",
        f"missiles {missiles}",
        f"contacts {names(e.get('contacts'))}",
        f"locks {names(e.get('locks'))}",
    ]
    return f"    LOG {e['aircraft']}: {'; '.join(parts)}{_cite(e)}"


def _attack(e: Event) -> str:
    nth = {1: "first", 2: "second"}.get(int(e.get("count", 0)), f"number {e.get('count')}")
    return (
        f"    ATTACK {e['aircraft']} makes a {words(e['kind'])} attack on {e['target']} "
        f"(its {nth} this turn){_cite(e)}"
    )


def _destroyed(e: Event) -> str:
    return f"    DESTROYED {e['unit']} (by {e['by']}){_cite(e)}"


def _disengaged(e: Event) -> str:
    return (
        f"    {e['aircraft']} disengages at {e['hex']}: {e.get('reason', 'off the map')}{_cite(e)}"
    )


def _weapon_move(e: Event) -> str:
    alt = f", altitude {e['altitude']}" if e.get("altitude") is not None else ""
    return f"    {e['weapon']} flies to {e['hex']}{alt}{_cite(e)}"


def _weapon_removed(e: Event) -> str:
    return f"    {e['weapon']} is removed: {e.get('reason', 'its flight is over')}{_cite(e)}"


def _reload(e: Event) -> str:
    if e.get("reloaded"):
        n = e["reloaded"]
        done = f"reloads {n} rail{'s' if n != 1 else ''}"
    else:
        done = "reloads a rail"
    left = f", {e['reloads']} reloads left" if e.get("reloads") is not None else ""
    return f"    {e['unit']} {done}: {e['rails']} rails ready{left}{_cite(e)}"


def _ground_move(e: Event) -> str:
    return f"    {e['unit']} moves {e['frm']} -> {e['to']}{_cite(e)}"


def _line_of_sight(e: Event) -> str:
    blocked = [str(b).replace("-", " to ", 1) for b in e.get("blocked") or []]
    if not blocked:
        return f"    every line of sight is clear{_cite(e)}"
    return f"    lines of sight blocked by terrain: {names(blocked)}{_cite(e)}"


def _advantage(e: Event) -> str:
    cats = e.get("categories") or {}
    by_cat: dict[str, list[str]] = {}
    for pid, cat in cats.items():
        by_cat.setdefault(str(cat), []).append(str(pid))
    parts = [f"{words(c)}: {names(ids)}" for c, ids in by_cat.items()]
    return f"    relative positions: {'; '.join(parts) or 'no aircraft'}{_cite(e)}"


def _end(e: Event) -> str:
    kills = e.get("kills") or {}
    score = ", ".join(f"{side} {n}" for side, n in kills.items()) or "no kills"
    return f"Game over after turn {e['turn']}: kills {score}"


def _note(e: Event) -> str:
    return f"    note: {e['text']}"


def _decision(e: Event) -> str:
    why = f"  ({e['reason']})" if e.get("reason") else ""  # a bot's reason (GS-91)
    return f"  > {e['seat']}: {e['text']}{why}"


def _turn_summary(e: Event) -> str:
    return f"  SUMMARY of turn {e['turn']}{_reader(e)}: {e['text']}{_cite(e)}"


def _reader(e: Event) -> str:
    return f" for {e['side']}" if e.get("side") else ""


def _generic(e: Event) -> str:
    """An event type this module does not know yet, in words: its kind, then each field's
    name and value ("aircraft Viper-1, target Fulcrum-1")."""
    skip = {"type", "seq", "turn", "rule"}
    fields = "; ".join(f"{words(k)} {words(v)}" for k, v in e.items() if k not in skip)
    head = words(e.get("type", "event"))
    return f"    {head}{': ' + fields if fields else ''}{_cite(e)}"


FORMATS: dict[str, Callable[[Event], str]] = {
    "start": lambda e: f"{e['scenario']}: {', '.join(e['sides'])}, {e['turns']} turns",
    "turn": lambda e: f"=== Turn {e['turn']} ===",
    "phase": lambda e: f"-- {e['phase']} (turn {e['turn']})",
    "step": lambda e: f"  {e['step']}. {corrected(str(e['text']))}",
    "roll": _roll,
    "die": _die,
    "initiative": _initiative,
    "decision": _decision,
    "move": _move,
    "outcome": _outcome,
    "outcome_pending": _outcome_pending,
    "note": _note,
    "order_of_flight": lambda e: f"    order of flight: {', '.join(e['order'])}{_cite(e)}",
    "turn_end": lambda e: f"=== end of turn {e['turn']} ===",
    "turn_summary": _turn_summary,
    "end": _end,
    "suppressed": _suppressed,
    "preemption": lambda e: (
        f"    pre-emption declared: {e['aircraft']} moves right before {e['before']} "
        f"({e['reason']}, {e['rule']})"
    ),
    "pre_empts": lambda e: (
        f"    {e['aircraft']} pre-empts {e['before']} ({e['reason']}, {e['rule']})"
    ),
    "shootout": lambda e: (
        f"    shoot-out: {e['interceptor']} meets {e['weapon']} on its way to {e['target']} "
        f"({e['rule']})"
    ),
    "barrage_attack": lambda e: (
        f"    {e['unit']}'s barrage fire attacks {e['aircraft']} in {e['hex']} ({e['rule']})"
    ),
    "disengaged": _disengaged,
    "operational_move": _operational,
    "kill": _kill,
    "destroyed": _destroyed,
    "launch": _launch,
    "launch_failed": _launch_failed,
    "launch_prerequisites": _launch_prerequisites,
    "sighted": _sighted,
    "identified": _identified,
    "unsighted": _unsighted,
    "declare": _declare,
    "dds": _dds,
    "contact": _contact,
    "contact_lost": _contact_lost,
    "contacts_dropped": _contacts_dropped,
    "radar_candidates": _radar_candidates,
    "radar_lock": _radar_lock,
    "lock_on": _lock_on,
    "lock_lost": _lock_lost,
    "lock_broken": _lock_broken,
    "jammed": _jammed,
    "radar": _radar,
    "passdown": _passdown,
    "marker": _marker,
    "plotted_fire": _plotted_fire,
    "plot_revealed": _plot_revealed,
    "status": _status,
    "aircraft_log": _aircraft_log,
    "attack": _attack,
    "weapon_move": _weapon_move,
    "weapon_removed": _weapon_removed,
    "reload": _reload,
    "ground_move": _ground_move,
    "line_of_sight": _line_of_sight,
    "advantage": _advantage,
}


def describe(event: Event) -> str:
    """One line for an event (a known type in its own words, any other still in words)."""
    fmt = FORMATS.get(str(event.get("type")), _generic)
    try:
        line = fmt(event)
    except (KeyError, TypeError, ValueError, AttributeError):
        # an event of an older or newer shape than this sentence expects
        return _generic(event)
    if _REPR.search(line) and not _REPR.search(_values_text(event)):
        return _generic(event)  # a field of another shape than expected, printed raw
    return line


_REPR = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|[{}\[\]]")
"""What a Python value printed raw looks like in a line."""


def _values_text(event: Event) -> str:
    """The event's own text values, which may hold such characters themselves."""
    return " ".join(v for v in event.values() if isinstance(v, str))
