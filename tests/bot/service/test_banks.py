"""Time-bank clocks through the service and the store: the rules and banks kept across
reads, the low-time reminder at a tenth of the bank a turn began with, automatic
timeouts when a bank runs out, time given, and the checks of a bank's figures."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.match.actions import GIVE_TIME, RESIGN
from bot.match.events import Ended, TimeGiven
from bot.service import BadOption, ChallengeRequest
from tests.bot.service_fixtures import CHANNEL, GUILD, act, play_first_legal, start_match, terms

H = 3600.0


def kinds(report):
    return [(r.match.id, r.member_id, r.kind) for r in report.reminders]


@pytest.mark.asyncio
async def test_banks_are_stored_and_the_low_time_reminder_is_a_tenth_of_the_bank(service, clock):
    match = await start_match(service, clock_hours=10, increment_hours=20, cap_hours=40)
    assert (match.rules.increment_hours, match.rules.cap_hours) == (20, 40)
    assert match.rules.bank and match.banks == (10 * H, 10 * H)
    clock.advance(hours=5)
    moved = await play_first_legal(service, match, 1)  # keeps 5 h + 20 h = 25 h
    stored = await service.queries.get_match(match.id)
    assert stored.banks == moved.banks and stored.banks[match.current_seat] == 25 * H
    back = await play_first_legal(service, stored, 1)  # the other used nothing: 30 h
    assert back.deadline == back.turn_started_at + timedelta(hours=25)
    clock.advance(hours=22, minutes=29)  # 2 h 31 min left: more than a tenth of 25 h
    assert kinds(await service.clocks.tick()) == []
    clock.advance(minutes=1)
    assert kinds(await service.clocks.tick()) == [(match.id, back.to_act, "low_time")]


@pytest.mark.asyncio
async def test_an_empty_bank_times_out_by_itself(service, clock):
    match = await start_match(service, clock_hours=12, increment_hours=1, auto_timeout=True)
    assert await service.clocks.next_due() == match.deadline - timedelta(hours=1.2)
    clock.advance(hours=12)
    report = await service.clocks.tick()
    assert [u.events[-1] for u in report.timeouts] == [Ended("timeout")]
    assert report.timeouts[0].match.result.how == "timeout"


@pytest.mark.asyncio
async def test_time_given_is_stored_and_announced(service, clock):
    match = await start_match(service, clock_hours=72, increment_hours=24)
    waiting = next(m for m in match.members if m != match.to_act)
    update = await act(service, match.id, waiting, GIVE_TIME, hours=24)
    assert update.events == (TimeGiven(match.seat_of(waiting), waiting, 24),)
    stored = await service.queries.get_match(match.id)
    assert stored.deadline == match.deadline + timedelta(hours=24)
    giver = await act(service, match.id, match.to_act, GIVE_TIME, hours=12)
    assert giver.match.banks[match.seat_of(waiting)] == 84 * H


@pytest.mark.asyncio
async def test_a_bank_s_figures_are_checked(service):
    cases = [
        ({"increment_hours": 24}, "needs the time it starts with"),
        ({"clock_hours": 0, "increment_hours": 24}, "starts with some time"),
        ({"clock_hours": 72, "cap_hours": 100}, "Only a time bank has a cap"),
        ({"clock_hours": 72, "increment_hours": 24, "cap_hours": 48}, "cannot be less"),
        ({"clock_hours": 72, "increment_hours": 721}, "at most 30 days"),
        ({"clock_hours": 72, "increment_hours": -1}, "whole numbers of hours"),
    ]
    for given, words in cases:
        with pytest.raises(BadOption, match=words):
            await service.challenges.create_challenge(
                ChallengeRequest(GUILD, CHANNEL, 1, "skift", opponents=[2], **terms(**given))
            )


@pytest.mark.asyncio
async def test_a_rematch_keeps_the_time_bank(service):
    match = await start_match(service, clock_hours=72, increment_hours=24, cap_hours=168)
    await act(service, match.id, match.to_act, RESIGN)
    again = await service.challenges.rematch(match.id, match.members[0], "test:rematch")
    assert (again.rules.clock_hours, again.rules.increment_hours, again.rules.cap_hours) == (
        72,
        24,
        168,
    )
