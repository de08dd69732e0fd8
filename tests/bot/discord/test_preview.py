"""/move preview:True end to end: the private picture of the position after the move,
Confirm plays it (unless the position changed meanwhile), Cancel greys the buttons out."""

from __future__ import annotations

import io

import pytest
import pytest_asyncio
from PIL import Image, ImageChops

from tests.bot import secret_game
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    all_disabled,
    custom_ids,
    running_bot,
    settings_for,
    start_match,
)


@pytest_asyncio.fixture
async def game(tmp_path):
    """A Skift match between alice and bob in its thread."""
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        yield fake, bot, match_id, thread


async def preview(fake, bot, match_id, thread):
    """The player to act previews a legal move: (mover, notation, the private preview)."""
    match = await bot.service.queries.get_match(match_id)
    notation = (await bot.service.play.legal_moves(match_id, match.to_act, "", 1))[0].notation
    calls = await fake.slash(
        match.to_act, "move", channel_id=thread, notation=notation, preview=True
    )
    assert "send_message" not in [c.kind for c in calls]  # nothing public
    assert calls[-1].ephemeral and f"After `{notation}` in match #{match_id}" in calls[-1].content
    return match.to_act, notation, calls[-1], fake.last_message(thread, ephemeral=True)


@pytest.mark.asyncio
async def test_preview_then_confirm_plays_the_move(game):
    fake, bot, match_id, thread = game
    mover, notation, answer, shown = await preview(fake, bot, match_id, thread)
    assert (await bot.service.queries.get_match(match_id)).ply == 0  # not played yet
    confirm = f"sc:preview:{match_id}:0:confirm:{notation}"
    assert custom_ids(shown) == [confirm, f"sc:preview:{match_id}:0:cancel"]
    picture = Image.open(io.BytesIO(answer.files["board.png"]))
    calls = await fake.click(mover, shown["id"], confirm)
    post = next(c for c in calls if c.kind == "send_message")
    assert f"<@{mover}> played `{notation}`:" in post.content
    after = Image.open(io.BytesIO(post.files["board.png"]))  # the board once it is played
    board = after.crop((0, 0, *picture.size))  # less the clock strip under the board
    assert after.width == picture.width and after.height > picture.height
    assert ImageChops.difference(picture.convert("RGB"), board.convert("RGB")).getbbox() is None
    assert (await bot.service.queries.get_match(match_id)).ply == 1
    assert all_disabled(fake.message(shown["id"]))
    assert calls[-1].ephemeral and calls[-1].content == f"Played `{notation}`."


@pytest.mark.asyncio
async def test_confirm_after_the_position_changed_is_refused(game):
    fake, bot, match_id, thread = game
    mover, notation, _, shown = await preview(fake, bot, match_id, thread)
    await fake.slash(mover, "move", channel_id=thread, notation=notation)  # played meanwhile
    calls = await fake.click(mover, shown["id"], f"sc:preview:{match_id}:0:confirm:{notation}")
    assert "send_message" not in [c.kind for c in calls]
    assert calls[-1].ephemeral and calls[-1].content.startswith("The position changed")
    assert (await bot.service.queries.get_match(match_id)).ply == 1
    assert all_disabled(fake.message(shown["id"]))


@pytest.mark.asyncio
async def test_cancel_greys_out_and_plays_nothing(game):
    fake, bot, match_id, thread = game
    mover, _, _, shown = await preview(fake, bot, match_id, thread)
    calls = await fake.click(mover, shown["id"], f"sc:preview:{match_id}:0:cancel")
    assert "send_message" not in [c.kind for c in calls]
    assert calls[-1].ephemeral and calls[-1].content == "Nothing was played."
    assert all_disabled(fake.message(shown["id"]))
    assert (await bot.service.queries.get_match(match_id)).ply == 0


@pytest.mark.asyncio
async def test_preview_refusals(game, monkeypatch):
    fake, bot, match_id, thread = game
    match = await bot.service.queries.get_match(match_id)
    other = next(m for m in match.members if m != match.to_act)
    notation = (await bot.service.play.legal_moves(match_id, match.to_act, "", 1))[0].notation
    calls = await fake.slash(other, "move", channel_id=thread, notation=notation, preview=True)
    assert calls[-1].ephemeral and "not yours" in calls[-1].content
    state_class = type(match.public_view())
    monkeypatch.setattr(state_class, "reveals", lambda self, move: True)
    calls = await fake.slash(
        match.to_act, "move", channel_id=thread, notation=notation, preview=True
    )
    assert calls[-1].ephemeral and "brings to light" in calls[-1].content
    monkeypatch.setattr(state_class, "reveals", lambda self, move: False)
    monkeypatch.setattr(state_class, "format_move", lambda self, move: "x" * 90)
    calls = await fake.slash(
        match.to_act, "move", channel_id=thread, notation=notation, preview=True
    )
    assert calls[-1].ephemeral and "too long to carry in a Confirm button" in calls[-1].content
    assert not calls[-1].files and (await bot.service.queries.get_match(match_id)).ply == 0


@pytest.mark.asyncio
async def test_a_preview_in_a_game_with_secrets_shows_only_the_movers_own_view(
    tmp_path, monkeypatch
):
    secret_game.install(monkeypatch)
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="hiddensums")
        match = await bot.service.queries.get_match(match_id)
        seat, n = match.current_seat, len(fake.calls)
        mover = match.to_act
        calls = await fake.slash(mover, "move", channel_id=thread, notation="2", preview=True)
        assert all(c.ephemeral for c in fake.calls[n:] if c.kind != "callback")
        state, drawn_for, _ = secret_game.DRAWN[-1]
        assert drawn_for == seat and state.ply == match.ply + 1  # after the move, their view
        alt = calls[-1].json["attachments"][0]["description"]
        cards = match.state.cards
        assert cards[seat] in alt
        assert not any(card in alt for i, card in enumerate(cards) if i != seat)
        assert (await bot.service.queries.get_match(match_id)).ply == 0
