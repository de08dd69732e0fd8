"""Backups and restores for admins: `python -m bot --version`, `python -m bot restore`
(refusing a live, an existing or a foreign database, replacing one with --force) and the
backup taken automatically before migrations change a database."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from bot import __main__ as cli
from bot.store import SqliteStore, StoreError, backup, migrations, restore
from bot.store.migrations import LATEST
from tests.bot.store.test_health import a_database_of_many_pages, zero_last_page

#: Tests of the SQLite file itself; PostgreSQL has its own in test_postgres.py.
pytestmark = pytest.mark.sqlite_only

ROOT = Path(__file__).resolve().parents[3]


def test_version_prints_the_installed_version():
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Shiftcord {metadata.version('shiftcord')}\n"
    assert metadata.version("shiftcord")[0].isdigit()


async def database(path: Path, member: int) -> None:
    """A Shiftcord database at `path` whose only member is `member` (reminders off)."""
    store = await SqliteStore.open(path)
    async with store.transaction() as conn:
        await conn.run("INSERT INTO members (member_id, reminders) VALUES (?, 0)", (member,))
    await store.close()


def members(path: Path) -> list[int]:
    """The members in the database at `path` (read, then closed)."""
    with contextlib.closing(sqlite3.connect(path)) as raw:
        return [row[0] for row in raw.execute("SELECT member_id FROM members")]


@pytest.fixture
def env(monkeypatch, tmp_path):
    """The bot's database path (no file yet) and a backup holding member 7."""
    live = tmp_path / "live" / "shiftcord.sqlite3"
    monkeypatch.setenv("DISCORD_TOKEN", "")
    monkeypatch.setenv("DATABASE_PATH", str(live))
    saved = tmp_path / "saved.sqlite3"
    asyncio.run(database(saved, 7))
    return live, saved


def test_restore_into_an_empty_place_then_refuse_to_overwrite_without_force(env, capsys):
    live, saved = env
    assert cli.main(["restore", str(saved)]) == 0
    assert "Restored" in capsys.readouterr().out
    assert members(live) == [7]
    asyncio.run(database(saved.with_name("other.sqlite3"), 8))
    assert cli.main(["restore", str(saved.with_name("other.sqlite3"))]) == 1
    err = capsys.readouterr().err
    assert "exists" in err and "--force" in err
    assert members(live) == [7]  # untouched


def test_restore_with_force_replaces_the_database_and_keeps_the_old_one(env, capsys):
    live, saved = env
    live.parent.mkdir()
    asyncio.run(database(live, 9))
    assert cli.main(["restore", "--force", str(saved)]) == 0
    out = capsys.readouterr().out
    assert members(live) == [7]
    kept = [p for p in live.parent.iterdir() if "before-restore" in p.name]
    assert len(kept) == 1 and str(kept[0]) in out
    assert members(kept[0]) == [9]
    assert not (live.parent / (live.name + "-wal")).exists()
    assert sorted(p.name for p in live.parent.iterdir()) == sorted([live.name, kept[0].name])


@pytest.mark.asyncio
async def test_restore_refuses_a_database_in_use_even_with_force(env):
    live, saved = env
    await database(live, 9)
    store = await SqliteStore.open(live)  # the bot is running
    try:
        with pytest.raises(StoreError, match="in use: stop the bot first"):
            await restore(saved, live, force=True)
        async with store.reading() as conn:
            rows = await conn.rows("SELECT member_id FROM members")
        assert [row[0] for row in rows] == [9]
    finally:
        await store.close()
    await restore(saved, live, force=True)  # stopped: now it works
    assert members(live) == [7]


@pytest.mark.asyncio
async def test_restore_refuses_what_is_not_a_shiftcord_database(env, tmp_path):
    live, _ = env
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all " * 100)
    with pytest.raises(StoreError, match="damaged or is not a Shiftcord database"):
        await restore(text, live)
    other = tmp_path / "other_app.sqlite3"
    with sqlite3.connect(other) as raw:
        raw.execute("CREATE TABLE photos (id INTEGER)")
    with pytest.raises(StoreError, match="not a Shiftcord database"):
        await restore(other, live)
    newer = tmp_path / "newer.sqlite3"
    await database(newer, 1)
    with sqlite3.connect(newer) as raw:
        raw.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(StoreError, match=f"schema version {LATEST + 1}.*update Shiftcord"):
        await restore(newer, live)
    with pytest.raises(StoreError, match="no file"):
        await restore(tmp_path / "missing.sqlite3", live)
    assert not live.exists()


@pytest.mark.asyncio
async def test_restore_refuses_a_damaged_backup(env, tmp_path):
    live, _ = env
    damaged = tmp_path / "damaged.sqlite3"
    zero_last_page(damaged, await a_database_of_many_pages(damaged))
    with pytest.raises(StoreError, match="is damaged"):
        await restore(damaged, live)
    assert not live.exists()


@pytest.mark.asyncio
async def test_restore_with_force_replaces_a_damaged_database_keeping_it(env):
    live, saved = env
    live.parent.mkdir()
    zero_last_page(live, await a_database_of_many_pages(live))
    wreck = live.read_bytes()
    kept = await restore(saved, live, force=True)
    assert kept is not None and kept.read_bytes() == wreck
    assert members(live) == [7]


@pytest.mark.asyncio
async def test_a_failed_restore_puts_the_old_database_back(env, monkeypatch):
    live, saved = env
    await database(live, 9)

    async def disk_full(source: object, target: object, failing: str) -> None:
        raise StoreError("The disk is full.")

    monkeypatch.setattr("bot.store.files._copy", disk_full)
    with pytest.raises(StoreError, match="disk is full"):
        await restore(saved, live, force=True)
    assert members(live) == [9]
    assert sorted(p.name for p in live.parent.iterdir()) == [live.name]


@pytest.mark.asyncio
async def test_a_backup_is_taken_before_migrating_an_old_database(tmp_path, monkeypatch):
    path = tmp_path / "db.sqlite3"
    with monkeypatch.context() as old_code:  # the Shiftcord that knew only version 2
        old_code.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:2])
        old_code.setattr(migrations, "LATEST", 2)
        await database(path, 7)
        await (await SqliteStore.open(path)).close()  # nothing to migrate: no backup
        assert sorted(p.name for p in tmp_path.iterdir()) == ["db.sqlite3"]
    store = await SqliteStore.open(path)
    await store.close()
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("db-v2-")]
    assert len(copies) == 1 and copies[0].suffix == ".sqlite3"
    with sqlite3.connect(copies[0]) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 2
        assert [row[0] for row in raw.execute("SELECT member_id FROM members")] == [7]
    assert members(path) == [7]
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST
    await (await SqliteStore.open(path)).close()  # up to date: no second backup
    assert len([p for p in tmp_path.iterdir() if p.name.startswith("db-v")]) == 1


@pytest.mark.asyncio
async def test_a_new_database_gets_no_backup_and_a_failed_backup_stops_the_migration(
    tmp_path, monkeypatch
):
    path = tmp_path / "db.sqlite3"
    await (await SqliteStore.open(path)).close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db.sqlite3"]

    async def refused(source: object, target: object) -> Path:
        raise StoreError("The disk is full.")

    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, ("CREATE TABLE x (y)",)))
    monkeypatch.setattr(migrations, "LATEST", LATEST + 1)
    monkeypatch.setattr("bot.store.sqlite.backup", refused)
    with pytest.raises(StoreError, match="disk is full"):
        await SqliteStore.open(path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST
    assert callable(backup)
