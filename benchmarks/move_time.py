"""Where a service move's time goes, for `benchmarks/service.py`: the work its transaction
does in the database thread (`BodyTime`: its CPU time, and the part of it SQLite's
statements take), the rules' own work on the same moves (`rules_ms`), and the floor's
pieces (`bare_ms`: the floor's transaction run by sqlite3 itself, no thread between, so
the rest of the floor is its three round trips to aiosqlite's thread).

The least p50 a move could have, with its statements and its rules as they are and no
other work at all, is one round trip, the statements, BEGIN and COMMIT as the bare
transaction makes them, and the rules: `least_ms`.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import sqlite3
import statistics
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import games
from bot.store.sql import Connection

#: Where SQLite's own functions show in a profile (`sqlite3.Connection.execute`, …).
_SQLITE_CALLS = ("sqlite3.Connection", "sqlite3.Cursor")


class BodyTime:
    """Wraps a store's `transact` on the instance: inside `one_move()`, the thread CPU time
    of each body run (in the database thread, for SQLite) is added to the move's, and with
    `profiled` the body runs under cProfile, whose figures give SQLite's own share (its
    C calls cost the same with the profiler on; Python's would not, so only this share is
    read from it)."""

    def __init__(self, store: Any) -> None:
        self.cpu: list[float] = []
        self.sqlite: list[float] = []
        self._moving = False
        self._profiled = False
        self._spent = 0.0
        self._profile = cProfile.Profile()
        transact = store.transact

        async def timed(body: Callable[[Connection], Coroutine[Any, Any, Any]]) -> Any:
            async def measured(conn: Connection) -> Any:
                if not self._moving:
                    return await body(conn)
                start = time.thread_time()
                if self._profiled:
                    self._profile.enable()
                try:
                    return await body(conn)
                finally:
                    if self._profiled:
                        self._profile.disable()
                    self._spent += time.thread_time() - start

            return await transact(measured)

        store.transact = timed

    @contextmanager
    def one_move(self, *, profiled: bool = False) -> Iterator[None]:
        """Measure the bodies run in the block as one move's (`profiled`: SQLite's share)."""
        self._moving, self._profiled, self._spent = True, profiled, 0.0
        yield
        self._moving = False
        if not profiled:
            self.cpu.append(self._spent)

    def sqlite_ms(self, moves: int) -> float:
        """SQLite's own milliseconds a move, over the `moves` profiled."""
        stats = pstats.Stats(self._profile)
        spent = sum(
            figures[2]  # the function's own time
            for (_, _, name), figures in stats.stats.items()  # type: ignore[attr-defined]
            if any(owner in name for owner in _SQLITE_CALLS)
        )
        return spent * 1000 / max(1, moves)


def rules_ms(game: str, seed: int, options: dict[str, Any], notations: Sequence[str]) -> float:
    """The median milliseconds of the rules' own work on each of `notations` in turn, as a
    service move does it: read the move, play it, write and describe it for the
    announcement, ask whether the game ended, and write the new position as JSON."""
    state = games.get(game).new(2, seed=seed, options=options)
    spent = []
    for notation in notations:
        start = time.perf_counter()
        move = state.parse_move(notation)
        after = state.play(move)
        public = state.view(None)
        public.format_move(move), public.describe_move(move), state.reveals(move)
        after.outcome()
        json.dumps(after.to_json(), separators=(",", ":"))
        spent.append(time.perf_counter() - start)
        state = after
    return statistics.median(spent) * 1000


def bare_ms(folder: Path, times: int = 200) -> float:
    """The median milliseconds of the floor's transaction (BEGIN IMMEDIATE, one small
    INSERT, COMMIT on a WAL file with `synchronous=FULL`) made by sqlite3 in this thread."""
    conn = sqlite3.connect(folder / "bare.sqlite3", isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("CREATE TABLE moves (id INTEGER PRIMARY KEY, notation TEXT)")
        spent = []
        for number in range(times):
            start = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO moves (notation) VALUES (?)", (f"c{number}",))
            conn.execute("COMMIT")
            spent.append(time.perf_counter() - start)
    finally:
        conn.close()
    return statistics.median(spent) * 1000
