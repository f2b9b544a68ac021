"""Per-side aliases (GS-71): each side names the enemy units it knows by labels of its own.

A side never reads an enemy unit's id or name. The first time it knows an enemy
unit (sights it, tracks it, finds its emissions, sees a missile), the unit gets
the side's next label, ``Contact-1``, ``Contact-2``, ...; several at once are
labelled by where they are (hex, then altitude). The labels are given after
every change of the state (:func:`update`, called with the audience of the
events), so a replay of the same decisions gives the same labels, turn after
turn. Identification shows the unit's type, not its name; only a scenario with
``reveal_names = true`` names an identified unit by its id.

Everything a side reads goes through :func:`to_seat` (its view, its events and
their narration, its choices, the reasons a decision is refused), and every
decision it makes through :func:`from_seat`, which maps its labels back to the
units and refuses, with one and the same words, any name the side does not know
(GS-72): an enemy id it has not been told, or a name that is nothing at all.
The referee reads and writes real ids; so does a side of its own units.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from airwar.core.errors import IllegalAction
from airwar.games.gunslingers.knowledge import knowledge, word_pattern
from airwar.games.gunslingers.model.actions import Decision, listed
from airwar.games.gunslingers.rules import air as air_rules
from airwar.games.gunslingers.visibility import owner

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel
    from airwar.games.gunslingers.model.tasks import Ask

PREFIX = "Contact-"
"""Every alias is this and a number (numbers that are some unit's id are skipped)."""

_SPLIT = re.compile(r"([,:])")


def reveal_names(state: GsModel) -> bool:
    """Whether the scenario names an identified enemy unit by its id (``reveal_names``)."""
    return bool(state.scenario.scenario.reveal_names)


def _enemy(state: GsModel, side: str) -> dict[str, Any]:
    """Every enemy unit and weapon in flight of ``side``, by id."""
    f = state.forces
    out: dict[str, Any] = {}
    for table in (f.planes, f.sams, f.radars, f.guns, f.ground):
        out.update({uid: u for uid, u in table.items() if u.side != side})
    out.update({wid: w for wid, w in state.weapons.items() if w.side != side})
    return out


def _taken(state: GsModel) -> set[str]:
    f = state.forces
    ids = {uid for t in (f.planes, f.sams, f.radars, f.guns, f.ground) for uid in t}
    return ids | set(state.weapons)


def _where(unit: Any) -> tuple[int, int, int]:
    h = getattr(unit, "hex", None)
    alt = getattr(unit, "altitude", 0)
    q, r = (h.q, h.r) if h is not None else (0, 0)
    return (q, r, alt if isinstance(alt, int) else 0)


def _known_now(state: GsModel, side: str) -> set[str]:
    """The enemy units ``side`` knows now, and the enemy weapon it is asked about (a
    shoot-out, GS-53)."""
    known = knowledge(state, side).known
    ask = state.pending_ask()
    asked = ask is not None and side_of(state, ask.seat) == side
    if ask is not None and asked and owner(state, ask.subject) not in (None, side):
        known = known | {ask.subject}
    return known


def update(state: GsModel) -> None:
    """Give each side's newly known enemy units their labels (called after every change
    of the state). Labels once given are kept for the rest of the game."""
    if state.is_terminal():
        return
    taken: set[str] | None = None
    for side in state.side_names:
        table = state.aliases.setdefault(side, {})
        fresh = [uid for uid in _known_now(state, side) if uid not in table]
        if not fresh:
            continue
        if taken is None:
            taken = _taken(state)
        units = _enemy(state, side)
        fresh.sort(key=lambda uid: (_where(units.get(uid)), uid))
        n = max((int(a[len(PREFIX) :]) for a in table.values()), default=0)
        for uid in fresh:
            n += 1
            while PREFIX + str(n) in taken:
                n += 1
            table[uid] = PREFIX + str(n)


def revealed(state: GsModel, side: str) -> set[str]:
    """The enemy units ``side`` may name by their ids: none, unless the scenario reveals
    names, and then those it has identified."""
    if not reveal_names(state):
        return set()
    me = state.forces.sides[side]
    return set(me.identified) | set(me.ground_identified)


def names(state: GsModel, side: str) -> dict[str, str]:
    """Each enemy id and name (label) that ``side`` must not read -> what it reads
    instead (its alias for the unit). Ids it may read (revealed) are left out.

    Asked for every text a side reads, so kept until what it is made from changes: the
    side's labels, the units it has identified, the weapons in flight, or the state
    changed by hand (issue 23: a decision or a roll changes none of them most of the
    time). The caller reads it and never changes it."""
    return _kept(state, side).names


def names_rewriter(state: GsModel, side: str) -> Callable[[Any], Any]:
    """:func:`rewrite` with the side's :func:`names`, made ready once for as long as they
    are kept (it remembers the texts it has rewritten)."""
    return _kept(state, side).rewrite


@dataclass(frozen=True)
class _Kept:
    """What a side's names are made from, kept with them (see :func:`names`)."""

    names: dict[str, str]
    rewrite: Callable[[Any], Any]
    back: dict[str, str]
    """Each label -> the unit it stands for."""
    unknown: frozenset[str]
    """The words the side may not write: enemy ids and names it has not been told."""
    own: frozenset[str]
    """The ids it may write as they are (:func:`_own_ids`)."""


def _kept(state: GsModel, side: str) -> _Kept:
    me = state.forces.sides[side]
    table = state.aliases.get(side, {})
    sets = (me.identified, me.ground_identified, state.weapons.keys())
    cached = state.cover_cache.get("names:" + side)
    if cached is not None:
        (hand, labels, identified), kept = cached
        if hand == state.hand_changes and labels == table and identified == sets:
            assert isinstance(kept, _Kept)
            return kept
    out = _names(state, side)
    kept = _Kept(
        out,
        rewriter(out),
        {alias: uid for uid, alias in table.items()},
        frozenset(set(out) | (set(_enemy(state, side)) - revealed(state, side))),
        frozenset(_own_ids(state, side)),
    )
    frozen = tuple(frozenset(x) for x in sets)
    state.cover_cache["names:" + side] = ((state.hand_changes, dict(table), frozen), kept)
    return kept


def _names(state: GsModel, side: str) -> dict[str, str]:
    table = state.aliases.get(side, {})
    shown = revealed(state, side)
    units = _enemy(state, side)
    plain = set(state.side_names) | _own_ids(state, side)  # never rewritten, whatever a name is
    out: dict[str, str] = {}
    for uid, unit in units.items():
        if uid in shown:
            continue
        # a unit the side never knew is hidden from it (GS-43); should one be named before
        # it has its label (the state changed by hand), it is a contact without a number
        alias = table.get(uid, PREFIX + "unlabelled")
        out[uid] = alias
        label = getattr(unit, "label", None)
        if isinstance(label, str) and label != uid and len(label) > 1 and label not in plain:
            out.setdefault(label, alias)
    return out


def rewrite(obj: Any, mapping: Mapping[str, str]) -> Any:
    """A copy of ``obj`` with every whole word that is a key of ``mapping`` replaced,
    in every string, keys and values, however deeply nested."""
    return rewriter(mapping)(obj)


def rewriter(mapping: Mapping[str, str]) -> Callable[[Any], Any]:
    """:func:`rewrite` with ``mapping`` made ready once, for the many parts of one view
    (issue 23: the words' pattern was made again for each enemy aircraft of a view)."""
    pattern = word_pattern(frozenset(mapping))
    if pattern is None:
        return _same
    sub = pattern.sub
    done: dict[str, str] = {}  # the texts already rewritten (the same keys and hexes recur)

    def word(m: re.Match[str]) -> str:
        return mapping[m.group(0)]

    def walk(obj: Any) -> Any:
        kind = type(obj)
        if kind is str:
            out = done.get(obj)
            if out is None:
                if len(done) >= 4096:
                    done.clear()
                out = done[obj] = sub(word, obj)
            return out
        if kind is int or kind is bool or obj is None:
            return obj
        if isinstance(obj, str):
            return sub(word, obj)
        if isinstance(obj, dict | Mapping):
            return {walk(k): walk(v) for k, v in obj.items()}
        if isinstance(obj, list):
            return [walk(x) for x in obj]
        if isinstance(obj, tuple):
            return tuple(walk(x) for x in obj)
        return obj

    return walk


def _same(obj: Any) -> Any:
    return obj


def side_of(state: GsModel, seat: int | None) -> str | None:
    """The side ``seat`` plays while the game runs (None: the referee, or the game is
    over and every seat reads real ids)."""
    if seat is None or state.is_terminal() or not 0 <= seat < len(state.forces.sides):
        return None
    return state.side_names[seat]


def to_seat(state: GsModel, seat: int | None, obj: Any) -> Any:
    """``obj`` as ``seat`` reads it: each enemy unit under the side's alias."""
    side = side_of(state, seat)
    if side is None:
        return obj
    return names_rewriter(state, side)(obj)


def decision_to_seat(state: GsModel, seat: int | None, d: Decision) -> Decision:
    """A decision written as ``seat`` writes it."""
    side = side_of(state, seat)
    if side is None:
        return d
    mapping = names(state, side)
    if not mapping:
        return d
    return Decision(d.verb, _word(d.subject, mapping), tuple(_words(a, mapping) for a in d.args))


def _word(word: str, mapping: Mapping[str, str]) -> str:
    return mapping.get(word, word)


def _words(arg: str, mapping: Mapping[str, str]) -> str:
    return "".join(_word(p, mapping) for p in _SPLIT.split(arg))


# -- what a side names in a decision (GS-72) -----------------------------------------

_LIST = frozenset({"radar", "lock", "padlock", "standoff", "engage", "designate", "fac",
                   "arm", "lockon"})  # fmt: skip
"""Verbs whose first argument lists units (or none)."""

_LAST = frozenset({"launch", "retry", "attack"})
"""Verbs whose first argument lists TYPE:TARGET (or KIND:TARGET, bomb:WEAPON:TARGET)."""

_PAIRS = frozenset({"passdown"})
"""Verbs whose first argument is SAM:TARGET."""

_WORDS = frozenset({"none", "done", "yes", "no", "off", "stay", "search"})


NAMING = _LIST | _LAST | _PAIRS | {"shootout", "preempt"}
"""Verbs whose choices name units other than their subject."""


def _targets(d: Decision) -> list[str]:
    """The words of ``d`` that name units (other than its subject)."""
    if not d.args:
        return []
    first = d.first
    if first.lower() in _WORDS:
        return []
    items = [x for x in first.split(",") if x and x.lower() not in _WORDS]
    if d.verb in _LIST:
        return items
    if d.verb in _LAST:
        return [x.split(":")[-1] for x in items if ":" in x]
    if d.verb in _PAIRS:
        return [p for x in items for p in x.split(":") if p]
    if d.verb == "shootout":
        return items
    if d.verb == "preempt" and len(d.args) == 1:
        return [p for p in first.split(":")[:2] if p]
    return []


def refusal(state: GsModel, ask: Ask, side: str) -> str:
    """The one refusal of a decision that names a unit ``side`` does not know, whichever
    unit (hidden from it, or none at all): it repeats nothing of what was named."""
    what = decision_to_seat(state, ask.seat, Decision(ask.verb, ask.subject))
    return (
        f"{what.verb} {what.subject}: the decision names a unit {side} does not know, or "
        "may not name here; name an enemy unit by the label its view gives it, and only one "
        "among the choices (?) (GS-72)"
    )


def from_seat(state: GsModel, ask: Ask, d: Decision) -> Decision:
    """``d`` as the engine reads it: each of the deciding side's aliases mapped back to its
    unit. A decision by a side that names a unit it does not know (an enemy id or name it
    has not been told, or nothing at all) is refused, before anything else is checked, by
    :func:`refusal` (GS-72). The referee's decisions pass as they are."""
    side = side_of(state, ask.seat)
    if side is None:
        return d
    kept = _kept(state, side)
    back, unknown = kept.back, kept.unknown
    subject = back.get(d.subject, d.subject)
    args = tuple("".join(back.get(p, p) for p in _SPLIT.split(a)) for a in d.args)
    engine = Decision(d.verb, subject, args)
    words = {d.subject, *(p for a in d.args for p in _SPLIT.split(a))}
    if words & unknown:
        raise IllegalAction(refusal(state, ask, side))
    own = kept.own
    may = _nameable(state, side, engine.verb)
    for target in _targets(engine):
        if target not in own and target not in may:
            raise IllegalAction(refusal(state, ask, side))
    if subject != ask.subject and d.subject not in own and d.subject not in back:
        raise IllegalAction(refusal(state, ask, side))
    return _radar_search(state, ask, side, engine)


def engine_form(state: GsModel, ask: Ask, d: Decision) -> Decision:
    """``d`` with the deciding side's aliases mapped back to the units (and ``search`` to
    the returns it rolls for), refusing nothing: the referee's own check follows."""
    side = side_of(state, ask.seat)
    if side is None:
        return d
    back = {alias: uid for uid, alias in state.aliases.get(side, {}).items()}
    if back:
        d = Decision(
            d.verb,
            back.get(d.subject, d.subject),
            tuple("".join(back.get(p, p) for p in _SPLIT.split(a)) for a in d.args),
        )
    return _radar_search(state, ask, side, d)


def _own_ids(state: GsModel, side: str) -> set[str]:
    f = state.forces
    out = {uid for t in (f.planes, f.sams, f.radars, f.guns, f.ground) for uid, u in t.items()
           if u.side == side}  # fmt: skip
    out |= {wid for wid, w in state.weapons.items() if w.side == side}
    out |= revealed(state, side)
    return out


def _nameable(state: GsModel, side: str, verb: str) -> set[str]:
    """The enemy units ``side`` may name now in a ``verb`` decision: those it knows (GS-43),
    and for an attack those it sights (GS-72)."""
    k = knowledge(state, side)
    if verb == "attack":
        return k.sighted | k.ground
    return k.known


SEARCH = "search"
"""Radar detection rolls for the returns a side cannot name (Air Radar Search 3, GS-72)."""


def _radar_candidates(state: GsModel, ask: Ask, side: str) -> tuple[list[str], list[str]]:
    """The detection candidates of the aircraft asked that its side knows, and the others,
    nearest first (GS-72)."""
    cands = state.this_turn.radar_candidates.get(ask.subject, [])
    known = knowledge(state, side).known
    p = state.forces.planes[ask.subject]
    planes = state.forces.planes
    named = [t for t in cands if t in known]
    blind = sorted(
        (t for t in cands if t not in known),
        key=lambda t: (p.hex.distance(planes[t].hex), cands.index(t)),
    )
    return named, blind


def _radar_choices(state: GsModel, ask: Ask, side: str) -> list[Decision]:
    named, _ = _radar_candidates(state, ask, side)
    pool = [*named, SEARCH]  # offered whether or not a return is unknown: it tells nothing
    most = air_rules.detection_rolls_per_turn()
    out = []
    for k in range(min(most, len(pool)) + 1):
        out += [Decision("radar", ask.subject, (listed(list(c)),)) for c in combinations(pool, k)]
    return out


def _radar_search(state: GsModel, ask: Ask, side: str, d: Decision) -> Decision:
    """``search`` in a radar decision: the returns the side cannot name, nearest first, as
    many as its rolls left allow (GS-13, GS-72)."""
    items = d.items()
    if d.verb != "radar" or SEARCH not in items or ask.verb != "radar":
        return d
    named = [t for t in items if t != SEARCH]
    p = state.forces.planes.get(ask.subject)
    if p is None:
        return d
    left = air_rules.detection_rolls_per_turn() - p.detection_rolls - len(named)
    _, blind = _radar_candidates(state, ask, side)
    return Decision(d.verb, d.subject, (listed(named + blind[: max(0, left)]), *d.args[1:]))


def seat_subject(state: GsModel, ask: Ask) -> str:
    """The subject of ``ask`` as its seat reads it (the ``decision`` of its view, GS-71),
    without making the whole view."""
    side = side_of(state, ask.seat)
    if side is None:
        return ask.subject
    return str(names_rewriter(state, side)(ask.subject))


def radar_pool(state: GsModel, ask: Ask) -> list[str] | None:
    """The items a side's radar detection declaration may name, in the order its choices
    name them: the candidates it knows, under its labels, then ``search`` (GS-72); None
    for the referee. The same as the items of :func:`seat_choices`, without listing every
    combination of them."""
    side = side_of(state, ask.seat)
    if side is None or ask.verb != "radar":
        return None
    named, _ = _radar_candidates(state, ask, side)
    mapping = names(state, side)
    return [_word(t, mapping) for t in named] + [SEARCH]


def seat_choices(
    state: GsModel, ask: Ask, choices: list[Decision] | Callable[[], list[Decision]]
) -> list[Decision]:
    """The legal ``choices`` of ``ask`` as its side may see them: only those that name
    enemy units it may name (GS-72), each written with its aliases (GS-71). ``choices``
    may be given as the function that lists them: a side's radar declaration, whose
    choices are its own, never lists the referee's."""
    side = side_of(state, ask.seat)
    listed_: list[Decision]
    if side is not None and ask.verb == "radar":
        listed_ = _radar_choices(state, ask, side)
    else:
        listed_ = choices() if callable(choices) else choices
    if side is None:
        return listed_
    choices = listed_
    if not choices:
        return choices
    mapping = names(state, side)
    if ask.verb not in NAMING and ask.subject not in mapping:
        return choices  # a move, a yes or no, a list of modes or arcs: no unit named
    own = _own_ids(state, side)
    may = _nameable(state, side, ask.verb) | own
    out = []
    for d in choices:
        if any(t not in may for t in _targets(d)):
            continue
        out.append(
            Decision(d.verb, _word(d.subject, mapping), tuple(_words(a, mapping) for a in d.args))
        )
    return out
