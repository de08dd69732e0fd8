"""The service's parts the Discord face calls (`Served.service`, reached by commands
through `service_of`). The client (`ShiftcordClient`), the face's entry, is given the
match service, which satisfies it, and hands the bot player and the web board the parts
they use; the face's other modules reach nothing else of the service
(`tests/bot/test_layers.py` holds that each name here is used, and nothing beyond them).
A module that uses one or two parts is given those alone (`Languages`, `Notifier`)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from bot.service import (
    ChallengesPart,
    ClocksPart,
    LeaguesPart,
    NoticesPart,
    PlayPart,
    PremovesPart,
    QueriesPart,
    SettingsPart,
)


class DiscordParts(Protocol):
    """The parts of the match service the Discord face uses, and its clock."""

    play: PlayPart
    challenges: ChallengesPart
    leagues: LeaguesPart
    queries: QueriesPart
    settings: SettingsPart
    clocks: ClocksPart
    notices: NoticesPart
    premoves: PremovesPart

    def now(self) -> datetime:
        """The service's current time."""
