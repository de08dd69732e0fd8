"""The console across time and restarts: `tick` moves its clock forward, member names are
kept beside its database, and relative paths on the command line are the caller's."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import __main__ as cli
from bot.console.actions import Console
from bot.console.clock import OffsetClock
from bot.service import MatchService
from tests.bot.discord_harness import FakeClock, settings_for


@contextlib.asynccontextmanager
async def console_on(tmp_path: Path) -> AsyncIterator[tuple[Console, io.StringIO]]:
    """A console on the database in tmp_path (the same file each time), closed after."""
    clock = OffsetClock(FakeClock())
    service = await MatchService.open(settings_for(tmp_path), clock=clock)
    out = io.StringIO()
    try:
        yield Console(service, tmp_path / "pictures", clock, out), out
    finally:
        await service.close()


async def run(console: Console, out: io.StringIO, *lines: str) -> str:
    """Type lines into the console; returns what it printed."""
    start = len(out.getvalue())
    for line in lines:
        assert await console.run_line(line)
    return out.getvalue()[start:]


@pytest.mark.asyncio
async def test_names_are_kept_across_restarts(tmp_path):
    async with console_on(tmp_path) as (con, out):
        await run(con, out, 'challenge skift "Mary Jane" clock:none', 'as "Mary Jane"', "accept")
        await run(con, out, "as Carol")  # a name typed but never in a match
    names = tmp_path / "shiftcord.sqlite3.names.json"
    assert sorted(json.loads(names.read_text())) == ["Carol", "Mary Jane", "alice"]
    assert not list(tmp_path.glob("*.tmp"))  # written through a temporary file, renamed
    async with console_on(tmp_path) as (con, out):
        said = await run(con, out, "use 1")
    assert said.startswith("Match #1 is now the current match.\n")
    assert "alice" in said and "Mary Jane" in said and "player " not in said


@pytest.mark.asyncio
async def test_a_damaged_names_file_is_said_and_replaced(tmp_path):
    names = tmp_path / "shiftcord.sqlite3.names.json"
    names.write_text("{not json")
    async with console_on(tmp_path) as (con, out):
        said = out.getvalue()
        await run(con, out, "as bob")
    assert said == (
        f"The names file {names} cannot be read, so players of earlier sessions show as "
        "numbers until their names are typed again.\n"
    )
    assert sorted(json.loads(names.read_text())) == ["alice", "bob"]


@pytest.mark.asyncio
async def test_tick_moves_time_forward_for_clocks_reminders_and_timeouts(tmp_path):
    async with console_on(tmp_path) as (con, out):
        await run(con, out, "challenge skift bob clock:1d auto_timeout:no", "as bob", "accept")
        match = await con.service.queries.get_match(1)
        mover, waiting = con.name_of(match.to_act), "alice" if con.me == match.to_act else "bob"
        assert mover != waiting
        said = await run(con, out, "tick", "tick 12h")
        assert said == (
            "Nothing is due.\n"
            "The time is now 2026-01-06 00:00 UTC, 12 hours ahead.\n"
            "Nothing is due.\n"
        )
        said = await run(con, out, "tick 2d")
        assert said.startswith("The time is now 2026-01-08 00:00 UTC, 2 days 12 hours ahead.\n")
        assert f"{waiting}: {mover} has run out of time in match #1; `claim` wins it." in said
        said = await run(con, out, f"as {waiting}", "claim")
        assert f"{waiting} (" in said and " won" in said
        assert not (await con.service.queries.get_match(1)).active
        await run(con, out, "challenge skift carol")
        said = await run(con, out, "tick 8d")
        assert "Expired: nobody filled the seats in time." in said
        said = await run(con, out, "tick 2x", "tick 400d", "tick 0h")
        assert said.splitlines() == [
            "Refused: I cannot read the time '2x': give days like 2d, hours like 12h, or both.",
            "Refused: tick moves time forward at most 366 days at once.",
            "Refused: tick moves time forward: give more than 0 hours.",
        ]


def test_relative_paths_of_local_are_the_callers(monkeypatch, tmp_path):
    monkeypatch.setenv("SHIFTCORD_CALLER_DIR", str(tmp_path))
    args = cli.parser().parse_args(["local", "--database", "mine.db", "--pictures", "pics"])
    assert args.database == tmp_path / "mine.db" and args.pictures == tmp_path / "pics"
    args = cli.parser().parse_args(["local", "--database", "/srv/x.db"])
    assert args.database == Path("/srv/x.db") and args.pictures is None
    monkeypatch.delenv("SHIFTCORD_CALLER_DIR")
    monkeypatch.chdir(tmp_path)  # python -m bot run directly: the current folder
    args = cli.parser().parse_args(["local", "--database", "mine.db"])
    assert args.database == tmp_path / "mine.db"
