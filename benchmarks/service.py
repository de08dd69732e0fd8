"""Benchmark of the match service on real SQLite: moves per second, the time of one Skift
move (p50, p99) with 10,000 matches stored, the database transactions a move opens, and
database bytes per finished 100-move match (kept for good, and while its request ids are
kept against retries), beside the floor: the median time of one bare SQLite write
transaction (WAL, `synchronous=FULL`) on the same machine, one timed after each move. The
CPU time of a move (the process's, both threads) is its own work, which neither the disk
nor a loaded machine stretches: on a shared machine, compare that.

    .venv/bin/python benchmarks/service.py [--matches 10000] [--timed 20]

The 10,000 stored matches are copies of one finished 100-move match (log, snapshot and
players), bulk-inserted in one transaction; a tenth of them stay active. Then `--timed`
fresh matches are played through the service, 100 moves each and a resignation, timing
every move; the growth of the database file over those matches gives the bytes per match.
The last line printed is a JSON object of the figures.
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
import uuid
from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

# Put the project root first: benchmarks/bot.py would otherwise shadow the bot package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import games  # noqa: E402
from benchmarks.move_time import BodyTime, bare_ms, rules_ms  # noqa: E402
from benchmarks.transactions import Floor, TransactionCount  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.match.actions import MOVE, RESIGN, MatchAction, Request  # noqa: E402
from bot.match.records import Match  # noqa: E402
from bot.service import ChallengeRequest, MatchService  # noqa: E402
from bot.service.clocks import REQUESTS_KEPT  # noqa: E402
from bot.store import requests as request_rows  # noqa: E402
from bot.store.sqlite import SqliteStore  # noqa: E402

MOVES = 100
GUILD = 1
P99_BUDGET_MS = 10.0  # one Skift move through the service, on this machine
BYTES_BUDGET = 20 * 1024  # database bytes per finished 100-move match


def long_game(seed: int, options: Mapping[str, Any]) -> list[str]:
    """MOVES random Skift moves that never end the game (so a match lasts 100 moves); a
    walk that runs into a position where every move ends the game is walked again."""
    attempt = 0
    while (
        notations := random_walk(seed, options, random.Random(seed + 1_000_003 * attempt))
    ) is None:
        attempt += 1
    return notations


def random_walk(seed: int, options: Mapping[str, Any], chooser: random.Random) -> list[str] | None:
    """MOVES moves of a Skift game, none ending it, chosen by `chooser`; None when the
    walk reaches a position where every move ends the game."""
    state = games.get("skift").new(2, seed=seed, options=options)
    notations = []
    for _ in range(MOVES):
        candidates = list(state.legal_moves())
        chooser.shuffle(candidates)
        move = next((m for m in candidates if state.play(m).outcome() is None), None)
        if move is None:
            return None
        notations.append(state.format_move(move))
        state = state.play(move)
    return notations


class Clock:
    """A clock that advances a minute per reading, so every move has its own time."""

    def __init__(self) -> None:
        self.moment = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.moment += timedelta(minutes=1)
        return self.moment


def request(action: MatchAction, match: Match, text: str = "") -> Request:
    """A request of `action` at the match's current position, with an id of its own."""
    return Request(action, text, ply=match.ply, request_id=f"benchmark:{uuid.uuid4().hex}")


def where_time_goes(floor_ms: float, body: BodyTime, bare: float) -> dict[str, float]:
    """The move's time taken apart (`benchmarks.move_time`), and the least p50 its
    statements and rules allow: one round trip, BEGIN and COMMIT, the statements, the rules."""
    rules = statistics.median(rules_ms("skift", seed, {}, long_game(seed, {})) for seed in range(5))
    statements = body.sqlite_ms(MOVES)
    round_trip = (floor_ms - bare) / 3  # the floor is three calls to aiosqlite's thread
    least = round_trip + bare + statements + rules
    return {
        "body_ms": round(statistics.median(body.cpu) * 1000, 3),
        "statements_ms": round(statements, 3),
        "rules_ms": round(rules, 3),
        "round_trip_ms": round(round_trip, 3),
        "bare_ms": round(bare, 3),
        "least_ms": round(least, 3),
        "least_over_floor": round(least / floor_ms, 2),
    }


def member_to_act(match: Match) -> int:
    """The member to act in `match`, which is still going on."""
    assert match.to_act is not None, f"match {match.id} is over"
    return match.to_act


def sqlite_store(service: MatchService) -> SqliteStore:
    """The service's store, an SQLite one here (the benchmark opens it on a file)."""
    assert isinstance(service.store, SqliteStore)
    return service.store


async def one_row(
    conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()
) -> aiosqlite.Row:
    """The one row `sql` selects."""
    async with conn.execute(sql, params) as c:
        row = await c.fetchone()
    assert row is not None, sql
    return row


async def play_match(
    service: MatchService,
    members: tuple[int, int],
    counted: TransactionCount,
    floor: Floor | None = None,
    cpu: list[float] | None = None,
    body: BodyTime | None = None,
    profiled: bool = False,
) -> list[float]:
    """Challenge, accept, play 100 moves and resign; the seconds each move took (the
    transactions of the moves alone are left in `counted`, the CPU seconds of each, both
    threads of the process, in `cpu`, the database thread's work in `body` (`profiled`:
    SQLite's share of it), and after each move one bare transaction is timed on the
    `floor`)."""
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, 10, members[0], "skift", opponents=[members[1]])
    )
    started = (await service.challenges.accept_challenge(posted.id, members[1])).match
    assert started is not None
    match = await service.play.attach_channel(started.id, 100_000 + started.id)
    timings = []
    for notation in long_game(match.seed, dict(match.options)):
        with counted.one_move(), body.one_move(profiled=profiled) if body else nullcontext():
            start, used = time.perf_counter(), time.process_time()
            update = await service.play.act(
                match.id, member_to_act(match), request(MOVE, match, notation)
            )
            timings.append(time.perf_counter() - start)
            if cpu is not None:
                cpu.append(time.process_time() - used)
        if floor is not None:
            await floor.once()
        match = update.match
    await service.play.act(match.id, member_to_act(match), request(RESIGN, match))
    return timings


async def seed_matches(service: MatchService, template_id: int, count: int) -> None:
    """Copy the template match `count` times in one transaction (a tenth left active)."""
    conn = sqlite_store(service).conn
    template = await one_row(
        conn,
        "SELECT guild_id, origin_channel_id, game, options, seed, players, clock_hours, "
        "auto_timeout, takebacks, ply, snapshot, created_at, ended_at, result "
        "FROM matches WHERE id = ?",
        (template_id,),
    )
    async with conn.execute(
        "SELECT idx, seat, kind, notation, at FROM moves WHERE match_id = ?", (template_id,)
    ) as c:
        log = await c.fetchall()
    (first,) = await one_row(conn, "SELECT MAX(id) FROM matches")
    chooser = random.Random(1)
    rows, players, moves = [], [], []
    for offset in range(1, count + 1):
        match_id = first + offset
        active = offset % 10 == 0
        rows.append(
            (
                match_id,
                *template[:9],
                "active" if active else "finished",
                template[9],
                template[10],
                template[11],
                None if active else template[12],
                None if active else template[13],
                200_000 + match_id if active else None,
                0 if active else None,
            )
        )
        pair = chooser.sample(range(1, 501), 2)
        players += [(match_id, seat, member, seat) for seat, member in enumerate(pair)]
        moves += [(match_id, *entry) for entry in log]
    async with service.store.transaction() as tx:
        await tx.run_many(
            "INSERT INTO matches (id, guild_id, origin_channel_id, game, options, seed, players, "
            "clock_hours, auto_timeout, takebacks, status, ply, snapshot, created_at, ended_at, "
            "result, channel_id, current_seat) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        await tx.run_many(
            "INSERT INTO match_players (match_id, seat, member_id, join_index) VALUES (?, ?, ?, ?)",
            players,
        )
        await tx.run_many(
            "INSERT INTO moves (match_id, idx, seat, kind, notation, at) VALUES (?, ?, ?, ?, ?, ?)",
            moves,
        )


async def database_bytes(service: MatchService) -> int:
    """The bytes of the database's pages in use (free pages not counted), WAL folded in."""
    conn = sqlite_store(service).conn
    await conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    figures: list[int] = []
    for pragma in ("page_count", "freelist_count", "page_size"):
        figures.append((await one_row(conn, f"PRAGMA {pragma}"))[0])
    pages, free, size = figures
    return (pages - free) * size


async def main(stored: int, timed: int) -> dict[str, float | bool]:
    """Store `stored` matches, time `timed` 100-move matches; print and return the figures."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            discord_token="",
            database_path=Path(folder) / "bench.sqlite3",
            log_level="INFO",
            max_active_matches=10**9,
            max_pending_challenges=10**9,
        )
        service = await MatchService.open(settings, clock=Clock(), rng=random.Random(3))
        counted = TransactionCount(service.store)
        body = BodyTime(service.store)
        try:
            await play_match(service, (1, 2), counted)  # the template, also a warm-up
            start = time.perf_counter()
            await seed_matches(service, 1, stored)
            seeding = time.perf_counter() - start
            before = await database_bytes(service)
            timings: list[float] = []
            cpu: list[float] = []
            async with Floor(Path(folder)) as floor:
                for number in range(timed):
                    timings += await play_match(
                        service, (1000 + 2 * number, 1001 + 2 * number), counted, floor, cpu, body
                    )
            with_requests = await database_bytes(service)
            async with service.store.transaction() as conn:  # the background round, a week on
                await request_rows.prune(conn, service.now() + REQUESTS_KEPT)
            after = await database_bytes(service)
            await play_match(service, (998, 999), counted, body=body, profiled=True)
            bare = bare_ms(Path(folder))
        finally:
            await service.close()
    timings.sort()
    figures: dict[str, float | bool] = {
        "stored_matches": stored + 1,
        "seed_s": round(seeding, 2),
        "moves_per_s": round(len(timings) / sum(timings), 1),
        "p50_ms": round(statistics.median(timings) * 1000, 3),
        "p99_ms": round(timings[int(len(timings) * 0.99) - 1] * 1000, 3),
        "bytes_per_match": round((after - before) / timed),
        "bytes_per_match_with_requests": round((with_requests - before) / timed),
        "floor_ms": round(floor.median_ms(), 3),
        "p50_over_floor": round(statistics.median(timings) * 1000 / floor.median_ms(), 2),
        "cpu_ms_per_move": round(statistics.fmean(cpu) * 1000, 3),
        **where_time_goes(floor.median_ms(), body, bare),
        **counted.per_move(),
        "p99_budget_ms": P99_BUDGET_MS,
        "bytes_budget": BYTES_BUDGET,
    }
    figures["within_budget"] = (
        figures["p99_ms"] <= P99_BUDGET_MS and figures["bytes_per_match"] <= BYTES_BUDGET
    )
    print(f"{figures['stored_matches']} matches stored (seeded in {figures['seed_s']} s)")
    print(
        f"{len(timings)} Skift moves: {figures['moves_per_s']} moves/s, "
        f"p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms"
    )
    print(
        f"floor (one bare WAL write transaction, synchronous=FULL): {figures['floor_ms']} ms; "
        f"p50 is {figures['p50_over_floor']}x the floor"
    )
    print(f"CPU per move (both threads, any disk or load aside): {figures['cpu_ms_per_move']} ms")
    print(
        f"in the database thread a move's transaction works {figures['body_ms']} ms: SQLite's "
        f"statements {figures['statements_ms']} ms, the rules' own work {figures['rules_ms']} ms; "
        f"a round trip to the thread takes {figures['round_trip_ms']} ms, BEGIN and COMMIT "
        f"{figures['bare_ms']} ms"
    )
    print(
        f"least p50 with these statements and rules and no other work: {figures['least_ms']} "
        f"ms, {figures['least_over_floor']}x the floor"
    )
    print(
        f"database transactions per move: {figures['writes_per_move']} writes, "
        f"{figures['reads_per_move']} reads"
    )
    print(
        f"{figures['bytes_per_match']} bytes of database per finished {MOVES}-move match, "
        f"{figures['bytes_per_match_with_requests']} while its request ids are kept "
        f"({REQUESTS_KEPT.days} days, against a retried request)"
    )
    verdict = "met" if figures["within_budget"] else "MISSED"
    print(f"budgets (p99 <= {P99_BUDGET_MS} ms, <= {BYTES_BUDGET} bytes per match): {verdict}")
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000, help="matches stored first")
    parser.add_argument("--timed", type=int, default=20, help="100-move matches timed")
    arguments = parser.parse_args()
    print(json.dumps(asyncio.run(main(arguments.matches, arguments.timed))))
