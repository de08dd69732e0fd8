"""The PostgreSQL server stops while no player is asking: the bot thinking over its move,
someone typing into an autocomplete, the reminders' rounds. Each says nothing of its own
(the store logs the outage in one line, and one when it is over), nothing is half-done,
and what was due is done once the server is back."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.match.engine_seats import duty
from tests.bot import discord_harness as harness
from tests.bot.service.test_engine_player import ALICE, against, alice_moves, player
from tests.bot.service_fixtures import FakeClock, open_service
from tests.bot.test_postgres_outage import assert_told_once, stopped, store_lines


def said_more(caplog: pytest.LogCaptureFixture, name: str) -> list[str]:
    """Warnings and errors the bot logged beyond the store's lines about the database
    `name` (discord.py's own about voice are not the bot's)."""
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING
        and r.name.startswith("shiftcord")
        and name not in r.getMessage()
    ]


@pytest.mark.asyncio
async def test_the_bot_leaves_its_move_during_the_outage_and_makes_it_after(
    postgres_databases, postgres_server, caplog
):
    service = await open_service(await postgres_databases.settings(), FakeClock())
    match = await against(service, "easy", game="shiftago")
    if match.to_act == ALICE:
        match = await alice_moves(service, match)
    updates: list = []
    bot = player(service, updates)
    decide = bot._decide

    async def down_while_thinking(match, owed):
        chosen = await decide(match, owed)
        await asyncio.to_thread(postgres_server.halt)  # before the bot acts
        return chosen

    name = service.store.name
    try:
        with caplog.at_level(logging.INFO):
            bot._decide = down_while_thinking
            try:
                assert await bot.sweep() == 1
                await bot.idle()
                bot.notice(match)  # noticed again while the server is down
                await bot.idle()
            finally:
                postgres_server.resume()
            bot._decide = decide
            assert updates == [] and (await service.queries.get_match(match.id)).ply == match.ply
            assert await bot.sweep() == 1  # the duty is found again, and done
            await bot.idle()
        assert len(updates) == 1 and updates[0].match.ply == match.ply + 1
        assert duty(await service.queries.get_match(match.id)) is None
        assert_told_once(store_lines(caplog, name), name)
        assert said_more(caplog, name) == []
    finally:
        await bot.close()
        await service.close()


@pytest.mark.asyncio
async def test_autocomplete_during_the_outage_offers_nothing_and_logs_nothing(
    postgres_databases, postgres_server, caplog
):
    fake, clock = harness.FakeDiscord(), harness.FakeClock()
    async with harness.running_bot(fake, await postgres_databases.settings(), clock) as bot:
        match_id, thread = await harness.start_match(fake, harness.ALICE, harness.BOB)
        mover = (await bot.service.queries.get_match(match_id)).to_act
        typed = [  # who types, in which command, which option, all its options, where
            (mover, "move", "notation", {"notation": ""}, thread),
            (mover, "move", "match", {"match": "1", "notation": ""}, thread),
            (harness.ALICE, "admin cancel", "match", {"match": "1"}, None),
        ]
        name = bot.service.store.name
        with caplog.at_level(logging.INFO):
            for user, command, focused, options, channel in typed:
                choices = await fake.autocomplete(
                    user, command, focused, channel_id=channel, **options
                )
                assert choices != []
            with stopped(postgres_server):
                for user, command, focused, options, channel in typed * 2:  # typing on
                    done = len(fake.calls)
                    data = fake.command_data(command, options, focused)
                    await fake.feed(fake.interaction_payload(4, user, data, channel), drain=False)
                    await fake.drain(raise_errors=False)
                    answer = [c for c in fake.calls[done:] if c.kind == "callback"]
                    assert [c.json for c in answer] == [{"type": 8, "data": {"choices": []}}]
            back = await fake.autocomplete(
                mover, "move", "notation", channel_id=thread, notation=""
            )
            assert back != []
        assert_told_once(store_lines(caplog, name), name)
        assert said_more(caplog, name) == []
        assert [r for r in caplog.records if r.exc_info] == []


@pytest.mark.asyncio
async def test_the_reminders_go_on_through_the_outage_and_remind_after_it(
    postgres_databases, postgres_server, caplog
):
    fake, clock = harness.FakeDiscord(), harness.FakeClock()
    settings = await postgres_databases.settings(reminder_check_seconds=0.05)
    with caplog.at_level(logging.INFO):
        async with harness.running_bot(fake, settings, clock) as bot:
            match_id, thread = await harness.start_match(
                fake, harness.ALICE, harness.BOB, clock="3d"
            )
            to_act = (await bot.service.queries.get_match(match_id)).to_act
            assert bot.reminders is not None
            bot.reminders.start()  # rounds every 0.05 s, as the bot runs them
            name = bot.service.store.name
            posted = len(fake.messages_in(thread))
            with stopped(postgres_server):
                clock.advance(hours=25)  # a reminder is due
                await asyncio.sleep(0.5)  # rounds go by
                assert len(fake.messages_in(thread)) == posted
                assert (
                    bot.reminders._task is not None and not bot.reminders._task.done()
                )  # the loop goes on
            for _ in range(100):
                if len(fake.messages_in(thread)) > posted:
                    break
                await asyncio.sleep(0.05)
            reminders = fake.messages_in(thread)[posted:]
            assert len(reminders) == 1
            assert f"<@{to_act}>, it is your move in match #{match_id}" in reminders[0]["content"]
            fake.errors.clear()  # (the store's line: checked below)
    assert_told_once(store_lines(caplog, name), name)
    assert said_more(caplog, name) == []
