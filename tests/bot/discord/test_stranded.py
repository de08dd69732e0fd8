"""Nothing stranded: a deleted thread or channel, and the bot removed from a server.

A match whose thread is deleted goes on in a new thread in the same channel; where the
channel is gone too, it is played by number. A server that removes the bot keeps its
matches waiting, clocks stopped, until the bot is back."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    GAMES_CHANNEL,
    GUILD,
    LOBBY_CHANNEL,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


@pytest.mark.asyncio
async def test_a_deleted_thread_gives_the_match_a_new_one(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        gone = fake.channels.pop(thread)
        fake._gateway(
            "THREAD_DELETE", {k: gone[k] for k in ("id", "guild_id", "parent_id", "type")}
        )
        await fake.drain()
        match = await bot.service.queries.get_match(match_id)
        assert match.active and match.channel_id not in (None, thread)
        notice = fake.messages_in(GAMES_CHANNEL)[-1]
        assert f"The thread of match #{match_id} was deleted" in notice["content"]
        first = fake.messages_in(match.channel_id)[0]
        assert "board.png" in str(first["attachments"]) and f"<@{match.to_act}>" in first["content"]
        mover = match.to_act
        legal = await bot.service.play.legal_moves(match_id, mover, "", 1)
        calls = await fake.slash(
            mover, "move", channel_id=match.channel_id, notation=legal[0].notation
        )
        assert any(c.kind == "send_message" for c in calls)
        mine = await fake.slash(ALICE, "matches")
        assert (
            f"<#{match.channel_id}>" in mine[-1].content and f"<#{thread}>" not in mine[-1].content
        )


@pytest.mark.asyncio
async def test_a_deleted_channel_leaves_the_match_playable_by_number(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        channel = fake.channels.pop(GAMES_CHANNEL)
        fake.channels.pop(thread)
        fake._gateway("CHANNEL_DELETE", channel)
        await fake.drain()
        match = await bot.service.queries.get_match(match_id)
        assert match.active and match.channel_id is None
        mine = await fake.slash(ALICE, "matches", channel_id=LOBBY_CHANNEL)
        assert f"play it with `/move match:{match_id}`" in mine[-1].content
        legal = await bot.service.play.legal_moves(match_id, match.to_act, "", 1)
        calls = await fake.slash(
            match.to_act,
            "move",
            channel_id=LOBBY_CHANNEL,
            match=match_id,
            notation=legal[0].notation,
        )
        assert calls[-1].ephemeral and calls[-1].content.startswith(
            f"Played `{legal[0].notation}`."
        )
        assert (await bot.service.queries.get_match(match_id)).ply == 1
        other = next(m for m in match.members if m != match.to_act)
        confirm = await fake.slash(other, "resign", channel_id=LOBBY_CHANNEL, match=match_id)
        assert f"Do you really resign match #{match_id}?" in confirm[-1].content


@pytest.mark.asyncio
async def test_matches_wait_while_the_bot_is_out_of_the_server(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        before = await bot.service.queries.get_match(match_id)
        fake._gateway("GUILD_DELETE", {"id": str(GUILD)})
        await fake.drain()
        clock.advance(days=5)  # past the deadline: nothing happens while the bot is out
        report = await bot.reminders.run_once()
        assert report.reminders == () and report.timeouts == ()
        assert (await bot.service.queries.player_stats(GUILD, ALICE)).active_matches == 0
        fake._gateway("GUILD_CREATE", fake.guild_create())
        await fake.drain()
        back = await bot.service.queries.get_match(match_id)
        assert back.deadline == before.deadline + timedelta(days=5)  # the clock stood still
        assert (await bot.service.queries.player_stats(GUILD, ALICE)).active_matches == 1
        assert back.active and back.to_act == before.to_act
