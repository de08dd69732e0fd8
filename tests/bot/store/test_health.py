"""A database the bot cannot trust or cannot write: damaged or empty files are refused at
start, and while writes fail (a read-only database, a full disk) every action is refused
with nothing changed, the admin is told once, and saving resumes by itself."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.match.actions import MOVE
from bot.match.errors import CannotSave, ServiceError
from bot.store import SqliteStore, StoreError
from tests.bot.service_fixtures import (
    FakeClock,
    act,
    dump_file,
    open_service,
    play_first_legal,
    start_match,
)

#: Tests of the SQLite file itself; PostgreSQL has its own in test_postgres.py.
pytestmark = pytest.mark.sqlite_only

ROOT = Path(__file__).resolve().parents[3]
PAGE = 4096
RECOVERY = "docs/admins.md, section 'When the database is damaged'"


async def a_database_of_many_pages(path: Path) -> int:
    """A closed database at `path` holding enough rows to fill a few dozen pages; its
    number of pages."""
    store = await SqliteStore.open(path)
    async with store.transaction() as conn:
        await conn.run_many(
            "INSERT INTO vacations (member_id, started_at, ends_at) VALUES (?, ?, ?)",
            [(member, member * 1.5, member * 2.5) for member in range(3000)],
        )
    await store.close()
    assert not Path(f"{path}-wal").exists()  # everything is in the file itself
    return path.stat().st_size // PAGE


def cut_last_page(path: Path, pages: int) -> None:
    """The file loses its last page, as a copy cut short would."""
    with path.open("r+b") as file:
        file.truncate((pages - 1) * PAGE)


def zero_last_page(path: Path, pages: int) -> None:
    """The file's last page is overwritten with zeros, as a failing disk might."""
    with path.open("r+b") as file:
        file.seek((pages - 1) * PAGE)
        file.write(bytes(PAGE))


def zero_second_page(path: Path, pages: int) -> None:
    """The file's second page (a table's) is overwritten with zeros."""
    with path.open("r+b") as file:
        file.seek(PAGE)
        file.write(bytes(PAGE))


@pytest.mark.asyncio
@pytest.mark.parametrize("damage", [cut_last_page, zero_last_page, zero_second_page])
async def test_a_damaged_database_is_refused_at_start_and_left_as_it_is(tmp_path, damage):
    path = tmp_path / "db.sqlite3"
    damage(path, await a_database_of_many_pages(path))
    before = path.read_bytes()
    with pytest.raises(StoreError) as refused:
        await SqliteStore.open(path)
    message = str(refused.value)
    assert message.startswith(f"The database {path} is damaged (")
    assert "`python -m bot backup`" in message and RECOVERY in message
    assert "\n" not in message
    assert path.read_bytes() == before  # nothing was written to it
    assert not Path(f"{path}-wal").exists()


@pytest.mark.asyncio
async def test_an_empty_file_is_refused_but_a_missing_one_is_created(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    with pytest.raises(StoreError) as refused:
        await SqliteStore.open(empty)
    assert str(refused.value).startswith(f"The database {empty} is an empty file (0 bytes)")
    assert "delete the file" in str(refused.value) and RECOVERY in str(refused.value)
    assert empty.stat().st_size == 0
    missing = tmp_path / "new.sqlite3"
    store = await SqliteStore.open(missing)
    await store.close()
    assert missing.stat().st_size > 0


async def set_read_only(service, read_only: bool) -> None:
    """Make SQLite refuse every write on the service's connection, or allow them again:
    the same refusal (SQLITE_READONLY) a database file that became read-only gives."""
    await service.store.conn.execute(f"PRAGMA query_only = {int(read_only)}")


@pytest.mark.asyncio
async def test_while_the_database_is_read_only_actions_are_refused_and_saving_resumes(
    tmp_path, caplog
):
    path = tmp_path / "db.sqlite3"
    service = await open_service(path, FakeClock())
    try:
        match = await play_first_legal(service, await start_match(service), 2)
        await set_read_only(service, True)
        before = dump_file(path)
        state = match.state
        move = state.format_move(state.legal_moves()[0])
        with caplog.at_level(logging.INFO, logger="shiftcord.store"):
            for _ in range(3):
                with pytest.raises(CannotSave) as refused:
                    await act(service, match.id, match.to_act, MOVE, move)
                assert isinstance(refused.value, ServiceError)
                assert refused.value.message == (
                    "The bot cannot save right now, so nothing was changed. Please try again later."
                )
            with pytest.raises(CannotSave):
                await service.settings.set_reminders(1, False)
            assert (await service.queries.get_match(match.id)).ply == 2  # reading still works
            assert dump_file(path) == before
            await set_read_only(service, False)
            moved = (await act(service, match.id, match.to_act, MOVE, move)).match
            assert moved.ply == 3
            assert (await service.settings.set_reminders(1, False)).reminders is False
        lines = [(r.levelname, r.getMessage()) for r in caplog.records]
        assert len(lines) == 2, lines  # one line when saving fails, one when it works again
        assert lines[0][0] == "ERROR" and f"The database {path} cannot be written" in lines[0][1]
        assert "attempt to write a readonly database; the file is read-only" in lines[0][1]
        again = f"The database {path} can be written again; saving as usual."
        assert lines[1] == ("WARNING", again)
    finally:
        await service.close()


#: A match whose files may not grow for two moves (a file size limit, as a disk that has no
#: more room or fails refuses writes), then may again.
DISK_FULL = """
import asyncio, os, resource, signal, sys
from bot.logs import setup_logging
from bot.match.actions import MOVE
from bot.match.errors import CannotSave
import bot.presentation.catalogue  # the words refusals are written in, as a face has them
from tests.bot.service_fixtures import FakeClock, act, open_service, play_first_legal, start_match

signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)

async def main(path):
    setup_logging("INFO")
    service = await open_service(path, FakeClock())
    match = await play_first_legal(service, await start_match(service), 1)
    move = match.state.format_move(match.state.legal_moves()[0])
    unlimited = resource.getrlimit(resource.RLIMIT_FSIZE)
    room = os.path.getsize(path + "-wal") + 100  # less than the next page needs
    resource.setrlimit(resource.RLIMIT_FSIZE, (room, unlimited[1]))
    for attempt in range(2):
        try:
            await act(service, match.id, match.to_act, MOVE, move)
        except CannotSave as refused:
            print("refused:", refused.message, flush=True)
    print("still at ply", (await service.queries.get_match(match.id)).ply, flush=True)
    resource.setrlimit(resource.RLIMIT_FSIZE, unlimited)
    update = await act(service, match.id, match.to_act, MOVE, move)
    print("saved ply", update.match.ply, flush=True)
    await service.close()

asyncio.run(main(sys.argv[1]))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="file size limits as on Linux")
def test_when_the_disk_refuses_writes_actions_are_refused_and_saving_resumes(tmp_path):
    path = tmp_path / "db.sqlite3"
    done = subprocess.run(
        [sys.executable, "-c", DISK_FULL, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    refusal = "refused: The bot cannot save right now, so nothing was changed."
    assert done.stdout.splitlines() == [
        f"{refusal} Please try again later.",
        f"{refusal} Please try again later.",
        "still at ply 1",
        "saved ply 2",
    ]
    logged = done.stderr.splitlines()
    assert len(logged) == 2, logged
    assert "cannot be written (disk I/O error; the disk refuses writes" in logged[0]
    assert "can be written again" in logged[1]
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT COUNT(*) FROM moves").fetchone() == (2,)
        assert raw.execute("PRAGMA quick_check").fetchone() == ("ok",)


@pytest.mark.asyncio
async def test_when_the_database_is_full_a_change_is_refused_until_there_is_room(tmp_path, caplog):
    service = await open_service(tmp_path / "db.sqlite3", FakeClock())
    conn = service.store.conn
    try:
        pages = (await conn.execute_fetchall("PRAGMA page_count"))[0][0]
        await conn.execute(f"PRAGMA max_page_count = {pages}")  # no room to grow
        with caplog.at_level(logging.INFO, logger="shiftcord.store"):
            member = 0
            with pytest.raises(CannotSave):  # members are saved until a page is full
                while member < 10_000:
                    member += 1
                    await service.settings.set_reminders(member, False)
            with pytest.raises(CannotSave):
                await service.settings.set_reminders(member, False)
            assert (await service.settings.member_settings(member)).reminders is True  # not saved
            async with service.store.transaction() as calls:  # a change of no row goes
                await calls.run("UPDATE members SET reminders = 1 WHERE member_id = -1")
            with pytest.raises(CannotSave):  # through, but proves nothing: still full
                await service.settings.set_reminders(member, False)
            await conn.execute(f"PRAGMA max_page_count = {pages + 100}")
            assert (await service.settings.set_reminders(member, False)).reminders is False
        lines = [r.getMessage() for r in caplog.records]
        assert len(lines) == 2, lines
        assert "(database or disk is full; the disk is full: free some space)" in lines[0]
        assert "can be written again" in lines[1]
    finally:
        await service.close()
