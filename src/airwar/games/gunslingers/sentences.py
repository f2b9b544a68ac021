"""The sentence of each kind of Gunslingers event in the log, one function per kind.

The event table (:data:`~airwar.games.gunslingers.event_table.EVENTS`) names
each kind's sentence; the short ones are written there.
"""

from __future__ import annotations

from airwar.games.gunslingers.wording import (
    Event,
    cite,
    die_faces,
    modifiers,
    names,
    percent,
    signed,
    words,
)


def roll(e: Event) -> str:
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


def die(e: Event) -> str:
    mods = e.get("modifiers") or []
    faces = die_faces(e.get("dice", ""))
    each = f", each result 1 in {faces}" if faces else ""
    total = ""
    if mods:
        parts = " ".join(f"{signed(int(m['value']))} {m['reason']}" for m in mods)
        total = f" {parts} = {e.get('total', e['roll'])}"
    dice = e.get("dice", "the die")
    return f"    DIE {e['purpose']} ({e['rule']}): {dice} rolled {e['roll']}{total}{each}"


def initiative(e: Event) -> str:
    mods = ", ".join(f"{m['reason']} {signed(int(m['value']))}" for m in e.get("modifiers", []))
    cat = f" ({e['category']})" if e.get("category") else ""
    plus = f" with {mods}" if mods else " with no modifier"
    return (
        f"    {e['aircraft']}{cat}: side roll {e['side_roll']}{plus}, initiative number "
        f"{e['number']}{cite(e)}"
    )


def move(e: Event) -> str:
    path = e.get("path")
    via = ""
    if isinstance(path, list) and len(path) > 1:  # the hexes it flew through (GS-82)
        via = " by " + " > ".join(str(h) for h in path[:-1])
    return (
        f"    {e['aircraft']} ({words(e['category'])}) moves {e['frm']} -> {e['to']}{via}, "
        f"heading {e['heading']}, altitude {e['altitude']}{cite(e)}"
    )


def outcome(e: Event) -> str:
    return f"    RESULT {e['text']} ({e['rule']})"


def outcome_pending(e: Event) -> str:
    return f"    {e['what']}: its result is to be decided{cite(e)}"


def operational(e: Event) -> str:
    moves = ", ".join(f"{m['aircraft']} {m['frm']} -> {m['to']}" for m in e["moves"])
    return f"    {e['flight']}'s flight moves at operational scale: {moves}{cite(e)}"


def kill(e: Event) -> str:
    first = ", the first kill of the game" if e.get("first_kill") else ""
    return f"    KILL {e['side']} scores: {e['by']} destroyed {e['victim']}{first}{cite(e)}"


def launch(e: Event) -> str:
    kind = str(e.get("kind", "aam"))
    what = {
        "aam": f"an {e.get('missile', 'air-to-air missile')}",
        "sam": "a SAM",
        "arm": "an anti-radiation missile",
        "a2g": f"a {e.get('missile', 'weapon')}",
    }.get(kind, "a missile")
    weapon = f" ({e['weapon']})" if e.get("weapon") else ""
    return f"    LAUNCH {e['by']} launches {what}{weapon} at {e['target']}{cite(e)}"


def launch_failed(e: Event) -> str:
    who = e.get("by") or e.get("unit")
    what = e.get("missile") or {"sam": "its SAM", "arm": "its ARM"}.get(
        str(e.get("kind", "sam" if "unit" in e else "aam")), "its missile"
    )
    return f"    {who} fails to launch {what} at {e['target']}{cite(e)}"


def launch_prerequisites(e: Event) -> str:
    opts = [str(o).replace(":", " at ") for o in e.get("options", [])]
    return f"    {e['aircraft']} may launch: {names(opts)}{cite(e)}"


def sighted(e: Event) -> str:
    what = e.get("unit") or e.get("target")
    by = f" (by {e['by']})" if e.get("by") else ""
    how = {
        "openly": "sights",
        "camouflaged": "sights the camouflaged",
        "anew": "sights anew",
    }.get(str(e.get("how")), "sights")
    return f"    {e['side']} {how} {what}{by}{cite(e)}"


def identified(e: Event) -> str:
    what = e.get("unit") or e.get("target")
    by = f" by {e['by']}" if e.get("by") else ""
    how = f", {str(e['how']).strip()}" if e.get("how") else ""
    return f"    {e['side']} identifies {what}{by}{how}{cite(e)}"


def unsighted(e: Event) -> str:
    return f"    {e['side']} loses sight of {names(e.get('targets'))}{cite(e)}"


def declare(e: Event) -> str:
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
    return f"    DECLARE {text}{cite(e)}"


def dds(e: Event) -> str:
    used = e.get("used") or {}
    spent = ", ".join(f"{words(k)} {v}" for k, v in used.items() if v) or "nothing"
    return f"    {e['aircraft']}'s DDS program {e['program']} spends {spent}{cite(e)}"


def contact(e: Event) -> str:
    how = " (automatic)" if e.get("how") == "automatic" else ""
    return f"    {e['aircraft']}'s radar gains contact with {e['target']}{how}{cite(e)}"


def contact_lost(e: Event) -> str:
    return f"    {e['aircraft']}'s radar loses contact with {e['target']}{cite(e)}"


def contacts_dropped(e: Event) -> str:
    return (
        f"    {e['aircraft']}'s radar drops its other contacts ({names(e.get('targets'))}) "
        f"as it locks on{cite(e)}"
    )


def radar_candidates(e: Event) -> str:
    return (
        f"    {e['aircraft']}'s radar may roll for contact with {names(e.get('targets'))}{cite(e)}"
    )


def radar_lock(e: Event) -> str:
    return f"    LOCK-ON {e['aircraft']}'s radar locks on to {e['target']}{cite(e)}"


def lock_on(e: Event) -> str:
    return f"    LOCK-ON {e['unit']} locks on to {e['target']}{cite(e)}"


def lock_lost(e: Event) -> str:
    why = f" ({words(e['why'])})" if e.get("why") else ""
    return f"    {e['unit']} loses its lock-on to {e['target']}{why}{cite(e)}"


def lock_broken(e: Event) -> str:
    who = e.get("unit") or e.get("aircraft")
    return f"    {who}'s lock-on to {e['target']} is broken{cite(e)}"


def jammed(e: Event) -> str:
    return f"    {e['unit']}'s radar is jammed this turn{cite(e)}"


def radar(e: Event) -> str:
    state = {"alerted": "is reactivated (alerted)", "shutdown": "shuts down"}.get(
        str(e.get("state")), f"is now {words(e.get('state'))}"
    )
    return f"    {e['unit']}'s radar {state}{cite(e)}"


def passdown(e: Event) -> str:
    return f"    {e['target']} is passed down to {e['sam']}{cite(e)}"


def suppressed(e: Event) -> str:
    return f"    {e['unit']} is suppressed and does not {e['what']}{cite(e)}"


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


def _marker_name(kind: object) -> str:
    return _MARKER_NAMES.get(str(kind), words(kind))


def marker(e: Event) -> str:
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
    return f"    MARKER {text}{cite(e)}"


def plotted_fire(e: Event) -> str:
    if e.get("hex") is None:
        return f"    {e['unit']} plots no fire this turn (secret){cite(e)}"
    return (
        f"    {e['unit']} plots its fire at hex {e['hex']}, altitude {e['altitude']} (secret)"
        f"{cite(e)}"
    )


def plot_revealed(e: Event) -> str:
    return (
        f"    {e['unit']}'s plotted fire is revealed: hex {e['hex']}, altitude {e['altitude']}"
        f"{cite(e)}"
    )


def status(e: Event) -> str:
    change = str(e.get("text", ""))
    if change[:1] in "+-" and change[1:]:
        verb = "enters" if change[0] == "+" else "leaves"
        said = f"{verb} {words(change[1:])}"
    else:
        said = words(change) or "changes status"
    when = " as its move ends" if e.get("when") == "move" else ""
    now = words(e.get("status")) if e.get("status") else "nothing"
    return f"    STATUS {e['aircraft']} {said}{when}; status now: {now}{cite(e)}"


def aircraft_log(e: Event) -> str:
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
    return f"    LOG {e['aircraft']}: {'; '.join(parts)}{cite(e)}"


def attack(e: Event) -> str:
    nth = {1: "first", 2: "second"}.get(int(e.get("count", 0)), f"number {e.get('count')}")
    return (
        f"    ATTACK {e['aircraft']} makes a {words(e['kind'])} attack on {e['target']} "
        f"(its {nth} this turn){cite(e)}"
    )


def destroyed(e: Event) -> str:
    return f"    DESTROYED {e['unit']} (by {e['by']}){cite(e)}"


def disengaged(e: Event) -> str:
    return (
        f"    {e['aircraft']} disengages at {e['hex']}: {e.get('reason', 'off the map')}{cite(e)}"
    )


def weapon_move(e: Event) -> str:
    alt = f", altitude {e['altitude']}" if e.get("altitude") is not None else ""
    return f"    {e['weapon']} flies to {e['hex']}{alt}{cite(e)}"


def weapon_removed(e: Event) -> str:
    return f"    {e['weapon']} is removed: {e.get('reason', 'its flight is over')}{cite(e)}"


def reload(e: Event) -> str:
    if e.get("reloaded"):
        n = e["reloaded"]
        done = f"reloads {n} rail{'s' if n != 1 else ''}"
    else:
        done = "reloads a rail"
    left = f", {e['reloads']} reloads left" if e.get("reloads") is not None else ""
    return f"    {e['unit']} {done}: {e['rails']} rails ready{left}{cite(e)}"


def ground_move(e: Event) -> str:
    return f"    {e['unit']} moves {e['frm']} -> {e['to']}{cite(e)}"


def line_of_sight(e: Event) -> str:
    blocked = [str(b).replace("-", " to ", 1) for b in e.get("blocked") or []]
    if not blocked:
        return f"    every line of sight is clear{cite(e)}"
    return f"    lines of sight blocked by terrain: {names(blocked)}{cite(e)}"


def advantage(e: Event) -> str:
    cats = e.get("categories") or {}
    by_cat: dict[str, list[str]] = {}
    for pid, cat in cats.items():
        by_cat.setdefault(str(cat), []).append(str(pid))
    parts = [f"{words(c)}: {names(ids)}" for c, ids in by_cat.items()]
    return f"    relative positions: {'; '.join(parts) or 'no aircraft'}{cite(e)}"


def end(e: Event) -> str:
    kills = e.get("kills") or {}
    score = ", ".join(f"{side} {n}" for side, n in kills.items()) or "no kills"
    return f"Game over after turn {e['turn']}: kills {score}"


def note(e: Event) -> str:
    return f"    note: {e['text']}"


def decision(e: Event) -> str:
    why = f"  ({e['reason']})" if e.get("reason") else ""  # a bot's reason (GS-91)
    return f"  > {e['seat']}: {e['text']}{why}"


def turn_summary(e: Event) -> str:
    return f"  SUMMARY of turn {e['turn']}{_reader(e)}: {e['text']}{cite(e)}"


def _reader(e: Event) -> str:
    return f" for {e['side']}" if e.get("side") else ""
