"""The bot's analysis of an ended match: the positions judged (a long match sampled), the
moments of largest swing, the moves labelled by what they cost their mover, each seat
judged from its own view where the game hides things, kept with the match so that asking
again thinks no more (made once however many processes are asked at once, and again when
another judge, new weights, judges the game), and refused while it runs."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

import ai
import games
from ai.value import Network, judge_by
from bot.match.actions import RESIGN
from bot.match.errors import NotAllowed
from bot.match.phrases import plain_member
from bot.match.replay import MOVE as LOGGED_MOVE
from bot.presentation.analysis import analysis_text
from bot.presentation.writing import MAX_MESSAGE, Style
from bot.service import analysis as analysis_module
from bot.service.analysis import (
    MOST_POSITIONS,
    Analysis,
    AnalysisQuestion,
    Point,
    analyse,
    sampled,
)
from tests.bot.service.test_engine_player import ALICE, TINY, player
from tests.bot.service.test_hints import BOB, match_of
from tests.bot.service_fixtures import open_service, play_first_legal, request
from tests.games import shifting_stones_helpers


def point(index: int, white: float) -> Point:
    """A judged position of a two-player game where White's chance is `white`."""
    return Point(index, (white, 1 - white), f"m{index}", f"p{index}")


def test_the_swings_are_the_largest_changes_in_the_order_they_happened():
    line = [0.5, 0.55, 0.2, 0.25, 0.9, 0.85, 0.6, 0.62]  # swings: -.35 at 1, +.65 at 3, -.25 at 5
    analysis = Analysis(len(line), tuple(point(i, w) for i, w in enumerate(line)))
    swings = analysis.swings()
    assert [s.before.index for s in swings] == [1, 3, 5]
    assert [round(s.size, 2) for s in swings] == [0.35, 0.65, 0.25]
    assert [s.before.played for s in swings] == ["m1", "m3", "m5"]
    assert Analysis.from_json(analysis.to_json()) == analysis


def test_a_long_match_is_sampled_evenly_from_its_first_position_to_its_last():
    chosen = sampled(5001)
    assert len(chosen) == MOST_POSITIONS and chosen[0] == 0 and chosen[-1] == 5000
    gaps = {b - a for a, b in zip(chosen, chosen[1:], strict=False)}
    assert max(gaps) - min(gaps) <= 1
    assert sampled(7) == list(range(7))


def test_moves_are_labelled_by_the_expected_result_they_cost_their_mover():
    points = (
        Point(0, (0.5, 0.5), "a", "a", 0),  # the bot's own choice: never labelled
        Point(1, (0.52, 0.48), "b", "x", 1),  # Black 0.48 -> 0.13: a blunder
        Point(2, (0.87, 0.13), "c", "y", 0),  # White 0.87 -> 0.65: a mistake
        Point(3, (0.65, 0.35), "d", "z", 1),  # Black 0.35 -> 0.47: gained
        Point(4, (0.53, 0.47), "e", "w", 0),  # White 0.53 -> 0.41: an inaccuracy
        Point(5, (0.41, 0.59), "f", "v", 1),  # Black 0.59 -> 0.52: too little to say
        Point(6, (0.48, 0.52), "g", "u", 0),  # then a sampled gap: not one move's cost
        Point(9, (0.1, 0.9), None, None, None),
    )
    analysis = Analysis(10, points)
    found = analysis.labelled()
    assert [(m.before.index, m.mover, m.label) for m in found] == [
        (1, 1, "blunder"),
        (2, 0, "mistake"),
        (4, 0, "inaccuracy"),
    ]
    assert [round(m.cost, 2) for m in found] == [0.35, 0.22, 0.12]
    assert Analysis.from_json(analysis.to_json()).labelled() == found


@pytest.mark.asyncio
async def test_the_analysis_text_labels_the_costly_moves_and_counts_them(service):
    match = await play_first_legal(service, await match_of(service, "skift", [BOB], rated=False), 2)
    record = await service.queries.match_record(match.id)
    black = match.seat_name(1)
    points = (
        Point(0, (0.5, 0.5), "c3-c4", "c3-c4", 0),
        Point(1, (0.52, 0.48), "d4-d5", "e4-e5", 1),
        Point(2, (0.87, 0.13), None, None, None),
    )
    text = analysis_text(record, Analysis(3, points), PLAIN)
    assert (
        "Moves that cost their player: an inaccuracy 10 points of chance or more, a mistake "
        "20, a blunder 30."
    ) in text
    assert f"{black}: 0 inaccuracies, 0 mistakes, 1 blunder." in text
    assert (
        f"Move 2: `d4-d5`, a blunder by {black}, where the bot preferred `e4-e5`; their "
        "chance went from 48% to 13%."
    ) in text
    calm = (Point(0, (0.5, 0.5), "c3-c4", "b2-b3", 0), Point(1, (0.45, 0.55), None, None, None))
    assert "No move cost its player 10 points of chance or more." in analysis_text(
        record, Analysis(2, calm), PLAIN
    )


#: Members by their plain names, times and channels as they are.
PLAIN = Style(plain_member, str, plain_member)


@pytest.mark.asyncio
async def test_the_analysis_text_fits_one_message_however_many_costly_moves(service):
    match = await play_first_legal(
        service, await match_of(service, "skift", [BOB], rated=False), 39
    )
    record = await service.queries.match_record(match.id)
    long = "x" * 150  # a move's notation as long as a game's may be
    line = [0.1 if i % 2 else 0.9 for i in range(40)]  # a blunder every move
    points = tuple(
        Point(i, (w, 1 - w), f"{long}{i}", f"{long}p{i}", i % 2) for i, w in enumerate(line)
    )
    analysis = Analysis(len(points), points)
    assert len(analysis.labelled()) > 30
    text = analysis_text(record, analysis, PLAIN)
    assert len(text) <= MAX_MESSAGE
    assert text.startswith("The bot's estimate of each player's chance after every move")
    assert f"{match.seat_name(0)}: 0 inaccuracies, 0 mistakes, 20 blunders." in text


def random_question(
    moves: int, game: str = "skift", players: int = 2, budget: ai.Budget = TINY
) -> AnalysisQuestion:
    """A question about a match of at most `moves` random moves (seeded)."""
    state = games.get(game).new(players, seed=3)
    rng = random.Random(0)
    entries = []
    while len(entries) < moves and state.outcome() is None:
        move = rng.choice(list(state.legal_moves()))
        entries.append((LOGGED_MOVE, state.current_player, state.format_move(move)))
        state = state.play(move)
    return AnalysisQuestion(game, players, 3, {}, tuple(entries), budget)


def test_every_position_of_a_short_match_is_judged_within_0_and_1_summing_to_1():
    question = random_question(12)
    assert len(question.entries) == 12
    analysis = analyse(question)
    assert [p.index for p in analysis.points] == list(range(13))
    for judged in analysis.points:
        assert all(0.0 <= c <= 1.0 for c in judged.chances)
        assert sum(judged.chances) == pytest.approx(1.0, abs=0.02)  # Skift: zero-sum
    assert analysis.points[0].played == question.entries[0][2]
    assert analysis.points[-1].played is None  # (the game runs on: resigned, say)


def test_a_long_match_judges_at_most_the_sampled_positions(monkeypatch):
    monkeypatch.setattr(analysis_module, "MOST_POSITIONS", 10)  # a 60-move match is long
    question = random_question(500)
    analysis = analyse(question)
    assert analysis.positions == len(question.entries) + 1 > 20
    assert [p.index for p in analysis.points] == sampled(analysis.positions, 10)
    assert analysis.points[-1].index == len(question.entries)


def test_with_hidden_cards_each_seat_is_judged_from_what_it_sees():
    # the same position but for the second seat's hand (its card swapped with the draw
    # pile's): the first seat sees no difference, the second does
    one = shifting_stones_helpers.position(
        2, [["1: bird horse"], ["2: sun fish"]], draw=["1: bird boat"]
    )
    other = replace(one, hands=(one.hands[0], one.draw), draw=one.hands[1])
    assert one.view(0) == other.view(0) and one.view(1) != other.view(1)
    first, second = ai.judge(one, TINY, seed=5), ai.judge(other, TINY, seed=5)
    assert first.chances[0] == second.chances[0]
    assert first.chances[1] != second.chances[1]


def test_every_seat_at_a_table_of_four_with_hidden_cards_is_judged():
    # a seat not to act cannot tell which moves the player to act has: it is judged by
    # every simulated game from its view, not by a move its view may not list
    analysis = analyse(random_question(60, "shifting-stones", 4))
    assert len(analysis.points) == 61
    assert all(len(p.chances) == 4 and all(0 <= c <= 1 for c in p.chances) for p in analysis.points)
    assert all(p.preferred is not None for p in analysis.points[:-1])


def counted_thoughts(bot) -> list:
    """The work `bot` gives its worker processes from now on, as it is given."""
    calls: list = []
    thinking = bot._in_pool

    async def counted(lane, work, question):
        calls.append(work)
        return await thinking(lane, work, question)

    bot._in_pool = counted
    return calls


@pytest.mark.asyncio
async def test_an_analysis_is_refused_while_the_match_runs_and_kept_once_made(service):
    bot = player(service, [])
    calls = counted_thoughts(bot)
    try:
        match = await match_of(service, "skift", [BOB], rated=False)
        with pytest.raises(NotAllowed, match="still being played"):
            await bot.stored_analysis(match)
        match = await play_first_legal(service, match, 4)
        version = match.version
        record = await service.queries.match_record(match.id)
        with pytest.raises(NotAllowed, match="still being played"):
            await bot.analyse(record)
        assert calls == [] and (await service.queries.get_match(match.id)).version == version
        ended = (await service.play.act(match.id, ALICE, request(RESIGN, ply=match.ply))).match
        assert await bot.stored_analysis(ended) is None
        made = await bot.analyse(await service.queries.match_record(ended.id))
        assert len(calls) == 1 and len(made.points) == 5
        kept = await bot.stored_analysis(ended)  # from the store: no more thinking
        assert kept == made and len(calls) == 1
    finally:
        await bot.close()


async def resigned_after_one_move(service):
    """A Skift match against Bob that Alice resigned after one move, and its record."""
    match = await match_of(service, "skift", [BOB], rated=False)
    match = await play_first_legal(service, match, 1)
    ended = (await service.play.act(match.id, ALICE, request(RESIGN, ply=match.ply))).match
    return ended, await service.queries.match_record(ended.id)


@pytest.mark.asyncio
async def test_an_analysis_kept_by_another_judge_is_made_again(service, monkeypatch):
    monkeypatch.setattr("ai.value._LOADED", {})
    skift = games.get("skift")
    shape = skift.kind.engine.value_shape
    assert shape is not None and not shape.weights.exists()  # judged by its heuristic
    bot = player(service, [])
    calls = counted_thoughts(bot)
    try:
        ended, record = await resigned_after_one_move(service)
        made = await bot.analyse(record)
        assert await bot.stored_analysis(ended) == made and len(calls) == 1
        judge_by(skift, Network.blank(shape))  # weights of its own from now on
        assert await bot.stored_analysis(ended) is None
        await bot.analyse(record)
        assert len(calls) == 2
        judge_by(skift, None)  # back to the heuristic: its analysis is still kept
        assert await bot.stored_analysis(ended) == made
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_an_analysis_asked_again_while_it_is_made_is_made_once(service):
    bot = player(service, [])
    calls = counted_thoughts(bot)
    try:
        _, record = await resigned_after_one_move(service)
        first, second = await asyncio.gather(bot.analyse(record), bot.analyse(record))
        assert first == second and len(calls) == 1
        # One who asked gone (their interaction dropped): the other still gets it.
        gone = asyncio.create_task(bot.analyse(record))
        await asyncio.sleep(0)
        staying = asyncio.create_task(bot.analyse(record))
        await asyncio.sleep(0)
        gone.cancel()
        assert (await staying) == first and len(calls) == 1  # kept: read, not made again
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_two_processes_asked_at_once_make_one_analysis_and_show_it_both(databases, clock):
    # each process made its own (twice the thinking), and where the time cap cut the
    # searches short the two askers saw different charts
    settings = await databases.settings()
    first_service = await open_service(settings, clock)
    second_service = await open_service(settings, clock)
    first, second = player(first_service, []), player(second_service, [])
    thinking = [counted_thoughts(first), counted_thoughts(second)]
    try:
        match = await match_of(first_service, "skift", [BOB], rated=False)
        match = await play_first_legal(first_service, match, 3)
        ended = (
            await first_service.play.act(match.id, ALICE, request(RESIGN, ply=match.ply))
        ).match
        record = await first_service.queries.match_record(ended.id)
        made = await asyncio.gather(first.analyse(record), second.analyse(record))
        assert made[0] == made[1]
        assert sum(len(calls) for calls in thinking) == 1
        kept = await second.stored_analysis(ended)
        assert kept == made[0]
    finally:
        await first.close()
        await second.close()
        await first_service.close()
        await second_service.close()
