"""Declared game parameters with defaults and bounds (OpenSpiel style).

Every house rule is a named option with its default, never a hidden constant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from airwar.core.errors import OptionError


@dataclass(frozen=True)
class Parameter:
    """One option of a game: name, default, type, bounds or choices, rule id, and the
    words a form shows for it (``label``; its name with spaces when not given)."""

    name: str
    default: Any
    help: str
    rule: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] | None = None
    label: str = ""

    @property
    def kind(self) -> type:
        return type(self.default)

    @property
    def shown_label(self) -> str:
        """The option's label in words: ``label``, or the name with spaces for underscores."""
        return self.label or self.name.replace("_", " ")

    def coerce(self, value: Any) -> Any:
        """Convert ``value`` (possibly text from a command line) and check it."""
        kind = self.kind
        try:
            if kind is bool and isinstance(value, str):
                low = value.strip().lower()
                if low in ("1", "true", "yes", "on"):
                    value = True
                elif low in ("0", "false", "no", "off"):
                    value = False
                else:
                    raise ValueError(value)
            elif kind is int and isinstance(value, bool):
                raise ValueError(value)  # true is not a number, whatever Python says
            elif kind is int:
                if isinstance(value, float) and not value.is_integer():
                    raise ValueError(value)
                value = int(value)
            elif kind is bool and not isinstance(value, bool):
                raise ValueError(value)
            elif kind is str:
                value = str(value)
        except (TypeError, ValueError):
            raise OptionError(f"option {self.name}: {value!r} is not a {kind.__name__}") from None
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name}: {value!r} is not one of {allowed}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name}: {value} is below the minimum {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name}: {value} is above the maximum {self.maximum}")
        return value


def resolve_options(
    parameters: Sequence[Parameter], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names and bad values raise OptionError."""
    by_name = {p.name: p for p in parameters}
    out = {p.name: p.default for p in parameters}
    for name, value in (given or {}).items():
        if name not in by_name:
            known = ", ".join(sorted(by_name))
            raise OptionError(f"unknown option {name!r} (known: {known})")
        out[name] = by_name[name].coerce(value)
    return out


def kind_words(kind: type) -> str:
    return {bool: "true or false", int: "a whole number", str: "text"}.get(kind, kind.__name__)


def type_refusal(
    parameters: Sequence[Parameter], given: Mapping[str, Any]
) -> tuple[str, str] | None:
    """For options sent as JSON values (no text to convert): the first option whose value is
    not of its parameter's type exactly (``true`` or ``"5"`` for a whole number, ``1`` for
    true or false), as (name, why); None when every one fits. Unknown names are left to
    :func:`resolve_options`."""
    by_name = {p.name: p for p in parameters}
    for name, value in given.items():
        p = by_name.get(name)
        if p is not None and type(value) is not p.kind:
            return name, f"{value!r} is not {kind_words(p.kind)}: the catalog gives its type"
    return None
