"""Draw offers and takebacks: one pending proposal per match, answered by all, and the
acting player's own undo within the turn they are still playing.

A proposal needs the agreement of every player still in the match; any of them declining
(or the proposer withdrawing) drops it, and any move drops it too. Within their own turn
a player takes back their last action alone, unless it brought hidden information or
chance to light (a card drawn). Solo matches have nobody to propose anything to.
"""

from __future__ import annotations

from bot.match import actions, endings
from bot.match.actions import MatchAction
from bot.match.decision import (
    Decision,
    Ending,
    Entry,
    Situation,
    end,
    new_turn,
    playing,
    with_state,
)
from bot.match.engine_seats import is_engine
from bot.match.errors import NoProposal, TakebackRefused
from bot.match.events import DRAW, TAKEBACK, Agreed, Declined, Ended, Proposed, TakenBack, Withdrawn
from bot.match.phrases import Message
from bot.match.records import LogEntry, Match, Proposal
from bot.match.replay import MOVE, rebuild_state, standing_entries
from bot.match.replay import TAKEBACK as TAKEBACK_ENTRY


def decide(match: Match, seat: int, action: MatchAction, situation: Situation) -> Decision:
    """Decide a draw or takeback action of the player in `seat`."""
    member = match.seats[seat].member_id
    if action is actions.OFFER_DRAW:
        return _offer_draw(match, member, situation)
    if action is actions.ACCEPT_DRAW:
        return _agree(match, member, DRAW, situation)
    if action is actions.DECLINE_DRAW:
        return _drop(match, member, DRAW)
    if action is actions.ASK_TAKEBACK:
        return _ask_takeback(match, seat, situation)
    if action is actions.GRANT_TAKEBACK:
        return _agree(match, member, TAKEBACK, situation)
    if action is actions.REFUSE_TAKEBACK:
        return _drop(match, member, TAKEBACK)
    raise ValueError(f"{action.key} is not a draw or takeback action")


def _offer_draw(match: Match, member: int, situation: Situation) -> Decision:
    if match.solo:
        raise NoProposal(Message("draw.solo"))
    pending = match.proposal
    if pending is not None and pending.kind == DRAW:
        if member in pending.agreed:
            raise NoProposal(Message("draw.already_offered"))
        return _agree(match, member, DRAW, situation)  # offering back accepts
    if pending is not None:
        whose = "own" if pending.by_member == member else "other"
        raise NoProposal(Message(f"draw.after_takeback.{whose}", match=match.id))
    return _propose(match, member, DRAW)


def _ask_takeback(match: Match, seat: int, situation: Situation) -> Decision:
    """Within one's own turn: undo the last action at once (if it revealed nothing);
    otherwise ask every other player to agree to taking back one's last move."""
    member = match.seats[seat].member_id
    log = situation.log or ()
    last = log[-1] if log else None
    own_turn = match.current_seat == seat and match.ply > match.turn_ply
    if own_turn and last is not None and last.kind == MOVE and last.seat == seat:
        if last.sealed:
            raise TakebackRefused(Message("takeback.revealed", move=last.notation))
        return _undo(match, log, situation, span=1, alone=True)
    if match.solo:
        raise TakebackRefused(Message("takeback.solo"))
    if not match.rules.takebacks:
        raise TakebackRefused(Message("takeback.off", match=match.id))
    pending = match.proposal
    if pending is not None:
        own = pending.by_member == member
        if own and pending.kind == TAKEBACK:
            raise NoProposal(Message("takeback.already_asked"))
        whose = "own" if own else "other"
        raise NoProposal(Message(f"takeback.after.{pending.kind}.{whose}", match=match.id))
    span = _takeback_span(log, seat)
    if span is None:
        raise TakebackRefused(Message("takeback.not_last"))
    sealed = next((e for e in log[-span:] if e.sealed), None)
    if sealed is not None:
        raise TakebackRefused(Message("takeback.revealed", move=sealed.notation))
    return _propose(match, member, TAKEBACK)


def _takeback_span(log: tuple[LogEntry, ...], seat: int | None) -> int | None:
    """How many moves at the end of the log a takeback asked by `seat` undoes: its own
    last move, and the moves of the bot's seats after it (the bot answers at once, so
    taking back a move against the bot takes back its reply too); None when another
    player has moved since, or the log does not end in moves."""
    for span, entry in enumerate(reversed(log), start=1):
        if entry.kind != MOVE:
            return None
        if entry.seat == seat:
            return span
        if not is_engine(entry.member_id):
            return None
    return None


def _propose(match: Match, member: int, kind: str) -> Decision:
    proposal = Proposal(kind, member, (member,), _waiting(match, (member,)))
    record = with_state(match, match.state, proposal=proposal)
    return Decision(record, events=(Proposed(kind, member),))


def _waiting(match: Match, agreed: tuple[int, ...]) -> tuple[int, ...]:
    """Members still in the match who have not agreed yet."""
    return tuple(s.member_id for s in match.seats if not s.retired and s.member_id not in agreed)


def _answerable(match: Match, kind: str, member: int) -> Proposal:
    pending = _pending(match, kind, "answer")
    if member == pending.by_member:
        raise NoProposal(Message(f"proposal.own.{kind}"))
    if member not in pending.waiting_for:
        raise NoProposal(Message(f"proposal.agreed.{kind}"))
    return pending


def _pending(match: Match, kind: str, verb: str) -> Proposal:
    """The match's pending proposal of `kind`, or NoProposal: nothing to `verb`."""
    pending = match.proposal
    if pending is None or pending.kind != kind:
        raise NoProposal(Message(f"proposal.none.{kind}.{verb}", match=match.id))
    return pending


def _agree(match: Match, member: int, kind: str, situation: Situation) -> Decision:
    """Agree to the pending proposal; the last agreement carries it out."""
    pending = _answerable(match, kind, member)
    agreed = (*pending.agreed, member)
    waiting = _waiting(match, agreed)
    if waiting:
        proposal = Proposal(kind, pending.by_member, agreed, waiting)
        record = with_state(match, match.state, proposal=proposal)
        return Decision(record, events=(Agreed(kind, member),))
    if kind == DRAW:
        places = dict.fromkeys(playing(match), 1)
        ending = Ending("draw", endings.AGREED_DRAW, places, (), draw=True)
        record, rate = end(match, match.state, ending, situation.now)
        return Decision(record, rate=rate, events=(Ended("draw"),))
    log = situation.log or ()
    span = _takeback_span(log, match.seat_of(pending.by_member))
    if span is None:  # (a move drops any proposal, so this is only a safeguard)
        raise NoProposal(Message("takeback.moved_on"))
    return _undo(match, log, situation, span=span, agreed_by=member)


def _drop(match: Match, member: int, kind: str) -> Decision:
    """Drop the pending proposal: another player turns it down, or its proposer
    withdraws it."""
    pending = _pending(match, kind, "turn_down")
    if member == pending.by_member:
        event: Withdrawn | Declined = Withdrawn(kind, member)
    elif member not in pending.waiting_for:
        raise NoProposal(Message(f"proposal.agreed_cannot_drop.{kind}"))
    else:
        event = Declined(kind, member)
    return Decision(with_state(match, match.state, proposal=None), events=(event,))


def _undo(
    match: Match,
    log: tuple[LogEntry, ...],
    situation: Situation,
    *,
    span: int,
    alone: bool = False,
    agreed_by: int | None = None,
) -> Decision:
    """Take back the last `span` moves of the log: the mover's last action alone, within
    their turn (which goes on), or agreed by all, their move and the bot's replies to it
    (the mover's turn starts again, with a fresh clock)."""
    first = log[-span]
    undoing = [(TAKEBACK_ENTRY, e.seat, e.notation) for e in reversed(log[-span:])]
    entries = [(e.kind, e.seat, e.notation) for e in log] + undoing
    seats = len(match.seats)
    undone = rebuild_state(match.game, seats, match.seed, match.options, entries)
    public = match.in_words(undone.view(None))  # the announcement: what all may know
    move = undone.parse_move(first.notation)
    notation, words = public.format_move(move), public.describe_move(move)
    replies = span - 1
    taken = TakenBack(first.seat, first.member_id, notation, words, alone, replies, agreed_by)
    line = tuple(Entry(seat, kind, notation) for kind, seat, notation in undoing)
    if alone:
        record = with_state(match, undone, proposal=None)
        return Decision(record, undone, line, events=(taken,))
    fields, called = new_turn(match, first.seat, situation)
    record = with_state(
        match,
        undone,
        proposal=None,
        turns=max(0, match.turns - span),
        turn_ply=_turn_start(log[:-span], first.seat),
        **fields,
    )
    return Decision(record, undone, line, events=(taken, called))


def _turn_start(log: tuple[LogEntry, ...], seat: int) -> int:
    """The ply at which `seat`'s turn began, when the moves still standing at the end of
    `log` are that turn's (the moves of `seat` in a row at its end)."""
    moves = [e for e in standing_entries(log) if e.kind == MOVE]
    ply = len(moves)
    while ply and moves[ply - 1].seat == seat:
        ply -= 1
    return ply
