"""The Rematch button end to end: on the result of an ended match only, the same players,
options, clock and rules, one press each to accept, refused twice and to outsiders, and
alive after a restart."""

from __future__ import annotations

import pytest

from bot.service import NotAllowed
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    GAMES_CHANNEL,
    FakeClock,
    FakeDiscord,
    all_disabled,
    custom_ids,
    running_bot,
    settings_for,
    start_match,
)

OPTIONS = "variant=expert handicap_turns=2 handicap_player=1"  # the handicap: bob (joined 2nd)


def public(fake, channel):
    return [m for m in fake.messages_in(channel) if not m["flags"] & 64]


async def resign(fake, member, match_id, thread):
    """`member` resigns with /resign and its confirmation button."""
    await fake.slash(member, "resign", channel_id=thread)
    confirm = fake.last_message(thread, ephemeral=True)
    await fake.click(member, confirm["id"], f"sc:match:{match_id}:resign")


@pytest.mark.asyncio
async def test_rematch_same_players_options_clock_and_rules(tmp_path):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        match_id, thread = await start_match(
            fake,
            ALICE,
            BOB,
            game="shiftago",
            options=OPTIONS,
            clock="2d",
            takebacks=False,
            auto_timeout=True,
            rated=False,
        )
        old = await bot.service.queries.get_match(match_id)
        assert old.options["handicap_player"] == old.seat_of(BOB)
        await resign(fake, ALICE, match_id, thread)
        result = next(m for m in public(fake, thread) if "resigned" in m["content"])
    rematch = f"sc:rematch:{match_id}"
    assert custom_ids(result) == [
        rematch,
        f"sc:analysis:{match_id}",
    ]  # (no move: nothing to analyse)
    assert not all_disabled(result)
    async with running_bot(fake, settings, clock) as bot:  # the button outlives a restart
        stranger = await fake.click(CAROL, result["id"], rematch)
        assert stranger[-1].ephemeral
        assert (
            stranger[-1].content == f"Only the players of match #{match_id} can ask for a rematch."
        )
        assert not all_disabled(fake.message(result["id"]))
        calls = await fake.click(BOB, result["id"], rematch)
        posted = next(c for c in calls if c.kind == "send_message")
        assert posted.path == f"/channels/{GAMES_CHANNEL}/messages"
        assert posted.json["allowed_mentions"]["users"] == [ALICE]
        assert calls[-1].ephemeral and calls[-1].content.startswith("You asked for a rematch")
        assert all_disabled(fake.message(result["id"]))
        again = await fake.click(ALICE, result["id"], rematch)
        assert again[-1].ephemeral and "was already asked for: challenge #2" in again[-1].content
        assert "send_message" not in [c.kind for c in again]
        challenge = fake.last_message(GAMES_CHANNEL)
        await fake.click(ALICE, challenge["id"], "sc:challenge:2:accept")  # one press
        new = await bot.service.queries.get_match(
            (await bot.service.challenges.get_challenge(2)).match_id
        )
    assert new.id != match_id and new.active and new.channel_id is not None
    assert set(new.members) == {ALICE, BOB} and new.game == "shiftago"
    assert new.members == (old.members[1], old.members[0])  # sides rotated: swapped
    assert new.rules == old.rules and new.rules.clock_hours == 48 and not new.rules.rated
    assert {k: v for k, v in new.options.items() if k != "handicap_player"} == {
        k: v for k, v in old.options.items() if k != "handicap_player"
    }
    assert new.options["handicap_player"] == new.seat_of(BOB)  # it follows its player


@pytest.mark.asyncio
async def test_no_rematch_after_an_abort_or_a_solo_match(tmp_path, test_games):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB)
        await fake.slash(ALICE, "abort", channel_id=thread)
        await fake.slash(CAROL, "challenge", game="test-solo", players=1)
        solo = await bot.service.queries.match_in_channel(int(fake.threads()[-1]["id"]))
        await resign(fake, CAROL, solo.id, solo.channel_id)
        for number, channel in ((match_id, thread), (solo.id, solo.channel_id)):
            ended = await bot.service.queries.get_match(number)
            assert not ended.active and ended.result is not None
            # no live button: the Play buttons of its boards are greyed out
            assert all(all_disabled(m) for m in public(fake, channel) if custom_ids(m))
            with pytest.raises(NotAllowed, match="did not end with a result"):
                await bot.service.challenges.rematch(number, ended.members[0], f"test:{number}")


async def rematch_press(fake):
    """Alice resigns a match against Bob; Bob's press of its Rematch button."""
    match_id, thread = await start_match(fake, ALICE, BOB)
    await resign(fake, ALICE, match_id, thread)
    result = next(m for m in public(fake, thread) if "resigned" in m["content"])
    press = {"custom_id": f"sc:rematch:{match_id}", "component_type": 2}
    return fake.interaction_payload(3, BOB, press, thread, result)


@pytest.mark.asyncio
async def test_a_rematch_and_its_accept_delivered_twice_count_once(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        payload = await rematch_press(fake)
        first = await fake.feed(payload)
        again = await fake.feed(payload)  # Discord delivers the same interaction again
        assert [c.kind for c in first].count("send_message") == 1
        assert "send_message" not in [c.kind for c in again]
        assert again[-1].ephemeral
        assert again[-1].content == "You asked for a rematch: challenge #2 is posted."
        assert [c.id for c in await bot.service.challenges.pending_challenges(member_id=BOB)] == [2]
        challenge = fake.last_message(GAMES_CHANNEL)
        press = {"custom_id": "sc:challenge:2:accept", "component_type": 2}
        payload = fake.interaction_payload(3, ALICE, press, GAMES_CHANNEL, challenge)
        threads = len(fake.threads())
        first = await fake.feed(payload)
        again = await fake.feed(payload)
        started = await bot.service.queries.get_match(
            (await bot.service.challenges.get_challenge(2)).match_id
        )
        assert len(fake.threads()) == threads + 1 and started.channel_id is not None
        told = f"The match has started in <#{started.channel_id}>."
        assert first[-1].content == again[-1].content == told and again[-1].ephemeral


@pytest.mark.asyncio
async def test_a_rematch_discord_did_not_post_is_withdrawn_and_its_replay_posts_nothing(
    tmp_path,
):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        payload = await rematch_press(fake)
        before = public(fake, GAMES_CHANNEL)
        fake.unreachable_channels.add(GAMES_CHANNEL)
        first = await fake.feed(payload)
        fake.unreachable_channels.clear()
        again = await fake.feed(payload)  # Discord delivers the same interaction again
        told = (
            "Discord did not take the message of challenge #2, so I withdrew it: nothing "
            "changed. Please try again."
        )
        assert first[-1].content == again[-1].content == told and again[-1].ephemeral
        assert "send_message" not in [c.kind for c in again]
        assert public(fake, GAMES_CHANNEL) == before
        assert (await bot.service.challenges.get_challenge(2)).status == "cancelled"
        assert await bot.service.challenges.pending_challenges(member_id=BOB) == []
        result = fake.message(payload["message"]["id"])  # its Rematch button still works
        retry = fake.interaction_payload(3, BOB, payload["data"], payload["channel_id"], result)
        calls = await fake.feed(retry)
        assert calls[-1].content.startswith("You asked for a rematch: challenge #3 is posted:")


@pytest.mark.asyncio
async def test_a_rematch_delivered_again_while_the_first_is_posting_is_posted_once(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        calls = await fake.feed_twice_at_once(await rematch_press(fake))
        assert [c.kind for c in calls].count("send_message") == 1
        assert calls[-1].ephemeral
        assert calls[-1].content == "You asked for a rematch: challenge #2 is posted."
        assert [c.id for c in await bot.service.challenges.pending_challenges(member_id=BOB)] == [2]


@pytest.mark.asyncio
async def test_both_players_pressing_rematch_at_once_make_one_challenge(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        bobs = await rematch_press(fake)
        alices = fake.interaction_payload(
            3, ALICE, bobs["data"], bobs["channel_id"], bobs["message"]
        )
        n = len(fake.calls)
        await fake.feed(bobs, drain=False)
        await fake.feed(alices)
        calls = fake.calls[n:]
        assert [c.kind for c in calls].count("send_message") == 1  # one challenge posted
        pending = await bot.service.challenges.pending_challenges(guild_id=fake.guild_id)
        assert len(pending) == 1
        said = [c.content for c in calls if c.kind == "followup"]
        assert any("already asked for" in words for words in said), said
