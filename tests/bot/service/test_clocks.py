"""Clocks: deadlines, reminders (never twice a turn), timeouts claimed or automatic,
vacation pausing every clock of a player, member settings."""

from __future__ import annotations

import math
from datetime import timedelta

import pytest

from bot.match.actions import CLAIM, MOVE, TIME_OUT
from bot.match.errors import CannotSave
from bot.match.events import Ended
from bot.service import ClockError, clocks
from bot.store import matches as match_rows
from bot.store.base import Store
from bot.store.health import CANNOT_SAVE
from tests.bot.service_fixtures import (
    act,
    play_first_legal,
    start_match,
)


def kinds(report):
    return [(r.match.id, r.member_id, r.kind) for r in report.reminders]


@pytest.mark.asyncio
async def test_reminders_after_a_day_and_at_a_tenth_left_never_twice(service, clock):
    match = await start_match(service, clock_hours=72)
    mover = match.to_act
    clock.advance(hours=23, minutes=59)
    assert kinds(await service.clocks.tick()) == []
    assert await service.clocks.next_due() == match.turn_started_at + timedelta(hours=24)
    clock.advance(minutes=1)
    assert kinds(await service.clocks.tick()) == [(match.id, mover, "idle")]
    assert kinds(await service.clocks.tick()) == []
    clock.advance(hours=40)  # 64 h gone: 8 h left is more than a tenth (7.2 h)
    assert kinds(await service.clocks.tick()) == []
    clock.advance(hours=1)
    report = await service.clocks.tick()
    assert kinds(report) == [(match.id, mover, "low_time")]
    assert report.reminders[0].deadline == match.deadline
    assert kinds(await service.clocks.tick()) == []
    moved = await play_first_legal(service, match, 1)
    clock.advance(hours=24)
    assert kinds(await service.clocks.tick()) == [(match.id, moved.to_act, "idle")]


@pytest.mark.asyncio
async def test_a_short_clock_sends_only_the_low_time_reminder(service, clock):
    match = await start_match(service, clock_hours=10)
    clock.advance(hours=9)
    assert kinds(await service.clocks.tick()) == [(match.id, match.to_act, "low_time")]
    clock.advance(hours=20)
    report = await service.clocks.tick()
    waiting = match.seats[1].member_id
    assert kinds(report) == [(match.id, waiting, "timeout_claimable")]
    assert kinds(await service.clocks.tick()) == []


@pytest.mark.asyncio
async def test_members_can_turn_reminders_off(service, clock):
    match = await start_match(service)
    settings = await service.settings.set_reminders(match.to_act, False)
    assert settings.reminders is False
    clock.advance(hours=25)
    assert kinds(await service.clocks.tick()) == []
    await service.settings.set_reminders(match.to_act, True)
    assert kinds(await service.clocks.tick()) == []  # that turn's reminder was due while off
    assert (await service.settings.member_settings(match.to_act)).reminders is True


@pytest.mark.asyncio
async def test_matches_without_a_clock_still_get_the_daily_reminder(service, clock):
    match = await start_match(service, clock_hours=0)
    assert match.deadline is None
    clock.advance(days=30)
    assert kinds(await service.clocks.tick()) == [(match.id, match.to_act, "idle")]
    with pytest.raises(ClockError, match="no clock"):
        await act(service, match.id, match.seats[1].member_id, CLAIM)


@pytest.mark.asyncio
async def test_the_waiting_player_claims_a_timeout(service, clock):
    match = await start_match(service, clock_hours=24)
    late, waiting = match.seats[0].member_id, match.seats[1].member_id
    clock.advance(hours=23)
    with pytest.raises(ClockError, match="still has time"):
        await act(service, match.id, waiting, CLAIM)
    with pytest.raises(ClockError, match="your own turn"):
        await act(service, match.id, late, CLAIM)
    clock.advance(hours=2)
    assert (await service.clocks.tick()).timeouts == ()  # claim mode: nothing happens by itself
    update = await act(service, match.id, waiting, CLAIM)
    assert update.action is CLAIM and update.actor_id == waiting
    assert update.events == (Ended("timeout"),)
    assert update.result.how == "timeout" and update.result.winners == (waiting,)
    late_colour = ("White", "Black")[match.seat_of(late)]
    assert update.result.reason == f"{late_colour} ran out of time." and update.result.rated


@pytest.mark.asyncio
async def test_automatic_timeouts_happen_in_tick(service, clock):
    match = await start_match(service, clock_hours=24, auto_timeout=True)
    assert await service.clocks.next_due() == match.turn_started_at + timedelta(
        hours=21, minutes=36
    )
    clock.advance(hours=24)
    report = await service.clocks.tick()
    assert [u.match.id for u in report.timeouts] == [match.id]
    ended = report.timeouts[0].match
    assert ended.status == "finished" and ended.result.winners == (match.seats[1].member_id,)
    assert report.timeouts[0].actor_id is None
    assert (await service.clocks.tick()).timeouts == ()


@pytest.mark.asyncio
async def test_vacation_pauses_every_clock_of_the_player_until_they_move(service, clock):
    first = await start_match(service, (1, 2), clock_hours=24, auto_timeout=True)
    second = await start_match(service, (1, 3), clock_hours=24, auto_timeout=True)
    # make member 1 the one to act in both
    if first.to_act != 1:
        first = await play_first_legal(service, first, 1)
    if second.to_act != 1:
        second = await play_first_legal(service, second, 1)
    clock.advance(hours=10)
    mine = await service.clocks.start_vacation(1, 5)
    assert mine.vacation.ends_at == clock.moment + timedelta(days=5)
    assert mine.vacation_days_left == 30  # spent by the day, not booked
    assert (await service.queries.get_match(first.id)).paused
    clock.advance(days=3)
    assert (await service.settings.member_settings(1)).vacation_days_left == 27
    report = await service.clocks.tick()
    assert report.timeouts == () and report.reminders == ()
    with pytest.raises(ClockError, match="vacation"):
        await act(service, first.id, 2, CLAIM)
    state = first.state
    update = await act(service, first.id, 1, MOVE, state.format_move(state.legal_moves()[0]))
    assert update.match.to_act == 2 and not update.match.paused
    assert (await service.settings.member_settings(1)).vacation is None
    resumed = await service.queries.get_match(second.id)
    assert not resumed.paused
    assert resumed.deadline == second.deadline + timedelta(days=3)
    assert (await service.settings.member_settings(1)).vacation_days_left == 27


@pytest.mark.asyncio
async def test_a_vacation_ending_by_itself_restarts_the_clocks(service, clock):
    match = await start_match(service, (1, 2), clock_hours=24)
    if match.to_act != 1:
        match = await play_first_legal(service, match, 1)
    await service.clocks.start_vacation(1, 2)
    clock.advance(days=2, hours=5)
    report = await service.clocks.tick()
    assert report.vacations_ended == (1,)
    resumed = await service.queries.get_match(match.id)
    assert not resumed.paused and resumed.deadline == match.deadline + timedelta(days=2)


@pytest.mark.asyncio
async def test_a_move_closes_a_vacation_that_ran_out_before_the_round_closed_it(service, clock):
    first = await start_match(service, (1, 2), clock_hours=24)
    second = await start_match(service, (1, 3), clock_hours=24)
    if first.to_act != 1:
        first = await play_first_legal(service, first, 1)
    if second.to_act != 1:
        second = await play_first_legal(service, second, 1)
    await service.clocks.start_vacation(1, 2)
    clock.advance(days=2, hours=5)  # over, and no background round has closed it yet
    await play_first_legal(service, await service.queries.get_match(first.id), 1)
    assert (await service.settings.member_settings(1)).vacation is None
    resumed = await service.queries.get_match(second.id)
    assert not resumed.paused and resumed.deadline == second.deadline + timedelta(days=2)
    assert (await service.clocks.tick()).vacations_ended == ()  # the move closed it


@pytest.mark.asyncio
async def test_a_turn_that_starts_during_vacation_starts_paused(service, clock):
    match = await start_match(service, (1, 2), clock_hours=24)
    if match.to_act == 1:
        match = await play_first_legal(service, match, 1)
    await service.clocks.start_vacation(1, 1)
    moved = await play_first_legal(service, match, 1)
    assert moved.to_act == 1 and moved.paused
    clock.advance(days=1)
    await service.clocks.tick()
    resumed = await service.queries.get_match(match.id)
    assert resumed.deadline == clock.moment + timedelta(hours=24)


@pytest.mark.asyncio
async def test_the_yearly_vacation_allowance(service, clock):
    with pytest.raises(ClockError, match="Only 30 of your 30 vacation days .* cannot take 31"):
        await service.clocks.start_vacation(1, 31)
    for nothing in (0, -2, float("nan")):
        with pytest.raises(ClockError, match="longer than zero days"):
            await service.clocks.start_vacation(1, nothing)
    await service.clocks.start_vacation(1, 10)
    with pytest.raises(ClockError, match="already on vacation"):
        await service.clocks.start_vacation(1, 1)
    clock.advance(days=4)
    mine = await service.clocks.end_vacation(1)
    assert mine.vacation is None and mine.vacation_days_left == 26
    with pytest.raises(ClockError, match="not on vacation"):
        await service.clocks.end_vacation(1)
    await service.clocks.start_vacation(1, 26)
    clock.advance(days=27)
    with pytest.raises(ClockError, match="used all 30 vacation days"):
        await service.clocks.start_vacation(1, 1)
    clock.advance(days=365)
    assert (await service.settings.member_settings(1)).vacation_days_left == 30


@pytest.mark.asyncio
async def test_a_vacation_started_again_at_the_moment_the_last_one_ended(service, clock):
    match = await start_match(service, (1, 2), clock_hours=24)
    if match.to_act != 1:
        match = await play_first_legal(service, match, 1)
    await service.clocks.start_vacation(1, 3)
    await service.clocks.end_vacation(1)  # at once: the clock has not moved
    mine = await service.clocks.start_vacation(1, 2)  # still the same moment
    assert mine.vacation is not None and mine.vacation.ends_at == clock.moment + timedelta(days=2)
    assert (await service.queries.get_match(match.id)).paused
    clock.advance(days=1)
    mine = await service.clocks.end_vacation(1)
    assert mine.vacation is None and mine.vacation_days_left == 29
    resumed = await service.queries.get_match(match.id)
    assert not resumed.paused and resumed.deadline == match.deadline + timedelta(days=1)


class CountedTransactions:
    """Counts the write transactions a store begins: each `transaction()`, and each
    `transact` of a store that runs one otherwise (else `transact` enters `transaction()`,
    counted there)."""

    def __init__(self, store, monkeypatch):
        self.count = 0
        own_transact = type(store).transact is not Store.transact
        for name in ("transaction", "transact") if own_transact else ("transaction",):
            original = getattr(store, name)

            def counted(*args, _original=original, **kwargs):
                self.count += 1
                return _original(*args, **kwargs)

            monkeypatch.setattr(store, name, counted)


async def timed_out_matches(service, count):
    """`count` automatic-timeout matches on a 24-hour clock, each between two members of
    its own."""
    return [
        await start_match(service, (100 + 2 * n, 101 + 2 * n), clock_hours=24, auto_timeout=True)
        for n in range(count)
    ]


@pytest.mark.asyncio
async def test_many_timeouts_end_in_one_transaction_a_batch_each_once(service, clock, monkeypatch):
    monkeypatch.setattr(clocks, "DUE_BATCH", 10)
    matches = await timed_out_matches(service, 25)  # three batches
    clock.advance(hours=25)
    counted = CountedTransactions(service.store, monkeypatch)
    report = await service.clocks.tick()
    # before: one transaction per timeout besides the batches looked at (more than 25);
    # now the round's first, then per batch one to look at it and one to end its
    # timeouts, then the notices'
    batches = math.ceil(len(matches) / clocks.DUE_BATCH)
    assert counted.count == 1 + 2 * batches + 1
    assert sorted(u.match.id for u in report.timeouts) == sorted(m.id for m in matches)
    for update, match in zip(
        sorted(report.timeouts, key=lambda u: u.match.id), matches, strict=True
    ):
        ended = await service.queries.get_match(match.id)
        assert update.match.status == ended.status == "finished"
        assert ended.result.how == "timeout" and ended.result.rated
        assert update.actor_id is None and any(isinstance(e, Ended) for e in update.events)
        late = match.to_act
        assert ended.result.winners == tuple(m for m in match.members if m != late)
        assert sorted(c.member_id for c in ended.result.rating_changes) == sorted(match.members)
    async with service.store.reading() as conn:
        requests = await conn.rows("SELECT request_id FROM match_requests")
        ratings = await conn.rows("SELECT games FROM ratings")
    assert sorted(
        r["request_id"] for r in requests if r["request_id"].startswith("timeout:")
    ) == sorted(f"{TIME_OUT.key}:{m.id}:{m.version}" for m in matches)
    assert len(ratings) == 50 and all(r["games"] == 1 for r in ratings)  # each rated once
    assert (await service.clocks.tick()).timeouts == ()


@pytest.mark.asyncio
async def test_a_batch_leaves_out_a_match_changed_since_it_was_read_writing_nothing_of_it(
    service, clock
):
    stale, other = await timed_out_matches(service, 2)
    clock.advance(hours=25)
    async with service.store.transaction() as conn:  # changed after the round read it
        await match_rows.update_match(conn, stale, reminded=1)
    updates = await service.core.apply_each([stale, other], TIME_OUT)
    assert [u.match.id for u in updates] == [other.id]
    assert (await service.queries.get_match(stale.id)).active
    assert (await service.queries.match_record(stale.id)).log == ()
    async with service.store.reading() as conn:
        requests = {
            r["request_id"] for r in await conn.rows("SELECT request_id FROM match_requests")
        }
    assert f"{TIME_OUT.key}:{other.id}:{other.version}" in requests
    assert not [r for r in requests if r.startswith(f"{TIME_OUT.key}:{stale.id}:")]


@pytest.mark.asyncio
async def test_timeouts_not_stored_are_made_once_the_lease_has_run_out(service, clock, monkeypatch):
    # The process stops between the round that took its due matches and their timeouts'
    # transaction (here: the store refuses it): another round makes them after the lease.
    matches = await timed_out_matches(service, 3)
    clock.advance(hours=25)
    original = service.clocks._core.apply_each

    async def refused(*args, **kwargs):
        raise CannotSave(CANNOT_SAVE)

    monkeypatch.setattr(service.clocks._core, "apply_each", refused)
    with pytest.raises(CannotSave):
        await service.clocks.tick()
    monkeypatch.setattr(service.clocks._core, "apply_each", original)
    assert all([(await service.queries.get_match(m.id)).active for m in matches])
    assert (await service.clocks.tick()).timeouts == ()  # taken: not before the lease
    clock.advance(seconds=service.config.work_lease_seconds + 1)
    report = await service.clocks.tick()
    assert sorted(u.match.id for u in report.timeouts) == sorted(m.id for m in matches)
    assert (await service.clocks.tick()).timeouts == ()


@pytest.mark.asyncio
async def test_a_timeout_that_fails_does_not_hold_back_the_others(service, clock, monkeypatch):
    matches = await timed_out_matches(service, 3)
    faulty = matches[1].id
    clock.advance(hours=25)
    core = service.clocks._core
    decide = core._decide_and_store

    async def faulting(conn, target, *args):
        if getattr(target, "id", None) == faulty:
            raise RuntimeError("a fault in one match")
        return await decide(conn, target, *args)

    monkeypatch.setattr(core, "_decide_and_store", faulting)
    report = await service.clocks.tick()  # (the fault is logged)
    assert sorted(u.match.id for u in report.timeouts) == sorted(
        m.id for m in matches if m.id != faulty
    )
    for match in matches:
        assert (await service.queries.get_match(match.id)).active == (match.id == faulty)
    monkeypatch.setattr(core, "_decide_and_store", decide)  # mended: after the lease
    clock.advance(seconds=service.config.work_lease_seconds + 1)
    assert [u.match.id for u in (await service.clocks.tick()).timeouts] == [faulty]
