"""Spans of time and clocks in words: a span ("2 days 12 hours"), a clock ("3 days per
move", a time bank), each player's bank, and what the clock strip of a picture says of
each seat (and why a clock is paused). Whole sentences with named placeholders, then the
functions that fill them (`catalogue.fill`); reading a clock a player typed is
`parsing`'s, what happens at a deadline `deadlines`'.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.match.decision import time_left
from bot.match.phrases import Namer, write_members
from bot.match.records import MAX_CLOCK_HOURS
from bot.match.weekends import in_weekend
from bot.presentation.catalogue import fill
from bot.presentation.language import localised, moment_words
from bot.presentation.writing import Style
from bot.service import Match

SPAN_DAYS_HOURS = "{day_count} {hour_count}"
SPAN_DAYS = "{day_count}"
SPAN_HOURS = "{hour_count}"
SPAN_MINUTES = "{minutes}"
NO_CLOCK = "no clock"
PER_MOVE_DAYS = "{day_count} per move"
PER_MOVE_HOURS = "{hour_count} per move"
TIME_BANK = "a time bank of {start}, plus {increment} per move, at most {cap}"
BANKS = "Time banks: {banks}."
BANK = "{player} {left}"
CLOCK_PAUSED = "paused"
CLOCK_PAUSED_UNTIL = "paused until {until}"
CLOCK_WEEKEND = "paused for the weekend"
BANK_RUNNING = "{player} {left} (running since this turn began)"
CLOCK_OF_SEAT = "{seat}: {clock}"
CLOCK_LEFT = "{left} left"
CLOCK_LEFT_PAUSED = "{left} left, {pause}"


def span_words(span: timedelta) -> str:
    """A span in days and hours, to the nearest hour: "2 days 12 hours", "12 hours"; a
    span under an hour in minutes ("40 minutes", "0 minutes")."""
    seconds = span.total_seconds()
    if round(seconds / 60) < 60:
        return fill(SPAN_MINUTES, minutes=round(seconds / 60))
    days, hours = divmod(round(seconds / 3600), 24)
    if not days:
        return fill(SPAN_HOURS, hour_count=hours)
    if not hours:
        return fill(SPAN_DAYS, day_count=days)
    return fill(SPAN_DAYS_HOURS, day_count=days, hour_count=hours)


def format_clock(hours: int) -> str:
    """ "3 days per move", "12 hours per move" or "no clock"."""
    if hours <= 0:
        return fill(NO_CLOCK)
    if hours % 24 == 0:
        return fill(PER_MOVE_DAYS, day_count=hours // 24)
    return fill(PER_MOVE_HOURS, hour_count=hours)


def clock_words(hours: int, increment_hours: int | None, cap_hours: int | None) -> str:
    """A clock in words: "3 days per move", or a time bank ("a time bank of 3 days, plus
    1 day per move, at most 7 days"; no cap given: at most 30 days)."""
    if not hours or increment_hours is None:
        return format_clock(hours)
    return fill(
        TIME_BANK,
        start=span_words(timedelta(hours=hours)),
        increment=span_words(timedelta(hours=increment_hours)),
        cap=span_words(timedelta(hours=cap_hours or MAX_CLOCK_HOURS)),
    )


def banks_text(match: Match, style: Style) -> str:
    """Each player's time bank ("" without one); the player to act's is what their turn
    began with (their deadline says when it runs out)."""
    if not match.active or not match.banks:
        return ""
    parts = []
    for seat in match.seats:
        if seat.retired:
            continue
        left = span_words(timedelta(seconds=match.banks[seat.seat]))
        bank = BANK_RUNNING if seat.seat == match.current_seat else BANK
        parts.append(fill(bank, player=style.mention(seat.member_id), left=left))
    return fill(BANKS, banks=", ".join(parts))


def clock_line(match: Match, now: datetime, name: Namer) -> str | None:
    """How much time each player has, in plain words for the picture's clock strip
    ("White: 2 days 4 hours left · Black: 3 days"; seats only numbered are called by
    their members' `name`); None for a match without a clock or that has ended. The
    player to act has until their deadline (less the weekends it leaves out), and their
    clock may say why it stands still; a waiting player with a time bank has their bank."""
    parts = []
    for seat in range(len(match.seats)):
        left = seat_clock(match, seat, now)
        if left:
            seat_name = write_members(localised(match.seat_name(seat)), name)
            parts.append(fill(CLOCK_OF_SEAT, seat=seat_name, clock=left))
    return " · ".join(parts) or None


def clock_pause(match: Match, now: datetime) -> str | None:
    """Why the clock of the player to act is not running at `now`, in a few words for
    the clock strip (their vacation, with the day they return, or the weekend where they
    live); None if it runs. A picture cannot show a Discord time: the return is in UTC."""
    if match.paused and match.returns_at is not None:
        return fill(CLOCK_PAUSED_UNTIL, until=f"{moment_words(match.returns_at)} UTC")
    if match.paused:
        return fill(CLOCK_PAUSED)
    if match.clock_zone is not None and in_weekend(now, match.clock_zone):
        return fill(CLOCK_WEEKEND)
    return None


def seat_clock(match: Match, seat: int, now: datetime) -> str:
    """How much time one seat has, as `clock_line` says it without the seat's name ("2
    days 4 hours left", "3 days"); "" where it has no clock running or banked."""
    if not match.active or not match.rules.clock_hours or match.seats[seat].retired:
        return ""
    if seat == match.current_seat and match.deadline is not None:
        left = span_words(time_left(match, now))
        pause = clock_pause(match, now)
        if pause is None:
            return fill(CLOCK_LEFT, left=left)
        return fill(CLOCK_LEFT_PAUSED, left=left, pause=pause)
    return span_words(timedelta(seconds=match.banks[seat])) if match.banks else ""
