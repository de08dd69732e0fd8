"""Conditional premoves: "if they play X, I play Y", checked when entered and matched when
the opponent moves. Pure: no SQL, no Discord, no clock reads.

How a premove is read: each line answers the opponent's *next* move only. It is entered
while the opponent is to move (`ply` is that position), and it is settled by the next
change of position: when the opponent plays X, the owner's line for X is played at once
(as the owner's own move, carrying `answer_ply`, the position after X it was checked
against); any other change (another move, a takeback, a player leaving, the end of the
match) drops every premove of the match. Only two-player games without hidden information
or chance allow them: an answer chosen in advance must not depend on what its owner cannot
see or on a draw of luck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import games
from bot.match.decision import Decision
from bot.match.errors import IllegalMoveError, LimitReached, NotAllowed
from bot.match.phrases import Message
from bot.match.records import Match
from bot.match.replay import MOVE
from bot.match.rules import check_active, check_length
from games import IllegalMove, InvalidMove
from games.wording import reason_of

#: The most premove lines one member may hold in one match.
MAX_PREMOVES = 5


@dataclass(frozen=True)
class Premove:
    """One line of a member's premoves in a match: at position `ply`, if the opponent plays
    `if_move`, the owner plays `then_move` (both in canonical notation), which is checked
    to be at position `answer_ply`."""

    match_id: int
    member_id: int
    ply: int
    if_move: str
    then_move: str
    answer_ply: int


def refusal(match: Match) -> Message | None:
    """Why a match allows no premoves, or None when it allows them."""
    game = games.get(match.game)
    if game.kind.hidden_information or game.kind.chance:
        hides = "hidden_information" if game.kind.hidden_information else "chance"
        return Message(f"premove.game_has.{hides}", game=match.game_title)
    if len(match.seats) != 2:
        return Message("premove.two_players", match=match.id, players=len(match.seats))
    return None


def check(
    match: Match, member_id: int, if_text: str, then_text: str, held: Sequence[Premove]
) -> Premove:
    """The premove "if the opponent plays `if_text`, `member_id` plays `then_text`", checked
    in the match's current position; `held` are the member's premoves already stored (a
    line for the same move replaces its older one). Raises MatchOver, NotAllowed,
    IllegalMoveError or LimitReached."""
    check_active(match)
    why = refusal(match)
    if why is not None:
        raise NotAllowed(why)
    seat = match.seat_of(member_id)
    if seat is None:
        raise NotAllowed(Message("match.not_playing", match=match.id))
    if match.current_seat == seat:
        raise NotAllowed(Message("premove.your_turn", match=match.id))
    for text in (if_text, then_text):
        check_length(text)
    state = match.state
    try:
        theirs = state.parse_move(if_text)
        after = state.play(theirs)
    except (InvalidMove, IllegalMove) as error:
        raise IllegalMoveError(
            Message("premove.theirs_illegal", reason=reason_of(error))
        ) from error
    if_move = state.format_move(theirs)
    if after.outcome() is not None:
        raise NotAllowed(Message("premove.ends_match", move=if_move))
    if after.current_player != seat:
        raise NotAllowed(Message("premove.not_your_turn_after", move=if_move))
    try:
        mine = after.parse_move(then_text)
        after.play(mine)
    except (InvalidMove, IllegalMove) as error:
        raise IllegalMoveError(
            Message("premove.answer_illegal", move=if_move, reason=reason_of(error))
        ) from error
    others = [p for p in held if p.if_move != if_move]
    if len(others) >= MAX_PREMOVES:
        raise LimitReached(Message("premove.too_many", premoves=MAX_PREMOVES, match=match.id))
    return Premove(match.id, member_id, match.ply, if_move, after.format_move(mine), after.ply)


def settles(decision: Decision) -> bool:
    """Whether a decision settles the match's premoves: it changed the position or ended
    the match (an answered offer, say, leaves them waiting)."""
    return decision.state is not None or not decision.match.active


def answer(old: Match, decision: Decision, stored: Sequence[Premove]) -> Premove | None:
    """The premove that answers the move `decision` played in the match read as `old`, or
    None (no move, the match ended, or nobody's line is for that move)."""
    record = decision.match
    moves = [e.notation for e in decision.entries if e.kind == MOVE]
    if not record.active or len(moves) != 1 or record.to_act is None:
        return None
    for premove in stored:
        if (
            premove.member_id == record.to_act
            and premove.ply == old.ply
            and premove.if_move == moves[0]
            and premove.answer_ply == record.ply
        ):
            return premove
    return None
