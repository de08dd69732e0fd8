"""Several bot processes on one database, as real processes (multiprocessing, spawn): the
background work (reminders, timeouts, challenge expiry, vacations' ends, digests, a
league's start) is done once whatever the number of processes and however their shards
overlap; work claimed by a process killed with SIGKILL is done by another once its lease
has run out; the same move sent by two or three processes at once is applied once.

The `database` fixture says how the children open the store and how the checks read it
(`tests.bot.processes.Database`): each test runs on an SQLite file and on a PostgreSQL
database.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.service import ChallengeRequest, MatchService
from tests.bot import processes
from tests.bot.conftest import Databases
from tests.bot.processes import Database, PostgresDatabase, SqliteDatabase
from tests.bot.service_fixtures import START, FakeClock, terms

SPAWN = multiprocessing.get_context("spawn")
CHANNEL = 2000
#: Two servers, on shard 0 and shard 1 of two (Discord: (id >> 22) % shards).
GUILDS = (1000, (1 << 22) + 1000)
#: When the children's clocks start: a week after the challenges were made, a day and an
#: hour after the matches began (`populate`).
LATER = START + timedelta(days=7, hours=1)


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """How the processes of a test open their shared database (each kind in turn)."""
    if request.param == "sqlite":
        yield SqliteDatabase(tmp_path / "shared.sqlite3")
        return
    made = Databases("postgres", tmp_path, request.getfixturevalue("postgres_server"))
    settings = await made.settings()
    assert settings.database_url is not None
    yield PostgresDatabase(settings.database_url)
    await made.drop()


@dataclass
class Due:
    """What `populate` made due by LATER, by id."""

    reminders: dict[int, int]  # match -> guild
    timeouts: dict[int, int]  # match -> guild
    expired: dict[int, int]  # challenge -> guild
    league: int
    vacation: int  # the member whose vacation ends
    digest: int  # the member whose digest is due


async def populate(database: Database) -> Due:
    """In each of the two servers: two challenges nobody answers (they expire), three
    matches whose turn has waited a day (reminders) and two with automatic timeouts whose
    time ran out; a league in the first whose sign-up ended, with four players; a member
    whose vacation ends, and one whose daily digest is due."""
    clock = FakeClock(START)
    service = await MatchService.open(database.settings(), clock=clock, rng=random.Random(3))
    members = iter(range(100, 200))
    try:
        expired: dict[int, int] = {}
        for guild in GUILDS:
            for _ in range(2):
                opponent = [next(members)]
                posted = await service.challenges.create_challenge(
                    ChallengeRequest(guild, CHANNEL, next(members), "skift", opponents=opponent)
                )
                expired[posted.id] = guild
        founder = next(members)
        await service.leagues.create_league(
            GUILDS[0], CHANNEL, founder, "Autumn", "skift", kind="round robin", signup_days=1
        )
        for _ in range(3):
            await service.leagues.join_league(GUILDS[0], "Autumn", next(members))
        clock.advance(days=6)
        reminders, timeouts = {}, {}
        for guild in GUILDS:
            for count, timed, into in ((3, False, reminders), (2, True, timeouts)):
                for _ in range(count):
                    match = await _start(service, guild, next(members), next(members), timed)
                    into[match] = guild
        digest = (await service.queries.get_match(next(iter(reminders)))).to_act
        assert digest is not None
        await service.notices.set_notices(digest, digest_hour=0)
        vacation = next(members)
        await service.clocks.start_vacation(vacation, 1)
        league = (await service.leagues.leagues(GUILDS[0]))[0].id
    finally:
        await service.close()
    return Due(reminders, timeouts, expired, league, vacation, digest)


async def _start(service: MatchService, guild: int, one: int, two: int, timed: bool) -> int:
    hours = {"clock_hours": 24, "auto_timeout": True} if timed else {"clock_hours": 72}
    posted = await service.challenges.create_challenge(
        ChallengeRequest(guild, CHANNEL, one, "skift", opponents=[two], **terms(**hours))
    )
    update = await service.challenges.accept_challenge(posted.id, two)
    assert update.match is not None
    await service.play.attach_channel(update.match.id, 9000 + update.match.id)
    return update.match.id


def run(children: list[tuple[Any, tuple[Any, ...], dict[str, Any]]]) -> list[Any]:
    """Start the children (target, args, kwargs) together; wait for each (120 s at most:
    only a child that hangs takes that long, and a loaded machine is slow)."""
    started = [SPAWN.Process(target=t, args=a, kwargs=k) for t, a, k in children]
    for child in started:
        child.start()
    for child in started:
        child.join(120)
        assert child.exitcode == 0, f"a child process failed (exit code {child.exitcode})"
    return started


def posts(out: Path) -> list[dict[str, Any]]:
    """Every post recorded by every process, in the files under `out`."""
    return [json.loads(line) for f in sorted(out.glob("*.jsonl")) for line in f.open()]


def counted(recorded: list[dict[str, Any]], what: str) -> Counter[Any]:
    """How many times each key was posted as `what`, over all processes."""
    return Counter(post["key"] for post in recorded if post["what"] == what)


def once(keys: Iterable[Any]) -> Counter[Any]:
    """Each key posted exactly once."""
    return Counter(set(keys))


#: Shards of the processes of each test: none given (each runs everything, so only the
#: claims keep them apart), the two shards split, and split with a third process running
#: both (two processes on each server, as while moving to more processes).
LAYOUTS = {
    "2-unsharded": [{}, {}],
    "3-unsharded": [{}, {}, {}],
    "2-split": [{"shard_count": 2, "shard_ids": (0,)}, {"shard_count": 2, "shard_ids": (1,)}],
    "3-overlapping": [
        {"shard_count": 2, "shard_ids": (0,)},
        {"shard_count": 2, "shard_ids": (1,)},
        {"shard_count": 2, "shard_ids": (0, 1)},
    ],
}


@pytest.mark.asyncio
@pytest.mark.parametrize("layout", LAYOUTS)
async def test_background_work_is_done_once_by_several_processes(database, tmp_path, layout):
    due = await populate(database)
    shards = LAYOUTS[layout]
    barrier = SPAWN.Barrier(len(shards))
    out = tmp_path / "posts"
    out.mkdir()
    run(
        [
            (processes.sweep, (database, changes, LATER, out / f"p{i}.jsonl", f"p{i}", barrier), {})
            for i, changes in enumerate(shards)
        ]
    )
    recorded = posts(out)
    assert counted(recorded, "reminder") == once(due.reminders)
    assert counted(recorded, "timeout") == once(due.timeouts)
    assert counted(recorded, "expired") == once(due.expired)
    assert counted(recorded, "vacation") == once([due.vacation])
    assert counted(recorded, "round") == once([f"{due.league}:1"])
    league_matches = database.query("SELECT match_id FROM league_pairings")
    assert counted(recorded, "thread") == once(match for (match,) in league_matches)
    digests = [key for key in counted(recorded, "dm") if key.startswith(f"{due.digest}:")]
    assert counted(recorded, "dm") == Counter(digests) and len(digests) == 1
    for post in recorded:  # a server's posts come from a process that runs its shard
        if "guild" in post:
            runs = shards[int(post["process"][1:])].get("shard_ids", (0, 1))
            assert GUILDS.index(post["guild"]) in runs, post
    # and the database agrees: each thing happened once
    reminded = dict(database.query("SELECT id, reminded FROM matches"))
    assert all(reminded[match] == 1 for match in due.reminders)
    ended = dict(database.query("SELECT id, result FROM matches WHERE status = 'finished'"))
    assert sorted(ended) == sorted(due.timeouts)
    assert all(json.loads(result)["how"] == "timeout" for result in ended.values())
    rated = database.query("SELECT COUNT(*), SUM(games) FROM ratings")
    assert rated == [(2 * len(due.timeouts), 2 * len(due.timeouts))]  # each rated once
    statuses = dict(database.query("SELECT id, status FROM challenges"))
    assert all(statuses[challenge] == "expired" for challenge in due.expired)
    assert len(league_matches) == 2  # four players: two boards in round 1
    assert database.query("SELECT COUNT(*) FROM league_rounds") == [(1,)]
    claimed = Counter(database.query("SELECT kind, done FROM work_claims"))
    assert claimed == Counter({("reminder", 1): len(due.reminders), ("digest", 1): 1})
    # (the league was its process's until it stopped, which gave it back)


@pytest.mark.asyncio
@pytest.mark.parametrize("others", [1, 2])
async def test_work_claimed_by_a_killed_process_is_done_by_another_after_its_lease(
    database, tmp_path, others
):
    due = await populate(database)
    out = tmp_path / "posts"
    out.mkdir()
    lease = {"work_lease_seconds": 2}
    frozen = SPAWN.Process(
        target=processes.sweep,
        args=(database, lease, LATER, out / "p0.jsonl", "p0"),
        kwargs={"rounds": 1, "hang": True},
    )
    frozen.start()
    deadline = time.monotonic() + 30
    while not any(p["what"] == "holding" for p in _maybe_posts(out)):
        assert time.monotonic() < deadline and frozen.is_alive(), "p0 never held a claim"
        time.sleep(0.05)
    held = database.query("SELECT kind, COUNT(*) FROM work_claims WHERE done = 0 GROUP BY kind")
    assert sorted(held) == [("digest", 1), ("league", 1), ("reminder", len(due.reminders))]
    os.kill(frozen.pid, signal.SIGKILL)
    frozen.join(10)
    assert frozen.exitcode == -signal.SIGKILL
    already = sum(post["what"] != "holding" for post in _maybe_posts(out))
    expected = already + len(due.reminders) + 1  # and the digest
    run(
        [
            (
                processes.sweep,
                (database, lease, LATER, out / f"p{i}.jsonl", f"p{i}"),
                {"rounds": 60, "until_posts": expected},
            )
            for i in range(1, others + 1)
        ]
    )
    recorded = posts(out)
    assert counted(recorded, "reminder") == once(due.reminders)
    assert {p["process"] for p in recorded if p["what"] == "reminder"} <= {"p1", "p2"}
    assert [key for key in counted(recorded, "dm") if key.startswith(f"{due.digest}:")]
    assert sum(counted(recorded, "dm").values()) == 1
    left = database.query("SELECT kind, claimed_by FROM work_claims WHERE done = 0")
    assert all(kind == "league" and by.split(":")[1] == str(frozen.pid) for kind, by in left)
    # (only the frozen process's claim on the league may be left, if no one needed it since)
    reminded = dict(database.query("SELECT id, reminded FROM matches"))
    assert all(reminded[match] == 1 for match in due.reminders)
    # what the frozen process changed (challenges expired) it announced at once, before
    # its reminders; nobody changed or announced it again
    assert counted(recorded, "expired") == once(due.expired)
    assert {p["process"] for p in recorded if p["what"] == "expired"} == {"p0"}


def _maybe_posts(out: Path) -> list[dict[str, Any]]:
    """The posts recorded so far (a line being written is left for next time)."""
    found = []
    for f in out.glob("*.jsonl"):
        for line in f.read_text(encoding="utf-8").splitlines():
            try:
                found.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return found


@pytest.mark.asyncio
@pytest.mark.parametrize("racers", [2, 3])
async def test_the_same_move_sent_by_several_processes_at_once_is_applied_once(
    database, tmp_path, racers
):
    clock = FakeClock(START)
    service = await MatchService.open(database.settings(), clock=clock, rng=random.Random(5))
    moves, before = [], {}  # and each match's ply and version after one move
    try:
        for n in range(12):
            match_id = await _start(service, GUILDS[n % 2], 300 + 2 * n, 301 + 2 * n, False)
            match = await service.queries.get_match(match_id)
            state = match.state
            notation = state.format_move(state.legal_moves()[0])
            moves.append((match_id, match.to_act, notation, match.ply))
            before[match_id] = (match.ply + 1, match.version + 1)
    finally:
        await service.close()
    barrier = SPAWN.Barrier(racers)
    outs = [tmp_path / f"race{i}.json" for i in range(racers)]
    run([(processes.race, (database, moves, barrier, out), {}) for out in outs])
    results = [json.loads(out.read_text()) for out in outs]
    for n, (match_id, *_) in enumerate(moves):
        outcomes = Counter(result[n][1] for result in results)
        assert outcomes == Counter({"applied": 1, "PositionChanged": racers - 1}), match_id
    stored = database.query("SELECT id, ply, version FROM matches")
    assert {match: (ply, version) for match, ply, version in stored} == before  # one step on
    logged = database.query("SELECT match_id, COUNT(*) FROM moves GROUP BY match_id")
    assert sorted(logged) == sorted((match_id, 1) for match_id, *_ in moves)


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["postgres"], indirect=True)
async def test_four_processes_share_the_due_work_and_one_dying_mid_round_loses_none(
    database, tmp_path
):
    # More due matches than a round's batch (`bot.service.clocks.DUE_BATCH`), across both
    # shards. The first process takes them (due times moved on, claims held), posts the
    # timeouts and freezes at its first reminder, and is killed there; the three others,
    # together, take its work once its lease has run out.
    clock = FakeClock(START)
    service = await MatchService.open(database.settings(), clock=clock, rng=random.Random(7))
    reminders, timeouts = {}, {}
    try:
        for n in range(150):
            timed = n % 5 == 0
            match = await _start(service, GUILDS[n % 2], 1000 + 2 * n, 1001 + 2 * n, timed)
            (timeouts if timed else reminders)[match] = GUILDS[n % 2]
    finally:
        await service.close()
    out = tmp_path / "posts"
    out.mkdir()
    later = START + timedelta(days=1, hours=1)
    lease = {"work_lease_seconds": 2}
    frozen = SPAWN.Process(
        target=processes.sweep,
        args=(database, lease, later, out / "p0.jsonl", "p0"),
        kwargs={"rounds": 1, "hang": True},
    )
    frozen.start()
    deadline = time.monotonic() + 60
    while not any(p["what"] == "holding" for p in _maybe_posts(out)):
        assert time.monotonic() < deadline and frozen.is_alive(), "p0 never held a claim"
        time.sleep(0.05)
    os.kill(frozen.pid, signal.SIGKILL)
    frozen.join(10)
    assert frozen.exitcode == -signal.SIGKILL
    expected = len(reminders) + len(timeouts)
    barrier = SPAWN.Barrier(3)
    run(
        [
            (
                processes.sweep,
                (database, lease, later, out / f"p{i}.jsonl", f"p{i}", barrier),
                {"rounds": 100, "until_posts": expected},
            )
            for i in (1, 2, 3)
        ]
    )
    recorded = posts(out)
    assert counted(recorded, "reminder") == once(reminders)
    assert counted(recorded, "timeout") == once(timeouts)
    assert {p["process"] for p in recorded if p["what"] == "timeout"} == {"p0"}
    assert {p["process"] for p in recorded if p["what"] == "reminder"} <= {"p1", "p2", "p3"}
    reminded = dict(database.query("SELECT id, reminded FROM matches"))
    assert all(reminded[match] == 1 for match in reminders)
    ended = database.query("SELECT id FROM matches WHERE status = 'finished'")
    assert sorted(match for (match,) in ended) == sorted(timeouts)
