"""Notices that respect a member's day: turn notices by DM (also / instead of the ping),
quiet hours across midnight, the daily digest in the member's own time zone (daylight
saving included), never twice, DMs refused, snoozed reminders and vacation notices."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.match.errors import CannotSave
from bot.presentation.settings import DMS_REFUSED as REFUSED_NOTE
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    EPHEMERAL,
    GUILD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


def pinged(message):
    return (message["allowed_mentions"] or {}).get("users") or []


def public(fake, thread):
    return [m for m in fake.messages_in(thread) if not m["flags"] & EPHEMERAL]


async def play(fake, bot, match_id, thread):
    """The player to act plays their first legal move; returns (mover, move)."""
    match = await bot.service.queries.get_match(match_id)
    state = match.state
    move = state.format_move(state.legal_moves()[0])
    calls = await fake.slash(match.to_act, "move", channel_id=thread, notation=move)
    assert "Played" in calls[-1].content
    return match.to_act, move


async def players(bot, match_id):
    """(the member to act, the one waiting)."""
    match = await bot.service.queries.get_match(match_id)
    return match.to_act, next(m for m in match.members if m != match.to_act)


@pytest.mark.asyncio
async def test_turn_notices_by_dm_as_well_as_or_instead_of_the_ping(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        mover, waiting = await players(bot, match_id)
        calls = await fake.slash(waiting, "settings notices", dm="also")
        assert "Turn notices: DMs and thread pings." in calls[-1].content
        await fake.slash(mover, "settings notices", dm="instead")
        _, move = await play(fake, bot, match_id, thread)
        assert pinged(public(fake, thread)[-1]) == [waiting]  # also: pinged as well
        [dm] = fake.dms_to(waiting)
        assert f"Your move in match #{match_id}" in dm["content"] and f"`{move}`" in dm["content"]
        assert f"https://discord.com/channels/{GUILD}/{thread}" in dm["content"]
        await play(fake, bot, match_id, thread)  # the turn passes back to the mover
        assert mover not in pinged(public(fake, thread)[-1])  # instead: no ping
        assert len(fake.dms_to(mover)) == 1 and fake.dms_to(waiting) == [dm]


@pytest.mark.asyncio
async def test_quiet_hours_across_midnight_hold_notices_and_send_them_once_after(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        mover, waiting = await players(bot, match_id)
        await fake.slash(waiting, "settings notices", dm="instead", quiet_start=22, quiet_end=7)
        clock.now = datetime(2026, 1, 5, 23, 30, tzinfo=UTC)
        await play(fake, bot, match_id, thread)
        assert fake.dms_to(waiting) == []
        assert waiting not in pinged(public(fake, thread)[-1])  # instead: the DM waits
        clock.now = datetime(2026, 1, 6, 6, 59, tzinfo=UTC)  # past midnight: still quiet
        await bot.reminders.run_once()
        assert fake.dms_to(waiting) == []
        clock.now = datetime(2026, 1, 6, 7, 0, tzinfo=UTC)
        report = await bot.reminders.run_once()
        await bot.reminders.run_once()
        [batch] = fake.dms_to(waiting)
        assert [h.member_id for h in report.held] == [waiting]
        assert batch["content"].startswith("While your quiet hours lasted:")
        assert f"Your move in match #{match_id}" in batch["content"]


@pytest.mark.asyncio
async def test_no_reminder_during_quiet_hours_it_comes_after(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()  # 12:00 UTC
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        mover, _ = await players(bot, match_id)
        await fake.slash(mover, "settings notices", quiet_start=8, quiet_end=14)
        clock.advance(hours=25)  # 13:00 the next day: the idle reminder is due, but quiet
        assert (await bot.reminders.run_once()).reminders == ()
        clock.advance(hours=1)
        assert [r.member_id for r in (await bot.reminders.run_once()).reminders] == [mover]


@pytest.mark.asyncio
async def test_the_digest_keeps_its_local_hour_across_daylight_saving_and_never_twice(tmp_path):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    clock.now = datetime(2026, 3, 27, 12, 0, tzinfo=UTC)
    async with running_bot(fake, settings, clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        mover, waiting = await players(bot, match_id)
        await fake.slash(CAROL, "challenge", game="skift", opponent=mover)
        for member in (mover, waiting):
            await fake.slash(member, "settings timezone", zone="Europe/Berlin")
            await fake.slash(member, "settings notices", digest_hour=8)
        clock.now = datetime(2026, 3, 28, 6, 59, tzinfo=UTC)  # 07:59 in Berlin (CET)
        await bot.reminders.run_once()
        assert fake.dms_to(mover) == []
        clock.now = datetime(2026, 3, 28, 7, 0, tzinfo=UTC)  # 08:00 CET
        await bot.reminders.run_once()
        [digest] = fake.dms_to(mover)
        deadline = int((await bot.service.queries.get_match(match_id)).deadline.timestamp())
        text = digest["content"]
        assert "digest for 2026-03-28" in text and f"Your move in match #{match_id}" in text
        assert f"<t:{deadline}:R>" in text and f"/{GUILD}/{thread}" in text
        assert f"<@{CAROL}> challenges you to Skift" in text
        assert fake.dms_to(waiting) == []  # nothing waits for them: no digest
    clock.now = datetime(2026, 3, 28, 20, 0, tzinfo=UTC)
    async with running_bot(fake, settings, clock) as bot:  # a restart: still once a day
        await bot.reminders.run_once()
        assert len(fake.dms_to(mover)) == 1
        clock.now = datetime(2026, 3, 29, 5, 30, tzinfo=UTC)  # 07:30 CEST (summer time now)
        await bot.reminders.run_once()
        assert len(fake.dms_to(mover)) == 1
        clock.now = datetime(2026, 3, 29, 6, 0, tzinfo=UTC)  # 08:00 CEST
        await bot.reminders.run_once()
        assert "digest for 2026-03-29" in fake.dms_to(mover)[-1]["content"]
        assert len(fake.dms_to(mover)) == 2


@pytest.mark.asyncio
async def test_closed_dms_fall_back_to_the_ping_and_are_told_once(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        mover, waiting = await players(bot, match_id)
        await fake.slash(waiting, "settings notices", dm="instead")
        fake.closed_dms.add(waiting)
        await play(fake, bot, match_id, thread)
        fallback = public(fake, thread)[-1]
        assert pinged(fallback) == [waiting] and REFUSED_NOTE not in fallback["content"]
        assert f"it is your move in match #{match_id}" in fallback["content"]
        told = await fake.slash(waiting, "settings show")  # their next interaction
        assert told[-1].ephemeral and REFUSED_NOTE in told[-1].content  # told privately
        assert "your DMs were closed to me" in told[-1].content
        await play(fake, bot, match_id, thread)
        await play(fake, bot, match_id, thread)  # their turn again: a plain ping
        assert waiting in pinged(public(fake, thread)[-1])
        assert not [m for m in public(fake, thread) if REFUSED_NOTE in m["content"]]
        assert fake.dms_to(waiting) == []
        again = await fake.slash(waiting, "settings show")  # only once
        assert REFUSED_NOTE not in again[-1].content


@pytest.mark.asyncio
async def test_a_snoozed_match_is_reminded_only_after_a_day(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        mover, _ = await players(bot, match_id)
        clock.advance(hours=10)
        calls = await fake.slash(mover, "snooze", channel_id=thread)
        assert (
            calls[-1].ephemeral
            and f"No reminders for you in match #{match_id}" in calls[-1].content
        )
        clock.advance(hours=20)  # the idle reminder is due, but snoozed
        assert (await bot.reminders.run_once()).reminders == ()
        clock.advance(hours=4)  # 24 hours after the snooze
        assert [r.kind for r in (await bot.reminders.run_once()).reminders] == ["idle"]
        calls = await fake.slash(mover, "snooze", channel_id=fake.channel_id)
        assert "There is no active match here" in calls[-1].content


@pytest.mark.asyncio
async def test_opponents_are_told_once_of_a_vacation_and_of_the_return(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        await fake.slash(ALICE, "settings vacation", days=1)
        away = public(fake, thread)[-1]
        assert f"<@{ALICE}> is on vacation until <t:" in away["content"] and not pinged(away)
        clock.advance(hours=25)
        await bot.reminders.run_once()
        await bot.reminders.run_once()
        back = [m for m in public(fake, thread) if "is back from vacation" in m["content"]]
        assert len(back) == 1 and f"<@{ALICE}>" in back[0]["content"]


@pytest.mark.asyncio
async def test_time_zone_autocomplete_and_refusal(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock):
        choices = await fake.autocomplete(ALICE, "settings timezone", "zone", zone="berl")
        assert [c["value"] for c in choices] == ["Europe/Berlin"]
        assert len(await fake.autocomplete(ALICE, "settings timezone", "zone", zone="")) == 25
        calls = await fake.slash(ALICE, "settings timezone", zone="Mars/Olympus")
        assert calls[-1].ephemeral and "There is no time zone 'Mars/Olympus'" in calls[-1].content
        calls = await fake.slash(ALICE, "settings timezone", zone="America/New_York")
        assert "Time zone: America/New_York." in calls[-1].content


@pytest.mark.asyncio
async def test_an_answer_goes_out_when_the_store_cannot_say_whether_dms_were_refused(
    env, monkeypatch
):
    fake, bot, match_id, thread = env

    async def cannot(member_id):
        raise CannotSave("The bot cannot save right now, so nothing was changed.")

    monkeypatch.setattr(bot.service.notices, "dm_refusal_untold", cannot)
    calls = await fake.slash(ALICE, "settings show")
    assert calls[-1].ephemeral and calls[-1].content.startswith("Reminders: on.")
