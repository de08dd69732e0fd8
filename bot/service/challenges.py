"""Challenges: named or open seats, accept/join, decline, cancel, expiry, start of a match."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

import games
from bot.config import MAX_CLOCK_HOURS
from bot.service import challenge_rows, tables
from bot.service.base import ServiceBase, snapshot
from bot.service.errors import (
    BadOption,
    ChallengeClosed,
    ChannelBusy,
    LimitReached,
    NotAllowed,
    NotFound,
)
from bot.service.records import (
    DECLINED,
    EXPIRED,
    PENDING,
    STARTED,
    WITHDRAWN,
    Challenge,
    ChallengeUpdate,
    Match,
    MatchRules,
)
from games.wording import plural

_CLOSED_WORDS = {
    STARTED: "has already been accepted",
    DECLINED: "was declined",
    WITHDRAWN: "was withdrawn",
    EXPIRED: "has expired",
}


def check_clock(hours: int) -> int:
    """A clock in hours per move (0: none), or BadOption saying what is allowed."""
    if not isinstance(hours, int) or hours < 0:
        raise BadOption(f"A clock is a whole number of hours per move (0: none), not {hours!r}.")
    if hours > MAX_CLOCK_HOURS:
        raise BadOption(
            f"A clock can be at most {MAX_CLOCK_HOURS // 24} days per move, not {hours} hours."
        )
    return hours


class ChallengeMixin(ServiceBase):
    """Challenge methods of the match service."""

    async def create_challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        game: str,
        *,
        opponents: Sequence[int] = (),
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        clock_hours: int | None = None,
        auto_timeout: bool = False,
        takebacks: bool = True,
    ) -> Challenge:
        """Post a challenge in `channel_id`.

        `opponents` are invited by name; `players` is the total seat count (default: the
        challenger, the opponents, and for an open challenge the game's minimum); seats
        beyond the named ones are open to anyone. `options` are the game's options (values
        of options with `names_player` are join indexes: 0 the challenger, 1 the next to
        join...). `clock_hours`: None for the server's default, 0 for no clock, else hours
        per move. Raises BadOption, LimitReached, ChannelBusy (not the server's challenge
        channel), NotAllowed (challenging oneself).
        """
        try:
            game_rules = games.get(game)
        except KeyError as error:
            raise BadOption(error.args[0]) from None
        invited = list(dict.fromkeys(opponents))
        if challenger_id in invited:
            raise NotAllowed("You cannot challenge yourself.")
        seats = players or (1 + len(invited) if invited else game_rules.min_players)
        if seats < 1 + len(invited):
            raise BadOption(
                f"A challenge for {seats} players has no room for you and "
                f"{plural(len(invited), 'opponent')}."
            )
        try:
            game_rules.check_players(seats)
            resolved = game_rules.resolve_options(options)
            for option in game_rules.options:
                if option.names_player and resolved[option.name] >= seats:
                    raise ValueError(
                        f"Option {option.name} names player {resolved[option.name] + 1}, "
                        f"but only {seats} will play."
                    )
            game_rules.new(seats, seed=0, options=resolved)
        except ValueError as error:
            raise BadOption(str(error)) from None
        if clock_hours is not None:
            check_clock(clock_hours)
        now = self.now()
        async with self.store.transaction() as conn:
            guild = await self._guild_row(conn, guild_id)
            if guild["challenge_channel_id"] not in (None, channel_id):
                raise ChannelBusy(
                    f"Challenges in this server go in <#{guild['challenge_channel_id']}>."
                )
            hours = guild["clock_hours"] if clock_hours is None else clock_hours
            await self._check_active_limit(conn, challenger_id)
            await self._check_pending_limit(conn, challenger_id, now)
            expires = now + timedelta(days=self.settings.challenge_expiry_days)
            challenge_id = await challenge_rows.insert_challenge(
                conn,
                guild_id=guild_id,
                channel_id=channel_id,
                challenger_id=challenger_id,
                game=game_rules.name,
                players=seats,
                options=resolved,
                rules=MatchRules(hours, auto_timeout, takebacks),
                invited=invited,
                now=now,
                expires=expires,
            )
            return await challenge_rows.fetch_challenge(conn, challenge_id)

    async def accept_challenge(self, challenge_id: int, member_id: int) -> ChallengeUpdate:
        """Accept an invitation or take an open seat; the last seat filled starts the match.

        The started match has seats in random order and no channel yet: create its thread
        and call `attach_channel`. Raises NotFound, ChallengeClosed (also when expired),
        NotAllowed (not invited and no open seat, or already in), LimitReached.
        """
        now = self.now()
        async with self.store.transaction() as conn:
            challenge = await self._pending(conn, challenge_id, now)
            if member_id in challenge.joined:
                raise NotAllowed("You are already in this challenge.")
            if member_id not in challenge.invited and challenge.open_seats < 1:
                raise NotAllowed("This challenge has no open seat for you.")
            await self._check_active_limit(conn, member_id)
            if len(challenge.joined) + 1 == challenge.players:  # this answer starts the match
                for other in challenge.joined:
                    await self._check_active_limit(conn, other, starting=True)
            await conn.execute(
                "INSERT INTO challenge_members (challenge_id, member_id, invited, join_index) "
                "VALUES (?, ?, 0, ?) ON CONFLICT (challenge_id, member_id) "
                "DO UPDATE SET join_index = excluded.join_index",
                (challenge_id, member_id, len(challenge.joined)),
            )
            challenge = await challenge_rows.fetch_challenge(conn, challenge_id)
            match = None
            if len(challenge.joined) == challenge.players:
                match = await self._start(conn, challenge, now)
                challenge = await challenge_rows.fetch_challenge(conn, challenge_id)
            return ChallengeUpdate(challenge, match)

    async def decline_challenge(self, challenge_id: int, member_id: int) -> Challenge:
        """An invited member who has not joined yet declines (the challenge closes); one who
        has joined leaves their seat: a named seat stays theirs to take again or decline, an
        open seat is open again. Raises NotFound, ChallengeClosed, NotAllowed."""
        now = self.now()
        async with self.store.transaction() as conn:
            challenge = await self._pending(conn, challenge_id, now)
            if member_id == challenge.challenger_id:
                raise NotAllowed("You cannot decline your own challenge; withdraw it instead.")
            row = await tables.one(
                conn,
                "SELECT invited, join_index FROM challenge_members "
                "WHERE challenge_id = ? AND member_id = ?",
                (challenge_id, member_id),
            )
            if row is None:
                raise NotAllowed("You are not part of this challenge.")
            invited, join_index = row
            if join_index is None:  # named and not joined yet
                await self._close(conn, challenge_id, DECLINED)
            else:
                leave = (
                    "UPDATE challenge_members SET join_index = NULL"  # still named: theirs
                    if invited
                    else "DELETE FROM challenge_members"
                )
                await conn.execute(
                    f"{leave} WHERE challenge_id = ? AND member_id = ?", (challenge_id, member_id)
                )
                await conn.execute(
                    "UPDATE challenge_members SET join_index = join_index - 1 "
                    "WHERE challenge_id = ? AND join_index > ?",
                    (challenge_id, join_index),
                )
            return await challenge_rows.fetch_challenge(conn, challenge_id)

    async def cancel_challenge(self, challenge_id: int, member_id: int) -> Challenge:
        """The challenger withdraws a pending challenge. Raises NotFound, ChallengeClosed,
        NotAllowed."""
        now = self.now()
        async with self.store.transaction() as conn:
            challenge = await self._pending(conn, challenge_id, now)
            if member_id != challenge.challenger_id:
                raise NotAllowed("Only the challenger can withdraw this challenge.")
            await self._close(conn, challenge_id, WITHDRAWN)
            return await challenge_rows.fetch_challenge(conn, challenge_id)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> Challenge:
        """Remember the message that shows the challenge (to edit it after a restart)."""
        async with self.store.transaction() as conn:
            await conn.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
            )
            challenge = await challenge_rows.fetch_challenge(conn, challenge_id)
        if challenge is None:
            raise NotFound(f"There is no challenge #{challenge_id}.")
        return challenge

    async def get_challenge(self, challenge_id: int) -> Challenge:
        """A challenge by id. Raises NotFound."""
        async with self.store.reading() as conn:
            challenge = await challenge_rows.fetch_challenge(conn, challenge_id)
        if challenge is None:
            raise NotFound(f"There is no challenge #{challenge_id}.")
        return challenge

    async def pending_challenges(
        self, *, member_id: int | None = None, guild_id: int | None = None
    ) -> list[Challenge]:
        """Pending challenges a member made, joined or is invited to, and/or of one server,
        oldest first."""
        where = ["status = 'pending'", "expires_at > ?"]
        params: list[Any] = [tables.ts(self.now())]
        if member_id is not None:
            where.append("id IN (SELECT challenge_id FROM challenge_members WHERE member_id = ?)")
            params.append(member_id)
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        async with self.store.reading() as conn:
            return await challenge_rows.fetch_challenges(
                conn, " AND ".join(where) + " ORDER BY id", params
            )

    # --- shared steps ----------------------------------------------------------------------

    async def _pending(
        self, conn: aiosqlite.Connection, challenge_id: int, now: datetime
    ) -> Challenge:
        challenge = await challenge_rows.fetch_challenge(conn, challenge_id)
        if challenge is None:
            raise NotFound(f"There is no challenge #{challenge_id}.")
        if challenge.status != PENDING:
            words = _CLOSED_WORDS.get(challenge.status, "is closed")
            raise ChallengeClosed(f"Challenge #{challenge_id} {words}.")
        if challenge.expires_at <= now:
            raise ChallengeClosed(f"Challenge #{challenge_id} has expired.")
        return challenge

    @staticmethod
    async def _close(conn: aiosqlite.Connection, challenge_id: int, status: str) -> None:
        await conn.execute("UPDATE challenges SET status = ? WHERE id = ?", (status, challenge_id))

    async def _check_active_limit(
        self, conn: aiosqlite.Connection, member_id: int, *, starting: bool = False
    ) -> None:
        """LimitReached when the member already plays the most matches allowed at once;
        `starting`: they are another player of a match this answer would start."""
        active = await tables.active_match_count(conn, member_id)
        if active < self.settings.max_active_matches:
            return
        if starting:
            raise LimitReached(
                f"<@{member_id}> already plays {plural(active, 'match')}, the most allowed at "
                "once, so this match cannot start until they finish one."
            )
        raise LimitReached(
            f"You already play {plural(active, 'match')}, the most allowed at once; "
            "finish one first."
        )

    async def _check_pending_limit(
        self, conn: aiosqlite.Connection, member_id: int, now: datetime
    ) -> None:
        """LimitReached when the member already has the most pending challenges allowed."""
        (pending,) = await tables.one(
            conn,
            "SELECT COUNT(*) FROM challenges WHERE challenger_id = ? AND status = 'pending' "
            "AND expires_at > ?",
            (member_id, tables.ts(now)),
        )
        if pending >= self.settings.max_pending_challenges:
            raise LimitReached(
                f"You already have {plural(pending, 'open challenge')}, the most allowed; "
                "wait for answers or withdraw one."
            )

    async def _start(
        self, conn: aiosqlite.Connection, challenge: Challenge, now: datetime
    ) -> Match:
        """Seat the players in random order, make the first position from a stored seed."""
        game_rules = games.get(challenge.game)
        count = challenge.players
        seat_of_join = self._rng.sample(range(count), count)
        seed = self._rng.getrandbits(62)
        options = dict(challenge.options)
        for option in game_rules.options:
            if option.names_player:
                options[option.name] = seat_of_join[options[option.name]]
        state = game_rules.new(count, seed=seed, options=options)
        match_id = await tables.insert_match(
            conn, challenge, seed, seat_of_join, options, snapshot(state), now
        )
        await conn.execute(
            "UPDATE challenges SET status = 'started', match_id = ? WHERE id = ?",
            (match_id, challenge.id),
        )
        match = await tables.fetch_match(conn, match_id)
        columns = await self._turn_columns(conn, match, state, now, fresh=True)
        return await self._commit(conn, match, now, columns=columns, state=state)
