"""Export a match record as text, and read such a text back to replay it."""

from __future__ import annotations

from collections.abc import Mapping

from bot.service.records import MatchRecord
from games import GameState


def export_text(record: MatchRecord, names: Mapping[int, str] | None = None) -> str:
    """The record as text: game, options, seed, players, dates, result, then the moves."""
    raise NotImplementedError


def replay_export(text: str) -> GameState:
    """Read an exported record and replay it; the final position. Raises ReplayError."""
    raise NotImplementedError
