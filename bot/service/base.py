"""The match service's shared core: the store, settings, the clock and the random source."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime

from bot.config import Settings
from bot.store import Store

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The current time, timezone-aware UTC (the default clock)."""
    return datetime.now(UTC)


class ServiceBase:
    """State shared by the service's parts; construct `MatchService`, not this."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        *,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self._clock = clock
        self._rng = rng or random.SystemRandom()

    def now(self) -> datetime:
        """The service's current time (injectable for tests and the reminder task)."""
        return self._clock()

    async def close(self) -> None:
        """Close the database connection."""
        await self.store.close()
