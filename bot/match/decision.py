"""What the match rules decide for one action, and the steps every decision shares: the
turn that follows a new position, the end of the match, and the result's places.

Pure: the time comes in as `Situation.now`; nothing here reads a clock or a database.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.match.engine_seats import is_engine
from bot.match.errors import NotAllowed
from bot.match.events import Ended, Event, TurnPassed
from bot.match.phrases import Message
from bot.match.ratings import outcome_places, seat_ranks
from bot.match.records import (
    ABORTED,
    CANCELLED,
    FINISHED,
    LogEntry,
    Match,
    MatchResult,
    Snapshot,
)
from bot.match.weekends import deadline_after, running_time, weekend_deadline
from games import GameState, Outcome


@dataclass(frozen=True)
class Situation:
    """What the rules need besides the match: the time, the members on vacation now,
    (for takebacks) the match's whole log, the players' time zones (IANA names; a
    member not named lives in UTC), whose weekends pause a clock with the weekend pause,
    and when the members away return."""

    now: datetime
    away: frozenset[int] = frozenset()
    log: tuple[LogEntry, ...] | None = None
    zones: Mapping[int, str] = field(default_factory=dict)
    returns: Mapping[int, datetime] = field(default_factory=dict)


@dataclass(frozen=True)
class Entry:
    """A line to append to the move log: seat, kind ("move", "retire", "takeback"),
    notation, and whether the move revealed something (see `LogEntry.sealed`)."""

    seat: int
    kind: str
    notation: str
    sealed: bool = False


@dataclass(frozen=True)
class Decision:
    """One action decided: the match record after it (status, turn, clock, proposal,
    result; the store bumps its version), the new position (None: unchanged), the log
    lines to append, a seat leaving (seat, how), whether ratings are to be updated from
    `match.result.ranks`, and the events, in order. `move` is the move played, if any."""

    match: Match
    state: GameState | None = None
    entries: tuple[Entry, ...] = ()
    retire: tuple[int, str] | None = None
    rate: bool = False
    events: tuple[Event, ...] = field(default_factory=tuple)
    move: Hashable | None = None


def with_state(match: Match, state: GameState, **changes: object) -> Match:
    """The match record holding `state` (its snapshot and ply) and other changed fields."""
    return dataclasses.replace(
        match,
        snapshot=Snapshot.of(state),
        ply=state.ply,
        **changes,  # type: ignore[arg-type]  # Match's own fields, checked when it is made
    )


def playing(match: Match, *, without: int | None = None) -> list[int]:
    """Seats still playing (not retired), optionally leaving one out."""
    return [s.seat for s in match.seats if not s.retired and s.seat != without]


def player_seat(match: Match, member_id: int) -> int:
    """The member's seat in the match, refusing outsiders and seats that left."""
    seat = match.seat_of(member_id)
    if seat is None:
        raise NotAllowed(Message("match.not_playing", match=match.id))
    if match.seats[seat].retired:
        raise NotAllowed(Message("match.left", match=match.id))
    return seat


def time_left(match: Match, now: datetime) -> timedelta:
    """The time left on the clock of the player to act at `now` (none without a deadline):
    a paused clock stopped at its pause, and with the weekend pause the weekends of the
    turn's time zone before the deadline do not count."""
    if match.deadline is None:
        return timedelta(0)
    stopped = match.paused_at or now
    if match.clock_zone is None:
        return max(timedelta(0), match.deadline - stopped)
    return running_time(stopped, match.deadline, match.clock_zone)


def low_time_from(match: Match, fraction: float) -> datetime | None:
    """When only `fraction` of the turn's time (the time per turn, or the bank it began
    with; with the weekend pause, the time its clock runs) is left on the clock of the
    player to act; None without a deadline."""
    start, deadline, zone = match.turn_started_at, match.deadline, match.clock_zone
    if deadline is None or start is None:
        return None
    if zone is None:
        return deadline - (deadline - start) * fraction
    return weekend_deadline(start, running_time(start, deadline, zone) * (1 - fraction), zone)


def banks_after_turn(match: Match, now: datetime) -> tuple[float, ...]:
    """The seats' time banks once the current turn ends at `now` (empty without a bank):
    its seat keeps what it did not use (a paused clock used nothing while paused, nor
    during a weekend with the weekend pause) plus the increment, at most the cap. A
    match's first turn finds every bank full."""
    rules = match.rules
    if not rules.bank:
        return ()
    banks = list(match.banks) or [rules.clock_hours * 3600.0] * len(match.seats)
    seat = match.current_seat
    if seat is not None and match.deadline is not None:
        left = time_left(match, now).total_seconds()
        refill = left + (rules.increment_hours or 0) * 3600.0
        banks[seat] = min(refill, rules.bank_cap_hours * 3600.0)
    return tuple(banks)


def new_turn(match: Match, seat: int, situation: Situation) -> tuple[dict[str, object], Event]:
    """The fields of a turn that starts now for `seat` (its clock: the fixed time per
    turn, or its bank once the turn ending has refilled the banks; paused while its
    member is on vacation, and with the weekend pause during the weekends of their time
    zone; no reminder sent yet) and the event that calls them. A bot seat's clock never
    runs: it has no deadline, so it never times out."""
    member = match.seats[seat].member_id
    now = situation.now
    banks = banks_after_turn(match, now)
    running = timedelta(seconds=banks[seat] if banks else match.rules.clock_hours * 3600.0)
    clocked = match.rules.clock_hours and not is_engine(member)
    zone = situation.zones.get(member, "UTC") if match.rules.weekend_pause else None
    deadline = deadline_after(now, running, zone)
    fields: dict[str, object] = {
        "current_seat": seat,
        "to_act": member,
        "turn_started_at": now,
        "deadline": deadline if clocked else None,
        "paused_at": now if member in situation.away else None,
        "returns_at": situation.returns.get(member) if member in situation.away else None,
        "banks": banks,
        "clock_zone": zone,
        "_reminded": 0,
    }
    return fields, TurnPassed(seat, member)


def advance(
    match: Match,
    before: GameState,
    after: GameState,
    situation: Situation,
    *,
    acted: int | None,
    still_playing: Sequence[int],
) -> tuple[Match, bool, list[Event]]:
    """The match after a new position: the game's end, the same turn going on (the seat
    that acted is to act again), or a new turn. Any pending proposal is dropped.
    Returns the record, whether it is to be rated, and the events that follow."""
    outcome = match.in_words(after).outcome()
    if outcome is not None:
        ended, rate = end(match, after, _ending_of(outcome, still_playing), situation.now)
        return ended, rate, [Ended("game")]
    seat = after.current_player
    assert seat is not None  # a game that has not ended has a player to act
    same_turn = after.turns_ended == before.turns_ended  # None == None: told by the seat
    if seat == acted and match.current_seat == acted and same_turn:
        return with_state(match, after, proposal=None), False, []
    fields, called = new_turn(match, seat, situation)
    turns = match.turns + (1 if acted is not None else 0)
    record = with_state(match, after, proposal=None, turns=turns, turn_ply=after.ply, **fields)
    return record, False, [called]


@dataclass(frozen=True)
class Ending:
    """How a match ends. `places` ranks the seats still playing (None: nobody is placed,
    as in an abort); `leaver` is a seat leaving with this action (ranked below them)."""

    how: str
    reason: str
    places: Mapping[int, int] | None
    winner_seats: Sequence[int] = ()
    draw: bool = False
    scores: tuple[int, ...] | None = None
    leaver: int | None = None


def _ending_of(outcome: Outcome, still_playing: Sequence[int]) -> Ending:
    """The game itself ended the match."""
    places = outcome_places(outcome, still_playing)
    return Ending("game", outcome.reason, places, outcome.winners, outcome.draw, outcome.scores)


def end(match: Match, state: GameState, ending: Ending, now: datetime) -> tuple[Match, bool]:
    """The match record once ended, and whether the result moves ratings (only rated
    matches of two or more players whose ending places them)."""
    left = sorted(
        (s for s in match.seats if s.retired and s.left_at is not None),
        key=lambda s: s.left_at or 0,
    )
    order = [s.seat for s in left]
    if ending.leaver is not None and ending.leaver not in order:
        order.append(ending.leaver)
    ranks = None
    if ending.places is not None and not match.solo:
        ranks = seat_ranks(len(match.seats), ending.places, order)
    winners = tuple(match.seats[s].member_id for s in ending.winner_seats)
    result = MatchResult(ending.how, ending.reason, winners, ending.draw, ranks, ending.scores)
    status = {"abort": ABORTED, "cancel": CANCELLED}.get(ending.how, FINISHED)
    rate = ranks is not None and match.moves_ratings
    record = with_state(
        match,
        state,
        status=status,
        result=result,
        ended_at=now,
        current_seat=None,
        to_act=None,
        deadline=None,
        paused_at=None,
        proposal=None,
    )
    return record, rate
