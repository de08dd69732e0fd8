"""Several Shiftcord processes on one database, for the tests of `test_processes.py`.

Each child process (started with multiprocessing's spawn context, so it imports everything
afresh like a real second bot) opens its own match service on the database a `Database`
names, and runs the real background rounds (`ReminderTask.run_once`) with a poster that
records each post it makes, as one JSON line flushed at once (so the lines of a process
killed with SIGKILL are there too), instead of sending it to Discord. The tests then
count each post over all the processes, and check the database.

`Database` is what a test fixture hands to the children: how to open the store in another
process: `SqliteDatabase` (a file) or `PostgresDatabase` (a URL).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any, Protocol

import discord

from bot.config import Settings
from bot.discord.notices import Notifier
from bot.discord.reminders import ReminderTask
from bot.discord.speech import Languages
from bot.match.actions import MOVE, Request
from bot.match.errors import ServiceError
from bot.service import Challenge, MatchService, MatchUpdate
from bot.service.league_rounds import LeagueNews

#: The settings every process of a test shares, whatever else it changes.
SHARED = {"challenge_cooldown_minutes": 0, "max_pending_challenges": 100}


class Database(Protocol):
    """Where the processes of a test keep their data; picklable, to hand to a child."""

    def settings(self, **changes: Any) -> Settings:
        """The settings of a process on this database."""
        ...

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        """Rows of the database, read directly (for the tests' checks)."""
        ...


@dataclass(frozen=True)
class SqliteDatabase:
    """An SQLite file (in WAL mode, as the store opens it) shared by the processes."""

    path: Path

    def settings(self, **changes: Any) -> Settings:
        """The settings of a process on this file."""
        base = Settings(discord_token="", database_path=self.path, log_level="INFO")
        return dataclasses.replace(base, **{**SHARED, **changes})

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        """Rows of the file, read with the sqlite3 module."""
        with contextlib.closing(sqlite3.connect(self.path)) as raw:
            return raw.execute(sql).fetchall()


@dataclass(frozen=True)
class PostgresDatabase:
    """A PostgreSQL database (its DATABASE_URL) shared by the processes."""

    url: str

    def settings(self, **changes: Any) -> Settings:
        """The settings of a process on this database."""
        base = Settings(discord_token="", database_path=Path("unused.sqlite3"), log_level="INFO")
        return dataclasses.replace(base, **{**SHARED, "database_url": self.url, **changes})

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        """Rows of the database, read with asyncpg (in a thread of its own: the asking
        test's event loop is running)."""
        with ThreadPoolExecutor(1) as thread:
            return thread.submit(asyncio.run, self._fetch(sql)).result()

    async def _fetch(self, sql: str) -> list[tuple[Any, ...]]:
        import asyncpg

        conn = await asyncpg.connect(self.url)
        try:
            return [tuple(row) for row in await conn.fetch(sql)]
        finally:
            await conn.close()


def running_clock(start: datetime) -> Callable[[], datetime]:
    """A clock that reads `start` now and runs on in real time (leases run out)."""
    began = time.monotonic()
    return lambda: start + timedelta(seconds=time.monotonic() - began)


class Record:
    """Appends one JSON line per post to a file, flushed at once."""

    def __init__(self, path: Path, process: str) -> None:
        self.file = path.open("a", encoding="utf-8")
        self.process = process

    def write(self, what: str, key: object, **extra: object) -> None:
        """Record a post (`what` about `key`) by this process."""
        line = {"process": self.process, "what": what, "key": key, **extra}
        self.file.write(json.dumps(line) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())


class RecordingChannel:
    """A match's thread: a reminder sent in it is recorded (or hangs, see `Poster`)."""

    def __init__(self, poster: RecordingPoster, match_id: int, guild_id: int) -> None:
        self.poster, self.match_id, self.guild_id = poster, match_id, guild_id

    async def send(
        self,
        text: str,
        *,
        allowed_mentions: discord.AllowedMentions,
        view: discord.ui.View | None = None,
    ) -> None:
        """Record the reminder and whom it pings (its Play button is not recorded)."""
        users = allowed_mentions.users if isinstance(allowed_mentions.users, list) else []
        if self.poster.hang:
            self.poster.record.write("holding", self.match_id)
            await asyncio.Event().wait()  # until the test kills this process
        pinged = [user.id for user in users]
        self.poster.record.write("reminder", self.match_id, guild=self.guild_id, pinged=pinged)


class RecordingDMs:
    """The part of the Discord client the notifier uses: direct messages, recorded."""

    def __init__(self, record: Record) -> None:
        self.record = record

    async def create_dm(self, user: discord.Object) -> RecordingDM:
        """The DM channel of `user`."""
        return RecordingDM(self.record, user.id)

    def get_guild(self, guild_id: int) -> None:
        """No server is known (what is sent is in the members' languages, else English)."""
        return None


class RecordingDM:
    """A member's DM channel: what is sent is recorded by its first line."""

    def __init__(self, record: Record, member_id: int) -> None:
        self.record, self.member_id = record, member_id

    async def send(self, text: str, **_: object) -> None:
        """Record the DM."""
        self.record.write("dm", f"{self.member_id}:{text.splitlines()[0]}")


class RecordingPoster:
    """What the background task posts through, recorded; `hang` stops the process at
    its first reminder, claims held, as if it froze or died there."""

    def __init__(self, service: MatchService, record: Record, hang: bool) -> None:
        self.service, self.record, self.hang = service, record, hang
        dms = RecordingDMs(record)
        self.languages = Languages(dms, service.settings)
        self.notifier = Notifier(dms, service.notices, service.clocks, self.languages)

    async def channel_of(self, match: Any) -> RecordingChannel:
        """The match's thread."""
        return RecordingChannel(self, match.id, match.guild_id)

    async def post_update(self, update: MatchUpdate) -> None:
        """A match ended by the task (on time, at a league's deadline)."""
        match = update.match
        self.record.write(update.action.key, match.id, guild=match.guild_id)

    async def refresh_challenge(self, challenge: Challenge, _: object) -> None:
        """A challenge's message showing it expired."""
        self.record.write("expired", challenge.id, guild=challenge.guild_id)

    async def vacation_notice(self, member_id: int, _: object) -> None:
        """A member's vacation ended."""
        self.record.write("vacation", member_id)


class RecordingLeagues:
    """A league's news, recorded: the round it paired, and a thread for each of its
    matches that has none yet (attached as `LeaguePoster` does, so it is opened once)."""

    def __init__(self, service: MatchService, record: Record) -> None:
        self.service, self.record = service, record

    async def post_news(self, news: LeagueNews) -> None:
        """Record the news."""
        league = news.league
        if news.paired is not None:
            self.record.write("round", f"{league.id}:{news.paired.number}", guild=league.guild_id)
        for match in news.unthreaded:
            if (await self.service.queries.get_match(match.id)).channel_id is None:
                await self.service.play.attach_channel(match.id, 9000 + match.id)
                self.record.write("thread", match.id, guild=league.guild_id)


async def _sweep(
    database: Database,
    changes: dict[str, Any],
    start: datetime,
    record: Record,
    barrier: Barrier | None,
    rounds: int,
    until_posts: int,
    hang: bool,
) -> None:
    settings = database.settings(**changes)
    service = await MatchService.open(settings, clock=running_clock(start))
    poster = RecordingPoster(service, record, hang)
    task = ReminderTask(service, poster, 1.0, RecordingLeagues(service, record))
    try:
        if barrier is not None:
            barrier.wait()
        for _ in range(rounds):
            await task.run_once()
            if _posts(record) >= until_posts:
                break
            await asyncio.sleep(0.2)
    finally:
        await service.close()


def _posts(record: Record) -> int:
    """How many posts all the processes of the test have recorded (in the same folder)."""
    lines = [
        line
        for path in Path(record.file.name).parent.glob("*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    return sum('"holding"' not in line for line in lines)


def sweep(
    database: Database,
    changes: dict[str, Any],
    start: datetime,
    out: Path,
    name: str,
    barrier: Barrier | None = None,
    rounds: int = 3,
    until_posts: int = 10**6,
    hang: bool = False,
) -> None:
    """A child process: the background rounds of one bot process with settings `changes`
    (its shards), its clock at `start` and running; its posts recorded in `out`. It waits
    at `barrier` with the others, then runs `rounds` rounds (fewer once the processes
    have recorded `until_posts` posts in all, in `out`'s folder). With `hang` it stops at
    its first reminder, holding its claims."""
    asyncio.run(
        _sweep(database, changes, start, Record(out, name), barrier, rounds, until_posts, hang)
    )


async def _race(
    database: Database, moves: list[tuple[int, int, str, int]], barrier: Barrier, out: Path
) -> None:
    service = await MatchService.open(database.settings())
    results = []
    try:
        for match_id, member_id, notation, ply in moves:
            barrier.wait()  # every process sends this same action at once
            try:
                await service.play.act(
                    match_id,
                    member_id,
                    Request(
                        MOVE, notation, ply=ply, request_id=f"race:{os.getpid()}:{match_id}:{ply}"
                    ),
                )
            except ServiceError as error:
                results.append([match_id, type(error).__name__])
            else:
                results.append([match_id, "applied"])
    finally:
        await service.close()
    out.write_text(json.dumps(results), encoding="utf-8")


def race(
    database: Database, moves: list[tuple[int, int, str, int]], barrier: Barrier, out: Path
) -> None:
    """A child process: apply each of `moves` (match, member, notation, ply), all the
    processes at once, and write what became of each (applied or the refusal) to `out`."""
    asyncio.run(_race(database, moves, barrier, out))
