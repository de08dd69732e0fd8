"""The background task: reminders once per turn (even across restarts), the reminders
setting, timeouts, claimable timeouts and expired challenges."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    all_disabled,
    custom_ids,
    running_bot,
    settings_for,
    start_match,
)


def pings_in(fake, thread):
    """The public messages in a thread that ping someone, as (content, pinged ids)."""
    return [
        (m["content"], m["allowed_mentions"]["users"])
        for m in fake.messages_in(thread)
        if not m["flags"] & 64 and (m["allowed_mentions"] or {}).get("users")
    ]


@pytest.mark.asyncio
async def test_idle_and_low_time_reminders_each_once_across_a_restart(tmp_path):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        to_act = (await bot.service.queries.get_match(match_id)).to_act
        await fake.slash(to_act, "settings notices", warnings="none")  # (reminders only)
        before = len(pings_in(fake, thread))
        await bot.reminders.run_once()
        assert len(pings_in(fake, thread)) == before  # nothing due yet
        clock.advance(hours=25)
        report = await bot.reminders.run_once()
        assert [r.kind for r in report.reminders] == ["idle"]
        text, users = pings_in(fake, thread)[-1]
        assert users == [to_act] and f"<@{to_act}>, it is your move in match #1" in text
        reminder = fake.messages_in(thread)[-1]
        assert custom_ids(reminder) == [f"sc:match:{match_id}:play"]  # Play, as on a board
        await bot.reminders.run_once()
        assert len(pings_in(fake, thread)) == before + 1  # never twice
    clock.advance(hours=40)  # 65 of 72 hours gone: less than a tenth left
    async with running_bot(fake, settings, clock) as bot:
        await bot.reminders.run_once()
        await bot.reminders.run_once()
    reminders = pings_in(fake, thread)[before:]
    assert len(reminders) == 2 and "runs out <t:" in reminders[1][0]
    assert reminders[1][1] == [to_act]


@pytest.mark.asyncio
async def test_reminders_off_means_no_ping(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        to_act = (await bot.service.queries.get_match(match_id)).to_act
        calls = await fake.slash(to_act, "settings reminders", enabled=False)
        assert calls[-1].ephemeral and "Reminders: off." in calls[-1].content
        before = len(pings_in(fake, thread))
        clock.advance(hours=30)
        await bot.reminders.run_once()
        assert len(pings_in(fake, thread)) == before


@pytest.mark.asyncio
async def test_automatic_timeout_posts_the_result_in_an_archived_thread(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="1d", auto_timeout=True)
        late = (await bot.service.queries.get_match(match_id)).to_act
        fake.update_channel(thread, archived=True)
        clock.advance(hours=25)
        n = len(fake.calls)
        report = await bot.reminders.run_once()
        assert len(report.timeouts) == 1
        kinds = [c.kind for c in fake.calls[n:]]
        assert kinds[:2] == ["get_channel", "edit_channel"] and "send_message" in kinds
        await bot.poster.idle()  # the replay, drawn in the background, comes after
        *_, end, replay = fake.messages_in(thread)
        assert replay["content"] == f"Replay of match #{match_id}."
        assert "ran out of time." in end["content"] and "won.**" in end["content"]
        assert f"<@{late}> (" not in end["content"]  # the winner is named, not the late one
        assert not (await bot.service.queries.get_match(match_id)).active


@pytest.mark.asyncio
async def test_a_waiting_player_is_told_when_they_may_claim(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="1d", auto_timeout=False)
        match = await bot.service.queries.get_match(match_id)
        waiting = next(m for m in match.members if m != match.to_act)
        clock.advance(hours=25)
        await bot.reminders.run_once()
        text, users = pings_in(fake, thread)[-1]
        assert users == [waiting] and "`/claim` wins it" in text


@pytest.mark.asyncio
async def test_expired_challenge_message_loses_its_buttons(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)
        message = fake.last_message(fake.channel_id)
        assert message["components"]
        clock.advance(days=8)
        report = await bot.reminders.run_once()
        assert [c.id for c in report.expired_challenges] == [1]
        assert all_disabled(message) and "Expired" in message["content"]


@pytest.mark.asyncio
async def test_the_task_starts_with_the_bot_and_stops_with_it(tmp_path):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
    clock.advance(hours=25)
    async with running_bot(fake, settings, clock, background=True) as bot:
        for _ in range(100):  # the first round runs as soon as the bot starts
            if any("it is your move" in text for text, _ in pings_in(fake, thread)):
                break
            await asyncio.sleep(0.01)
        else:
            pytest.fail("the background task sent no reminder")
        task = bot.reminders._task
        assert task is not None and not task.done()
    assert task.done() and bot.reminders._task is None


@pytest.mark.asyncio
async def test_a_reminder_that_could_not_be_posted_is_posted_next_round(tmp_path, monkeypatch):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        before = len(pings_in(fake, thread))
        clock.advance(hours=25)
        task = bot.reminders
        remind = task._remind

        async def unreachable(*args):
            raise discord.HTTPException(
                type("Response", (), {"status": 503, "reason": "Service Unavailable"})(), "down"
            )

        monkeypatch.setattr(task, "_remind", unreachable)
        await task.run_once()  # Discord is unreachable: nothing posted, nothing marked
        assert len(pings_in(fake, thread)) == before
        monkeypatch.setattr(task, "_remind", remind)
        await task.run_once()
        await task.run_once()
        assert len(pings_in(fake, thread)) == before + 1  # posted once it could be, once
