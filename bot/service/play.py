"""Playing a match: channel, moves, resignation, timeouts, abort and admin cancel."""

from __future__ import annotations

from datetime import datetime

import games
from bot.service import tables
from bot.service.base import Ending, ServiceBase, when
from bot.service.errors import (
    ChannelBusy,
    ClockError,
    IllegalMoveError,
    NotFound,
    NotYourTurn,
    PositionChanged,
    TooLate,
)
from bot.service.records import Match, MatchUpdate, MoveChoice
from bot.service.replay import MOVE, RETIRE
from games import IllegalMove, InvalidMove

_CHOICE_CACHE_SIZE = 64


def _seat_name(match: Match, seat: int | None) -> str:
    """The seat's name in the game (its colour): stored reasons must read well anywhere."""
    return games.get(match.game).seat_name(seat or 0)


def _squash(text: str) -> str:
    """Notation compared loosely: lower case, without spaces and dashes."""
    return "".join(ch for ch in text.lower() if ch not in " -")


class PlayMixin(ServiceBase):
    """Match actions of the match service."""

    async def attach_channel(self, match_id: int, channel_id: int) -> Match:
        """Bind a started match to its thread (or channel). Raises NotFound, MatchOver,
        ChannelBusy (another active match lives there)."""
        async with self.store.transaction() as conn:
            self._check_active(match_id, await tables.fetch_match(conn, match_id))
            other = await tables.one(
                conn,
                "SELECT id FROM matches WHERE channel_id = ? AND status = 'active' AND id != ?",
                (channel_id, match_id),
            )
            if other is not None:
                raise ChannelBusy(
                    f"Match #{other[0]} is already being played here; one match per channel "
                    "or thread."
                )
            await conn.execute(
                "UPDATE matches SET channel_id = ? WHERE id = ?", (channel_id, match_id)
            )
            return await tables.fetch_match(conn, match_id)

    async def legal_moves(
        self, match_id: int, member_id: int, prefix: str = "", limit: int = 25
    ) -> list[MoveChoice]:
        """Legal moves of the member to act whose notation starts with `prefix` (case,
        spaces and dashes ignored), at most `limit`. Empty for anybody else or a finished
        match."""
        try:
            match = await self._load(match_id)
        except NotFound:
            return []
        if not match.active or match.to_act != member_id:
            return []
        key = (match.id, match.version)
        choices = self._choices.get(key)
        if choices is None:  # shown only to the player to act: in words of their own view
            state = match._state
            own = match.view_for(match.current_seat)
            choices = [
                MoveChoice(state.format_move(m), own.describe_move(m)) for m in state.legal_moves()
            ]
            self._choices[key] = choices
            if len(self._choices) > _CHOICE_CACHE_SIZE:
                self._choices.popitem(last=False)
        wanted = _squash(prefix)
        return [c for c in choices if _squash(c.notation).startswith(wanted)][:limit]

    async def move(
        self, match_id: int, member_id: int, text: str, *, ply: int | None = None
    ) -> MatchUpdate:
        """Play the move typed as `text`. `ply`, if given, is the ply the player saw: when
        the match has moved on since, PositionChanged is raised. The log entry and the new
        snapshot are written in one transaction; a move ends the mover's vacation.

        Raises NotFound, MatchOver, NotAllowed, NotYourTurn, IllegalMoveError,
        PositionChanged.
        """
        match = await self._load_active(match_id)
        seat = self._player_seat(match, member_id)
        if ply is not None and ply != match.ply:
            raise PositionChanged(
                f"The position changed since you looked (move {ply} then, {match.ply} now). "
                "Look at the board again."
            )
        if match.current_seat != seat:
            raise NotYourTurn(f"It is <@{match.to_act}>'s turn in match #{match.id}, not yours.")
        state = match._state
        try:
            chosen = state.parse_move(text)
            after = state.play(chosen)
        except (InvalidMove, IllegalMove) as error:
            raise IllegalMoveError(str(error)) from error
        public = state.view(None)  # the announcement: only what everybody may know
        notation = state.format_move(chosen)
        now = self.now()
        async with self.store.transaction() as conn:
            stored = await self._advance(
                conn,
                match,
                after,
                now,
                entries=[(seat, MOVE, notation)],
                playing=self._playing(match),
                mover=member_id,
            )
        return MatchUpdate(
            match=stored,
            action="move",
            actor_id=member_id,
            seat=seat,
            before=public,
            after=after.view(None),
            move=chosen,
            notation=public.format_move(chosen),
            words=public.describe_move(chosen),
        )

    async def resign(self, match_id: int, member_id: int) -> MatchUpdate:
        """Resign. With 3+ players the others play on where the game allows it (the seat
        retires), else the match ends with the resigner last. Raises NotFound, MatchOver,
        NotAllowed."""
        match = await self._load_active(match_id)
        seat = self._player_seat(match, member_id)
        reason = f"{_seat_name(match, seat)} resigned."
        return await self._leave(match, seat, "resign", reason, member_id)

    async def claim_timeout(self, match_id: int, member_id: int) -> MatchUpdate:
        """A waiting player claims the win when the player to act ran out of time (with 3+
        players that seat retires where the game allows). Raises ClockError."""
        match = await self._load_active(match_id)
        seat = self._player_seat(match, member_id)
        now = self.now()
        if not match.rules.clock_hours:
            raise ClockError(f"Match #{match.id} has no clock, so there is no timeout to claim.")
        if match.current_seat == seat:
            raise ClockError("It is your own turn: move instead of claiming a timeout.")
        if match.paused:
            raise ClockError(f"<@{match.to_act}> is on vacation; their clock is paused.")
        if match.deadline is not None and now < match.deadline:
            raise ClockError(f"<@{match.to_act}> still has time until {when(match.deadline)}.")
        return await self._time_out(match, now, member_id)

    async def _time_out(self, match: Match, now: datetime, actor_id: int | None) -> MatchUpdate:
        """End the turn of the seat whose time ran out: it retires or the match ends."""
        reason = f"{_seat_name(match, match.current_seat)} ran out of time."
        return await self._leave(match, match.current_seat, "timeout", reason, actor_id, now)

    async def _leave(
        self,
        match: Match,
        seat: int,
        how: str,
        reason: str,
        actor_id: int | None,
        now: datetime | None = None,
    ) -> MatchUpdate:
        """`seat` leaves (resigns or times out): the others go on if the game allows it."""
        now = now or self.now()
        state = match._state
        playing = self._playing(match)
        after = state.retire(seat) if len(playing) > 2 else None
        async with self.store.transaction() as conn:
            if after is None:
                others = [s for s in playing if s != seat]
                ending = Ending(how, reason, dict.fromkeys(others, 1), others, leaver=seat)
                stored = await self._commit(conn, match, now, ending=ending)
            else:
                stored = await self._advance(
                    conn,
                    match,
                    after,
                    now,
                    entries=[(seat, RETIRE, how)],
                    playing=self._playing(match, without=seat),
                    fresh=match.current_seat == seat,
                    retire=(seat, how),
                )
        return MatchUpdate(
            match=stored,
            action=how,
            actor_id=actor_id,
            seat=seat,
            before=state.view(None),
            after=(after or state).view(None),
        )

    async def abort(self, match_id: int, member_id: int) -> MatchUpdate:
        """Abort an unrated match before every player has made a first move. Raises TooLate."""
        match = await self._load_active(match_id)
        seat = self._player_seat(match, member_id)
        if match.ply >= len(match.seats):
            raise TooLate(
                "A match can only be aborted before every player has made a first move; "
                "resign or offer a draw instead."
            )
        reason = f"{_seat_name(match, seat)} aborted the match."
        return await self._end_unrated(match, "abort", reason, member_id)

    async def cancel_match(self, match_id: int, guild_id: int, admin_id: int) -> MatchUpdate:
        """A server admin (checked by the caller) cancels an active match: unrated."""
        match = await self._load_active(match_id)
        if match.guild_id != guild_id:
            raise NotFound(f"There is no match #{match_id} in this server.")
        reason = "A server admin cancelled the match."
        return await self._end_unrated(match, "cancel", reason, admin_id)

    async def _end_unrated(self, match: Match, how: str, reason: str, actor_id: int) -> MatchUpdate:
        now = self.now()
        async with self.store.transaction() as conn:
            stored = await self._commit(conn, match, now, ending=Ending(how, reason, None))
        view = match.public_view()
        return MatchUpdate(stored, how, actor_id, match.seat_of(actor_id), view, view)
