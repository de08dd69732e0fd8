"""Playing in a match thread end to end: /move and its autocomplete, /board, resign, draws,
takebacks, abort, claim, the hand button, archived threads and refusals."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest
import pytest_asyncio

from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    MEMBER_PERMS,
    FakeClock,
    FakeDiscord,
    custom_ids,
    running_bot,
    settings_for,
    start_match,
)


@pytest_asyncio.fixture
async def game(tmp_path):
    """A Skift match between alice and bob (3 days per move) in its thread."""
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        yield fake, bot, match_id, thread, clock


async def players(bot, match_id):
    """(member to act, the other member) of a two-player match."""
    match = await bot.service.queries.get_match(match_id)
    return match.to_act, next(m for m in match.members if m != match.to_act)


async def a_legal_move(bot, match_id, member):
    return (await bot.service.play.legal_moves(match_id, member, "", 1))[0].notation


async def play_a_move(fake, bot, match_id, thread):
    """The player to act plays a legal move with /move; returns (mover, other, notation)."""
    mover, other = await players(bot, match_id)
    notation = await a_legal_move(bot, match_id, mover)
    await fake.slash(mover, "move", channel_id=thread, notation=notation)
    return mover, other, notation


@pytest.mark.asyncio
async def test_move_posts_board_words_ping_and_deadline(game):
    fake, bot, match_id, thread, _ = game
    mover, other = await players(bot, match_id)
    notation = await a_legal_move(bot, match_id, mover)
    calls = await fake.slash(mover, "move", channel_id=thread, notation=notation)
    # the post, then the Play button of the board before it greyed out
    kinds = ["callback", "send_message", "get_message", "edit_message", "followup"]
    assert [c.kind for c in calls] == kinds
    defer, post, done = calls[0], calls[1], calls[-1]
    assert defer.json == {"type": 5, "data": {"flags": 64}}
    assert post.path == f"/channels/{thread}/messages"
    assert f"<@{mover}> played `{notation}`:" in post.content
    assert f"<@{other}> (" in post.content and "to move, before <t:" in post.content
    assert post.json["allowed_mentions"] == {"parse": [], "users": [other]}
    assert post.files["board.png"].startswith(b"\x89PNG")
    alt = post.json["attachments"][0]["description"]
    assert 0 < len(alt) <= 1024 and "to move" in alt
    assert done.ephemeral and done.content == f"Played `{notation}`."
    match = await bot.service.queries.get_match(match_id)
    assert match.ply == 1 and match.to_act == other
    deadline = int(match.deadline.timestamp())
    assert f"<t:{deadline}:f>" in post.content


@pytest.mark.asyncio
async def test_move_refusals_are_private_and_change_nothing(game):
    fake, bot, match_id, thread, _ = game
    mover, other = await players(bot, match_id)
    notation = await a_legal_move(bot, match_id, mover)
    cases = [
        (other, notation, "turn"),
        (CAROL, notation, "not"),
        (mover, "zz99", "I cannot read 'zz99' as a Skift move."),
        (mover, "a1-a2", "There is no piece on a1."),
    ]
    for member, text, expected in cases:
        calls = await fake.slash(member, "move", channel_id=thread, notation=text)
        assert [c.kind for c in calls] == ["callback", "followup"], (member, text)
        assert calls[1].ephemeral and expected in calls[1].content
        assert calls[1].content.endswith(".")
    outside = await fake.slash(mover, "move", notation=notation)
    assert "no active match here" in outside[-1].content and outside[-1].ephemeral
    assert (await bot.service.queries.get_match(match_id)).ply == 0
    assert len([m for m in fake.messages_in(thread) if not m["flags"] & 64]) == 1


@pytest.mark.asyncio
async def test_move_autocomplete_lists_legal_moves_with_words(game):
    fake, bot, match_id, thread, _ = game
    mover, other = await players(bot, match_id)
    choices = await fake.autocomplete(mover, "move", "notation", channel_id=thread, notation="")
    assert 0 < len(choices) <= 25
    for choice in choices:
        assert len(choice["name"]) <= 100 and len(choice["value"]) <= 100
        assert choice["name"].startswith(choice["value"] + ": ")
    prefix = choices[0]["value"][:2]
    narrowed = await fake.autocomplete(
        mover, "move", "notation", channel_id=thread, notation=prefix
    )
    assert narrowed and all(c["value"].lower().startswith(prefix.lower()) for c in narrowed)
    legal = {m.notation for m in await bot.service.play.legal_moves(match_id, mover, prefix, 200)}
    assert {c["value"] for c in narrowed} <= legal
    assert await fake.autocomplete(other, "move", "notation", channel_id=thread, notation="") == []
    assert await fake.autocomplete(mover, "move", "notation", notation="") == []  # no match


@pytest.mark.asyncio
async def test_board_reposts_the_picture_without_pinging(game):
    fake, bot, match_id, thread, _ = game
    calls = await fake.slash(CAROL, "board", channel_id=thread)
    kinds = ["callback", "send_message", "get_message", "edit_message", "followup"]
    assert [c.kind for c in calls] == kinds  # the board before it loses its Play button
    assert "board.png" in calls[1].files and calls[1].json["allowed_mentions"]["users"] == []
    assert calls[1].content.startswith("Match #1, before the first move.\n<@")
    await play_a_move(fake, bot, match_id, thread)
    calls = await fake.slash(CAROL, "board", channel_id=thread)
    assert calls[1].content.startswith("Match #1, after 1 move.\n<@")


@pytest.mark.asyncio
async def test_archived_thread_is_unarchived_before_posting(game):
    fake, bot, match_id, thread, _ = game
    fake.update_channel(thread, archived=True)
    assert bot.get_channel(thread) is None
    mover, _ = await players(bot, match_id)
    notation = await a_legal_move(bot, match_id, mover)
    calls = await fake.slash(mover, "move", channel_id=thread, notation=notation)
    kinds = [c.kind for c in calls]
    assert kinds.index("edit_channel") < kinds.index("send_message")
    assert next(c for c in calls if c.kind == "edit_channel").json == {"archived": False}
    assert fake.channels[thread]["thread_metadata"]["archived"] is False


@pytest.mark.asyncio
async def test_missing_attach_files_is_named_and_nothing_moves(game):
    fake, bot, match_id, thread, _ = game
    fake.bot_permissions = MEMBER_PERMS & ~discord.Permissions(attach_files=True)
    mover, _ = await players(bot, match_id)
    notation = await a_legal_move(bot, match_id, mover)
    calls = await fake.slash(mover, "move", channel_id=thread, notation=notation)
    assert [c.kind for c in calls] == ["callback", "followup"]
    assert calls[1].ephemeral and calls[1].content == (
        "I am missing the permission Attach Files in this channel. A server admin can grant "
        "it in the channel's or my role's settings."
    )
    assert (await bot.service.queries.get_match(match_id)).ply == 0
    fake.bot_permissions &= ~discord.Permissions(send_messages_in_threads=True)
    calls = await fake.slash(mover, "move", channel_id=thread, notation=notation)
    assert calls[1].content == (
        "I am missing the permissions Send Messages in Threads and Attach Files in this channel. "
        "A server admin can grant them in the channel's or my role's settings."
    )


@pytest.mark.asyncio
async def test_resign_asks_for_confirmation_then_posts_result_and_replay(game):
    fake, bot, match_id, thread, _ = game
    mover, other, _ = await play_a_move(fake, bot, match_id, thread)
    refused = await fake.slash(CAROL, "resign", channel_id=thread)
    assert refused[-1].ephemeral and "not playing" in refused[-1].content
    calls = await fake.slash(other, "resign", channel_id=thread)
    assert [c.kind for c in calls] == ["callback", "followup"] and calls[1].ephemeral
    confirm = fake.last_message(thread, ephemeral=True)
    assert custom_ids(confirm) == [f"sc:match:{match_id}:resign"]
    assert (await bot.service.queries.get_match(match_id)).active
    calls = await fake.click(other, confirm["id"], f"sc:match:{match_id}:resign")
    post = next(c for c in calls if c.kind == "send_message")
    assert "Black resigned." in post.content  # the first mover plays White
    assert f"**<@{mover}> (White) won.**" in post.content and "→" in post.content
    assert set(post.files) == {"board.png"}
    assert set(post.json["allowed_mentions"]["users"]) == {ALICE, BOB}
    replay = [c for c in calls if c.kind == "send_message"][-1]  # drawn after the answer
    assert replay.path == f"/channels/{thread}/messages" and replay.json["allowed_mentions"]
    assert set(replay.files) == {f"match-{match_id}.gif"}
    alt = replay.json["attachments"][0]["description"]
    assert alt == f"Replay of match #{match_id}: 1 move, a frame each."
    assert replay.files[f"match-{match_id}.gif"].startswith(b"GIF8")
    assert [c.kind for c in calls].index("followup") < calls.index(replay)
    match = await bot.service.queries.get_match(match_id)
    assert not match.active and match.result.winners == (mover,)


@pytest.mark.asyncio
async def test_draw_offer_buttons_accept_ends_drawn(game):
    fake, bot, match_id, thread, _ = game
    mover, other = await players(bot, match_id)
    calls = await fake.slash(mover, "draw offer", channel_id=thread)
    post = next(c for c in calls if c.kind == "send_message")
    assert f"<@{mover}> offers a draw." in post.content and not post.files
    assert other in post.json["allowed_mentions"]["users"]
    offer = fake.last_message(thread)
    assert custom_ids(offer) == [  # each answer carries the position it was offered at
        f"sc:match:{match_id}:play",
        f"sc:match:{match_id}:draw-accept:0",
        f"sc:match:{match_id}:draw-decline:0",
    ]
    own = await fake.click(mover, offer["id"], f"sc:match:{match_id}:draw-accept:0")
    assert own[-1].ephemeral and "send_message" not in [c.kind for c in own]
    await fake.click(other, offer["id"], f"sc:match:{match_id}:draw-accept:0")
    match = await bot.service.queries.get_match(match_id)
    assert not match.active and match.result.draw
    result, replay = [m for m in fake.messages_in(thread) if not m["flags"] & 64][-2:]
    assert "**Drawn.**" in result["content"] and replay["content"] == "Replay of match #1."


@pytest.mark.asyncio
async def test_draw_decline_by_command(game):
    fake, bot, match_id, thread, _ = game
    mover, other = await players(bot, match_id)
    await fake.slash(mover, "draw offer", channel_id=thread)
    calls = await fake.slash(other, "draw decline", channel_id=thread)
    post = next(c for c in calls if c.kind == "send_message")
    assert post.content.startswith(f"<@{other}> declined the draw.\n")
    assert calls[-1].ephemeral and calls[-1].content == "You declined the draw."
    assert (await bot.service.queries.get_match(match_id)).proposal is None
    nothing = await fake.slash(other, "draw accept", channel_id=thread)
    assert [c.kind for c in nothing] == ["callback", "followup"] and nothing[-1].ephemeral
    assert nothing[-1].content == "There is no draw offer to answer in match #1."
    offer = await fake.slash(mover, "draw offer", channel_id=thread)
    assert f"Waiting for <@{other}> to answer the draw offer." in offer[1].content
    calls = await fake.slash(mover, "draw decline", channel_id=thread)  # the offerer
    post = next(c for c in calls if c.kind == "send_message")
    assert post.content.startswith(f"<@{mover}> withdrew their draw offer.\n")
    assert calls[-1].content == "You withdrew your draw offer."


@pytest.mark.asyncio
async def test_takeback_granted_with_the_button_restores_the_position(game):
    fake, bot, match_id, thread, _ = game
    mover, other, notation = await play_a_move(fake, bot, match_id, thread)
    calls = await fake.slash(mover, "takeback ask", channel_id=thread)
    assert "asks to take back" in next(c for c in calls if c.kind == "send_message").content
    request = fake.last_message(thread)
    grant = f"sc:match:{match_id}:takeback-grant:1"
    assert grant in custom_ids(request)
    refused = await fake.click(CAROL, request["id"], grant)
    assert refused[-1].ephemeral and (await bot.service.queries.get_match(match_id)).ply == 1
    calls = await fake.click(other, request["id"], grant)
    post = next(c for c in calls if c.kind == "send_message")
    assert f"`{notation}` was taken back" in post.content and "board.png" in post.files
    assert calls[-1].content == f"You granted the takeback: `{notation}` is taken back."
    match = await bot.service.queries.get_match(match_id)
    assert match.ply == 0 and match.to_act == mover
    record = await fake.slash(CAROL, "history", match=match_id)  # the move is gone from it
    assert record[-1].content.splitlines()[1] == "No moves yet."


@pytest.mark.asyncio
async def test_takeback_refused_by_command(game):
    fake, bot, match_id, thread, _ = game
    mover, other, _ = await play_a_move(fake, bot, match_id, thread)
    await fake.slash(mover, "takeback ask", channel_id=thread)
    calls = await fake.slash(other, "takeback refuse", channel_id=thread)
    assert "refused the takeback" in next(c for c in calls if c.kind == "send_message").content
    assert calls[-1].content == "You refused the takeback."
    assert (await bot.service.queries.get_match(match_id)).ply == 1
    await fake.slash(mover, "takeback ask", channel_id=thread)
    calls = await fake.slash(mover, "takeback refuse", channel_id=thread)  # the asker
    post = next(c for c in calls if c.kind == "send_message")
    assert post.content.startswith(f"<@{mover}> withdrew their takeback request.")
    assert calls[-1].content == "You withdrew your takeback request."
    assert (await bot.service.queries.get_match(match_id)).proposal is None


@pytest.mark.asyncio
async def test_abort_at_the_start(game):
    fake, bot, match_id, thread, _ = game
    calls = await fake.slash(ALICE, "abort", channel_id=thread)
    assert "aborted the match" in next(c for c in calls if c.kind == "send_message").content
    assert (await bot.service.queries.get_match(match_id)).status == "aborted"


@pytest.mark.asyncio
async def test_claim_after_the_time_ran_out(game):
    fake, bot, match_id, thread, clock = game
    mover, other = await players(bot, match_id)
    early = await fake.slash(other, "claim", channel_id=thread)
    assert early[-1].ephemeral and (await bot.service.queries.get_match(match_id)).active
    clock.advance(days=4)
    calls = await fake.slash(other, "claim", channel_id=thread)
    post = next(c for c in calls if c.kind == "send_message")
    assert "White ran out of time." in post.content  # the first mover plays White
    assert f"**<@{other}> (Black) won.**" in post.content
    answer = next(c for c in calls if c.kind == "followup")
    assert answer.ephemeral and answer.content == "You claimed the match on time."


@pytest.mark.asyncio
async def test_hand_without_secrets_says_so(game):
    fake, bot, match_id, thread, _ = game
    calls = await fake.slash(ALICE, "hand", channel_id=thread)
    assert calls[-1].ephemeral and "no hidden information" in calls[-1].content
    assert not any(c.files for c in calls)


@pytest.mark.asyncio
async def test_hand_button_shows_only_the_asking_players_view(game, monkeypatch):
    fake, bot, match_id, thread, _ = game
    seen = []
    state_class = type((await bot.service.queries.get_match(match_id)).public_view())

    def view(self, seat):
        seen.append(seat)
        return self

    monkeypatch.setattr(state_class, "view", view)  # the game now has secrets
    game = state_class.game
    monkeypatch.setattr(game, "kind", replace(game.kind, hidden_information=True))
    mover, other = await players(bot, match_id)
    notation = await a_legal_move(bot, match_id, mover)
    to_act = (await bot.service.queries.get_match(match_id)).current_seat
    assert seen == [to_act]  # the legal moves are told in the words of the mover's own view
    seen.clear()
    await fake.slash(mover, "move", channel_id=thread, notation=notation)
    board = fake.last_message(thread)
    assert f"sc:match:{match_id}:hand" in custom_ids(board)
    # everything public was drawn from the public view; the mover's answer from their own
    assert set(seen) == {None, to_act}
    calls = await fake.click(other, board["id"], f"sc:match:{match_id}:hand")
    assert [c.kind for c in calls] == ["callback", "followup"]
    assert calls[1].ephemeral and "board.png" in calls[1].files
    assert seen[-1] == (await bot.service.queries.get_match(match_id)).seat_of(other)
    stranger = await fake.click(CAROL, board["id"], f"sc:match:{match_id}:hand")
    assert stranger[-1].ephemeral and not stranger[-1].files


@pytest.mark.parametrize(
    ("ask", "answer_command", "button", "expected"),
    [
        ("draw offer", None, "draw-decline", "declined the draw"),
        ("takeback ask", "takeback grant", None, "was taken back"),
        ("takeback ask", None, "takeback-refuse", "refused the takeback"),
    ],
)
@pytest.mark.asyncio
async def test_answers_by_command_or_by_button_after_a_restart(
    tmp_path, ask, answer_command, button, expected
):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        mover, other, _ = await play_a_move(fake, bot, match_id, thread)
        await fake.slash(mover, ask, channel_id=thread)
        request = fake.last_message(thread)
    async with running_bot(fake, settings, clock) as bot:  # a restart in between
        if button:
            calls = await fake.click(other, request["id"], f"sc:match:{match_id}:{button}:1")
        else:
            calls = await fake.slash(other, answer_command, channel_id=thread)
        post = next(c for c in calls if c.kind == "send_message")
        assert expected in post.content and calls[-1].ephemeral
        assert (await bot.service.queries.get_match(match_id)).proposal is None
