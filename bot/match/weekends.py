"""The weekend pause: a clock that does not run on Saturday and Sunday in a time zone.

Pure: times are aware datetimes, zones IANA names read with zoneinfo. A weekend runs
from Saturday 00:00 to Monday 00:00 local time, so its length in real time is 48 hours,
or 47 or 49 when a daylight-saving change falls inside it.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo


def weekend_of(moment: datetime, zone: str) -> tuple[datetime, datetime]:
    """The weekend of `moment`'s week in `zone` (Monday to Sunday there): its start
    (Saturday 00:00 local) and end (Monday 00:00 local), in UTC. It has not ended at
    `moment`; it has begun if `moment` falls in it."""
    local_zone = ZoneInfo(zone)
    day = moment.astimezone(local_zone).date()
    monday = day - timedelta(days=day.weekday())
    saturday = datetime.combine(monday + timedelta(days=5), time(), tzinfo=local_zone)
    next_monday = datetime.combine(monday + timedelta(days=7), time(), tzinfo=local_zone)
    return saturday.astimezone(UTC), next_monday.astimezone(UTC)


def in_weekend(moment: datetime, zone: str) -> bool:
    """Whether `moment` falls on a Saturday or Sunday in `zone`."""
    return weekend_of(moment, zone)[0] <= moment


def weekend_deadline(start: datetime, running: timedelta, zone: str) -> datetime:
    """When a clock started at `start` with `running` time on it runs out, if it stops for
    every weekend in `zone`: a turn started during a weekend starts counting on Monday
    00:00 local, and a deadline crossing a weekend moves by that weekend's length."""
    moment, left = start.astimezone(UTC), running
    while True:
        saturday, monday = weekend_of(moment, zone)
        if moment < saturday:
            if moment + left <= saturday:
                return moment + left
            left -= saturday - moment
        moment = monday


def running_time(start: datetime, end: datetime, zone: str) -> timedelta:
    """How long a clock that stops for every weekend in `zone` runs from `start` to
    `end` (nothing if `end` is not after `start`)."""
    moment, total = start.astimezone(UTC), timedelta(0)
    while moment < end:
        saturday, monday = weekend_of(moment, zone)
        total += max(timedelta(0), min(end, saturday) - moment)
        moment = monday
    return total


def deadline_after(start: datetime, running: timedelta, zone: str | None) -> datetime:
    """When a clock started at `start` with `running` time on it runs out: with the weekend
    pause in `zone` (`weekend_deadline`), else (`zone` None) straight through."""
    return start + running if zone is None else weekend_deadline(start, running, zone)


def moved_deadline(deadline: datetime, stopped: datetime, restart: datetime, zone: str) -> datetime:
    """The deadline of a clock with the weekend pause in `zone` that stood still from
    `stopped` to `restart`: the running time it had left at `stopped` runs from `restart`."""
    return weekend_deadline(restart, running_time(stopped, deadline, zone), zone)
