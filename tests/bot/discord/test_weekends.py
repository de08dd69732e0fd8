"""The weekend pause through the fake Discord with the fake clock: a match's clock stops on
Saturday and Sunday in the time zone of the player to act, so the same turn begun at the
same moment ends at different times in Auckland and in Los Angeles, and its warnings and
its automatic timeout come before the shifted deadline, not the plain one."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    EPHEMERAL,
    GUILD,
    MOD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)

#: Friday 9 January 2026, 23:00 UTC: Saturday 12:00 in Auckland, Friday 15:00 in Los Angeles.
START = datetime(2026, 1, 9, 23, 0, tzinfo=UTC)


async def both_live_in(fake, zone):
    """Alice and Bob both move to `zone` (whoever acts first lives there)."""
    for member in (ALICE, BOB):
        calls = await fake.slash(member, "settings timezone", zone=zone)
        assert calls[-1].ephemeral


def warnings_in(fake, thread):
    """The warnings pinged in a thread."""
    return [
        m["content"]
        for m in fake.messages_in(thread)
        if not m["flags"] & EPHEMERAL and "(Skift) runs out" in m["content"]
    ]


def clock_strips(fake, thread):
    """The clock strips of the pictures posted in a thread, in words (their alt text)."""
    return [
        a.get("description") or ""
        for m in fake.messages_in(thread)
        for a in m.get("attachments") or []
    ]


@pytest.mark.asyncio
async def test_a_deadline_crossing_a_weekend_in_auckland_and_in_los_angeles(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        shown = await fake.slash(MOD, "admin weekends", paused=True)
        assert "Weekends: clocks stop on Saturday and Sunday" in shown[-1].content
        clock.now = START
        await both_live_in(fake, "Pacific/Auckland")
        auckland, auckland_thread = await start_match(fake, ALICE, BOB, clock="1d")
        await both_live_in(fake, "America/Los_Angeles")
        los_angeles, la_thread = await start_match(fake, ALICE, BOB, clock="1d")
        # Auckland: the turn began on Saturday, so it counts from Monday 00:00 NZDT
        # (Sunday 11:00 UTC). Los Angeles: 9 hours before Saturday, 15 after Monday 00:00
        # PST (08:00 UTC). Without the pause both would end on Saturday 23:00 UTC.
        first = await bot.service.queries.get_match(auckland)
        second = await bot.service.queries.get_match(los_angeles)
        assert first.deadline == datetime(2026, 1, 12, 11, 0, tzinfo=UTC)
        assert second.deadline == datetime(2026, 1, 12, 23, 0, tzinfo=UTC)
        assert "clocks paused at weekends" in fake.messages_in(auckland_thread)[0]["content"]
        assert "paused for the weekend" in clock_strips(fake, auckland_thread)[0]
        assert "paused for the weekend" not in clock_strips(fake, la_thread)[0]

        clock.now = datetime(2026, 1, 10, 23, 0, tzinfo=UTC)  # the plain deadline
        await bot.reminders.run_once()
        assert (await bot.service.queries.get_match(auckland)).active
        assert (await bot.service.queries.get_match(los_angeles)).active
        assert warnings_in(fake, auckland_thread) == warnings_in(fake, la_thread) == []

        clock.now = datetime(2026, 1, 11, 12, 0, tzinfo=UTC)  # 23 hours before Auckland's
        await bot.reminders.run_once()
        warned = warnings_in(fake, auckland_thread)
        assert len(warned) == 1 and f"<t:{int(first.deadline.timestamp())}" in warned[0]
        assert "Your clock stops on Saturday and Sunday (Pacific/Auckland time)" in warned[0]
        assert warnings_in(fake, la_thread) == []

        clock.now = datetime(2026, 1, 12, 11, 0, tzinfo=UTC)  # Auckland's deadline
        await bot.reminders.run_once()
        assert not (await bot.service.queries.get_match(auckland)).active
        assert (await bot.service.queries.get_match(los_angeles)).active
        assert len(warnings_in(fake, la_thread)) == 1  # 12 hours left: the 24-hour warning

        clock.now = datetime(2026, 1, 12, 23, 0, tzinfo=UTC)  # Los Angeles's deadline
        await bot.reminders.run_once()
        ended = await bot.service.queries.get_match(los_angeles)
        assert not ended.active and ended.result is not None
        assert ended.result.how == "timeout"


@pytest.mark.asyncio
async def test_a_challenge_may_run_its_clock_through_the_weekend(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        await fake.slash(MOD, "admin weekends", paused=True)
        clock.now = START
        await both_live_in(fake, "Pacific/Auckland")
        match_id, _ = await start_match(fake, ALICE, BOB, clock="1d", weekend_pause=False)
        match = await bot.service.queries.get_match(match_id)
        assert match.deadline == datetime(2026, 1, 10, 23, 0, tzinfo=UTC)
        assert match.clock_zone is None


@pytest.mark.asyncio
async def test_a_vacation_ending_in_a_weekend_leaves_the_weekend_out(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        clock.now = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)  # Monday, UTC for both
        match_id, _ = await start_match(fake, ALICE, BOB, clock="3d", weekend_pause=True)
        match = await bot.service.queries.get_match(match_id)
        assert match.deadline == datetime(2026, 1, 8, 12, 0, tzinfo=UTC)
        clock.now = datetime(2026, 1, 7, 12, 0, tzinfo=UTC)  # a day left
        await fake.slash(match.to_act, "settings vacation", days=3)
        clock.now = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)  # back on Saturday
        await bot.reminders.run_once()
        back = await bot.service.queries.get_match(match_id)
        assert not back.paused
        # The day left runs from Monday 00:00, not from Saturday noon.
        assert back.deadline == datetime(2026, 1, 13, 0, 0, tzinfo=UTC)


@pytest.mark.asyncio
async def test_time_given_before_a_weekend_leaves_the_weekend_out(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        clock.now = datetime(2026, 1, 8, 12, 0, tzinfo=UTC)  # Thursday, UTC for both
        match_id, thread = await start_match(fake, ALICE, BOB, clock="1d", weekend_pause=True)
        match = await bot.service.queries.get_match(match_id)
        assert match.deadline == datetime(2026, 1, 9, 12, 0, tzinfo=UTC)
        giver = next(m for m in (ALICE, BOB) if m != match.to_act)
        calls = await fake.slash(giver, "clock give", channel_id=thread, time="1d")
        assert calls[-1].ephemeral and calls[-1].content == "You gave each opponent 1 day more."
        # 12 hours to Saturday 00:00, the other 12 from Monday 00:00: not Saturday noon.
        given = await bot.service.queries.get_match(match_id)
        assert given.deadline == datetime(2026, 1, 12, 12, 0, tzinfo=UTC)
        announced = fake.last_message(thread)["content"]
        assert f"<t:{int(given.deadline.timestamp())}:R>" in announced
        clock.now = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)
        await bot.reminders.run_once()
        assert (await bot.service.queries.get_match(match_id)).active


@pytest.mark.asyncio
async def test_the_bot_back_in_a_server_leaves_the_weekend_out(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        clock.now = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)  # Monday, UTC for both
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d", weekend_pause=True)
        clock.now = datetime(2026, 1, 6, 12, 0, tzinfo=UTC)  # two days left
        fake._gateway("GUILD_DELETE", {"id": str(GUILD)})
        await fake.drain()
        clock.now = datetime(2026, 1, 8, 12, 0, tzinfo=UTC)  # back on Thursday noon
        fake._gateway("GUILD_CREATE", fake.guild_create())
        await fake.drain()
        back = await bot.service.queries.get_match(match_id)
        # A day and a half to Saturday 00:00, the last half day from Monday 00:00.
        assert back.deadline == datetime(2026, 1, 12, 12, 0, tzinfo=UTC)
        await fake.slash(back.to_act, "board", channel_id=thread)
        assert "2 days left" in clock_strips(fake, thread)[-1]
        clock.now = datetime(2026, 1, 10, 12, 0, tzinfo=UTC)  # the deadline without the pause
        await bot.reminders.run_once()
        assert (await bot.service.queries.get_match(match_id)).active


@pytest.mark.asyncio
async def test_the_low_time_reminder_counts_the_time_left_without_the_weekend(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        clock.now = datetime(2026, 1, 8, 12, 0, tzinfo=UTC)  # Thursday, UTC for both
        for member in (ALICE, BOB):
            await fake.slash(member, "settings notices", warnings="none")  # (reminders only)
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d", weekend_pause=True)
        match = await bot.service.queries.get_match(match_id)
        # 36 hours to Saturday 00:00 and 36 from Monday 00:00: 120 hours in real time.
        assert match.deadline == datetime(2026, 1, 13, 12, 0, tzinfo=UTC)

        def low_time():
            return [
                m["content"]
                for m in fake.messages_in(thread)
                if f"your time in match #{match_id} runs out" in m["content"]
            ]

        clock.now = datetime(2026, 1, 9, 12, 0, tzinfo=UTC)
        report = await bot.reminders.run_once()
        assert [r.kind for r in report.reminders] == ["idle"]
        assert await bot.service.clocks.next_due() == datetime(2026, 1, 13, 4, 48, tzinfo=UTC)
        # A tenth of the 72 hours is 7.2 hours: at Tuesday 00:00, 12 hours are left.
        clock.now = datetime(2026, 1, 13, 0, 0, tzinfo=UTC)
        report = await bot.reminders.run_once()
        assert report.reminders == () and low_time() == []
        clock.now = datetime(2026, 1, 13, 5, 0, tzinfo=UTC)
        report = await bot.reminders.run_once()
        assert [r.kind for r in report.reminders] == ["low_time"]
        assert len(low_time()) == 1
        assert low_time()[0].endswith(  # what happens at the deadline, which leaves them out
            f"If you have not moved by then, you lose match #{match_id} on time. Your clock "
            "stops on Saturday and Sunday (UTC time): that deadline already leaves them out."
        )
