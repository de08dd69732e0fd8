"""The match rules, decided in memory: no database, no Discord, no clock but the one given.

Each test builds a match record, asks `decide`, and checks the record, the log lines and
the events it returns (or the refusal and its words).
"""

from __future__ import annotations

from datetime import timedelta

import pytest

import games
from bot.match import rules
from bot.match.actions import (
    ABORT,
    ASK_TAKEBACK,
    CLAIM,
    GRANT_TAKEBACK,
    MOVE,
    RESIGN,
    TIME_OUT,
    Request,
)
from bot.match.decision import Situation
from bot.match.errors import (
    ClockError,
    NotAllowed,
    NotYourTurn,
    PositionChanged,
    TakebackRefused,
    TooLate,
)
from bot.match.events import Ended, Played, Proposed, TakenBack, TurnPassed
from bot.match.phrases import Member, plain_channel
from bot.match.records import MatchRules
from bot.match.seating import seat_order, seated_options
from bot.presentation.catalogue import write
from tests.bot.match_records import T0, logged, new_match

LATER = T0 + timedelta(hours=5)


def first_move(match) -> str:
    state = match.state
    return state.format_move(state.legal_moves()[0])


def test_a_move_passes_the_turn_with_a_fresh_clock():
    match = new_match()
    assert match.to_act == 1 and match.deadline == T0 + timedelta(hours=72)
    decision = rules.decide(
        match, 1, Request(MOVE, "b2-b1", ply=match.ply, request_id="test"), Situation(LATER)
    )
    after = decision.match
    words = match.public_view().describe_move(decision.move)
    assert decision.events == (Played(0, 1, "b2-b1", words), TurnPassed(1, 2))
    assert (after.current_seat, after.to_act, after.ply, after.turns, after.turn_ply) == (
        1,
        2,
        1,
        1,
        1,
    )
    assert after.turn_started_at == LATER and after.deadline == LATER + timedelta(hours=72)
    assert [(e.seat, e.kind, e.notation, e.sealed) for e in decision.entries] == [
        (0, "move", "b2-b1", False)
    ]


def test_the_same_seat_acting_again_is_one_turn_going_on():
    match = new_match("shiftago", options={"variant": "expert", "handicap_turns": 2})
    mover = match.to_act
    decision = rules.decide(
        match,
        mover,
        Request(MOVE, first_move(match), ply=match.ply, request_id="test"),
        Situation(LATER),
    )
    after = decision.match
    assert after.to_act == mover  # seat 0 sits out its first turn
    assert not any(isinstance(e, TurnPassed) for e in decision.events)
    assert after.deadline == match.deadline and after.turn_started_at == T0  # same clock
    assert after.turns == 0 and after.turn_ply == 0


def test_refusals_say_why_and_name_members_by_id():
    match = new_match()
    with pytest.raises(NotYourTurn) as caught:
        rules.decide(
            match, 2, Request(MOVE, "b2-b1", ply=match.ply, request_id="test"), Situation(LATER)
        )
    assert caught.value.sentence.values["player"] == Member(1)
    assert write(caught.value.sentence, lambda m: f"<@{m}>", plain_channel) == (
        "It is <@1>'s turn in match #1, not yours."
    )
    with pytest.raises(NotAllowed, match=r"^You are not playing in match #1\.$"):
        rules.decide(match, 9, Request(RESIGN, ply=match.ply, request_id="test"), Situation(LATER))
    with pytest.raises(PositionChanged, match="move 3 then, 0 now"):
        rules.decide(match, 1, Request(MOVE, "b2-b1", ply=3, request_id="test"), Situation(LATER))


def test_the_abort_window_counts_turns_not_actions():
    match = new_match()
    moved = rules.decide(
        match, 1, Request(MOVE, "b2-b1", ply=match.ply, request_id="test"), Situation(LATER)
    ).match
    aborted = rules.decide(
        moved, 2, Request(ABORT, ply=moved.ply, request_id="test"), Situation(LATER)
    )
    assert aborted.events == (Ended("abort"),) and not aborted.rate
    assert aborted.match.result.ranks is None and aborted.match.status == "aborted"
    both = rules.decide(
        moved,
        2,
        Request(MOVE, first_move(moved), ply=moved.ply, request_id="test"),
        Situation(LATER),
    ).match
    with pytest.raises(TooLate, match="before every player has played a first turn"):
        rules.decide(both, 1, Request(ABORT, ply=both.ply, request_id="test"), Situation(LATER))


def test_a_casual_match_ends_without_moving_ratings():
    rated = rules.decide(
        new_match(), 2, Request(RESIGN, ply=0, request_id="test"), Situation(LATER)
    )
    assert rated.rate and rated.match.result.ranks == (1, 2)
    casual = new_match(rules_=MatchRules(72, False, True, rated=False))
    decision = rules.decide(
        casual, 2, Request(RESIGN, ply=casual.ply, request_id="test"), Situation(LATER)
    )
    assert not decision.rate and decision.match.result.winners == (1,)


def test_a_turn_reaching_a_member_on_vacation_starts_paused():
    match = new_match()
    decision = rules.decide(
        match,
        1,
        Request(MOVE, "b2-b1", ply=match.ply, request_id="test"),
        Situation(LATER, frozenset({2})),
    )
    assert decision.match.paused_at == LATER


def test_timeouts_are_checked_against_the_time_given():
    match = new_match()
    with pytest.raises(ClockError, match="still has time until 2026-05-04 12:00 UTC"):
        rules.decide(match, 2, Request(CLAIM, ply=match.ply, request_id="test"), Situation(LATER))
    with pytest.raises(PositionChanged):
        rules.decide(
            match, None, Request(TIME_OUT, ply=match.ply, request_id="test"), Situation(LATER)
        )
    late = T0 + timedelta(hours=73)
    claimed = rules.decide(
        match, 2, Request(CLAIM, ply=match.ply, request_id="test"), Situation(late)
    )
    assert claimed.events == (Ended("timeout"),) and claimed.match.result.winners == (2,)
    assert claimed.match.result.reason == "White ran out of time."


def test_a_takeback_by_consent_restarts_the_askers_turn():
    match = new_match()
    moved = rules.decide(
        match, 1, Request(MOVE, "b2-b1", ply=match.ply, request_id="test"), Situation(LATER)
    )
    asked = rules.decide(
        moved.match,
        1,
        Request(ASK_TAKEBACK, ply=moved.match.ply, request_id="test"),
        Situation(LATER, log=logged([moved])),
    )
    assert asked.events == (Proposed("takeback", 1),)
    log = logged([moved])
    granted = rules.decide(
        asked.match,
        2,
        Request(GRANT_TAKEBACK, ply=asked.match.ply, request_id="test"),
        Situation(LATER, log=log),
    )
    taken = granted.events[0]
    assert isinstance(taken, TakenBack) and not taken.alone and taken.notation == "b2-b1"
    assert granted.events[1] == TurnPassed(0, 1)
    assert granted.match.ply == 0 and granted.match.to_act == 1
    assert granted.state == match.state


def test_a_takeback_against_the_bot_takes_back_its_replies_too():
    alice, bot, bob = 1, -1, 2  # -1: the bot's first easy seat
    current = new_match("shiftago", members=(alice, bot, bob))
    while current.to_act != alice:
        current = play_first(current).match
    mine = play_first(current)
    reply = play_first(mine.match)
    assert reply.match.to_act == bob
    log = logged([mine, reply])
    asked = rules.decide(
        reply.match,
        alice,
        Request(ASK_TAKEBACK, ply=reply.match.ply, request_id="test"),
        Situation(LATER, log=log),
    )
    granted = rules.decide(
        asked.match,
        bot,
        Request(GRANT_TAKEBACK, ply=asked.match.ply, request_id="test"),
        Situation(LATER, log=log),
    )
    granted = rules.decide(
        granted.match,
        bob,
        Request(GRANT_TAKEBACK, ply=granted.match.ply, request_id="test"),
        Situation(LATER, log=log),
    )
    assert [entry.kind for entry in granted.entries] == ["takeback", "takeback"]
    assert granted.state == current.state and granted.match.to_act == alice
    assert granted.events[0].notation == mine.entries[0].notation
    answered = play_first(reply.match)  # a person answered too: no longer hers to take back
    log = logged([mine, reply, answered])
    with pytest.raises(TakebackRefused, match="only while it is the last one"):
        rules.decide(
            answered.match,
            alice,
            Request(ASK_TAKEBACK, ply=answered.match.ply, request_id="test"),
            Situation(LATER, log=log),
        )


def play_first(match):
    """The decision of the player to act playing their first legal move."""
    return rules.decide(
        match,
        match.to_act,
        Request(MOVE, first_move(match), ply=match.ply, request_id="test"),
        Situation(LATER),
    )


def test_within_a_turn_the_player_takes_back_alone():
    match = new_match("shiftago", options={"variant": "expert", "handicap_turns": 2})
    mover = match.to_act
    moved = rules.decide(
        match,
        mover,
        Request(MOVE, first_move(match), ply=match.ply, request_id="test"),
        Situation(LATER),
    )
    assert moved.match.to_act == mover and moved.match.turn_ply == 0
    undone = rules.decide(
        moved.match,
        mover,
        Request(ASK_TAKEBACK, ply=moved.match.ply, request_id="test"),
        Situation(LATER, log=logged([moved])),
    )
    assert len(undone.events) == 1 and undone.events[0].alone
    assert undone.state == match.state and undone.match.to_act == mover
    assert undone.match.deadline == match.deadline  # the same turn, the same clock


def test_an_action_that_revealed_something_cannot_be_taken_back(monkeypatch):
    match = new_match("shiftago", options={"variant": "expert", "handicap_turns": 2})
    mover = match.to_act
    monkeypatch.setattr(type(match.state), "reveals", lambda self, move: True)
    moved = rules.decide(
        match,
        mover,
        Request(MOVE, first_move(match), ply=match.ply, request_id="test"),
        Situation(LATER),
    )
    assert moved.entries[0].sealed
    with pytest.raises(TakebackRefused, match="brought hidden information or chance to light"):
        rules.decide(
            moved.match,
            mover,
            Request(ASK_TAKEBACK, ply=moved.match.ply, request_id="test"),
            Situation(LATER, log=logged([moved])),
        )


def test_seats_go_round_in_join_order_from_a_random_first_player():
    assert seat_order(4, 0) == [0, 1, 2, 3]
    assert seat_order(4, 2) == [2, 3, 0, 1]  # join index 2 plays first, then 3, 0, 1
    assert seat_order(1, 0) == [0]
    shiftago = games.get("shiftago")
    options = {"variant": "expert", "handicap_turns": 2, "handicap_player": 3}
    assert seated_options(shiftago, options, seat_order(4, 2))["handicap_player"] == 1
