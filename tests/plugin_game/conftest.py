"""The test-only game's own tests import its package from its source folder (the
installed wheel is tried in a fresh virtual environment by ``test_installed.py``)."""

import sys
from pathlib import Path

SOURCE = str(Path(__file__).with_name("src"))
if SOURCE not in sys.path:
    sys.path.insert(0, SOURCE)
