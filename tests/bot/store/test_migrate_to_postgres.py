"""`python -m bot migrate-to-postgres URL`: an SQLite database copied whole into an empty
PostgreSQL database (every row of every table, ids going on after the copied ones), every
match proven by replaying it, and the copy refused, leaving PostgreSQL empty, when the
database is not empty or a match does not replay."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import asyncpg
import pytest

from bot.__main__ import main
from bot.match.actions import MOVE, RESIGN
from bot.service import ChallengeRequest, MatchService
from bot.store import StoreError
from bot.store.to_postgres import copy_to_postgres
from tests.bot.service_fixtures import (
    CHANNEL,
    GUILD,
    FakeClock,
    act,
    open_service,
    play_first_legal,
    start_match,
)


async def played_database(path) -> None:
    """An SQLite database with a bit of everything: matches under way and finished (rated),
    a pending challenge, a running league, members' settings, a vacation."""
    clock = FakeClock()
    service = await open_service(path, clock)
    try:
        going = await play_first_legal(service, await start_match(service, (1, 2)), 3)
        done = await start_match(service, (3, 4))
        await act(service, done.id, done.to_act, RESIGN)
        await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 5, "skift", opponents=[6])
        )
        await service.leagues.create_league(
            GUILD, CHANNEL, 7, "Winter", "test-swap", kind="round robin"
        )
        await service.leagues.join_league(GUILD, "Winter", 8)
        await service.leagues.start_league(GUILD, "Winter", 7, may_manage=False)
        await service.settings.set_reminders(9, False)
        await service.clocks.start_vacation(3, days=2)
        state = going.state
        mine = state.format_move(state.legal_moves()[0])
        clock.advance(hours=1)
        await act(service, going.id, going.to_act, MOVE, mine)
    finally:
        await service.close()


async def played_database_small(path) -> None:
    """An SQLite database with two matches under way (two moves and one)."""
    service = await open_service(path, FakeClock())
    try:
        await play_first_legal(service, await start_match(service, (1, 2)), 2)
        await play_first_legal(service, await start_match(service, (3, 4)), 1)
    finally:
        await service.close()


def sqlite_rows(path) -> dict[str, list]:
    """Every table's rows (as sorted column: value pairs)."""
    with sqlite3.connect(path) as raw:
        tables = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = "
                                            "'table' AND name NOT LIKE 'sqlite_%'")]  # fmt: skip
        found = {}
        for table in tables:
            cursor = raw.execute(f"SELECT * FROM {table}")
            names = [d[0] for d in cursor.description]
            found[table] = sorted(
                (sorted(zip(names, row, strict=True)) for row in cursor), key=repr
            )
    return found


async def postgres_rows(url: str, tables) -> dict[str, list]:
    conn = await asyncpg.connect(url)
    try:
        found = {}
        for table in tables:
            rows = await conn.fetch(f"SELECT * FROM {table}")
            found[table] = sorted((sorted(dict(r).items()) for r in rows), key=repr)
        return found
    finally:
        await conn.close()


@pytest.mark.asyncio
async def test_everything_is_copied_and_every_match_replays(
    tmp_path, postgres_databases, test_games
):
    path = tmp_path / "db.sqlite3"
    await played_database(path)
    target = await postgres_databases.settings(empty=True)
    copied = await copy_to_postgres(path, target.database_url)
    before = sqlite_rows(path)
    assert copied.rows == {table: len(rows) for table, rows in before.items()}
    assert copied.rows["matches"] == 3 and copied.rows["moves"] >= 4 and copied.rows["leagues"] == 1
    assert copied.replayed == 3 and copied.unknown_games == 0
    assert list(copied.rows).index("matches") < list(copied.rows).index("moves")
    assert await postgres_rows(target.database_url, before) == before
    conn = await asyncpg.connect(target.database_url)
    try:  # the planner has the copied tables' statistics at once
        analyzed = await conn.fetch(
            "SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL"
        )
    finally:
        await conn.close()
    assert {"matches", "match_players", "moves"} <= {row["relname"] for row in analyzed}
    service = await MatchService.open(target)  # the bot goes on where it was
    try:
        challenge = await service.challenges.create_challenge(
            ChallengeRequest(GUILD, CHANNEL, 11, "skift", opponents=[12])
        )
        assert challenge.id == len(before["challenges"]) + 1
        update = await service.challenges.accept_challenge(challenge.id, 12)
        assert update.match.id == 4
        assert (await service.queries.get_match(1)).ply == 4
    finally:
        await service.close()


@pytest.mark.asyncio
async def test_a_database_that_is_not_empty_is_refused(tmp_path, postgres_databases):
    path = tmp_path / "db.sqlite3"
    await played_database_small(path)
    target = await postgres_databases.settings()  # already holds Shiftcord's schema
    with pytest.raises(StoreError, match="is not empty .* copies only into an empty database"):
        await copy_to_postgres(path, target.database_url)
    rows = await postgres_rows(target.database_url, ["matches"])
    assert rows == {"matches": []}


@pytest.mark.asyncio
async def test_a_database_in_use_is_refused(tmp_path, postgres_databases):
    path = tmp_path / "db.sqlite3"
    service = await open_service(path, FakeClock())  # the bot still runs
    try:
        target = await postgres_databases.settings(empty=True)
        with pytest.raises(StoreError, match="is in use: stop the bot first"):
            await copy_to_postgres(path, target.database_url)
    finally:
        await service.close()


@pytest.mark.asyncio
async def test_a_match_that_does_not_replay_stops_the_copy(tmp_path, postgres_databases):
    path = tmp_path / "db.sqlite3"
    await played_database_small(path)
    with closing(sqlite3.connect(path)) as raw, raw:  # match 1's position is not its log's
        raw.execute("UPDATE matches SET snapshot = (SELECT snapshot FROM matches WHERE id = 2) "
                    "WHERE id = 1")  # fmt: skip
    target = await postgres_databases.settings(empty=True)
    with pytest.raises(StoreError, match=r"1 match\(es\) do not replay .*: #1 \(its log leads"):
        await copy_to_postgres(path, target.database_url)
    conn = await asyncpg.connect(target.database_url)
    try:  # all or nothing: not even the schema was left behind
        assert await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'") == []
    finally:
        await conn.close()


def test_the_command_says_how_many_of_each_it_copied(
    tmp_path, postgres_databases, monkeypatch, capsys
):
    import asyncio

    path = tmp_path / "db.sqlite3"
    asyncio.run(played_database_small(path))
    target = asyncio.run(postgres_databases.settings(empty=True))
    monkeypatch.setenv("DATABASE_PATH", str(path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["migrate-to-postgres", target.database_url]) == 0
    out = capsys.readouterr().out
    assert f"Copied {path}. The PostgreSQL database" in out
    assert "        2 matches\n" in out and "        3 moves\n" in out
    assert "Every match replays to its stored position (2 checked)." in out
    assert main(["migrate-to-postgres", target.database_url]) == 1  # not empty any more
    assert "is not empty" in capsys.readouterr().err


def test_backup_and_restore_say_to_use_pg_dump(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:secret@db.example/shiftcord")
    assert main(["backup", str(tmp_path / "copy.sqlite3")]) == 1
    said = capsys.readouterr().err
    assert 'pg_dump --format=custom --file=shiftcord.dump "$DATABASE_URL"' in said
    assert not (tmp_path / "copy.sqlite3").exists()
    assert main(["restore", str(tmp_path / "copy.sqlite3")]) == 1
    assert (
        'pg_restore --no-owner --dbname "$DATABASE_URL" shiftcord.dump' in capsys.readouterr().err
    )
