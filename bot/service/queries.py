"""The queries part of the service, read only: matches, records, ratings and newcomers,
standings, stats and export."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from bot.match.engine_seats import Duty, duty, is_engine
from bot.match.errors import NotAllowed
from bot.match.phrases import Message
from bot.match.ratings import display_rating, rating_label
from bot.match.records import Match, MatchRecord
from bot.service.base import Core
from bot.service.export import export_text
from bot.service.reports import GameStats, NextGame, PlayerStats, SoloStats, Standing
from bot.store import engine_seats as engine_rows
from bot.store import matches as match_rows
from bot.store import ratings as rating_rows
from bot.store.sql import Connection
from games import GameState


class QueriesPart:
    """Read-only questions, over the service's core."""

    def __init__(self, core: Core) -> None:
        self._core = core

    async def get_match(self, match_id: int) -> Match:
        """A match by id. Raises NotFound."""
        return await self._core.load(match_id)

    async def bot_duties(self, limit: int) -> list[Duty]:
        """What bot seats owe (moves, answers to proposals) in up to `limit` active matches
        of servers the bot is in and this process's shards run, oldest match first: found
        from the database, so what was owed when the process stopped is done after a
        restart."""
        found = await self._core.store.read(lambda conn: engine_rows.owing(conn, limit))
        mine = [m for m in found if self._core.runs_guild(m.guild_id)]
        return [d for d in map(duty, mine) if d is not None]

    async def match_in_channel(self, channel_id: int) -> Match | None:
        """The active match living in this thread or channel, if any."""
        return await self._core.store.read(lambda conn: match_rows.in_channel(conn, channel_id))

    async def last_match_in_channel(self, channel_id: int) -> Match | None:
        """The match of this thread or channel, finished ones included: the active one if
        there is one, else the one started last (None when no match was ever played here)."""
        return await self._core.store.read(
            lambda conn: match_rows.in_channel(conn, channel_id, finished=True)
        )

    async def view(self, match_id: int, member_id: int | None) -> GameState:
        """The position as `member_id` may see it (None: the public view). Raises NotFound,
        NotAllowed (a member not in the match asking for a private view)."""
        match = await self._core.load(match_id)
        if member_id is None:
            return match.public_view()
        seat = match.seat_of(member_id)
        if seat is None:
            raise NotAllowed(Message("match.not_playing", match=match.id))
        return match.view_for(seat)

    async def server_matches(self, guild_id: int, limit: int = 25) -> list[Match]:
        """A server's active matches, newest first (for an admin choosing one)."""
        return await self._core.store.read(
            lambda conn: match_rows.active_in_guild(conn, guild_id, limit)
        )

    async def next_game(self, member_id: int, guild_ids: Collection[int]) -> NextGame | None:
        """The match that has waited longest for the member to act, among the servers
        `guild_ids` (those the bot is in): the nearest deadline first, then (matches
        without one) the turn that began longest ago; None when nothing waits for them."""

        async def first_waiting(conn: Connection) -> NextGame | None:
            found = [
                m
                for m in await match_rows.active_of(conn, member_id)
                if m.to_act == member_id and m.guild_id in guild_ids
            ]
            if not found:
                return None
            first = min(found, key=_waiting_order)
            return NextGame(first, await match_rows.latest_board(conn, first.id))

        return await self._core.store.read(first_waiting)

    async def active_matches(self, member_id: int) -> list[Match]:
        """The member's active matches everywhere: their turn first, then by deadline."""
        found = await self._core.store.read(lambda conn: match_rows.active_of(conn, member_id))
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
        wanted = None if game is None else game.strip().lower()
        return await self._core.store.read(
            lambda conn: match_rows.ended(
                conn, member_id=member_id, guild_id=guild_id, game=wanted, limit=limit
            )
        )

    async def match_record(self, match_id: int) -> MatchRecord:
        """A match with its whole log (moves with times, retirements, takebacks)."""

        async def record(conn: Connection) -> MatchRecord:
            match = await self._core.fetch_known(conn, match_id)
            return MatchRecord(match, await match_rows.fetch_log(conn, match))

        return await self._core.store.read(record)

    async def seat_ratings(self, match: Match) -> dict[int, str]:
        """The players' ratings as the pictures show them, by member (see `Delivery`)."""
        return await self._core.store.read(lambda conn: rating_rows.seat_ratings(conn, match))

    async def newcomers(self, match: Match) -> tuple[int, ...]:
        """The member to act in `match`, if they are on their first turn of their first
        match of its game (to be told how to play); else nobody."""
        return await self._core.store.read(lambda conn: self.newcomers_in(conn, match))

    @staticmethod
    async def newcomers_in(conn: Connection, match: Match) -> tuple[int, ...]:
        """`newcomers`, read in the caller's transaction: the member to act in `match` if
        it is their first turn (fewer turns played than there are seats) and they have
        played no other match of its game; else nobody."""
        member = match.to_act
        if member is None or is_engine(member) or match.turns >= len(match.seats):
            return ()
        if await match_rows.played_other_match(conn, member, match.game, match.id):
            return ()
        return (member,)

    async def standings(self, guild_id: int, game: str, limit: int = 20) -> list[Standing]:
        """The server's rated players in one game, best estimate first (players with the
        same displayed rating share a rank)."""
        wanted = game.strip().lower()
        found = await self._core.store.read(
            lambda conn: rating_rows.standings_rows(conn, guild_id, wanted, limit)
        )
        standings: list[Standing] = []
        for position, (member, mu, sigma, played, wins, draws, losses) in enumerate(found, 1):
            rating = display_rating(mu)
            tied = standings and standings[-1].rating == rating
            rank = standings[-1].rank if tied else position
            standings.append(Standing(rank, member, rating, mu, sigma, played, wins, draws, losses))
        return standings

    async def player_stats(self, guild_id: int, member_id: int) -> PlayerStats:
        """A member's ratings and results per game in one server, and their solo results."""

        async def rows(conn: Connection) -> tuple[list[tuple[Any, ...]], list[Any], int]:
            return (
                await rating_rows.stats_rows(conn, guild_id, member_id),
                await rating_rows.solo_rows(conn, guild_id, member_id),
                await match_rows.active_match_count(conn, member_id),
            )

        found, solo, active = await self._core.store.read(rows)
        per_game = tuple(
            GameStats(
                game,
                display_rating(mu),
                better + 1,
                played,
                wins,
                draws,
                losses,
                rating_label(mu, played),
            )
            for game, mu, played, wins, draws, losses, better in found
        )
        solos = tuple(
            SoloStats(game, played, int(won or 0), best) for game, played, won, best in solo
        )
        return PlayerStats(member_id, guild_id, per_game, active, solos)

    async def export(self, match_id: int, names: Mapping[int, str] | None = None) -> str:
        """The record as text: game, options, seed, players (`names` maps member ids to
        display names), dates, result, then the moves; `replay_export` rebuilds it."""
        return export_text(await self.match_record(match_id), names)


def _waiting_order(match: Match) -> tuple[bool, float, float]:
    """How urgently a match waits for its player to act: the deadline first (the nearest
    first), then the turn that began longest ago."""
    deadline = match.deadline.timestamp() if match.deadline else 0.0
    started = match.turn_started_at.timestamp() if match.turn_started_at else 0.0
    return match.deadline is None, deadline, started
