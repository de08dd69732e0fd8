"""The PostgreSQL store (DATABASE_URL=postgresql://...): a pool of asyncpg connections,
its transactions and migrations, for several bot processes sharing one database.

Write transactions run one at a time, as SQLite's BEGIN IMMEDIATE makes them: within a
process behind an asyncio lock, across processes behind a transaction-level advisory lock
taken first in each. Each sees everything committed before it, so a read-modify-write
(the version check of a match included) never acts on a stale read. Reads run in
REPEATABLE READ READ ONLY transactions: one consistent snapshot, without waiting. A
connection given back to the pool is not reset (`_left_as_it_is`): nothing the store does
outlives its transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg

from bot.match.errors import CannotSave, OutcomeUnknown
from bot.match.phrases import Message
from bot.store import postgres_schema
from bot.store.base import Store
from bot.store.health import ReachHealth, StoreError, WriteHealth
from bot.store.sql import Connection, Statement

log = logging.getLogger("shiftcord.store")
#: The advisory lock every write transaction holds ("shiftcord" in a 63-bit number).
WRITE_LOCK = 0x5348494654_0002
#: What to do when PostgreSQL cannot be reached right now, by SQLSTATE (or its class, the
#: first two characters): nothing can be read or written.
_REACH_ADVICE = {
    "08": "the connection to PostgreSQL was lost: check that the server runs and is reachable",
    "57": "PostgreSQL is shutting down or starting: wait for it, or start it",
    "53300": "PostgreSQL has no connection to spare: raise its max_connections",
}
#: What to do about an error class that keeps the database from being written for a while.
_WRITE_ADVICE = {
    "53": "PostgreSQL is out of resources (disk or memory): check the server",
    "25006": "the database refuses writes (read-only): check the server (is it a standby?)",
}

#: What a player is told when the database's answer to saving their action was lost and
#: cannot be asked again.
COMMIT_LOST = Message("store.commit_lost")


@functools.lru_cache(maxsize=2048)
def numbered(sql: str, after: int = 0) -> str:
    """`sql` with its `?` parameters numbered for PostgreSQL (`$1`, `$2`, ...; from
    `after + 1` when other parameters come first); quoted text is left alone."""
    pieces = sql.split("'")
    count = after
    for i in range(0, len(pieces), 2):  # the even pieces are outside quotes
        parts = pieces[i].split("?")
        for j in range(1, len(parts)):
            count += 1
            parts[j] = f"${count}{parts[j]}"
        pieces[i] = "".join(parts)
    return "'".join(pieces)


class PostgresConnection(Connection):
    """The store's calls on an asyncpg connection (rows come as asyncpg Records)."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row of a query."""
        return list(await self.conn.fetch(numbered(sql), *params))

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or None."""
        return await self.conn.fetchrow(numbered(sql), *params)

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; how many rows it changed (from its status, "UPDATE 1")."""
        status = await self.conn.execute(numbered(sql), *params)
        count = status.rpartition(" ")[2]
        return int(count) if count.isdigit() else 0

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Insert one row; its id (RETURNING id)."""
        return int(await self.conn.fetchval(numbered(sql) + " RETURNING id", *params))

    async def run_many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        """Run a statement once for each set of parameters."""
        await self.conn.executemany(numbered(sql), params)

    async def run_together(self, statements: Sequence[Statement]) -> list[int]:
        """Run writes that neither read nor change a row another one writes in one round
        trip: one statement, each write a data-modifying WITH query (all run to completion,
        on the snapshot the statement starts from); how many rows each changed."""
        if len(statements) < 2:
            return [await self.run(sql, params) for sql, params in statements]
        queries: list[str] = []
        counts: list[str] = []
        values: list[Any] = []
        for index, (sql, params) in enumerate(statements):
            queries.append(f"w{index} AS ({numbered(sql, len(values))} RETURNING 1)")
            counts.append(f"(SELECT COUNT(*) FROM w{index})")
            values.extend(params)
        row = await self.conn.fetchrow(
            f"WITH {', '.join(queries)} SELECT {', '.join(counts)}", *values
        )
        return [int(count) for count in row]


def describe(url: str) -> str:
    """How messages name the database of `url`, without its password: "The PostgreSQL
    database shiftcord on db.example:5432"."""
    parts = urlsplit(url)
    host = parts.hostname or parse_qs(parts.query).get("host", ["localhost"])[0]
    where = f"{host}:{parts.port}" if parts.port else host
    return f"The PostgreSQL database {parts.path.lstrip('/') or '(default)'} on {where}"


def reach_problem(error: BaseException) -> str | None:
    """What keeps the bot from reaching PostgreSQL right now (the server is stopped or
    starting, the connection was lost) and what to do, or None when `error` is something
    else."""
    return _problem(error, _REACH_ADVICE)


def write_problem(error: BaseException) -> str | None:
    """What keeps PostgreSQL from writing right now (a full disk, a read-only database) and
    what to do, or None when `error` is something else (a fault in what was written)."""
    return _problem(error, _WRITE_ADVICE)


def _problem(error: BaseException, advice: dict[str, str]) -> str | None:
    """`error` and the `advice` for its SQLSTATE or its class, or None when there is none."""
    if isinstance(error, OSError):  # the server cannot be reached (a timeout included)
        state = "08"
    elif isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError):
        state = getattr(error, "sqlstate", None) or ""
    else:
        return None
    found = advice.get(state) or advice.get(state[:2])
    if found is None:
        return None
    return f"{str(error).rstrip('.') or type(error).__name__}; {found}"


class PostgresStore(Store):
    """A PostgreSQL database; open with `await PostgresStore.open(url)`."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.name = describe(url)
        self._lock = asyncio.Lock()
        self._writes = WriteHealth(self.name)
        self._reach = ReachHealth(self.name)

    @classmethod
    async def open(cls, url: str, *, connections: int = 10) -> PostgresStore:
        """Connect (a pool of up to `connections`) and migrate the database."""
        name = describe(url)
        # It connects when first used; no floor: asyncpg would log a traceback at each
        # attempt to restore it while the server is down.
        pool = await asyncpg.create_pool(
            url,
            min_size=0,
            max_size=connections,
            statement_cache_size=1024,
            reset=_left_as_it_is,
        )
        try:
            async with pool.acquire() as conn:
                await postgres_schema.migrate(conn, name)
        except (TimeoutError, OSError, asyncpg.PostgresError) as error:
            await pool.close()
            raise StoreError(f"{name} cannot be opened: {error}.") from error
        except ValueError as error:  # a malformed URL
            await pool.close()
            raise StoreError(f"DATABASE_URL is not a PostgreSQL address: {error}.") from error
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    async def close(self) -> None:
        """Close the pool (waiting for a running transaction to finish)."""
        async with self._lock:
            await self.pool.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """A write transaction around the block, after every earlier one has committed;
        any exception rolls it back. When the database cannot be written right now (its
        disk is full) the block raises `CannotSave`, and `CannotReach` when the server
        cannot be reached: a refusal for the player, and the admin's log says so once
        until it works again."""
        async with self._lock:
            try:
                async with self._inside(_BEGIN_WRITE) as conn:
                    yield conn
            except BaseException as error:
                refusal = self._outage(error, writing=True)
                if refusal is not None:
                    raise refusal from error
                raise
            self._reach.worked()
            self._writes.worked()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        """A read transaction (one consistent snapshot of the database) around the block;
        `CannotReach` (told to the admin once) when the server cannot be reached."""
        try:
            async with self._inside(_BEGIN_READ) as conn:
                yield conn
        except BaseException as error:
            refusal = self._outage(error, writing=False)
            if refusal is not None:
                raise refusal from error
            raise
        self._reach.worked()

    def _outage(self, error: BaseException, *, writing: bool) -> CannotSave | None:
        """The player's refusal when `error` keeps the database from being reached (or,
        `writing`, written) right now, noted for the admin's log; else None."""
        problem = reach_problem(error)
        if problem is not None:
            return self._reach.failed(problem)
        problem = write_problem(error) if writing else None
        return None if problem is None else self._writes.failed(problem)

    @asynccontextmanager
    async def _inside(self, begin: str) -> AsyncIterator[Connection]:
        """A pooled connection inside a transaction started by `begin`, committed at the
        end of the block or rolled back on any error (a cancellation included)."""
        conn = await self._begun(begin)
        try:
            yield PostgresConnection(conn)
            try:
                await conn.execute("COMMIT")
            except _DROPPED as error:  # the server may have committed before it was lost
                if begin != _BEGIN_WRITE:
                    raise
                raise OutcomeUnknown(COMMIT_LOST) from error
        except BaseException:
            await to_the_end(self._end(conn, roll_back=True))
            raise
        await to_the_end(self._end(conn, roll_back=False))

    async def _end(self, conn: asyncpg.Connection, *, roll_back: bool) -> None:
        """Roll back what is open (`roll_back`), then give the connection back: in this
        order whatever happens meanwhile (run by `to_the_end`: a second cancellation of
        the caller, while a rollback waits for the server to stop the statement the first
        cancelled, once gave the connection back with the rollback still on it, and the
        next user of it met asyncpg's "cannot switch to state 12; another operation is in
        progress")."""
        if roll_back:
            await self._roll_back(conn)
        await self._give_back(conn)

    async def _give_back(self, conn: asyncpg.Connection) -> None:
        """Give a connection back to the pool after its transaction ended (committed or
        rolled back): whatever fails then (the server lost right after a COMMIT answered,
        a connection already taken back) changes nothing that was done, so it is only
        logged, and the connection closed (the pool makes a new one)."""
        try:
            await self.pool.release(conn)
        except Exception as error:
            log.info("a connection to %s could not be given back, closed: %r", self.name, error)
            with contextlib.suppress(Exception):
                conn.terminate()

    async def _begun(self, begin: str) -> asyncpg.Connection:
        """A pooled connection on which `begin` ran; when the server dropped the pool's
        connections while they were idle (a restart of the server), new ones are made. A
        connection whose BEGIN failed otherwise (or was cancelled) is closed, not reused."""
        retried = False
        while True:
            conn = await self.pool.acquire()
            try:
                await conn.execute(begin)
            except BaseException as error:
                await to_the_end(self._discard(conn))
                if retried or not isinstance(error, _DROPPED):
                    raise
                await self.pool.expire_connections()  # the others were dropped too
                retried = True
                continue
            return conn

    async def _discard(self, conn: asyncpg.Connection) -> None:
        """Close a pooled connection in an unknown state and give it back (the pool makes
        a new one); one the pool already took back (the server dropped it) is left."""
        with contextlib.suppress(asyncpg.InterfaceError):
            conn.terminate()
        await self._give_back(conn)

    @staticmethod
    async def _roll_back(conn: asyncpg.Connection) -> None:
        """Roll back whatever is open; a connection that cannot is closed instead (the
        pool makes a new one)."""
        try:
            await conn.execute("ROLLBACK")
        except Exception:
            with contextlib.suppress(asyncpg.InterfaceError):
                conn.terminate()


async def _left_as_it_is(conn: asyncpg.Connection) -> None:
    """What the pool does to a connection given back, after asyncpg's own rollback of a
    transaction left open (none is: every one ends in COMMIT or ROLLBACK first): nothing
    more. The store changes nothing that outlives a transaction (no SET, LISTEN, cursor
    kept open or session advisory lock: its advisory locks are the transaction's), so
    asyncpg's default reset query (`RESET ALL; UNLISTEN *; ...`) would be one more round
    trip per transaction, for nothing."""


async def to_the_end(work: Coroutine[Any, Any, None]) -> None:
    """Run `work` to its end, even when the caller is cancelled meanwhile (once or again
    and again): the cancellation is raised once `work` has ended."""
    task = asyncio.ensure_future(work)
    interrupted: asyncio.CancelledError | None = None
    while not task.done():
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError as error:
            if not task.done():
                interrupted = error
    if interrupted is not None:
        raise interrupted
    task.result()


#: What a pooled connection the server has dropped raises when it is used again.
_DROPPED = (
    OSError,
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
)
#: Write transactions: one at a time across processes (see the module's docstring).
_BEGIN_WRITE = f"BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})"
#: Read transactions: a snapshot that does not wait for writers.
_BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
