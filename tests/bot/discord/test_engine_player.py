"""The bot as a player through the real bot and the fake Discord: whole matches against it
in every game (a table of three bots too), its hand kept secret, a restart while it thinks,
its worker processes ending with the bot, and its ratings per level in /standings.

The bot thinks in real worker processes, with a tiny search budget so the matches stay
quick (the levels' strength is the benchmark's business, not the tests')."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

import ai
from bot.match.engine_seats import engine_member
from bot.presentation import pictures
from tests.bot.discord.test_shifting_stones import public, shows
from tests.bot.discord_harness import (
    ALICE,
    BOB,
    FakeClock,
    FakeDiscord,
    custom_ids,
    running_bot,
    settings_for,
)

#: A search of a few simulated games: enough to play, quick on a busy machine.
TINY = ai.Budget(iterations=8, seconds=0.05, lookahead=0, playout_plies=4)


@pytest.fixture(autouse=True)
def short_replays(monkeypatch):
    """Replays of few frames: their bound is tested elsewhere."""
    monkeypatch.setattr(pictures, "REPLAY_FRAMES", 20)


@contextlib.asynccontextmanager
async def on_discord(tmp_path, seed: int = 0):
    """The bot on the fake Discord, thinking with a tiny budget in one worker process."""
    fake, clock = FakeDiscord(), FakeClock()
    async with running_bot(fake, settings_for(tmp_path, bot_workers=1), clock, seed=seed) as bot:
        yield fake, tiny(bot)


def tiny(bot, budget: ai.Budget = TINY):
    """The bot of a test, thinking with `budget` in one worker process."""
    bot.engine_player.budget = budget
    return bot


async def settle(fake, bot) -> None:
    """Wait until the bot has done what it owes and posted it."""
    await bot.engine_player.idle()
    await fake.drain()


async def challenge_bot(fake, bot, game: str, **options) -> tuple[int, int]:
    """Alice challenges the bot with /challenge; the match starts at once. Returns (match
    id, thread id)."""
    calls = await fake.slash(ALICE, "challenge", game=game, **options)
    assert calls[-1].content.startswith("Your match has started in"), calls[-1].content
    await settle(fake, bot)
    thread = int(fake.threads()[-1]["id"])
    match = await bot.service.queries.match_in_channel(thread)
    return match.id, thread


async def alices_move(bot, match, rng: random.Random) -> str:
    """A quick player: in Shifting Stones score when a card scores, else one change, then
    end; elsewhere a random legal move."""
    legal = [c.notation for c in await bot.service.play.legal_moves(match.id, ALICE, "", 500)]
    if match.game != "shifting-stones":
        return rng.choice(legal)
    scoring = [n for n in legal if n.startswith("score")]
    changes = [n for n in legal if n.startswith(("shift", "flip"))]
    if scoring:
        return scoring[0]
    if changes and match.ply == match.turn_ply:
        return rng.choice(changes)
    return "end" if "end" in legal else rng.choice(legal)


async def play_out(fake, bot, match_id: int, thread: int) -> list:
    """Alice plays until the match ends, the bot answering each of her moves; after every
    one, the bot's posts ping Alice when her turn comes (and nobody else). Returns the
    bot's posts."""
    rng = random.Random(match_id)
    posts = []
    for _ in range(400):
        match = await bot.service.queries.get_match(match_id)
        if not match.active:
            return posts
        assert match.to_act == ALICE, "the bot left a move undone"
        assert match.deadline is not None  # Alice's clock runs
        before = len(fake.calls)
        await fake.slash(
            ALICE, "move", channel_id=thread, notation=await alices_move(bot, match, rng)
        )
        await settle(fake, bot)
        calls = fake.calls[before:]
        after = await bot.service.queries.get_match(match_id)
        mine = [c for c in calls if c.kind == "send_message" and "Shiftcord (" in c.content[:30]]
        for post in mine:
            pinged = post.json["allowed_mentions"]["users"]
            assert set(pinged) <= {ALICE}, pinged  # a bot seat is never pinged
        if mine and after.active and after.to_act == ALICE and after.turn_ply == after.ply:
            assert mine[-1].json["allowed_mentions"]["users"] == [ALICE]
        if after.active and after.to_act != ALICE:
            assert after.deadline is None  # the bot's clock never runs
        posts += mine
    raise AssertionError("the match does not end")


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["skift", "shifty", "shiftago"])
async def test_a_whole_match_against_the_bot(tmp_path, game):
    async with on_discord(tmp_path, seed=1) as (fake, bot):
        match_id, thread = await challenge_bot(fake, bot, game, opponent=fake.bot_id, level="hard")
        match = await bot.service.queries.get_match(match_id)
        assert sorted(match.members) == [engine_member("hard"), ALICE]
        assert [s.bot_level for s in match.seats if s.member_id < 0] == ["hard"]
        first = fake.messages_in(thread)
        assert "Shiftcord (hard)" in first[0]["content"] and "<@-" not in json.dumps(first)
        posts = await play_out(fake, bot, match_id, thread)
        ended = await bot.service.queries.get_match(match_id)
        assert ended.result is not None and ended.result.how == "game"
        assert posts and all("board.png" in p.files for p in posts if "played" in p.content)
        assert {c.member_id for c in ended.result.rating_changes} == {ALICE, engine_member("hard")}
        standings = await fake.slash(BOB, "standings", game=game)
        assert "Shiftcord (hard)" in standings[-1].content


@pytest.mark.asyncio
async def test_a_table_of_three_bots_rates_each_level_once(tmp_path):
    async with on_discord(tmp_path, seed=2) as (fake, bot):
        match_id, thread = await challenge_bot(fake, bot, "shiftago", bots=3, level="easy")
        match = await bot.service.queries.get_match(match_id)
        bots = [m for m in match.members if m < 0]
        assert len(match.seats) == 4 and len(set(bots)) == 3  # three seats told apart
        assert {s.bot_level for s in match.seats if s.member_id < 0} == {"easy"}
        await play_out(fake, bot, match_id, thread)
        ended = await bot.service.queries.get_match(match_id)
        assert ended.result is not None
        result = next(c.content for c in fake.calls if "\nRatings: " in c.content)
        ratings = result.split("\nRatings: ")[1]  # one change per rating moved
        assert ratings.count("Shiftcord (easy)") == 1 and ratings.count("→") == 2, ratings
        assert any(c.content.startswith("Shiftcord (easy) 2 played") for c in fake.calls)
        standings = (await fake.slash(ALICE, "standings", game="shiftago"))[-1].content
        assert standings.count("Shiftcord (easy)") == 1 and "1 played" in standings
        assert "<@-" not in standings


def kept(before, after, seat: int) -> list[str]:
    """The cards `seat` held all through a round, from `before` to `after`, that have no
    twin in the deck (a twin may be shown when another player plays it). Without a
    reshuffle in between, such a card was never played (shown) in the round."""
    if after.state.shuffles != before.state.shuffles:
        return []
    ids = set(before.state.hands[seat]) & set(after.state.hands[seat]) - {None}
    every = [card.words() for card in after.state.cards]
    return [every[i] for i in sorted(ids) if every.count(every[i]) == 1]


@pytest.mark.asyncio
async def test_the_bots_hand_never_reaches_a_public_request(tmp_path):
    async with on_discord(tmp_path, seed=3) as (fake, bot):
        match_id, thread = await challenge_bot(
            fake, bot, "shifting-stones", opponent=fake.bot_id, level="medium"
        )
        match = await bot.service.queries.get_match(match_id)
        seat = match.seat_of(engine_member("medium"))
        assert seat is not None and kept(match, match, seat)
        assert not any(shows(public(fake.calls), card) for card in kept(match, match, seat))
        rounds = 0
        rng = random.Random(7)
        while (match := await bot.service.queries.get_match(match_id)).active:
            before = len(fake.calls)
            notation = await alices_move(bot, match, rng)
            await fake.slash(ALICE, "move", channel_id=thread, notation=notation)
            await settle(fake, bot)
            after = await bot.service.queries.get_match(match_id)
            shown = public(fake.calls[before:])
            assert not any(shows(shown, card) for card in kept(match, after, seat))
            rounds += 1
            assert rounds < 400, "the match does not end"
        assert match.result is not None and rounds > 5
        assert not any(c.kind == "create_dm" for c in fake.calls)  # nobody was sent its hand


@pytest.mark.asyncio
async def test_a_move_pending_at_a_stop_is_made_once_after_the_restart(tmp_path):
    fake, clock = FakeDiscord(), FakeClock()
    settings = settings_for(tmp_path, bot_workers=1)
    slow = ai.Budget(iterations=10**7, seconds=0.8, lookahead=0, playout_plies=4)
    async with running_bot(fake, settings, clock, seed=4) as bot:
        tiny(bot)
        match_id, thread = await challenge_bot(fake, bot, "skift", opponent=fake.bot_id)
        match = await bot.service.queries.get_match(match_id)
        if match.to_act != ALICE:  # the bot moved first: answer it
            await play_one(fake, bot, match, thread)
        tiny(bot, slow)
        match = await bot.service.queries.get_match(match_id)
        legal = await bot.service.play.legal_moves(match_id, ALICE, "", 1)
        await fake.slash(ALICE, "move", channel_id=thread, notation=legal[0].notation)
        assert bot.engine_player.busy()  # thinking in its worker as the bot stops
    async with running_bot(fake, settings, clock, seed=4) as bot:
        stopped = await bot.service.queries.get_match(match_id)
        assert stopped.to_act == engine_member("medium") and stopped.ply == match.ply + 1
        tiny(bot)
        posted = len(fake.messages_in(thread))
        await bot.reminders.run_once()  # the first round at start-up: the sweep
        await settle(fake, bot)
        await bot.reminders.run_once()  # a second round finds nothing more to do
        await settle(fake, bot)
        moved = await bot.service.queries.get_match(match_id)
    assert moved.ply == stopped.ply + 1 and moved.to_act == ALICE
    new = fake.messages_in(thread)[posted:]
    assert [m["content"].startswith("Shiftcord (medium) played") for m in new] == [True]


async def play_one(fake, bot, match, thread: int) -> None:
    """Let the bot make its owed move."""
    bot.engine_player.notice(match)
    await settle(fake, bot)


@pytest.mark.asyncio
async def test_the_worker_processes_end_with_the_bot(tmp_path):
    async with on_discord(tmp_path) as (fake, bot):
        await challenge_bot(fake, bot, "shiftago", opponent=fake.bot_id, level="easy")
        pool = bot.engine_player._pool
        assert pool is not None  # it thought its first move there
        workers = list(pool._processes.values())
        assert workers and all(p.is_alive() for p in workers)
    assert bot.engine_player._pool is None
    assert all(not p.is_alive() and p.exitcode == 0 for p in workers)


async def finished_against_bot(fake, bot) -> tuple[int, dict]:
    """Alice's Shiftago match against the bot, played out: its number and its result's
    message (with the Rematch button)."""
    match_id, thread = await challenge_bot(fake, bot, "shiftago", opponent=fake.bot_id)
    await play_out(fake, bot, match_id, thread)
    result = next(
        m for m in reversed(fake.messages_in(thread)) if f"sc:rematch:{match_id}" in custom_ids(m)
    )
    return match_id, result


@pytest.mark.asyncio
async def test_a_rematch_against_the_bot_starts_at_once(tmp_path):
    async with on_discord(tmp_path, seed=5) as (fake, bot):
        match_id, result = await finished_against_bot(fake, bot)
        calls = await fake.click(ALICE, result["id"], f"sc:rematch:{match_id}")
        await settle(fake, bot)
        assert calls[-1].content.startswith("Your rematch has started in")
        again = await bot.service.queries.match_in_channel(int(fake.threads()[-1]["id"]))
        assert again.id != match_id and set(again.members) == {ALICE, engine_member("medium")}
        assert again.to_act == ALICE  # the bot made its first move if it had it


@pytest.mark.asyncio
async def test_a_rematch_against_the_bot_discord_did_not_post_can_be_asked_again(tmp_path):
    """The rematch's challenge cannot be posted: the match it started is cancelled, and
    the Rematch button asks again (a new press), not "already asked"."""
    async with on_discord(tmp_path, seed=5) as (fake, bot):
        match_id, result = await finished_against_bot(fake, bot)
        threads = len(fake.threads())
        fake.unreachable_channels.add(fake.channel_id)
        calls = await fake.click(ALICE, result["id"], f"sc:rematch:{match_id}")
        fake.unreachable_channels.clear()
        assert calls[-1].content.startswith("Discord did not take the message of challenge #2")
        cancelled = await bot.service.queries.get_match(
            (await bot.service.challenges.get_challenge(2)).match_id
        )
        assert cancelled.status == "cancelled" and len(fake.threads()) == threads
        calls = await fake.click(ALICE, result["id"], f"sc:rematch:{match_id}")
        await settle(fake, bot)
        assert calls[-1].content.startswith("Your rematch has started in")


@pytest.mark.asyncio
async def test_the_bot_answers_again_after_granting_a_takeback(tmp_path):
    """Alice moves, the easy bot answers; she takes both back and plays her move again:
    the bot answers again, in the thread."""
    async with on_discord(tmp_path, seed=6) as (fake, bot):
        match_id, thread = await challenge_bot(
            fake, bot, "skift", opponent=fake.bot_id, level="easy"
        )
        match = await bot.service.queries.get_match(match_id)
        if match.to_act != ALICE:  # the bot moved first: answer it
            await play_one(fake, bot, match, thread)
        legal = await bot.service.play.legal_moves(match_id, ALICE, "", 1)
        await fake.slash(ALICE, "move", channel_id=thread, notation=legal[0].notation)
        await settle(fake, bot)
        replied = await bot.service.queries.get_match(match_id)
        assert replied.to_act == ALICE
        await fake.slash(ALICE, "takeback ask", channel_id=thread)
        await settle(fake, bot)
        taken = await bot.service.queries.get_match(match_id)
        assert taken.to_act == ALICE and taken.ply == replied.ply - 2
        posted = len(fake.messages_in(thread))
        await fake.slash(ALICE, "move", channel_id=thread, notation=legal[0].notation)
        await settle(fake, bot)
        after = await bot.service.queries.get_match(match_id)
        assert after.to_act == ALICE and after.ply == replied.ply
        new = [m["content"] for m in fake.messages_in(thread)[posted:]]
        assert [c.startswith("Shiftcord (easy) played") for c in new][-2:] == [False, True]


@pytest.mark.asyncio
async def test_the_thread_says_when_master_is_thinking(tmp_path):
    async with on_discord(tmp_path, seed=1) as (fake, bot):
        match_id, thread = await challenge_bot(
            fake, bot, "skift", opponent=fake.bot_id, level="master"
        )
        match = await bot.service.queries.get_match(match_id)
        assert match.to_act == ALICE  # the bot moved first if it was to, and said so
        before = len(fake.calls)
        notation = await alices_move(bot, match, random.Random(1))
        await fake.slash(ALICE, "move", channel_id=thread, notation=notation)
        posted = [c.content for c in fake.calls[before:] if c.kind == "send_message"]
        seat = match.seat_name(match.seat_of(engine_member("master")))
        thinking = f"Shiftcord (master) ({seat}) is thinking about its move"
        assert any(thinking in text for text in posted), posted
        await settle(fake, bot)
        after = await bot.service.queries.get_match(match_id)
        assert after.to_act == ALICE and after.ply == match.ply + 2  # and then it moved
        last = fake.messages_in(thread)[-1]["content"]
        assert "is thinking" not in last and "to move" in last


@pytest.mark.asyncio
async def test_a_hint_to_the_player_alone_in_casual_matches_only(tmp_path):
    async with on_discord(tmp_path, seed=1) as (fake, bot):
        casual_id, casual = await challenge_bot(
            fake, bot, "skift", opponent=fake.bot_id, level="easy", rated=False
        )
        match = await bot.service.queries.get_match(casual_id)
        calls = await fake.slash(ALICE, "hint", channel_id=casual)
        hint = calls[-1]
        assert hint.ephemeral and hint.content.startswith(f"Hint for match #{casual_id}: `")
        notation = hint.content.split("`")[1]
        assert match.state.parse_move(notation) in match.state.legal_moves()
        assert [c for c in calls if c.kind == "send_message"] == []  # nothing in the thread

        rated_id, rated = await challenge_bot(fake, bot, "skift", opponent=fake.bot_id)
        before = (await bot.service.queries.get_match(rated_id)).version
        calls = await fake.slash(ALICE, "hint", channel_id=rated)
        assert calls[-1].ephemeral and calls[-1].content == (
            f"Match #{rated_id} is rated, so the bot gives no hints in it: hints are for "
            "casual and solo matches."
        )
        assert (await bot.service.queries.get_match(rated_id)).version == before
        calls = await fake.slash(BOB, "hint", channel_id=casual)
        assert calls[-1].ephemeral and "You are not playing in match" in calls[-1].content
