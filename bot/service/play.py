"""The play part of the service: every match action through `act` (with what posting its
news needs), a move's preview, the legal moves for autocomplete, the thread a match lives
in, and an admin's cancel."""

from __future__ import annotations

import asyncio
import dataclasses

from cachetools import LRUCache

import render
from bot.match import actions, rules
from bot.match.actions import InChannel, Request
from bot.match.decision import Situation
from bot.match.delivery import news, notified
from bot.match.engine_seats import is_engine
from bot.match.errors import ChannelBusy, NotAllowed, NotFound
from bot.match.phrases import Message
from bot.match.records import Delivery, Direct, Match, MatchUpdate, MoveChoice
from bot.match.rules import check_active
from bot.service.base import Core, background_request, known_theme
from bot.service.notices import is_quiet, notices_from
from bot.service.queries import QueriesPart
from bot.store import matches as match_rows
from bot.store import members as member_rows
from bot.store import notices as notice_rows
from bot.store import ratings as rating_rows
from bot.store.sql import Connection
from games import GameState

#: How many positions' legal moves autocomplete keeps (the most recently used).
CHOICES_KEPT = 64


def _move_choices(match: Match) -> list[MoveChoice]:
    """Every legal move of the member to act, with its words: those of their own view (the
    list is shown only to them)."""
    assert match.current_seat is not None  # (a match with a member to act)
    state = match.state
    own = match.in_words(match.view_for(match.current_seat))
    return [MoveChoice(state.format_move(m), own.describe_move(m)) for m in state.legal_moves()]


def _squash(text: str) -> str:
    """Notation compared loosely: lower case, without spaces and dashes."""
    return "".join(ch for ch in text.lower() if ch not in " -")


class PlayPart:
    """Playing matches, over the service's core; the queries part tells who is new to a
    game (told how to play in an action's delivery)."""

    def __init__(self, core: Core, queries: QueriesPart) -> None:
        self._core = core
        self._queries = queries
        #: Legal moves for autocomplete, by (match, version): typing asks again and again.
        self._choices: LRUCache[tuple[int, int], list[MoveChoice]] = LRUCache(CHOICES_KEPT)
        #: The listings of legal moves under way, by (match, version).
        self._listing: dict[tuple[int, int], asyncio.Future[list[MoveChoice]]] = {}

    async def act(
        self,
        match: int | InChannel,
        member_id: int,
        request: Request,
        *,
        deliver: bool = False,
    ) -> MatchUpdate:
        """Do `request` in the match (by number, or the one living in a channel) for the
        member: a move, resigning, a draw offer or answer, a takeback, abort, a timeout
        claim. The match rules decide; what they decided is stored in one transaction (a
        move ends the mover's vacation). With `deliver`, the update also carries what
        posting its news needs (`MatchUpdate.delivery`), read in the same transaction.

        Raises NotFound, MatchOver, NotAllowed, NotYourTurn, IllegalMoveError,
        PositionChanged, NoProposal, TakebackRefused, TooLate or ClockError.
        """
        return await self._core.apply(
            match, member_id, request, inside=self._delivering if deliver else None
        )

    async def delivery(self, update: MatchUpdate) -> MatchUpdate:
        """The update with what posting its news needs, for news posted apart from the
        action (the clock's, the engine's); nobody is told of a refused DM here."""
        return await self._core.store.read(lambda conn: self._delivering(conn, update, tell=False))

    async def _delivering(
        self, conn: Connection, update: MatchUpdate, *, tell: bool = True
    ) -> MatchUpdate:
        """`update` with its `Delivery`, read (and a refused DM's telling written) in the
        caller's transaction."""
        match, actor = update.match, update.actor_id
        own, server = await member_rows.themes(conn, match.guild_id, actor)
        theme = known_theme(server)
        now = self._core.now()
        receivers, last = notified(update), news(update)[-1].match
        by_dm = []
        for member in sorted(receivers):
            notices = notices_from(await notice_rows.notice_row(conn, member))
            if notices.by_dm:
                by_dm.append((member, notices))
        locales = await member_rows.member_locales(conn, [member for member, _ in by_dm])
        direct = [
            Direct(member, notices.dm == "instead", is_quiet(notices, now), locales.get(member))
            for member, notices in by_dm
        ]
        person = actor is not None and not is_engine(actor)
        told = tell and person and await notice_rows.take_untold_refusal(conn, actor or 0)
        delivery = Delivery(
            theme=theme,
            own_theme=own if own in render.THEMES else theme,
            direct=tuple(direct),
            tell_dm_refused=told,
            ratings=await rating_rows.seat_ratings(conn, match),
            newcomers=await self._queries.newcomers_in(conn, last)
            if last.to_act in receivers
            else (),
        )
        return dataclasses.replace(update, delivery=delivery)

    async def preview_move(
        self, match_id: int, member_id: int, text: str
    ) -> tuple[Match, GameState, str]:
        """What the member's move `text` would do, without playing it: the match as it is,
        the position after the move as the mover would see it (the public view, or their
        own in a game with hidden information) and the move's notation, to play it later
        with `act(...)` at `match.ply`. The match rules check it as they check a move; a
        move that brings to light something hidden or left to chance (a card drawn) is
        refused, since a preview would show it before it is played.

        Raises NotFound, MatchOver, NotAllowed, NotYourTurn or IllegalMoveError.
        """
        now = self._core.now()

        async def current(conn: Connection) -> tuple[Match, Situation]:
            match = check_active(await self._core.fetch_known(conn, match_id))
            return match, await self._core.situation(conn, match, now)

        match, situation = await self._core.store.read(current)
        request = Request(actions.MOVE, text, ply=match.ply, request_id="preview")  # never applied
        decision = rules.decide(match, member_id, request, situation)
        state, seat = match.state, match.seat_of(member_id)
        assert decision.move is not None and decision.state is not None and seat is not None
        if state.reveals(decision.move):
            raise NotAllowed(Message("preview.reveals"))
        after = decision.state.view(seat if match.has_secrets else None)
        return match, after, state.format_move(decision.move)

    async def cancel_match(self, match_id: int, guild_id: int, admin_id: int) -> MatchUpdate:
        """A server admin (checked by the caller) cancels an active match: unrated."""
        match = await self._core.load(match_id)
        if match.guild_id != guild_id:
            raise NotFound(Message("match.none_here", match=match_id))
        return await self._core.apply(match, admin_id, background_request(match, actions.CANCEL))

    async def attach_channel(self, match_id: int, channel_id: int) -> Match:
        """Bind a started match to its thread (or channel). Raises NotFound, MatchOver,
        ChannelBusy (another active match lives there)."""

        async def attach(conn: Connection) -> Match:
            check_active(await self._core.fetch_known(conn, match_id))
            other = await match_rows.in_channel(conn, channel_id)
            if other is not None and other.id != match_id:
                raise ChannelBusy(Message("match.channel_busy", match=other.id))
            await match_rows.set_channel(conn, match_id, channel_id)
            return await self._core.fetch_known(conn, match_id)

        return await self._core.store.transact(attach)

    async def matches_living_in(self, channel_id: int) -> list[Match]:
        """Active matches whose thread is `channel_id` or that were challenged in it (what
        a deleted thread or channel leaves without a home)."""
        return await self._core.store.read(lambda conn: match_rows.living_in(conn, channel_id))

    async def lose_channel(self, match_id: int) -> Match:
        """The match's thread is gone and no new one can be made: it is played by number
        (`/move match:N`) until it gets a thread again (`attach_channel`)."""

        async def lose(conn: Connection) -> Match:
            await match_rows.set_channel(conn, match_id, None)
            return await self._core.fetch_known(conn, match_id)

        return await self._core.store.transact(lose)

    async def legal_moves(
        self, match_id: int, member_id: int, prefix: str = "", limit: int = 25
    ) -> list[MoveChoice]:
        """Legal moves of the member to act whose notation starts with `prefix` (case,
        spaces and dashes ignored), at most `limit`. Empty for anybody else or a finished
        match."""
        try:
            match = await self._core.load(match_id)
        except NotFound:
            return []
        if not match.active or match.to_act != member_id or match.current_seat is None:
            return []
        key = (match.id, match.version)
        choices = self._choices.get(key)
        if choices is None:
            choices = await self._listed(key, match)
        wanted = _squash(prefix)
        return [c for c in choices if _squash(c.notation).startswith(wanted)][:limit]

    async def _listed(self, key: tuple[int, int], match: Match) -> list[MoveChoice]:
        """The legal moves of `match` for autocomplete, listed in a thread (a position of
        many moves takes long): a caller that stops waiting (autocomplete's time is up)
        leaves the listing to finish and be kept for the next keypress, and callers at
        once share one listing."""
        listing = self._listing.get(key)
        if listing is None:
            listing = asyncio.ensure_future(asyncio.to_thread(_move_choices, match))
            self._listing[key] = listing

            def keep(done: asyncio.Future[list[MoveChoice]]) -> None:
                self._listing.pop(key, None)
                if not done.cancelled() and done.exception() is None:
                    self._choices[key] = done.result()

            listing.add_done_callback(keep)
        return await asyncio.shield(listing)
