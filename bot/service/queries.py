"""Read-only questions: matches, records, standings, stats and export."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.service import tables
from bot.service.base import ServiceBase
from bot.service.errors import NotAllowed
from bot.service.export import export_text
from bot.service.records import Match, MatchRecord, display_rating
from bot.service.reports import GameStats, PlayerStats, Standing
from games import GameState

_ORDINAL = "mu - 3 * sigma"


class QueryMixin(ServiceBase):
    """Queries of the match service."""

    async def get_match(self, match_id: int) -> Match:
        """A match by id. Raises NotFound."""
        return await self._load(match_id)

    async def match_in_channel(self, channel_id: int) -> Match | None:
        """The active match living in this thread or channel, if any."""
        async with self.store.reading() as conn:
            found = await tables.fetch_matches(
                conn, "channel_id = ? AND status = 'active'", (channel_id,)
            )
        return found[0] if found else None

    async def last_match_in_channel(self, channel_id: int) -> Match | None:
        """The match of this thread or channel, finished ones included: the active one if
        there is one, else the one started last (None when no match was ever played here)."""
        async with self.store.reading() as conn:
            found = await tables.fetch_matches(
                conn,
                "channel_id = ? ORDER BY status = 'active' DESC, id DESC LIMIT 1",
                (channel_id,),
            )
        return found[0] if found else None

    async def view(self, match_id: int, member_id: int | None) -> GameState:
        """The position as `member_id` may see it (None: the public view). Raises NotFound,
        NotAllowed (a member not in the match asking for a private view)."""
        match = await self._load(match_id)
        if member_id is None:
            return match.public_view()
        seat = match.seat_of(member_id)
        if seat is None:
            raise NotAllowed(f"You are not playing in match #{match.id}.")
        return match.view_for(seat)

    async def active_matches(self, member_id: int) -> list[Match]:
        """The member's active matches everywhere: their turn first, then by deadline."""
        async with self.store.reading() as conn:
            found = await tables.fetch_matches(
                conn,
                "status = 'active' AND id IN (SELECT match_id FROM match_players "
                "WHERE member_id = ? AND retired IS NULL)",
                (member_id,),
            )
        return sorted(
            found,
            key=lambda m: (
                m.to_act != member_id,
                m.deadline is None,
                m.deadline.timestamp() if m.deadline else 0,
                m.id,
            ),
        )

    async def finished_matches(
        self,
        *,
        member_id: int | None = None,
        guild_id: int | None = None,
        game: str | None = None,
        limit: int = 20,
    ) -> list[Match]:
        """Ended matches (finished, aborted, cancelled), newest first, filtered as given."""
        where = ["status != 'active'"]
        params: list[Any] = []
        if member_id is not None:
            where.append("id IN (SELECT match_id FROM match_players WHERE member_id = ?)")
            params.append(member_id)
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if game is not None:
            where.append("game = ?")
            params.append(game.strip().lower())
        clause = " AND ".join(where) + " ORDER BY ended_at DESC, id DESC LIMIT ?"
        async with self.store.reading() as conn:
            return await tables.fetch_matches(conn, clause, [*params, limit])

    async def match_record(self, match_id: int) -> MatchRecord:
        """A match with its whole log (moves with times, retirements, takebacks)."""
        async with self.store.reading() as conn:
            match = self._check_found(match_id, await tables.fetch_match(conn, match_id))
            log = await tables.fetch_log(conn, match)
        return MatchRecord(match, log)

    async def standings(self, guild_id: int, game: str, limit: int = 20) -> list[Standing]:
        """The server's rated players in one game, best displayed rating first (players
        with the same displayed rating share a rank)."""
        async with self.store.reading() as conn:
            found = await tables.rows(
                conn,
                "SELECT member_id, mu, sigma, games, wins, draws, losses FROM ratings "
                f"WHERE guild_id = ? AND game = ? ORDER BY {_ORDINAL} DESC, member_id LIMIT ?",
                (guild_id, game.strip().lower(), limit),
            )
        standings: list[Standing] = []
        for position, (member, mu, sigma, played, wins, draws, losses) in enumerate(found, 1):
            rating = display_rating(mu, sigma)
            tied = standings and standings[-1].rating == rating
            rank = standings[-1].rank if tied else position
            standings.append(Standing(rank, member, rating, mu, sigma, played, wins, draws, losses))
        return standings

    async def player_stats(self, guild_id: int, member_id: int) -> PlayerStats:
        """A member's ratings and results per game in one server."""
        async with self.store.reading() as conn:
            found = await tables.rows(
                conn,
                "SELECT game, mu, sigma, games, wins, draws, losses, (SELECT COUNT(*) FROM "
                f"ratings o WHERE o.guild_id = r.guild_id AND o.game = r.game AND "
                f"ROUND(1000 + 40 * (o.{_ORDINAL})) > ROUND(1000 + 40 * (r.{_ORDINAL}))) "
                "FROM ratings r WHERE guild_id = ? AND member_id = ? ORDER BY game",
                (guild_id, member_id),
            )
            active = await tables.active_match_count(conn, member_id)
        per_game = tuple(
            GameStats(game, display_rating(mu, sigma), better + 1, played, wins, draws, losses)
            for game, mu, sigma, played, wins, draws, losses, better in found
        )
        return PlayerStats(member_id, guild_id, per_game, active)

    async def export(self, match_id: int, names: Mapping[int, str] | None = None) -> str:
        """The record as text: game, options, seed, players (`names` maps member ids to
        display names), dates, result, then the moves; `replay_export` rebuilds it."""
        return export_text(await self.match_record(match_id), names)
