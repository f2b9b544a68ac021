"""The database schema, as SQLAlchemy 2 models.

Three tables. ``games`` holds one row per saved game: what game and options,
the seed, who sits where (and which browser holds each seat link), its
status, the score summary and the digest of the event log. ``game_actions``
holds the decisions, one row each, so that saving a decision is one small
insert in its own transaction (a game killed at any moment resumes from its
last completed decision).

JSON fields are stored as text that the store encodes and decodes itself:
the same on every database, and a damaged value is reported as a
:class:`~airwar.core.errors.RecordError` naming the game instead of failing
deep inside the driver. The migrations in ``migrations/versions`` create
exactly these tables; a test checks the two agree.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """Declarative base of the store's tables."""


class GameRow(Base):
    """One saved game (its decisions are :class:`ActionRow` rows)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    title: Mapped[str] = mapped_column(String(200), default="")
    record_format: Mapped[str] = mapped_column(String(32))
    record_version: Mapped[int] = mapped_column(Integer)
    options_json: Mapped[str] = mapped_column(Text)
    seed_json: Mapped[str] = mapped_column(String(200))
    seats_json: Mapped[str] = mapped_column(Text)
    meta_json: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="running")
    summary_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    log_digest: Mapped[str | None] = mapped_column(String(64), nullable=True)
    action_count: Mapped[int] = mapped_column(Integer, default=0)
    holders_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    """Who holds each seat link: ``{"held": {seat: key}, "moving": {seat: key}}``, each key
    a hash of a browser's secret or of a move link (written only by the seat methods)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)

    actions: Mapped[list[ActionRow]] = relationship(
        back_populates="owner", order_by="ActionRow.idx", cascade="all, delete-orphan"
    )


class ActionRow(Base):
    """One decision of a saved game: its place, the seat that took it, its text."""

    __tablename__ = "game_actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(400))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    owner: Mapped[GameRow] = relationship(back_populates="actions")


class LeaseRow(Base):
    """A piece of shared work held by one server process until ``expires_at``."""

    __tablename__ = "leases"

    name: Mapped[str] = mapped_column(String(200), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
