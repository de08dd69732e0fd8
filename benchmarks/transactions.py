"""Helpers shared by the benchmarks: count the store's transactions, and time the floor a
move stands on (one SQLite write transaction, as the store makes it, with nothing in it
but one small insert).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiosqlite

FLOOR_TRANSACTIONS = 2000


class TransactionCount:
    """Counts the write (`writes`) and read (`reads`) transactions a store opens, by
    wrapping its `transaction` and `reading` methods on the instance; `one_move` adds
    those opened inside it to the moves' own counts."""

    def __init__(self, store: Any) -> None:
        self.writes = self.reads = 0
        self.moves = self.move_writes = self.move_reads = 0
        store.transaction = self._counted(store.transaction, "writes")
        store.reading = self._counted(store.reading, "reads")

    def _counted(self, opener: Callable[[], Any], kind: str) -> Callable[[], Any]:
        def opened() -> Any:
            setattr(self, kind, getattr(self, kind) + 1)
            return opener()

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


async def floor_ms(folder: Path, count: int = FLOOR_TRANSACTIONS) -> float:
    """The median milliseconds of one aiosqlite write transaction on a WAL database with
    `synchronous=FULL` (BEGIN IMMEDIATE, one small INSERT, COMMIT): what any stored action
    costs on this machine at the least."""
    timings = []
    async with aiosqlite.connect(folder / "floor.sqlite3", isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = FULL")
        await conn.execute("CREATE TABLE moves (id INTEGER PRIMARY KEY, notation TEXT)")
        for number in range(count):
            start = time.perf_counter()
            await conn.execute("BEGIN IMMEDIATE")
            await conn.execute("INSERT INTO moves (notation) VALUES (?)", (f"c{number}-c4",))
            await conn.commit()
            timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1000
