"""Shifting Stones through the real bot and the fake Discord: a whole five-player match
and a solo match. Hands go only to their owners: no card held in a hand ever reaches a
public message, an alt text, another player's autocomplete, or an export made before the
match ends (whose seed would deal every card)."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.presentation import pictures
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

GAME = "shifting-stones"


def held(match) -> dict[int, list[str]]:
    """Each seat's hand in words: what nobody else may be shown."""
    state = match.state
    return {
        seat: [state.cards[c].words() for c in hand if c is not None]
        for seat, hand in enumerate(state.hands)
    }


def shows(text: str, card: str) -> bool:
    """Whether `text` names this card (not merely a longer pattern that starts alike)."""
    return re.search(re.escape(card) + r"(?!\s*/|, [A-Z])", text) is not None


def public(calls) -> str:
    """What these requests showed where more than one member can see it (not private
    answers, not autocomplete choices, which only the typing member sees)."""
    shown = [c for c in calls if not c.ephemeral and (c.json or {}).get("type") != 8]
    return "\n".join(json.dumps(c.json) for c in shown)


async def choose(bot, match, rng: random.Random) -> str:
    """A quick player: score when a card scores, else one shift or flip, then end."""
    legal = [
        c.notation for c in await bot.service.play.legal_moves(match.id, match.to_act, "", 500)
    ]
    scoring = [n for n in legal if n.startswith("score")]
    if scoring:
        return scoring[0]
    changes = [n for n in legal if n.startswith(("shift", "flip"))]
    if changes and match.ply == match.turn_ply:
        return rng.choice(changes)
    return "end" if "end" in legal else rng.choice(legal)


async def play_out(fake, bot, match_id: int, thread: int, seed: int) -> int:
    """Play the match to its end with `choose`, checking after every action that nothing
    public names a card still held, and that the next player is pinged once, when the turn
    passes. Returns the number of actions."""
    rng = random.Random(seed)
    actions = 0
    while (match := await bot.service.queries.get_match(match_id)).active:
        notation = await choose(bot, match, rng)
        calls = await fake.slash(match.to_act, "move", channel_id=thread, notation=notation)
        after = await bot.service.queries.get_match(match_id)
        if after.active:  # the mover's hand comes with their private answer, cards drawn too
            mine = calls[-1]
            seat = match.current_seat
            assert mine.ephemeral and "board.png" in mine.files
            alt = mine.json["attachments"][0]["description"]
            assert all(shows(alt, card) for card in held(after)[seat])
        seen = public(calls)
        for cards in held(after).values():
            assert not any(shows(seen, card) for card in cards), notation
        post = next(c for c in calls if c.kind == "send_message")
        if after.active:
            passed = after.to_act != match.to_act or after.turns > match.turns
            expected = [after.to_act] if passed and after.to_act != match.to_act else []
            assert post.json["allowed_mentions"]["users"] == expected
        actions += 1
        assert actions < 3000, "the match does not end"
    return actions


def hand_button(fake, thread: int) -> tuple[dict, str]:
    board = fake.last_message(thread)
    custom = next(
        c["custom_id"]
        for c in walk_components(board["components"])
        if c.get("custom_id", "").endswith(":hand")
    )
    return board, custom


@pytest.mark.asyncio
async def test_a_five_player_match_shows_each_hand_only_to_its_owner(
    tmp_path, monkeypatch, undrawn_boards
):
    monkeypatch.setattr(pictures, "REPLAY_FRAMES", 40)  # the replay's bound is tested elsewhere
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock, seed=3) as bot:
        match_id, thread = await start_match(
            fake, ALICE, BOB, CAROL, DAVE, MOD, game=GAME, players=5
        )
        match = await bot.service.queries.get_match(match_id)
        board, custom = hand_button(fake, thread)
        hands = held(match)
        for seat in match.seats:
            shown = await fake.click(seat.member_id, board["id"], custom)
            assert shown[-1].ephemeral and "board.png" in shown[-1].files
            alt = shown[-1].json["attachments"][0]["description"]
            assert all(shows(alt, card) for card in hands[seat.seat])
            others = [c for s, cards in hands.items() if s != seat.seat for c in cards]
            assert not any(shows(alt, card) for card in others)
        waiting = next(s.member_id for s in match.seats if s.member_id != match.to_act)
        typed = await fake.autocomplete(waiting, "move", "notation", channel_id=thread, notation="")
        assert typed == []  # the moves list only ever goes to the player to act
        running = await fake.slash(CAROL, "export", match=match_id)
        assert "Seed: hidden until" in running[-1].files[f"match-{match_id}.txt"].decode()
        assert str(match.seed) not in public(fake.calls)
        actions = await play_out(fake, bot, match_id, thread, seed=1)
        ended = await bot.service.queries.get_match(match_id)
        assert actions > 20 and ended.result is not None
        assert len(ended.result.rating_changes) == 5
        record = (await fake.slash(CAROL, "export", match=match_id))[-1]
        assert f"Seed: {ended.seed}" in record.files[f"match-{match_id}.txt"].decode()


@pytest.mark.asyncio
async def test_a_solo_match_on_discord(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock, seed=5) as bot:
        calls = await fake.slash(ALICE, "challenge", game=GAME, players=1)
        assert calls[-1].content.startswith("Your match has started in")
        (thread,) = fake.threads()
        thread_id = int(thread["id"])
        match = await bot.service.queries.match_in_channel(thread_id)
        board, custom = hand_button(fake, thread_id)
        shown = await fake.click(ALICE, board["id"], custom)
        alt = shown[-1].json["attachments"][0]["description"]
        assert all(shows(alt, card) for card in held(match)[0])
        await play_out(fake, bot, match.id, thread_id, seed=2)
        ended = await bot.service.queries.get_match(match.id)
        assert ended.result.rating_changes == () and ended.result.scores is not None
        result = fake.messages_in(thread_id)[-2]["content"]
        assert "Solo matches are never rated." in result
        stats = await fake.slash(ALICE, "stats")
        assert "Shifting Stones solo: 1 played" in stats[-1].content


NUMBERED = re.compile(r"Player \d")


@pytest.mark.asyncio
async def test_the_players_are_called_by_their_names_not_numbers(
    tmp_path, monkeypatch, undrawn_boards
):
    """Shifting Stones' seats are only numbered: every word the bot says of the match (the
    moves, autocomplete, the result, /history, the pictures' alt texts and ending) names
    the members instead of "Player 1"."""
    monkeypatch.setattr(pictures, "REPLAY_FRAMES", 20)
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock, seed=3) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game=GAME, players=2)
        match = await bot.service.queries.get_match(match_id)
        mover = "alice" if match.to_act == ALICE else "bob"
        typed = await fake.autocomplete(
            match.to_act, "move", "notation", channel_id=thread, notation="s"
        )
        assert typed and all(f": {mover} " in c["name"] for c in typed)
        first = await fake.slash(match.to_act, "move", channel_id=thread, notation="end")
        post = next(c for c in first if c.kind == "send_message")
        said = f"<@{match.to_act}> played `end`: <@{match.to_act}> ends the turn"
        assert "draws 0" not in post.json["content"]  # a full hand draws nothing
        assert said in post.json["content"]
        alt = post.json["attachments"][0]["description"]
        assert f"Last action: {mover} ended the turn" in alt
        await play_out(fake, bot, match_id, thread, seed=4)
        ended = await bot.service.queries.get_match(match_id)
        winner = ended.result.winners[0]
        result = next(m for m in reversed(fake.messages_in(thread)) if "wins with" in m["content"])
        assert f"<@{winner}> wins with" in result["content"]
        history = (await fake.slash(ALICE, "history", match=match_id))[-1].content
        assert f"\n1. <@{match.to_act}>: end\n" in history
        shown = public(fake.calls) + history
        assert not NUMBERED.search(shown)
