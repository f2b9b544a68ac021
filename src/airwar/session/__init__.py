"""The play session: the one way every interface creates, plays and shows games.

Above the games and the store, below the bots, the analysis and the
interfaces (the browser app and the terminal commands). See
``docs/architecture.md``.
"""

from airwar.session.acting import MAX_PATH
from airwar.session.bots import BotOvertaken, bot_seed
from airwar.session.errors import Conflict, Forbidden, StaleDecision
from airwar.session.live import HINT_MODES, hint_refusal
from airwar.session.readers import HIDDEN_DECISION, PlaySession
from airwar.session.saving import BotMaker, BotScheduler
from airwar.session.seats import AI_PREFIX, HUMAN, REMOTE, SeatError
from airwar.session.sessions import Sessions
from airwar.session.verifying import verify_record

__all__ = [
    "AI_PREFIX",
    "HIDDEN_DECISION",
    "HINT_MODES",
    "HUMAN",
    "MAX_PATH",
    "REMOTE",
    "BotMaker",
    "BotOvertaken",
    "BotScheduler",
    "Conflict",
    "Forbidden",
    "PlaySession",
    "SeatError",
    "Sessions",
    "StaleDecision",
    "bot_seed",
    "hint_refusal",
    "verify_record",
]
