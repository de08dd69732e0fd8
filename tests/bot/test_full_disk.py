"""A disk that is full before the database is made: `python -m bot` (and the console)
stops with one line saying the disk is full and what to do, and starts once there is room;
backup and restore onto a full disk say so too. The disk is a real one: a small tmpfs
mounted for the test (as root, which CI runs as)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import __main__ as cli
from bot.discord.client import ShiftcordClient
from bot.store import SqliteStore, StoreError, backup, restore

#: Tests of SQLite files on a disk of their own.
pytestmark = pytest.mark.sqlite_only

TOKEN = "MTIzNDU2Nzg5.secret-token.value"
#: What the admin reads about a full disk (SQLite's words, then what to do).
FULL = "database or disk is full; the disk is full: free some space"


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a disk of 1 MiB that a file of ballast fills, except for 64 KiB:
    too little for a new database (its first migrations need more). Deleting
    `folder / "ballast"` makes room."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root (CI runs the tests as root)")
    folder = tmp_path / "disk"
    folder.mkdir()
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
        check=True,
        capture_output=True,
    )
    try:
        (folder / "ballast").write_bytes(bytes(960 * 1024))
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True, capture_output=True)


@pytest.fixture
def logs_restored() -> Iterator[None]:
    """The root logger as it was (`python -m bot` sets up its own handlers)."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.mark.parametrize("command", ["run", "local"])
def test_a_full_disk_at_the_first_start_stops_with_one_line_and_room_lets_it_start(
    full_disk, monkeypatch, capsys, logs_restored, command
):
    database = full_disk / "db.sqlite3"
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_PATH", str(database))
    monkeypatch.setattr(ShiftcordClient, "start", None)  # it must stop before connecting
    argv = [] if command == "run" else ["local", "--database", str(database)]
    assert cli.main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"shiftcord: The database {database} cannot be opened: {FULL}.\n"
    (full_disk / "ballast").unlink()
    asyncio.run(opened_and_closed(database))  # what was begun does not stand in the way


async def opened_and_closed(database: Path) -> None:
    """Open the database (migrating it) and close it."""
    await (await SqliteStore.open(database)).close()


@pytest.mark.asyncio
async def test_backup_and_restore_onto_a_full_disk_say_that_it_is_full(full_disk, tmp_path):
    database = tmp_path / "db.sqlite3"
    await opened_and_closed(database)
    copy = full_disk / "copy.sqlite3"
    with pytest.raises(StoreError) as refused:
        await backup(database, copy)
    assert str(refused.value) == f"The database {database} cannot be backed up to {copy}: {FULL}."
    with pytest.raises(StoreError) as refused:
        await restore(database, copy)
    assert str(refused.value) == f"The file {database} cannot be restored to {copy}: {FULL}."
    assert sorted(path.name for path in full_disk.iterdir()) == ["ballast"]  # nothing left


@pytest.mark.asyncio
async def test_a_first_open_on_a_disk_with_no_room_at_all_leaves_no_file_that_blocks_a_start(
    full_disk,
):
    database = full_disk / "db.sqlite3"
    more = os.open(full_disk / "more-ballast", os.O_WRONLY | os.O_CREAT)
    with contextlib.suppress(OSError):  # until not one byte is left
        while os.write(more, bytes(4096)):
            pass
    os.close(more)
    with pytest.raises(StoreError, match="is full"):
        await SqliteStore.open(database)
    assert sorted(p.name for p in full_disk.iterdir()) == ["ballast", "more-ballast"]
    (full_disk / "ballast").unlink()
    (full_disk / "more-ballast").unlink()
    await opened_and_closed(database)  # not "an empty file (0 bytes), not a database"
