"""Players' decisions: small values with a text form that parses back.

Every decision reads ``VERB SUBJECT [ARG ...]``: the verb says what is
declared, the subject is the unit (or result) it is about, the arguments are
its choice. Lists are comma-separated without spaces; ``none`` is an empty
choice. Examples::

    jam Prowler-1 150L,180,150R        declare BJM noise arcs (SAM phase 3)
    standoff Prowler-1 SA6-1,EWR-1     stand-off jamming attacks (SAM phase 4)
    lockon SA6-1 Viper-2               a SAM lock-on attempt (SAM phase 5/8)
    padlock Viper-1 Fulcrum-1          padlocks (Visual Sighting 8, GS-9)
    dds Viper-1 P1                     a DDS program on (Aircraft Decisions 1)
    move Viper-1 3,-2 h4 a12           a move: new hex (its default route), heading, altitude
    move Viper-1 1,-1>2,-2>3,-2 h4 a12 a move by its path, hex by hex (GS-82)
    attack Viper-1 gun:Fulcrum-1       an attack during the move (GS-13)
    launch Viper-1 AIM-9M:Fulcrum-1    missile launch attempts (AAM phase 2)
    result W3 destroyed                a referee result (GS-14)

>>> d = Decision.parse("move Viper-1 3,-2 h4 a12")
>>> d.verb, d.subject, d.args
('move', 'Viper-1', ('3,-2', 'h4', 'a12'))
>>> Decision.parse(str(d)) == d
True
>>> Decision.parse("move Viper-1 1,-1>2,-2>3,-2 h4 a12").args
('1,-1>2,-2>3,-2', 'h4', 'a12')

A decision may carry its reason after ``#`` (a bot's, GS-91): it is not part of the
choice (two decisions that differ only in it are equal) and the log keeps it in the
decision's event, which only the deciding side reads while the game runs.

>>> d = Decision.parse("launch Viper-1 none # holding the shot: 22%")
>>> d.args, d.reason, str(d)
(('none',), 'holding the shot: 22%', 'launch Viper-1 none # holding the shot: 22%')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from airwar.core.errors import InvalidNotation


@dataclass(frozen=True)
class Decision:
    """One decision: ``verb subject args...``."""

    verb: str
    subject: str
    args: tuple[str, ...] = ()
    reason: str = field(default="", compare=False)
    """Why it was made (a bot's words, GS-91); not part of the choice."""

    def __str__(self) -> str:
        text = " ".join((self.verb, self.subject, *self.args))
        return f"{text} # {self.reason}" if self.reason else text

    @property
    def choice(self) -> str:
        """The decision without its reason."""
        return " ".join((self.verb, self.subject, *self.args))

    @classmethod
    def parse(cls, text: str) -> Decision:
        text, _, reason = text.partition("#")
        reason = " ".join(reason.split())
        parts = text.split()
        if len(parts) < 2:
            raise InvalidNotation(
                f"{text!r} is not a decision: write VERB SUBJECT [CHOICE...], e.g. 'padlock "
                "Viper-1 Fulcrum-1'"
            )
        return cls(parts[0].lower(), parts[1], tuple(parts[2:]), reason)

    @property
    def first(self) -> str:
        """The first argument, or ``none``."""
        return self.args[0] if self.args else "none"

    def items(self) -> list[str]:
        """The first argument as a comma-separated list (``none`` is empty)."""
        raw = self.first
        if raw.lower() == "none":
            return []
        return [x for x in raw.split(",") if x]


def listed(items: list[str] | tuple[str, ...]) -> str:
    """A list as one argument: ``a,b,c`` (``none`` when empty)."""
    return ",".join(items) if items else "none"
