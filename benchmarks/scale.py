"""Benchmark of the bot at scale, on PostgreSQL and on SQLite: the background round by
active matches (idle, and with 1% of them due: 10,000 to 1,000,000), then several bot
processes on one database (moves per second and the time of one Skift move, p50 and p99,
with 1, 2 and 4 service processes, over a database of 100,000 stored matches), then how
the move time grows with the number of stored matches (10,000 to 1,000,000). Nothing lost,
nothing applied or sent twice: checked at the end of every run against the move log, and
against what each round had due.

    .venv/bin/python benchmarks/scale.py [--round 10000,100000,1000000] [--stored 100000]
        [--processes 1,2,4] [--growth 10000,100000,1000000] [--matches 4] [--shared 8]
        [--only postgres|sqlite] [--parts round,processes,growth]

The round's databases hold copies of one active 10-move Skift match, made inside the
database (`INSERT ... SELECT`), each turn begun 0 to 23 hours before the round's fixed
time on a 72-hour clock, so nothing is due; their due times are computed from what is
stored, as after the migration that added them. The round is the service's part of
`ReminderTask.run_once`: `tick`, the bot's duties, `league_tick` and `next_due`. Idle:
the median of three rounds; then every hundredth match is made due (an idle reminder; a
reminder and a warning; a timeout, by thirds) and a round must send each once, and the
next round nothing.

PostgreSQL is a throwaway server this script starts (`tests/postgres_server.py`: Debian's
`postgresql` package), with its durable defaults (fsync on, synchronous commit), as SQLite
runs with `synchronous=FULL`. The stored matches are copies of one finished Skift match of
`--template-moves` moves (its players, snapshot and whole move log), a tenth of them left
active, made inside the database (`INSERT ... SELECT`, numbered by `generate_series` on
PostgreSQL), so a million take minutes, not hours. Once filled, PostgreSQL's tables are
analyzed, as autovacuum does soon after on a real server. The move at ten million stored
matches (PostgreSQL) is measured with short histories, which keep the database under 20 GB:

    nice -n 19 .venv/bin/python benchmarks/scale.py --only postgres --parts growth \
        --growth 10000,10000000 --template-moves 2

Each process plays `--matches` fresh 100-move matches of its own, timing every move, and
between its moves races the other processes on `--shared` matches: each process sends the
same move at the same ply, the database takes it once. At the end the move log must hold
exactly the moves the processes were told were applied, each once. The last line printed
is a JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TypedDict

# Put the project root first: benchmarks/bot.py would otherwise shadow the bot package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import asyncpg  # noqa: E402

import games  # noqa: E402
from benchmarks.service import (  # noqa: E402
    GUILD,
    MOVES,
    Clock,
    long_game,
    member_to_act,
    request,
)
from bot.config import Settings  # noqa: E402
from bot.match.actions import MOVE, RESIGN  # noqa: E402
from bot.match.errors import ServiceError  # noqa: E402
from bot.service import ChallengeRequest, MatchService  # noqa: E402
from bot.store import clocks as clock_rows  # noqa: E402
from bot.store.sql import value  # noqa: E402
from tests.postgres_server import PostgresServer, find_binaries  # noqa: E402

P99_BUDGET_MS = 20.0  # PostgreSQL, one Skift move, 4 processes, on this machine

#: The figures of one run, by name (counts and measures).
Run = dict[str, float]


class Played(TypedDict):
    """What one process did: the seconds of each of its own moves, the (match, ply) of its
    own moves and of the shared ones it got applied, and its seconds from start to end (a
    dict, as it crosses from the spawned process)."""

    timings: list[float]
    own: list[tuple[int, int]]
    raced: list[tuple[int, int]]
    elapsed: float


def settings_for(database: str) -> Settings:
    """Settings of a process on `database` (a PostgreSQL URL or an SQLite path), with no
    limit on matches."""
    base = Settings(
        discord_token="",
        database_path=Path(database),
        log_level="WARNING",
        max_active_matches=10**9,
        max_pending_challenges=10**9,
        challenge_cooldown_minutes=0,
    )
    if database.startswith("postgresql://"):
        return replace(base, database_url=database)
    return base


async def start_match(service: MatchService, members: tuple[int, int]) -> int:
    """A new Skift match between two members, in its thread; its number."""
    posted = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, 10, members[0], "skift", opponents=[members[1]])
    )
    match = (await service.challenges.accept_challenge(posted.id, members[1])).match
    assert match is not None
    await service.play.attach_channel(match.id, 10**12 + match.id)
    return match.id


# --- the stored matches -------------------------------------------------------------


async def columns(service: MatchService, table: str) -> list[str]:
    """The columns of `table`, in order, on either database."""
    async with service.store.reading() as conn:
        if service.config.database_url:
            found = await conn.rows(
                "SELECT column_name AS name FROM information_schema.columns WHERE table_name = ? "
                "ORDER BY ordinal_position",
                (table,),
            )
        else:
            found = await conn.rows(f"SELECT name FROM pragma_table_info('{table}')")
    return [row["name"] for row in found]


async def copy_matches(
    service: MatchService,
    template: int,
    last: int,
    total: int,
    special: dict[str, str],
    *,
    members: int,
    moves: bool,
) -> None:
    """Copy match `template` as matches `last` + 1 to `total`, inside the database, 100,000
    a transaction: each column as the template's, except those `special` computes from the
    copy's number `n.i`; its players drawn from `members` members, its move log with it
    where `moves`."""
    names = await columns(service, "matches")
    chosen = ", ".join(special.get(name, f"t.{name}") for name in names)
    numbers = (
        "WITH n(i) AS (SELECT generate_series(CAST(? AS BIGINT), CAST(? AS BIGINT))) "
        if service.config.database_url
        else "WITH RECURSIVE n(i) AS (SELECT CAST(? AS BIGINT) UNION ALL "
        "SELECT i + 1 FROM n WHERE i < ?) "
    )
    step = 100_000  # matches per transaction
    for low in range(last + 1, total + 1, step):
        high = min(total, low + step - 1)
        async with service.store.transaction() as conn:
            await conn.run(
                f"{numbers}INSERT INTO matches ({', '.join(names)}) "
                f"SELECT {chosen} FROM matches t, n WHERE t.id = ?",
                (low, high, template),
            )
            await conn.run(
                "INSERT INTO match_players (match_id, seat, member_id, join_index) "
                f"SELECT m.id, p.seat, 1 + (m.id * 7 + p.seat * 13) % {members}, p.join_index "
                "FROM matches m, match_players p "
                "WHERE p.match_id = ? AND m.id BETWEEN ? AND ?",
                (template, low, high),
            )
            if moves:
                await conn.run(
                    "INSERT INTO moves (match_id, idx, seat, kind, notation, at) "
                    "SELECT m.id, v.idx, v.seat, v.kind, v.notation, v.at "
                    "FROM matches m, moves v WHERE v.match_id = ? AND m.id BETWEEN ? AND ?",
                    (template, low, high),
                )
            if service.config.database_url:  # ids given: continue the id sequence after them
                await conn.run(
                    "SELECT setval(pg_get_serial_sequence('matches', 'id'), MAX(id)) FROM matches"
                )


async def analyze(service: MatchService) -> None:
    """On PostgreSQL, gather the planner's statistics of the tables just filled in bulk, as
    autovacuum does soon after on a real server (and `migrate-to-postgres` at once): a
    round begun before it plans its read of a batch's players as a walk through every
    player of every match. SQLite is left as the bot leaves it (no statistics)."""
    if service.config.database_url:
        async with service.store.transaction() as conn:
            await conn.run("ANALYZE")


async def seed_matches(service: MatchService, template: int, total: int) -> float:
    """Copy the finished template match until `total` matches are stored (a tenth of the
    copies active), inside the database; the seconds it took."""
    start = time.perf_counter()
    async with service.store.reading() as conn:
        first = await value(conn, "SELECT MAX(id) AS value FROM matches")
    count = total - first
    if count <= 0:
        return 0.0
    special = {
        "id": "n.i",
        "status": "CASE WHEN n.i % 10 = 0 THEN 'active' ELSE t.status END",
        "ended_at": "CASE WHEN n.i % 10 = 0 THEN NULL ELSE t.ended_at END",
        "result": "CASE WHEN n.i % 10 = 0 THEN NULL ELSE t.result END",
        "channel_id": "CASE WHEN n.i % 10 = 0 THEN 2000000000000 + n.i ELSE NULL END",
        "current_seat": "CASE WHEN n.i % 10 = 0 THEN 0 ELSE t.current_seat END",
    }
    await copy_matches(service, template, first, total, special, members=500, moves=True)
    await analyze(service)
    return time.perf_counter() - start


# --- the background round ------------------------------------------------------------

#: The fixed time of the round's databases (a Monday noon, UTC: no weekend about).
ROUND_NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)
_HOUR = 3600


class FixedClock:
    """A clock standing at `moment` (the round's databases are built around it)."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


async def make_active_template(service: MatchService) -> int:
    """An active Skift match of 10 moves, a person to act, to copy: its number."""
    match_id = await start_match(service, (1, 2))
    match = await service.queries.get_match(match_id)
    for notation in long_game(match.seed, dict(match.options))[:10]:
        match = (
            await service.play.act(match_id, member_to_act(match), request(MOVE, match, notation))
        ).match
    return match_id


async def seed_active(service: MatchService, template: int, total: int) -> float:
    """Copy the active template until `total` active matches are stored, inside the
    database, none with anything due at ROUND_NOW: each turn began 0 to 23 hours ago on
    a 72-hour clock; the seconds it took."""
    start = time.perf_counter()
    now = ROUND_NOW.timestamp()
    special = {
        "id": "n.i",
        "channel_id": "3000000000000 + n.i",
        "turn_started_at": f"{now} - (n.i * 7919) % {23 * _HOUR}",
        "deadline": f"{now} - (n.i * 7919) % {23 * _HOUR} + {72 * _HOUR}",
        "reminded": "0",
    }
    await copy_matches(service, template, template, total, special, members=5000, moves=False)
    return time.perf_counter() - start


async def make_due(service: MatchService) -> dict[str, int]:
    """Make every hundredth match due at ROUND_NOW, by thirds: an idle reminder (the turn
    began 25 hours ago), a warning 24 hours before the deadline (and an idle reminder:
    begun 50 hours ago, 22 hours left), a timeout (its time ran out an hour ago); what
    the round must send."""
    now = ROUND_NOW.timestamp()
    kinds = {0: (25, 47), 1: (50, 22), 2: (73, -1)}
    made = {}
    async with service.store.transaction() as conn:
        for kind, (began, left) in kinds.items():
            made[kind] = await conn.run(
                f"UPDATE matches SET turn_started_at = {now - began * _HOUR}, "
                f"deadline = {now + left * _HOUR}, auto_timeout = 1 "
                f"WHERE id % 100 = 0 AND (id / 100) % 3 = {kind} AND status = 'active'"
            )
    return {"reminders": made[0] + made[1], "warnings": made[1], "timeouts": made[2]}


#: What a round sends, as `one_round` counts it.
KINDS_SENT = ("reminders", "warnings", "timeouts")


class Statements:
    """Counts the statements the bot sends to PostgreSQL through asyncpg, each a round
    trip (BEGIN and COMMIT included, a batch of `executemany` one, the pool's own reset
    left out): a figure of the work a round does that the machine's load does not
    change."""

    count = 0

    @classmethod
    def install(cls) -> None:
        """Count every call of asyncpg's statement methods from now on (once)."""
        for name in ("execute", "executemany", "fetch", "fetchrow", "fetchval"):
            original = getattr(asyncpg.Connection, name)
            if getattr(original, "counted", False):
                continue

            async def counted(self: object, *args: object, _original=original, **kw: object):  # type: ignore[no-untyped-def]
                cls.count += 1
                return await _original(self, *args, **kw)

            counted.counted = True  # type: ignore[attr-defined]
            setattr(asyncpg.Connection, name, counted)


async def one_round(service: MatchService) -> tuple[float, dict[str, int]]:
    """The service's part of one background round (`ReminderTask.run_once` and its
    sleep): what is due, the bot's duties, the leagues, and when the next thing is due;
    its seconds and what it sent (and, on PostgreSQL, the statements it sent)."""
    Statements.install()
    before = Statements.count
    start = time.perf_counter()
    report = await service.clocks.tick()
    await service.queries.bot_duties(200)
    await service.leagues.league_tick()
    await service.clocks.next_due()
    seconds = time.perf_counter() - start
    sent = {
        "reminders": len(report.reminders),
        "warnings": len(report.warnings),
        "timeouts": len(report.timeouts),
        "statements": Statements.count - before,
    }
    return seconds, sent


async def round_run(database: str, total: int) -> Run:
    """The round at `total` active matches: idle (the median of three), then with 1% due
    (once, then again: nothing is sent twice)."""
    service = await MatchService.open(settings_for(database), clock=FixedClock(ROUND_NOW))
    try:
        template = await make_active_template(service)
        seeded = await seed_active(service, template, total)
        await settle_due(service)
        await analyze(service)
        idle = sorted([(await one_round(service))[0] for _ in range(3)])[1]
        expected = await make_due(service)
        await settle_due(service)
        due_s, sent = await one_round(service)
        again_s, again = await one_round(service)
        statements = sent.pop("statements")
        again.pop("statements")
    finally:
        await service.close()
    figures: Run = {
        "active": total,
        "seed_s": round(seeded, 1),
        "idle_ms": round(idle * 1000, 1),
        "due_ms": round(due_s * 1000, 1),
        "after_due_ms": round(again_s * 1000, 1),
        "due_statements": statements,
    }
    figures.update({f"sent_{k}": sent[k] for k in sent})
    figures.update({f"expected_{k}": expected[k] for k in expected})
    figures["sent_twice"] = sum(again.values())
    return figures


async def settle_due(service: MatchService) -> None:
    """Compute the due times of the matches copied or changed in bulk from what is stored,
    as after the migration that added them (`bot.store.clocks.compute_due`)."""
    settings = service.config
    async with service.store.transaction() as conn:
        await clock_rows.compute_due(
            conn, settings.reminder_after_hours * 3600.0, settings.reminder_fraction_percent / 100
        )


def bench_round(new_database: Callable[[str], str], sizes: list[int]) -> list[Run]:
    """The round at each size, each on a database of its own."""
    runs = []
    for total in sizes:
        figures = asyncio.run(round_run(new_database(f"round{total}"), total))
        print(f"round: {figures}", file=sys.stderr)
        runs.append(figures)
    for smaller, larger in itertools.pairwise(runs):
        for part in ("idle", "due"):
            larger[f"{part}_ratio"] = round(
                larger[f"{part}_ms"] / max(smaller[f"{part}_ms"], 0.01), 2
            )
        if smaller["due_statements"]:
            larger["statements_ratio"] = round(
                larger["due_statements"] / smaller["due_statements"], 2
            )
    return runs


# --- one process ---------------------------------------------------------------------


def shared_move(match_id: int, ply: int, state: games.GameState) -> str:
    """The move every process sends in a shared match at `ply`: the same for all."""
    candidates = list(state.legal_moves())
    random.Random(match_id * 1000 + ply).shuffle(candidates)
    move = next((m for m in candidates if state.play(m).outcome() is None), candidates[0])
    return state.format_move(move)


async def race(service: MatchService, shared: list[int], applied: list[tuple[int, int]]) -> None:
    """Send the next move of every shared match at its current ply; note those applied."""
    for match_id in shared:
        match = await service.queries.get_match(match_id)
        if not match.active or match.ply >= MOVES:
            continue
        notation = shared_move(match_id, match.ply, match.state)
        try:
            await service.play.act(match_id, member_to_act(match), request(MOVE, match, notation))
        except ServiceError:  # another process took this ply first
            continue
        applied.append((match_id, match.ply))


async def play(database: str, number: int, matches: int, shared: list[int], go: float) -> Played:
    """One process: wait for the common start, then play `matches` matches of its own,
    timing each move, racing on the shared matches between moves."""
    service = await MatchService.open(settings_for(database), clock=Clock())
    timings: list[float] = []
    own: list[tuple[int, int]] = []
    raced: list[tuple[int, int]] = []
    try:
        members = [(10_000 * (number + 1) + 2 * k, 10_000 * (number + 1) + 2 * k + 1)
                   for k in range(matches)]  # fmt: skip
        started = [await start_match(service, pair) for pair in members]
        time.sleep(max(0.0, go - time.time()))
        began = time.perf_counter()
        for match_id in started:
            match = await service.queries.get_match(match_id)
            for notation in long_game(match.seed, dict(match.options)):
                moment = time.perf_counter()
                update = await service.play.act(
                    match_id, member_to_act(match), request(MOVE, match, notation)
                )
                timings.append(time.perf_counter() - moment)
                own.append((match_id, match.ply))
                match = update.match
                if len(own) % 10 == 0:
                    await race(service, shared, raced)
            await service.play.act(match_id, member_to_act(match), request(RESIGN, match))
        elapsed = time.perf_counter() - began
    finally:
        await service.close()
    return {"timings": timings, "own": own, "raced": raced, "elapsed": elapsed}


def process_main(database: str, number: int, matches: int, shared: list[int], go: float) -> Played:
    """The body of a spawned process (see `play`)."""
    return asyncio.run(play(database, number, matches, shared, go))


# --- a run and its checks ------------------------------------------------------------


async def check(database: str, results: list[Played], shared: list[int]) -> dict[str, int]:
    """Compare what the processes applied with the move log: lost or doubled moves."""
    service = await MatchService.open(settings_for(database))
    try:
        applied = [pair for r in results for pair in r["own"] + r["raced"]]
        doubled = len(applied) - len(set(applied))
        matches = {match_id for match_id, _ in applied} | set(shared)
        logged = 0
        async with service.store.reading() as conn:
            for match_id in matches:
                count = await value(
                    conn,
                    "SELECT COUNT(*) AS value FROM moves WHERE match_id = ? AND kind = 'move'",
                    (match_id,),
                )
                logged += count
        unique = len(set(applied))
        return {
            "applied": len(applied),
            "logged": logged,
            "doubled": doubled,
            "lost": max(0, unique - logged),
            "extra": max(0, logged - unique),
        }
    finally:
        await service.close()


async def prepare_shared(database: str, count: int) -> list[int]:
    """`count` fresh matches every process races on."""
    service = await MatchService.open(settings_for(database))
    try:
        return [
            await start_match(service, (900_000 + 2 * k, 900_001 + 2 * k)) for k in range(count)
        ]
    finally:
        await service.close()


def run_processes(database: str, processes: int, matches: int, shared_count: int) -> Run:
    """Run `processes` spawned service processes together; the figures of the run."""
    shared = asyncio.run(prepare_shared(database, shared_count))
    context = multiprocessing.get_context("spawn")
    go = time.time() + 3.0 + processes  # every process started and its matches made
    with context.Pool(processes) as pool:
        results = pool.starmap(
            process_main, [(database, n, matches, shared, go) for n in range(processes)]
        )
    timings = sorted(t for r in results for t in r["timings"])
    moves = sum(len(r["own"]) + len(r["raced"]) for r in results)
    wall = max(r["elapsed"] for r in results)
    figures: Run = {
        "processes": processes,
        "moves_per_s": round(moves / wall, 1),
        "p50_ms": round(statistics.median(timings) * 1000, 2),
        "p95_ms": round(timings[int(len(timings) * 0.95) - 1] * 1000, 2),
        "p99_ms": round(timings[int(len(timings) * 0.99) - 1] * 1000, 2),
        "timed_moves": len(timings),
    }
    figures.update(asyncio.run(check(database, results, shared)))
    return figures


async def make_template(database: str, moves: int) -> int:
    """A finished Skift match of `moves` moves (then a resignation) to copy: its number."""
    service = await MatchService.open(settings_for(database), clock=Clock())
    try:
        match_id = await start_match(service, (1, 2))
        match = await service.queries.get_match(match_id)
        for notation in long_game(match.seed, dict(match.options))[:moves]:
            update = await service.play.act(
                match_id, member_to_act(match), request(MOVE, match, notation)
            )
            match = update.match
        await service.play.act(match_id, member_to_act(match), request(RESIGN, match))
        return match_id
    finally:
        await service.close()


async def seed(database: str, template: int, total: int) -> float:
    """Store copies of the template until `total` matches are stored; seconds taken."""
    service = await MatchService.open(settings_for(database))
    try:
        return await seed_matches(service, template, total)
    finally:
        await service.close()


def bench(
    name: str, new_database: Callable[[str], str], args: argparse.Namespace
) -> dict[str, list[Run]]:
    """Every run on one kind of database that `--parts` names: the process counts with
    `--stored` matches stored, then (on a database of its own) one process as the stored
    matches grow, then the background round at each `--round` size."""
    found: dict[str, list[Run]] = {"processes": [], "growth": [], "round": []}
    if "round" in args.parts:
        found["round"] = bench_round(new_database, args.round)
    if "processes" in args.parts:
        found["processes"] = bench_processes(name, new_database, args)
    if "growth" in args.parts:
        found["growth"] = bench_growth(name, new_database, args)
    return found


def bench_processes(
    name: str, new_database: Callable[[str], str], args: argparse.Namespace
) -> list[Run]:
    """The process counts with `--stored` matches stored."""
    database = new_database("scale")
    template = asyncio.run(make_template(database, args.template_moves))
    seeded = asyncio.run(seed(database, template, args.stored))
    print(f"{name}: {args.stored:,} matches stored in {seeded:.1f} s", file=sys.stderr)
    runs = []
    for processes in args.processes:
        figures: Run = {"stored": args.stored}
        figures.update(run_processes(database, processes, args.matches, args.shared))
        print(f"{name}: {figures}", file=sys.stderr)
        runs.append(figures)
    return runs


def bench_growth(
    name: str, new_database: Callable[[str], str], args: argparse.Namespace
) -> list[Run]:
    """One process as the stored matches grow (`--growth`)."""
    growth = []
    database = new_database("growth")
    template = asyncio.run(make_template(database, args.template_moves))
    for total in sorted(args.growth):
        seeded = asyncio.run(seed(database, template, total))
        figures = {"stored": total, "seed_s": round(seeded, 1)}
        figures.update(run_processes(database, 1, args.matches, 0))
        print(f"{name}: {figures}", file=sys.stderr)
        growth.append(figures)
    return growth


def main(args: argparse.Namespace) -> dict[str, object]:
    """Both databases (or the one `--only` names); print a table and return the figures."""
    databases: dict[str, dict[str, list[Run]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        if args.only in (None, "postgres"):
            binaries = find_binaries()
            if binaries is None:
                raise SystemExit("No PostgreSQL server found: apt-get install postgresql.")
            server = PostgresServer(binaries, durable=True).start()
            try:
                databases["postgres"] = bench("postgres", server.create_database, args)
            finally:
                server.stop()
        if args.only in (None, "sqlite"):
            databases["sqlite"] = bench(
                "sqlite", lambda name: str(Path(folder) / f"{name}.sqlite3"), args
            )
    print_table(databases)
    runs = [
        run for both in databases.values() for part in ("processes", "growth") for run in both[part]
    ]
    rounds = [run for both in databases.values() for run in both["round"]]
    four = [r for r in databases.get("postgres", {}).get("processes", []) if r["processes"] == 4]
    return {
        **databases,
        "p99_budget_ms": P99_BUDGET_MS,
        "within_budget": four[0]["p99_ms"] <= P99_BUDGET_MS if four else None,  # (not run)
        "nothing_lost_or_doubled": all(
            run["lost"] == run["extra"] == run["doubled"] == 0 for run in runs
        ),
        "round_sent_each_once": all(
            run["sent_twice"] == 0
            and all(run[f"sent_{k}"] == run[f"expected_{k}"] for k in KINDS_SENT)
            for run in rounds
        ),
    }


def print_table(databases: dict[str, dict[str, list[Run]]]) -> None:
    """The runs as a table, one line each."""
    print(
        "database    active     idle ms  ratio  1% due ms  ratio  statements  sent (r/w/t)  "
        "expected  twice"
    )
    for name, both in databases.items():
        for run in both["round"]:
            sent = "/".join(str(run[f"sent_{kind}"]) for kind in KINDS_SENT)
            expected = "/".join(str(run[f"expected_{kind}"]) for kind in KINDS_SENT)
            print(
                f"{name:<11} {run['active']:<10,} {run['idle_ms']:<8} "
                f"{run.get('idle_ratio', ''):<6} {run['due_ms']:<10} "
                f"{run.get('due_ratio', ''):<6} {run.get('due_statements', ''):<11} "
                f"{sent:<13} {expected:<9} {run['sent_twice']}"
            )
    print(
        "database    stored      procs  moves/s   p50 ms   p95 ms   p99 ms   applied  lost  doubled"
    )
    for name, both in databases.items():
        for part in ("processes", "growth"):
            for run in both[part]:
                print(
                    f"{name:<11} {run['stored']:<11,} {run['processes']:<6} "
                    f"{run['moves_per_s']:<9} {run['p50_ms']:<8} {run['p95_ms']:<8} "
                    f"{run['p99_ms']:<8} {run['applied']:<8} "
                    f"{run['lost'] + run['extra']:<5} {run['doubled']}"
                )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stored", type=int, default=100_000, help="matches stored first")
    parser.add_argument("--processes", default="1,2,4", help="process counts, comma-separated")
    parser.add_argument("--growth", default="10000,100000,1000000",
                        help="stored-match counts for the growth runs (one process)")  # fmt: skip
    parser.add_argument("--matches", type=int, default=3, help="100-move matches per process")
    parser.add_argument("--shared", type=int, default=8, help="matches the processes race on")
    parser.add_argument("--template-moves", type=int, default=30,
                        help="moves of the finished match the stored ones copy")  # fmt: skip
    parser.add_argument("--only", choices=("postgres", "sqlite"), help="one database only")
    parser.add_argument("--parts", default="round,processes,growth",
                        help="which runs: round, processes, growth (comma-separated)")  # fmt: skip
    parser.add_argument("--round", default="10000,100000,1000000",
                        help="active-match counts for the background round")  # fmt: skip
    arguments = parser.parse_args()
    arguments.processes = [int(n) for n in arguments.processes.split(",")]
    arguments.growth = [int(n) for n in arguments.growth.split(",") if n]
    arguments.round = [int(n) for n in arguments.round.split(",") if n]
    arguments.parts = arguments.parts.split(",")
    print(json.dumps(main(arguments)))
