"""The console's clock: the real time plus however far `tick` has moved it forward, so
clocks, reminders and timeouts can be tried without waiting for them."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.base import Clock, utc_now


class OffsetClock:
    """A clock (the real time unless given another) moved forward by `advance`; the match
    service reads it as its clock, so everything due by the moved time is due."""

    def __init__(self, base: Clock = utc_now) -> None:
        self.base = base
        self.ahead = timedelta()

    def __call__(self) -> datetime:
        return self.base() + self.ahead

    def advance(self, step: timedelta) -> None:
        """Move the time forward by `step`."""
        self.ahead += step
