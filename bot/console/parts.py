"""The service's parts the console calls (`ConsoleSession.service`). The console's entry
(`run_console`) opens the match service, which satisfies it, and hands the bot player and
the web board the parts they use; the console's other modules reach nothing else of the
service (`tests/bot/test_layers.py` holds that each name here is used, and nothing beyond
them)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from bot.config import Settings
from bot.service import (
    ChallengesPart,
    ClocksPart,
    PlayPart,
    QueriesPart,
    SettingsPart,
)


class ConsoleParts(Protocol):
    """The parts of the match service the console uses, its clock and the bot's
    configuration (where its database is)."""

    play: PlayPart
    challenges: ChallengesPart
    queries: QueriesPart
    settings: SettingsPart
    clocks: ClocksPart
    config: Settings

    def now(self) -> datetime:
        """The service's current time."""
