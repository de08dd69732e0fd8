"""Web sessions and one-time links live in the store: a session outlives a restart of the
board and works at a second board over the same database (another process), an expired
one is refused and swept, the database holds only a hash of the cookie's secret, and a
link spent at one board opens nothing at another. Requests go through a real HTTP client
to boards served over one real SQLite file."""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.match.records import Match, MatchUpdate
from bot.web.guard import COOKIE, CSRF_HEADER
from bot.web.server import Running, WebHost, serve
from tests.bot.service_fixtures import FakeClock, open_service, start_match
from tests.bot.web.conftest import altered

SECRET = "the same secret in every process"


@contextlib.asynccontextmanager
async def served(path: Path, clock: FakeClock) -> AsyncIterator[tuple[WebHost, Running]]:
    """A board served over its own match service on the database file at `path` (as a
    process of its own would)."""
    service = await open_service(path, clock)

    async def names(match: Match) -> dict[int, str]:
        return {member: f"Player {member}" for member in match.members}

    async def announce(update: MatchUpdate) -> None:
        return None

    host = WebHost(service, names, announce, secret=SECRET)
    running = await serve(host, "127.0.0.1", 0)
    try:
        yield host, running
    finally:
        await running.stop()
        await service.close()


def base(running: Running) -> str:
    return f"http://127.0.0.1:{running.port}/"


async def sign_in(http: aiohttp.ClientSession, running: Running, token: str) -> str | None:
    """Sign in at `running` with a link's token: the session cookie's secret (None when
    refused)."""
    async with http.post(base(running) + "signin", json={"token": token}) as answer:
        cookie = answer.cookies.get(COOKIE)
        return cookie.value if answer.status == 200 and cookie is not None else None


async def status(http: aiohttp.ClientSession, running: Running, sid: str) -> int:
    """The status of the signed-in member's list of matches, asked with the cookie `sid`."""
    headers = {"Cookie": f"{COOKIE}={sid}"}
    async with http.get(base(running) + "api/matches", headers=headers) as answer:
        return answer.status


def stored(path: Path) -> list[tuple[str, int, str, float]]:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return conn.execute("SELECT digest, member_id, csrf, ends_at FROM web_sessions").fetchall()


@pytest.mark.asyncio
async def test_a_session_outlives_a_restart_and_works_at_another_board(tmp_path) -> None:
    path, clock = tmp_path / "web.sqlite3", FakeClock()
    async with aiohttp.ClientSession() as http:
        async with served(path, clock) as (host, first), served(path, clock) as (_, second):
            match = await start_match(host.service)
            sid = await sign_in(http, first, host.signer.grant(1, match.id))
            assert sid is not None
            assert await status(http, first, sid) == 200
            assert await status(http, second, sid) == 200  # another process knows it
            assert await status(http, second, altered(sid)) == 401
        async with served(path, clock) as (_, restarted):
            assert await status(http, restarted, sid) == 200
            # a change made with the session's CSRF token works after the restart too
            csrf = stored(path)[0][2]
            headers = {"Cookie": f"{COOKIE}={sid}", CSRF_HEADER: csrf}
            body = {"ply": 0, "path": "", "request": "r1"}
            url = f"{base(restarted)}api/play?match={match.id}"
            async with http.post(url, json=body, headers=headers) as answer:
                assert answer.status != 401 and answer.status != 403


@pytest.mark.asyncio
async def test_the_database_holds_a_hash_of_the_cookies_secret_never_the_secret(
    tmp_path,
) -> None:
    path, clock = tmp_path / "web.sqlite3", FakeClock()
    async with aiohttp.ClientSession() as http, served(path, clock) as (host, running):
        sid = await sign_in(http, running, host.signer.grant(1, 0))
        assert sid is not None
        [(digest, member, csrf, _)] = stored(path)
    assert member == 1
    assert digest == hashlib.sha256(sid.encode()).hexdigest()
    assert sid not in (digest, csrf)
    with open(path, "rb") as database:
        assert sid.encode() not in database.read()


@pytest.mark.asyncio
async def test_an_expired_session_is_refused_and_swept(tmp_path) -> None:
    path, clock = tmp_path / "web.sqlite3", FakeClock()
    async with aiohttp.ClientSession() as http, served(path, clock) as (host, running):
        old = await sign_in(http, running, host.signer.grant(1, 0))
        assert old is not None
        clock.advance(days=29, hours=23)
        assert await status(http, running, old) == 200
        clock.advance(hours=2)
        assert await status(http, running, old) == 401
        assert len(stored(path)) == 1  # refused, not yet swept
        new = await sign_in(http, running, host.signer.grant(2, 0))
        assert new is not None
        assert [row[1] for row in stored(path)] == [2]  # opening one swept the expired


@pytest.mark.asyncio
async def test_a_link_spent_at_one_board_opens_nothing_at_another_nor_after_a_restart(
    tmp_path,
) -> None:
    path, clock = tmp_path / "web.sqlite3", FakeClock()
    async with aiohttp.ClientSession() as http:
        async with served(path, clock) as (host, first), served(path, clock) as (_, second):
            token, other = host.signer.grant(1, 0), host.signer.grant(1, 0)
            assert await sign_in(http, first, token) is not None
            assert await sign_in(http, second, token) is None
        async with served(path, clock) as (_, restarted):
            assert await sign_in(http, restarted, token) is None
            assert await sign_in(http, restarted, other) is not None  # the same secret


@pytest.mark.asyncio
async def test_a_member_keeps_at_most_twenty_sessions(tmp_path) -> None:
    path, clock = tmp_path / "web.sqlite3", FakeClock()
    async with aiohttp.ClientSession() as http, served(path, clock) as (host, running):
        sids = []
        for _ in range(21):
            clock.advance(seconds=1)
            sids.append(await sign_in(http, running, host.signer.grant(1, 0)))
        assert len(stored(path)) == 20
        assert await status(http, running, sids[0]) == 401  # the oldest ended
        assert await status(http, running, sids[1]) == 200
