"""Playing Skift matches through the service: moves, refusals, resign, draws, takebacks,
abort, admin cancel, channels, autocomplete, and a whole match to its recorded result."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from bot.match.actions import (
    ABORT,
    ACCEPT_DRAW,
    ASK_TAKEBACK,
    DECLINE_DRAW,
    GRANT_TAKEBACK,
    MOVE,
    OFFER_DRAW,
    REFUSE_TAKEBACK,
    RESIGN,
    Request,
)
from bot.match.events import (
    Declined,
    Ended,
    Played,
    Proposed,
    TakenBack,
    TurnPassed,
    Withdrawn,
)
from bot.service import (
    ChallengeRequest,
    ChannelBusy,
    IllegalMoveError,
    MatchOver,
    NoProposal,
    NotAllowed,
    NotFound,
    NotYourTurn,
    PositionChanged,
    TakebackRefused,
    TooLate,
    replay_export,
)
from tests.bot.service_fixtures import (
    GUILD,
    act,
    dump,
    play_first_legal,
    rebuilt,
    start_match,
)


def other(match, member):
    return next(m for m in match.members if m != member)


@pytest.mark.asyncio
async def test_a_move_reports_what_changed(service, clock):
    match = await start_match(service)
    mover = match.to_act
    clock.advance(hours=5)
    update = await act(service, match.id, mover, MOVE, "b2 b1")
    assert update.action is MOVE and update.actor_id == mover and update.seat == 0
    words = match.public_view().describe_move(update.move)
    assert update.events == (Played(0, mover, "b2-b1", words), TurnPassed(1, other(match, mover)))
    assert update.before == match.public_view()
    assert update.after == match.public_view().play(update.move)
    after = update.match
    assert after.ply == 1 and after.version > match.version
    assert after.to_act == other(match, mover) and after.current_seat == 1
    assert after.turn_started_at == clock.moment
    assert after.deadline == clock.moment + timedelta(hours=72)
    assert update.result is None
    record = await service.queries.match_record(match.id)
    assert [(e.seat, e.member_id, e.kind, e.notation, e.at) for e in record.log] == [
        (0, mover, "move", "b2-b1", clock.moment)
    ]


@pytest.mark.asyncio
async def test_wrong_moves_are_refused_and_change_nothing(service):
    match = await start_match(service)
    mover, waiting = match.to_act, other(match, match.to_act)
    before = await dump(service.store)
    cases = [
        (NotAllowed, 99, "b2-b1"),
        (NotYourTurn, waiting, "b2-b1"),
        (IllegalMoveError, mover, "zz9"),
        (IllegalMoveError, mover, "a1-a2"),
    ]
    for error, member, text in cases:
        with pytest.raises(error) as caught:
            await act(service, match.id, member, MOVE, text)
        assert str(caught.value).strip()
    with pytest.raises(NotFound):
        await act(service, 12345, mover, MOVE, "b2-b1")
    with pytest.raises(PositionChanged):
        await service.play.act(
            match.id, mover, Request(MOVE, "b2-b1", ply=3, request_id="test:stale")
        )
    assert await dump(service.store) == before


@pytest.mark.asyncio
async def test_the_snapshot_is_rebuilt_from_log_seed_and_options(service):
    match = await start_match(service)
    match = await play_first_legal(service, match, 6)
    assert await rebuilt(service, match) == match.state
    await act(service, match.id, match.seats[1].member_id, ASK_TAKEBACK)
    match = (await act(service, match.id, match.seats[0].member_id, GRANT_TAKEBACK)).match
    match = await play_first_legal(service, match, 3)
    assert match.ply == 8
    assert await rebuilt(service, match) == match.state


@pytest.mark.asyncio
async def test_resigning_ends_a_two_player_match_and_rates_it(service, clock):
    match = await start_match(service)
    loser = match.seats[1].member_id
    winner = match.seats[0].member_id
    clock.advance(hours=1)
    update = await act(service, match.id, loser, RESIGN)
    ended = update.match
    assert update.events == (Ended("resign"),)
    assert not ended.active and ended.status == "finished"
    assert ended.ended_at == clock.moment and ended.to_act is None and ended.deadline is None
    result = update.result
    assert result.how == "resign" and result.winners == (winner,) and not result.draw
    assert result.ranks == (1, 2) and result.reason == "Black resigned."
    changes = {c.member_id: c for c in result.rating_changes}
    assert changes[winner].delta > 0 > changes[loser].delta
    with pytest.raises(MatchOver, match=r"^Match #1 is already over\.$"):
        await act(service, match.id, winner, MOVE, "b2-b1")
    with pytest.raises(MatchOver):
        await act(service, match.id, winner, RESIGN)


@pytest.mark.asyncio
async def test_a_draw_needs_the_other_players_agreement(service):
    match = await start_match(service)
    a, b = match.seats[0].member_id, match.seats[1].member_id
    with pytest.raises(NoProposal, match=r"^There is no draw offer to answer in match #1\.$"):
        await act(service, match.id, b, ACCEPT_DRAW)
    with pytest.raises(NoProposal, match=r"^There is no draw offer to decline in match #1\.$"):
        await act(service, match.id, b, DECLINE_DRAW)
    offered = await act(service, match.id, a, OFFER_DRAW)
    assert offered.events == (Proposed("draw", a),)
    assert offered.match.proposal.kind == "draw" and offered.match.proposal.waiting_for == (b,)
    with pytest.raises(NoProposal, match="already offered"):
        await act(service, match.id, a, OFFER_DRAW)
    with pytest.raises(NoProposal, match="^You made this draw offer yourself; it waits for the"):
        await act(service, match.id, a, ACCEPT_DRAW)
    declined = await act(service, match.id, b, DECLINE_DRAW)
    assert declined.events == (Declined("draw", b),) and declined.match.proposal is None
    await act(service, match.id, a, OFFER_DRAW)
    withdrawn = await act(service, match.id, a, DECLINE_DRAW)  # the offerer takes it back
    assert withdrawn.events == (Withdrawn("draw", a),) and withdrawn.match.proposal is None
    await act(service, match.id, a, OFFER_DRAW)
    moved = await play_first_legal(service, offered.match, 1)
    assert moved.proposal is None  # a move answers an offer
    await act(service, match.id, a, OFFER_DRAW)
    drawn = await act(service, match.id, b, OFFER_DRAW)  # offering back accepts
    assert drawn.events == (Ended("draw"),) and drawn.result.draw and drawn.result.ranks == (1, 1)
    assert drawn.match.status == "finished" and drawn.result.winners == ()


@pytest.mark.asyncio
async def test_a_takeback_undoes_the_askers_last_move_when_granted(service, clock):
    match = await start_match(service)
    first, second = match.seats[0].member_id, match.seats[1].member_id
    with pytest.raises(TakebackRefused, match="your own move"):
        await act(service, match.id, first, ASK_TAKEBACK)
    start = match
    match = await play_first_legal(service, match, 1)
    with pytest.raises(TakebackRefused):
        await act(service, match.id, second, ASK_TAKEBACK)
    asked = await act(service, match.id, first, ASK_TAKEBACK)
    assert asked.match.proposal.kind == "takeback"
    with pytest.raises(NoProposal, match="^A takeback request is waiting for answers in match"):
        await act(service, match.id, second, OFFER_DRAW)
    with pytest.raises(NoProposal, match="^Your takeback request is waiting for answers in"):
        await act(service, match.id, first, OFFER_DRAW)
    with pytest.raises(NoProposal, match="^You have already asked for a takeback; wait for the"):
        await act(service, match.id, first, ASK_TAKEBACK)
    refused = await act(service, match.id, second, REFUSE_TAKEBACK)
    assert refused.events == (Declined("takeback", second),) and refused.match.ply == 1
    await act(service, match.id, first, ASK_TAKEBACK)
    withdrawn = await act(service, match.id, first, REFUSE_TAKEBACK)  # by the asker
    assert withdrawn.events == (Withdrawn("takeback", first),)
    assert withdrawn.match.proposal is None and withdrawn.match.ply == 1
    await act(service, match.id, second, OFFER_DRAW)
    with pytest.raises(NoProposal, match="^A draw offer is waiting for answers in match #1; a "):
        await act(service, match.id, first, ASK_TAKEBACK)
    await act(service, match.id, first, DECLINE_DRAW)
    await act(service, match.id, first, ASK_TAKEBACK)
    clock.advance(hours=2)
    granted = await act(service, match.id, second, GRANT_TAKEBACK)
    words = start.public_view().describe_move(start.public_view().parse_move("b2-b1"))
    undone = TakenBack(0, first, "b2-b1", words, alone=False, agreed_by=second)
    assert granted.events == (undone, TurnPassed(0, first))
    assert granted.after == start.public_view() and granted.match.ply == 0
    assert granted.match.to_act == first and granted.match.turn_started_at == clock.moment
    kinds = [e.kind for e in (await service.queries.match_record(match.id)).log]
    assert kinds == ["move", "takeback"]


@pytest.mark.asyncio
async def test_takebacks_can_be_turned_off_per_match(service):
    match = await start_match(service, takebacks=False)
    assert not match.rules.takebacks
    match = await play_first_legal(service, match, 1)
    with pytest.raises(TakebackRefused, match="turned off"):
        await act(service, match.id, match.seats[0].member_id, ASK_TAKEBACK)


@pytest.mark.asyncio
async def test_abort_only_in_the_first_moves_and_unrated(service):
    match = await start_match(service)
    match = await play_first_legal(service, match, 1)
    aborted = await act(service, match.id, match.seats[1].member_id, ABORT)
    assert aborted.match.status == "aborted" and aborted.result.how == "abort"
    assert not aborted.result.rated and aborted.result.ranks is None
    with pytest.raises(MatchOver, match=r"^Match #1 was aborted\.$"):
        await act(service, match.id, match.seats[0].member_id, OFFER_DRAW)
    late = await play_first_legal(service, await start_match(service, (3, 4)), 2)
    with pytest.raises(TooLate):
        await act(service, late.id, 3, ABORT)
    assert await service.queries.standings(GUILD, "skift") == []


@pytest.mark.asyncio
async def test_an_admin_cancels_a_match_of_their_server(service):
    match = await start_match(service)
    with pytest.raises(NotFound):
        await service.play.cancel_match(match.id, GUILD + 1, 50)
    cancelled = await service.play.cancel_match(match.id, GUILD, 50)
    assert cancelled.match.status == "cancelled"
    assert cancelled.result.reason == "A server admin cancelled the match."
    assert not cancelled.result.rated
    assert await service.queries.match_in_channel(match.channel_id) is None
    with pytest.raises(MatchOver, match=r"^Match #1 was cancelled\.$"):
        await act(service, match.id, match.seats[0].member_id, RESIGN)


@pytest.mark.asyncio
async def test_one_active_match_per_channel(service):
    match = await start_match(service, channel=8080)
    assert (await service.queries.match_in_channel(8080)).id == match.id
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, 1, 3, "skift", opponents=[4])
    )
    second = (await service.challenges.accept_challenge(posted.id, 4)).match
    with pytest.raises(ChannelBusy, match=f"#{match.id}"):
        await service.play.attach_channel(second.id, 8080)
    await act(service, match.id, 1, RESIGN)
    assert (await service.play.attach_channel(second.id, 8080)).channel_id == 8080


@pytest.mark.asyncio
async def test_legal_moves_for_autocomplete(service):
    match = await start_match(service)
    mover = match.to_act
    everything = await service.play.legal_moves(match.id, mover, limit=1000)
    assert len(everything) == len(match.state.legal_moves())
    some = await service.play.legal_moves(match.id, mover, "B2 ")
    assert some and all(c.notation.startswith("b2-") for c in some)
    assert all(c.words for c in some)
    assert len(await service.play.legal_moves(match.id, mover)) == 25
    assert await service.play.legal_moves(match.id, other(match, mover)) == []
    assert await service.play.legal_moves(999, mover) == []


@pytest.mark.asyncio
async def test_private_and_public_views(service):
    match = await start_match(service)
    assert await service.queries.view(match.id, None) == match.public_view()
    assert await service.queries.view(match.id, match.to_act) == match.view_for(0)
    with pytest.raises(NotAllowed):
        await service.queries.view(match.id, 77)


@pytest.mark.asyncio
async def test_a_whole_match_to_its_result_and_an_export_that_replays(service, clock):
    match = await start_match(service)
    chooser = random.Random(3)
    while match.active:
        state = match.state
        clock.advance(minutes=30)
        move = state.format_move(chooser.choice(state.legal_moves()))
        match = (await act(service, match.id, match.to_act, MOVE, move)).match
        assert match.ply < 500
    outcome = match.state.outcome()
    assert match.result.how == "game" and match.result.reason == outcome.reason
    winners = tuple(match.seats[s].member_id for s in outcome.winners)
    assert match.result.winners == winners and match.result.rated
    text = await service.queries.export(match.id, {match.seats[0].member_id: "Ada"})
    assert "Game: skift (Skift)" in text and "Ada (member" in text
    assert f"Seed: {match.seed}" in text and "Result: " in text
    assert replay_export(text) == match.state
    finished = await service.queries.finished_matches(member_id=match.seats[0].member_id)
    assert [m.id for m in finished] == [match.id]
