"""Time-bank clocks end to end: /challenge with a bank, the banks in the thread's texts,
moves refilling them, and /clock give announced in the thread."""

from __future__ import annotations

import pytest
import pytest_asyncio

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


@pytest_asyncio.fixture
async def game(tmp_path):
    """A Skift match between alice and bob with a bank of 3 days, +1 day, at most 5 days."""
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d+1d max 5d")
        yield fake, bot, match_id, thread, clock


async def move(fake, bot, match_id, thread):
    """The player to act plays their first legal move; the post."""
    match = await bot.service.queries.get_match(match_id)
    notation = (await bot.service.play.legal_moves(match_id, match.to_act, "", 1))[0].notation
    calls = await fake.slash(match.to_act, "move", channel_id=thread, notation=notation)
    return calls[1]


@pytest.mark.asyncio
async def test_a_bank_is_shown_used_refilled_and_given(game):
    fake, bot, match_id, thread, clock = game
    match = await bot.service.queries.get_match(match_id)
    first, second = match.to_act, next(m for m in match.members if m != match.to_act)
    start = fake.messages_in(thread)[0]["content"]
    assert "a time bank of 3 days, plus 1 day per move, at most 5 days" in start
    assert (
        f"Time banks: <@{first}> 3 days (running since this turn began), <@{second}> 3 days."
        in start
    )
    assert f"<t:{int(match.deadline.timestamp())}:R>" in start

    clock.advance(hours=10)
    await move(fake, bot, match_id, thread)  # the first player keeps 62 h + 24 h
    clock.advance(hours=2)
    post = await move(fake, bot, match_id, thread)  # the second keeps 70 h + 24 h
    match = await bot.service.queries.get_match(match_id)
    assert match.banks[match.seat_of(first)] == 86 * 3600
    assert match.banks[match.seat_of(second)] == 94 * 3600
    assert f"<t:{int(match.deadline.timestamp())}:R>" in post.content
    strip = post.json["attachments"][0]["description"]  # the picture's clock strip, in words
    first_side, second_side = (match.seat_name(match.seat_of(m)) for m in (first, second))
    assert strip.startswith(
        f"Clocks: {first_side}: 3 days 14 hours left · {second_side}: 3 days 22 hours."
    ) or strip.startswith(
        f"Clocks: {second_side}: 3 days 22 hours · {first_side}: 3 days 14 hours left."
    )

    calls = await fake.slash(second, "clock give", channel_id=thread, time="1d")
    done = calls[-1]
    assert done.ephemeral and done.content == "You gave each opponent 1 day more."
    announced = fake.last_message(thread)["content"]
    assert f"<@{second}> gave each opponent 1 day more on their clock." in announced
    given = await bot.service.queries.get_match(match_id)
    assert (given.deadline - match.deadline).total_seconds() == 24 * 3600
    assert f"<t:{int(given.deadline.timestamp())}:R>" in announced

    board = await fake.slash(first, "board", channel_id=thread, theme="default")
    caption = board[-1].content
    assert f"<@{second}> 3 days 22 hours" in caption  # 94 h
    assert f"<@{first}> 3 days 14 hours (running since this turn began)" in caption  # 86 h


@pytest.mark.asyncio
async def test_clock_give_refusals_are_private_and_the_player_to_move_may_give(game):
    fake, bot, match_id, thread, _ = game
    calls = await fake.slash(ALICE, "clock give", channel_id=thread, time="soon")
    assert calls[-1].ephemeral and "I cannot read the time" in calls[-1].content
    calls = await fake.slash(ALICE, "clock give", channel_id=thread, time="40d")
    assert calls[-1].ephemeral and "at most 30 days" in calls[-1].content
    before = await bot.service.queries.get_match(match_id)
    calls = await fake.slash(before.to_act, "clock give", channel_id=thread, time="1d")
    # with a bank the player to move may give time to those waiting
    assert calls[-1].ephemeral and calls[-1].content == "You gave each opponent 1 day more."
    after = await bot.service.queries.get_match(match_id)
    waiting = next(s.seat for s in after.seats if s.member_id != before.to_act)
    assert after.banks[waiting] == 96 * 3600 and after.deadline == before.deadline
