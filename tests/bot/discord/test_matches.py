"""Whole matches through interactions, from challenge to result, against a real SQLite file:
Skift between two members, and Shiftago for four from an open challenge with three joins.
Each move is chosen at random among the legal ones but sent through /move."""

from __future__ import annotations

import random

import pytest

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


async def play_out(fake, bot, match_id: int, thread: int, seed: int) -> tuple[int, int]:
    """Play random legal moves with /move until the match ends; returns the number of moves
    and how many of them were followed by the same player again. Checks every move's post:
    the board, its alt text, and a ping of exactly the next player when the turn passes
    (nobody while the same player plays on), with their deadline."""
    rng = random.Random(seed)
    moves = again = 0
    while (match := await bot.service.queries.get_match(match_id)).active:
        legal = await bot.service.play.legal_moves(match_id, match.to_act, "", 10_000)
        notation = rng.choice(legal).notation
        calls = await fake.slash(match.to_act, "move", channel_id=thread, notation=notation)
        post = next(c for c in calls if c.kind == "send_message")
        assert f"<@{match.to_act}> played `{notation}`" in post.content
        assert "board.png" in post.files and post.json["attachments"][0]["description"]
        after = await bot.service.queries.get_match(match_id)
        if after.active:
            pinged = post.json["allowed_mentions"]["users"]
            turn = f"<@{after.to_act}> ({after.seat_name(after.current_seat)}) to move"
            if after.to_act == match.to_act:
                turn, again = turn + " again", again + 1
                assert pinged == []  # the same turn goes on: nobody is called again
            else:
                assert pinged == [after.to_act]
            deadline = (
                f", before <t:{int(after.deadline.timestamp())}:f>" if after.deadline else "."
            )
            assert turn + deadline in post.content
        moves += 1
        assert moves < 400, "the match does not end"
    return moves, again


@pytest.mark.asyncio
async def test_a_whole_skift_match(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="1d")
        moves, again = await play_out(fake, bot, match_id, thread, seed=3)
        assert again == 0  # in Skift the turn always passes
        match = await bot.service.queries.get_match(match_id)
        assert match.status == "finished" and match.ply == moves
        end, replay = fake.messages_in(thread)[-2:]
        assert [a["filename"] for a in end["attachments"]] == ["board.png"]
        head = "**Drawn.**" if match.result.draw else f"**<@{match.result.winners[0]}> ("
        assert head in end["content"] and "\nRatings: <@" in end["content"]
        assert end["content"].count(" → ") == 2
        assert [a["filename"] for a in replay["attachments"]] == [f"match-{match_id}.gif"]
        for member in (ALICE, BOB):
            calls = await fake.slash(member, "matches")
            assert "no active matches" in calls[-1].content
        stats = await fake.slash(ALICE, "stats")
        assert "Skift: rating" in stats[-1].content and "1 played" in stats[-1].content
        late = await fake.slash(ALICE, "move", channel_id=thread, notation="pass")
        assert late[-1].ephemeral and "no active match here" in late[-1].content


@pytest.mark.asyncio
async def test_a_whole_four_player_shiftago_match_from_an_open_challenge(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        await fake.slash(
            ALICE, "challenge", game="shiftago", players=4, options="variant=expert", clock="none"
        )
        message = fake.last_message(fake.channel_id)
        assert "3 seats to fill" in message["content"]
        for member in (BOB, CAROL, DAVE):
            assert fake.threads() == []
            await fake.click(member, message["id"], "sc:challenge:1:accept")
        thread = int(fake.threads()[0]["id"])
        first = fake.messages_in(thread)[0]
        assert all(f"<@{m}>" in first["content"] for m in (ALICE, BOB, CAROL, DAVE))
        match = await bot.service.queries.match_in_channel(thread)
        assert len(match.seats) == 4
        moves, again = await play_out(fake, bot, match.id, thread, seed=5)
        assert again > 0  # a line was made: its maker scores it, then inserts again
        match = await bot.service.queries.get_match(match.id)
        assert not match.active and match.ply == moves
        end, replay = fake.messages_in(thread)[-2:]
        points = [match.result.scores[s.seat] for s in match.seats]
        scores = ", ".join(
            f"<@{s.member_id}> with {p} point{'s' * (p != 1)}"
            for s, p in zip(match.seats, points, strict=True)
        )
        assert f"\nFinal scores: {scores}.\nRatings: <@" in end["content"]
        assert end["content"].split("\n")[0].count(":") <= 1  # one colon a sentence
        assert end["content"].count(" → ") == 4
        assert set(end["allowed_mentions"]["users"]) == {ALICE, BOB, CAROL, DAVE}
        assert [a["filename"] for a in replay["attachments"]] == [f"match-{match.id}.gif"]
        table = await fake.slash(BOB, "standings", game="shiftago")
        assert "**Shiftago standings**" in table[-1].content
        assert table[-1].content.count("\n") == 4  # four rated players
