"""The match service's core: the store, settings and clock, and the one step every match
action takes (`apply`): read the match, ask the match rules, store what they decided in
one transaction, and return the update with its events.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import random
import secrets
import socket
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import render
from bot.config import Settings
from bot.match import actions, premoves, rules
from bot.match.actions import InChannel, MatchAction, Request, ShownBefore
from bot.match.decision import Decision, Situation
from bot.match.errors import (
    CannotSave,
    MatchOver,
    NotFound,
    OutcomeUnknown,
    PositionChanged,
    ServiceError,
)
from bot.match.phrases import Message
from bot.match.records import Match, MatchUpdate
from bot.service.due import Due, due_time, warning_hours
from bot.store import Store
from bot.store import claims as claim_rows
from bot.store import leagues as league_rows
from bot.store import matches as match_rows
from bot.store import members as member_rows
from bot.store import notices as notice_rows
from bot.store import premoves as premove_rows
from bot.store import requests as request_rows
from bot.store.health import CANNOT_SAVE
from bot.store.ratings import apply_ratings
from bot.store.sql import Connection, Statement

log = logging.getLogger("shiftcord.service")
Clock = Callable[[], datetime]
#: What a request looked up after a lost commit found.
Found = TypeVar("Found")
#: What an action's caller adds to its update in the action's own transaction.
Inside = Callable[[Connection, MatchUpdate], Awaitable[MatchUpdate]]
#: The picture theme of servers and members that chose none.
DEFAULT_THEME = "default"
#: Actions whose decision needs the match's whole log.
_NEEDS_LOG = (actions.ASK_TAKEBACK, actions.GRANT_TAKEBACK)


def utc_now() -> datetime:
    """The current time, timezone-aware UTC (the default clock)."""
    return datetime.now(UTC)


def when(moment: datetime) -> str:
    """A time for messages: "2025-03-01 18:30 UTC"."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def background_request(match: Match, action: MatchAction, member_id: int | None = None) -> Request:
    """The request of an action the bot does by itself (a timeout, a league's deadline, a
    resignation when leaving a league, an admin's cancel) in the match as read: its id
    names the action, the match, its version (and the member), so that two processes
    doing it to the same version count once."""
    who = "" if member_id is None else f":{member_id}"
    key = f"{action.key}:{match.id}:{match.version}{who}"
    return Request(action, ply=match.ply, request_id=key)


def known_theme(name: str | None) -> str:
    """A stored picture theme if the renderer still has it, else "default"."""
    return name if name is not None and name in render.THEMES else DEFAULT_THEME


class Core:
    """The store, settings, clock and steps every part of the service shares (one per
    `MatchService`; the parts are built on it)."""

    def __init__(
        self,
        store: Store,
        config: Settings,
        *,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        #: The bot's settings (from the environment; members' and servers' own are
        #: `bot.service.settings`).
        self.config = config
        self._clock = clock
        #: Where seats and seeds are drawn from (seeded in tests).
        self.rng = rng or random.SystemRandom()
        #: This process as its claims on background work name it (`bot.store.claims`).
        self.worker = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    def now(self) -> datetime:
        """The service's current time (injectable for tests and the reminder task)."""
        return self._clock()

    async def close(self) -> None:
        """Give back the background work this process holds (other processes, or this
        one started again, take it at once), then close the database connection."""
        try:
            await self.store.transact(lambda conn: claim_rows.release_all(conn, self.worker))
        except Exception as error:  # the store cannot write: the leases run out instead
            log.warning("could not give back this process's claims on work: %s", error)
        await self.store.close()

    # --- background work, done once by one of several processes -----------------------

    def runs_guild(self, guild_id: int) -> bool:
        """Whether this process does the background work of server `guild_id` (it runs the
        server's shard; every server when SHARD_IDS is unset)."""
        return self.config.runs_guild(guild_id)

    async def claim(self, conn: Connection, kind: str, item: str, *, done: bool = False) -> bool:
        """Claim background work for this process, for WORK_LEASE_SECONDS, in the caller's
        transaction (with `done`, marked done at once); whether it is ours to do (see
        `bot.store.claims`)."""
        now = self.now()
        until = now + timedelta(seconds=self.config.work_lease_seconds)
        return await claim_rows.claim(conn, kind, item, self.worker, now, until, done=done)

    async def claim_all(
        self, conn: Connection, wanted: Sequence[tuple[str, str]], *, done: bool = False
    ) -> set[tuple[str, str]]:
        """Claim each piece of background work (`kind`, `item`) in `wanted` as `claim` does,
        in one round trip per hundred; those that are ours to do."""
        now = self.now()
        until = now + timedelta(seconds=self.config.work_lease_seconds)
        return await claim_rows.claim_all(conn, wanted, self.worker, now, until, done=done)

    async def claim_work(self, kind: str, item: str) -> bool:
        """Claim background work (`kind`, `item`) for this process; whether it is ours to do.
        Once done, `finish_work`; if it could not be done, `release_work`."""
        return await self.store.transact(lambda conn: self.claim(conn, kind, item))

    async def finish_work(self, kind: str, item: str) -> None:
        """Mark claimed background work done: no process does it again."""
        await self.store.transact(lambda conn: claim_rows.finish(conn, kind, item))

    async def release_work(self, kind: str, item: str) -> None:
        """Give back claimed background work that was not done, to be tried again."""
        await self.store.transact(lambda conn: claim_rows.release(conn, kind, item, self.worker))

    async def load(self, match_id: int) -> Match:
        """Match `match_id`, read in a transaction of its own, or NotFound."""
        return await self.store.read(lambda conn: self.fetch_known(conn, match_id))

    @staticmethod
    async def fetch_known(conn: Connection, match_id: int) -> Match:
        """Match `match_id`, or NotFound (also for a number no match can have)."""
        match = await match_rows.fetch_match(conn, match_id) if 0 < match_id < 2**62 else None
        if match is None:
            raise NotFound(Message("match.none", match=match_id))
        return match

    async def guild_defaults(self, conn: Connection, guild_id: int) -> tuple[int, int | None, str]:
        """A server's clock, challenge channel and picture theme, the bot's own where the
        server chose none."""
        clock, channel, theme = await member_rows.guild_row(conn, guild_id)
        hours = self.config.default_clock_hours if clock is None else clock
        return hours, channel, known_theme(theme)

    async def situation(
        self,
        conn: Connection,
        match: Match,
        now: datetime,
        members: member_rows.MatchMembers | None = None,
    ) -> Situation:
        """What the match rules need besides the match (its log aside): the time, its
        members on vacation now (with vacation days left in its server) and when they
        return, and their time zones; from what is known of its `members`
        (`member_rows.match_members`), read here when not given."""
        if members is None:
            members = await member_rows.match_members(conn, match.members)
        returns = {}
        for member, (started, ends) in members.away(now).items():
            if await self.pause_ends(conn, match.id, match.guild_id, member, started) > now:
                returns[member] = ends
        return Situation(now, frozenset(returns), zones=members.zones, returns=returns)

    async def pause_ends(
        self, conn: Connection, match_id: int, guild_id: int, member_id: int, started: datetime
    ) -> datetime:
        """When a vacation started at `started` stops pausing the member's clock in the
        match: once it has spent the days the server allows the member this year (the days
        of earlier vacations count), or in a league with a vacation cap, the days the
        member may be away during the match's round (earlier vacations in it count)."""
        left = await self.allowance(conn, guild_id) - await member_rows.days_used(
            conn, member_id, started
        )
        ends = started + timedelta(days=max(0.0, left))
        capped = await league_rows.vacation_cap(conn, match_id)
        if capped is not None:
            cap, round_began = capped
            since = max(started, round_began)
            gone = await member_rows.days_away(conn, member_id, round_began, since)
            ends = min(ends, since + timedelta(days=max(0.0, cap - gone)))
        return ends

    async def due_time(
        self,
        conn: Connection,
        match: Match,
        now: datetime,
        members: member_rows.MatchMembers | None = None,
    ) -> Due:
        """When the match's background work is next due, as it stands at `now`
        (`bot.service.due`), with the warnings its player to act chose (known from its
        `members` when given, else read)."""
        warnings: tuple[int, ...] = ()
        if match.active and match.to_act is not None and match.deadline is not None:
            if members is not None:
                chosen = members.warnings.get(match.to_act)
            else:
                row = await notice_rows.notice_row(conn, match.to_act)
                chosen = row[notice_rows.COLUMNS.index("warning_hours")]
            warnings = warning_hours(chosen)
        return due_time(
            match,
            now,
            after_seconds=self.config.reminder_after_hours * 3600.0,
            fraction=self.config.reminder_fraction_percent / 100,
            warnings=warnings,
        )

    async def allowance(self, conn: Connection, guild_id: int | None) -> int:
        """The vacation days a year the server allows each member (the bot's default for
        a server that chose none, or outside any server)."""
        chosen = await member_rows.guild_vacation_days(conn, guild_id)
        return self.config.vacation_days_per_year if chosen is None else chosen

    async def apply(
        self,
        target: Match | int | InChannel,
        actor: int | None,
        request: Request,
        *,
        inside: Inside | None = None,
    ) -> MatchUpdate:
        """Decide `request` by `actor` with the match rules and store the decision, all in
        one write transaction (refused, with nothing written, when the match changed
        meanwhile), recorded under the request's id: a request applied before is answered
        with what it did (`MatchUpdate.repeated`), not applied again. `target` is the
        match, its number, or the channel it lives in; a request's ply `ShownBefore` is
        read in the same transaction. A move answered by a premove is followed by the
        premove, decided by the same rules and stored in the same transaction
        (`MatchUpdate.premove`). `inside` adds to the update what else the caller needs,
        read in the same transaction. When the database's answer to the commit is lost,
        the request is looked up before answering."""
        now = self.now()
        update: MatchUpdate | None = None  # what was decided, kept for a lost commit

        async def decide_and_store(conn: Connection) -> MatchUpdate:
            nonlocal update
            update = await self._decide_and_store(conn, target, actor, request, now, inside)
            return update

        try:
            return await self.store.transact(decide_and_store)
        except OutcomeUnknown as unknown:
            await self._check_applied(request.request_id, unknown)
        assert update is not None  # (decided before the commit whose answer was lost)
        return update

    async def apply_each(self, matches: Sequence[Match], action: MatchAction) -> list[MatchUpdate]:
        """The bot's own `action` (a timeout) in each match as read, by its
        `background_request`, all in one write transaction: each decided and stored as
        `apply` does it (its request id, version check, log, ratings, league, premoves),
        one after the other, so a batch of due work costs one transaction, not one each.
        Left out: a match that changed since it was read or is over (its refusal is found
        before anything of it is written), and one whose request was applied before (by
        another process, which tells it). When the database's answer to the commit is lost,
        the first request applied is looked up before answering (all or none was saved)."""
        now = self.now()
        asked = [(match, background_request(match, action)) for match in matches]
        done: list[tuple[str, MatchUpdate]] = []

        async def decide_and_store_each(conn: Connection) -> None:
            for match, request in asked:
                try:
                    update = await self._decide_and_store(conn, match, None, request, now, None)
                except (PositionChanged, MatchOver):
                    continue  # someone acted meanwhile, or it ended: nothing written of it
                if not update.repeated:
                    done.append((request.request_id, update))

        try:
            await self.store.transact(decide_and_store_each)
        except OutcomeUnknown as unknown:
            if done:
                await self._check_applied(done[0][0], unknown)
        return [update for _, update in done]

    async def _decide_and_store(
        self,
        conn: Connection,
        target: Match | int | InChannel,
        actor: int | None,
        request: Request,
        now: datetime,
        inside: Inside | None,
    ) -> MatchUpdate:
        """The body of `apply`'s transaction: the request's earlier answer if it was applied
        before, else the decision of the match rules, stored (with a premove it answers)
        and recorded under the request's id. A refusal is raised before anything is
        written."""
        seen = await request_rows.applied(conn, request.request_id)
        if seen is not None:
            return await self._repeated(conn, seen)
        match = await self._target(conn, target)
        rules.check_active(match)
        if isinstance(request.ply, ShownBefore):
            request = dataclasses.replace(request, ply=await self._shown(conn, match, request.ply))
        members = await member_rows.match_members(conn, match.members)
        situation = await self.situation(conn, match, now, members)
        if request.action in _NEEDS_LOG:
            entries = await match_rows.fetch_log(conn, match)
            situation = dataclasses.replace(situation, log=entries)
        decision = rules.decide(match, actor, request, situation)
        mover = actor if request.action is actions.MOVE else None
        done = request_rows.Applied(match.id, actor, request.action.key, decision.events)
        stored = await self.store_decision(
            conn,
            match,
            decision,
            now,
            mover=mover,
            members=members,
            also=(request_rows.recorded(request.request_id, done, now),),
            read_here=not isinstance(target, Match),
        )
        update = _update(match, stored, decision, actor, request.action)
        if mover is not None and mover in situation.away:
            update = dataclasses.replace(update, back_from_vacation=True)
        premove = await self._settle_premoves(conn, match, decision)
        if premove is not None:
            answered = await self._play_premove(conn, stored, premove, request, situation, members)
            update = dataclasses.replace(update, premove=answered)
        if inside is not None:
            update = await inside(conn, update)
        return update

    async def _target(self, conn: Connection, target: Match | int | InChannel) -> Match:
        """The match an action is asked of: a record given (read by the caller; storing
        the decision refuses it if it changed since), else read by number or channel."""
        if isinstance(target, Match):
            return target
        if isinstance(target, int):
            return await self.fetch_known(conn, target)
        match = await match_rows.in_channel(conn, target.channel_id)
        if match is None:
            raise NotFound(Message("match.not_in_channel"))
        return match

    @staticmethod
    async def _shown(conn: Connection, match: Match, shown: ShownBefore) -> int:
        """The ply of the last board of the match shown before `shown.moment`; the
        current ply when no board is remembered."""
        ply = await match_rows.ply_shown_before(conn, match.id, shown.moment)
        return match.ply if ply is None else ply

    async def _repeated(self, conn: Connection, seen: request_rows.Applied) -> MatchUpdate:
        """The answer to a request applied before: what it did then, in the match as it
        is now."""
        match = await self.fetch_known(conn, seen.match_id)
        view = match.public_view()
        actor = seen.member_id
        return MatchUpdate(
            match=match,
            action=actions.action_named(seen.action),
            actor_id=actor,
            seat=match.seat_of(actor) if actor is not None else match.current_seat,
            before=view,
            after=view,
            events=seen.events,
            repeated=True,
        )

    async def _check_applied(self, request_id: str, unknown: OutcomeUnknown) -> None:
        """After a commit whose answer was lost: return when request `request_id` was
        applied; else CannotSave (nothing was changed), or `unknown` itself when the
        database cannot be asked (the player is told that it may have been saved)."""
        await self.lookup_after_lost_commit(
            request_id, unknown, lambda conn: request_rows.applied(conn, request_id)
        )

    async def lookup_after_lost_commit(
        self,
        request_id: str,
        unknown: OutcomeUnknown,
        look_up: Callable[[Connection], Coroutine[Any, Any, Found | None]],
    ) -> Found:
        """After a commit whose answer was lost: what request `request_id` did, read by
        `look_up` (None: it was not saved, and CannotSave says nothing was changed), or
        `unknown` itself when the database cannot be asked. The lookup takes the write
        lock, as a write transaction does (across processes too, on PostgreSQL): a commit
        still on its way holds it, so it is waited for rather than missed."""
        try:
            seen = await self.store.transact(look_up)
        except Exception as error:
            log.error("request %s may or may not have been saved: %s", request_id, error)
            raise unknown from error
        log.warning(
            "the database's answer to the commit of request %s was lost; it was %s",
            request_id,
            "saved" if seen is not None else "not saved",
        )
        if seen is None:
            raise CannotSave(CANNOT_SAVE) from unknown
        return seen

    @staticmethod
    async def _settle_premoves(
        conn: Connection, old: Match, decision: Decision
    ) -> premoves.Premove | None:
        """Drop the match's premoves when the decision changed its position or ended it,
        in the decision's own transaction; the one that answers the move played, if any."""
        if not premoves.settles(decision):
            return None
        stored = await premove_rows.of_match(conn, old.id)
        if stored:
            await premove_rows.clear(conn, old.id)
        return premoves.answer(old, decision, stored)

    async def _play_premove(
        self,
        conn: Connection,
        match: Match,
        premove: premoves.Premove,
        answered: Request,
        situation: Situation,
        members: member_rows.MatchMembers,
    ) -> MatchUpdate | None:
        """Play a premove in the transaction of the move it answers, decided by the match
        rules at the position it was checked against; None when they refuse it (it is
        dropped: it was for that position only). It counts as part of the `answered`
        request (recorded under its id) and does not end its owner's vacation (they did
        not come back)."""
        request = Request(
            actions.MOVE,
            premove.then_move,
            ply=premove.answer_ply,
            request_id=f"{answered.request_id}+premove",
        )
        try:
            decision = rules.decide(match, premove.member_id, request, situation)
        except ServiceError as error:
            log.info("match %s: premove of %s not played: %s", match.id, premove.member_id, error)
            return None
        stored = await self.store_decision(
            conn, match, decision, situation.now, members=members, read_here=True
        )
        return _update(match, stored, decision, premove.member_id, actions.MOVE)

    async def store_decision(
        self,
        conn: Connection,
        old: Match,
        decision: Decision,
        now: datetime,
        *,
        mover: int | None = None,
        members: member_rows.MatchMembers | None = None,
        also: Sequence[Statement] = (),
        read_here: bool = False,
    ) -> Match:
        """Write a decision over the match read as `old`: the record (version-checked),
        log lines, a seat leaving, the ratings of a rated ending, the end of the vacation
        of a member who moved (one open, when its `members` were read in this
        transaction) and the writes `also` asked for (the request's record); the match as
        stored. A lone log line and those writes go in one round trip (`run_together`),
        with the record when the match was `read_here`, in this transaction (writers run
        one at a time, so its version check cannot fail); else the record is written
        first, alone, so that a match changed since it was read is refused before
        anything of it is written."""
        new = decision.match
        due = await self.due_time(conn, new, now, members)
        lines = [(e.seat, e.kind, e.notation, e.sealed) for e in decision.entries]
        alone = len(lines) == 1 and decision.retire is None  # (its index is not needed)
        writes = [*([match_rows.log_line(old.id, lines[0], now)] if alone else []), *also]
        saved = match_rows.match_saved(old, new, due.at, due.warn_at)
        if read_here:
            writes.insert(0, saved)
        else:
            match_rows.check_saved(await conn.run(*saved))
        changed = await conn.run_together(writes)
        if read_here:
            match_rows.check_saved(changed[0])
        if old.active and not new.active:  # its league (if any) records it and moves on
            await league_rows.due_after_match(conn, old.id, now)
        last = None
        if lines and not alone:
            last = await match_rows.append_log(conn, old.id, lines, now)
        if decision.retire is not None and last is not None:
            await match_rows.retire_seat(conn, old.id, decision.retire[0], decision.retire[1], last)
        result = new.result
        rated = decision.rate and result is not None and result.ranks is not None
        if rated:
            assert result is not None and result.ranks is not None
            await apply_ratings(conn, new, result.ranks, result.winners, result.draw)
        if mover is not None and (members is None or mover in members.vacations):
            await member_rows.close_vacation(conn, mover, now)
        if rated or decision.retire is not None:  # the seats changed in the database too
            return await self._fetch(conn, old.id, decision)
        known = decision.state or new.state  # only the match's row changed: as written
        return dataclasses.replace(
            new, version=old.version + 1, snapshot=new.snapshot.knowing(known)
        )

    @staticmethod
    async def _fetch(conn: Connection, match_id: int, decision: Decision) -> Match:
        """The match as stored, its state taken from the decision (no need to parse it)."""
        stored = await match_rows.fetch_match(conn, match_id)
        assert stored is not None
        known = decision.state or decision.match.state
        return dataclasses.replace(stored, snapshot=stored.snapshot.knowing(known))


def _update(
    old: Match, stored: Match, decision: Decision, actor: int | None, action: MatchAction
) -> MatchUpdate:
    """What `action` by `actor` did: the decision over the match read as `old`, stored
    as `stored`."""
    return MatchUpdate(
        match=stored,
        action=action,
        actor_id=actor,
        seat=old.seat_of(actor) if actor is not None else old.current_seat,
        before=old.public_view(),
        after=(decision.state or old.state).view(None),
        events=decision.events,
        move=decision.move,
    )
