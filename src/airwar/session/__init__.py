"""The play session: the one way every interface creates, plays and shows games.

Above the games and the store, below the bots, the analysis and the
interfaces (the browser app and the terminal commands). See
``docs/architecture.md``.
"""

from airwar.session.play import (
    HIDDEN_DECISION,
    HINT_MODES,
    MAX_PATH,
    BotMaker,
    BotOvertaken,
    BotScheduler,
    Conflict,
    Forbidden,
    PlaySession,
    Sessions,
    StaleDecision,
    bot_seed,
    hint_refusal,
    verify_record,
)
from airwar.session.seats import AI_PREFIX, HUMAN, REMOTE, SeatError

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
