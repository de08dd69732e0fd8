"""Playing a match: moves, resignation, draws, takebacks, abort and admin cancel."""

from __future__ import annotations

from bot.service.base import ServiceBase
from bot.service.records import Match, MatchUpdate, MoveChoice


class PlayMixin(ServiceBase):
    """Match actions of the match service."""

    async def attach_channel(self, match_id: int, channel_id: int) -> Match:
        """Bind a started match to its thread (or channel). Raises NotFound, MatchOver,
        ChannelBusy (another active match lives there)."""
        raise NotImplementedError

    async def legal_moves(
        self, match_id: int, member_id: int, prefix: str = "", limit: int = 25
    ) -> list[MoveChoice]:
        """Legal moves of the member to act whose notation starts with `prefix` (case and
        spaces ignored), at most `limit`. Empty for anybody else or a finished match."""
        raise NotImplementedError

    async def move(
        self, match_id: int, member_id: int, text: str, *, ply: int | None = None
    ) -> MatchUpdate:
        """Play the move typed as `text`. `ply`, if given, is the ply the player saw: when
        the match has moved on since, PositionChanged is raised. The log entry and the new
        snapshot are written in one transaction; a move ends the mover's vacation.

        Raises NotFound, MatchOver, NotAllowed, NotYourTurn, IllegalMoveError,
        PositionChanged.
        """
        raise NotImplementedError

    async def resign(self, match_id: int, member_id: int) -> MatchUpdate:
        """Resign. With 3+ players the others play on where the game allows it (the seat
        retires), else the match ends with the resigner last. Raises NotFound, MatchOver,
        NotAllowed."""
        raise NotImplementedError

    async def offer_draw(self, match_id: int, member_id: int) -> MatchUpdate:
        """Offer a draw (or agree to one already offered). When every player still in has
        agreed the match ends drawn. Raises NotFound, MatchOver, NotAllowed, NoProposal
        (another request is pending)."""
        raise NotImplementedError

    async def accept_draw(self, match_id: int, member_id: int) -> MatchUpdate:
        """Agree to the pending draw offer. Raises NoProposal when there is none to answer."""
        raise NotImplementedError

    async def decline_draw(self, match_id: int, member_id: int) -> MatchUpdate:
        """Decline the pending draw offer (the offerer may also withdraw it)."""
        raise NotImplementedError

    async def ask_takeback(self, match_id: int, member_id: int) -> MatchUpdate:
        """Ask to take back one's own last move (it must be the last move of the match).
        Raises TakebackRefused (disabled, or nothing of one's own to undo), NoProposal."""
        raise NotImplementedError

    async def grant_takeback(self, match_id: int, member_id: int) -> MatchUpdate:
        """Agree to the pending takeback; when all others agreed the move is undone."""
        raise NotImplementedError

    async def refuse_takeback(self, match_id: int, member_id: int) -> MatchUpdate:
        """Refuse the pending takeback (the asker may also withdraw it)."""
        raise NotImplementedError

    async def abort(self, match_id: int, member_id: int) -> MatchUpdate:
        """Abort an unrated match before every player has made a first move. Raises TooLate."""
        raise NotImplementedError

    async def cancel_match(self, match_id: int, guild_id: int, admin_id: int) -> MatchUpdate:
        """A server admin (checked by the caller) cancels an active match: unrated."""
        raise NotImplementedError

    async def claim_timeout(self, match_id: int, member_id: int) -> MatchUpdate:
        """A waiting player claims the win when the player to act ran out of time (with 3+
        players that seat retires where the game allows). Raises ClockError."""
        raise NotImplementedError
