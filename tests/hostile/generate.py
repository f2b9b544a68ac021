"""Make the hostile inputs too big (or too binary) to keep in the repository.

    python tests/hostile/generate.py FOLDER

writes into FOLDER, for both file formats (Gunslingers scenarios ``gs-*``,
Bounce Into Action engagements ``bia-*``):

- ``*-deep.toml``: 3,000 nested ``[``, deeper than Python can parse;
- ``*-nested.toml``: 30 nested lists, which parse but nest deeper than the
  format ever does;
- ``*-huge-int.toml``: a whole number of 5,000 digits;
- ``*-not-utf8.toml``: bytes that are not UTF-8;
- ``*-oversize.toml``: a well-formed file of more than 1 MB;

and ``bia-many-aircraft.toml``, an engagement with 101 aircraft. ``TOKENS``
are the long command-line values the manifest refers to by name.
"""

from __future__ import annotations

import sys
from pathlib import Path

TOKENS = {
    "{digits5000}": "9" * 5000,
    "{seed70}": "7" * 70,
    "{int64+1}": str(2**63),
    "{10^30}": str(10**30),
}
"""Command-line values too long to read in the manifest, by the name it uses."""

SCENARIO_HEAD = """[scenario]
name = "Hostile"
turns = 2

[[sides]]
name = "Blue"

[[sides]]
name = "Red"
"""

ENGAGEMENT_HEAD = """title = "Hostile"
turns = 3

[[aircraft]]
name = "Gunship"
side = "red"
speed = "slow"
manoeuvrability = "medium"
present = [1, 2]
"""


def _aircraft(i: int) -> str:
    return (
        f'[[aircraft]]\nname = "A{i}"\nside = "red"\nspeed = "slow"\n'
        'manoeuvrability = "medium"\npresent = [1]\n'
    )


def generate(folder: Path) -> list[Path]:
    """Write every generated hostile file into ``folder``; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    files: dict[str, bytes] = {}
    for prefix, head in (("gs", SCENARIO_HEAD), ("bia", ENGAGEMENT_HEAD)):
        files[f"{prefix}-deep.toml"] = (head + "x = " + "[" * 3000 + "]" * 3000 + "\n").encode()
        files[f"{prefix}-nested.toml"] = (head + "x = " + "[" * 30 + "]" * 30 + "\n").encode()
        files[f"{prefix}-huge-int.toml"] = (head + "x = " + "9" * 5000 + "\n").encode()
        files[f"{prefix}-not-utf8.toml"] = head.encode() + b'x = "\xff\xfe\xc3("\n'
        filler = "".join(f"# filler line {i:07d} of an oversized file\n" for i in range(25_000))
        files[f"{prefix}-oversize.toml"] = (head + filler).encode()
    files["bia-many-aircraft.toml"] = (
        ENGAGEMENT_HEAD + "".join(_aircraft(i) for i in range(100))
    ).encode()
    paths = []
    for name, data in files.items():
        path = folder / name
        path.write_bytes(data)
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in generate(Path(sys.argv[1] if len(sys.argv) > 1 else "hostile-generated")):
        print(p)
