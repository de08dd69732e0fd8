"""Faults: simultaneous moves, a process killed while playing, and a restart that brings
back every match, challenge, clock and reminder."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import PositionChanged, rebuild_state
from tests.bot.service_fixtures import CHANNEL, GUILD, FakeClock, open_service, start_match

ROOT = Path(__file__).resolve().parents[2]

PLAYER = """
import asyncio, random, sys
from tests.bot.service_fixtures import FakeClock, open_service, start_match

async def main(path, seed):
    clock = FakeClock()
    service = await open_service(path, clock, seed=seed, max_active_matches=1000)
    chooser = random.Random(seed)
    try:
        while True:
            match = await start_match(service, (1, 2))
            while match.active:
                state = match._state
                move = state.format_move(chooser.choice(state.legal_moves()))
                clock.advance(minutes=1)
                match = (await service.move(match.id, match.to_act, move)).match
                print(match.id, match.ply, flush=True)
    finally:
        await service.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


@pytest.mark.asyncio
async def test_two_moves_at_the_same_moment_exactly_one_applies(tmp_path):
    service = await open_service(tmp_path / "db.sqlite3", FakeClock())
    try:
        match = await start_match(service)
        first, second = (match._state.format_move(m) for m in match._state.legal_moves()[:2])
        outcomes = await asyncio.gather(
            service.move(match.id, match.to_act, first),
            service.move(match.id, match.to_act, second),
            return_exceptions=True,
        )
        applied = [o for o in outcomes if not isinstance(o, Exception)]
        refused = [o for o in outcomes if isinstance(o, Exception)]
        assert len(applied) == 1 and len(refused) == 1
        assert isinstance(refused[0], PositionChanged)
        assert "changed" in str(refused[0])
        stored = await service.match_record(match.id)
        assert [e.notation for e in stored.log] == [applied[0].notation]
        assert stored.match.ply == 1 and stored.match._state == applied[0].match._state
    finally:
        await service.close()


def check_database(path: Path) -> dict[int, int]:
    """Integrity, and every match's snapshot equal to its log replayed; match id -> ply."""
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        matches = raw.execute("SELECT id, ply, seed, options, snapshot FROM matches").fetchall()
        plies = {}
        for match_id, ply, seed, options, snapshot in matches:
            log = raw.execute(
                "SELECT kind, seat, notation FROM moves WHERE match_id = ? ORDER BY idx",
                (match_id,),
            ).fetchall()
            assert [r[0] for r in log] == ["move"] * ply
            state = rebuild_state("skift", 2, seed, json.loads(options), log)
            assert json.loads(snapshot) == state.to_json()
            plies[match_id] = ply
    return plies


def test_a_process_killed_while_playing_loses_nothing_committed(tmp_path):
    path = tmp_path / "db.sqlite3"
    chooser = random.Random(5)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for round_number in range(4):
        player = subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(path), str(round_number)],
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env=env,
            text=True,
        )
        watchdog = threading.Timer(30, player.kill)  # never hang the suite
        watchdog.start()
        reported: dict[int, int] = {}
        for _ in range(chooser.randint(1, 60)):
            line = player.stdout.readline()
            if not line:
                break
            match_id, ply = map(int, line.split())
            reported[match_id] = ply
        time.sleep(chooser.random() * 0.02)  # land anywhere inside the next move
        player.send_signal(signal.SIGKILL)
        player.wait()
        watchdog.cancel()
        for line in player.stdout.read().splitlines():  # printed before the kill
            match_id, ply = map(int, line.split())
            reported[match_id] = ply
        player.stdout.close()
        stored = check_database(path)
        for match_id, ply in reported.items():
            assert stored[match_id] in (ply, ply + 1)  # the next move may have committed
        assert reported, "the player process printed nothing before it was killed"


@pytest.mark.asyncio
async def test_after_a_restart_everything_comes_back(tmp_path):
    path = tmp_path / "db.sqlite3"
    clock = FakeClock()
    service = await open_service(path, clock)
    match = await start_match(service, clock_hours=72)
    waiting = await service.create_challenge(GUILD, CHANNEL, 5, "skift", opponents=[6])
    paused = await start_match(service, (7, 8), clock_hours=48)
    await service.start_vacation(paused.to_act, 3)
    await service.set_reminders(9, False)
    clock.advance(hours=25)
    first = await service.tick()
    assert [(r.match.id, r.kind) for r in first.reminders] == [(match.id, "idle")]
    before = await service.get_match(match.id)
    await service.close()

    service = await open_service(path, clock)
    try:
        again = await service.get_match(match.id)
        assert again == before and again._state == before._state
        assert (await service.match_in_channel(match.channel_id)).id == match.id
        assert (await service.tick()).reminders == ()  # not reminded twice
        assert [c.id for c in await service.pending_challenges(member_id=6)] == [waiting.id]
        assert (await service.get_match(paused.id)).paused
        assert (await service.member_settings(paused.to_act)).vacation is not None
        assert (await service.member_settings(9)).reminders is False
        assert (await service.accept_challenge(waiting.id, 6)).match is not None
        clock.advance(hours=40)
        later = await service.tick()
        assert (match.id, "low_time") in [(r.match.id, r.kind) for r in later.reminders]
        clock.advance(hours=10)
        assert (await service.tick()).vacations_ended == (paused.to_act,)
        resumed = await service.get_match(paused.id)
        assert resumed.deadline == paused.deadline + timedelta(days=3)
    finally:
        await service.close()
