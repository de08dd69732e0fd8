"""The SQLite store: pragmas, migrations, refusal of newer databases, append-only log,
transactions (a match action's run whole in one call to the database thread) and the online
backup."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot.config import Settings
from bot.match.actions import MOVE
from bot.match.errors import CannotSave
from bot.service import ChallengeRequest
from bot.service.reports import Post
from bot.store import SqliteStore, StoreError, backup, migrations
from bot.store.migrations import LATEST, DatabaseTooNew
from bot.store.sql import Connection
from tests.bot.service_fixtures import (
    CHANNEL,
    GUILD,
    FakeClock,
    open_service,
    request,
    start_match,
)

#: Tests of the SQLite file itself; PostgreSQL has its own in test_postgres.py.
pytestmark = pytest.mark.sqlite_only


async def scalar(store: SqliteStore, sql: str) -> object:
    async with store.conn.execute(sql) as cursor:
        return (await cursor.fetchone())[0]


@pytest.mark.asyncio
async def test_open_creates_the_file_with_wal_full_sync_and_foreign_keys(tmp_path):
    path = tmp_path / "data" / "shiftcord.sqlite3"
    store = await SqliteStore.open(path, busy_timeout_ms=1234)
    try:
        assert path.exists()
        assert await scalar(store, "PRAGMA journal_mode") == "wal"
        assert await scalar(store, "PRAGMA synchronous") == 2  # FULL
        assert await scalar(store, "PRAGMA foreign_keys") == 1
        assert await scalar(store, "PRAGMA busy_timeout") == 1234
        assert await scalar(store, "PRAGMA user_version") == LATEST
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_reopening_keeps_data_and_version(tmp_path):
    path = tmp_path / "db.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as conn:
        await conn.run("INSERT INTO members (member_id, reminders) VALUES (1, 0)")
    await store.close()
    store = await SqliteStore.open(path)
    try:
        assert await scalar(store, "SELECT reminders FROM members WHERE member_id = 1") == 0
        assert await scalar(store, "PRAGMA user_version") == LATEST
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_database_from_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {LATEST + 5}")
    with pytest.raises(DatabaseTooNew, match="newer Shiftcord"):
        await SqliteStore.open(path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST + 5
        assert raw.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # untouched


@pytest.mark.asyncio
async def test_a_file_that_is_not_a_database_is_refused_with_its_name(tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"these are not the pages you are looking for" * 100)
    with pytest.raises(StoreError, match="notes.sqlite3 cannot be opened"):
        await SqliteStore.open(path)


@pytest.mark.asyncio
async def test_a_version_1_database_is_migrated_keeping_its_rows(tmp_path, monkeypatch):
    path = tmp_path / "db.sqlite3"
    with monkeypatch.context() as old_code:  # the Shiftcord that knew only version 1
        old_code.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:1])
        old_code.setattr(migrations, "LATEST", 1)
        store = await SqliteStore.open(path)
        async with store.transaction() as conn:
            await conn.run("INSERT INTO members (member_id, reminders) VALUES (7, 0)")
            await conn.run("INSERT INTO guilds (guild_id, clock_hours) VALUES (8, 48)")
        await store.close()
    store = await SqliteStore.open(path)
    try:
        assert await scalar(store, "PRAGMA user_version") == LATEST == 22
        rows = await store.conn.execute_fetchall(
            "SELECT m.reminders, m.picture_theme, g.clock_hours, g.picture_theme, "
            "g.league_role FROM members m, guilds g"
        )
        assert [tuple(row) for row in rows] == [(0, None, 48, None, None)]
        plan = await store.conn.execute_fetchall(
            "EXPLAIN QUERY PLAN SELECT id FROM matches WHERE channel_id = 5 ORDER BY id DESC"
        )
        assert "matches_by_channel" in str([tuple(row) for row in plan])
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_failing_migration_leaves_the_database_at_the_last_whole_version(
    tmp_path, monkeypatch
):
    path = tmp_path / "db.sqlite3"
    await (await SqliteStore.open(path)).close()
    broken = ("CREATE TABLE half_done (x INTEGER)", "CREATE TABLE broken (")
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, broken))
    monkeypatch.setattr(migrations, "LATEST", LATEST + 1)
    with pytest.raises(StoreError, match="cannot be opened"):
        await SqliteStore.open(path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    assert "half_done" not in tables


@pytest.mark.asyncio
async def test_the_move_log_is_append_only(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        async with store.transaction() as conn:
            await conn.run(
                "INSERT INTO matches (guild_id, origin_channel_id, game, options, seed, "
                "players, clock_hours, auto_timeout, takebacks, status, snapshot, created_at) "
                "VALUES (1, 1, 'skift', '{}', 0, 2, 0, 0, 1, 'active', '{}', 0)"
            )
            await conn.run(
                "INSERT INTO moves (match_id, idx, seat, kind, notation, at) "
                "VALUES (1, 0, 0, 'move', 'pass', 0)"
            )
        for statement in ("UPDATE moves SET notation = 'x'", "DELETE FROM moves"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                async with store.transaction() as conn:
                    await conn.run(statement)
        assert await scalar(store, "SELECT notation FROM moves") == "pass"
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_an_error_inside_a_transaction_rolls_everything_back(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        with pytest.raises(RuntimeError):
            async with store.transaction() as conn:
                await conn.run("INSERT INTO members (member_id) VALUES (5)")
                raise RuntimeError("refused after the first write")
        assert await scalar(store, "SELECT COUNT(*) FROM members") == 0
        assert not store.conn.in_transaction
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_cancelled_transaction_never_leaves_the_connection_inside_one(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")

    async def insert(member: int) -> None:
        async with store.transaction() as conn:
            await conn.run("INSERT INTO members (member_id) VALUES (?)", (member,))
            await conn.run("UPDATE members SET reminders = 0 WHERE member_id = ?", (member,))

    try:
        for steps in range(12):  # cancel at every await: BEGIN, the body, COMMIT, after
            task = asyncio.create_task(insert(steps))
            for _ in range(steps):
                await asyncio.sleep(0)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            async with store.transaction() as conn:  # the next caller can still write
                await conn.run("INSERT INTO members (member_id) VALUES (?)", (100 + steps,))
            assert not store.conn.in_transaction
        async with store.reading() as conn:
            rows = await conn.rows("SELECT member_id, reminders FROM members")
        assert all(reminders == 0 for member, reminders in rows if member < 100)
        assert sorted(m for m, _r in rows if m >= 100) == [100 + i for i in range(12)]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_backup_writes_a_consistent_copy_while_the_bot_writes(tmp_path):
    path = tmp_path / "db.sqlite3"
    store = await SqliteStore.open(path)
    try:
        async with store.transaction() as conn:
            await conn.run_many(
                "INSERT INTO members (member_id) VALUES (?)", [(i,) for i in range(50)]
            )
        settings = Settings(discord_token="", database_path=path, log_level="INFO")
        async with store.transaction() as conn:  # a write in progress is not copied
            await conn.run("INSERT INTO members (member_id) VALUES (999)")
            copies = [
                await backup(settings, tmp_path / "out" / "a.sqlite3"),
                await backup(str(path), tmp_path / "b.sqlite3"),
            ]
    finally:
        await store.close()
    for copy in copies:
        with sqlite3.connect(copy) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert raw.execute("SELECT COUNT(*) FROM members").fetchone()[0] == 50
            assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert not copy.with_name(copy.name + ".partial").exists()


@pytest.mark.asyncio
async def test_backup_refuses_a_missing_source_and_the_database_itself(tmp_path):
    with pytest.raises(StoreError, match="no database"):
        await backup(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")
    path = tmp_path / "db.sqlite3"
    await (await SqliteStore.open(path)).close()
    with pytest.raises(StoreError, match="the database itself"):
        await backup(path, path)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 200)
    with pytest.raises(StoreError, match="junk.sqlite3 cannot be backed up"):
        await backup(junk, tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()
    assert not (tmp_path / "copy.sqlite3.partial").exists()


# --- a transaction run whole in the database thread (`transact`, `read`) ---------------


async def members(store: SqliteStore) -> list[int]:
    async with store.reading() as conn:
        return [row["member_id"] for row in await conn.rows("SELECT member_id FROM members")]


async def add_member(conn: Connection, member_id: int) -> int:
    return await conn.insert("INSERT INTO members (member_id) VALUES (?)", (member_id,))


@contextlib.asynccontextmanager
async def trips(store: SqliteStore) -> AsyncIterator[tuple[list[object], list[str]]]:
    """The calls to the database thread made inside the block, and the statements run."""
    real, calls = store.conn._execute, []

    async def counted(fn, *args, **kwargs):
        calls.append(fn)
        return await real(fn, *args, **kwargs)

    statements: list[str] = []
    await store.conn.set_trace_callback(statements.append)
    store.conn._execute = counted
    try:
        yield calls, statements
    finally:
        del store.conn._execute
        await store.conn.set_trace_callback(None)


@pytest.mark.asyncio
async def test_a_move_is_one_call_to_the_database_thread(tmp_path):
    service = await open_service(tmp_path / "db.sqlite3", FakeClock())
    try:
        match = await start_match(service)
        store = service.store
        assert isinstance(store, SqliteStore)
        async with trips(store) as (calls, statements):
            move = match.state.format_move(match.state.legal_moves()[0])
            moved = await service.play.act(
                match.id, match.to_act, request(MOVE, move, ply=match.ply)
            )
    finally:
        await service.close()
    assert moved.match.ply == 1
    assert len(calls) == 1, calls  # BEGIN, the statements and COMMIT in one call
    assert statements[0] == "BEGIN IMMEDIATE" and statements[-1] == "COMMIT"
    # the request's, the match's, its members' (time zones, warnings and vacations: one
    # statement, three before) and its premoves' reads, the match's update, the log line
    # and the request's record (one statement on PostgreSQL: `run_together`)
    assert len(statements) == 9, statements
    members = [s for s in statements if "FROM members" in s and "FROM vacations" in s]
    assert len(members) == 1 and "UNION ALL" in members[0], statements
    assert not [s for s in statements if "FROM members" in s and s not in members], statements


@pytest.mark.asyncio
async def test_each_step_of_a_player_is_one_call_to_the_database_thread(tmp_path):
    service = await open_service(tmp_path / "db.sqlite3", FakeClock())
    counts: dict[str, tuple[int, int]] = {}
    try:
        store = service.store
        assert isinstance(store, SqliteStore)

        async def step(name, action):
            async with trips(store) as (calls, statements):
                done = await action
            counts[name] = (len(calls), len(statements))
            return done

        posted = await step(
            "challenge",
            service.challenges.create_challenge(
                ChallengeRequest(1000, 2000, 1, "skift", opponents=[2], request_id="test:ask")
            ),
        )
        await step("posted", service.challenges.set_challenge_message(posted.id, 3000))
        started = (await step("accept", service.challenges.accept_challenge(posted.id, 2))).match
        match = await step("thread", service.play.attach_channel(started.id, 4000))
        state = match.state  # the one waiting: "if they play this, I answer that"
        waiting = next(p for p in match.members if p != match.to_act)
        theirs = state.legal_moves()[0]
        after = state.play(theirs)
        mine = after.format_move(after.legal_moves()[0])
        premoves = await step(
            "premove",
            service.premoves.add_premove(match.id, waiting, state.format_move(theirs), mine),
        )
        cleared = await step("clear", service.premoves.clear_premoves(match.id, waiting))
        await step("vacation", service.clocks.start_vacation(waiting, 2))
        back = await step("back", service.clocks.end_vacation(waiting))
        await step("setting", service.settings.set_reminders(waiting, False))
        await step("locale", service.settings.remember_locale(waiting, "de"))
    finally:
        await service.close()
    assert match.channel_id == 4000 and len(premoves) == 1 and cleared == 1
    assert back.vacation is None
    # each a dozen statements or more (the challenge's checks, the match started) in one
    # call: BEGIN IMMEDIATE, the statements and COMMIT
    assert {name: calls for name, (calls, _) in counts.items()} == dict.fromkeys(counts, 1)
    assert counts["challenge"][1] > 8 and counts["accept"][1] > 12, counts


@pytest.mark.asyncio
async def test_each_query_setting_and_background_step_is_one_call_to_the_database_thread(
    tmp_path,
):
    clock = FakeClock()
    service = await open_service(tmp_path / "db.sqlite3", clock)
    counts: dict[str, int] = {}
    try:
        store = service.store
        assert isinstance(store, SqliteStore)

        async def step(name, action):
            async with trips(store) as (calls, _):
                done = await action
            counts[name] = len(calls)
            return done

        match = await start_match(service, clock_hours=72)
        waiting = next(p for p in match.members if p != match.to_act)
        # queries
        assert (await step("view", service.queries.view(match.id, None))).ply == 0
        await step("record", service.queries.match_record(match.id))
        await step("next game", service.queries.next_game(match.to_act, [GUILD]))
        await step("leaderboard", service.queries.standings(GUILD, "skift"))
        await step("stats", service.queries.player_stats(GUILD, waiting))
        await step("challenges", service.challenges.pending_challenges(guild_id=GUILD))
        await step("premoves", service.premoves.premoves(match.id, waiting))
        await step("analysis", service.analysis.stored_analysis(match.id, "key"))
        await step("keep analysis", service.analysis.keep_analysis(match.id, "key", "{}"))
        # settings read
        await step("member settings", service.settings.member_settings(waiting, GUILD))
        await step("server settings", service.settings.guild_settings(GUILD))
        await step("theme", service.settings.picture_theme(GUILD, waiting))
        # a web sign-in: the link spent, the session kept, then found
        assert await step("link", service.web_sessions.spend_link("n" * 32, clock.advance()))
        ends = clock() + timedelta(days=30)
        await step("sign-in", service.web_sessions.open("a" * 64, waiting, "csrf", ends))
        assert await step("session", service.web_sessions.find("a" * 64)) is not None
        await step("sign-out", service.web_sessions.close("a" * 64))
        # notices
        await step("dm refused", service.notices.dm_refused(waiting))
        # leagues: a table read, and leaving one in sign-up
        await service.leagues.create_league(
            GUILD, CHANNEL, 7, "Winter", "skift", kind="round robin"
        )
        await service.leagues.join_league(GUILD, "Winter", 8)
        await step("league table", service.leagues.league_table(GUILD, "Winter"))
        _, withdrawn = await step("leave", service.leagues.leave_league(GUILD, "Winter", 8))
        # leaving a running league: one call, then each match resigned is read and resigned
        # as an action of its own (its request id), one call each
        await service.leagues.join_league(GUILD, "Winter", 9)
        await service.leagues.start_league(GUILD, "Winter", 7, may_manage=False)
        _, resigned = await step("leave running", service.leagues.leave_league(GUILD, "Winter", 9))
        # the background round: its start, the batch of due matches (two here: one reminded,
        # one timed out), the batch's timeouts and the notices held back, one call each
        late = await start_match(service, (5, 6), clock_hours=24, auto_timeout=True)
        clock.advance(hours=25)
        report = await step("round", service.clocks.tick())
        await step("next due", service.clocks.next_due())
    finally:
        await service.close()
    assert withdrawn == [] and [u.actor_id for u in resigned] == [9]
    assert [r.member_id for r in report.reminders] == [match.to_act]
    assert [u.match.id for u in report.timeouts] == [late.id]
    assert counts.pop("leave running") == 3, counts
    assert counts.pop("round") == 4, counts
    assert counts == dict.fromkeys(counts, 1)


@pytest.mark.asyncio
async def test_remembering_posted_news_is_one_call_to_the_database_thread(tmp_path):
    service = await open_service(tmp_path / "db.sqlite3", FakeClock())
    try:
        match = await start_match(service)
        store = service.store
        assert isinstance(store, SqliteStore)
        await service.notices.posted_news(match.id, [Post(500, 0, buttons=True)])
        posts = [Post(501, None, buttons=False), Post(502, 1, buttons=True)]
        async with trips(store) as (calls, statements):
            stale = await service.notices.posted_news(
                match.id, posts, held=[(match.members[0], "your turn")], refused=[match.members[1]]
            )
        after = await service.core.load(match.id)
    finally:
        await service.close()
    assert stale == [500]  # the buttons of the first post no longer act
    assert after.buttons_message_id == 502
    assert len(calls) == 1, calls  # the match read and five writes, in one call
    assert statements[0] == "BEGIN IMMEDIATE" and statements[-1] == "COMMIT"
    assert len(statements) >= 7, statements


@pytest.mark.asyncio
async def test_what_the_body_returns_is_committed(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:

        async def two(conn: Connection) -> int:
            await add_member(conn, 1)
            await conn.run_many("INSERT INTO members (member_id) VALUES (?)", [(2,), (3,)])
            changed = await conn.run("UPDATE members SET reminders = 0 WHERE member_id > ?", (1,))
            row = await conn.one("SELECT COUNT(*) AS value FROM members")
            assert row is not None and row["value"] == 3
            return changed

        assert await store.transact(two) == 2
        assert await members(store) == [1, 2, 3]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_an_error_in_the_body_leaves_nothing_written(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:

        async def fails(conn: Connection) -> None:
            await add_member(conn, 1)
            await add_member(conn, 1)  # the same key again

        with pytest.raises(Exception, match="UNIQUE"):
            await store.transact(fails)
        assert await members(store) == []
        await store.transact(lambda conn: add_member(conn, 2))  # the connection is ready
        assert await members(store) == [2]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_body_that_waits_for_something_else_is_stopped_and_rolled_back(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:

        async def waits(conn: Connection) -> None:
            await add_member(conn, 1)
            await asyncio.sleep(0)  # (not the store: it cannot wait in the database thread)

        with pytest.raises(RuntimeError, match="awaited something else"):
            await store.transact(waits)
        assert await members(store) == []
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_read_is_one_call_in_one_transaction_that_keeps_nothing(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        await store.transact(lambda conn: add_member(conn, 1))

        async def looks(conn: Connection) -> list[int]:
            await add_member(conn, 2)  # (a read has no business writing: rolled back)
            return [row["member_id"] for row in await conn.rows("SELECT member_id FROM members")]

        async with trips(store) as (calls, statements):
            seen = await store.read(looks)
        assert seen == [1, 2]
        assert len(calls) == 1, calls
        assert statements[0] == "BEGIN" and statements[-1] == "ROLLBACK", statements
        assert await members(store) == [1]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_read_that_fails_or_waits_for_something_else_leaves_the_connection_ready(
    tmp_path,
):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:

        async def waits(conn: Connection) -> None:
            await conn.rows("SELECT * FROM members")
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError, match="awaited something else"):
            await store.read(waits)
        with pytest.raises(sqlite3.OperationalError):
            await store.read(lambda conn: conn.rows("SELECT * FROM nothing"))
        assert not store.conn.in_transaction
        await store.transact(lambda conn: add_member(conn, 1))
        assert await members(store) == [1]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_file_that_cannot_be_written_is_a_refusal(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        await store.conn.execute("PRAGMA query_only = 1")
        with pytest.raises(CannotSave):
            await store.transact(lambda conn: add_member(conn, 1))
        await store.conn.execute("PRAGMA query_only = 0")
        await store.transact(lambda conn: add_member(conn, 1))
        assert await members(store) == [1]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_cancelled_caller_leaves_the_transaction_whole_and_the_connection_ready(
    tmp_path,
):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:

        async def many(conn: Connection) -> None:
            for member in range(1, 2001):
                await add_member(conn, member)

        for _ in range(5):
            running = asyncio.ensure_future(store.transact(many))
            await asyncio.sleep(0.001)
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
            found = await members(store)
            assert found in ([], list(range(1, 2001)))  # whole or not at all
            async with store.transaction() as conn:
                await conn.run("DELETE FROM members")
    finally:
        await store.close()
