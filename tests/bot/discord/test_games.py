"""Every kind of game through the real bot and the fake Discord, with the test games of
`tests.testgames`: what each thread is sent, whom it pings, what each seat sees privately,
what is stored and rated."""

from __future__ import annotations

import json
import random

import pytest

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    MOD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
    walk_components,
)
from tests.testgames import SECRET


def posts(calls):
    """The messages an interaction sent into channels (not its private answers)."""
    return [c for c in calls if c.kind == "send_message"]


async def move(fake, bot, match_id, thread, notation=None, seed=0):
    """The player to act plays `notation` (default: a random legal move); the match before,
    and the thread post the move made."""
    match = await bot.service.queries.get_match(match_id)
    if notation is None:
        legal = await bot.service.play.legal_moves(match_id, match.to_act, "", 1000)
        notation = random.Random(seed + match.ply).choice(legal).notation
    calls = await fake.slash(match.to_act, "move", channel_id=thread, notation=notation)
    return match, posts(calls)[0]  # (a last move's post is followed by the replay)


@pytest.mark.asyncio
async def test_a_solo_match_on_discord(tmp_path, test_games):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        calls = await fake.slash(ALICE, "challenge", game="test-solo", players=1)
        assert calls[-1].ephemeral and calls[-1].content.startswith("Your match has started in")
        (thread,) = fake.threads()
        first = fake.messages_in(thread["id"])[0]
        assert "plays **Tile Bag** alone" in fake.messages_in(fake.channel_id)[-1]["content"]
        assert "board.png" in str(first["attachments"])
        match_id = (await bot.service.queries.match_in_channel(int(thread["id"]))).id
        while (await bot.service.queries.get_match(match_id)).active:
            _, post = await move(fake, bot, match_id, int(thread["id"]))
            assert post.json["allowed_mentions"]["users"] in ([], [ALICE])
            if (await bot.service.queries.get_match(match_id)).active:
                assert post.json["allowed_mentions"]["users"] == []  # nobody else to call
        result = fake.messages_in(thread["id"])[-2]["content"]  # then the replay
        assert ("won" in result or "lost" in result) and "Solo matches are never rated." in result
        assert "Ratings" not in result
        stats = await fake.slash(ALICE, "stats")
        assert "Tile Bag solo: 1 played" in stats[-1].content
        standings = await fake.slash(ALICE, "standings", game="test-solo")
        assert "Nobody has finished a rated Tile Bag match here yet." in standings[-1].content


@pytest.mark.asyncio
async def test_a_five_seat_match_on_discord(tmp_path, test_games):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(
            fake, ALICE, BOB, CAROL, DAVE, MOD, game="test-five", players=5
        )
        match = await bot.service.queries.get_match(match_id)
        assert sorted(match.members) == sorted((ALICE, BOB, CAROL, DAVE, MOD))
        start = fake.messages_in(thread)[0]["content"]
        for seat in match.seats:
            assert f"{match.seat_name(seat.seat)}: <@{seat.member_id}>" in start
        moves = 0
        while (before := await bot.service.queries.get_match(match_id)).active:
            _, post = await move(fake, bot, match_id, thread, seed=5)
            after = await bot.service.queries.get_match(match_id)
            if after.active:
                assert post.json["allowed_mentions"]["users"] == [after.to_act]
                assert after.to_act != before.to_act
            moves += 1
        result = fake.messages_in(thread)[-2]  # the result, then the replay
        assert "won" in result["content"] or "Drawn" in result["content"]
        ended = await bot.service.queries.get_match(match_id)
        assert len(ended.result.rating_changes) == 5 and moves == 15
        table = await fake.slash(ALICE, "standings", game="test-five")
        assert table[-1].content.count("?") >= 5  # everybody's rating is still provisional


@pytest.mark.asyncio
async def test_a_swap_on_discord_renames_sides_in_every_text(tmp_path, test_games):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="test-swap")
        match = await bot.service.queries.get_match(match_id)
        red, blue = match.members
        assert f"Red: <@{red}>, Blue: <@{blue}>." in fake.messages_in(thread)[0]["content"]
        await move(fake, bot, match_id, thread, "b2")
        _, swapped = await move(fake, bot, match_id, thread, "swap")
        assert f"<@{red}> (Blue) to move" in swapped.content
        assert "Blue" in swapped.json["attachments"][0]["description"]
        for notation in ("a1", "c1", "a2", "a3"):
            _, last = await move(fake, bot, match_id, thread, notation)
        assert f"<@{blue}> (Red) won" in last.content
        history = await fake.slash(ALICE, "history", match=match_id)
        assert f"Red: <@{blue}>" in history[-1].content and f"Blue: <@{red}>" in history[-1].content


@pytest.mark.asyncio
async def test_turns_of_several_actions_with_secret_hands_on_discord(tmp_path, test_games):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="test-hand")
        match = await bot.service.queries.get_match(match_id)
        mover = match.to_act
        other = next(m for m in match.members if m != mover)
        typed = await fake.autocomplete(mover, "move", "notation", channel_id=thread, notation="")
        assert any(SECRET in choice["name"] for choice in typed)  # their own cards, to them
        nothing = await fake.autocomplete(other, "move", "notation", channel_id=thread, notation="")
        assert nothing == []
        _, played = await move(fake, bot, match_id, thread, "play 1")
        assert "board.png" in played.files and played.json["allowed_mentions"]["users"] == []
        assert f"<@{mover}> played `play 1`" in played.content and "to move again" in played.content
        undo = await fake.slash(mover, "takeback ask", channel_id=thread)
        assert undo[-1].content == "You took back `play 1`."
        assert f"<@{mover}> took back `play 1`." in posts(undo)[0].content
        await move(fake, bot, match_id, thread, "play 1")
        _, ended = await move(fake, bot, match_id, thread, "end")
        assert ended.json["allowed_mentions"]["users"] == [other]  # once, when the turn passes
        refused = await fake.slash(mover, "takeback ask", channel_id=thread)
        assert refused[-1].ephemeral and "brought hidden information" in refused[-1].content
        board = fake.last_message(thread)
        hand = next(
            c["custom_id"]
            for c in walk_components(board["components"])
            if c.get("custom_id", "").endswith(":hand")
        )
        match = await bot.service.queries.get_match(match_id)
        for member in (mover, other):
            shown = await fake.click(member, board["id"], hand)
            assert shown[-1].ephemeral and "board.png" in shown[-1].files
            alt = shown[-1].json["attachments"][0]["description"]
            seat = match.seat_of(member)
            own = match.view_for(seat).hands[seat]
            theirs = match.view_for(1 - seat).hands[1 - seat]
            assert own and all(card in alt for card in own)
            assert not any(card in alt for card in theirs if card not in own)
        while (await bot.service.queries.get_match(match_id)).active:
            await move(fake, bot, match_id, thread, seed=11)
        public = [c for c in fake.calls if not c.ephemeral and (c.json or {}).get("type") != 8]
        assert public and all(SECRET not in json.dumps(c.json) for c in public)
