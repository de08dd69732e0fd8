"""Read-only questions: matches, records, standings, stats and export."""

from __future__ import annotations

from collections.abc import Mapping

from bot.service.base import ServiceBase
from bot.service.records import Match, MatchRecord, PlayerStats, Standing
from games import GameState


class QueryMixin(ServiceBase):
    """Queries of the match service."""

    async def get_match(self, match_id: int) -> Match:
        """A match by id. Raises NotFound."""
        raise NotImplementedError

    async def match_in_channel(self, channel_id: int) -> Match | None:
        """The active match living in this thread or channel, if any."""
        raise NotImplementedError

    async def view(self, match_id: int, member_id: int | None) -> GameState:
        """The position as `member_id` may see it (None: the public view). Raises NotFound,
        NotAllowed (a member not in the match asking for a private view)."""
        raise NotImplementedError

    async def active_matches(self, member_id: int) -> list[Match]:
        """The member's active matches everywhere: their turn first, then by deadline."""
        raise NotImplementedError

    async def finished_matches(
        self,
        *,
        member_id: int | None = None,
        guild_id: int | None = None,
        game: str | None = None,
        limit: int = 20,
    ) -> list[Match]:
        """Ended matches (finished, aborted, cancelled), newest first, filtered as given."""
        raise NotImplementedError

    async def match_record(self, match_id: int) -> MatchRecord:
        """A match with its whole log (moves with times, retirements, takebacks)."""
        raise NotImplementedError

    async def standings(self, guild_id: int, game: str, limit: int = 20) -> list[Standing]:
        """The server's rated players in one game, best displayed rating first."""
        raise NotImplementedError

    async def player_stats(self, guild_id: int, member_id: int) -> PlayerStats:
        """A member's ratings and results per game in one server."""
        raise NotImplementedError

    async def export(self, match_id: int, names: Mapping[int, str] | None = None) -> str:
        """The record as text: game, options, seed, players (`names` maps member ids to
        display names), dates, result, then the moves; `replay_export` rebuilds it."""
        raise NotImplementedError
