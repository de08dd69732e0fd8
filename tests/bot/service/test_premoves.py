"""Conditional premoves through the service: checked when added, played right after the
move they answer, dropped by any other change, refused where they cannot be fair, and
private to their owner."""

from __future__ import annotations

import pytest

from bot.match.actions import MOVE, OFFER_DRAW, RESIGN
from bot.match.events import Played, TurnPassed
from bot.match.premoves import MAX_PREMOVES
from bot.service import IllegalMoveError, LimitReached, NotAllowed
from tests.bot import secret_game
from tests.bot.service_fixtures import act, start_match


def legal(state, limit=None):
    """Notations of the legal moves of a state."""
    return [state.format_move(m) for m in state.legal_moves()][:limit]


def line(match, pick=0):
    """A premove line for the player waiting: (X of the player to act, Y answering it)."""
    state = match.state
    theirs = state.legal_moves()[pick]
    after = state.play(theirs)
    return state.format_move(theirs), legal(after)[0]


async def skift(service):
    """A Skift match; (match, the member to act, the member waiting)."""
    match = await start_match(service)
    mover = match.to_act
    return match, mover, next(m for m in match.members if m != mover)


async def waiting_premove(service):
    """A Skift match where the waiting player holds one premove; (match, mover, waiter,
    X, Y)."""
    match, mover, waiter = await skift(service)
    x, y = line(match)
    held = await service.premoves.add_premove(match.id, waiter, x, y)
    assert [(p.if_move, p.then_move, p.ply) for p in held] == [(x, y, 0)]
    return match, mover, waiter, x, y


@pytest.mark.asyncio
async def test_a_matching_move_is_answered_by_the_premove_as_a_second_update(service):
    match, mover, waiter, x, y = await waiting_premove(service)
    update = await act(service, match.id, mover, MOVE, x)
    assert [type(e) for e in update.events] == [Played, TurnPassed]
    assert update.events[0].notation == x and update.events[1].member == waiter
    answer = update.premove
    assert answer is not None and answer.actor_id == waiter and answer.action is MOVE
    seat = match.seat_of(waiter)
    words = answer.before.describe_move(answer.move)
    assert answer.events == (Played(seat, waiter, y, words), TurnPassed(1 - seat, mover))
    assert answer.before == update.after
    after = await service.queries.get_match(match.id)
    assert after.ply == 2 and after.to_act == mover
    record = await service.queries.match_record(match.id)
    assert [(e.member_id, e.notation) for e in record.log] == [(mover, x), (waiter, y)]
    assert await service.premoves.premoves(match.id, waiter) == []


@pytest.mark.asyncio
async def test_any_other_move_drops_all_of_the_players_premoves(service):
    match, mover, waiter, x, _ = await waiting_premove(service)
    x2, y2 = line(match, 1)
    await service.premoves.add_premove(match.id, waiter, x2, y2)
    other = next(n for n in legal(match.state) if n not in (x, x2))
    update = await act(service, match.id, mover, MOVE, other)
    assert update.premove is None
    after = await service.queries.get_match(match.id)
    assert after.ply == 1 and after.to_act == waiter
    assert await service.premoves.premoves(match.id, waiter) == []


@pytest.mark.asyncio
async def test_an_action_that_leaves_the_position_keeps_them(service):
    match, mover, waiter, x, y = await waiting_premove(service)
    await act(service, match.id, mover, OFFER_DRAW)
    assert [p.if_move for p in await service.premoves.premoves(match.id, waiter)] == [x]
    update = await act(service, match.id, mover, MOVE, x)
    assert update.premove is not None and update.premove.events[0].notation == y


@pytest.mark.asyncio
async def test_premoves_are_checked_when_added(service):
    match, mover, waiter = await skift(service)
    x, y = line(match)
    cases = [
        (mover, x, y, NotAllowed, "your turn"),
        (3, x, y, NotAllowed, "not playing"),
        (waiter, "zz99", y, IllegalMoveError, "Your opponent cannot play that now"),
        (waiter, x, "zz99", IllegalMoveError, f"You could not answer `{x}`"),
        (waiter, "a" * 101, y, IllegalMoveError, "at most 100 characters"),
    ]
    for member, if_text, then_text, error, words in cases:
        with pytest.raises(error, match=words):
            await service.premoves.add_premove(match.id, member, if_text, then_text)
    assert await service.premoves.premoves(match.id, waiter) == []


@pytest.mark.asyncio
async def test_a_line_for_the_same_move_replaces_and_the_number_is_bounded(service):
    match, _, waiter = await skift(service)
    moves = match.state.legal_moves()
    x, y = line(match)
    second = legal(match.state.play(moves[0]))[1]
    held = await service.premoves.add_premove(match.id, waiter, x, second)
    held = await service.premoves.add_premove(match.id, waiter, x, y)
    assert [(p.if_move, p.then_move) for p in held] == [(x, y)]
    for pick in range(1, MAX_PREMOVES):
        await service.premoves.add_premove(match.id, waiter, *line(match, pick))
    with pytest.raises(LimitReached, match=f"already have {MAX_PREMOVES} premoves"):
        await service.premoves.add_premove(match.id, waiter, *line(match, MAX_PREMOVES))
    assert len(await service.premoves.premoves(match.id, waiter)) == MAX_PREMOVES
    assert await service.premoves.clear_premoves(match.id, waiter) == MAX_PREMOVES
    assert await service.premoves.premoves(match.id, waiter) == []


@pytest.mark.asyncio
async def test_premoves_are_private_to_their_owner(service):
    match, mover, waiter, x, _ = await waiting_premove(service)
    assert await service.premoves.premoves(match.id, mover) == []
    assert await service.premoves.clear_premoves(match.id, mover) == 0
    assert len(await service.premoves.premoves(match.id, waiter)) == 1


@pytest.mark.asyncio
async def test_refused_for_chance_hidden_information_and_more_than_two_players(
    service, monkeypatch
):
    stones = await start_match(service, (1, 2), "shifting-stones")
    with pytest.raises(NotAllowed, match="Shifting Stones has hidden information"):
        await service.premoves.add_premove(stones.id, 2, "x", "y")
    secret_game.install(monkeypatch)
    hidden = await start_match(service, (3, 4), secret_game.HIDDEN_SUMS.name)
    with pytest.raises(NotAllowed, match="has hidden information"):
        await service.premoves.add_premove(hidden.id, 4, "x", "y")
    three = await start_match(service, (5, 6, 7), "shiftago")
    with pytest.raises(NotAllowed, match=f"match #{three.id} has 3"):
        await service.premoves.add_premove(three.id, 6, "x", "y")


@pytest.mark.asyncio
async def test_the_end_of_the_match_drops_them(service):
    match, mover, waiter, _, _ = await waiting_premove(service)
    await act(service, match.id, mover, RESIGN)
    assert await service.premoves.premoves(match.id, waiter) == []
