"""The match rules: given a match, its position, who acts and what they ask, decide.

`decide` is pure (no SQL, no Discord, no clock reads): it returns a `Decision` (the match
record after the action, the new position, log lines and typed events) or raises a
`ServiceError` whose words say why nothing was done. Seating and the first turn are in
`bot.match.seating`, draw offers and takebacks in `bot.match.consent`.
"""

from __future__ import annotations

from datetime import timedelta

from bot.match import actions, consent, endings
from bot.match.actions import Request
from bot.match.decision import (
    Decision,
    Ending,
    Entry,
    Situation,
    advance,
    end,
    new_turn,
    player_seat,
    playing,
    with_state,
)
from bot.match.errors import (
    ClockError,
    IllegalMoveError,
    MatchOver,
    NotYourTurn,
    PositionChanged,
    TooLate,
)
from bot.match.events import Ended, Event, Left, Played, TimeGiven
from bot.match.phrases import Member, Message
from bot.match.records import MAX_CLOCK_HOURS, Match
from bot.match.replay import MOVE, RETIRE
from bot.match.weekends import deadline_after
from games import IllegalMove, InvalidMove
from games.wording import reason_of

#: Actions that stand whatever the position (an action's ply is checked for the others).
_ANY_PLY = (actions.RESIGN, actions.ABORT, actions.CLAIM, actions.GIVE_TIME)
#: The longest text read as a move (longer text is refused without being echoed).
MAX_MOVE_TEXT = 100


def check_active(match: Match) -> Match:
    """The match, or MatchOver when it has ended."""
    if not match.active:
        raise MatchOver(Message(f"match.over.{match.status}", match=match.id))
    return match


def decide(match: Match, actor: int | None, request: Request, situation: Situation) -> Decision:
    """Decide `request` by `actor` (a member id; None for the clock) in an active match.

    Raises MatchOver, NotAllowed, NotYourTurn, PositionChanged, IllegalMoveError,
    NoProposal, TakebackRefused, TooLate or ClockError, having changed nothing.
    """
    check_active(match)
    action = request.action
    if action is actions.TIME_OUT:
        return time_out(match, situation)
    if action is actions.CANCEL:
        return _end_unrated(match, "cancel", endings.ADMIN_CANCELLED, situation)
    if action is actions.ADJUDICATE:
        return _end_unrated(match, "cancel", endings.LEAGUE_SCORES, situation)
    assert actor is not None  # every other action is a member's
    assert isinstance(request.ply, int)  # (the service reads a ply shown before)
    seat = player_seat(match, actor)
    if action is not actions.CLAIM and _timeout_owed(match, situation):
        if actor == match.to_act:
            raise ClockError(Message("clock.ran_out", match=match.id))
        late = Member(match.to_act or 0)
        raise ClockError(Message("clock.ran_out_other", match=match.id, player=late))
    if request.ply != match.ply and action not in _ANY_PLY:
        raise PositionChanged(Message("match.position_changed", then=request.ply, now=match.ply))
    if action is actions.MOVE:
        return move(match, seat, request, situation)
    if action is actions.RESIGN:
        resigned = endings.RESIGNED.format(seat=match.seat_name(seat))
        return _leave(match, seat, "resign", resigned, situation)
    if action is actions.CLAIM:
        return _claim(match, seat, situation)
    if action is actions.ABORT:
        return _abort(match, seat, situation)
    if action is actions.GIVE_TIME:
        return give_time(match, seat, request.hours, situation)
    return consent.decide(match, seat, action, situation)


def check_length(text: str) -> None:
    """IllegalMoveError, without echoing it, for text too long to be a move."""
    if len(text) > MAX_MOVE_TEXT:
        raise IllegalMoveError(Message("move.too_long", most=MAX_MOVE_TEXT, typed=len(text)))


def move(match: Match, seat: int, request: Request, situation: Situation) -> Decision:
    """Play the move typed as `request.text` for `seat`."""
    check_length(request.text)
    if match.current_seat != seat:
        raise NotYourTurn(
            Message("move.not_your_turn", player=Member(match.to_act or 0), match=match.id)
        )
    state = match.state
    try:
        chosen = state.parse_move(request.text)
        after = state.play(chosen)
    except (InvalidMove, IllegalMove) as error:
        raise IllegalMoveError(Message("move.illegal", reason=reason_of(error))) from error
    public = match.in_words(state.view(None))  # the announcement: what everybody may know
    member = match.seats[seat].member_id
    played = Played(seat, member, public.format_move(chosen), public.describe_move(chosen))
    record, rate, events = advance(
        match, state, after, situation, acted=seat, still_playing=playing(match)
    )
    entry = Entry(seat, MOVE, state.format_move(chosen), state.reveals(chosen))
    return Decision(record, after, (entry,), rate=rate, events=(played, *events), move=chosen)


def time_out(match: Match, situation: Situation) -> Decision:
    """The clock ends the turn of the player whose time ran out (checked again here: a
    move or a vacation since the clock was read makes it PositionChanged)."""
    if match.paused or match.deadline is None or situation.now < match.deadline:
        raise PositionChanged(Message("clock.no_longer_out", match=match.id))
    seat = match.current_seat
    assert seat is not None
    timed_out = endings.TIMED_OUT.format(seat=match.seat_name(seat))
    return _leave(match, seat, "timeout", timed_out, situation)


def _timeout_owed(match: Match, situation: Situation) -> bool:
    """Whether the clock of the player to act has run out in a match that ends a late turn
    by itself: the background round ends it on time, and nothing else may come first."""
    if not match.rules.auto_timeout or match.paused or match.deadline is None:
        return False
    return match.deadline <= situation.now


def give_time(match: Match, seat: int, hours: int, situation: Situation) -> Decision:
    """`seat` gives every opponent `hours` more: the player to act (when not the giver) a
    later deadline (hours of their clock: with the weekend pause, weekends left out), and
    with a time bank every other opponent a fuller bank. Nobody ends up with more than
    `MAX_CLOCK_HOURS` left."""
    rules = match.rules
    if not rules.clock_hours:
        raise ClockError(Message("give_time.no_clock", match=match.id))
    if len(playing(match)) < 2:
        raise ClockError(Message("give_time.nobody", match=match.id))
    if not 0 < hours <= MAX_CLOCK_HOURS:
        raise ClockError(Message("give_time.range", days=MAX_CLOCK_HOURS // 24))
    current = match.current_seat
    if current == seat and not rules.bank:
        raise ClockError(Message("give_time.own_turn"))
    most = timedelta(hours=MAX_CLOCK_HOURS)
    changes: dict[str, object] = {}
    if current is not None and current != seat and match.deadline is not None:
        running_from = match.paused_at or situation.now
        zone = match.clock_zone
        later = min(
            deadline_after(match.deadline, timedelta(hours=hours), zone),
            deadline_after(running_from, most, zone),
        )
        changes["deadline"] = max(match.deadline, later)
    if rules.bank:
        banks = list(match.banks)
        for other in playing(match, without=seat):
            if other != current:
                banks[other] = max(
                    banks[other], min(banks[other] + hours * 3600.0, most.total_seconds())
                )
        changes["banks"] = tuple(banks)
    member = match.seats[seat].member_id
    record = with_state(match, match.state, **changes)
    return Decision(record, events=(TimeGiven(seat, member, hours),))


def _claim(match: Match, seat: int, situation: Situation) -> Decision:
    """A waiting player claims the turn of the player who ran out of time."""
    late = Member(match.to_act or 0)
    if not match.rules.clock_hours:
        raise ClockError(Message("claim.no_clock", match=match.id))
    if match.current_seat == seat:
        raise ClockError(Message("claim.own_turn"))
    if match.paused:
        raise ClockError(Message("claim.on_vacation", player=late))
    if match.deadline is None:  # the bot's turn: its clock never runs
        raise ClockError(Message("claim.no_clock_running", player=late))
    if match.deadline is not None and situation.now < match.deadline:
        stamp = match.deadline.strftime("%Y-%m-%d %H:%M UTC")
        raise ClockError(Message("claim.still_has_time", player=late, until=stamp))
    return time_out(match, situation)


def _leave(match: Match, seat: int, how: str, reason: str, situation: Situation) -> Decision:
    """`seat` leaves (resigns or times out): the others play on where the game allows it,
    else the match ends with the leaver last."""
    state = match.state
    still = playing(match)
    member = match.seats[seat].member_id
    after = state.retire(seat) if len(still) > 2 else None
    if after is None:
        others = [s for s in still if s != seat]
        places = dict.fromkeys(others, 1) if others else {}
        ending = Ending(how, reason, places, others, leaver=seat)
        record, rate = end(match, state, ending, situation.now)
        return Decision(record, rate=rate, events=(Ended(how),))
    left = Left(seat, member, how)
    if match.current_seat == seat:
        record, rate, events = advance(
            match, state, after, situation, acted=None, still_playing=playing(match, without=seat)
        )
    else:
        record, rate, events = advance(
            match,
            state,
            after,
            situation,
            acted=match.current_seat,  # their turn goes on
            still_playing=playing(match, without=seat),
        )
    return Decision(
        record,
        after,
        (Entry(seat, RETIRE, how),),
        retire=(seat, how),
        rate=rate,
        events=(left, *events),
    )


def _abort(match: Match, seat: int, situation: Situation) -> Decision:
    """Abort before every player has played a turn (unrated)."""
    if match.turns >= len(match.seats):
        raise TooLate(Message("abort.too_late"))
    aborted = endings.ABORTED.format(seat=match.seat_name(seat))
    return _end_unrated(match, "abort", aborted, situation)


def _end_unrated(match: Match, how: str, reason: str, situation: Situation) -> Decision:
    """End the match with no result and no rating (abort, admin cancel)."""
    record, _ = end(match, match.state, Ending(how, reason, None), situation.now)
    return Decision(record, events=(Ended(how),))


def start(match: Match, situation: Situation) -> Decision:
    """The first turn of a match just seated: its clock starts for the first player."""
    state = match.state
    seat = state.current_player
    assert seat is not None
    fields, called = new_turn(match, seat, situation)
    record = with_state(match, state, turns=0, turn_ply=state.ply, **fields)
    events: tuple[Event, ...] = (called,)
    return Decision(record, state, events=events)
