"""Duel's browser parts: its renderer script, served from the package's own folder.

The browser app imports this module when it starts (``GameType.web`` names
``PARTS``); the rules never do. The home page's generic new-game form makes a
duel (its ``setup`` is ``"options"``), so Duel brings no routes or pages.
"""

from airwar.web.parts import WebParts

PARTS = WebParts(name="Duel", static=("airwar_duel", "static"), scripts=("duel.js",))
