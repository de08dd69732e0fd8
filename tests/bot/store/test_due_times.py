"""The due times the background round reads through an index (`matches.due_at`,
`warn_at`: `bot.store.clocks`) against a full scan of every active match, as the round
read them before: over random histories of moves, takebacks, time given, vacations, warnings
chosen and weekends (one match pauses its clock at weekends), on both databases.

After every step no due time is later than the full scan's, or than now where that has
passed (nothing is missed: a due time may be early, the round then writes the next); after
every round they are the same.
"""

from __future__ import annotations

import asyncio
import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.match.actions import ASK_TAKEBACK, GIVE_TIME, GRANT_TAKEBACK, MOVE
from bot.match.decision import low_time_from
from bot.match.errors import ServiceError
from bot.service import Match, MatchRules, MatchService
from bot.service.notices import notices_from
from bot.store import matches as match_rows
from bot.store import notices as notice_rows
from bot.store.sql import Connection, dt
from tests.bot.conftest import Databases
from tests.bot.service_fixtures import FakeClock, act, open_service, start_match
from tests.postgres_server import PostgresServer

MEMBERS = (1, 2, 3)

STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("wait"), st.integers(0, 40), st.integers(0, 59)),
        st.tuples(st.just("move"), st.integers(0, 2)),
        st.tuples(st.just("takeback"), st.integers(0, 2)),
        st.tuples(st.just("give"), st.integers(0, 2), st.integers(1, 24)),
        st.tuples(st.just("vacation"), st.sampled_from(MEMBERS), st.integers(1, 4)),
        st.tuples(st.just("back"), st.sampled_from(MEMBERS)),
        st.tuples(st.just("warnings"), st.sampled_from(MEMBERS), st.sets(st.integers(1, 24))),
        st.tuples(st.just("tick")),
    ),
    min_size=1,
    max_size=25,
)


async def scanned(service: MatchService, conn: Connection, now: datetime) -> dict[int, Any]:
    """Every active match's due times by a full scan, as the round computed them before
    they were kept: (reminder or deadline, next warning after `now`, a paused clock's end
    of pause)."""
    after = service.config.reminder_after_hours * 3600.0
    fraction = service.config.reminder_fraction_percent / 100
    found = await conn.rows(
        "SELECT id, CASE WHEN reminded & 1 = 0 THEN turn_started_at + ? END AS idle, "
        "CASE WHEN reminded & 2 = 0 AND clock_zone IS NULL "
        "THEN deadline - (deadline - turn_started_at) * ? END AS low, "
        "CASE WHEN auto_timeout = 1 OR reminded & 4 = 0 THEN deadline END AS ends "
        "FROM matches WHERE status = 'active' AND current_seat IS NOT NULL",
        (after, fraction),
    )
    due = {}
    for row in found:
        match = await match_rows.fetch_match(conn, row["id"])
        assert match is not None
        due[match.id] = await _scanned_one(service, conn, match, row, now, fraction)
    return due


async def _scanned_one(
    service: MatchService, conn: Connection, match: Match, row: Any, now: datetime, fraction: float
) -> tuple[datetime | None, datetime | None, datetime | None]:
    if match.paused_at is not None:
        member = match.to_act
        assert member is not None
        running = await conn.one(
            "SELECT started_at FROM vacations WHERE member_id = ? AND closed = 0", (member,)
        )
        if running is None:
            return None, None, None
        started = dt(running["started_at"])
        assert started is not None
        ends = await service.core.pause_ends(conn, match.id, match.guild_id, member, started)
        return None, None, ends
    times = [dt(row[name]) for name in ("idle", "low", "ends")]
    if match.clock_zone is not None and not match._reminded & 2:  # (the weekend's turns)
        times.append(low_time_from(match, fraction))
    warning = None
    if match.deadline is not None and match.to_act is not None:
        notices = notices_from(await notice_rows.notice_row(conn, match.to_act))
        since = max(now, match.turn_started_at or now)
        warned = [match.deadline - timedelta(hours=h) for h in notices.warnings]
        warning = min((w for w in warned if w > since), default=None)
    return min((t for t in times if t is not None), default=None), warning, None


async def check(service: MatchService, now: datetime, settled: bool) -> None:
    """No kept due time is later than the full scan's; after a round, each is the same."""
    async with service.store.reading() as conn:
        truth = await scanned(service, conn, now)
        kept = {
            row["id"]: (dt(row["due_at"]), dt(row["warn_at"]))
            for row in await conn.rows("SELECT id, due_at, warn_at FROM matches")
        }
    for match_id, (due, warning, pause_ends) in truth.items():
        at, warn_at = kept[match_id]
        if pause_ends is not None:
            assert at is not None and at <= max(pause_ends, now), (match_id, at, pause_ends)
            if settled:
                assert at == pause_ends, (match_id, at, pause_ends)
            continue
        for true, stored in ((due, at), (warning, warn_at)):
            if true is not None:  # (due by now, either way: due now)
                assert stored is not None and stored <= max(true, now), (match_id, stored, true)
        if settled:
            assert (at, warn_at) == (due, warning), (match_id, at, warn_at, due, warning)


async def play(service: MatchService, clock: FakeClock, matches: list[int], step: tuple) -> bool:
    """Do one step of a history; whether it was a round."""
    kind = step[0]
    if kind == "wait":
        clock.advance(hours=step[1], minutes=step[2])
    elif kind == "tick":
        await service.clocks.tick()
        return True
    elif kind == "vacation":  # (a second on: two vacations of a member never start at once)
        clock.advance(seconds=1)
        await service.clocks.start_vacation(step[1], step[2], 1000)
    elif kind == "back":
        await service.clocks.end_vacation(step[1], 1000)
    elif kind == "warnings":
        await service.notices.set_notices(step[1], warnings=step[2])
    else:
        match = await service.queries.get_match(matches[step[1]])
        if not match.active or match.to_act is None:
            return False
        waiting = next(m for m in match.members if m != match.to_act)
        if kind == "move":
            state = match.state
            move = random.Random(match.ply).choice(list(state.legal_moves()))
            await act(service, match.id, match.to_act, MOVE, state.format_move(move))
        elif kind == "takeback":
            await act(service, match.id, waiting, ASK_TAKEBACK)
            await act(service, match.id, match.to_act, GRANT_TAKEBACK)
        else:
            await act(service, match.id, waiting, GIVE_TIME, hours=step[2])
    return False


async def history(kind: str, folder: Path, server: PostgresServer | None, steps: list) -> None:
    """Play the steps on a new database of `kind`, checking the due times after each."""
    databases = Databases(kind, folder, server)
    clock = FakeClock(datetime.fromisoformat("2026-03-05T09:00:00+00:00"))  # a Thursday
    service = await open_service(await databases.settings(), clock)
    try:
        await service.notices.set_time_zone(
            3, "Pacific/Auckland"
        )  # (its weekend begins on Friday UTC)
        weekends = MatchRules(48, False, True, True, weekend_pause=True)
        matches = [
            (await start_match(service, (1, 2), clock_hours=72)).id,
            (await start_match(service, (1, 3), clock_hours=24, auto_timeout=True)).id,
            (await start_match(service, (2, 3), clock_hours=48, increment_hours=12)).id,
            (await start_match(service, (3, 1), rules=weekends, server_clock=False)).id,
        ]
        await check(service, clock(), settled=False)
        for step in steps:
            try:
                settled = await play(service, clock, matches, step)
            except ServiceError:  # refused (a takeback at the start, no vacation to end...)
                settled = False
            await check(service, clock(), settled)
    finally:
        await service.close()
        await databases.drop()


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_kept_due_times_match_a_full_scan(
    kind: str, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> None:
    server = request.getfixturevalue("postgres_server") if kind == "postgres" else None

    @settings(
        max_examples=20,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(steps=STEPS)
    def histories(steps: list) -> None:
        asyncio.run(history(kind, tmp_path_factory.mktemp("due"), server, steps))

    histories()


@pytest.mark.asyncio
async def test_due_times_never_kept_are_computed_from_what_is_stored(databases, clock):
    # A database as migration 21 leaves it: no due times, no basis; the first process
    # computes them, early rather than late, and its first round makes them exact.
    settings = await databases.settings()
    service = await open_service(settings, clock)
    try:
        await start_match(service, (1, 2), clock_hours=72)
        await start_match(service, (1, 3), clock_hours=24, auto_timeout=True)
        await service.notices.set_notices(2, warnings=[20, 2])
        await start_match(service, (2, 3), clock_hours=30)
        clock.advance(hours=20)
        await service.clocks.start_vacation(3, 2, 1000)
        async with service.store.transaction() as conn:
            await conn.run("UPDATE matches SET due_at = NULL, warn_at = NULL")
            await conn.run("DELETE FROM due_basis")
    finally:
        await service.close()
    clock.advance(hours=5)
    service = await open_service(settings, clock)
    try:
        async with service.store.reading() as conn:
            kept = await conn.rows("SELECT due_at FROM matches WHERE status = 'active'")
        assert all(row["due_at"] is not None for row in kept)
        await check(service, clock(), settled=False)
        await service.clocks.tick()
        await check(service, clock(), settled=True)
    finally:
        await service.close()


@pytest.mark.asyncio
async def test_a_reminder_held_by_quiet_hours_comes_when_they_are_changed(service, clock):
    match = await start_match(service, (1, 2), clock_hours=72)
    await service.notices.set_notices(match.to_act, quiet_start=10, quiet_end=22)  # (UTC)
    clock.advance(hours=24)  # 12:00 the next day: quiet until 22:00
    assert (await service.clocks.tick()).reminders == ()
    assert await service.clocks.next_due() == clock() + timedelta(hours=10)
    await service.notices.set_notices(match.to_act, quiet_start=None, quiet_end=None)
    clock.advance(minutes=1)
    assert [r.kind for r in (await service.clocks.tick()).reminders] == ["idle"]
