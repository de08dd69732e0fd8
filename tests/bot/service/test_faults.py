"""Faults: simultaneous moves, a process killed while playing, and a restart that brings
back every match, challenge, clock and reminder.

Simultaneous moves in one process run on both databases; the tests of processes and
restarts use an SQLite file (marked sqlite_only)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable
from datetime import timedelta
from pathlib import Path
from typing import IO, Any

import pytest

from bot.match.actions import MOVE
from bot.service import ChallengeRequest, MatchService, PositionChanged, rebuild_state
from tests.bot.service_fixtures import (
    CHANNEL,
    GUILD,
    FakeClock,
    act,
    open_service,
    play_first_legal,
    start_match,
)

ROOT = Path(__file__).resolve().parents[3]

PLAYER = """
import asyncio, os, random, signal, sys
from bot.match.actions import MOVE
from tests.bot.service_fixtures import FakeClock, act, open_service, start_match

signal.alarm(60)  # never outlive a test run that lost track of this process

async def main(path, seed, kill_before, occurrence):
    clock = FakeClock()
    service = await open_service(path, clock, seed=seed, max_active_matches=1000)
    seen = 0

    def trace(statement):  # runs just before SQLite executes each statement
        nonlocal seen
        if kill_before and statement.startswith(kill_before):
            seen += 1
            if seen == occurrence:
                os.kill(os.getpid(), signal.SIGKILL)

    await service.store.conn.set_trace_callback(trace)
    chooser = random.Random(seed)
    try:
        while True:
            match = await start_match(service, (1, 2))
            while match.active:
                state = match.state
                move = state.format_move(chooser.choice(state.legal_moves()))
                clock.advance(minutes=1)
                match = (await act(service, match.id, match.to_act, MOVE, move)).match
                print(match.id, match.ply, flush=True)
    finally:
        await service.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])))
"""

#: Where a player process dies by its own hand, just before the statement that starts with
#: the text: before a move writes anything, between its new snapshot and its log entry,
#: and between its last write and COMMIT. (None: killed from outside at a random moment.)
KILL_POINTS = (
    ("UPDATE matches SET", 61),
    ("INSERT INTO moves", 45),
    ("COMMIT", 130),
    (None, 0),
)


async def at_the_same_moment(*moves: tuple[MatchService, Awaitable[Any]]) -> list[Any]:
    """Run the moves together so that each has read the match before any of them writes
    (the moment a lost update would happen): each service's transactions wait at a barrier
    until every move has reached its own. Results or errors, in order."""
    barrier = asyncio.Barrier(len(moves))
    services = {id(service): service for service, _move in moves}
    for service in services.values():
        real, real_transact = service.store.transaction, service.store.transact

        @contextlib.asynccontextmanager
        async def transaction(real=real):
            await asyncio.wait_for(barrier.wait(), timeout=10)
            async with real() as conn:
                yield conn

        async def transact(body, real_transact=real_transact):  # (a transaction run whole)
            await asyncio.wait_for(barrier.wait(), timeout=10)
            return await real_transact(body)

        service.store.transaction, service.store.transact = transaction, transact
    try:
        return await asyncio.gather(*(move for _service, move in moves), return_exceptions=True)
    finally:
        for service in services.values():
            del service.store.transaction, service.store.transact  # the class's again


@pytest.mark.asyncio
async def test_two_moves_at_the_same_moment_exactly_one_applies(databases):
    service = await open_service(await databases.settings(), FakeClock())
    try:
        match = await start_match(service)
        first, second = (match.state.format_move(m) for m in match.state.legal_moves()[:2])
        outcomes = await at_the_same_moment(
            (service, act(service, match.id, match.to_act, MOVE, first)),
            (service, act(service, match.id, match.to_act, MOVE, second)),
        )
        applied = [o for o in outcomes if not isinstance(o, Exception)]
        refused = [o for o in outcomes if isinstance(o, Exception)]
        assert len(applied) == 1 and len(refused) == 1
        assert isinstance(refused[0], PositionChanged)
        assert "changed" in str(refused[0])
        stored = await service.queries.match_record(match.id)
        assert [e.notation for e in stored.log] == [applied[0].events[0].notation]
        assert stored.match.ply == 1 and stored.match.state == applied[0].match.state
    finally:
        await service.close()


@pytest.mark.sqlite_only
@pytest.mark.asyncio
async def test_two_bot_processes_moving_at_once_apply_exactly_one(tmp_path):
    """Two connections to one file (two bot processes): BEGIN IMMEDIATE and the version
    column let one move through and refuse the other, whichever writes first."""
    path = tmp_path / "db.sqlite3"
    clock = FakeClock()
    first = await open_service(path, clock)
    second = await open_service(path, clock)
    try:
        match = await start_match(first)
        moves = [match.state.format_move(m) for m in match.state.legal_moves()[:2]]
        outcomes = await at_the_same_moment(
            (first, act(first, match.id, match.to_act, MOVE, moves[0])),
            (second, act(second, match.id, match.to_act, MOVE, moves[1])),
        )
        refused = [o for o in outcomes if isinstance(o, Exception)]
        assert len(refused) == 1 and isinstance(refused[0], PositionChanged)
        (applied,) = [o for o in outcomes if not isinstance(o, Exception)]
        for service in (first, second):
            stored = await service.queries.match_record(match.id)
            assert [e.notation for e in stored.log] == [applied.events[0].notation]
            assert stored.match.state == applied.match.state
    finally:
        await first.close()
        await second.close()


def check_database(path: Path) -> dict[int, int]:
    """Integrity, every match whole (two seats, its snapshot equal to its log replayed);
    match id -> ply."""
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        matches = raw.execute("SELECT id, ply, seed, options, snapshot FROM matches").fetchall()
        plies = {}
        for match_id, ply, seed, options, snapshot in matches:
            seats = raw.execute(
                "SELECT COUNT(*) FROM match_players WHERE match_id = ?", (match_id,)
            ).fetchone()[0]
            assert seats == 2
            log = raw.execute(
                "SELECT kind, seat, notation FROM moves WHERE match_id = ? ORDER BY idx",
                (match_id,),
            ).fetchall()
            assert [r[0] for r in log] == ["move"] * ply
            state = rebuild_state("skift", 2, seed, json.loads(options), log)
            assert json.loads(snapshot) == state.to_json()
            plies[match_id] = ply
    return plies


def read_lines(pipe: IO[str], lines: queue.Queue[str | None]) -> None:
    """Copy a pipe's lines into a queue, then None at its end (a daemon thread's job)."""
    for line in pipe:
        lines.put(line)
    lines.put(None)


@pytest.mark.sqlite_only
def test_a_process_killed_while_playing_loses_nothing_committed(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    players: list[subprocess.Popen[str]] = []
    try:
        for number, (kill_before, occurrence) in enumerate(KILL_POINTS):
            arguments = [str(tmp_path / f"db{number}.sqlite3"), str(number)]
            arguments += [kill_before or "", str(occurrence)]
            players.append(
                subprocess.Popen(
                    [sys.executable, "-c", PLAYER, *arguments],
                    stdout=subprocess.PIPE,
                    cwd=ROOT,
                    env=env,
                    text=True,
                )
            )
        outputs: list[list[str]] = []
        for player, (kill_before, _occurrence) in zip(players, KILL_POINTS, strict=True):
            lines: queue.Queue[str | None] = queue.Queue()
            threading.Thread(target=read_lines, args=(player.stdout, lines), daemon=True).start()
            printed: list[str] = []
            if kill_before is None:  # from outside, somewhere inside the 30th to 60th move
                for _ in range(random.Random(5).randint(30, 60)):
                    line = lines.get(timeout=30)
                    assert line is not None, "the player process stopped by itself"
                    printed.append(line)
                time.sleep(random.Random(6).random() * 0.005)
                player.kill()
            player.wait(timeout=30)
            assert player.returncode == -signal.SIGKILL
            while (line := lines.get(timeout=10)) is not None:
                printed.append(line)
            outputs.append(printed)
    finally:
        for player in players:
            if player.poll() is None:
                player.kill()
            player.wait(timeout=10)
            player.stdout.close()

    for number, (printed, (kill_before, _occurrence)) in enumerate(
        zip(outputs, KILL_POINTS, strict=True)
    ):
        reported = {}
        for line in printed:
            if not line.endswith("\n"):  # the kill cut this line short: its move may be in
                continue
            match_id, ply = map(int, line.split())
            reported[match_id] = ply
        assert len(printed) >= 20, "the player died before playing enough moves"
        stored = check_database(tmp_path / f"db{number}.sqlite3")
        for match_id, ply in reported.items():
            if kill_before is None:
                assert stored[match_id] in (ply, ply + 1)  # the next move may have committed
            else:
                assert stored[match_id] == ply  # the move it died in left no trace
        asyncio.run(play_on(tmp_path / f"db{number}.sqlite3", max(reported)))


async def play_on(path: Path, match_id: int) -> None:
    """Restart on a database a killed process left: the last match goes on where it was."""
    service = await open_service(path, FakeClock())
    try:
        match = await service.queries.get_match(match_id)
        if match.active:
            moved = await play_first_legal(service, match, 1)
            assert moved.ply == match.ply + 1
            assert check_database(path)[match_id] == moved.ply
    finally:
        await service.close()


@pytest.mark.sqlite_only
@pytest.mark.asyncio
async def test_after_a_restart_everything_comes_back(tmp_path):
    path = tmp_path / "db.sqlite3"
    clock = FakeClock()
    service = await open_service(path, clock)
    match = await start_match(service, clock_hours=72)
    waiting = await service.challenges.create_challenge(
        ChallengeRequest(GUILD, CHANNEL, 5, "skift", opponents=[6])
    )
    paused = await start_match(service, (7, 8), clock_hours=48)
    await service.clocks.start_vacation(paused.to_act, 3)
    await service.settings.set_reminders(9, False)
    clock.advance(hours=25)
    first = await service.clocks.tick()
    assert [(r.match.id, r.kind) for r in first.reminders] == [(match.id, "idle")]
    before = await service.queries.get_match(match.id)
    await service.close()

    service = await open_service(path, clock)
    try:
        again = await service.queries.get_match(match.id)
        assert again == before and again.state == before.state
        assert (await service.queries.match_in_channel(match.channel_id)).id == match.id
        assert (await service.clocks.tick()).reminders == ()  # not reminded twice
        assert [c.id for c in await service.challenges.pending_challenges(member_id=6)] == [
            waiting.id
        ]
        assert (await service.queries.get_match(paused.id)).paused
        assert (await service.settings.member_settings(paused.to_act)).vacation is not None
        assert (await service.settings.member_settings(9)).reminders is False
        assert (await service.challenges.accept_challenge(waiting.id, 6)).match is not None
        clock.advance(hours=40)
        later = await service.clocks.tick()
        assert (match.id, "low_time") in [(r.match.id, r.kind) for r in later.reminders]
        clock.advance(hours=10)
        assert (await service.clocks.tick()).vacations_ended == (paused.to_act,)
        resumed = await service.queries.get_match(paused.id)
        assert resumed.deadline == paused.deadline + timedelta(days=3)
    finally:
        await service.close()
