"""When a match's background work is next due (`matches.due_at`, read through an index by
the background round: `bot.store.clocks`): pure, from the match as stored and the
warnings its player to act chose.

What is due in a running turn: the idle reminder (the turn has waited the settings'
hours), the low-time reminder (only the settings' fraction of the turn's time left; with
the weekend pause, of the time its clock runs), each warning the player to act chose
before the deadline, and at the deadline the timeout (or the reminder that the others
may claim it). Each reminder is due until it is sent (`Match._reminded`), each warning
only after the time it was computed at (a warning sent is claimed, `DeadlineWarning`).
A clock paused by a vacation is due at once: the round works out when its pause ends (a
vacation's end itself is found through the vacations' own index).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.match.decision import low_time_from
from bot.match.records import Match
from bot.service.reports import DEFAULT_WARNINGS
from bot.store.clocks import CLAIMABLE, IDLE, LOW_TIME


def warning_hours(stored: object) -> tuple[int, ...]:
    """The warnings a member chose, as `members.warning_hours` keeps them (NULL: the
    default ones)."""
    if stored is None:
        return DEFAULT_WARNINGS
    return tuple(int(h) for h in str(stored).split(",") if h)


@dataclass(frozen=True)
class Due:
    """When a match's background work is next due: `at` a reminder, its timeout (or the
    reminder that it may be claimed) or a paused clock's look; `warn_at` the next warning
    before its deadline (None: nothing)."""

    at: datetime | None
    warn_at: datetime | None


def due_time(
    match: Match,
    now: datetime,
    *,
    after_seconds: float,
    fraction: float,
    warnings: Iterable[int],
    held: bool = False,
) -> Due:
    """When the match's background work is next due, as it stands at `now`: the earliest
    reminder not sent yet or its deadline, and its next warning after `now` (hours in
    `warnings`); a paused clock at its pause (for the round to look at); nothing for a
    match over, or with no turn running. With `held` (quiet hours or a snooze hold back
    what is due now: the caller knows when it comes) only what comes after `now`."""
    if not match.active or match.current_seat is None:
        return Due(None, None)
    if match.paused_at is not None:
        return Due(match.paused_at, None)
    started, deadline, sent = match.turn_started_at, match.deadline, match._reminded
    times = []
    if after_seconds > 0 and started is not None and not sent & IDLE:
        times.append(started + timedelta(seconds=after_seconds))
    if fraction > 0 and not sent & LOW_TIME:
        low = low_time_from(match, fraction)
        if low is not None:
            times.append(low)
    warned = []
    if deadline is not None:
        if match.rules.auto_timeout or not sent & CLAIMABLE:
            times.append(deadline)
        since = now if started is None else max(now, started)
        warned = [deadline - timedelta(hours=h) for h in warnings]
        warned = [moment for moment in warned if moment > since]
    if held:
        times = [moment for moment in times if moment > now]
    return Due(min(times, default=None), min(warned, default=None))
