"""A member's first turn of their first match of a game says how to play: once per
member and game, on the post that gives them the turn."""

from __future__ import annotations

import pytest

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


def hint(member: int, game: str = "Skift") -> str:
    """The start of the hint for `member`."""
    return f"<@{member}>, your first {game} match: press **Play** under the board"


async def turn(bot, match_id):
    """(member to act, a legal move of theirs)."""
    match = await bot.service.queries.get_match(match_id)
    moves = await bot.service.play.legal_moves(match_id, match.to_act, "", 1)
    return match.to_act, moves[0].notation


async def public(fake, thread):
    """The public posts of a thread, oldest first."""
    return [m["content"] for m in fake.messages_in(thread) if not m["flags"] & 64]


@pytest.mark.asyncio
async def test_first_turns_of_a_first_match_say_how_to_play_once(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        first, notation = await turn(bot, match_id)
        second = BOB if first == ALICE else ALICE
        start = (await public(fake, thread))[0]
        assert hint(first) in start and "`/rules game:skift`" in start
        assert hint(second) not in start
        await fake.slash(first, "move", channel_id=thread, notation=notation)
        passed = (await public(fake, thread))[-1]
        assert hint(second) in passed and hint(first) not in passed
        _, notation = await turn(bot, match_id)
        await fake.slash(second, "move", channel_id=thread, notation=notation)
        assert "your first" not in (await public(fake, thread))[-1]

        again, thread = await start_match(fake, BOB, ALICE)
        first, notation = await turn(bot, again)
        await fake.slash(first, "move", channel_id=thread, notation=notation)
        assert not any("your first" in post for post in await public(fake, thread))

        other, thread = await start_match(fake, BOB, CAROL, game="shifty")
        first, _ = await turn(bot, other)
        start = (await public(fake, thread))[0]
        assert hint(first, "Shifty") in start and "`/rules game:shifty`" in start
