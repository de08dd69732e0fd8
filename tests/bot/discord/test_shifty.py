"""Shifty through the real bot and the fake Discord: a whole match with the pie rule. After
the swap every text, picture description, record and stored result names each member by
the side they actually play."""

from __future__ import annotations

import random

import pytest

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


@pytest.mark.asyncio
async def test_a_whole_shifty_match_with_the_swap(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock, seed=2) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shifty", options="size=6")
        match = await bot.service.queries.get_match(match_id)
        first, second = match.members  # seat 0 places Black's first stone
        start = fake.messages_in(thread)[0]["content"]
        assert f"Black: <@{first}>, White: <@{second}>." in start
        await fake.slash(first, "move", channel_id=thread, notation="c3")
        calls = await fake.slash(second, "move", channel_id=thread, notation="swap")
        post = next(c for c in calls if c.kind == "send_message")
        assert f"<@{second}> played `swap`" in post.content
        assert f"<@{first}> (White) to move" in post.content
        assert post.json["allowed_mentions"]["users"] == [first]
        assert "board.png" in post.files
        swapped = await bot.service.queries.get_match(match_id)
        assert swapped.seat_name(0) == "White" and swapped.seat_name(1) == "Black"
        history = await fake.slash(ALICE, "history", match=match_id)
        assert f"White: <@{first}>, Black: <@{second}>" in history[-1].content
        # each line names the side its player played then: the first stone was Black's
        assert f"1. Black (<@{first}>): c3\n2. White (<@{second}>): swap" in history[-1].content
        rng = random.Random(4)
        while (match := await bot.service.queries.get_match(match_id)).active:
            legal = await bot.service.play.legal_moves(match_id, match.to_act, "", 1000)
            notation = rng.choice(legal).notation
            calls = await fake.slash(match.to_act, "move", channel_id=thread, notation=notation)
            post = next(c for c in calls if c.kind == "send_message")
            side = match.seat_name(match.current_seat)
            assert f"<@{match.to_act}> played `{notation}`: {side} " in post.content
            assert match.ply < 2000, "the match does not end"
        ended = await bot.service.queries.get_match(match_id)
        result = ended.result
        if result.winners:
            (winner,) = result.winners
            side = ended.seat_name(ended.seat_of(winner))
            assert result.reason.startswith(side)  # the stored result names the real side
            assert f"<@{winner}> ({side}) won" in fake.messages_in(thread)[-2]["content"]
        record = (await fake.slash(ALICE, "export", match=match_id))[-1]
        text = record.files[f"match-{match_id}.txt"].decode()
        assert "2. Seat 2: swap" in text
