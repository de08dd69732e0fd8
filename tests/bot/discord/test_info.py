"""Looking things up and settings end to end: /matches, /history, /export, /standings,
/stats, /rules, /settings and /admin (with its permission check)."""

from __future__ import annotations

import pytest

import games
from bot.service import replay_export
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    LOBBY_CHANNEL,
    MOD,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
)


def private(calls):
    """The final private answer of an interaction."""
    assert calls[0].json["type"] == 5 and calls[0].ephemeral
    assert "send_message" not in [c.kind for c in calls]  # nothing public
    return calls[-1]


@pytest.mark.asyncio
async def test_matches_lists_whose_turn_and_deadline(env):
    fake, bot, match_id, thread = env
    match = await bot.service.queries.get_match(match_id)
    mine = private(await fake.slash(match.to_act, "matches")).content
    assert "#1 Skift vs <@" in mine and f"in <#{thread}>" in mine
    assert "**your move**, before <t:" in mine
    other = next(m for m in match.members if m != match.to_act)
    theirs = private(await fake.slash(other, "matches")).content
    assert f"<@{match.to_act}> to move" in theirs
    assert "no active matches" in private(await fake.slash(CAROL, "matches")).content


@pytest.mark.asyncio
async def test_history_and_the_moves_of_one_match(env):
    fake, bot, match_id, thread = env
    assert "No finished matches" in private(await fake.slash(ALICE, "history")).content
    moves = private(await fake.slash(CAROL, "history", match=match_id)).content
    record = await bot.service.queries.match_record(match_id)
    first, second = [e for e in record.log if e.kind == "move"]
    seat = record.match.seat_name
    assert (  # each move with who played it, their seat and member
        f"1. {seat(first.seat)} (<@{first.member_id}>): {first.notation}\n"
        f"2. {seat(second.seat)} (<@{second.member_id}>): {second.notation}\n"
    ) in moves
    await fake.slash(ALICE, "resign", channel_id=thread)
    await fake.click(ALICE, fake.last_message(thread, ephemeral=True)["id"], "sc:match:1:resign")
    done = private(await fake.slash(CAROL, "history", member=BOB, game="skift")).content
    assert done.startswith("#1 Skift, ") and f"<@{BOB}> won" in done and "(2 moves)" in done
    unknown = await fake.slash(CAROL, "history", game="go")
    assert "There is no game called 'go'" in unknown[-1].content


@pytest.mark.asyncio
async def test_export_sends_the_record_and_the_replay(env):
    fake, bot, match_id, thread = env
    calls = await fake.slash(CAROL, "export", channel_id=thread)
    answer = private(calls)
    assert set(answer.files) == {f"match-{match_id}.txt", f"match-{match_id}.gif"}
    text = answer.files[f"match-{match_id}.txt"].decode()
    assert "alice" in text and "bob" in text
    match = await bot.service.queries.get_match(match_id)
    assert replay_export(text) == match.public_view()
    assert answer.files[f"match-{match_id}.gif"].startswith(b"GIF8")
    by_number = private(await fake.slash(CAROL, "export", match=match_id))
    assert set(by_number.files) == set(answer.files)
    missing = await fake.slash(CAROL, "export", match=99)
    assert not missing[-1].files and "99" in missing[-1].content


@pytest.mark.asyncio
async def test_export_and_history_in_a_finished_matchs_thread(env):
    fake, bot, match_id, thread = env
    running = private(await fake.slash(CAROL, "history", channel_id=thread)).content
    assert running.startswith(f"Match #{match_id}, Skift. ") and "\n1. " in running
    await fake.slash(ALICE, "resign", channel_id=thread)
    await fake.click(ALICE, fake.last_message(thread, ephemeral=True)["id"], "sc:match:1:resign")
    assert not (await bot.service.queries.get_match(match_id)).active
    exported = private(await fake.slash(CAROL, "export", channel_id=thread))
    assert set(exported.files) == {f"match-{match_id}.txt", f"match-{match_id}.gif"}
    assert "(any Shiftcord can replay it now)" in exported.content
    assert "Result: won by bob (member 43)" in exported.files[f"match-{match_id}.txt"].decode()
    moves = private(await fake.slash(CAROL, "history", channel_id=thread)).content
    assert moves.startswith(f"Match #{match_id}, Skift. ") and f"<@{BOB}> (" in moves
    assert moves.splitlines()[1].startswith("1. ") and "won.**" in moves
    listed = private(await fake.slash(CAROL, "history", channel_id=thread, game="skift")).content
    assert listed.startswith(f"#{match_id} Skift, ")  # a filter lists, as anywhere else
    nowhere = await fake.slash(CAROL, "export")  # the games channel: no match was played there
    assert [c.kind for c in nowhere] == ["callback", "followup"] and not nowhere[-1].files
    assert nowhere[-1].ephemeral and nowhere[-1].content == (
        "No match has been played here: give the match's number, as in `/export match:12` "
        "(`/history` lists the finished ones)."
    )


@pytest.mark.asyncio
async def test_standings_stats_and_rules(env):
    fake, bot, match_id, thread = env
    empty = private(await fake.slash(CAROL, "standings", game="skift")).content
    assert "Nobody has finished a rated Skift match" in empty
    await fake.slash(ALICE, "draw offer", channel_id=thread)
    await fake.slash(BOB, "draw accept", channel_id=thread)
    table = private(await fake.slash(CAROL, "standings", game="skift")).content
    assert table.startswith("**Skift standings**") and f"<@{ALICE}>" in table
    stats = private(await fake.slash(CAROL, "stats", member=BOB)).content
    assert "Skift: rating" in stats and "1 drawn" in stats
    skift = await fake.slash(CAROL, "rules", game="skift")  # too long for one message
    assert [c.kind for c in skift] == ["callback", "followup", "followup"]
    summary, notation = skift[1:]
    assert summary.ephemeral and notation.ephemeral and not summary.files
    assert summary.content.startswith("**Skift** (2 players)\nNine 2x2 tiles")
    assert "- layout (rulings; default rulings): Start position" in summary.content
    assert "**How to type moves**\nSquares are named" in summary.content
    assert set(notation.files) == {"skift-example.png"}
    assert notation.json["attachments"][0]["description"]
    unknown = await fake.slash(CAROL, "rules", game="chess")
    assert [c.kind for c in unknown] == ["callback", "followup"] and unknown[-1].ephemeral
    assert unknown[-1].content == (
        f"There is no game called 'chess'; choose one of: {', '.join(games.names())}."
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("game", games.names())
async def test_rules_tell_how_to_type_moves(env, game):
    """`/rules` answers every game with its own help on typing moves, every example
    included, in messages within Discord's limit that never cut a code block in two."""
    fake, *_ = env
    calls = await fake.slash(CAROL, "rules", game=game)
    answers = calls[1:]
    assert answers and all(c.ephemeral and len(c.content) <= 2000 for c in answers)
    assert all(c.content.count("```") % 2 == 0 for c in answers)
    assert [bool(c.files) for c in answers] == [False] * (len(answers) - 1) + [True]
    said = "\n".join(c.content for c in answers)
    assert "**How to type moves**" in said
    help_lines = games.get(game).kind.notation_help.split("\n")
    examples = [line for line in help_lines if line.startswith("- `")]
    assert len(examples) >= 4
    assert all(example.split(":")[0] in said for example in examples)


@pytest.mark.asyncio
async def test_settings_vacation(env):
    fake, bot, match_id, thread = env
    shown = private(await fake.slash(ALICE, "settings show")).content
    assert "Reminders: on." in shown and "Vacation days left this year: 30." in shown
    calls = await fake.slash(ALICE, "settings vacation", days=5)
    away = next(c for c in calls if c.kind == "followup").content
    assert "On vacation until <t:" in away and "left this year: 30" in away  # none spent yet
    told = fake.last_message(thread)  # the opponent is told in the thread (no ping)
    assert f"<@{ALICE}> is on vacation until" in told["content"] and told["flags"] == 0
    calls = await fake.slash(ALICE, "settings vacation", days=0)
    assert "On vacation" not in next(c for c in calls if c.kind == "followup").content
    assert "is back from vacation" in fake.last_message(thread)["content"]
    too_long = await fake.slash(BOB, "settings vacation", days=300)
    assert too_long[-1].ephemeral and "Vacation days left" not in too_long[-1].content


@pytest.mark.asyncio
async def test_admin_commands_need_manage_server(env):
    fake, bot, match_id, thread = env
    for command, options in [
        ("admin cancel", {"match": match_id}),
        ("admin clock", {"clock": "5d"}),
        ("admin channel", {}),
        ("admin show", {}),
    ]:
        calls = await fake.slash(ALICE, command, **options)
        assert [c.kind for c in calls] == ["callback", "followup"], command
        assert calls[0].ephemeral, command
        assert calls[-1].content == "Only members who may manage the server can use this command."
    assert (await bot.service.queries.get_match(match_id)).active


@pytest.mark.asyncio
async def test_admin_defaults_and_cancel(env):
    fake, bot, match_id, thread = env
    shown = private(await fake.slash(MOD, "admin clock", clock="5d")).content
    assert "Default clock: 5 days per move." in shown
    shown = private(await fake.slash(MOD, "admin channel", channel=LOBBY_CHANNEL)).content
    assert f"Challenges: <#{LOBBY_CHANNEL}>." in shown
    await fake.slash(CAROL, "challenge", game="skift", opponent=ALICE, channel_id=LOBBY_CHANNEL)
    challenge = (await bot.service.challenges.pending_challenges(guild_id=fake.guild_id))[0]
    assert challenge.rules.clock_hours == 120
    shown = private(await fake.slash(MOD, "admin channel")).content
    assert "Challenges: any channel." in shown
    shown = private(await fake.slash(MOD, "admin show")).content
    assert shown == (
        "Default clock: 5 days per move. Challenges: any channel. Pictures: the default theme. "
        "Late turns: the match ends by itself (a challenge may choose claims instead). "
        "Weekends: clocks run through them. Vacation: 30 days a year per member. "
        "Public posts are written in English, the server's language on Discord."
    )
    calls = await fake.slash(MOD, "admin cancel", match=match_id)
    post = next(c for c in calls if c.kind == "send_message")
    assert post.path == f"/channels/{thread}/messages" and "cancelled the match" in post.content
    match = await bot.service.queries.get_match(match_id)
    assert match.status == "cancelled" and not match.result.rated
    again = await fake.slash(MOD, "admin cancel", match=match_id)
    assert again[-1].ephemeral and "send_message" not in [c.kind for c in again]


@pytest.mark.asyncio
async def test_cancel_is_done_even_when_the_thread_is_gone(env):
    fake, bot, match_id, thread = env
    del fake.channels[thread]  # deleted on Discord's side; the bot's cache still has it
    calls = await fake.slash(MOD, "admin cancel", match=match_id)
    assert [c.kind for c in calls] == ["callback", "send_message", "followup"]
    assert calls[-1].ephemeral and calls[-1].content == (
        "Match #1 is cancelled. I could not post it in the match's thread, though: it is "
        "gone, or I cannot see it."
    )
    assert (await bot.service.queries.get_match(match_id)).status == "cancelled"


@pytest.mark.asyncio
async def test_match_numbers_are_suggested_and_bounded(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock) as bot:
        first, _ = await start_match(fake, ALICE, BOB)
        await bot.service.play.cancel_match(first, fake.guild_id, MOD)
        second, _ = await start_match(fake, ALICE, CAROL)
        mine = await fake.autocomplete(ALICE, "export", "match", match="")
        assert [c["value"] for c in mine] == [second, first]  # active first, then ended
        assert mine[0]["name"].startswith(f"#{second} Skift, move 1:")
        assert await fake.autocomplete(DAVE, "export", "match", match="") == []
        admin = await fake.autocomplete(MOD, "admin cancel", "match", match=str(second))
        assert [c["value"] for c in admin] == [second]
        huge = await fake.slash(ALICE, "export", match=2**63)
        assert huge[-1].ephemeral and "Something went wrong" not in huge[-1].content
        clock_text = await fake.slash(ALICE, "challenge", game="skift", clock="9" * 4301)
        refusal = clock_text[-1]
        assert refusal.ephemeral and "I cannot read the clock '9999" in refusal.content
        assert len(refusal.content) < 200


@pytest.mark.asyncio
async def test_a_move_that_ends_a_vacation_tells_the_opponents(env):
    fake, bot, match_id, thread = env
    mover = (await bot.service.queries.get_match(match_id)).to_act
    await fake.slash(mover, "settings vacation", days=5)
    assert "is on vacation until" in fake.last_message(thread)["content"]
    legal = await bot.service.play.legal_moves(match_id, mover, "", 1)
    await fake.slash(mover, "move", channel_id=thread, notation=legal[0].notation)
    back = [m["content"] for m in fake.messages_in(thread) if "back from vacation" in m["content"]]
    assert back == [f"<@{mover}> is back from vacation; their clocks run again."]
    assert (await bot.service.settings.member_settings(mover)).vacation is None
