"""airwar: tabletop air-combat rule sets on the computer.

Layers (docs/architecture.md): ``core`` (rules kernel) <- ``games`` <- ``store`` <-
``session`` <- ``bots`` / ``analysis`` / ``solver`` <- ``cli`` / ``web``.
"""

__version__ = "0.1.0"
