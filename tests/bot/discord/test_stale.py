"""Actions that arrive twice or late, and buttons that can no longer do anything.

An action carries the position its player last saw in the thread (for a button: the one it
was posted with) and its interaction's id, so a move sent twice, or delivered again by
Discord, is played once (the interaction delivered again is told what it did).
Buttons whose offer is settled, or whose confirmation was used, are greyed out."""

from __future__ import annotations

import pytest

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


@pytest.mark.asyncio
async def test_a_move_sent_twice_is_played_once_even_when_the_same_player_goes_on(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(
            fake, ALICE, BOB, game="shiftago", options="handicap_turns=3 handicap_player=1"
        )
        match = await bot.service.queries.get_match(match_id)
        mover = match.to_act  # the other player sits out: the same player moves again
        data = fake.command_data("move", {"notation": "Nc"})
        first = fake.interaction_payload(2, mover, data, thread)
        twice = fake.interaction_payload(2, mover, data, thread)  # pressed twice at once
        played = await fake.feed(first)
        assert any(c.kind == "send_message" for c in played)
        again = await fake.feed(twice)
        assert [c.kind for c in again] == ["callback", "followup"] and again[-1].ephemeral
        assert "The position changed since you looked" in again[-1].content
        redelivered = await fake.feed(first)  # Discord delivers the same interaction again
        assert [c.kind for c in redelivered] == ["callback", "followup"]  # nothing posted
        assert redelivered[-1].ephemeral and redelivered[-1].content == "Played `Nc`."
        record = await bot.service.queries.match_record(match_id)
        assert [e.notation for e in record.log] == ["Nc"]
        later = await fake.slash(mover, "move", channel_id=thread, notation="Nf")
        assert any(c.kind == "send_message" for c in later)  # the new board seen: it plays
        record = await bot.service.queries.match_record(match_id)
        assert [e.notation for e in record.log] == ["Nc", "Nf"]


@pytest.mark.asyncio
async def test_settled_offers_and_used_confirmations_are_greyed_out(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        match = await bot.service.queries.get_match(match_id)
        mover, other = match.to_act, next(m for m in match.members if m != match.to_act)
        await fake.slash(mover, "draw offer", channel_id=thread)
        offer = fake.last_message(thread)
        assert not all_disabled(offer)
        await fake.click(other, offer["id"], f"sc:match:{match_id}:draw-decline:0")
        assert all_disabled(fake.message(offer["id"]))  # the answered offer: greyed out
        confirm = (await fake.slash(other, "resign", channel_id=thread))[-1]
        box = fake.message(confirm.json["id"]) if "id" in (confirm.json or {}) else None
        box = box or fake.last_message(thread, ephemeral=True)
        assert custom_ids(box) == [f"sc:match:{match_id}:resign"]
        calls = await fake.click(other, box["id"], f"sc:match:{match_id}:resign")
        assert calls[0].json["type"] == 7  # the confirmation is updated first: greyed out
        assert all_disabled(fake.message(box["id"]))
        assert not (await bot.service.queries.get_match(match_id)).active


@pytest.mark.asyncio
async def test_a_huge_paste_is_refused_in_one_short_message(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        mover = (await bot.service.queries.get_match(match_id)).to_act
        calls = await fake.slash(mover, "move", channel_id=thread, notation="!" * 6000)
        answers = [c for c in calls if c.kind == "followup"]
        assert len(answers) == 1 and len(answers[0].content) < 200
        assert "moves are at most 100 characters, and you typed 6,000" in answers[0].content
        options = await fake.slash(ALICE, "challenge", game="skift", options="x" * 6000)
        assert [c.kind for c in options] == ["callback", "followup"]  # "thinking", the refusal
        assert len(options[-1].content) < 300 and "xxxx…'" in options[-1].content
