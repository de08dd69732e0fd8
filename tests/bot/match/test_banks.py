"""Time-bank clocks in the match rules, in memory: a bank used and refilled with the
increment up to the cap, a vacation that uses none of it, a timeout when it runs out, and
time given to opponents (`/clock give`)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.match import rules
from bot.match.actions import CLAIM, GIVE_TIME, MOVE, TIME_OUT, Request
from bot.match.decision import Situation
from bot.match.errors import ClockError, PositionChanged
from bot.match.events import Ended, TimeGiven
from bot.match.records import MatchRules
from tests.bot.match_records import T0, new_match

H = 3600.0
#: 3d+1d max 5d, claimed timeouts.
BANK = MatchRules(72, False, True, increment_hours=24, cap_hours=120)


def hours(n: float) -> timedelta:
    return timedelta(hours=n)


def play(match, at, away=frozenset()):
    """The first legal move of whoever is to act, played at `at`."""
    state = match.state
    notation = state.format_move(state.legal_moves()[0])
    return rules.decide(
        match,
        match.to_act,
        Request(MOVE, notation, ply=match.ply, request_id="test"),
        Situation(at, away),
    ).match


def test_every_seat_starts_with_the_bank_and_the_first_deadline_is_its_end():
    match = new_match(rules_=BANK)
    assert match.banks == (72 * H, 72 * H)
    assert match.deadline == T0 + hours(72)


def test_a_turn_leaves_the_unused_bank_plus_the_increment_up_to_the_cap():
    match = new_match(rules_=BANK)
    first = play(match, T0 + hours(10))  # White used 10 h: 62 h + 24 h
    assert first.banks == (86 * H, 72 * H)
    assert first.deadline == T0 + hours(10 + 72)  # Black's turn: their whole bank
    second = play(first, T0 + hours(11))  # Black used 1 h: 71 + 24 = 95 h
    assert second.banks == (86 * H, 95 * H)
    assert second.deadline == T0 + hours(11 + 86)
    third = play(second, T0 + hours(12))  # White used 1 h: 85 + 24 = 109 h
    fourth = play(third, T0 + hours(13))  # Black: 94 + 24 = 118 h
    fifth = play(fourth, T0 + hours(14))  # White: 108 + 24 = 132 h, capped at 120 h
    assert fifth.banks == (120 * H, 118 * H)


def test_without_a_cap_a_bank_stops_at_thirty_days():
    match = new_match(rules_=MatchRules(700, False, True, increment_hours=48))
    moved = play(match, T0 + hours(1))
    assert moved.banks[0] == 720 * H


def test_a_fixed_clock_keeps_no_banks():
    match = new_match()
    moved = play(match, T0 + hours(70))
    assert match.banks == () and moved.banks == ()
    assert moved.deadline == T0 + hours(70 + 72)


def test_a_vacation_pause_uses_no_bank():
    match = new_match(rules_=BANK)
    black = play(match, T0 + hours(2), away=frozenset({2}))  # Black's turn starts paused
    assert black.paused_at == T0 + hours(2)
    # Black moves at once when back: the paused clock used nothing of their 72 h.
    moved = play(black, T0 + hours(50))
    assert moved.banks[1] == (72 + 24) * H


def test_the_bank_running_out_is_a_timeout():
    match = new_match(rules_=BANK)
    first = play(match, T0 + hours(70))  # White keeps 2 h + 24 h = 26 h
    second = play(first, T0 + hours(71))
    assert second.deadline == T0 + hours(71 + 26)
    with pytest.raises(ClockError, match="still has time"):
        rules.decide(
            second, 2, Request(CLAIM, ply=second.ply, request_id="test"), Situation(T0 + hours(96))
        )
    with pytest.raises(PositionChanged):
        rules.decide(
            second,
            None,
            Request(TIME_OUT, ply=second.ply, request_id="test"),
            Situation(T0 + hours(96)),
        )
    late = rules.decide(
        second,
        None,
        Request(TIME_OUT, ply=second.ply, request_id="test"),
        Situation(T0 + hours(97)),
    )
    assert late.events == (Ended("timeout"),) and late.match.result.winners == (2,)


def test_giving_time_fills_the_waiting_banks_and_moves_the_running_deadline():
    match = new_match(rules_=BANK)
    gift = rules.decide(
        match,
        1,
        Request(GIVE_TIME, hours=24, ply=match.ply, request_id="test"),
        Situation(T0 + hours(1)),
    )
    assert gift.events == (TimeGiven(0, 1, 24),)
    assert gift.match.banks == (72 * H, 96 * H)  # Black waits: their bank grows
    assert gift.match.deadline == match.deadline  # White's own clock is unchanged
    back = rules.decide(
        gift.match,
        2,
        Request(GIVE_TIME, hours=12, ply=gift.match.ply, request_id="test"),
        Situation(T0 + hours(2)),
    )
    assert back.match.deadline == match.deadline + hours(12)  # White is to move
    assert back.match.banks == (72 * H, 96 * H)  # the running bank counts via the deadline


def test_gifts_never_leave_anyone_more_than_thirty_days():
    match = new_match(rules_=BANK)
    gift = rules.decide(
        match, 1, Request(GIVE_TIME, hours=720, ply=match.ply, request_id="test"), Situation(T0)
    )
    assert gift.match.banks[1] == 720 * H
    later = rules.decide(
        match, 2, Request(GIVE_TIME, hours=720, ply=match.ply, request_id="test"), Situation(T0)
    )
    assert later.match.deadline == T0 + hours(720)


def test_giving_time_is_refused_where_it_means_nothing():
    fixed = new_match()
    with pytest.raises(ClockError, match="only the player to move has a clock running"):
        rules.decide(
            fixed, 1, Request(GIVE_TIME, hours=24, ply=fixed.ply, request_id="test"), Situation(T0)
        )
    given = rules.decide(
        fixed, 2, Request(GIVE_TIME, hours=24, ply=fixed.ply, request_id="test"), Situation(T0)
    ).match
    assert given.deadline == T0 + hours(96)
    untimed = new_match(rules_=MatchRules(0, False, True))
    with pytest.raises(ClockError, match="has no clock"):
        rules.decide(
            untimed,
            2,
            Request(GIVE_TIME, hours=24, ply=untimed.ply, request_id="test"),
            Situation(T0),
        )
    for wrong in (0, 721):
        with pytest.raises(ClockError, match="from 1 hour up to 30 days"):
            rules.decide(
                fixed,
                2,
                Request(GIVE_TIME, hours=wrong, ply=fixed.ply, request_id="test"),
                Situation(T0),
            )
    solo = new_match(members=(1,), rules_=BANK, game="shifting-stones")
    with pytest.raises(ClockError, match="nobody to give time"):
        rules.decide(
            solo, 1, Request(GIVE_TIME, hours=24, ply=solo.ply, request_id="test"), Situation(T0)
        )
