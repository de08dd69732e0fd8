"""The weekend pause in the match rules, in memory: a deadline crossing a weekend moves
by that weekend's length in the mover's time zone (47 or 49 hours when the clocks change
inside it), a turn begun during a weekend counts from Monday 00:00 local, and a time bank
spends nothing during a weekend."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from bot.match import rules
from bot.match.actions import MOVE, Request
from bot.match.decision import Situation, time_left
from bot.match.records import MatchRules
from bot.match.weekends import in_weekend, running_time, weekend_deadline
from tests.bot.match_records import T0, new_match


def hours(n: float) -> timedelta:
    return timedelta(hours=n)


#: Thursday 8 January 2026, 23:00 UTC: Friday 12:00 in Auckland, Thursday 15:00 in Los Angeles.
FRIDAY = datetime(2026, 1, 8, 23, 0, tzinfo=UTC)


def test_a_deadline_crossing_a_weekend_moves_by_its_length_where_the_mover_lives():
    # Auckland (UTC+13): Saturday begins at 11:00 UTC on Friday, 12 hours after the start.
    auckland = weekend_deadline(FRIDAY, hours(24), "Pacific/Auckland")
    assert auckland == FRIDAY + hours(24 + 48)
    # Los Angeles (UTC-8): Saturday begins at 08:00 UTC on Saturday; a day fits before it.
    assert weekend_deadline(FRIDAY, hours(24), "America/Los_Angeles") == FRIDAY + hours(24)
    assert weekend_deadline(FRIDAY, hours(72), "America/Los_Angeles") == FRIDAY + hours(72 + 48)
    # A deadline falling at Saturday 00:00 itself does not cross the weekend.
    assert weekend_deadline(FRIDAY, hours(12), "Pacific/Auckland") == FRIDAY + hours(12)


def test_a_turn_begun_during_a_weekend_counts_from_monday_midnight_local():
    saturday = datetime(2026, 1, 10, 15, 0, tzinfo=UTC)
    assert weekend_deadline(saturday, hours(24), "UTC") == datetime(2026, 1, 13, 0, tzinfo=UTC)
    # Monday 00:00 in Auckland is Sunday 11:00 UTC.
    monday = datetime(2026, 1, 11, 11, 0, tzinfo=UTC)
    assert weekend_deadline(saturday, hours(5), "Pacific/Auckland") == monday + hours(5)
    assert in_weekend(saturday, "UTC") and not in_weekend(monday, "Pacific/Auckland")


def test_a_daylight_saving_change_inside_a_weekend_changes_its_length():
    # Berlin's summer time begins on Sunday 29 March 2026: that weekend lasts 47 hours.
    spring = datetime(2026, 3, 27, 11, 0, tzinfo=UTC)  # Friday 12:00 in Berlin
    assert weekend_deadline(spring, hours(24), "Europe/Berlin") == spring + hours(24 + 47)
    # It ends on Sunday 25 October 2026: that weekend lasts 49 hours.
    autumn = datetime(2026, 10, 23, 10, 0, tzinfo=UTC)  # Friday 12:00 in Berlin
    assert weekend_deadline(autumn, hours(24), "Europe/Berlin") == autumn + hours(24 + 49)
    assert running_time(autumn, autumn + hours(24 + 49), "Europe/Berlin") == hours(24)


def test_the_rules_give_the_mover_a_deadline_in_their_own_time_zone():
    paused = MatchRules(24, True, True, weekend_pause=True)
    first = new_match(rules_=replace(paused, weekend_pause=False))  # White (1) to move at T0
    match = replace(first, rules=paused)
    assert T0.weekday() == 4  # a Friday, 12:00 UTC
    zones = {1: "America/Los_Angeles", 2: "Pacific/Auckland"}
    notation = match.state.format_move(match.state.legal_moves()[0])
    moved = rules.decide(
        match, 1, Request(MOVE, notation, ply=0, request_id="r"), Situation(T0, zones=zones)
    ).match
    # Black lives in Auckland, where it is already Saturday 01:00: counting starts Monday.
    monday = datetime(2026, 5, 3, 12, 0, tzinfo=UTC)  # Monday 00:00 NZST (UTC+12)
    assert moved.clock_zone == "Pacific/Auckland"
    assert moved.deadline == monday + hours(24)
    assert time_left(moved, T0 + hours(30)) == hours(24)  # Sunday: the clock stands still


def test_a_time_bank_spends_nothing_during_a_weekend():
    bank = MatchRules(72, True, True, increment_hours=0, weekend_pause=True)
    match = new_match(rules_=bank)  # UTC for everyone: Friday 12:00, Saturday in 12 hours
    assert match.deadline == T0 + hours(72 + 48)
    notation = match.state.format_move(match.state.legal_moves()[0])
    moved = rules.decide(
        match, 1, Request(MOVE, notation, ply=0, request_id="r"), Situation(T0 + hours(72))
    ).match  # Monday 12:00: 12 hours on Friday and 12 on Monday used
    assert moved.banks[0] == hours(48).total_seconds()
