"""Premoves end to end: /premove add, list and clear answer privately; when the opponent
plays the move a premove answers, the thread shows that move and then the premove, each
with its board, and pings only the player whose turn it then is."""

from __future__ import annotations

import pytest
import pytest_asyncio

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    EPHEMERAL,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


@pytest_asyncio.fixture
async def game(tmp_path):
    """A Skift match between alice and bob in its thread; (fake, bot, match id, thread,
    the member to act, the member waiting)."""
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        match = await bot.service.queries.get_match(match_id)
        mover = match.to_act
        yield fake, bot, match_id, thread, mover, ALICE + BOB - mover


def a_line(match):
    """(X, Y): a legal move of the player to act, and a legal answer to it."""
    state = match.state
    theirs = state.legal_moves()[0]
    after = state.play(theirs)
    return state.format_move(theirs), after.format_move(after.legal_moves()[0])


def public(fake, thread):
    return [m for m in fake.messages_in(thread) if not m["flags"] & EPHEMERAL]


@pytest.mark.asyncio
async def test_a_premove_answers_the_move_in_the_thread(game):
    fake, bot, match_id, thread, mover, waiter = game
    x, y = a_line(await bot.service.queries.get_match(match_id))
    posted = len(public(fake, thread))
    calls = await fake.slash(waiter, "premove add", channel_id=thread, if_they_play=x, i_play=y)
    assert [c.kind for c in calls] == ["callback", "followup"] and calls[-1].ephemeral
    assert f"If they play `{x}`, you play `{y}`." in calls[-1].content
    listed = await fake.slash(waiter, "premove list", channel_id=thread)
    assert listed[-1].ephemeral and f"`{x}`" in listed[-1].content
    theirs = await fake.slash(mover, "premove list", channel_id=thread)
    none = f"You have no premoves in match #{match_id}."
    assert theirs[-1].ephemeral and theirs[-1].content == none
    assert len(public(fake, thread)) == posted  # nothing public mentions a premove

    calls = await fake.slash(mover, "move", channel_id=thread, notation=x)
    posts = [c for c in calls if c.kind == "send_message"]
    assert len(posts) == 2 and calls[-1].kind == "followup"
    first, second, done = posts[0], posts[1], calls[-1]
    assert f"<@{mover}> played `{x}`:" in first.content and y not in first.content
    assert first.json["allowed_mentions"]["users"] == []
    assert f"<@{waiter}> played `{y}`:" in second.content
    assert f"<@{mover}> (" in second.content and "to move" in second.content
    assert second.json["allowed_mentions"]["users"] == [mover]
    for post in (first, second):
        assert post.files["board.png"].startswith(b"\x89PNG")
    assert done.ephemeral and done.content == f"Played `{x}`."
    match = await bot.service.queries.get_match(match_id)
    assert match.ply == 2 and match.to_act == mover
    after = await fake.slash(waiter, "premove list", channel_id=thread)
    assert after[-1].ephemeral and after[-1].content == none


@pytest.mark.asyncio
async def test_refusals_and_clear_are_private(game):
    fake, bot, match_id, thread, mover, waiter = game
    x, y = a_line(await bot.service.queries.get_match(match_id))
    mine = await fake.slash(mover, "premove add", channel_id=thread, if_they_play=x, i_play=y)
    assert mine[-1].ephemeral and "It is your turn" in mine[-1].content
    await fake.slash(waiter, "premove add", channel_id=thread, if_they_play=x, i_play=y)
    cleared = await fake.slash(waiter, "premove clear", channel_id=thread)
    assert (
        cleared[-1].ephemeral and cleared[-1].content == f"Deleted 1 premove in match #{match_id}."
    )
    assert await bot.service.premoves.premoves(match_id, waiter) == []
    outside = await fake.slash(waiter, "premove list")
    assert outside[-1].ephemeral and "no active match here" in outside[-1].content
