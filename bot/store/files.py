"""Backups and restores of the SQLite database file: a consistent copy taken while the bot
runs (SQLite's online backup API), and a backup put back in place of the database."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

from bot.config import Settings
from bot.store.health import StoreError, _result_code, check_intact, reason, trouble
from bot.store.migrations import schema_version
from bot.store.schema import LATEST


async def backup(settings_or_path: Settings | Path | str, target: Path | str) -> Path:
    """Copy the database consistently to `target` with SQLite's online backup API.

    Safe while the bot runs: it reads through its own connection, and the copy is written
    beside `target` and renamed into place only when complete. Returns the target path.
    """
    if isinstance(settings_or_path, Settings):
        source = settings_or_path.database_path
    else:
        source = Path(settings_or_path)
    if not source.exists():
        raise StoreError(f"There is no database at {source} to back up.")
    target = Path(target)
    if target.exists() and target.resolve() == source.resolve():
        raise StoreError(f"The backup target {target} is the database itself; choose another.")
    if target.is_dir():
        raise StoreError(f"The backup target {target} is a folder; give a file name.")
    await _copy(source, target, f"The database {source} cannot be backed up to {target}")
    return target


async def _copy(source: Path, target: Path, failing: str) -> None:
    """Copy the database `source` consistently to `target`, written beside it and renamed
    into place once complete; StoreError starting with `failing` when it cannot be."""
    partial = target.with_name(target.name + ".partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        async with aiosqlite.connect(source) as conn:
            await conn.execute("PRAGMA busy_timeout = 10000")
            copy = sqlite3.connect(partial, check_same_thread=False)
            try:
                await conn.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")
            finally:
                copy.close()
        partial.replace(target)
    except (OSError, sqlite3.DatabaseError) as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise StoreError(f"{failing}: {trouble(error)}.") from error


def beside(path: Path, label: str) -> Path:
    """A file next to `path` named after it, `label` and the time (UTC), keeping its suffix:
    shiftcord.sqlite3 -> shiftcord-v7-20260101-120000.sqlite3."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return path.with_name(f"{path.stem}-{label}-{stamp}{path.suffix}")


async def restore(source: Path | str, target: Path | str, *, force: bool = False) -> Path | None:
    """Put the Shiftcord database `source` (a backup) in place of the database `target`.

    `source` must be an intact Shiftcord database of a schema version this code knows. An
    existing `target` is replaced only with `force`, and never while a program (the bot)
    has it open; it is first moved aside, with its log files, even when damaged, and its
    new path is returned (None when there was no database). The copy is written beside
    `target` and renamed into place; if that fails, the old database is put back.
    """
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise StoreError(f"There is no file at {source} to restore.")
    await _check_restorable(source)
    kept = None
    if target.exists():
        if target.resolve() == source.resolve():
            raise StoreError(f"{source} is the database itself; give a backup file to restore.")
        if await asyncio.to_thread(in_use, target):
            raise StoreError(
                f"The database {target} is in use: stop the bot first, then restore again."
            )
        if not force:
            raise StoreError(
                f"The database {target} exists. To replace it with {source}, restore again "
                "with --force (the current database is kept beside it)."
            )
        kept = beside(target, "before-restore")
        _move_database(target, kept)
    try:
        await _copy(source, target, f"The file {source} cannot be restored to {target}")
    except BaseException:
        if kept is not None:
            _move_database(kept, target)
        raise
    return kept


async def _check_restorable(source: Path) -> None:
    """Raise StoreError unless `source` is an intact Shiftcord database of a known version."""
    name = f"The file {source}"
    try:
        async with aiosqlite.connect(source) as conn:
            version = await schema_version(conn)
            await check_intact(conn, name)
            tables = {row[0] for row in await conn.execute_fetchall(_TABLES)}
    except sqlite3.DatabaseError as error:
        raise StoreError(
            f"{name} cannot be restored: it is damaged or is not a Shiftcord database "
            f"({reason(error)})."
        ) from error
    except StoreError as error:  # SQLite's quick check found damage
        raise StoreError(f"{name} is damaged, so it is not restored: choose another.") from error
    if version > LATEST:
        raise StoreError(
            f"{name} was written by a newer Shiftcord (schema version {version}; this one "
            f"knows versions up to {LATEST}): update Shiftcord first, then restore it."
        )
    if version < 1 or not {"matches", "members"} <= tables:
        raise StoreError(
            f"{name} is not a Shiftcord database (schema version {version}; versions 1 to "
            f"{LATEST} are known)."
        )


_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table'"


def in_use(path: Path) -> bool:
    """Whether another connection has the database open (the bot keeps its open while it
    runs): an exclusive lock, taken without waiting, is then refused as busy."""
    conn = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("ROLLBACK")
    except sqlite3.DatabaseError as error:  # a damaged file cannot be open in the bot
        return _result_code(error) == sqlite3.SQLITE_BUSY
    finally:
        conn.close()
    return False


def _move_database(path: Path, to: Path) -> None:
    """Rename a database that no one has open, with its write-ahead log or rollback
    journal (so that they stay with it); its shared-memory index is rebuilt when needed."""
    for extra in ("", "-wal", "-journal"):
        moved = path.with_name(path.name + extra)
        if moved.exists():
            moved.replace(to.with_name(to.name + extra))
    path.with_name(path.name + "-shm").unlink(missing_ok=True)
