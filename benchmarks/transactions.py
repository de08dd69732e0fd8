"""Helpers shared by the benchmarks: count the store's transactions, and time the floor a
move stands on (one SQLite write transaction, as the store makes it, with nothing in it
but one small insert), beside the moves.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiosqlite


class TransactionCount:
    """Counts the write (`writes`) and read (`reads`) transactions a store opens, by
    wrapping its `transaction`, `transact`, `reading` and `read` methods on the instance;
    `one_move` adds those opened inside it to the moves' own counts."""

    def __init__(self, store: Any) -> None:
        self.writes = self.reads = 0
        self.moves = self.move_writes = self.move_reads = 0
        store.transaction = self._counted(store.transaction, "writes")
        store.transact = self._counted(store.transact, "writes")
        store.reading = self._counted(store.reading, "reads")
        store.read = self._counted(store.read, "reads")

    def _counted(self, opener: Callable[..., Any], kind: str) -> Callable[..., Any]:
        def opened(*body: Any) -> Any:
            setattr(self, kind, getattr(self, kind) + 1)
            return opener(*body)

        return opened

    @contextmanager
    def one_move(self) -> Iterator[None]:
        """Count the transactions opened in the block as one move's."""
        writes, reads = self.writes, self.reads
        yield
        self.moves += 1
        self.move_writes += self.writes - writes
        self.move_reads += self.reads - reads

    def per_move(self) -> dict[str, float]:
        """Write and read transactions per move, on average."""
        moves = max(1, self.moves)
        return {
            "writes_per_move": round(self.move_writes / moves, 2),
            "reads_per_move": round(self.move_reads / moves, 2),
        }


class Floor:
    """The floor a move stands on: one aiosqlite write transaction on a WAL database with
    `synchronous=FULL` (BEGIN IMMEDIATE, one small INSERT, COMMIT), what any stored action
    costs on this machine at the least. `once()` times one, on a file of its own; taken
    between the moves timed, it meets the same disk and load as they do (a shared disk's
    fsync time drifts tenfold within minutes). Open with `async with Floor(folder)`."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "floor.sqlite3"
        self.timings: list[float] = []
        self._conn: aiosqlite.Connection | None = None

    async def __aenter__(self) -> Floor:
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        await self._conn.execute("PRAGMA journal_mode = WAL")
        await self._conn.execute("PRAGMA synchronous = FULL")
        await self._conn.execute("CREATE TABLE moves (id INTEGER PRIMARY KEY, notation TEXT)")
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._conn is not None
        await self._conn.close()

    async def once(self) -> None:
        """Time one bare write transaction."""
        conn = self._conn
        assert conn is not None, "open the floor with `async with`"
        start = time.perf_counter()
        await conn.execute("BEGIN IMMEDIATE")
        await conn.execute("INSERT INTO moves (notation) VALUES (?)", (f"c{len(self.timings)}",))
        await conn.commit()
        self.timings.append(time.perf_counter() - start)

    def median_ms(self) -> float:
        """The median milliseconds of the transactions timed."""
        return statistics.median(self.timings) * 1000
