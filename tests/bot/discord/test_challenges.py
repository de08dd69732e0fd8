"""Challenges end to end: /challenge, Accept/Join/Decline buttons, the match thread."""

from __future__ import annotations

import discord
import pytest
import pytest_asyncio

import games
from bot.service import NotFound
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    BOT_ID,
    CAROL,
    DAVE,
    LOBBY_CHANNEL,
    MEMBER_PERMS,
    FakeClock,
    FakeDiscord,
    all_disabled,
    running_bot,
    settings_for,
    start_match,
)


@pytest_asyncio.fixture
async def env(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    settings = settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        yield fake, bot, settings, clock


def challenge_message(fake):
    """The newest public message in the games channel that has buttons."""
    return [m for m in fake.messages_in(fake.channel_id) if m["components"]][-1]


def button_ids(message) -> list[str]:
    return [c["custom_id"] for row in message["components"] for c in row["components"]]


@pytest.mark.asyncio
async def test_challenge_posts_message_with_buttons_and_pings_only_the_opponent(env):
    fake, bot, *_ = env
    calls = await fake.slash(ALICE, "challenge", game="skift", opponent=BOB, clock="2d")
    assert [c.kind for c in calls] == ["callback", "send_message", "followup"]
    defer, post, done = calls
    assert defer.json == {"type": 5, "data": {"flags": 64}}
    assert post.path == f"/channels/{fake.channel_id}/messages"
    assert f"<@{ALICE}> challenges <@{BOB}> to **Skift**" in post.content
    assert "2 days per move" in post.content and "<t:" in post.content
    assert post.json["allowed_mentions"] == {"parse": [], "users": [BOB]}
    message = challenge_message(fake)
    assert button_ids(message) == ["sc:challenge:1:accept", "sc:challenge:1:decline"]
    assert message["components"][0]["components"][0]["label"] == "Accept"
    assert done.ephemeral and "Challenge #1 is posted" in done.content
    challenge = await bot.service.challenges.get_challenge(1)
    assert challenge.message_id == int(message["id"]) and challenge.rules.clock_hours == 48


async def challenged_twice(fake, opponent):
    """The calls of Alice's /challenge to Skift against `opponent`, and of the same
    interaction delivered again by Discord."""
    data = fake.command_data("challenge", {"game": "skift", "opponent": opponent})
    payload = fake.interaction_payload(2, ALICE, data)
    return await fake.feed(payload), await fake.feed(payload)


@pytest.mark.asyncio
async def test_a_challenge_delivered_twice_is_posted_once(env):
    fake, bot, *_ = env
    first, again = await challenged_twice(fake, BOB)
    assert [c.kind for c in first].count("send_message") == 1
    assert "send_message" not in [c.kind for c in again]
    message = challenge_message(fake)
    link = f"https://discord.com/channels/{fake.guild_id}/{fake.channel_id}/{message['id']}"
    assert again[-1].ephemeral and again[-1].content == f"Challenge #1 is posted: {link}"
    assert first[-1].content == again[-1].content
    assert [c.id for c in await bot.service.challenges.pending_challenges(member_id=BOB)] == [1]


@pytest.mark.asyncio
async def test_a_game_against_the_bot_delivered_twice_starts_once(env):
    fake, bot, *_ = env
    first, again = await challenged_twice(fake, BOT_ID)
    assert len(fake.threads()) == 1 and "create_thread" not in [c.kind for c in again]
    told = f"Your match has started in <#{fake.threads()[0]['id']}>."
    assert first[-1].content == again[-1].content == told and again[-1].ephemeral
    assert (await bot.service.challenges.get_challenge(1)).match_id == 1
    with pytest.raises(NotFound):
        await bot.service.challenges.get_challenge(2)


@pytest.mark.parametrize("opponent", [BOB, BOT_ID])
@pytest.mark.asyncio
async def test_a_challenge_discord_did_not_post_is_withdrawn_and_its_replay_posts_nothing(
    env, opponent
):
    """The challenge's message fails (an outage): the challenge (or the match against the
    bot it started) is withdrawn and the challenger told so; the same interaction
    delivered again, once Discord is back, is told the same and posts nothing."""
    fake, bot, *_ = env
    told = (
        "Discord did not take the message of challenge #1, so I withdrew it: nothing "
        "changed. Please try again."
    )
    payload = fake.interaction_payload(
        2, ALICE, fake.command_data("challenge", {"game": "skift", "opponent": opponent})
    )
    fake.unreachable_channels.add(fake.channel_id)
    first = await fake.feed(payload)
    fake.unreachable_channels.clear()
    again = await fake.feed(payload)
    for calls in (first, again):
        assert calls[-1].ephemeral and calls[-1].content == told
    assert not {"send_message", "create_thread"} & {c.kind for c in again}
    assert [m for m in fake.messages_in(fake.channel_id) if not m["flags"] & 64] == []
    assert fake.threads() == []
    if opponent == BOB:
        assert (await bot.service.challenges.get_challenge(1)).status == "cancelled"
    else:
        assert (await bot.service.queries.get_match(1)).status == "cancelled"
    calls = await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)
    assert calls[-1].content.startswith("Challenge #2 is posted")


@pytest.mark.asyncio
async def test_accept_opens_a_public_thread_on_the_challenge_and_posts_the_board(env):
    fake, bot, *_ = env
    await fake.slash(ALICE, "challenge", game="skift", opponent=BOB, clock="none")
    message = challenge_message(fake)
    calls = await fake.click(BOB, message["id"], "sc:challenge:1:accept")
    kinds = [c.kind for c in calls]
    assert kinds[0] == "callback" and calls[0].json["data"]["flags"] == 64
    create = next(c for c in calls if c.kind == "create_thread")
    assert create.path == f"/channels/{fake.channel_id}/messages/{message['id']}/threads"
    assert create.json["auto_archive_duration"] == 10080
    assert create.json["name"] == "Skift #1: " + " vs ".join(
        sorted(["alice", "bob"], key=lambda n: create.json["name"].index(n))
    )
    thread = fake.threads()[0]
    first = fake.messages_in(thread["id"])[0]
    assert "Match #1: **Skift**" in first["content"]
    assert first["attachments"][0]["filename"] == "board.png"
    assert "to move" in first["attachments"][0]["description"]
    post = next(c for c in calls if c.kind == "send_message")
    assert post.files["board.png"].startswith(b"\x89PNG")
    assert set(post.json["allowed_mentions"]["users"]) == {ALICE, BOB}
    match = await bot.service.queries.get_match(1)
    assert match.channel_id == int(thread["id"])
    assert f"<@{match.to_act}>" in first["content"]
    # the challenge message now says so and has no buttons left
    assert message["content"].startswith(f"<@{ALICE}> challenged <@{BOB}> to **Skift**")
    assert "match #1 has started" in message["content"] and all_disabled(message)
    assert calls[-1].ephemeral and f"<#{thread['id']}>" in calls[-1].content
    assert isinstance(bot.get_channel(int(thread["id"])), discord.Thread)


@pytest.mark.asyncio
async def test_open_challenge_fills_seat_by_seat_then_starts(env):
    fake, bot, *_ = env
    await fake.slash(ALICE, "challenge", game="shiftago", players=3, options="variant=expert")
    message = challenge_message(fake)
    assert "challenges anyone to **Shiftago** (variant=expert)" in message["content"]
    assert message["components"][0]["components"][0]["label"] == "Join"
    calls = await fake.click(BOB, message["id"], "sc:challenge:1:accept")
    assert "create_thread" not in [c.kind for c in calls]
    assert f"Joined so far: <@{ALICE}> and <@{BOB}>" in message["content"]
    assert calls[-1].content == (
        "You joined challenge #1; the match starts when every seat is taken."
    )
    again = await fake.click(BOB, message["id"], "sc:challenge:1:accept")  # as the first
    assert [c.kind for c in again][:2] == ["callback", "edit_message"] and again[-1].ephemeral
    assert again[-1].content == calls[-1].content
    left = await fake.click(BOB, message["id"], "sc:challenge:1:decline")
    assert left[-1].ephemeral and left[-1].content == "You left challenge #1."
    assert "2 seats to fill" in message["content"] and "Joined so far" not in message["content"]
    await fake.click(CAROL, message["id"], "sc:challenge:1:accept")
    assert fake.threads() == []
    await fake.click(BOB, message["id"], "sc:challenge:1:accept")
    match = await bot.service.queries.get_match(1)
    assert sorted(match.members) == [ALICE, BOB, CAROL]
    assert dict(match.options)["variant"] == "expert"
    assert len(fake.threads()) == 1


@pytest.mark.asyncio
async def test_decline_by_opponent_and_withdraw_by_challenger(env):
    fake, bot, *_ = env
    await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)
    first = challenge_message(fake)
    await fake.slash(ALICE, "challenge", game="skift", opponent=CAROL)
    second = challenge_message(fake)
    calls = await fake.click(DAVE, first["id"], "sc:challenge:1:decline")
    assert calls[-1].ephemeral and "not part of this challenge" in calls[-1].content
    assert (await bot.service.challenges.get_challenge(1)).pending
    calls = await fake.click(BOB, first["id"], "sc:challenge:1:decline")
    assert calls[-1].ephemeral and calls[-1].content == "You declined challenge #1."
    assert (await bot.service.challenges.get_challenge(1)).status == "declined"
    assert "Declined." in first["content"] and all_disabled(first)
    calls = await fake.click(ALICE, second["id"], "sc:challenge:2:decline")
    assert calls[-1].ephemeral and calls[-1].content == "You withdrew challenge #2."
    assert (await bot.service.challenges.get_challenge(2)).status == "cancelled"
    assert "Withdrawn" in second["content"]


@pytest.mark.asyncio
async def test_a_named_player_who_joined_and_declines_leaves_then_declines(env):
    fake, bot, *_ = env
    await fake.slash(ALICE, "challenge", game="shiftago", opponent=BOB, players=3)
    message = challenge_message(fake)
    await fake.click(BOB, message["id"], "sc:challenge:1:accept")
    assert f"Joined so far: <@{ALICE}> and <@{BOB}>" in message["content"]
    calls = await fake.click(BOB, message["id"], "sc:challenge:1:decline")
    assert calls[-1].ephemeral and calls[-1].content == "You left challenge #1."
    assert (await bot.service.challenges.get_challenge(1)).invited == (BOB,)
    assert "2 seats to fill" in message["content"] and "Joined so far" not in message["content"]
    calls = await fake.click(BOB, message["id"], "sc:challenge:1:decline")
    assert calls[-1].content == "You declined challenge #1."
    assert "Declined." in message["content"] and all_disabled(message)


@pytest.mark.asyncio
async def test_buttons_work_after_a_restart(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    settings = settings_for(tmp_path)
    async with running_bot(fake, settings, clock):
        await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)
    message = challenge_message(fake)
    async with running_bot(fake, settings, clock) as bot:  # a new process, same database
        calls = await fake.click(BOB, message["id"], "sc:challenge:1:accept")
        assert "create_thread" in [c.kind for c in calls]
        assert (await bot.service.queries.get_match(1)).channel_id == int(fake.threads()[0]["id"])


@pytest.mark.asyncio
async def test_expired_challenge_button_says_so_and_changes_nothing(env):
    fake, bot, settings, clock = env
    await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)
    message = challenge_message(fake)
    clock.advance(days=8)
    calls = await fake.click(BOB, message["id"], "sc:challenge:1:accept")
    assert [c.kind for c in calls] == ["callback", "followup"]
    assert calls[-1].ephemeral and "expired" in calls[-1].content
    assert fake.threads() == []


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"game": "chess", "opponent": BOB}, "There is no game called 'chess'"),
        ({"game": "skift", "opponent": ALICE}, "You cannot challenge yourself."),
        ({"game": "skift", "opponent": BOB, "level": "hard"}, "A level is for a match against me"),
        ({"game": "skift", "opponent": BOB, "options": "colour=red"}, "has no option 'colour'"),
        ({"game": "skift", "opponent": BOB, "clock": "soon"}, "cannot read the clock"),
        ({"game": "shiftago", "options": "variant=fast", "players": 2}, "must be one of"),
    ],
)
@pytest.mark.asyncio
async def test_bad_challenges_are_refused_privately_and_post_nothing(env, options, expected):
    fake, bot, *_ = env
    calls = await fake.slash(ALICE, "challenge", **options)
    assert "send_message" not in [c.kind for c in calls]
    assert calls[0].ephemeral and calls[-1].ephemeral and expected in calls[-1].content
    assert await bot.service.challenges.pending_challenges(guild_id=fake.guild_id) == []


@pytest.mark.asyncio
async def test_challenge_in_a_thread_or_outside_the_challenge_channel_is_refused(env):
    fake, bot, *_ = env
    await fake.slash(ALICE, "challenge", game="skift", opponent=BOB, clock="none")
    await fake.click(BOB, challenge_message(fake)["id"], "sc:challenge:1:accept")
    thread = fake.threads()[0]
    where = {"channel_id": thread["id"]}
    calls = await fake.slash(CAROL, "challenge", game="skift", opponent=DAVE, **where)
    assert calls[-1].ephemeral and "not in a thread" in calls[-1].content
    await bot.service.settings.set_challenge_channel(fake.guild_id, LOBBY_CHANNEL)
    calls = await fake.slash(CAROL, "challenge", game="skift", opponent=DAVE)
    assert calls[-1].ephemeral and f"<#{LOBBY_CHANNEL}>" in calls[-1].content
    where = {"channel_id": LOBBY_CHANNEL}
    calls = await fake.slash(CAROL, "challenge", game="skift", opponent=DAVE, **where)
    assert "send_message" in [c.kind for c in calls]


#: A nickname of 32 characters that reads backwards (U+202E) and carries a joined emoji
#: (woman, woman, girl) and letters with combining accents.
TRICKY_NICK = "\u202e" + "x" * 12 + "\U0001f469\u200d\U0001f469\u200d\U0001f467" + "e\u0301" * 7
SHOWN_NICK = TRICKY_NICK.removeprefix("\u202e")


@pytest.mark.asyncio
async def test_thread_names_drop_bidi_controls_and_are_cut_between_whole_characters(tmp_path):
    fake = FakeDiscord()
    for member in (ALICE, BOB, CAROL, DAVE):
        fake.members[member]["nick"] = TRICKY_NICK
    async with running_bot(fake, settings_for(tmp_path), FakeClock()):
        await start_match(fake, ALICE, BOB, CAROL, DAVE, game="shiftago")
        create = next(c for c in fake.calls if c.kind == "create_thread")
    # 130 characters in full: cut to 100 at most (Discord counts code points), and not
    # inside the joined emoji of the third name, which would leave a dangling joiner.
    expected = f"Shiftago #1: {SHOWN_NICK} vs {SHOWN_NICK} vs " + "x" * 12 + "…"
    assert create.json["name"] == expected and len(expected) <= 100


@pytest.mark.asyncio
async def test_missing_thread_permission_is_named(env):
    fake, bot, *_ = env
    fake.bot_permissions = MEMBER_PERMS & ~discord.Permissions(create_public_threads=True)
    calls = await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)
    assert [c.kind for c in calls] == ["callback", "followup"] and calls[0].ephemeral
    assert "Create Public Threads" in calls[-1].content
    assert await bot.service.challenges.pending_challenges(guild_id=fake.guild_id) == []


@pytest.mark.asyncio
async def test_option_and_game_autocomplete(env):
    fake, *_ = env
    games_ = await fake.autocomplete(ALICE, "challenge", "game", game="sh")
    starting = [
        name
        for name in games.names()
        if name.startswith("sh") or games.get(name).title.lower().startswith("sh")
    ]
    assert [c["value"] for c in games_] == starting and "skift" not in starting
    assert {"name": "Shiftago (2-4 players)", "value": "shiftago"} in games_
    assert {"name": "Shifty (2 players)", "value": "shifty"} in games_
    choices = await fake.autocomplete(ALICE, "challenge", "options", game="shiftago", options="var")
    values = [c["value"] for c in choices]
    assert values == ["variant=express", "variant=expert", "variant=extreme"]
    assert all(len(c["name"]) <= 100 for c in choices)
    choices = await fake.autocomplete(
        ALICE, "challenge", "options", game="shiftago", options="variant=expert hand"
    )
    assert choices and all(c["value"].startswith("variant=expert handicap_") for c in choices)
    clocks = await fake.autocomplete(ALICE, "challenge", "clock", game="skift", clock="36h")
    assert clocks[0] == {"name": "36h: 36 hours per move", "value": "36h"}


@pytest.mark.asyncio
async def test_a_member_refuses_challenges_with_settings_block(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock):
        blocked = await fake.slash(BOB, "settings block", member=ALICE)
        assert blocked[-1].ephemeral and f"You refuse challenges from <@{ALICE}>." in (
            blocked[-1].content
        )
        refused = await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)
        assert refused[-1].ephemeral
        assert refused[-1].content == f"<@{BOB}> does not take challenges from you."
        assert not [c for c in refused if c.kind == "send_message"]  # nothing posted, no ping
        both = await fake.slash(BOB, "settings block", member=ALICE, everyone=True)
        assert both[-1].content == "Name one member, or choose everyone: True."
        await fake.slash(BOB, "settings unblock", member=ALICE)
        posted = await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)
        assert [c.kind for c in posted].count("send_message") == 1
        withdrawn = fake.messages_in(fake.channel_id)[-1]
        await fake.click(
            ALICE, withdrawn["id"], withdrawn["components"][0]["components"][1]["custom_id"]
        )
        again = await fake.slash(ALICE, "challenge", game="skift", opponent=BOB)
        assert "you can challenge them again in 10 minutes" in again[-1].content


@pytest.mark.asyncio
async def test_the_opponents_are_listed_in_the_order_the_challenger_named_them(env):
    """`opponent:carol opponent2:bob` (carol's id is the larger): carol first, in the
    challenge and after bob answers first, and until the match has started."""
    fake, bot, _, _ = env
    await fake.slash(ALICE, "challenge", game="shiftago", opponent=CAROL, opponent2=BOB)
    message = challenge_message(fake)
    assert message["content"].startswith(f"<@{ALICE}> challenges <@{CAROL}> and <@{BOB}> to")
    accept = button_ids(message)[0]
    await fake.click(BOB, message["id"], accept)
    message = fake.message(message["id"])
    assert message["content"].startswith(f"<@{ALICE}> challenges <@{CAROL}> and <@{BOB}> to")
    await fake.click(CAROL, message["id"], accept)
    message = fake.message(message["id"])
    assert message["content"].startswith(f"<@{ALICE}> challenged <@{CAROL}> and <@{BOB}> to")


@pytest.mark.asyncio
async def test_a_challenge_delivered_again_while_the_first_is_posting_is_posted_once(env):
    fake, bot, *_ = env
    data = fake.command_data("challenge", {"game": "skift", "opponent": BOB})
    calls = await fake.feed_twice_at_once(fake.interaction_payload(2, ALICE, data))
    assert [c.kind for c in calls].count("send_message") == 1
    message = challenge_message(fake)
    link = f"https://discord.com/channels/{fake.guild_id}/{fake.channel_id}/{message['id']}"
    answers = [c for c in calls if c.content == f"Challenge #1 is posted: {link}"]
    assert len(answers) == 2 and all(c.ephemeral for c in answers)
    assert [c.id for c in await bot.service.challenges.pending_challenges(member_id=BOB)] == [1]


@pytest.mark.asyncio
async def test_an_accept_delivered_again_while_the_first_starts_the_match_starts_it_once(env):
    fake, bot, *_ = env
    await fake.slash(ALICE, "challenge", game="skift", opponent=BOB, clock="none")
    message = challenge_message(fake)
    press = {"custom_id": "sc:challenge:1:accept", "component_type": 2}
    payload = fake.interaction_payload(3, BOB, press, fake.channel_id, message)
    calls = await fake.feed_twice_at_once(payload)
    assert [c.kind for c in calls].count("create_thread") == 1
    match = await bot.service.queries.get_match(
        (await bot.service.challenges.get_challenge(1)).match_id
    )
    told = f"The match has started in <#{match.channel_id}>."
    assert [c.content for c in calls if c.kind == "followup"] == [told, told]
