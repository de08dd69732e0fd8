"""The PostgreSQL server stops in the middle of a match (the tests' own server, stopped at
once and started again): reads and actions are refused in plain words with nothing
changed, on Discord and in the console, the admin's log says so in one line, and once
the server is back the next move works without restarting the bot."""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager

import pytest

from bot.console.actions import Console
from bot.console.clock import OffsetClock
from bot.match.actions import MOVE, Request
from bot.match.errors import CannotReach
from bot.service import MatchService
from tests.bot import discord_harness as harness
from tests.bot.service_fixtures import (
    FakeClock,
    open_service,
    play_first_legal,
    request,
    start_match,
)
from tests.postgres_server import PostgresServer

REFUSAL = (
    "The bot cannot reach its database right now, so nothing was changed. Please try again later."
)


@contextmanager
def stopped(server: PostgresServer) -> Iterator[None]:
    """The server stopped at once for the block, started again after it."""
    server.halt()
    try:
        yield
    finally:
        server.resume()


def store_lines(caplog: pytest.LogCaptureFixture, name: str) -> list[tuple[str, str]]:
    """What the admin's log said (level, line), every line about the database `name`."""
    return [(r.levelname, r.getMessage()) for r in caplog.records if name in r.getMessage()]


def assert_told_once(lines: list[tuple[str, str]], name: str) -> None:
    """One line when the database could not be reached, one when it could again."""
    assert len(lines) == 2, lines
    assert lines[0][0] == "ERROR" and lines[0][1].startswith(f"{name} cannot be reached (")
    assert "check that the server runs and is reachable" in lines[0][1]
    assert lines[1] == ("WARNING", f"{name} can be reached again; working as usual.")


def a_move(match) -> Request:
    """The first legal move of the match's position."""
    return request(MOVE, match.state.format_move(match.state.legal_moves()[0]), ply=match.ply)


@pytest.mark.asyncio
async def test_while_the_server_is_down_reads_and_moves_are_refused_then_it_recovers(
    postgres_databases, postgres_server, caplog
):
    service = await open_service(await postgres_databases.settings(), FakeClock())
    try:
        match = await play_first_legal(service, await start_match(service), 2)
        name = service.store.name
        with caplog.at_level(logging.INFO):
            with stopped(postgres_server):
                for attempt in (
                    service.queries.get_match(match.id),
                    service.play.act(match.id, match.to_act, a_move(match)),
                    service.settings.set_reminders(1, False),
                    service.play.act(match.id, match.to_act, a_move(match)),
                ):
                    with pytest.raises(CannotReach) as refused:
                        await attempt
                    assert refused.value.message == REFUSAL
            assert (await service.queries.get_match(match.id)).ply == 2  # nothing was changed
            assert (await service.settings.member_settings(1)).reminders is True
            moved = await service.play.act(match.id, match.to_act, a_move(match))
            assert moved.match.ply == 3
        assert_told_once(store_lines(caplog, name), name)
        assert [r for r in caplog.records if r.levelno >= logging.ERROR and r.exc_info] == []
    finally:
        await service.close()


@pytest.mark.asyncio
async def test_on_discord_a_command_during_the_outage_is_answered_privately_in_plain_words(
    postgres_databases, postgres_server, caplog
):
    fake, clock = harness.FakeDiscord(), harness.FakeClock()
    settings = await postgres_databases.settings()
    async with harness.running_bot(fake, settings, clock) as bot:
        match_id, thread = await harness.start_match(fake, harness.ALICE, harness.BOB)
        match = await bot.service.queries.get_match(match_id)
        move = a_move(match).text
        with caplog.at_level(logging.INFO):
            posted = fake.last_message(thread)
            with stopped(postgres_server):
                for command, options in (("move", {"notation": move}), ("matches", {})):
                    calls = await logged_slash(fake, match.to_act, command, thread, **options)
                    assert [c.kind for c in calls] == ["callback", "followup"]
                    assert calls[0].json == {"type": 5, "data": {"flags": 64}}
                    assert calls[1].ephemeral and calls[1].content == REFUSAL
            assert fake.last_message(thread) == posted  # nothing was posted in public
            calls = await fake.slash(match.to_act, "move", channel_id=thread, notation=move)
            assert calls[-1].ephemeral and calls[-1].content == f"Played `{move}`."
        assert (await bot.service.queries.get_match(match_id)).ply == 1
    name = bot.service.store.name
    assert_told_once(store_lines(caplog, name), name)
    assert [r.getMessage() for r in caplog.records if "went wrong" in r.getMessage()] == []
    assert [r for r in caplog.records if r.exc_info] == []


async def logged_slash(
    fake: harness.FakeDiscord, user: int, command: str, thread: int, **options: object
) -> list[harness.Call]:
    """Use a slash command in `thread`; the calls made (the store's log line is an error
    the harness would otherwise raise: the test checks the log itself)."""
    done = len(fake.calls)
    await fake.slash(user, command, channel_id=thread, drain=False, **options)
    await fake.drain(raise_errors=False)
    return fake.calls[done:]


@asynccontextmanager
async def console_on(settings, folder) -> AsyncIterator[tuple[Console, io.StringIO]]:
    """The console on the database of `settings`, its output."""
    clock = OffsetClock(harness.FakeClock())
    service = await MatchService.open(settings, clock=clock)
    out = io.StringIO()
    try:
        yield Console(service, folder / "pictures", clock, out), out
    finally:
        await service.close()


@pytest.mark.asyncio
async def test_in_the_console_a_command_during_the_outage_is_refused_in_plain_words(
    postgres_databases, postgres_server, tmp_path
):
    async with console_on(await postgres_databases.settings(), tmp_path) as (con, out):
        for line in ("challenge game:skift opponent:bob clock:none", "as bob", "accept"):
            assert await con.run_line(line)
        match = await con.service.queries.get_match(1)
        move = a_move(match).text
        assert await con.run_line(f"as {con.name_of(match.to_act)}")
        start = len(out.getvalue())
        with stopped(postgres_server):
            for line in (f"move {move}", "matches"):
                assert await con.run_line(line)
        assert out.getvalue()[start:] == f"Refused: {REFUSAL}\n" * 2
        assert await con.run_line(f"move {move}")
        assert f"played `{move}`" in out.getvalue()[start:]
