"""The example files a rule set ships in its package's ``examples/`` folder.

They are part of the installed package and read through
:mod:`importlib.resources`, so ``airwar gunslingers run dogfight-2v2`` and the
browser's example list work however airwar was installed (a wheel, an
editable checkout) and from whatever folder the command runs in.

>>> sorted(example_files(GUNSLINGERS))[:1]
['dogfight-2v2.toml']
>>> find_example(BIA, "ford-crossing").name
'ford-crossing.toml'
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from airwar.core.errors import AirwarError

GUNSLINGERS = "airwar.games.gunslingers"
BIA = "airwar.games.bia"

FOLDER = "examples"
SUFFIX = ".toml"

_extracted = ExitStack()
atexit.register(_extracted.close)


class UnknownFile(AirwarError):
    """A command's file argument that is neither an existing file nor an example's name."""


def example_files(package: str) -> dict[str, Traversable]:
    """The examples of ``package`` by file name (``dogfight-2v2.toml``), sorted."""
    folder = resources.files(package).joinpath(FOLDER)
    if not folder.is_dir():
        return {}
    found = [f for f in folder.iterdir() if f.name.endswith(SUFFIX) and f.is_file()]
    return {f.name: f for f in sorted(found, key=lambda f: f.name)}


def example_names(package: str) -> list[str]:
    """The examples' names as a command takes them (the file name without ``.toml``)."""
    return [name.removesuffix(SUFFIX) for name in example_files(package)]


def find_example(package: str, name: str) -> Traversable | None:
    """The example called ``name`` (with or without ``.toml``), or None."""
    files = example_files(package)
    key = name if name.endswith(SUFFIX) else name + SUFFIX
    return files.get(key)


def as_path(file: Traversable) -> Path:
    """A file of the package as a path on disk (extracted for the process's life when
    the package is not a folder, e.g. imported from a zip)."""
    return _extracted.enter_context(resources.as_file(file))


def resolve_file(package: str, text: str | Path, what: str) -> Path:
    """The file a command was given: an existing path wins, else an example of that name.

    Neither is one :class:`UnknownFile` naming both, and the examples there are.
    """
    path = Path(text)
    if path.exists():
        return path
    example = find_example(package, str(text)) if _plain_name(str(text)) else None
    if example is not None:
        return as_path(example)
    names = ", ".join(example_names(package)) or "none"
    raise UnknownFile(
        f"{text}: no such {what} file, and no example of that name (examples: {names})"
    )


def _plain_name(text: str) -> bool:
    """Whether ``text`` can be an example's name: no folder, nothing hidden."""
    return bool(text) and "/" not in text and "\\" not in text and not text.startswith(".")
