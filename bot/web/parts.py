"""The service's parts the web board calls: what a face serving it (Discord's client, the
console) hands it (`WebHost.service`). The match service satisfies it; the board reaches
nothing else of the service (`tests/bot/test_layers.py` holds that each name here is
used, and nothing beyond them)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from bot.service import PlayPart, QueriesPart, SettingsPart
from bot.service.web_sessions import WebSessionsPart


class WebParts(Protocol):
    """The parts of the match service the web board uses, and its clock."""

    play: PlayPart
    queries: QueriesPart
    settings: SettingsPart
    web_sessions: WebSessionsPart

    def now(self) -> datetime:
        """The service's current time."""
