"""The players strip of the bot's pictures: each seat's display name, rating and clock on
the board a move posts, and the names kept a while instead of being asked of Discord on
every post."""

from __future__ import annotations

import io

import pytest
import pytest_asyncio
from PIL import Image, ImageChops

import render
from bot.discord.names import NAME_TTL, KnownName, NameCache
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
    """A rated Skift match between alice and bob (3 days per move) in its thread."""
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        yield fake, bot, match_id, thread


async def move(fake, bot, match_id: int, thread: int) -> list:
    """The player to act plays their first legal move; the requests it made."""
    match = await bot.service.queries.get_match(match_id)
    notation = (await bot.service.play.legal_moves(match_id, match.to_act, "", 1))[0].notation
    return await fake.slash(match.to_act, "move", channel_id=thread, notation=notation)


def posted_board(calls: list) -> Image.Image:
    """The board picture the thread got."""
    post = next(c for c in calls if c.kind == "send_message")
    return Image.open(io.BytesIO(post.files["board.png"])).convert("RGB")


def same(image: Image.Image, other: Image.Image) -> bool:
    """Whether two pictures are the same, pixel for pixel."""
    return image.size == other.size and ImageChops.difference(image, other).getbbox() is None


@pytest.mark.asyncio
async def test_a_moves_board_names_each_seat_with_its_rating_and_clock(game):
    fake, bot, match_id, thread = game
    calls = await move(fake, bot, match_id, thread)
    match = await bot.service.queries.get_match(match_id)
    waiting = next(m for m in match.members if m != match.to_act)
    names = {ALICE: "alice", BOB: "bob"}
    players = [
        render.SeatLabel(
            names[s.member_id], "1500?", "3 days left" if s.member_id != waiting else ""
        )
        for s in match.seats
    ]
    state = match.public_view()
    named = render.board_image(state, players=players).convert("RGB")
    assert same(posted_board(calls), named)
    nameless = render.board_image(
        state, clock=f"{match.seat_name(match.current_seat)}: 3 days left"
    )
    assert not same(named, nameless.convert("RGB"))  # the strip is not the clock's alone


@pytest.mark.asyncio
async def test_names_are_kept_and_asked_again_after_a_while(game):
    fake, bot, match_id, thread = game
    calls = await move(fake, bot, match_id, thread)
    assert "get_member" not in [c.kind for c in calls]  # known since the thread was named
    cache = bot.poster.known_names
    later = cache.clock() + NAME_TTL + 1  # an hour and more later
    cache.clock = lambda: later
    fake.members[BOB]["nick"] = "Bobby"
    calls = await move(fake, bot, match_id, thread)
    asked = [c.path for c in calls if c.kind == "get_member"]
    assert sorted(asked) == sorted(f"/guilds/100/members/{m}" for m in (ALICE, BOB))
    match = await bot.service.queries.get_match(match_id)
    players = [
        render.SeatLabel(
            {ALICE: "alice", BOB: "Bobby"}[s.member_id],
            "1500?",
            "3 days left" if s.member_id == match.to_act else "",
        )
        for s in match.seats
    ]
    assert same(
        posted_board(calls), render.board_image(match.public_view(), players=players).convert("RGB")
    )
    calls = await move(fake, bot, match_id, thread)
    assert "get_member" not in [c.kind for c in calls]  # fresh again


@pytest.mark.asyncio
async def test_a_name_the_pictures_cannot_draw_gives_way_to_the_accounts_username(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    fake.members[BOB]["nick"] = "김민준 🎲"  # nothing the pictures' font draws
    fake.members[ALICE]["nick"] = "Алиса 🎲"  # Cyrillic it draws, the emoji left out
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, clock="3d")
        calls = await move(fake, bot, match_id, thread)
        match = await bot.service.queries.get_match(match_id)
        drawn = {ALICE: "Алиса 🎲", BOB: "bob"}
        players = [
            render.SeatLabel(
                drawn[s.member_id], "1500?", "3 days left" if s.member_id == match.to_act else ""
            )
            for s in match.seats
        ]
        expected = render.board_image(match.public_view(), players=players).convert("RGB")
        assert same(posted_board(calls), expected)
        thread_name = next(c for c in fake.calls if c.kind == "create_thread").json["name"]
        assert "김민준 🎲" in thread_name  # words still say the name as the member chose it


def test_the_names_kept_are_bounded_and_the_least_recently_used_go_first() -> None:
    cache = NameCache(size=2, clock=lambda: 0.0)
    cache.put((1, ALICE), "alice")
    cache.put((1, BOB), "bob")
    assert cache.get((1, ALICE)) == KnownName("alice", fresh=True)  # alice used last
    cache.put((2, ALICE), "Alice elsewhere")
    assert cache.get((1, BOB)) is None
    assert cache.get((1, ALICE)) == KnownName("alice", fresh=True)
    assert cache.get((2, ALICE)) == KnownName("Alice elsewhere", fresh=True)
    cache.put((2, BOB), "김민준", "bob")
    assert cache.get((2, BOB)) == KnownName("김민준", fresh=True, account="bob")
