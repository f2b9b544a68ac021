"""Provably fair dice: a commitment to the seed, published before any roll.

A game's every roll follows from its seed (:mod:`airwar.core.rng`), so a
player who knew the seed could try each move in private before making it.
No client therefore ever receives the seed of a running game. Instead, when
the game is created, the server publishes

    commitment = SHA-256("airwar-seed:" + seed + ":" + salt)

with a fresh secret ``salt``. When the game ends, the seed and the salt are
revealed with the record, and anyone can check (``airwar verify RECORD``)
that the seed is the one committed to before the first roll, and that every
roll of the record follows from it: the server could not have changed the
dice once play began.

>>> salt = "00" * 16
>>> c = commitment(7, salt)
>>> check_commitment(7, salt, c), check_commitment(8, salt, c)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SALT_BYTES = 16


def new_secret_seed() -> str:
    """A seed for a game with secrets: 128 random bits, as hex (too many to guess from rolls)."""
    return secrets.token_hex(16)


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def commitment(seed: int | str, salt: str) -> str:
    """The published SHA-256 commitment to ``seed`` (hex)."""
    return hashlib.sha256(f"airwar-seed:{seed}:{salt}".encode()).hexdigest()


def check_commitment(seed: int | str, salt: str, published: str) -> bool:
    """Whether ``seed`` and ``salt`` open the commitment ``published``."""
    return hmac.compare_digest(commitment(seed, salt), published.strip().lower())
