"""Which matches the bot analyses after the game: those that ended with moves played.

An analysis shows what the bot thought of every position, which would help a player
still at the table, so a running match has none. Pure: no engine, no SQL, no Discord.
"""

from __future__ import annotations

from bot.match.errors import NotAllowed
from bot.match.phrases import Message
from bot.match.records import Match


def check_analysis(match: Match) -> None:
    """Refuse (NotAllowed) unless `match` may be analysed: it has ended, and with at
    least one move played."""
    if match.active:
        raise NotAllowed(Message("analysis.running", match=match.id))
    if match.ply == 0:
        raise NotAllowed(Message("analysis.no_moves", match=match.id))


def analysable(match: Match) -> bool:
    """Whether `match` may be analysed (see `check_analysis`)."""
    try:
        check_analysis(match)
    except NotAllowed:
        return False
    return True
