"""The console's clock: the real time plus however far `tick` has moved it forward, so
clocks, reminders and timeouts can be tried without waiting for them."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from bot.console import words as console_words
from bot.console.commands import ConsoleError
from bot.presentation.catalogue import fill
from bot.service.base import Clock, utc_now

MAX_STEP = timedelta(days=366)  # the most one `tick` moves time forward
_SPAN = re.compile(r"(?:(\d{1,6})\s*d(?:ays?)?)?\s*(?:(\d{1,6})\s*h(?:ours?)?)?")


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


def parse_step(text: str) -> timedelta:
    """How far to move time forward, from "2d", "12h" or "1d 6h"; a ConsoleError for
    anything else, nothing, or more than `MAX_STEP`."""
    found = _SPAN.fullmatch(text.strip().lower())
    if found is None or not any(found.groups()):
        raise ConsoleError(fill(console_words.UNREADABLE_TIME, typed=repr(text)))
    days, hours = (int(part or 0) for part in found.groups())
    step = timedelta(days=days, hours=hours)
    if step > MAX_STEP:
        raise ConsoleError(fill(console_words.TICK_AT_MOST, days=MAX_STEP.days))
    if not step:
        raise ConsoleError(fill(console_words.TICK_NOTHING))
    return step
