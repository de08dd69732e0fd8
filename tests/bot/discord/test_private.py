"""Matches in DMs and group DMs through the fake Discord (issue 46): the bot is no member
there (a member's own install of the app), so every post is an answer to an interaction,
within Discord's limits, which the fake enforces (`tests.bot.discord_harness`); the
commands offered there; the Activity launch; every request checked against Discord's API
description (`tests.bot.discord_api`)."""

from __future__ import annotations

import dataclasses
import random
import types

import discord
import pytest
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

import ai
from bot.discord.client import command_payload
from bot.discord.notices import channel_link
from bot.discord.private import FOLLOWUPS, KEPT_FOR_ANSWERS, AnsweringChannels
from bot.match.engine_seats import engine_member
from bot.match.records import NO_SERVER
from tests.bot.discord.test_composer import compose, open_composer
from tests.bot.discord_api import invalid, require_spec, spec_path
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    EPHEMERAL,
    LAUNCH_ACTIVITY,
    USER_FOLLOWUPS,
    Call,
    FakeClock,
    FakeDiscord,
    custom_ids,
    running_bot,
    settings_for,
    start_match,
)

#: A search of a few simulated games: the bot plays and analyses quickly.
TINY = ai.Budget(iterations=8, seconds=0.05, lookahead=0, playout_plies=4)
#: The application's id in the fake (its webhooks' id).
BOT_APP = 2
#: The commands offered in DMs and group DMs; every other one is for servers only.
ANYWHERE = {
    "challenge", "move", "board", "resign", "hand", "hint", "matches", "history", "rules",
    "help", "about", "draw", "takeback", "abort", "claim",
}  # fmt: skip


#: Shiftago's board holds 49 marbles: a match of Express (first line of 4 with four
#: seats) ends within as many moves, a line or a full board.
SHIFTAGO_CELLS = 49


def fake_on(clock: FakeClock) -> FakeDiscord:
    """A fake Discord on the service's clock (interaction tokens expire by it)."""
    fake = FakeDiscord()
    fake.clock = clock
    return fake


def requests_to(fake: FakeDiscord, channel: int) -> list:
    """The bot's REST requests to a channel (none may reach a DM it is not in)."""
    return [c for c in fake.calls if c.path.startswith(f"/channels/{channel}")]


def assert_valid(fake: FakeDiscord) -> None:
    """Every request the bot made is one Discord's API description allows (where the
    description is on this machine: without it the match's other checks still run)."""
    if spec_path() is None:
        return
    refused = [e for call in fake.calls for e in invalid(call)]
    assert not refused, refused[:5]


def followups_per_interaction(fake: FakeDiscord) -> list[int]:
    """How many follow-ups each interaction's token was used for."""
    counts: dict[str, int] = {}
    for call in fake.calls:
        if call.kind == "followup":
            counts[call.path] = counts.get(call.path, 0) + 1
    return list(counts.values())


async def challenged(fake: FakeDiscord, bot, channel: int, *opponents: int, **options) -> int:
    """Alice challenges in a DM or group DM and every opponent accepts by the button;
    the match's id."""
    named = dict(zip(("opponent", "opponent2", "opponent3"), opponents, strict=False))
    calls = await fake.slash(ALICE, "challenge", channel_id=channel, **named, **options)
    posted = [m for m in fake.messages_in(channel) if m["components"]][-1]
    assert not posted["flags"] & EPHEMERAL, "the challenge is public, as the answer"
    assert any(c.kind == "followup" for c in calls)
    accept = next(i for i in custom_ids(posted) if i.endswith(":accept"))
    for member in [m for m in opponents if m < 100]:
        await fake.click(member, posted["id"], accept)
    match = await bot.service.queries.match_in_channel(channel)
    assert match is not None and match.guild_id == NO_SERVER and match.channel_id == channel
    return match.id


async def play_by_taps(fake: FakeDiscord, bot, match_id: int, channel: int, moves: int) -> None:
    """Play `moves` moves by Play and the composer, each player in turn (a bot seat plays
    itself, its move posted in answer to the move before)."""
    rng = random.Random(match_id)
    for _ in range(moves):
        match = await bot.service.queries.get_match(match_id)
        if not match.active:
            return
        boards_before = len([m for m in fake.messages_in(channel) if m["attachments"]])
        composer = await open_composer(fake, match.to_act, channel, match_id)
        await compose(fake, match.to_act, composer, rng)
        await bot.engine_player.idle()
        await fake.drain()
        boards = [m for m in fake.messages_in(channel) if m["attachments"]]
        assert len(boards) > boards_before, "the next board is posted in the DM"
        assert not boards[-1]["flags"] & EPHEMERAL


@pytest.mark.asyncio
async def test_a_whole_match_in_a_dm_by_taps_stored_and_rated_without_a_server(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        dm = fake.private_channel(ALICE, BOB)
        match_id = await challenged(fake, bot, dm, BOB, game="skift")
        started = await bot.service.queries.get_match(match_id)
        assert started.rules.clock_hours == bot.settings.default_clock_hours  # no server's
        listed = await fake.slash(BOB, "matches", channel_id=dm)
        assert listed[-1].ephemeral and f"#{match_id}" in listed[-1].content
        await play_by_taps(fake, bot, match_id, dm, 6)
        await fake.slash(ALICE, "resign", channel_id=dm)
        confirm = fake.last_message(dm, ephemeral=True)
        resign = next(i for i in custom_ids(confirm) if i.endswith(":resign"))
        await fake.click(ALICE, confirm["id"], resign)
        ended = await bot.service.queries.get_match(match_id)
        assert not ended.active and ended.guild_id == NO_SERVER
        public = [m["content"] for m in fake.messages_in(dm) if not m["flags"] & EPHEMERAL]
        assert "resign" in public[-2].lower() and public[-1].startswith("Replay of match")
        rated = await bot.service.queries.player_stats(NO_SERVER, BOB)
        (skift,) = rated.games
        assert (skift.wins, skift.games) == (1, 1) and skift.rating > 1500
        history = await fake.slash(BOB, "history", channel_id=dm)
        assert history[-1].ephemeral
    assert requests_to(fake, dm) == [], "the bot never posts by itself where it is no member"
    assert max(followups_per_interaction(fake)) <= USER_FOLLOWUPS
    assert not [c for c in fake.calls if c.kind == "unhandled"]
    assert_valid(fake)


@pytest.mark.asyncio
async def test_a_draw_offered_by_command_and_accepted_by_button_in_a_group_dm(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        group = fake.private_channel(ALICE, BOB, CAROL)
        match_id = await challenged(fake, bot, group, BOB, game="skift")
        await play_by_taps(fake, bot, match_id, group, 2)
        offered = await fake.slash(ALICE, "draw offer", channel_id=group)
        thinking = [c for c in offered if c.kind == "edit_original"]
        assert thinking[0].content == "Posting in this conversation…"  # "thinking..." first
        assert [c.ephemeral for c in offered if c.kind == "followup"] == [False, True]
        offer = next(
            m
            for m in reversed(fake.messages_in(group))
            if any("draw-accept" in i for i in custom_ids(m))
        )
        assert not offer["flags"] & EPHEMERAL, "the offer is public in the group DM"
        accept = next(i for i in custom_ids(offer) if "draw-accept" in i)
        await fake.click(BOB, offer["id"], accept)
        ended = await bot.service.queries.get_match(match_id)
        assert not ended.active and ended.result.draw
        public = [m["content"] for m in fake.messages_in(group) if not m["flags"] & EPHEMERAL]
        assert any("Drawn" in text for text in public)
    assert requests_to(fake, group) == []
    assert max(followups_per_interaction(fake)) <= USER_FOLLOWUPS
    assert_valid(fake)


@pytest.mark.asyncio
async def test_the_analysis_button_in_a_dm_answers_privately_and_leaves_the_result_alone(
    tmp_path,
):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path, bot_workers=1), clock) as bot:
        bot.engine_player.budget = TINY
        dm = fake.private_channel(ALICE, BOB)
        match_id = await challenged(fake, bot, dm, BOB, game="skift")
        await play_by_taps(fake, bot, match_id, dm, 2)
        await fake.slash(ALICE, "resign", channel_id=dm)
        confirm = fake.last_message(dm, ephemeral=True)
        await fake.click(ALICE, confirm["id"], f"sc:match:{match_id}:resign")
        result = next(m for m in fake.messages_in(dm) if f"sc:analysis:{match_id}" in custom_ids(m))
        before = dict(result)
        first = len(fake.calls)
        await fake.click(BOB, result["id"], f"sc:analysis:{match_id}", drain=False)
        await fake.drain(timeout=60)  # (the analysis is worked out in a worker process)
        calls = fake.calls[first:]
        assert fake.message(result["id"]) == before, "the public result is not edited"
        said = [c for c in calls if c.content]
        assert said[0].ephemeral and said[0].content.startswith("Analysing")
        assert said[-1].ephemeral and said[-1].kind == "followup"
        assert said[-1].content.startswith("The bot's estimate")
        assert any("analysis.png" in name for name in said[-1].files)
    assert requests_to(fake, dm) == []


@pytest.mark.asyncio
async def test_a_group_dm_of_three_with_a_bot_seat_played_by_taps(tmp_path):
    """Alice, Bob and Carol in their group DM with a bot seat, Shiftago Express with four
    seats played by taps to its natural end; nothing posted by the bot on its own."""
    clock = FakeClock()
    fake = fake_on(clock)
    settings = settings_for(tmp_path, bot_workers=1)
    async with running_bot(fake, settings, clock) as bot:
        bot.engine_player.budget = TINY
        group = fake.private_channel(ALICE, BOB, CAROL)
        match_id = await challenged(
            fake, bot, group, BOB, CAROL, game="shiftago", players=4, bots=1
        )
        match = await bot.service.queries.get_match(match_id)
        assert engine_member("medium") in match.members and len(match.members) == 4
        await play_by_taps(fake, bot, match_id, group, SHIFTAGO_CELLS)  # to its end
        ended = await bot.service.queries.get_match(match_id)
        assert not ended.active and ended.guild_id == NO_SERVER
        played = await bot.service.queries.match_record(match_id)
        bot_moves = [e for e in played.log if e.member_id == engine_member("medium")]
        assert bot_moves, "the bot's own moves are posted in answer to the move before"
        public = [m["content"] for m in fake.messages_in(group) if not m["flags"] & EPHEMERAL]
        assert public[-1].startswith("Replay of match"), public[-3:]
    assert requests_to(fake, group) == []
    assert max(followups_per_interaction(fake)) <= USER_FOLLOWUPS
    assert_valid(fake)


@pytest.mark.asyncio
async def test_a_match_against_the_bot_in_its_own_dm(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path, bot_workers=1), clock) as bot:
        bot.engine_player.budget = TINY
        dm = int(fake._create_dm({"recipient_id": str(ALICE)})["id"])
        calls = await fake.slash(ALICE, "challenge", channel_id=dm, game="shiftago", bots=1)
        assert calls[-1].ephemeral and "has started" in calls[-1].content
        await bot.engine_player.idle()
        await fake.drain()
        match = await bot.service.queries.match_in_channel(dm)
        assert match is not None and match.guild_id == NO_SERVER
        await play_by_taps(fake, bot, match.id, dm, 4)
        record = await bot.service.queries.match_record(match.id)
        assert {e.member_id for e in record.log} == {ALICE, engine_member("medium")}
    assert max(followups_per_interaction(fake)) <= USER_FOLLOWUPS
    assert_valid(fake)


@pytest.mark.asyncio
async def test_a_challenge_in_a_dm_names_only_its_members_and_waits_for_its_match(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        dm = fake.private_channel(ALICE, BOB)
        stranger = await fake.slash(ALICE, "challenge", channel_id=dm, game="skift", opponent=CAROL)
        assert stranger[-1].ephemeral and f"<@{CAROL}> is not one" in stranger[-1].content
        match_id = await challenged(fake, bot, dm, BOB, game="skift")
        again = await fake.slash(ALICE, "challenge", channel_id=dm, game="skift", opponent=BOB)
        assert again[-1].ephemeral and f"#{match_id}" in again[-1].content
        assert await bot.service.queries.match_in_channel(dm) is not None
    posted = [c for c in fake.calls if c.kind == "followup" and not c.ephemeral]
    assert len([c for c in posted if "challenges" in c.content]) == 1, "one challenge posted"


@pytest.mark.asyncio
async def test_a_members_own_install_in_a_server_without_the_bot_is_told_so(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        data = fake.command_data("challenge", {"game": "skift", "opponent": BOB})
        payload = fake.interaction_payload(2, ALICE, data, fake.channel_id)
        payload["authorizing_integration_owners"] = {"1": str(ALICE)}  # no server install
        calls = await fake.feed(payload)
        assert calls[-1].ephemeral and "not a member of this server" in calls[-1].content
        assert await bot.service.challenges.pending_challenges(member_id=ALICE) == []
    assert not [c for c in fake.calls if c.kind == "send_message"]


@pytest.mark.asyncio
async def test_a_reminder_in_a_dm_goes_by_dm_from_the_bot_or_is_recorded_as_not_sent(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path, reminder_after_hours=1), clock) as bot:
        dm = fake.private_channel(ALICE, BOB)
        match_id = await challenged(fake, bot, dm, BOB, game="skift", clock="3d")
        to_act = (await bot.service.queries.get_match(match_id)).to_act
        other = BOB if to_act == ALICE else ALICE
        fake.closed_dms.add(other)
        clock.advance(hours=30)  # the interactions' tokens are long dead
        await bot.reminders.run_once()
        await fake.drain()
        told = fake.dms_to(to_act)
        assert told and f"sc:match:{match_id}:play" in custom_ids(told[-1])
        rounds_before = len(fake.calls)
        await bot.reminders.run_once()
        await fake.drain()
        assert len(fake.dms_to(to_act)) == len(told), "sent once"
        assert not [c for c in fake.calls[rounds_before:] if c.kind == "send_message"]
    assert requests_to(fake, dm) == []


@pytest.mark.asyncio
async def test_a_reminder_to_a_member_who_takes_no_dm_is_recorded_as_not_available(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path, reminder_after_hours=1), clock) as bot:
        dm = fake.private_channel(ALICE, BOB)
        match_id = await challenged(fake, bot, dm, BOB, game="skift", clock="3d")
        to_act = (await bot.service.queries.get_match(match_id)).to_act
        fake.closed_dms.add(to_act)
        clock.advance(hours=30)
        first = len(fake.calls)
        await bot.reminders.run_once()
        await fake.drain()
        tried = [c for c in fake.calls[first:] if c.kind == "send_message"]
        assert len(tried) == 1 and fake.dms_to(to_act) == []
        assert await bot.service.notices.dm_refusal_untold(to_act), "told at their next command"
        second = len(fake.calls)
        await bot.reminders.run_once()
        await fake.drain()
        assert not [c for c in fake.calls[second:] if c.kind == "send_message"], "not retried"
    assert requests_to(fake, dm) == []


@pytest.mark.asyncio
async def test_a_timeout_in_a_dm_is_told_to_its_players_by_dm(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        dm = fake.private_channel(ALICE, BOB)
        match_id = await challenged(fake, bot, dm, BOB, game="skift", clock="1d", auto_timeout=True)
        clock.advance(days=3)
        await bot.reminders.run_once()
        await fake.drain()
        ended = await bot.service.queries.get_match(match_id)
        assert not ended.active
        link = f"https://discord.com/channels/@me/{dm}"
        for member in (ALICE, BOB):  # once each: that it ended, where, and how
            [told] = [m["content"] for m in fake.dms_to(member)]
            head, result = told.split("\n", 1)
            assert head == f"Match #{match_id} (Skift) has ended: {link}", member
            assert "ran out of time" in result and "Ratings:" in result
        listed = await fake.slash(ALICE, "history", channel_id=dm)
        assert listed[-1].ephemeral and "#" in listed[-1].content
    assert requests_to(fake, dm) == []


@pytest.mark.asyncio
async def test_a_timeout_claimed_later_in_a_dm_is_posted_as_the_answer_to_claim(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        dm = fake.private_channel(ALICE, BOB)
        match_id = await challenged(
            fake, bot, dm, BOB, game="skift", clock="1d", auto_timeout=False
        )
        late = (await bot.service.queries.get_match(match_id)).to_act
        waiting = BOB if late == ALICE else ALICE
        clock.advance(days=2)
        await bot.reminders.run_once()
        await fake.drain()
        assert (await bot.service.queries.get_match(match_id)).active, (
            "claimed, not ended by itself"
        )
        calls = await fake.slash(waiting, "claim", channel_id=dm)
        assert not (await bot.service.queries.get_match(match_id)).active
        posted = [c for c in calls if c.kind == "followup" and not c.ephemeral]
        assert posted and "ran out of time" in posted[0].content
    assert requests_to(fake, dm) == []
    assert_valid(fake)


def test_an_answering_channel_posts_within_what_discord_allows():
    clock = FakeClock()
    done = types.SimpleNamespace(type=discord.InteractionResponseType.deferred_message_update)
    press = types.SimpleNamespace(id=1, channel_id=77, response=done)
    kept = AnsweringChannels()
    answering = kept.open(press, clock())
    assert kept.open(press, clock()) is answering, "one per interaction"
    clock.advance(minutes=13)
    assert kept.live(77, clock()) is answering
    answering.sent = FOLLOWUPS - KEPT_FOR_ANSWERS
    assert kept.live(77, clock()) is None, "its follow-ups are spent"
    answering.sent = 0
    clock.advance(minutes=1)
    assert kept.live(77, clock()) is None, "its token is about to expire"


@pytest.mark.asyncio
async def test_match_numbers_offered_in_a_dm_are_its_own(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        in_server, _ = await start_match(fake, ALICE, BOB)
        dm = fake.private_channel(ALICE, BOB)
        in_dm = await challenged(fake, bot, dm, BOB, game="skift")
        offered = await fake.autocomplete(ALICE, "resign", "match", channel_id=dm, match="")
        assert [c["value"] for c in offered] == [in_dm]
        in_thread = await fake.autocomplete(ALICE, "resign", "match", match="")
        assert [c["value"] for c in in_thread] == [in_server]
        refused = await fake.slash(ALICE, "history", channel_id=dm, match=in_server)
        assert refused[-1].ephemeral and f"#{in_server}" in refused[-1].content
        assert "moves" not in refused[-1].content.lower()


@pytest.mark.asyncio
async def test_the_fake_refuses_what_discord_refuses_in_others_dms(tmp_path):
    clock = FakeClock()
    fake = fake_on(clock)
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        dm = fake.private_channel(ALICE, BOB)
        with pytest.raises(Exception, match="Missing Access"):
            await bot.http.send_message(dm, params=handle_message_parameters(content="hello"))
        payload = fake.interaction_payload(2, ALICE, fake.command_data("help", {}), dm)
        assert payload["context"] == 2
        assert payload["authorizing_integration_owners"] == {"1": str(ALICE)}
        assert fake.channels[dm]["type"] == 1
        assert fake.channels[fake.private_channel(ALICE, BOB, CAROL)]["type"] == 3
        calls = await fake.feed(payload)
        token = payload["token"]
        adapter = async_context.get()  # (the fake's)
        sent = len([c for c in calls if c.kind == "followup"])  # the answer to /help
        for _ in range(USER_FOLLOWUPS - sent):
            await adapter.execute_webhook(
                BOT_APP, token, session=None, payload={"content": "x"}, wait=True
            )
        with pytest.raises(Exception, match="maximum number of follow up"):
            await adapter.execute_webhook(
                BOT_APP, token, session=None, payload={"content": "x"}, wait=True
            )
        late = fake.interaction_payload(2, ALICE, fake.command_data("help", {}), dm)
        clock.advance(minutes=16)
        with pytest.raises(Exception, match="Invalid Webhook Token"):
            await adapter.execute_webhook(
                BOT_APP, late["token"], session=None, payload={"content": "x"}, wait=True
            )


@pytest.mark.asyncio
async def test_server_only_commands_are_not_offered_in_dms(tmp_path):
    fake = FakeDiscord()
    async with running_bot(fake, settings_for(tmp_path), FakeClock()) as bot:
        await bot.tree.sync()
        payload = await command_payload(bot)
    synced = fake.synced["global"]
    assert synced == payload
    for command in synced:
        if command["name"] in ANYWHERE:
            assert command["contexts"] == [0, 1, 2], command["name"]
            assert command["integration_types"] == [0, 1], command["name"]
        else:
            assert command["contexts"] == [0], command["name"]
            assert command["integration_types"] == [0], command["name"]
    assert {c["name"] for c in synced} >= ANYWHERE | {"admin", "league", "settings", "standings"}
    assert_valid(fake)
    if spec_path() is None:
        return
    put = next(c for c in fake.calls if c.kind == "sync")
    wrong = put._replace(json=[{**synced[0], "contexts": [3], "integration_types": [0, 0]}])
    assert len(invalid(wrong)) == 2, "the description is read: a context 3, a repeated type"


def test_the_description_allows_the_activity_launch_and_nothing_like_it():
    require_spec()
    call = Call("callback", "POST", "/interactions/1/token-1/callback", {"type": 12}, {})
    assert invalid(call) == []
    assert invalid(call._replace(json={"type": 10})) != []


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("on", "secret"),
    [(True, "secret"), (False, "secret"), (True, "")],
    ids=["on", "off", "no-secret"],
)
async def test_play_and_board_open_the_activity_only_when_enabled_and_possible(
    tmp_path, on, secret
):
    """Off, or on without the client secret (the page could not sign the member in), the
    composer and the posted board as before."""
    clock = FakeClock()
    fake = fake_on(clock)
    settings = dataclasses.replace(
        settings_for(tmp_path),
        activities=on,
        web_url="https://board.example",
        discord_client_id="123",
        discord_client_secret=secret,
    )
    on = on and bool(secret)
    async with running_bot(fake, settings, clock) as bot:
        dm = fake.private_channel(ALICE, BOB)
        match_id = await challenged(fake, bot, dm, BOB, game="skift")
        to_act = (await bot.service.queries.get_match(match_id)).to_act
        board = next(m for m in reversed(fake.messages_in(dm)) if m["attachments"])
        pressed = await fake.click(to_act, board["id"], f"sc:match:{match_id}:play")
        shown = await fake.slash(to_act, "board", channel_id=dm)
    launches = [
        c for c in pressed + shown if c.kind == "callback" and c.json["type"] == LAUNCH_ACTIVITY
    ]
    if on:
        assert len(launches) == 2 and [c.kind for c in pressed] == ["callback"]
        assert [c.kind for c in shown] == ["callback"]
    else:
        assert launches == []
        assert any(c.ephemeral and "sc:cmp" in str(c.json) for c in pressed), "the composer"
        assert any(c.kind == "followup" and not c.ephemeral for c in shown), "the board posted"
    assert_valid(fake)


def test_links_to_a_dm_or_group_dm_lead_to_the_members_own_conversations():
    assert channel_link(NO_SERVER, 5) == "https://discord.com/channels/@me/5"
    assert channel_link(100, 5) == "https://discord.com/channels/100/5"
