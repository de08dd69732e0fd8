"""Secret information never reaches a public message: announcements, pictures, alt text,
records and exports come from public views, and each player sees only their own secrets,
privately. Played with Hidden Sums (`tests/bot/secret_game.py`), whose full state names
every player's secret card in its words and pictures."""

from __future__ import annotations

import json

import pytest
import pytest_asyncio

from bot.match.actions import ASK_TAKEBACK, GRANT_TAKEBACK, MOVE
from bot.match.events import Played, TakenBack
from bot.service import ReplayError, replay_export
from tests.bot import secret_game
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
    walk_components,
)
from tests.bot.secret_game import DRAWN, SECRET, cards_seen
from tests.bot.service_fixtures import act
from tests.bot.service_fixtures import start_match as start_service_match


@pytest.fixture(autouse=True)
def hidden_sums(monkeypatch):
    """Hidden Sums is a registered game, with pictures, for each test here."""
    secret_game.install(monkeypatch)


def card_of(match, member: int) -> str:
    """The member's secret card in the match (read from the full state, as only a test may)."""
    return match.state.cards[match.seat_of(member)]


@pytest.mark.asyncio
async def test_the_service_words_moves_from_the_public_view(service):
    match = await start_service_match(service, (1, 2), game="hiddensums")
    mover = match.to_act
    choices = await service.play.legal_moves(match.id, mover)
    assert [c.notation for c in choices] == ["1", "2"]  # the mover's own view: their card
    assert choices[0].words == f"adds 1 holding {card_of(match, mover)}"
    update = await act(service, match.id, mover, MOVE, "2")
    assert update.events[0] == Played(match.current_seat, mover, "2", "adds 2")
    assert cards_seen(update.before) == cards_seen(update.after) == set()
    await act(service, match.id, mover, ASK_TAKEBACK)
    other = next(m for m in match.members if m != mover)
    undone = await act(service, match.id, other, GRANT_TAKEBACK)
    taken = TakenBack(match.current_seat, mover, "2", "adds 2", alone=False, agreed_by=other)
    assert undone.events[0] == taken
    assert cards_seen(undone.before) == cards_seen(undone.after) == set()


@pytest.mark.asyncio
async def test_an_export_keeps_the_seed_back_until_the_match_ends(service):
    match = await start_service_match(service, (1, 2), game="hiddensums")
    for _ in range(2):
        match = (await act(service, match.id, match.to_act, MOVE, "2")).match
    running = await service.queries.export(match.id)
    assert f"Seed: {match.seed}" not in running and SECRET not in running
    assert "Seed: hidden until the match ends" in running and "2. Seat " in running
    with pytest.raises(ReplayError, match="^This record was exported while its match was"):
        replay_export(running)
    match = (await act(service, match.id, match.to_act, MOVE, "2")).match
    assert not match.active
    ended = await service.queries.export(match.id)
    assert f"Seed: {match.seed}" in ended
    assert replay_export(ended) == match.state  # once over, it replays exactly


@pytest_asyncio.fixture
async def discord_match(tmp_path):
    """alice and bob play Hidden Sums in a thread."""
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="hiddensums")
        yield fake, bot, match_id, thread


def public_calls(fake):
    """Every request that may show something to more than one member (autocomplete choices
    are shown only to the member typing)."""
    return [c for c in fake.calls if not c.ephemeral and (c.json or {}).get("type") != 8]


@pytest.mark.asyncio
async def test_a_whole_match_on_discord_posts_no_secret(discord_match):
    fake, bot, match_id, thread = discord_match
    service = bot.service
    match = await service.queries.get_match(match_id)
    first, second = match.to_act, next(m for m in match.members if m != match.to_act)
    typed = await fake.autocomplete(first, "move", "notation", channel_id=thread, notation="")
    assert typed[0]["name"] == f"1: adds 1 holding {card_of(match, first)}"  # only to them
    await fake.slash(first, "move", channel_id=thread, notation="2")
    await fake.slash(first, "draw offer", channel_id=thread)
    await fake.slash(second, "draw decline", channel_id=thread)
    await fake.slash(second, "move", channel_id=thread, notation="1")
    await fake.slash(second, "takeback ask", channel_id=thread)
    await fake.slash(first, "takeback grant", channel_id=thread)
    await fake.slash(CAROL, "board", channel_id=thread)
    running = await fake.slash(CAROL, "export", channel_id=thread)
    assert "Seed: hidden until" in running[-1].files[f"match-{match_id}.txt"].decode()
    assert "(any Shiftcord can replay it once the match has ended)" in running[-1].content
    await fake.slash(CAROL, "history", match=match_id)
    await fake.slash(CAROL, "rules", game="hiddensums")
    hand_button = next(
        c["custom_id"]
        for m in fake.messages_in(thread)
        for c in walk_components(m["components"])
        if c.get("custom_id", "").endswith(":hand")
    )
    board = [m for m in fake.messages_in(thread) if m["components"]][-1]
    for member in (first, second):
        shown = await fake.click(member, board["id"], hand_button)
        alt = shown[-1].json["attachments"][0]["description"]
        assert shown[-1].ephemeral and card_of(match, member) in alt
        others = [card_of(match, m) for m in match.members if m != member]
        assert not any(card in alt for card in others)
    stranger = await fake.click(CAROL, board["id"], hand_button)
    assert not stranger[-1].files and "not playing" in stranger[-1].content
    for notation in ("2", "2"):
        to_act = (await service.queries.get_match(match_id)).to_act
        await fake.slash(to_act, "move", channel_id=thread, notation=notation)
    assert not (await service.queries.get_match(match_id)).active
    assert any(f"match-{match_id}.gif" in c.files for c in public_calls(fake))  # the replay

    posted = public_calls(fake)
    assert sum(c.kind == "send_message" for c in posted) == 12  # the challenge and all of the above
    assert all(SECRET not in json.dumps(c.json) for c in posted)
    public_pictures = [state for state, seat, _ in DRAWN if seat is None]
    assert len(public_pictures) > 10 and all(cards_seen(s) == set() for s in public_pictures)
    private = [(state, seat) for state, seat, _ in DRAWN if seat is not None]
    assert [cards_seen(state) for state, seat in private] == [{seat} for _, seat in private]
