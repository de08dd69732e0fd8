"""Refusals change nothing: every action that is refused raises its typed error with a
sentence for the player and leaves the database byte for byte as it was; an action that
fails halfway through its transaction leaves no trace either."""

from __future__ import annotations

import pytest

from bot.match.actions import (
    ABORT,
    ACCEPT_DRAW,
    ASK_TAKEBACK,
    CLAIM,
    DECLINE_DRAW,
    GRANT_TAKEBACK,
    MOVE,
    OFFER_DRAW,
    REFUSE_TAKEBACK,
    RESIGN,
)
from bot.presentation.catalogue import TEMPLATES
from bot.service import (
    BadOption,
    ChallengeRequest,
    ChannelBusy,
    ClockError,
    IllegalMoveError,
    MatchOver,
    NoProposal,
    NotAllowed,
    NotFound,
    NotYourTurn,
    ServiceError,
    TakebackRefused,
    TooLate,
)
from bot.store import matches as match_rows
from tests.bot.service_fixtures import GUILD, act, dump, play_first_legal, start_match

OUTSIDER = 99


def assert_sentence(error: ServiceError) -> None:
    """A whole sentence: starts with a capital (or a member) and ends with a full stop."""
    text = str(error)
    assert text == error.message
    template = TEMPLATES[error.sentence.key]
    assert text[0].isupper() or template.startswith("{player}"), text
    assert text.endswith("."), text


@pytest.mark.asyncio
async def test_every_refused_action_changes_nothing(service, clock):
    match = await play_first_legal(service, await start_match(service, clock_hours=24), 1)
    first, second = match.seats[0].member_id, match.seats[1].member_id
    busy = await start_match(service, (3, 4), channel=777)
    over = await start_match(service, (5, 6))
    await act(service, over.id, 5, RESIGN)
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, 1, 7, "skift", opponents=[8])
    )
    await service.clocks.start_vacation(9, 3)
    refusals = [
        (NotAllowed, act(service, match.id, OUTSIDER, RESIGN)),
        (NotAllowed, act(service, match.id, OUTSIDER, OFFER_DRAW)),
        (NotAllowed, act(service, match.id, OUTSIDER, ABORT)),
        (NotYourTurn, act(service, match.id, first, MOVE, "b2-b1")),
        (NoProposal, act(service, match.id, first, ACCEPT_DRAW)),
        (NoProposal, act(service, match.id, second, DECLINE_DRAW)),
        (NoProposal, act(service, match.id, second, GRANT_TAKEBACK)),
        (NoProposal, act(service, match.id, second, REFUSE_TAKEBACK)),
        (TakebackRefused, act(service, match.id, second, ASK_TAKEBACK)),
        (ClockError, act(service, match.id, first, CLAIM)),
        (ClockError, act(service, match.id, second, CLAIM)),
        (NotFound, service.play.cancel_match(match.id, GUILD + 1, 50)),
        (ChannelBusy, service.play.attach_channel(match.id, 777)),
        (MatchOver, act(service, over.id, 6, MOVE, "b2-b1")),
        (MatchOver, act(service, over.id, 6, RESIGN)),
        (MatchOver, act(service, over.id, 6, OFFER_DRAW)),
        (MatchOver, service.play.attach_channel(over.id, 4242)),
        (NotFound, act(service, 12345, first, RESIGN)),
        (NotFound, service.challenges.accept_challenge(12345, first)),
        (NotAllowed, service.challenges.decline_challenge(posted.id, OUTSIDER)),
        (NotAllowed, service.challenges.cancel_challenge(posted.id, 8)),
        (ClockError, service.clocks.end_vacation(first)),
        (ClockError, service.clocks.start_vacation(9, 1)),
        (ClockError, service.clocks.start_vacation(first, 0)),
        (BadOption, service.settings.set_guild_clock(GUILD, -5)),
    ]
    before = await dump(service.store)
    for error, action in refusals:
        with pytest.raises(error) as caught:
            await action
        assert_sentence(caught.value)
    assert await dump(service.store) == before
    assert (await service.queries.get_match(busy.id)).channel_id == 777
    late = await play_first_legal(service, await service.queries.get_match(match.id), 1)
    with pytest.raises(TooLate) as caught:
        await act(service, late.id, first, ABORT)
    assert_sentence(caught.value)


@pytest.mark.asyncio
async def test_a_refusal_quoting_what_a_player_typed_keeps_its_braces(service):
    match = await start_match(service)
    first = match.seats[0].member_id
    for typed in ("{0} {x}", "}{", "{channel}"):
        with pytest.raises(IllegalMoveError) as caught:
            await act(service, match.id, first, MOVE, typed)
        assert_sentence(caught.value)
        assert repr(typed) in str(caught.value)


@pytest.mark.asyncio
async def test_a_move_failing_after_its_log_entry_leaves_neither_log_nor_snapshot(
    service, monkeypatch
):
    match = await start_match(service)
    state = match.state
    notation = state.format_move(state.legal_moves()[0])
    check_saved = match_rows.check_saved

    def written_then_fail(changed):  # the match, its log line and the request written
        check_saved(changed)
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(match_rows, "check_saved", written_then_fail)
    before = await dump(service.store)
    with pytest.raises(RuntimeError, match="disk is full"):
        await act(service, match.id, match.to_act, MOVE, notation)
    assert await dump(service.store) == before
    monkeypatch.setattr(match_rows, "check_saved", check_saved)
    moved = await act(service, match.id, match.to_act, MOVE, notation)
    assert moved.match.ply == 1 and len((await service.queries.match_record(match.id)).log) == 1


@pytest.mark.asyncio
async def test_an_ending_failing_at_its_ratings_leaves_the_match_running(service, monkeypatch):
    match = await start_match(service)

    async def fail(*args, **kwargs):
        raise RuntimeError("ratings broke")

    monkeypatch.setattr(match_rows, "store_rating_changes", fail)
    before = await dump(service.store)
    with pytest.raises(RuntimeError, match="ratings broke"):
        await act(service, match.id, match.to_act, RESIGN)
    assert await dump(service.store) == before
    assert (await service.queries.get_match(match.id)).active
