"""Every kind of game through the match service, with the test games of `tests.testgames`:
a solo game with chance, five seats, a side swap, and secret hands played in turns of
several actions. What is stored, who acts, what is rated, what each seat may see."""

from __future__ import annotations

import json

import pytest

from bot.match.actions import (
    ABORT,
    ASK_TAKEBACK,
    MOVE,
    OFFER_DRAW,
    RESIGN,
)
from bot.match.events import Ended, Left, Played, TakenBack, TurnPassed
from bot.service import BadOption, ChallengeRequest, NoProposal, TakebackRefused, TooLate
from tests.bot.service_fixtures import CHANNEL, GUILD, act, rebuilt, start_match
from tests.testgames import SECRET


async def play(service, match, notation):
    """Play `notation` for whoever is to act; the update."""
    return await act(service, match.id, match.to_act, MOVE, notation)


async def rated_rows(service):
    async with service.store.reading() as conn:
        found = await conn.rows("SELECT member_id, games FROM ratings ORDER BY member_id")
    return [tuple(row) for row in found]


@pytest.mark.asyncio
async def test_a_solo_challenge_starts_at_once_and_is_never_rated(service, test_games, clock):
    challenge = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "test-solo", players=1)
    )
    assert challenge.status == "started" and challenge.match_id is not None
    match = await service.play.attach_channel(challenge.match_id, 7000)
    assert match.members == (1,) and match.to_act == 1 and match.solo
    with pytest.raises(NoProposal, match="^You play this match alone, so there is nobody to"):
        await act(service, match.id, 1, OFFER_DRAW)
    with pytest.raises(TakebackRefused, match="^In a solo match only the actions of the turn"):
        await act(service, match.id, 1, ASK_TAKEBACK)
    drawn = await play(service, match, "draw")
    assert drawn.events[1:] == ()  # the same turn goes on: nobody is called
    with pytest.raises(TakebackRefused, match="brought hidden information or chance to light"):
        await act(service, match.id, 1, ASK_TAKEBACK)
    clock.advance(hours=1)
    placed = await play(service, drawn.match, "discard")
    assert placed.events[-1] == TurnPassed(0, 1)  # a new turn: a fresh clock
    assert placed.match.turns == 1 and placed.match.turn_started_at == clock.moment
    with pytest.raises(TooLate):
        await act(service, match.id, 1, ABORT)
    match = placed.match
    while match.active:
        state = match.state
        match = (await play(service, match, state.format_move(state.legal_moves()[0]))).match
    result = match.result
    assert result.how == "game" and result.ranks is None and result.rating_changes == ()
    assert result.scores is not None and not result.draw
    assert await rated_rows(service) == []
    stats = await service.queries.player_stats(GUILD, 1)
    assert stats.games == () and len(stats.solo) == 1
    solo = stats.solo[0]
    assert (solo.game, solo.played, solo.won) == ("test-solo", 1, int(bool(result.winners)))
    assert solo.best_score == result.scores[0]
    assert await rebuilt(service, match) == match.state


@pytest.mark.asyncio
async def test_other_games_refuse_one_player(service):
    with pytest.raises(BadOption, match=r"^Skift is played by 2 players, not 1\.$"):
        await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 1, "skift", players=1)
        )


@pytest.mark.asyncio
async def test_five_seats_go_round_in_join_order_and_all_are_rated(service, test_games):
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 1, "test-five", players=5)
    )
    for member in (2, 3, 4, 5):
        update = await service.challenges.accept_challenge(posted.id, member)
    match = await service.play.attach_channel(update.match.id, 7001)
    joined = [1, 2, 3, 4, 5]
    first = joined.index(match.seats[0].member_id)
    assert list(match.members) == joined[first:] + joined[:first]  # a rotation of join order
    left = await act(service, match.id, match.members[2], RESIGN)
    assert left.events[0] == Left(2, match.members[2], "resign") and left.match.active
    match = left.match
    seen = []
    while match.active:
        seen.append(match.current_seat)
        state = match.state
        match = (await play(service, match, state.format_move(state.legal_moves()[0]))).match
    assert 2 not in seen and {0, 1, 3, 4} <= set(seen)
    ranks = match.result.ranks
    assert len(ranks) == 5 and ranks[2] == max(ranks)  # the one who left is last
    assert len(match.result.rating_changes) == 5
    assert [games for _, games in await rated_rows(service)] == [1] * 5


@pytest.mark.asyncio
async def test_a_swap_renames_the_sides_everywhere(service, test_games):
    match = await start_match(service, (1, 2), "test-swap")
    red = match.to_act
    assert match.seat_name(0) == "Red" and match.current_seat == 0
    match = (await play(service, match, "b2")).match
    swapped = await play(service, match, "swap")
    match = swapped.match
    assert match.seat_name(1) == "Red" and match.seat_name(0) == "Blue"
    assert match.to_act == red  # the first player now plays Blue
    assert swapped.after.seat_name(1) == "Red"  # the public view follows too
    for notation in ("a1", "c1", "a2", "a3"):  # Red (seat 1) wins on a3-b2-c1
        match = (await play(service, match, notation)).match
    stored = await service.queries.get_match(match.id)
    assert not stored.active and stored.result.winners == (stored.members[1],)
    assert stored.result.reason.startswith("Red")  # the seat's name after the swap


@pytest.mark.asyncio
async def test_a_turn_of_several_actions_with_secret_hands(service, test_games, clock):
    match = await start_match(service, (1, 2), "test-hand")
    mover = match.to_act
    deadline = match.deadline
    clock.advance(hours=2)
    played = await play(service, match, "play 1")
    assert played.events == (Played(match.current_seat, mover, "play 1", played.events[0].words),)
    assert SECRET not in played.events[0].words  # the public words
    assert played.match.to_act == mover and played.match.deadline == deadline  # one clock
    undone = await act(service, match.id, mover, ASK_TAKEBACK)  # alone, at once
    assert isinstance(undone.events[0], TakenBack) and undone.events[0].alone
    assert undone.match.ply == 0 and undone.match.proposal is None
    again = await play(service, undone.match, "play 2")
    ended = await play(service, again.match, "end")
    assert ended.events[-1] == TurnPassed(1 - match.current_seat, ended.match.to_act)
    assert ended.match.turns == 1 and ended.match.deadline > deadline
    log = (await service.queries.match_record(match.id)).log
    assert [(e.kind, e.notation, e.sealed) for e in log] == [
        ("move", "play 1", False),
        ("takeback", "play 1", False),
        ("move", "play 2", False),
        ("move", "end", True),
    ]
    with pytest.raises(TakebackRefused, match="^`end` brought hidden information"):
        await act(service, match.id, mover, ASK_TAKEBACK)
    # aborting counts turns: one turn played of two
    aborted = await act(service, match.id, mover, ABORT)
    assert aborted.events == (Ended("abort"),)
    record = await service.queries.match_record(match.id)
    public = json.dumps(record.match.public_view().to_json())
    assert SECRET not in public
    mine = json.dumps(record.match.view_for(0).to_json())
    assert SECRET in mine  # a seat's own hand is in its own view


@pytest.mark.asyncio
async def test_a_casual_match_shows_its_result_but_moves_no_rating(service):
    match = await start_match(service, (1, 2), rated=False)
    assert not match.rules.rated
    ended = await act(service, match.id, 2, RESIGN)
    assert ended.result.winners == (1,) and ended.result.rating_changes == ()
    assert await rated_rows(service) == []
    assert [m.id for m in await service.queries.finished_matches(member_id=1)] == [match.id]
