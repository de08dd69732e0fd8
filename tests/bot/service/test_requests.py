"""Every action counts once: a request seen again is answered with what it did, a commit
whose answer was lost is looked up before the player is answered, and a premove is
stored in the transaction of the move it answers (a process stopped between them leaves
neither)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import asyncpg
import pytest

from bot.match import rules
from bot.match.actions import GIVE_TIME, MOVE, OFFER_DRAW, Request
from bot.match.errors import CannotSave, PositionChanged
from bot.match.events import Proposed, TimeGiven
from bot.service import ChallengeRequest, MatchService
from bot.store.postgres import _BEGIN_WRITE, WRITE_LOCK
from tests.bot.service_fixtures import open_service, request, start_match


def first_legal(match):
    """The notation of the first legal move of the player to act."""
    state = match.state
    return state.format_move(state.legal_moves()[0])


async def notations(service: MatchService, match_id: int) -> list[str]:
    """The match's log as stored, in notation."""
    return [entry.notation for entry in (await service.queries.match_record(match_id)).log]


@pytest.mark.asyncio
async def test_a_handicap_move_sent_twice_is_logged_once_and_answered_twice(service):
    match = await start_match(
        service, game="shiftago", options={"variant": "expert", "handicap_turns": 2}
    )
    mover, move = match.to_act, first_legal(match)
    sent = request(MOVE, move, ply=match.ply)
    first = await service.play.act(match.id, mover, sent)
    assert first.match.to_act == mover  # a handicap round: the same player moves again
    again = await service.play.act(match.id, mover, sent)  # the reply was lost; sent again
    assert again.repeated and not first.repeated
    assert again.events == first.events and again.match.version == first.match.version
    assert await notations(service, match.id) == [move]
    with pytest.raises(PositionChanged):  # the same move asked anew at the old position
        await service.play.act(match.id, mover, request(MOVE, move, ply=match.ply))
    assert await notations(service, match.id) == [move]


@pytest.mark.asyncio
async def test_actions_without_a_log_line_count_once_too(service):
    match = await start_match(service)
    waiting = next(m for m in match.members if m != match.to_act)
    offer = request(OFFER_DRAW, ply=match.ply)
    offered = await service.play.act(match.id, waiting, offer)
    again = await service.play.act(match.id, waiting, offer)  # not "you already offered"
    assert again.repeated and again.events == (Proposed("draw", waiting),)
    assert again.match.proposal == offered.match.proposal
    gift = request(GIVE_TIME, hours=24, ply=match.ply)
    given = await service.play.act(match.id, waiting, gift)
    deadline = given.match.deadline
    assert deadline == match.deadline + timedelta(hours=24)
    repeated = await service.play.act(match.id, waiting, gift)
    assert repeated.repeated and repeated.events == (TimeGiven(given.seat, waiting, 24),)
    assert (await service.queries.get_match(match.id)).deadline == deadline  # given once
    assert await notations(service, match.id) == []


class LostCommit:
    """Makes the answer to the next write transaction's COMMIT get lost: its connection is
    closed after the real server committed (`after`) or before the COMMIT is sent."""

    def __init__(self, monkeypatch, *, after: bool) -> None:
        self.after = after
        self.armed = False
        self.writing: set[int] = set()
        real = asyncpg.connection.Connection.execute

        async def execute(conn, query, *args, **kwargs):
            if query == _BEGIN_WRITE:
                self.writing.add(id(conn))
            elif query == "COMMIT" and id(conn) in self.writing and self.armed:
                self.armed = False
                if self.after:
                    await real(conn, query, *args, **kwargs)
                conn.terminate()
                raise asyncpg.ConnectionDoesNotExistError("connection was closed")
            return await real(conn, query, *args, **kwargs)

        monkeypatch.setattr(asyncpg.connection.Connection, "execute", execute)


@pytest.mark.asyncio
async def test_a_commit_whose_answer_was_lost_after_it_committed_is_answered_as_done(
    postgres_databases, clock, monkeypatch, caplog
):
    service = await open_service(await postgres_databases.settings(), clock)
    try:
        match = await start_match(service)
        lost = LostCommit(monkeypatch, after=True)
        move = first_legal(match)
        sent = request(MOVE, move, ply=match.ply)
        lost.armed = True
        update = await service.play.act(match.id, match.to_act, sent)
        assert not lost.armed  # the answer to its COMMIT was lost
        assert not update.repeated and update.match.ply == match.ply + 1
        assert update.events[0].notation == move
        assert "was lost; it was saved" in caplog.text
        again = await service.play.act(match.id, match.to_act, sent)  # the player tries again
        assert again.repeated and await notations(service, match.id) == [move]
    finally:
        await service.close()


@pytest.mark.asyncio
async def test_a_commit_lost_before_it_reached_the_server_changed_nothing(
    postgres_databases, clock, monkeypatch
):
    service = await open_service(await postgres_databases.settings(), clock)
    try:
        match = await start_match(service)
        lost = LostCommit(monkeypatch, after=False)
        sent = request(MOVE, first_legal(match), ply=match.ply)
        lost.armed = True
        with pytest.raises(CannotSave, match="nothing was changed"):
            await service.play.act(match.id, match.to_act, sent)
        assert not lost.armed
        assert (await service.queries.get_match(match.id)).version == match.version
        moved = await service.play.act(match.id, match.to_act, sent)  # tried again: applied now
        assert not moved.repeated and await notations(service, match.id) == [sent.text]
    finally:
        await service.close()


class Killed(BaseException):
    """The process stopping in the middle of an action (nothing after it runs)."""


@pytest.mark.asyncio
async def test_a_stop_before_the_premove_loses_neither_move_and_a_restart_plays_both_once(
    databases, clock, monkeypatch
):
    settings = await databases.settings()
    service = await open_service(settings, clock)
    match = await start_match(service)
    mover = match.to_act
    waiter = next(m for m in match.members if m != mover)
    state = match.state
    theirs = state.legal_moves()[0]
    after = state.play(theirs)
    x, y = state.format_move(theirs), after.format_move(after.legal_moves()[0])
    await service.premoves.add_premove(match.id, waiter, x, y)
    real, calls = rules.decide, []

    def decide(*args, **kwargs):
        calls.append(args[1])
        if args[1] == waiter:  # deciding the premove, right after the move was decided
            raise Killed
        return real(*args, **kwargs)

    monkeypatch.setattr(rules, "decide", decide)
    try:
        with pytest.raises(Killed):
            await service.play.act(match.id, mover, request(MOVE, x, ply=match.ply))
    finally:
        await service.close()
    monkeypatch.setattr(rules, "decide", real)
    assert calls == [mover, waiter]
    restarted = await open_service(settings, clock)
    try:
        kept = await restarted.queries.get_match(match.id)
        assert kept.ply == match.ply  # neither move was kept...
        assert [
            (p.if_move, p.then_move) for p in await restarted.premoves.premoves(match.id, waiter)
        ] == [(x, y)]  # ...and the premove waits
        sent = request(MOVE, x, ply=kept.ply)  # the mover tries again
        update = await restarted.play.act(match.id, mover, sent)
        assert update.premove is not None and update.premove.actor_id == waiter
        assert await notations(restarted, match.id) == [x, y]
        again = await restarted.play.act(match.id, mover, sent)
        assert again.repeated and await notations(restarted, match.id) == [x, y]
        assert await restarted.premoves.premoves(match.id, waiter) == []
    finally:
        await restarted.close()


async def kept(service: MatchService, *sent: Request) -> set[str]:
    """The ids of the requests `sent` that the database keeps."""
    async with service.store.reading() as conn:
        rows = await conn.rows("SELECT request_id FROM match_requests")
    return {row["request_id"] for row in rows} & {made.request_id for made in sent}


@pytest.mark.asyncio
async def test_request_ids_are_kept_a_week_and_a_retry_within_it_is_a_repeat(service, clock):
    match = await start_match(service)
    old = request(MOVE, first_legal(match), ply=match.ply)
    match = (await service.play.act(match.id, match.to_act, old)).match
    clock.advance(days=6)
    recent = request(MOVE, first_legal(match), ply=match.ply)
    moved = await service.play.act(match.id, match.to_act, recent)
    assert await kept(service, old, recent) == {old.request_id, recent.request_id}
    clock.advance(days=1, seconds=1)  # the first is a week and a second old
    await service.clocks.tick()
    assert await kept(service, old, recent) == {recent.request_id}
    again = await service.play.act(match.id, moved.actor_id, recent)  # retried within the week
    assert again.repeated and again.match.version == moved.match.version
    assert await notations(service, match.id) == [old.text, recent.text]
    clock.advance(days=6)
    await service.clocks.tick()
    assert await kept(service, old, recent) == set()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "failure",
    [
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
        asyncpg.InternalClientError("cannot switch to state 15; another operation is in progress"),
    ],
)
async def test_nothing_after_a_commit_answered_turns_the_action_into_a_failure(
    postgres_databases, clock, monkeypatch, failure
):
    service = await open_service(await postgres_databases.settings(), clock)
    try:
        match = await start_match(service)
        # what the pool runs on every connection given back (asyncpg's rollback of a
        # transaction left open; the store asks for no reset query after it)
        real = asyncpg.connection.Connection._reset
        armed = {"on": True}

        async def reset(conn, *args, **kwargs):  # giving the connection back: the server died
            if armed["on"]:
                armed["on"] = False
                conn.terminate()
                raise failure
            return await real(conn, *args, **kwargs)

        monkeypatch.setattr(asyncpg.connection.Connection, "_reset", reset)
        sent = request(MOVE, first_legal(match), ply=match.ply)
        update = await service.play.act(match.id, match.to_act, sent)
        assert not armed["on"]  # the connection failed as it was given back
        assert not update.repeated and update.match.ply == match.ply + 1
        assert await notations(service, match.id) == [sent.text]
    finally:
        await service.close()


@pytest.mark.asyncio
async def test_a_challenge_whose_commit_answer_was_lost_is_looked_up(
    postgres_databases, clock, monkeypatch
):
    service = await open_service(await postgres_databases.settings(), clock)
    try:
        lost = LostCommit(monkeypatch, after=False)
        lost.armed = True
        with pytest.raises(CannotSave, match="nothing was changed"):
            await service.challenges.create_challenge(
                ChallengeRequest(1, 2, 3, "skift", opponents=[4], request_id="t:1")
            )
        assert await service.challenges.pending_challenges(guild_id=1) == []
        lost.after, lost.armed = True, True
        made = await service.challenges.create_challenge(
            ChallengeRequest(1, 2, 3, "skift", opponents=[4], request_id="t:2")
        )
        assert not lost.armed and made.challenger_id == 3 and made.invited == (4,)
        assert [c.id for c in await service.challenges.pending_challenges(guild_id=1)] == [made.id]
        lost.after, lost.armed = False, True
        with pytest.raises(CannotSave, match="nothing was changed"):
            await service.challenges.accept_challenge(made.id, 4)
        lost.after, lost.armed = True, True
        accepted = await service.challenges.accept_challenge(made.id, 4)
        assert not lost.armed and accepted.match is not None
    finally:
        await service.close()


@pytest.mark.asyncio
async def test_a_lost_commit_is_looked_up_under_the_write_lock(
    postgres_databases, clock, monkeypatch
):
    """A commit still on its way holds the write lock: the lookup waits for it. Here another
    connection takes the lock as the COMMIT's answer is lost, and records the request as
    applied (as the commit landing late would) before it lets go."""
    settings = await postgres_databases.settings()
    service = await open_service(settings, clock)
    side = await asyncpg.connect(settings.database_url)
    try:
        match = await start_match(service)
        sent = request(MOVE, first_legal(match), ply=match.ply)
        real = asyncpg.connection.Connection.execute
        armed = {"on": False}
        landed = []

        async def land_late() -> None:
            await asyncio.sleep(0.5)
            await real(side, "COMMIT")

        async def execute(conn, query, *args, **kwargs):
            if query == "COMMIT" and armed["on"] and conn is not side:
                armed["on"] = False
                conn.terminate()
                await real(side, f"BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})")
                await side.execute(
                    "INSERT INTO match_requests (request_id, match_id, member_id, action, "
                    "events, made_at) VALUES ($1, $2, $3, 'move', '[]', 0)",
                    sent.request_id,
                    match.id,
                    match.to_act,
                )
                landed.append(asyncio.create_task(land_late()))
                raise asyncpg.ConnectionDoesNotExistError("connection was closed")
            return await real(conn, query, *args, **kwargs)

        monkeypatch.setattr(asyncpg.connection.Connection, "execute", execute)
        armed["on"] = True
        update = await service.play.act(match.id, match.to_act, sent)  # saved, not "not saved"
        assert not armed["on"] and landed and landed[0].done()
        assert update.match.ply == match.ply + 1
    finally:
        await side.close()
        await service.close()
