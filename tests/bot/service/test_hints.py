"""Hints: the engine's choice for the player to act in a casual or solo match, explained
in the game's own words where it has them, else by what the move does; refused in rated
matches, to anyone but the player to act, and after the end, with nothing changed."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import games
from ai import search as search_module
from bot.match.engine_seats import engine_member
from bot.match.errors import NotAllowed, NotYourTurn
from bot.presentation.hints import hint_text
from bot.service import ChallengeRequest
from bot.service.hints import HINT_BUDGET, Hint, HintQuestion, HintUnavailable, hint_of
from games.shifting_stones.moves import Score
from tests.ai.test_tactics import BUDGET, SHIFTAGO_FOUR
from tests.bot.service.test_engine_player import ALICE, TINY, player
from tests.bot.service_fixtures import CHANNEL, GUILD, terms
from tests.games import shiftago_helpers, shifting_stones_helpers

BOB = 2
#: A small hint budget, uncapped: a quick search, the same everywhere.
SMALL = replace(HINT_BUDGET, iterations=150, seconds=60.0)


def question(state, seat: int, budget=TINY) -> HintQuestion:
    """A worker's question for `seat`'s hint in `state`, at a tiny budget."""
    return HintQuestion(state.game.name, json.dumps(state.to_json()), seat, budget)


def test_a_hint_takes_a_win_and_says_so():
    state = shiftago_helpers.position(SHIFTAGO_FOUR, turn=0)
    hint = hint_of(question(state, 0))
    assert state.play(state.parse_move(hint.notation)).outcome() is not None
    assert (
        hint_text(7, hint)
        == f"Hint for match #7: `{hint.notation}`, because it wins the game at once."
    )


def test_a_hint_that_stops_a_win_in_one_says_whose():
    state = shiftago_helpers.position(SHIFTAGO_FOUR, turn=1)
    hint = hint_of(question(state, 1, BUDGET))  # enough to see the threat
    assert hint.stops == "Orange" and not hint.wins
    assert hint_text(7, hint).endswith("because it keeps Orange from winning on their next move.")


def test_a_hint_speaks_the_games_own_words_where_it_has_them():
    last = "2: sun fish"  # matches the top row of the helpers' grid
    state = shifting_stones_helpers.position(
        1, [[last, "1: bird horse"]], scored=[["1: bird boat"]]
    )
    hint = hint_of(question(state, 0))
    assert state.parse_move(hint.notation) == Score(0)
    assert (
        hint_text(3, hint) == "Hint for match #3: `score 1`, because it scores card 1 for 2 points."
    )


async def match_of(service, game: str, opponents, **rules):
    """Alice's match of `game` against `opponents` (Bob accepts when he is one)."""
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, ALICE, game, opponents=opponents, **terms(**rules))
    )
    match_id = posted.match_id
    if match_id is None:
        accepted = await service.challenges.accept_challenge(posted.id, BOB)
        assert accepted.match is not None
        match_id = accepted.match.id
    return await service.queries.get_match(match_id)


@pytest.mark.asyncio
async def test_hints_in_casual_and_solo_matches_only_for_the_player_to_act(service):
    bot = player(service, [])
    try:
        casual = await match_of(service, "skift", [BOB], rated=False)
        mover = casual.to_act
        hint = await bot.hint(casual, mover)
        assert casual.state.parse_move(hint.notation) in casual.state.legal_moves()
        assert hint.estimate is not None  # searched: the line gives the bot's estimate
        said = hint_text(casual.id, hint)
        assert "because the bot's search rates it best, " in said and "Your chance: about " in said
        with pytest.raises(NotYourTurn, match="not yours"):
            await bot.hint(casual, BOB if mover == ALICE else ALICE)
        with pytest.raises(NotAllowed, match="not playing"):
            await bot.hint(casual, 99)

        solo = await match_of(service, "shifting-stones", [], players=1)  # rated: solo
        hint = await bot.hint(solo, ALICE)
        assert solo.state.parse_move(hint.notation) in solo.state.legal_moves()

        rated = await match_of(service, "skift", [engine_member("easy")])
        with pytest.raises(NotAllowed, match="is rated, so the bot gives no hints"):
            await bot.hint(rated, ALICE)  # (whoever is to act: rated matches have none)
        assert (
            await service.queries.get_match(rated.id)
        ).version == rated.version  # nothing changed
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_a_hint_the_workers_cannot_think_is_told_plainly_and_the_next_one_comes(
    service, caplog
):
    bot = player(service, [])
    try:
        casual = await match_of(service, "skift", [BOB], rated=False)
        pool = bot._executor()
        pool.submit(int).result()  # its workers are up
        for worker in list(pool._processes.values()):
            worker.kill()
            worker.join()
        with pytest.raises(HintUnavailable, match="could not think about a hint just now"):
            await bot.hint(casual, casual.to_act)
        assert "could not think about a hint in match" in caplog.text  # the admin's line
        assert (await service.queries.get_match(casual.id)).version == casual.version
        hint = await bot.hint(casual, casual.to_act)  # fresh workers
        assert casual.state.parse_move(hint.notation) in casual.state.legal_moves()
    finally:
        await bot.close()


@pytest.mark.asyncio
async def test_the_same_position_gets_the_same_hint_in_any_match(service):
    # the search was seeded by the match's seed and ply, so the same position gave
    # another move (and another estimate) in another match, or asked again later
    bot = player(service, [])
    bot.budget = SMALL
    try:
        first = await match_of(service, "skift", [BOB], rated=False)
        second = await match_of(service, "skift", [BOB], rated=False)
        assert first.state == second.state and first.seed != second.seed
        hints = [await bot.hint(first, first.to_act), await bot.hint(second, second.to_act)]
        assert hints[0] == hints[1] and hints[0].estimate is not None
    finally:
        await bot.close()


def test_a_busy_machine_gives_the_same_hint(monkeypatch):
    # the hint's search stopped at medium's 0.6 s: on a busy machine it saw fewer games
    # and chose otherwise ("88%, then 94%"); its time cap is now far past its iterations
    state = games.get("skift").new(2, seed=1)
    asked = HintQuestion("skift", json.dumps(state.to_json()), 0)
    calm = hint_of(asked)
    now = [0.0]

    def busy() -> float:  # every look at the clock finds 5 ms gone
        now[0] += 0.005
        return now[0]

    monkeypatch.setattr(search_module.time, "perf_counter", busy)
    assert hint_of(asked) == calm


def searched(share: float, runner_up_share: float) -> Hint:
    """A hint the search chose, taking `share` of it, the next move `runner_up_share`."""
    return Hint("c3-c4", None, False, None, 0.62, share, "d4-d5", runner_up_share)


def test_a_searched_hint_says_how_sure_the_bot_is():
    assert hint_text(3, searched(0.7, 0.1)) == (
        "Hint for match #3: `c3-c4`, because the bot's search rates it best, and clearly: it "
        "spent 70% of its thought on it. Your chance: about 62%."
    )
    assert hint_text(3, searched(0.34, 0.3)) == (
        "Hint for match #3: `c3-c4`, because the bot's search rates it best, but only just: "
        "`d4-d5` came close (34% of its thought against 30%). Your chance: about 62%."
    )
