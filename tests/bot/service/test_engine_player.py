"""The bot as a player in the match service: its seats and levels, its clock that never
runs, its answers to draw offers and takebacks, a duplicate action applied once, and the
bounded queue that the database sweep catches up with."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace

import pytest

import ai
import games
from bot.match import engine_seats
from bot.match.actions import ASK_TAKEBACK, CLAIM, MOVE, OFFER_DRAW
from bot.match.engine_seats import DRAW, duty, engine_member
from bot.match.engine_seats import MOVE as BOT_MOVE
from bot.match.errors import ClockError, PositionChanged
from bot.service import ChallengeRequest, MatchService
from bot.service.engine_player import EnginePlayer, Thought, think
from tests.bot.service_fixtures import CHANNEL, GUILD, act, request, terms

#: A few simulated games, never cut short by the wall clock: the same answer every time.
TINY = ai.Budget(iterations=8, seconds=60.0, lookahead=0, playout_plies=4)
ALICE = 1


async def against(service, level: str, game: str = "skift", **challenge):
    """Alice's challenge to the bot at `level`: the match it started at once."""
    posted = await service.challenges.create_challenge(
        ChallengeRequest(
            GUILD, CHANNEL, ALICE, game, opponents=[engine_member(level)], **terms(**challenge)
        )
    )
    assert posted.match_id is not None  # the bot accepted at once
    return await service.queries.get_match(posted.match_id)


def player(service, updates: list, waiting: int = 10) -> EnginePlayer:
    """A bot player thinking in one worker with a tiny budget, `waiting` matches queued at
    most; its updates in `updates`."""

    async def posted(update) -> None:
        updates.append(update)

    return EnginePlayer(service, posted, workers=1, waiting=waiting, budget=TINY)


async def alice_moves(service, match):
    """Alice plays her first legal move; the match after it."""
    state = match.state
    notation = state.format_move(state.legal_moves()[0])
    return (await service.play.act(match.id, ALICE, request(MOVE, notation, ply=match.ply))).match


def test_bot_seats_name_their_level_and_share_its_rating():
    assert [engine_member(level) for level in engine_seats.LEVELS] == [-1, -2, -3, -101]
    # ids stored before master came keep their level; master's seats are apart
    assert [engine_seats.level_of(m) for m in (-4, -12, -101, -104)] == [
        "easy",
        "hard",
        "master",
        "master",
    ]
    masters = engine_seats.engine_members(["master", "master"])
    assert [engine_seats.engine_name(m) for m in masters] == [
        "Shiftcord (master)",
        "Shiftcord (master) 2",
    ]
    assert {engine_seats.rating_member(m) for m in masters} == {-101}
    assert engine_seats.thinks_long(-101) and not engine_seats.thinks_long(-3)
    seats = engine_seats.engine_members(["easy", "easy", "hard"])
    assert len(set(seats)) == 3 and [engine_seats.level_of(m) for m in seats] == [
        "easy",
        "easy",
        "hard",
    ]
    assert {engine_seats.rating_member(m) for m in seats} == {-1, -3}
    assert [engine_seats.engine_name(m) for m in seats] == [
        "Shiftcord (easy)",
        "Shiftcord (easy) 2",
        "Shiftcord (hard)",
    ] and engine_seats.engine_name(42) is None
    assert engine_seats.rating_member(42) == 42 and engine_seats.people([42, -1, 43]) == [42, 43]
    assert engine_seats.grants_takeback("easy") and not engine_seats.grants_takeback("medium")


def test_the_bot_accepts_a_draw_only_when_clearly_worse_than_even():
    assert engine_seats.accepts_draw(0.4, 2) and engine_seats.accepts_draw(0.1, 2)
    assert not engine_seats.accepts_draw(0.45, 2) and not engine_seats.accepts_draw(0.5, 2)
    assert engine_seats.accepts_draw(0.15, 4) and not engine_seats.accepts_draw(0.2, 4)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("game", "each"), [("skift", 10), ("shiftago", 10), ("shifting-stones", 2)]
)
async def test_the_opening_is_ten_moves_each_or_a_tenth_of_a_games_turns(service, game, each):
    match = await against(service, "hard", game)
    assert engine_seats.in_opening(match)
    assert engine_seats.in_opening(replace(match, turns=2 * each - 1))
    assert not engine_seats.in_opening(replace(match, turns=2 * each))
    owed = engine_seats.Duty(match.id, engine_member("hard"), 1, "hard", DRAW, 0, 0, 0)
    assert engine_seats.ruled_answer(replace(match, turns=2 * each - 1), owed) is False
    assert engine_seats.ruled_answer(replace(match, turns=2 * each), owed) is None  # it thinks


def shiftago(board: list[str], to_act: int) -> str:
    """A two-player Shiftago position as stored, with the marbles off the tray in supply."""
    game = games.get("shiftago")
    data = game.new(2, seed=0, options=game.resolve_options({})).to_json()
    supply = [22 - sum(row.count(colour) for row in board) for colour in "OG"]
    data.update(board=board, turn=to_act, supply=supply, ply=8)
    return json.dumps(game.from_json(data).to_json())


def test_the_bot_judges_a_draw_by_the_position():
    budget = ai.Budget(iterations=60, seconds=60.0, lookahead=1, playout_plies=10)
    orange_wins = [".......", ".......", ".......", ".OOOO..", ".......", "..G.G..", "..G.G.."]
    green_wins = [".......", ".......", ".......", ".GGGG..", ".......", "..O.O..", "..O.O.."]
    for board, to_act, accepts in ((orange_wins, 0, False), (green_wins, 1, True)):
        thought = Thought("shiftago", shiftago(board, to_act), 0, "hard", 1, DRAW, 2, budget)
        assert think(thought) is accepts  # Orange is the bot, on its turn or not


@pytest.mark.asyncio
async def test_a_challenge_against_the_bot_starts_at_once_and_its_clock_never_runs(service, clock):
    match = await against(service, "hard", clock_hours=24)
    (seat,) = [s for s in match.seats if s.member_id == engine_member("hard")]
    assert seat.bot_level == "hard"
    async with service.store.reading() as conn:
        stored = await conn.rows("SELECT member_id, bot_level FROM match_players")
    assert sorted(map(tuple, stored)) == [(engine_member("hard"), "hard"), (ALICE, None)]
    if match.to_act == ALICE:
        match = await alice_moves(service, match)
    assert match.to_act == engine_member("hard") and match.deadline is None
    clock.advance(days=40)
    report = await service.clocks.tick()
    assert not report.reminders and not report.timeouts  # never reminded, never timed out
    with pytest.raises(ClockError, match="no clock running"):
        await act(service, match.id, ALICE, CLAIM)


@pytest.mark.asyncio
async def test_a_duplicate_bot_move_is_applied_once(service):
    match = await against(service, "easy", game="shiftago")
    if match.to_act == ALICE:
        match = await alice_moves(service, match)
    owed = duty(match)
    assert owed is not None and owed.kind == BOT_MOVE and owed.ply == match.ply
    thought = Thought(
        match.game, match.snapshot.text, owed.seat, owed.level, owed.seed, owed.kind, 2, TINY
    )
    move = think(thought)
    assert move == think(thought)  # the same match and ply: the same move
    bot = player(service, [])
    try:
        chosen = await bot._decide(match, owed)  # its id names the duty
    finally:
        await bot.close()
    assert chosen.text == move
    first = await service.play.act(match.id, owed.member_id, chosen)
    again = await service.play.act(match.id, owed.member_id, chosen)  # two processes did the duty
    assert again.repeated and not first.repeated and again.events == first.events
    assert (await service.queries.get_match(match.id)).ply == match.ply + 1
    with pytest.raises(PositionChanged):  # another request chosen at that ply comes too late
        await service.play.act(match.id, owed.member_id, replace(chosen, request_id="bot:other"))


async def alice_just_moved(service, level: str, updates: list) -> tuple[EnginePlayer, object]:
    """A match against the bot where Alice has just moved (the bot has not answered yet,
    as when her next action comes at once)."""
    bot = player(service, updates)
    match = await against(service, level, game="shiftago")
    bot.notice(match)
    await bot.idle()
    match = await alice_moves(service, await service.queries.get_match(match.id))
    return bot, match


@pytest.mark.asyncio
@pytest.mark.parametrize(("level", "granted"), [("easy", True), ("hard", False)])
async def test_the_bot_grants_takebacks_at_easy_only(service, level, granted):
    updates: list = []
    bot, match = await alice_just_moved(service, level, updates)
    try:
        asked = await service.play.act(match.id, ALICE, request(ASK_TAKEBACK, ply=match.ply))
        assert asked.match.proposal is not None
        bot.notice(asked.match)
        await bot.idle()
        record = await service.queries.match_record(match.id)
        kinds = [entry.kind for entry in record.log]
        assert ("takeback" in kinds) is granted
        after = await service.queries.get_match(match.id)
        assert after.proposal is None and after.to_act == ALICE
        assert after.ply == (match.ply - 1 if granted else match.ply + 1)  # else it moved
        answers = [u.action.key for u in updates if u.action.key.startswith("takeback")]
        assert answers == ["takeback-grant" if granted else "takeback-refuse"]
    finally:
        await bot.close()


@pytest.mark.asyncio
@pytest.mark.parametrize(("level", "granted"), [("easy", True), ("hard", False)])
async def test_a_takeback_after_the_bots_reply_takes_back_both_moves(service, level, granted):
    updates: list = []
    bot, match = await alice_just_moved(service, level, updates)
    try:
        bot.notice(match)
        await bot.idle()  # the bot replies at once
        replied = await service.queries.get_match(match.id)
        assert replied.ply == match.ply + 1 and replied.to_act == ALICE
        asked = await service.play.act(match.id, ALICE, request(ASK_TAKEBACK, ply=replied.ply))
        bot.notice(asked.match)
        await bot.idle()
        after = await service.queries.get_match(match.id)
        assert after.proposal is None and after.to_act == ALICE
        if granted:  # her move and the bot's reply are gone: she plays her move again
            assert after.ply == match.ply - 1
            assert after.snapshot.text != replied.snapshot.text
            kinds = [entry.kind for entry in (await service.queries.match_record(match.id)).log]
            assert kinds[-2:] == ["takeback", "takeback"]
        else:
            assert after.ply == replied.ply and after.snapshot.text == replied.snapshot.text
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_the_bot_answers_a_draw_offer_as_it_judges_the_position(service):
    """After the opening (its turns counted as played) the bot thinks about a draw."""
    updates: list = []
    bot, match = await alice_just_moved(service, "medium", updates)
    async with service.store.transaction() as conn:
        await conn.run("UPDATE matches SET turns = 20 WHERE id = ?", (match.id,))
    try:
        offered = await service.play.act(match.id, ALICE, request(OFFER_DRAW, ply=match.ply))
        owed = duty(offered.match)
        assert owed is not None and owed.kind == DRAW
        thought = Thought(
            match.game, match.snapshot.text, owed.seat, owed.level, owed.seed, DRAW, 2, TINY
        )
        accepts = think(thought)
        bot.notice(offered.match)
        await bot.idle()
        after = await service.queries.get_match(match.id)
        assert after.proposal is None
        answers = [u.action.key for u in updates if u.action.key.startswith("draw")]
        assert answers == ["draw-accept" if accepts else "draw-decline"]
        assert (after.result is not None and after.result.draw) is accepts
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_matches_beyond_the_queue_wait_for_the_sweep(service):
    updates: list = []
    bot = player(service, updates, waiting=1)
    try:
        owing = []
        for _ in range(2):
            match = await against(service, "easy", game="shiftago")
            if match.to_act == ALICE:
                match = await alice_moves(service, match)
            owing.append(match.id)
        assert await bot.sweep() == 1 and bot.busy()  # the queue holds one
        bot.notice(await service.queries.get_match(owing[1]))  # beyond the queue: left for later
        await bot.idle()
        assert {u.match.id for u in updates} == {owing[0]}
        assert await bot.sweep() == 1
        await bot.idle()
        assert {u.match.id for u in updates} == set(owing)
        assert await bot.sweep() == 0  # nothing owed: Alice is to act in both
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_a_killed_worker_is_replaced_at_the_next_sweep(service):
    updates: list = []
    bot = player(service, updates)
    try:
        match = await against(service, "easy", game="shiftago")
        if match.to_act != ALICE:
            bot.notice(match)
            await bot.idle()
            match = await service.queries.get_match(match.id)
        pool = bot._executor()
        pool.submit(int).result()  # its worker is up
        for worker in list(pool._processes.values()):
            worker.kill()
            worker.join()
        await alice_moves(service, match)
        assert await bot.sweep() == 1
        await bot.idle()  # the think failed: nothing was played
        assert (await service.queries.get_match(match.id)).to_act != ALICE
        assert await bot.sweep() == 1
        await bot.idle()
        assert (await service.queries.get_match(match.id)).to_act == ALICE and bot._pool is not pool
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_two_processes_on_one_database_make_the_bots_move_once(databases, clock):
    """Two services on one database (as two processes would be) both find the move the
    bot owes; the one that claims it first thinks and plays it, the other leaves it."""
    settings = await databases.settings()
    service = await MatchService.open(settings, clock=clock, rng=random.Random(7))
    other = await MatchService.open(settings, clock=clock, rng=random.Random(8))
    match = await against(service, "easy", game="shiftago")
    if match.to_act == ALICE:
        match = await alice_moves(service, match)
    updates: list = []
    first, second = player(service, updates), player(other, updates)
    try:
        assert (
            len(await service.queries.bot_duties(10))
            == len(await other.queries.bot_duties(10))
            == 1
        )
        thoughts = []
        for bot in (first, second):
            decide = bot._decide

            async def counted(match, owed, decide=decide):
                thoughts.append(owed)
                return await decide(match, owed)

            bot._decide = counted
        await asyncio.gather(first.sweep(), second.sweep())
        await asyncio.gather(first.idle(), second.idle())
        assert len(thoughts) == 1 and len(updates) == 1  # one of them thought, once
        assert (await service.queries.get_match(match.id)).ply == match.ply + 1
    finally:
        await first.close()
        await second.close()
        await other.close()
        await service.close()


@pytest.mark.asyncio
async def test_a_process_plays_the_bot_only_in_the_servers_of_its_shards(databases, clock):
    shard_of_guild = (GUILD >> 22) % 2  # (GUILD is small: shard 0 of 2)
    settings = await databases.settings(shard_count=2)
    elsewhere = await MatchService.open(
        replace(settings, shard_ids=(1 - shard_of_guild,)), clock=clock
    )
    here = await MatchService.open(replace(settings, shard_ids=(shard_of_guild,)), clock=clock)
    try:
        match = await against(here, "easy", game="shiftago")
        if match.to_act == ALICE:
            await alice_moves(here, match)
        assert await elsewhere.queries.bot_duties(10) == []
        assert [d.match_id for d in await here.queries.bot_duties(10)] == [match.id]
    finally:
        await here.close()
        await elsewhere.close()


async def answered(bot: EnginePlayer, service, match):
    """The match once the bot has done what it owes in it."""
    bot.notice(match)
    await bot.idle()
    return await service.queries.get_match(match.id)


@pytest.mark.asyncio
@pytest.mark.parametrize("bot_seats", [1, 2])
async def test_the_bot_moves_again_after_a_takeback_of_its_replies(service, bot_seats):
    """Alice takes back her move and the bots' replies, and plays the same move again:
    the bots reply again (they once owed a move at that ply and made it)."""
    bot = player(service, [])
    try:
        posted = await service.challenges.create_challenge(
            ChallengeRequest(
                GUILD,
                CHANNEL,
                ALICE,
                "shiftago",
                opponents=engine_seats.engine_members(["easy"] * bot_seats),
                seat_order=[ALICE, *engine_seats.engine_members(["easy"] * bot_seats)],
            )
        )
        assert posted.match_id is not None
        match = await alice_moves(service, await service.queries.get_match(posted.match_id))
        replied = await answered(bot, service, match)
        assert replied.to_act == ALICE and replied.ply == match.ply + bot_seats
        asked = await service.play.act(match.id, ALICE, request(ASK_TAKEBACK, ply=replied.ply))
        back = await answered(bot, service, asked.match)
        assert back.to_act == ALICE and back.ply == match.ply - 1
        again = await alice_moves(service, back)
        assert again.ply == match.ply and again.to_act != ALICE
        after = await answered(bot, service, again)
        assert after.to_act == ALICE and after.ply == again.ply + bot_seats
    finally:
        await bot.close()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("proposal", "answer"), [(OFFER_DRAW, "draw-decline"), (ASK_TAKEBACK, "takeback-refuse")]
)
async def test_the_bot_answers_a_proposal_made_again_in_the_same_position(
    service, proposal, answer
):
    updates: list = []
    bot, match = await alice_just_moved(service, "hard", updates)
    try:
        match = await answered(bot, service, match)
        assert match.to_act == ALICE
        for _ in range(2):
            asked = await service.play.act(match.id, ALICE, request(proposal, ply=match.ply))
            after = await answered(bot, service, asked.match)
            assert after.proposal is None and after.ply == match.ply
        assert [u.action.key for u in updates[-2:]] == [answer, answer]
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_the_bot_moves_after_an_undo_within_alices_turn(service):
    """Shifting Stones: Alice undoes a change within her turn, makes it again and ends her
    turn; the bot plays its turn."""
    bot = player(service, [])
    try:
        match = await answered(bot, service, await against(service, "easy", "shifting-stones"))
        assert match.to_act == ALICE
        change = next(
            n
            for n in (match.state.format_move(m) for m in match.state.legal_moves())
            if n.startswith(("shift", "flip"))
        )
        for action, text in ((MOVE, change), (ASK_TAKEBACK, ""), (MOVE, change)):
            match = (await act(service, match.id, ALICE, action, text)).match
        assert match.to_act == ALICE and match.ply == match.turn_ply + 1
        ended = (await act(service, match.id, ALICE, MOVE, "end")).match
        assert ended.to_act != ALICE
        after = await answered(bot, service, ended)
        assert after.to_act == ALICE and after.ply > ended.ply
    finally:
        await bot.close()


async def bot_to_act(service, bot, level: str, bots: int = 1):
    """A Shiftago match of Alice against `bots` bot seats at `level`, played (by `bot`)
    until Alice's turn and then moved by her: the bot seats owe `bots` moves in a row."""
    opponents = engine_seats.engine_members([level] * bots)
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, ALICE, "shiftago", opponents=opponents, **terms())
    )
    match = await service.queries.get_match(posted.match_id)
    if match.to_act != ALICE:
        bot.notice(match)
        await bot.idle()
        match = await service.queries.get_match(match.id)
    return await alice_moves(service, match)


@pytest.mark.asyncio
@pytest.mark.parametrize("level", ["easy", "master"])  # the quick lane and master's own
async def test_the_queue_serves_matches_in_turn_not_one_matchs_many_duties_first(service, level):
    updates: list = []
    bot = player(service, updates)  # one worker a lane: the bot's moves wait in a queue
    try:
        table = await bot_to_act(service, bot, level, bots=3)
        duel = await bot_to_act(service, bot, level)
        updates.clear()
        # The table's first move is thought before the duel's task has read its match on a
        # busy machine; so that the duel is in the queue, that move waits for it to come.
        thinking, asked, duel_asked = bot._in_pool, [], asyncio.Event()

        async def in_line(lane, work, question):
            asked.append(question)
            if len(asked) == 2:
                duel_asked.set()
            answer = await thinking(lane, work, question)
            if len(asked) == 1:
                await duel_asked.wait()
            return answer

        bot._in_pool = in_line
        bot.notice(table)
        bot.notice(duel)
        await bot.idle()
        order = [u.match.id for u in updates]
        assert sorted(order) == sorted([table.id] * 3 + [duel.id])
        assert order.index(duel.id) <= 1  # it queued behind one of the table's moves at most
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_hard_answers_while_master_thinks(service):
    updates: list = []
    bot = player(service, updates)  # a worker for the quick levels, one for master
    try:
        master = await bot_to_act(service, bot, "master")
        hard = await bot_to_act(service, bot, "hard")
        updates.clear()
        async with bot._slow_slots:  # master's lane is busy with a long search
            bot.notice(master)
            bot.notice(hard)
            for _ in range(600):
                if updates:
                    break
                await asyncio.sleep(0.1)
            assert [u.match.id for u in updates] == [hard.id]
            assert (await service.queries.get_match(master.id)).to_act == engine_member("master")
        await bot.idle()
        assert [u.match.id for u in updates] == [hard.id, master.id]
    finally:
        await bot.close()
