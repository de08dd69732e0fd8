"""Who may ask the bot for a hint: the player to act in a running casual or solo match.

A hint would make a rated result mean less, so rated matches never have one. Pure: no
engine, no SQL, no Discord.
"""

from __future__ import annotations

from bot.match.errors import NotAllowed, NotYourTurn
from bot.match.phrases import Member, Message
from bot.match.records import Match


def check_hint(match: Match, member_id: int) -> None:
    """Refuse (NotAllowed, NotYourTurn) unless `member_id` may have a hint in `match`
    now: it runs, is not rated, and the member is the player to act."""
    if match.seat_of(member_id) is None:
        raise NotAllowed(Message("match.not_playing", match=match.id))
    if not match.active:
        raise NotAllowed(Message("hint.over", match=match.id))
    if match.moves_ratings:
        raise NotAllowed(Message("hint.rated", match=match.id))
    if match.to_act != member_id or match.current_seat is None:
        player = Member(match.to_act) if match.to_act is not None else "nobody"
        raise NotYourTurn(Message("move.not_your_turn", player=player, match=match.id))


def check_estimate(match: Match, member_id: int) -> None:
    """Refuse (NotAllowed) the bot's estimate of a position tried off `match` unless
    `member_id` plays in it and it is not a rated match still running (a hint there
    would make its result mean less); after the end, anyone of its players may ask."""
    if match.seat_of(member_id) is None:
        raise NotAllowed(Message("match.not_playing", match=match.id))
    if match.active and match.moves_ratings:
        raise NotAllowed(Message("hint.rated", match=match.id))
