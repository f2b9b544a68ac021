"""airwar: tabletop air-combat rule sets on the computer.

Layers (DESIGN.md): ``core`` (rules kernel) <- ``games`` / ``bots`` /
``analysis`` / ``store`` <- ``cli`` / ``web``.
"""

__version__ = "0.1.0"
