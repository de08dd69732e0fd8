"""Benchmark of the service's queries on real SQLite: for a few queries a face asks often
(a match's position, its record, a member's settings, a server's leaderboard), the time of
one (p50, p99) and its calls to the database thread of aiosqlite (each a round trip from
the event loop to that thread and back: BEGIN, each statement, the ROLLBACK).

    .venv/bin/python benchmarks/queries.py [--runs 500]

One Skift match of 40 moves is played and resigned through the service first (so the
record has a log and the leaderboard two rated players), then each query is asked `--runs`
times, the queries taking turns. The last line printed is a JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

# Put the project root first: benchmarks/bot.py would otherwise shadow the bot package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from benchmarks.service import GUILD, Clock, long_game, member_to_act, request  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.match.actions import MOVE, RESIGN  # noqa: E402
from bot.match.records import Match  # noqa: E402
from bot.service import ChallengeRequest, MatchService  # noqa: E402
from bot.store.sqlite import SqliteStore  # noqa: E402

MOVES = 40
#: The queries timed, by name: each asked of the service about the match played.
QUERIES: dict[str, Callable[[MatchService, Match], Awaitable[object]]] = {
    "view": lambda service, match: service.queries.view(match.id, None),
    "record": lambda service, match: service.queries.match_record(match.id),
    "member_settings": lambda service, match: service.settings.member_settings(1, GUILD),
    "leaderboard": lambda service, match: service.queries.standings(GUILD, "skift"),
}


class ThreadCalls:
    """Counts the calls to the database thread of an SQLite store, by wrapping its
    aiosqlite connection's `_execute` (the one way into that thread) on the instance."""

    def __init__(self, store: SqliteStore) -> None:
        self.count = 0
        real: Callable[..., Awaitable[Any]] = store.conn._execute

        async def counted(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return await real(fn, *args, **kwargs)

        store.conn._execute = counted  # type: ignore[method-assign]


async def played(service: MatchService) -> Match:
    """A Skift match between members 1 and 2, MOVES moves long, then resigned."""
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, 10, 1, "skift", opponents=[2])
    )
    started = (await service.challenges.accept_challenge(posted.id, 2)).match
    assert started is not None
    match = await service.play.attach_channel(started.id, 100_000 + started.id)
    for notation in long_game(match.seed, dict(match.options))[:MOVES]:
        made = request(MOVE, match, notation)
        match = (await service.play.act(match.id, member_to_act(match), made)).match
    made = request(RESIGN, match)
    return (await service.play.act(match.id, member_to_act(match), made)).match


async def main(runs: int) -> dict[str, dict[str, float]]:
    """Time `runs` of each query; print and return the figures."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            discord_token="", database_path=Path(folder) / "bench.sqlite3", log_level="INFO"
        )
        service = await MatchService.open(settings, clock=Clock(), rng=random.Random(3))
        try:
            match = await played(service)
            assert isinstance(service.store, SqliteStore)
            calls = ThreadCalls(service.store)
            timings: dict[str, list[float]] = {name: [] for name in QUERIES}
            trips: dict[str, int] = {}
            for run in range(runs + 20):  # the first 20 rounds warm up, untimed
                for name, ask in QUERIES.items():
                    before, start = calls.count, time.perf_counter()
                    await ask(service, match)
                    if run >= 20:
                        timings[name].append(time.perf_counter() - start)
                    trips[name] = calls.count - before
        finally:
            await service.close()
    figures: dict[str, dict[str, float]] = {}
    for name, taken in timings.items():
        taken.sort()
        figures[name] = {
            "thread_calls": trips[name],
            "p50_ms": round(statistics.median(taken) * 1000, 3),
            "p99_ms": round(taken[int(len(taken) * 0.99) - 1] * 1000, 3),
        }
        print(
            f"{name}: {trips[name]} calls to the database thread, "
            f"p50 {figures[name]['p50_ms']} ms, p99 {figures[name]['p99_ms']} ms"
        )
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500, help="times each query is asked")
    arguments = parser.parse_args()
    print(json.dumps(asyncio.run(main(arguments.runs))))
