"""/next through the fake Discord: the match that has waited longest for the member, across
the servers the bot is in (the nearest deadline first, then the longest waiting), linked to
its latest board, or that nothing waits."""

from __future__ import annotations

import pytest

from bot.match.actions import RESIGN
from bot.match.records import MatchRules
from bot.service import ChallengeRequest
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)
from tests.bot.service_fixtures import act

OTHER_GUILD, AWAY_GUILD = 200, 300  # the bot is in the first, not in the second


async def match_in(service, guild_id, first, second, hours):
    """A match of `first` against `second` in `guild_id`, `first` to move (no thread)."""
    challenge = await service.challenges.create_challenge(
        ChallengeRequest(
            guild_id,
            guild_id + 1,
            first,
            "skift",
            opponents=[second],
            rules=MatchRules(hours, auto_timeout=True, takebacks=True),
            server_clock=False,
            seat_order=[first, second],
        )
    )
    update = await service.challenges.accept_challenge(challenge.id, second)
    return update.match.id


@pytest.mark.asyncio
async def test_next_game_across_servers_deadline_first_then_longest_waiting(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        other_guild = fake.guild_create() | {"id": str(OTHER_GUILD), "channels": [], "threads": []}
        fake._gateway("GUILD_CREATE", other_guild)
        service = bot.service
        here, thread = await start_match(fake, ALICE, BOB, clock="3d")
        me = (await service.queries.get_match(here)).to_act
        other = next(m for m in (ALICE, BOB) if m != me)
        clock.advance(hours=1)
        unclocked = await match_in(service, GUILD, me, other, 0)
        clock.advance(hours=1)
        later_unclocked = await match_in(service, GUILD, me, other, 0)
        elsewhere = await match_in(service, OTHER_GUILD, me, other, 24)
        await match_in(service, AWAY_GUILD, me, other, 12)  # the bot is not there

        calls = await fake.slash(me, "next")
        assert calls[-1].ephemeral
        assert calls[-1].content.startswith(f"Your next game: match #{elsewhere} (Skift), your")
        assert f"`/move match:{elsewhere}`" in calls[-1].content  # (it has no thread)

        await act(service, elsewhere, me, RESIGN)
        calls = await fake.slash(me, "next")
        board = [m for m in fake.messages_in(thread) if m["attachments"]][-1]
        link = f"https://discord.com/channels/{GUILD}/{thread}/{board['id']}"
        assert f"match #{here} (Skift)" in calls[-1].content and link in calls[-1].content

        await act(service, here, me, RESIGN)
        calls = await fake.slash(me, "next")
        assert f"match #{unclocked} (Skift), waiting for you since" in calls[-1].content
        await act(service, unclocked, me, RESIGN)
        calls = await fake.slash(me, "next")
        assert f"match #{later_unclocked} (Skift)" in calls[-1].content

        calls = await fake.slash(CAROL, "next")
        assert calls[-1].ephemeral and calls[-1].content.startswith("Nothing waits for you")


@pytest.mark.asyncio
async def test_every_answer_to_a_move_has_a_next_game_button(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        first, thread = await start_match(fake, ALICE, BOB, clock="3d")
        match = await bot.service.queries.get_match(first)
        mover = match.to_act
        other = next(m for m in (ALICE, BOB) if m != mover)
        waiting = await match_in(bot.service, GUILD, mover, other, 0)
        move = match.state.format_move(match.state.legal_moves()[0])
        calls = await fake.slash(mover, "move", channel_id=thread, notation=move)
        assert calls[-1].ephemeral and "Played" in calls[-1].content
        answer = fake.last_message(thread, ephemeral=True)
        calls = await fake.click(mover, answer["id"], "sc:next")
        assert calls[-1].ephemeral
        assert calls[-1].content.startswith(f"Your next game: match #{waiting} (Skift)")
        calls = await fake.slash(mover, "board", channel_id=thread)
        assert "sc:next" not in str(calls[-1].json)  # only under answers to a move
