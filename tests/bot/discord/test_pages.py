"""Long answers come in pages that each fit a Discord message: a long match's moves, many
matches, a big server's standings; Previous / Next keep working after a restart."""

from __future__ import annotations

import random

import pytest

from bot.match.actions import MOVE, RESIGN
from bot.service import ChallengeRequest
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    running_bot,
    settings_for,
    start_match,
    walk_components,
)
from tests.bot.service_fixtures import act

LIMIT = 2000


def buttons(message: dict) -> dict[str, dict]:
    return {c["label"]: c for c in walk_components(message["components"]) if c.get("type") == 2}


@pytest.mark.asyncio
async def test_the_moves_of_a_long_match_come_in_pages(tmp_path):
    fake, clock, settings = FakeDiscord(), FakeClock(), settings_for(tmp_path)
    async with running_bot(fake, settings, clock) as bot:
        match_id, thread = await start_match(fake, ALICE, BOB, game="shifting-stones")
        service, rng = bot.service, random.Random(3)
        while (match := await service.queries.get_match(match_id)).ply < 600:
            state = match.state
            notation = state.format_move(rng.choice(state.legal_moves()))
            await act(service, match_id, match.to_act, MOVE, notation)
        answer = (await fake.slash(ALICE, "history", match=match_id))[-1]
        assert len(answer.content) <= LIMIT and "\n1. " in answer.content
        pages = int(answer.content.rsplit(" of ", 1)[1].rstrip(")"))
        assert pages > 3 and answer.content.endswith(f"(page 1 of {pages})")
        shown = fake.last_message(fake.channel_id, ephemeral=True)
        assert shown["content"] == answer.content
        assert buttons(shown)["Previous"]["disabled"] and not buttons(shown)["Next"].get("disabled")
    async with running_bot(fake, settings, clock) as bot:  # the buttons after a restart
        calls = await fake.click(ALICE, shown["id"], buttons(shown)["Next"]["custom_id"])
        # acknowledged first, then the same message edited: now page 2
        assert [c.kind for c in calls] == ["callback", "edit_original"]
        assert calls[0].json["type"] == 6 and calls[1].path.endswith("/messages/@original")
        second = calls[1].json["content"]
        assert second.endswith(f"(page 2 of {pages})") and len(second) <= LIMIT
        assert second.startswith(f"Match #{match_id}, Shifting Stones.")  # what it lists
        last = (await fake.slash(ALICE, "history", match=match_id, page=999))[-1].content
        ended = await bot.service.queries.get_match(match_id)
        turns = ended.turns + (ended.ply > ended.turn_ply)  # a line a turn, not a move
        assert last.endswith(f"(page {pages} of {pages})") and f"\n{turns}. " in last
        await act(bot.service, match_id, match.to_act, RESIGN)


@pytest.mark.asyncio
async def test_many_matches_and_a_big_table_come_in_pages(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    settings = settings_for(tmp_path, max_active_matches=60, challenge_cooldown_minutes=0)
    async with running_bot(fake, settings, clock) as bot:
        service = bot.service
        for number in range(40):
            posted = await service.challenges.create_challenge(
                ChallengeRequest(
                    fake.guild_id, fake.channel_id, ALICE, "skift", opponents=[10_000 + number]
                )
            )
            await service.challenges.accept_challenge(posted.id, 10_000 + number)
        mine = (await fake.slash(ALICE, "matches"))[-1].content
        assert len(mine) <= LIMIT and mine.endswith(")") and "(page 1 of " in mine
        for number in range(40, 100):
            posted = await service.challenges.create_challenge(
                ChallengeRequest(
                    fake.guild_id, fake.channel_id, 20_000 + number, "skift", opponents=[ALICE]
                )
            )
            match = (await service.challenges.accept_challenge(posted.id, ALICE)).match
            await act(service, match.id, 20_000 + number, RESIGN)
        table = (await fake.slash(ALICE, "standings", game="skift"))[-1].content
        assert len(table) <= LIMIT and table.startswith("**Skift standings**")
        count = int(table.rsplit(" of ", 1)[1].rstrip(")"))
        last = (await fake.slash(ALICE, "standings", game="skift", page=count))[-1].content
        assert last.startswith("**Skift standings**") and "61." in last  # all 61 players
