"""The vacation allowance through the fake Discord with the fake clock: a server chooses
the vacation days a year each member may spend pausing its matches, the days are spent
by the day (a vacation cut short gives the rest back), and when they run out in the middle
of a match the member's clock runs again and their opponents are told in its thread."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    EPHEMERAL,
    MOD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)

MONDAY = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


async def days_left(fake, member):
    """The vacation days left that `/settings show` gives the member."""
    shown = (await fake.slash(member, "settings show"))[-1].content
    line = next(x for x in shown.splitlines() if x.startswith("Vacation days left"))
    return line.removeprefix("Vacation days left this year: ").removesuffix(".")


@pytest.mark.asyncio
async def test_vacation_days_are_spent_by_the_day_and_a_cut_gives_the_rest_back(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock):
        clock.now = MONDAY
        await fake.slash(ALICE, "settings vacation", days=10)
        assert await days_left(fake, ALICE) == "30"
        clock.advance(days=2)
        assert await days_left(fake, ALICE) == "28"  # two days gone, not ten booked
        await fake.slash(ALICE, "settings vacation", days=0)
        clock.advance(days=5)
        assert await days_left(fake, ALICE) == "28"


@pytest.mark.asyncio
async def test_the_allowance_running_out_mid_match_restarts_the_clock(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        shown = await fake.slash(MOD, "admin vacation", days=10)
        assert "Vacation: 10 days a year per member." in shown[-1].content
        clock.now = MONDAY
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        match = await bot.service.queries.get_match(match_id)
        late, deadline = match.to_act, match.deadline
        assert deadline == datetime(2026, 1, 8, 12, 0, tzinfo=UTC)
        refused = await fake.slash(late, "settings vacation", days=11)
        assert refused[-1].ephemeral and "Only 10 of your 10 vacation days" in refused[-1].content
        clock.advance(days=1)  # two days left on the clock
        await fake.slash(late, "settings vacation", days=6)
        assert (await bot.service.queries.get_match(match_id)).paused
        clock.advance(days=2)
        await bot.reminders.run_once()
        assert (await bot.service.queries.get_match(match_id)).paused  # 8 days left this year
        # The server allows fewer days now: three are spent on Friday 12:00.
        await fake.slash(MOD, "admin vacation", days=3)
        clock.advance(hours=23)
        await bot.reminders.run_once()
        assert (await bot.service.queries.get_match(match_id)).paused
        clock.advance(hours=1)
        await bot.reminders.run_once()
        running = await bot.service.queries.get_match(match_id)
        assert not running.paused
        assert running.deadline == datetime(2026, 1, 11, 12, 0, tzinfo=UTC)  # two days on
        told = [
            m
            for m in fake.messages_in(thread)
            if not m["flags"] & EPHEMERAL and "has spent the vacation days" in m["content"]
        ]
        assert len(told) == 1
        stamp = int(running.deadline.timestamp())
        assert told[0]["content"] == (
            f"<@{late}> has spent the vacation days allowed here (by this server for the "
            f"year, or by the league for the round): their clock in match #{match_id} runs "
            f"again, until <t:{stamp}:f> (<t:{stamp}:R>)."
        )
        await bot.reminders.run_once()
        assert len([m for m in fake.messages_in(thread) if "has spent" in m["content"]]) == 1
        clock.now = running.deadline  # still on vacation, but the clock ran out
        await bot.reminders.run_once()
        ended = await bot.service.queries.get_match(match_id)
        assert not ended.active and ended.result.how == "timeout"


@pytest.mark.asyncio
async def test_the_clock_strip_shows_a_paused_clock_and_the_return_date(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        clock.now = MONDAY
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        match = await bot.service.queries.get_match(match_id)
        mover = match.to_act
        away = next(m for m in (ALICE, BOB) if m != mover)
        await fake.slash(away, "settings vacation", days=2)
        notation = (await bot.service.play.legal_moves(match_id, mover, "", 1))[0].notation
        post = (await fake.slash(mover, "move", channel_id=thread, notation=notation))[1]
        strip = post.json["attachments"][0]["description"]
        side = match.seat_name(match.seat_of(away))
        assert f"{side}: 3 days left, paused until Wed, Jan 7, 12:00 UTC" in strip
