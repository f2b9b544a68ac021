"""Where the examples the package ships are, for the tests that read them as files."""

from pathlib import Path

import airwar.games

GAMES = Path(airwar.games.__file__).resolve().parent
GUNSLINGERS_EXAMPLES = GAMES / "gunslingers" / "examples"
BIA_EXAMPLES = GAMES / "bia" / "examples"
