"""/analysis and the Analysis button end to end: refused privately while the match runs,
under the result once it ended, answered privately ("analysing...", then the words, the
chart and the swings' boards), and from the store at once, even after a restart."""

from __future__ import annotations

import pytest

from bot.match.actions import MOVE
from tests.bot.discord.test_rematch import public, resign
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    FakeClock,
    FakeDiscord,
    all_disabled,
    custom_ids,
    running_bot,
    settings_for,
    start_match,
)
from tests.bot.service.test_engine_player import TINY
from tests.bot.service_fixtures import request


async def play_moves(service, match_id: int, count: int) -> None:
    """Each player to act plays their first legal move, `count` times."""
    for _ in range(count):
        match = await service.queries.get_match(match_id)
        notation = match.state.format_move(match.state.legal_moves()[0])
        await service.play.act(match_id, match.to_act, request(MOVE, notation, ply=match.ply))


@pytest.mark.asyncio
async def test_analysis_under_the_result_privately_and_kept_after_a_restart(tmp_path):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        assert bot.engine_player is not None
        bot.engine_player.budget = TINY
        match_id, thread = await start_match(fake, ALICE, BOB, rated=False)
        await play_moves(bot.service, match_id, 4)
        refused = await fake.slash(ALICE, "analysis", match=match_id, channel_id=thread)
        assert refused[-1].ephemeral and refused[-1].content == (
            f"Match #{match_id} is still being played: the bot analyses a match only once "
            "it is over."
        )
        assert not any(f"sc:analysis:{match_id}" in custom_ids(m) for m in public(fake, thread))
        await resign(fake, ALICE, match_id, thread)
        result = next(m for m in public(fake, thread) if "resigned" in m["content"])
        button = f"sc:analysis:{match_id}"
        assert button in custom_ids(result) and not all_disabled(result)
        calls = await fake.click(CAROL, result["id"], button)  # anyone may look
        said = [c for c in calls if c.content]
        assert said[0].ephemeral and said[0].content.startswith(
            f"Analysing match #{match_id}: this takes about "
        )
        final = calls[-1]
        assert final.kind == "edit_original"
        assert final.content.startswith(
            f"The bot's estimate of each player's chance after every move of match #{match_id}."
        )
        assert "Where the estimate swung most:" in final.content
        names = sorted(final.files)
        assert len(names) == 4 and any("analysis.png" in n for n in names)  # chart, 3 boards
        assert all(data.startswith(b"\x89PNG") for data in final.files.values())
    async with running_bot(fake, settings, clock) as bot:  # the button outlives a restart
        assert bot.engine_player is not None
        bot.engine_player.budget = TINY  # the same budget: the kept analysis is today's
        again = await fake.click(BOB, result["id"], button)
        assert not any("Analysing" in c.content for c in again)  # kept: no thinking
        assert again[-1].ephemeral and again[-1].content == final.content
        assert len(again[-1].files) == 4
        asked = await fake.slash(BOB, "analysis", match=match_id, channel_id=thread)
        assert asked[-1].ephemeral and asked[-1].content == final.content


@pytest.mark.asyncio
async def test_a_match_ended_before_any_move_has_its_analysis_button_greyed_out(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path), clock):
        match_id, thread = await start_match(fake, ALICE, BOB)
        await fake.slash(ALICE, "abort", channel_id=thread)
        result = next(m for m in public(fake, thread) if f"sc:analysis:{match_id}" in custom_ids(m))
        assert all_disabled(result)  # nothing to analyse: the button can do nothing
        asked = await fake.slash(BOB, "analysis", match=match_id, channel_id=thread)
        assert asked[-1].ephemeral and asked[-1].content == (
            f"Match #{match_id} ended before any move was played: there is nothing to analyse."
        )


@pytest.mark.asyncio
async def test_a_german_members_analysis_of_a_stones_match_names_the_players_in_german(tmp_path):
    """The analysis speaks the asker's language and names the seats of a game whose seats
    are only numbered by their members, in its words and its pictures' descriptions."""
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    fake.locales[CAROL] = "de"
    async with running_bot(fake, settings, clock) as bot:
        assert bot.engine_player is not None
        bot.engine_player.budget = TINY
        match_id, thread = await start_match(fake, ALICE, BOB, game="shifting-stones", rated=False)
        await play_moves(bot.service, match_id, 6)
        await resign(fake, ALICE, match_id, thread)
        calls = await fake.slash(CAROL, "analysis", match=match_id, channel_id=thread)
        final = calls[-1]
        assert "Wo die Einschätzung am stärksten schwankte:" in final.content, final.content
        assert "<member:" not in final.content and "Player" not in final.content
        described = [a["description"] for a in final.json["attachments"]]
        assert described and not any("<member:" in d or "Player " in d for d in described)
