"""The challenges part of the service: named or open seats, accept/join, decline,
withdraw, rematch, and the start of a match when the last seat is taken (a solo challenge
starts at once; a league's match starts seated, `ChallengesPart.start_seated`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

import games
from bot.match import rules
from bot.match.engine_seats import people
from bot.match.errors import (
    BadOption,
    ChallengeClosed,
    ChannelBusy,
    LimitReached,
    NotAllowed,
    NotFound,
    OutcomeUnknown,
)
from bot.match.phrases import Channel, Member, Message
from bot.match.records import (
    DECLINED,
    DEFAULT_RULES,
    FINISHED,
    PENDING,
    STARTED,
    WITHDRAWN,
    Challenge,
    ChallengeUpdate,
    Match,
    MatchRules,
    Snapshot,
)
from bot.match.seating import seat_order, seated_options
from bot.service.base import Core
from bot.service.checks import check_clock, checked_setup
from bot.store import challenges as challenge_rows
from bot.store import matches as match_rows
from bot.store import members as member_rows
from bot.store import requests as request_rows
from bot.store.sql import Connection


@dataclass(frozen=True)
class ChallengeRequest:
    """What a member asks for when they challenge: one value, the same from every face.

    The challenge is posted in `channel_id` of server `guild_id` by `challenger_id`, to
    play `game`. `opponents` are invited by name; bot seats among them (ids from
    `bot.match.engine_seats.engine_members`) take their seats at once. `players` is the
    total seat count (default: the challenger, the opponents, and for an open challenge
    the game's minimum, at least two); seats beyond the named ones are open to anyone.
    `options` are the game's options (values of options with `names_player` are join
    indexes: 0 the challenger, 1 the next to join...). `rules` are the match's rules;
    with `server_clock` their clock is the server's default (hours per turn) instead (a
    time bank needs its starting time); with `server_timeout` whether a late turn ends
    the match by itself is the server's choice (`set_guild_auto_timeout`); with
    `server_weekends` whether clocks pause at weekends too (`set_guild_weekend_pause`).
    `seat_order` (member ids in seat order, every player named once) fixes who sits
    where; options naming a player then hold seats. `request_id` names the request, so
    that the same request seen again makes no second challenge (a face's interaction
    id: "discord:1234").
    """

    guild_id: int
    channel_id: int
    challenger_id: int
    game: str
    opponents: Sequence[int] = ()
    players: int | None = None
    options: Mapping[str, Any] | None = None
    rules: MatchRules = DEFAULT_RULES
    server_clock: bool = True
    server_timeout: bool = False
    server_weekends: bool = False
    seat_order: Sequence[int] | None = None
    request_id: str | None = None

    def __post_init__(self) -> None:
        # (kept as tuples: a list given would stay the caller's to change)
        object.__setattr__(self, "opponents", tuple(self.opponents))
        if self.seat_order is not None:
            object.__setattr__(self, "seat_order", tuple(self.seat_order))


class ChallengesPart:
    """Challenges and the matches they start, over the service's core."""

    def __init__(self, core: Core) -> None:
        self._core = core

    async def create_challenge(self, request: ChallengeRequest) -> Challenge:
        """Post the challenge `request` asks for (see `ChallengeRequest`); with its
        `request_id`, the challenge it made when that request was seen before (and when
        the database's answer to its commit was lost, the challenge it is found to have
        made, or CannotSave). A challenge whose every seat is taken (one player, a solo
        match, or only bots against the challenger) starts at once (it comes back
        started, with its `match_id`). Raises BadOption, LimitReached, ChannelBusy (not
        the server's challenge channel), NotAllowed (challenging oneself).
        """
        now = self._core.now()
        setup = _setup(request)
        request_id = request.request_id
        try:

            async def create(conn: Connection) -> Challenge:
                made = (
                    None
                    if request_id is None
                    else await request_rows.challenge_of(conn, request_id)
                )
                if made is not None:  # a retry: what it made the first time
                    return await self._challenge(conn, made)
                return await self._new_challenge(conn, now, setup, request)

            return await self._core.store.transact(create)
        except OutcomeUnknown as unknown:
            if request_id is None:
                raise
            return await self._challenge_made(request_id, unknown)

    async def _new_challenge(
        self, conn: Connection, now: datetime, setup: _Setup, request: ChallengeRequest
    ) -> Challenge:
        """`create_challenge`'s checks that read the database, and the challenge written,
        in the caller's write transaction (recorded under the request's id)."""
        guild_id, channel_id = request.guild_id, request.channel_id
        challenger_id, rules, seat_order = request.challenger_id, request.rules, request.seat_order
        default_clock, challenge_channel, _ = await self._core.guild_defaults(conn, guild_id)
        if challenge_channel not in (None, channel_id):
            raise ChannelBusy(
                Message("challenge.wrong_channel", channel=Channel(challenge_channel))
            )
        if request.server_clock:
            rules = replace(rules, clock_hours=default_clock)
        if request.server_timeout:
            auto = await member_rows.guild_auto_timeout(conn, guild_id)
            rules = replace(rules, auto_timeout=auto)
        if request.server_weekends:
            weekends = await member_rows.guild_weekend_pause(conn, guild_id)
            rules = replace(rules, weekend_pause=weekends)
        await self._check_active_limit(conn, challenger_id)
        await self._check_pending_limit(conn, challenger_id, now)
        for member in people(setup.invited):
            await self._check_welcome(conn, challenger_id, member, now)
        expires = now + timedelta(days=self._core.config.challenge_expiry_days)
        if seat_order is not None and sorted(seat_order) != sorted([challenger_id, *setup.invited]):
            raise BadOption(Message("challenge.seat_order"))
        challenge_id = await challenge_rows.insert_challenge(
            conn,
            guild_id=guild_id,
            channel_id=channel_id,
            challenger_id=challenger_id,
            game=setup.game.name,
            players=setup.seats,
            options=setup.options,
            rules=rules,
            invited=setup.invited,
            now=now,
            expires=expires,
            seat_order=seat_order,
        )
        if request.request_id is not None:
            await request_rows.record_challenge(conn, request.request_id, challenge_id, now)
        challenge = await self._challenge(conn, challenge_id)
        if len(challenge.joined) == setup.seats:  # solo, or every opponent a bot: it accepts
            await self._start(conn, challenge, now)
            challenge = await self._challenge(conn, challenge_id)
        return challenge

    async def _challenge_made(self, request_id: str, unknown: OutcomeUnknown) -> Challenge:
        """After a commit whose answer was lost: the challenge request `request_id` made
        or answered, if it was saved; else CannotSave (nothing was changed), or `unknown`
        itself when the database cannot be asked. Asked under the write lock, so that a
        commit still on its way is waited for (`Core.lookup_after_lost_commit`)."""
        made = await self._core.lookup_after_lost_commit(
            request_id, unknown, lambda conn: request_rows.challenge_of(conn, request_id)
        )
        return await self._core.store.read(lambda conn: self._challenge(conn, made))

    async def rematch(self, match_id: int, member_id: int, request_id: str) -> Challenge:
        """A player of an ended match challenges its other players again: the same game,
        options, clock and rules, the presser as challenger, the others invited by name,
        and sides rotated: everyone sits one seat on (in two-player games the sides swap,
        so the other player moves first). One write transaction reads whether a rematch
        was asked for already and writes this one, so two presses at once make one. The
        request `request_id` seen again (even while the first is still being posted) is
        answered with the challenge it made. Raises NotFound, NotAllowed (not a player, a
        solo, aborted or cancelled match, or a rematch already asked for), ChannelBusy,
        LimitReached."""
        now = self._core.now()
        try:

            async def challenge_again(conn: Connection) -> Challenge:
                made = await request_rows.challenge_of(conn, request_id)
                if made is not None:  # a retry: the challenge it made
                    return await self._challenge(conn, made)
                match = await self._core.fetch_known(conn, match_id)
                await self._check_no_rematch(conn, match, member_id)
                rotated = (*match.members[1:], match.members[0])  # everyone one seat on
                options = dict(match.options)
                for option in games.get(match.game).kind.options:
                    if option.names_player:  # the same player, in their seat of the rematch
                        options[option.name] = rotated.index(match.members[options[option.name]])
                again = ChallengeRequest(
                    match.guild_id,
                    match.origin_channel_id,
                    member_id,
                    match.game,
                    opponents=tuple(m for m in rotated if m != member_id),
                    players=len(rotated),
                    options=options,
                    rules=match.rules,
                    server_clock=False,
                    seat_order=rotated,
                    request_id=request_id,
                )
                return await self._new_challenge(conn, now, _setup(again), again)

            return await self._core.store.transact(challenge_again)
        except OutcomeUnknown as unknown:
            return await self._challenge_made(request_id, unknown)

    @staticmethod
    async def _check_no_rematch(conn: Connection, match: Match, member_id: int) -> None:
        """NotAllowed unless `member_id` may ask for a rematch of `match` now: a player of
        a match that ended with a result, when no rematch was asked for since."""
        if match.seat_of(member_id) is None:
            raise NotAllowed(Message("rematch.not_player", match=match.id))
        if match.status != FINISHED or match.solo or match.ended_at is None:
            raise NotAllowed(Message("rematch.no_result", match=match.id))
        since = await challenge_rows.challenges_among(
            conn, match.guild_id, match.game, match.members, match.ended_at
        )
        # not the match's own, nor one that could not be posted
        earlier = [c for c in since if c.match_id != match.id and not await _unseen(conn, c)]
        if earlier:
            raise NotAllowed(
                Message("rematch.already_asked", match=match.id, challenge=earlier[0].id)
            )

    async def accept_challenge(self, challenge_id: int, member_id: int) -> ChallengeUpdate:
        """Accept an invitation or take an open seat; the last seat filled starts the match.

        The started match has no channel yet: create its thread and call
        `attach_channel`. Accepting again (a retry, or a second press) is answered as the
        first time: the challenge, and the match it started (with its channel, once
        attached). Raises NotFound, ChallengeClosed (also when expired), NotAllowed (not
        invited and no open seat), LimitReached.
        """
        now = self._core.now()
        try:
            return await self._accepted(challenge_id, member_id, now)
        except OutcomeUnknown as unknown:
            return await self._core.lookup_after_lost_commit(
                f"accept of challenge {challenge_id} by {member_id}",
                unknown,
                lambda conn: self._seated(conn, challenge_id, member_id),
            )

    async def _seated(
        self, conn: Connection, challenge_id: int, member_id: int
    ) -> ChallengeUpdate | None:
        """The challenge and the match it started, when `member_id` has a seat in it
        (pending or started); else None."""
        challenge = await self._challenge(conn, challenge_id)
        if member_id not in challenge.joined or challenge.status not in (PENDING, STARTED):
            return None
        started = challenge.match_id
        match = None if started is None else await self._core.fetch_known(conn, started)
        return ChallengeUpdate(challenge, match)

    async def _accepted(self, challenge_id: int, member_id: int, now: datetime) -> ChallengeUpdate:
        """`accept_challenge` in one write transaction."""

        async def accept(conn: Connection) -> ChallengeUpdate:
            seated = await self._seated(conn, challenge_id, member_id)
            if seated is not None:
                return seated
            challenge = await self._pending(conn, challenge_id, now)
            if member_id not in challenge.invited and challenge.open_seats < 1:
                raise NotAllowed(Message("challenge.no_seat"))
            await self._check_active_limit(conn, member_id)
            if len(challenge.joined) + 1 == challenge.players:  # this answer starts the match
                for other in people(challenge.joined):
                    await self._check_active_limit(conn, other, starting=True)
            await challenge_rows.take_seat(conn, challenge_id, member_id, len(challenge.joined))
            challenge = await self._challenge(conn, challenge_id)
            match = None
            if len(challenge.joined) == challenge.players:
                match = await self._start(conn, challenge, now)
                challenge = await self._challenge(conn, challenge_id)
            return ChallengeUpdate(challenge, match)

        return await self._core.store.transact(accept)

    async def decline_challenge(
        self, challenge_id: int, member_id: int, request_id: str | None = None
    ) -> Challenge:
        """An invited member who has not joined yet declines (the challenge closes); one who
        has joined leaves their seat: a named seat stays theirs to take again or decline, an
        open seat is open again. The request `request_id` seen again (a retried leave must
        not decline) is answered with the challenge as it is. Raises NotFound,
        ChallengeClosed, NotAllowed."""
        now = self._core.now()
        try:
            return await self._declined(challenge_id, member_id, request_id, now)
        except OutcomeUnknown as unknown:
            if request_id is None:
                raise
            return await self._challenge_made(request_id, unknown)

    async def _declined(
        self, challenge_id: int, member_id: int, request_id: str | None, now: datetime
    ) -> Challenge:
        """`decline_challenge` in one write transaction."""

        async def decline(conn: Connection) -> Challenge:
            seen = None if request_id is None else await request_rows.challenge_of(conn, request_id)
            if seen is not None:  # a retry: done the first time
                return await self._challenge(conn, challenge_id)
            challenge = await self._pending(conn, challenge_id, now)
            if member_id == challenge.challenger_id:
                raise NotAllowed(Message("challenge.decline_own"))
            seat = await challenge_rows.membership(conn, challenge_id, member_id)
            if seat is None:
                raise NotAllowed(Message("challenge.not_part"))
            invited, join_index = seat
            if join_index is None:  # named and not joined yet
                await challenge_rows.set_status(conn, challenge_id, DECLINED)
            else:
                await challenge_rows.leave_seat(conn, challenge_id, member_id, invited, join_index)
            if request_id is not None:
                await request_rows.record_challenge(conn, request_id, challenge_id, now)
            return await self._challenge(conn, challenge_id)

        return await self._core.store.transact(decline)

    async def cancel_challenge(self, challenge_id: int, member_id: int) -> Challenge:
        """The challenger withdraws a pending challenge; withdrawing it again (a retry, or
        a second press) is answered as the first time. Raises NotFound, ChallengeClosed,
        NotAllowed."""
        now = self._core.now()

        async def cancel(conn: Connection) -> Challenge:
            challenge = await self._challenge(conn, challenge_id)
            if member_id == challenge.challenger_id and challenge.status == WITHDRAWN:
                return challenge
            challenge = await self._pending(conn, challenge_id, now)
            if member_id != challenge.challenger_id:
                raise NotAllowed(Message("challenge.withdraw_not_yours"))
            await challenge_rows.set_status(conn, challenge_id, WITHDRAWN)
            return await self._challenge(conn, challenge_id)

        return await self._core.store.transact(cancel)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> Challenge:
        """Remember the message that shows the challenge (to edit it after a restart)."""

        async def remember(conn: Connection) -> Challenge:
            await challenge_rows.set_message(conn, challenge_id, message_id)
            return await self._challenge(conn, challenge_id)

        return await self._core.store.transact(remember)

    async def get_challenge(self, challenge_id: int) -> Challenge:
        """A challenge by id. Raises NotFound."""
        return await self._core.store.read(lambda conn: self._challenge(conn, challenge_id))

    async def pending_challenges(
        self, *, member_id: int | None = None, guild_id: int | None = None
    ) -> list[Challenge]:
        """Pending challenges a member made, joined or is invited to, and/or of one server,
        oldest first."""
        return await self._core.store.read(
            lambda conn: challenge_rows.pending_challenges(
                conn, self._core.now(), member_id, guild_id
            )
        )

    # --- shared steps ----------------------------------------------------------------------

    @staticmethod
    async def _challenge(conn: Connection, challenge_id: int) -> Challenge:
        known = 0 < challenge_id < 2**62  # a number no challenge can have is none
        challenge = await challenge_rows.fetch_challenge(conn, challenge_id) if known else None
        if challenge is None:
            raise NotFound(Message("challenge.none", challenge=challenge_id))
        return challenge

    async def _pending(self, conn: Connection, challenge_id: int, now: datetime) -> Challenge:
        challenge = await self._challenge(conn, challenge_id)
        if challenge.status != PENDING:
            raise ChallengeClosed(
                Message(f"challenge.closed.{challenge.status}", challenge=challenge_id)
            )
        if challenge.expires_at <= now:
            raise ChallengeClosed(Message("challenge.closed.expired", challenge=challenge_id))
        return challenge

    async def _check_active_limit(
        self, conn: Connection, member_id: int, *, starting: bool = False
    ) -> None:
        """LimitReached when the member already plays the most matches allowed at once;
        `starting`: they are another player of a match this answer would start."""
        active = await match_rows.active_match_count(conn, member_id)
        if active < self._core.config.max_active_matches:
            return
        if starting:
            raise LimitReached(Message("limit.they_play", player=Member(member_id), matches=active))
        raise LimitReached(Message("limit.you_play", matches=active))

    async def _check_welcome(
        self, conn: Connection, challenger_id: int, member_id: int, now: datetime
    ) -> None:
        """NotAllowed when the member refuses challenges from the challenger (or from
        everyone), or the challenger named them in a challenge that did not start less than
        the cooldown ago (against repeated posts and pings of the same member)."""
        if await member_rows.refuses(conn, member_id, challenger_id):
            raise NotAllowed(Message("challenge.blocked", player=Member(member_id)))
        cooldown = timedelta(minutes=self._core.config.challenge_cooldown_minutes)
        last = await challenge_rows.last_named(conn, challenger_id, member_id, now - cooldown)
        if last is not None:
            wait = max(1, round((last + cooldown - now).total_seconds() / 60))
            raise LimitReached(Message("limit.cooldown", player=Member(member_id), minutes=wait))

    async def _check_pending_limit(self, conn: Connection, member_id: int, now: datetime) -> None:
        """LimitReached when the member already has the most pending challenges allowed."""
        pending = await challenge_rows.pending_count(conn, member_id, now)
        if pending >= self._core.config.max_pending_challenges:
            raise LimitReached(Message("limit.open_challenges", open_challenges=pending))

    async def start_seated(
        self,
        conn: Connection,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: Mapping[str, Any],
        rules: MatchRules,
        seats: tuple[int, ...],
        now: datetime,
    ) -> Match:
        """Start a match at once in the caller's transaction, in this seat order: a
        challenge with every player already seated (no challenge limits: a league's
        matches are agreed by joining)."""
        challenge_id = await challenge_rows.insert_challenge(
            conn,
            guild_id=guild_id,
            channel_id=channel_id,
            challenger_id=seats[0],
            game=game,
            players=len(seats),
            options=options,
            rules=rules,
            invited=[],
            now=now,
            expires=now,
            seat_order=seats,
        )
        for join_index, member in enumerate(seats[1:], 1):
            await challenge_rows.take_seat(conn, challenge_id, member, join_index)
        return await self._start(conn, await self._challenge(conn, challenge_id), now)

    async def _start(self, conn: Connection, challenge: Challenge, now: datetime) -> Match:
        """Seat the players (as the challenge fixes it, else a random first player, then
        round in join order), make the first position from a stored seed, and start the
        first turn's clock."""
        game = games.get(challenge.game)
        count = challenge.players
        if challenge.seat_order is not None:
            fixed = challenge.seat_order
            seat_of_join = [fixed.index(member) for member in challenge.joined]
            options = dict(challenge.options)  # options that name a player name a seat
        else:
            seat_of_join = seat_order(count, self._core.rng.randrange(count))
            options = seated_options(game, challenge.options, seat_of_join)
        seed = self._core.rng.getrandbits(62)
        state = game.new(count, seed=seed, options=options)
        match_id = await match_rows.insert_match(
            conn, challenge, seed, seat_of_join, options, Snapshot.of(state).text, now
        )
        await challenge_rows.set_status(conn, challenge.id, STARTED, match_id)
        match = await match_rows.fetch_match(conn, match_id)
        assert match is not None
        decision = rules.start(match, await self._core.situation(conn, match, now))
        return await self._core.store_decision(conn, match, decision, now)


@dataclass(frozen=True)
class _Setup:
    """A challenge's game, invited members, seats and options, checked (no database)."""

    game: games.Game
    invited: list[int]
    seats: int
    options: dict[str, Any]


def _setup(request: ChallengeRequest) -> _Setup:
    """The checks of a new challenge that need no database; BadOption or NotAllowed."""
    game, challenger_id, opponents = request.game, request.challenger_id, request.opponents
    players, options, rules = request.players, request.options, request.rules
    try:
        game_rules = games.get(game)
    except KeyError as error:
        raise BadOption(Message("game.refused", reason=error.args[0])) from None
    invited = list(dict.fromkeys(opponents))
    if challenger_id in invited:
        raise NotAllowed(Message("challenge.yourself"))
    seats = players or (1 + len(invited) if invited else max(2, game_rules.kind.min_players))
    resolved = checked_setup(game_rules, seats, len(invited), options)
    if not request.server_clock:
        check_clock(rules.clock_hours, rules.increment_hours, rules.cap_hours)
    elif rules.increment_hours is not None or rules.cap_hours is not None:
        raise BadOption(Message("clock.bank_needs_start"))
    return _Setup(game_rules, invited, seats, resolved)


async def _unseen(conn: Connection, challenge: Challenge) -> bool:
    """`Challenge.never_shown`, with the match it started read in the transaction `conn`."""
    started = None
    if challenge.match_id is not None and challenge.message_id is None:
        started = await match_rows.fetch_match(conn, challenge.match_id)
    return challenge.never_shown(started)
