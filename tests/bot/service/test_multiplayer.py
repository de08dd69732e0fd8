"""Games of more than two: 3- and 4-player Shiftago matches through the service: seat
filling, turn order, resignation and timeouts (the others play on), draws, ratings."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from bot.match.actions import ACCEPT_DRAW, CLAIM, MOVE, OFFER_DRAW, RESIGN, TIME_OUT
from bot.match.events import Agreed, Left
from bot.service import ChallengeRequest, NoProposal, NotAllowed, replay_export
from tests.bot.service_fixtures import (
    CHANNEL,
    GUILD,
    act,
    play_first_legal,
    rebuilt,
    start_match,
)


@pytest.mark.asyncio
async def test_four_seats_filled_one_by_one_then_turns_follow_the_seats(service):
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 10, "shiftago", players=4)
    )
    for joiner in (20, 30):
        update = await service.challenges.accept_challenge(posted.id, joiner)
        assert update.match is None and update.challenge.open_seats == 4 - len(
            update.challenge.joined
        )
    match = (await service.challenges.accept_challenge(posted.id, 40)).match
    assert sorted(match.members) == [10, 20, 30, 40] and len(match.seats) == 4
    assert sorted(s.join_index for s in match.seats) == [0, 1, 2, 3]
    for turn in range(8):
        assert match.to_act == match.seats[turn % 4].member_id
        match = await play_first_legal(service, match, 1)


@pytest.mark.asyncio
async def test_three_players_a_resignation_lets_the_others_play_on(service, clock):
    match = await start_match(service, (1, 2, 3), "shiftago")
    s0, s1, s2 = (s.member_id for s in match.seats)
    clock.advance(hours=1)
    update = await act(service, match.id, s1, RESIGN)  # not the one to act
    match = update.match
    assert update.events[0] == Left(1, 3, "resign") and match.active and update.result is None
    assert match.seats[1].retired and match.seats[1].retire_reason == "resign"
    assert match.to_act == s0 and match.turn_started_at < clock.moment  # s0's clock goes on
    with pytest.raises(NotAllowed, match="left"):
        await act(service, match.id, s1, MOVE, "Na")
    match = await play_first_legal(service, match, 1)
    assert match.to_act == s2  # the seat that left is skipped
    assert await rebuilt(service, match) == match.state
    clock.advance(hours=1)
    ended = (await act(service, match.id, s2, RESIGN)).match
    assert ended.status == "finished" and ended.result.winners == (s0,)
    assert ended.result.ranks == (1, 3, 2)  # the first to leave ranks last
    changes = {c.member_id: c for c in ended.result.rating_changes}
    assert changes[s0].delta > 0 and changes[s1].mu_after < changes[s2].mu_after


@pytest.mark.asyncio
async def test_resigning_on_ones_own_turn_passes_a_fresh_turn_on(service, clock):
    match = await start_match(service, (1, 2, 3, 4), "shiftago", clock_hours=24)
    clock.advance(hours=5)
    match = (await act(service, match.id, match.seats[0].member_id, RESIGN)).match
    assert match.to_act == match.seats[1].member_id
    assert match.turn_started_at == clock.moment
    assert match.deadline == clock.moment + timedelta(hours=24)


@pytest.mark.asyncio
async def test_timeouts_in_a_four_player_match(service, clock):
    match = await start_match(service, (1, 2, 3, 4), "shiftago", clock_hours=24, auto_timeout=True)
    seats = [s.member_id for s in match.seats]
    clock.advance(hours=25)
    report = await service.clocks.tick()
    assert [u.action for u in report.timeouts] == [TIME_OUT]
    match = report.timeouts[0].match
    assert match.active and match.seats[0].retired and match.to_act == seats[1]
    assert match.deadline == clock.moment + timedelta(hours=24)
    match = await play_first_legal(service, match, 2)
    assert match.to_act == seats[3]
    clock.advance(hours=25)
    match = (await service.clocks.tick()).timeouts[0].match
    assert match.seats[3].retired and match.to_act == seats[1]
    clock.advance(hours=25)
    ended = (await service.clocks.tick()).timeouts[0].match
    assert ended.status == "finished" and ended.result.winners == (seats[2],)
    assert ended.result.ranks == (4, 2, 1, 3)
    assert len(ended.result.rating_changes) == 4


@pytest.mark.asyncio
async def test_a_claimed_timeout_with_three_players(service, clock):
    match = await start_match(service, (1, 2, 3), "shiftago", clock_hours=12)
    clock.advance(hours=13)
    update = await act(service, match.id, match.seats[2].member_id, CLAIM)
    assert update.match.active and update.match.seats[0].retired
    assert update.match.to_act == match.seats[1].member_id


@pytest.mark.asyncio
async def test_a_draw_needs_everyone_still_playing(service):
    match = await start_match(service, (1, 2, 3, 4), "shiftago")
    a, b, c, d = (s.member_id for s in match.seats)
    await act(service, match.id, d, RESIGN)
    offered = await act(service, match.id, a, OFFER_DRAW)
    assert sorted(offered.match.proposal.waiting_for) == sorted([b, c])
    with pytest.raises(NotAllowed):
        await act(service, match.id, d, ACCEPT_DRAW)
    partly = await act(service, match.id, b, ACCEPT_DRAW)
    assert partly.events == (Agreed("draw", partly.actor_id),) and partly.match.active
    assert partly.match.proposal.waiting_for == (c,)
    with pytest.raises(NoProposal):
        await act(service, match.id, b, ACCEPT_DRAW)
    drawn = await act(service, match.id, c, ACCEPT_DRAW)
    assert drawn.match.status == "finished" and drawn.result.draw
    assert drawn.result.ranks == (1, 1, 1, 2)


@pytest.mark.asyncio
async def test_a_whole_four_player_match_replays_from_its_export(service, clock):
    match = await start_match(service, (1, 2, 3, 4), "shiftago")
    await act(service, match.id, match.seats[2].member_id, RESIGN)
    match = await service.queries.get_match(match.id)
    chooser = random.Random(11)
    while match.active:
        state = match.state
        clock.advance(minutes=10)
        move = state.format_move(chooser.choice(state.legal_moves()))
        match = (await act(service, match.id, match.to_act, MOVE, move)).match
    assert match.result.how == "game" and len(match.result.rating_changes) == 4
    assert match.result.ranks[2] == max(match.result.ranks)
    text = await service.queries.export(match.id)
    assert "- Seat 3 leaves: resign" in text
    assert replay_export(text) == match.state
    standings = await service.queries.standings(GUILD, "shiftago")
    assert sorted(s.member_id for s in standings) == [1, 2, 3, 4]
    assert standings[0].member_id in match.result.winners
