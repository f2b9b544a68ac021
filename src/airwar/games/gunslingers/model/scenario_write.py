"""A scenario's content written back as TOML text, laid out as the examples are.

The scenario editor in the browser works on a scenario's content as data (the
tables, lists and values ``tomllib`` reads from a file) and saves it with
:func:`scenario_toml`. What it writes reads back as the same data::

    tomllib.loads(scenario_toml(data)) == data

so a file loaded and saved again means what it meant (a unit keeps exactly the
fields it gave; those it left out still come from its type, GS-60).

Layout: ``[scenario]`` and ``[map]`` first, then each unit as its own
``[[aircraft]]``, ``[[sams]]``... table, its nested values (crew, radar,
missiles) inline, and the outcome tables last as ``[outcomes.missile]``.

:func:`toml_problems` finds what TOML cannot hold (JSON's ``null``, a value that
is not text, a whole number, true/false, a list or a table), each with its place,
before :func:`scenario_toml` is asked to write it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from typing import Any

FIRST = ("scenario", "map", "sides")
"""The tables written first, in this order; the units follow as the data lists them."""
LAST = ("outcomes",)

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")  # matched whole (fullmatch)
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}  # fmt: skip
WIDTH = 100
"""An array longer than this on one line is written one entry a line."""


def toml_problems(data: Any, place: str = "") -> list[str]:
    """Every value in ``data`` that TOML cannot hold, one line each with its place."""
    out: list[str] = []
    stack: list[tuple[Any, str]] = [(data, place)]
    while stack:
        node, where = stack.pop()
        shown = where or "(top level)"
        if isinstance(node, Mapping):
            for key, value in node.items():
                if not isinstance(key, str):
                    out.append(f"{shown}: the key {key!r} is not text")
                    continue
                stack.append((value, f"{where}.{key}" if where else key))
        elif isinstance(node, list | tuple):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(node))
        elif node is None:
            out.append(f"{shown}: empty (null) has no TOML form; leave the field out")
        elif isinstance(node, float) and not math.isfinite(node):
            out.append(f"{shown}: {node} is not a finite number")
        elif isinstance(node, str):
            if any(0xD800 <= ord(c) <= 0xDFFF for c in node):
                out.append(f"{shown}: the text holds half of a UTF-16 pair")
        elif not isinstance(node, bool | int | float):
            out.append(f"{shown}: a {type(node).__name__} has no TOML form")
    return sorted(out)


def key_text(key: str) -> str:
    """A key as TOML writes it: bare when it can be, else quoted."""
    return key if _BARE_KEY.fullmatch(key) else string_text(key)


def string_text(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for c in text:
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def value_text(value: Any) -> str:
    """A value on one line: text, a number, true/false, an inline array or table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        text = repr(value)
        return text if any(c in text for c in ".en") else text + ".0"
    if isinstance(value, str):
        return string_text(value)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        inner = ", ".join(f"{key_text(k)} = {value_text(v)}" for k, v in value.items())
        return "{ " + inner + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    raise TypeError(f"{type(value).__name__} has no TOML form")


def _entry(key: str, value: Any) -> str:
    """``key = value``; a long array of tables is written one entry a line."""
    line = f"{key_text(key)} = {value_text(value)}"
    if isinstance(value, list | tuple) and len(line) > WIDTH and value:
        items = "".join(f"  {value_text(v)},\n" for v in value)
        return f"{key_text(key)} = [\n{items}]"
    return line


def _is_table_list(value: Any) -> bool:
    return (
        isinstance(value, list | tuple)
        and bool(value)
        and all(isinstance(v, Mapping) for v in value)
    )


def _table(path: list[str], table: Mapping[str, Any]) -> Iterator[str]:
    """A ``[path]`` table: its values, then its sub-tables as ``[path.key]``."""
    yield "[" + ".".join(key_text(p) for p in path) + "]"
    subtables = []
    for key, value in table.items():
        if isinstance(value, Mapping) and value:
            subtables.append(key)
        else:
            yield _entry(key, value)
    for key in subtables:
        yield ""
        yield from _table([*path, key], table[key])


def _ordered(data: Mapping[str, Any]) -> list[str]:
    keys = list(data)
    first = [k for k in FIRST if k in data]
    last = [k for k in LAST if k in data]
    return first + [k for k in keys if k not in first and k not in last] + last


def scenario_toml(data: Mapping[str, Any], comment: str | None = None) -> str:
    """The TOML text of a scenario's content (any table of TOML values, in fact).

    ``comment`` (one or more lines) heads the file. Raises ``TypeError`` on a value
    TOML cannot hold (see :func:`toml_problems`).
    """
    lines: list[str] = []
    if comment:
        lines += [f"# {line}".rstrip() for line in comment.splitlines()]
        lines.append("")
    keys = _ordered(data)
    # plain values before the first table header: after one they would belong to it
    plain = [k for k in keys if not isinstance(data[k], Mapping) and not _is_table_list(data[k])]
    for key in plain:
        lines.append(_entry(key, data[key]))
    if plain:
        lines.append("")
    for key in keys:
        value = data[key]
        if isinstance(value, Mapping):
            lines += _table([key], value)
            lines.append("")
        elif _is_table_list(value):
            for item in value:
                lines.append(f"[[{key_text(key)}]]")
                lines += [_entry(k, v) for k, v in item.items()]
                lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"
