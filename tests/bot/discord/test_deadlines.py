"""Deadlines that announce themselves, through the fake Discord with the fake clock:
warnings before a deadline (each once, by DM or ping, held during quiet hours unless the
deadline falls in them, across daylight saving), and timeouts that end matches by
themselves unless the server or the challenge chose claims."""

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


def warnings_in(fake, thread):
    """The warnings pinged in a thread, as (content, pinged ids) (reminders are worded
    otherwise)."""
    return [
        (m["content"], m["allowed_mentions"]["users"])
        for m in fake.messages_in(thread)
        if not m["flags"] & EPHEMERAL and "(Skift) runs out" in m["content"]
    ]


async def both_set(fake, **notices):
    """Alice and Bob both choose these notices (whoever acts first)."""
    for member in (ALICE, BOB):
        calls = await fake.slash(member, "settings notices", **notices)
        assert calls[-1].ephemeral


@pytest.mark.asyncio
async def test_warnings_24_8_and_1_hour_before_the_deadline_each_once(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        late = (await bot.service.queries.get_match(match_id)).to_act
        seen = []
        for hours in (47, 48, 49, 63, 64, 65, 70, 71, 71.5):
            clock.now = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
            clock.advance(hours=hours)
            await bot.reminders.run_once()
            seen.append(len(warnings_in(fake, thread)))
        assert seen == [0, 1, 1, 1, 2, 2, 2, 3, 3]
        texts = warnings_in(fake, thread)
        assert all(users == [late] for _, users in texts)
        assert texts[0][0].startswith(f"<@{late}>, your time in match #{match_id} (Skift) runs")
        assert texts[0][0].endswith(
            f"If you have not moved by then, you lose match #{match_id} on time."
        )


@pytest.mark.asyncio
async def test_chosen_warnings_by_dm_and_a_new_deadline_has_its_own(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        await both_set(fake, dm="instead", warnings="12, 2h")
        calls = await fake.slash(ALICE, "settings show")
        assert "Warnings before a deadline: 12 h, 2 h before it." in calls[-1].content
        match_id, thread = await start_match(fake, ALICE, BOB, clock="1d", auto_timeout=False)
        late = (await bot.service.queries.get_match(match_id)).to_act
        clock.advance(hours=12)
        await bot.reminders.run_once()
        await bot.reminders.run_once()
        dms = [m["content"] for m in fake.dms_to(late) if "runs out" in m["content"]]
        assert len(dms) == 1 and "your opponents may claim match" in dms[0]
        assert warnings_in(fake, thread) == []  # by DM instead of the ping
        # Time given moves the deadline 24 hours later: its warnings come again before it.
        other = next(m for m in (ALICE, BOB) if m != late)
        await fake.slash(other, "clock give", channel_id=thread, time="1d")
        deadline = (await bot.service.queries.get_match(match_id)).deadline
        assert deadline == datetime(2026, 1, 7, 12, 0, tzinfo=UTC)
        clock.advance(hours=23)  # 13 hours left
        await bot.reminders.run_once()
        assert len([m for m in fake.dms_to(late) if "runs out" in m["content"]]) == 1
        clock.advance(hours=1)  # 12 hours left
        await bot.reminders.run_once()
        await bot.reminders.run_once()
        dms = [m["content"] for m in fake.dms_to(late) if "runs out" in m["content"]]
        assert len(dms) == 2


@pytest.mark.asyncio
async def test_warnings_wait_for_quiet_hours_across_daylight_saving(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        for member in (ALICE, BOB):
            await fake.slash(member, "settings timezone", zone="Europe/Berlin")
        await both_set(fake, dm="instead", quiet_start=22, quiet_end=7)
        # Summer time ends in Berlin on 25 October 2026 at 01:00 UTC (03:00 back to 02:00).
        clock.now = datetime(2026, 10, 24, 10, 0, tzinfo=UTC)  # deadline: 25th, 10:00 UTC
        match_id, _ = await start_match(fake, ALICE, BOB, clock="1d")
        late = (await bot.service.queries.get_match(match_id)).to_act

        def warned():
            return [m["content"] for m in fake.dms_to(late) if "runs out" in m["content"]]

        for hour, minute, count in ((2, 0, 0), (5, 0, 0), (5, 30, 0), (6, 0, 1), (9, 0, 2)):
            clock.now = datetime(2026, 10, 25, hour, minute, tzinfo=UTC)
            await bot.reminders.run_once()
            assert len(warned()) == count, (hour, minute)
        # 05:00 UTC was 07:00 in summer time but 06:00 now: the quiet hours held it back

        # In winter time, the same hours are an hour later in UTC.
        clock.now = datetime(2026, 10, 25, 20, 0, tzinfo=UTC)  # 21:00 in Berlin
        second, _ = await start_match(fake, ALICE, BOB, clock="1d")
        late = (await bot.service.queries.get_match(second)).to_act
        before = len(warned())
        clock.now = datetime(2026, 10, 26, 12, 0, tzinfo=UTC)  # 8 h before: 13:00, not quiet
        await bot.reminders.run_once()
        assert len(warned()) == before + 1
        clock.now = datetime(2026, 10, 26, 19, 0, tzinfo=UTC)  # 1 h before: 20:00
        await bot.reminders.run_once()
        assert len(warned()) == before + 2


@pytest.mark.asyncio
async def test_warning_in_quiet_hours_when_the_deadline_falls_in_them(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        await both_set(fake, dm="instead", quiet_start=22, quiet_end=7, warnings="8")
        clock.now = datetime(2026, 1, 5, 6, 0, tzinfo=UTC)  # deadline: 6th, 06:00 (quiet)
        match_id, _ = await start_match(fake, ALICE, BOB, clock="1d")
        late = (await bot.service.queries.get_match(match_id)).to_act
        clock.now = datetime(2026, 1, 5, 22, 30, tzinfo=UTC)  # quiet, 7.5 hours left
        await bot.reminders.run_once()
        assert len([m for m in fake.dms_to(late) if "runs out" in m["content"]]) == 1


@pytest.mark.asyncio
async def test_warning_hours_refused_in_plain_words(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock):
        calls = await fake.slash(ALICE, "settings notices", warnings="soon")
        assert calls[-1].ephemeral and "like 24 8 1" in calls[-1].content
        calls = await fake.slash(ALICE, "settings notices", warnings="48")
        assert calls[-1].ephemeral and "from 1 to 24 hours" in calls[-1].content
        calls = await fake.slash(ALICE, "settings notices", warnings="none")
        assert "Warnings before a deadline: none." in calls[-1].content


@pytest.mark.asyncio
async def test_timeouts_end_matches_by_default_unless_the_server_or_challenge_says_claims(
    tmp_path,
):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        first, _ = await start_match(fake, ALICE, BOB, clock="1d")
        claimed, _ = await start_match(fake, ALICE, BOB, clock="1d", auto_timeout=False)
        calls = await fake.slash(MOD, "admin timeouts", automatic=False)
        assert "Late turns: a waiting player claims the match" in calls[-1].content
        server, _ = await start_match(fake, ALICE, BOB, clock="1d")
        chosen, _ = await start_match(fake, ALICE, BOB, clock="1d", auto_timeout=True)
        clock.advance(hours=25)
        report = await bot.reminders.run_once()
        assert sorted(u.match.id for u in report.timeouts) == [first, chosen]
        for match_id in (claimed, server):
            assert (await bot.service.queries.get_match(match_id)).active
        await fake.drain()  # (the timeouts' replays are posted in the background)
        calls = await fake.slash(MOD, "admin show")
        assert "Late turns: a waiting player claims" in calls[-1].content


@pytest.mark.asyncio
async def test_a_move_after_the_deadline_is_refused_where_timeouts_end_matches(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        ending, ending_thread = await start_match(fake, ALICE, BOB, clock="1d")
        claimed, claimed_thread = await start_match(
            fake, ALICE, BOB, clock="1d", auto_timeout=False
        )
        clock.advance(hours=25)  # both out of time, before the next background round
        for match_id, thread in ((ending, ending_thread), (claimed, claimed_thread)):
            late = (await bot.service.queries.get_match(match_id)).to_act
            notation = (await bot.service.play.legal_moves(match_id, late, "", 1))[0].notation
            calls = await fake.slash(late, "move", channel_id=thread, notation=notation)
            assert calls[-1].ephemeral
            if match_id == ending:
                assert calls[-1].content == (
                    f"Your time in match #{match_id} ran out: it ends on time, so nothing was done."
                )
                assert (await bot.service.queries.get_match(match_id)).ply == 0
            else:  # nobody has claimed it yet: the late player may still move
                assert calls[-1].content.startswith(f"Played `{notation}`.")
                assert (await bot.service.queries.get_match(match_id)).ply == 1
        report = await bot.reminders.run_once()
        assert [u.match.id for u in report.timeouts] == [ending]
        assert (await bot.service.queries.get_match(ending)).result.how == "timeout"
