r"""Text from outside (a scenario, a form) shown safely: every character a terminal or a
log line could act on written as an escape, on one line.

>>> print(printable("Viper-1\n"), printable("\x1b[31mred"), printable("Jäger 1"))
Viper-1\n \x1b[31mred Jäger 1
"""

from __future__ import annotations

import unicodedata
from typing import Any

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escaped(char: str) -> str:
    """One character as an escape: ``\\n``, ``\\x1b``, ``\\u202e``."""
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def unprintable(char: str) -> bool:
    """Whether a terminal or a reader may not see ``char`` as itself: control and format
    characters (escape sequences, bidirectional overrides, zero widths), surrogates,
    line and paragraph separators."""
    return unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")


def first_unprintable(text: str) -> str | None:
    """The first character of ``text`` that :func:`unprintable` finds, else None."""
    return next((c for c in text if unprintable(c)), None)


def printable(text: str) -> str:
    """``text`` with every unprintable character written as its escape."""
    if first_unprintable(text) is None:
        return text
    return "".join(escaped(c) if unprintable(c) else c for c in text)


def printable_values(value: Any) -> Any:
    """``value`` (an event: mappings, lists, text) with every text :func:`printable`."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {k: printable_values(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [printable_values(v) for v in value]
    return value
