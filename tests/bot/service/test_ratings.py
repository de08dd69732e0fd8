"""Places and ratings, standings and stats, and export records that replay (or are refused)."""

from __future__ import annotations

import random
import re

import pytest

from bot.match.actions import ACCEPT_DRAW, ASK_TAKEBACK, GRANT_TAKEBACK, OFFER_DRAW, RESIGN
from bot.match.ratings import display_rating, outcome_places, rate, rating_label, seat_ranks
from bot.service import ChallengeRequest, ReplayError, replay_export
from games import Outcome
from tests.bot.service_fixtures import GUILD, act, play_first_legal, start_match


def test_places_from_an_outcome():
    assert outcome_places(Outcome((1,), False, "line"), [0, 1, 2]) == {1: 1, 0: 2, 2: 2}
    assert outcome_places(Outcome((), True, "full"), [0, 2]) == {0: 1, 2: 1}
    scored = Outcome((2,), False, "ten points", scores=(4, 7, 10, 4))
    assert outcome_places(scored, [0, 1, 2, 3]) == {2: 1, 1: 2, 0: 3, 3: 3}


def test_seats_that_left_rank_below_those_still_playing_last_to_leave_best():
    assert seat_ranks(4, {2: 1, 1: 2}, left=[0, 3]) == (4, 2, 1, 3)
    assert seat_ranks(2, {0: 1, 1: 1}, left=[]) == (1, 1)
    with pytest.raises(ValueError, match="no place"):
        seat_ranks(3, {0: 1}, left=[1])


def test_the_displayed_rating_is_the_estimate_marked_while_provisional():
    assert display_rating(25.0) == 1500
    assert display_rating(30.0) == 1500 + 40 * 5
    assert rating_label(24.5, 4) == "1480?" and rating_label(24.5, 5) == "1480"


@pytest.mark.asyncio
async def test_standings_and_stats_per_server_and_game(service):
    for loser in (2, 3):
        match = await start_match(service, (1, loser))
        await act(service, match.id, loser, RESIGN)
    drawn = await start_match(service, (2, 3))
    await act(service, drawn.id, 2, OFFER_DRAW)
    await act(service, drawn.id, 3, ACCEPT_DRAW)
    other_server = await service.challenges.create_challenge(
        ChallengeRequest(GUILD + 1, 1, 4, "skift", opponents=[1])
    )
    match = (await service.challenges.accept_challenge(other_server.id, 1)).match
    await act(service, match.id, 1, RESIGN)

    ended = await service.queries.finished_matches(member_id=1)
    assert [m.id for m in ended] == [match.id, 2, 1]  # newest first
    assert [m.id for m in await service.queries.finished_matches(guild_id=GUILD + 1)] == [match.id]
    assert await service.queries.finished_matches(guild_id=GUILD, game="shiftago") == []
    assert len(await service.queries.finished_matches(guild_id=GUILD, game="Skift ", limit=2)) == 2

    table = await service.queries.standings(GUILD, "skift")
    assert table[0].member_id == 1 and sorted(s.member_id for s in table) == [1, 2, 3]
    top = table[0]
    assert (top.rank, top.games, top.wins, top.draws, top.losses) == (1, 2, 2, 0, 0)
    assert top.rating == display_rating(top.mu) and top.rating > table[1].rating
    assert top.label == f"{top.rating}?"  # two games: still provisional
    assert {(s.wins, s.draws, s.losses) for s in table[1:]} == {(0, 1, 1)}
    assert await service.queries.standings(GUILD, "shiftago") == []

    mine = await service.queries.player_stats(GUILD, 1)
    (skift,) = mine.games
    assert (skift.game, skift.rank, skift.games, skift.wins) == ("skift", 1, 2, 2)
    elsewhere = await service.queries.player_stats(GUILD + 1, 1)
    assert elsewhere.games[0].losses == 1 and elsewhere.games[0].rank == 2
    busy = await start_match(service, (1, 5))
    assert (await service.queries.player_stats(GUILD, 1)).active_matches == 1
    assert [m.id for m in await service.queries.active_matches(1)] == [busy.id]


@pytest.mark.asyncio
async def test_my_matches_list_my_turn_first_then_by_deadline(service, clock):
    waiting = await start_match(service, (1, 2), clock_hours=24)
    if waiting.to_act == 1:
        waiting = await play_first_legal(service, waiting, 1)
    clock.advance(hours=1)
    later = await start_match(service, (1, 3), clock_hours=48)
    sooner = await start_match(service, (1, 4), clock_hours=12)
    for match in (later, sooner):
        if match.to_act != 1:
            await play_first_legal(service, match, 1)
    listed = await service.queries.active_matches(1)
    assert [m.id for m in listed] == [sooner.id, later.id, waiting.id]
    assert [m.to_act for m in listed] == [1, 1, waiting.to_act]


@pytest.mark.asyncio
async def test_a_taken_back_move_is_left_out_of_the_export(service):
    match = await play_first_legal(service, await start_match(service), 3)
    await act(service, match.id, match.seats[0].member_id, ASK_TAKEBACK)
    await act(service, match.id, match.seats[1].member_id, GRANT_TAKEBACK)
    match = await service.queries.get_match(match.id)
    text = await service.queries.export(match.id)
    assert "3. Seat 1" not in text and "2. Seat 2" in text
    assert "Ended: still playing" in text and "Result: none yet" in text
    assert replay_export(text) == match.state


@pytest.mark.asyncio
async def test_damaged_exports_are_refused_with_a_reason(service):
    match = await play_first_legal(service, await start_match(service), 2)
    text = await service.queries.export(match.id)
    damaged = {
        "headers": text.replace("Seed:", "Sowed:"),
        "a move": text.replace("1. Seat 1:", "1. Seat 2:"),
        "a line": text + "nonsense here\n",
        "a game": text.replace("Game: skift", "Game: chess"),
    }
    for what, broken in damaged.items():
        with pytest.raises(ReplayError) as caught:
            replay_export(broken)
        assert str(caught.value).endswith("."), what


def odd_records(text: str) -> dict[str, str]:
    """An export edited into records a careless hand or a damaged file might give."""
    options = re.search(r"^Options: .*$", text, re.MULTILINE)
    move = re.search(r"^1\. Seat 1:", text, re.MULTILINE)
    assert options is not None and move is not None
    odd = {
        f"options {value[:12]}": text.replace(options[0], f"Options: {value}")
        for value in ("[1]", "5", '"x"', "NaN", "true", '{"layout": [[1]]}', "[" * 100_000)
    }
    odd["a seat of 5000 digits"] = text.replace(move[0], f"1. Seat {'9' * 5000}:")
    odd["a seed of 5000 digits"] = re.sub(r"^Seed: .*$", "Seed: " + "9" * 5000, text, flags=re.M)
    odd["a player count of 5000 digits"] = text.replace("Players: 2", "Players: " + "9" * 5000)
    lines = text.splitlines()
    rng = random.Random(20)
    for number in range(200):
        edited = list(lines)
        place = rng.randrange(len(edited))
        start = rng.randrange(len(edited[place]) + 1)
        edited[place] = edited[place][:start] + rng.choice(ODD_BITS) + edited[place][start:]
        odd[f"random edit {number}"] = "\n".join(edited)
    return odd


ODD_BITS = ("[", "{", "]", "}", '"', "0", "-1", "9" * 40, " ", ":", "\u202e", "\x00", "null")


@pytest.mark.asyncio
async def test_odd_exports_replay_or_raise_replay_error_never_anything_else(service):
    match = await play_first_legal(service, await start_match(service), 2)
    for what, odd in odd_records(await service.queries.export(match.id)).items():
        try:
            replay_export(odd)
        except ReplayError as error:
            assert str(error).endswith("."), what


def test_ratings_do_not_inflate():
    drawn = [display_rating(mu) for mu, _ in rate([None, None], [1, 1])]
    assert drawn == [1500, 1500]  # a draw between equals moves nothing
    four = [display_rating(mu) - 1500 for mu, _ in rate([None] * 4, [1, 2, 3, 4])]
    assert four[0] > four[1] > 0 > four[2] > four[3]  # third of four loses points
    assert abs(sum(four)) <= 2  # what the winners gain, the others lose
