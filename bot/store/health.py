"""Whether the database can be used: the checks made before it is opened (its place, this
user's permissions, an empty file), the integrity check once it is open, and the writes
that fail for a while (a full disk, a read-only file) and a database server that cannot be
reached, told to players as a refusal and to the admin in one log line per outage.
"""

from __future__ import annotations

import getpass
import logging
import os
import sqlite3
from abc import ABC, abstractmethod
from pathlib import Path
from typing import ClassVar

import aiosqlite

from bot.match.errors import CannotReach, CannotSave
from bot.match.phrases import Message

log = logging.getLogger("shiftcord.store")

#: Where the admins' guide tells an admin how to restore or recover a damaged database.
RECOVERY = "docs/admins.md, section 'When the database is damaged'"
#: What a player is told when an action could not be saved.
CANNOT_SAVE = Message("store.cannot_save")
#: What a player is told when the database server cannot be reached.
CANNOT_REACH = Message("store.cannot_reach")

_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_CORRUPT = 3, 8, 10, 11
_SQLITE_FULL, _SQLITE_CANTOPEN = 13, 14
#: What the admin should do, by the SQLite result code that says writes fail right now.
_WRITE_ADVICE = {
    _SQLITE_FULL: "the disk is full: free some space",
    _SQLITE_IOERR: "the disk refuses writes: check that it has room, works and is mounted writable",
    _SQLITE_READONLY: "the file is read-only: let this user write the database, its "
    "-wal and -shm files and its folder",
}
_WRITE_ADVICE[_SQLITE_PERM] = _WRITE_ADVICE[_SQLITE_CANTOPEN] = _WRITE_ADVICE[_SQLITE_READONLY]


class StoreError(RuntimeError):
    """The database cannot be opened or copied; the message says which file and why."""


def reason(error: BaseException) -> str:
    """Why a file operation failed, in a few words ("unable to open database file",
    "Permission denied"), without a trailing full stop."""
    return (getattr(error, "strerror", None) or str(error)).rstrip(".")


def trouble(error: BaseException) -> str:
    """Why a file operation failed (see `reason`), and what to do when the disk or the
    file's permissions stand in the way (see `write_problem`)."""
    return write_problem(error) or reason(error)


def _result_code(error: BaseException) -> int | None:
    """SQLite's primary result code of an error (None for other errors)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _this_user() -> str:
    """The account the bot runs as, for messages about permissions."""
    try:
        return f"user {getpass.getuser()}"
    except (OSError, KeyError):
        return f"user id {os.getuid()}"


def check_place(path: Path, name: str) -> None:
    """Raise StoreError unless `path` can hold this user's database: its folder exists (it
    is made if missing) and may be written, and the file, if it exists, is a non-empty file
    this user may read and write. `name` ("The database PATH") starts every message."""
    if path.is_dir():
        raise StoreError(f"{name} cannot be opened: it is a folder; give a file name.")
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError as error:  # a file stands where the folder should be
        raise StoreError(f"{name} cannot be opened: {folder} is not a folder.") from error
    except OSError as error:
        raise StoreError(
            f"{name} cannot be opened: its folder {folder} cannot be made ({reason(error)}); "
            "make it for this user, or set DATABASE_PATH to a file in a folder it may write."
        ) from error
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(
            f"{name} cannot be opened: the {_this_user()} may not write in its folder "
            f"{folder}, where SQLite also keeps the -wal and -shm files. Let it write there "
            "(chown or chmod), or set DATABASE_PATH to a file in a folder it may write."
        )
    for file in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if file.exists() and not os.access(file, os.R_OK | os.W_OK):
            raise StoreError(
                f"{name} cannot be opened: the {_this_user()} may not read and write "
                f"{file}. Let it (chown or chmod), or set DATABASE_PATH to another file."
            )
    if path.exists() and path.stat().st_size == 0:
        raise StoreError(
            f"{name} is an empty file (0 bytes), not a database: it may have been cut short. "
            f"Restore a backup made with `python -m bot backup` ({RECOVERY}), or delete the "
            "file to start with a new, empty database."
        )


async def check_intact(conn: aiosqlite.Connection, name: str) -> None:
    """Raise StoreError (see `opening_failed`) when SQLite's quick check finds the open
    database damaged."""
    found = [tuple(row) for row in await conn.execute_fetchall("PRAGMA quick_check")]
    if found != [("ok",)]:
        lines = [line for row in found for line in str(row[0]).splitlines()]
        problem = next((line for line in lines if not line.startswith("***")), "damaged")
        raise _damaged(name, problem)


def opening_failed(name: str, error: sqlite3.DatabaseError) -> StoreError:
    """The refusal of a database SQLite could not open or read at start: a damaged one
    names the backup and the admins' guide's recovery steps, a full disk says to free space."""
    if _result_code(error) == _SQLITE_CORRUPT:
        return _damaged(name, reason(error))
    return StoreError(f"{name} cannot be opened: {trouble(error)}.")


def _damaged(name: str, problem: str) -> StoreError:
    return StoreError(
        f"{name} is damaged ({problem.rstrip('.')}), so the bot does not use it. Stop here, "
        "keep the file, and restore a backup made with `python -m bot backup` or recover "
        f"what it holds: {RECOVERY}, gives the steps."
    )


def write_problem(error: BaseException) -> str | None:
    """What keeps SQLite from writing right now and what to do ("database or disk is full;
    the disk is full: free some space"), or None when `error` is something else (a fault in
    what was written)."""
    if not isinstance(error, sqlite3.DatabaseError):
        return None
    advice = _WRITE_ADVICE.get(_result_code(error) or 0)
    return None if advice is None else f"{reason(error)}; {advice}"


class Outage(ABC):
    """Whether the database currently fails in one way (see the subclasses): the admin's
    log gets one line when it starts failing and one when it works again, however many
    actions fail between. `name` ("The database PATH") starts those lines."""

    #: The log line when it starts failing (after the name; `%s` is the problem)...
    began: ClassVar[str]
    #: ... and when it works again.
    ended: ClassVar[str]

    def __init__(self, name: str) -> None:
        self.name = name
        #: What the admin was told when it started failing (None: it works).
        self.failing: str | None = None

    @abstractmethod
    def refusal(self) -> CannotSave:
        """What the player is told (nothing was changed)."""

    def failed(self, problem: str) -> CannotSave:
        """Note an action that failed because of `problem` (see `write_problem`); the
        player's refusal."""
        if self.failing is None:
            self.failing = problem
            log.error("%s %s", self.name, self.began % problem)
        return self.refusal()

    def worked(self) -> None:
        """Note an action that went through: ends an outage, telling the admin once."""
        if self.failing is not None:
            self.failing = None
            log.warning("%s %s", self.name, self.ended)


class WriteHealth(Outage):
    """Whether writes to the database currently fail (a full disk, a read-only file)."""

    began = (
        "cannot be written (%s). Players are told that nothing was changed; the bot saves "
        "again by itself once writing works."
    )
    ended = "can be written again; saving as usual."

    def refusal(self) -> CannotSave:
        """The bot cannot save."""
        return CannotSave(CANNOT_SAVE)


class ReachHealth(Outage):
    """Whether the database server currently cannot be reached, for reads and writes
    alike (stopped, restarting, the network down)."""

    began = (
        "cannot be reached (%s). Players are told that nothing was changed; the bot uses it "
        "again by itself once it can be reached."
    )
    ended = "can be reached again; working as usual."

    def refusal(self) -> CannotReach:
        """The bot cannot reach its database."""
        return CannotReach(CANNOT_REACH)
