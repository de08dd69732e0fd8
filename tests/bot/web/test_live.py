"""Live pages end with the board: a stopping board ends every open stream at once, rather
than waiting for a quiet stream's next keep-alive (20 s)."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from bot.web.guard import COOKIE
from bot.web.live import KEEPALIVE
from tests.bot.service_fixtures import FakeClock, start_match
from tests.bot.web.test_sessions import base, served, sign_in


@pytest.mark.asyncio
async def test_stopping_the_board_ends_an_open_stream_without_waiting_for_a_keep_alive(
    tmp_path,
) -> None:
    async with (
        aiohttp.ClientSession() as http,
        served(tmp_path / "live.sqlite3", FakeClock()) as (
            host,
            running,
        ),
    ):
        match = await start_match(host.service)
        sid = await sign_in(http, running, host.signer.grant(1, match.id))
        headers = {"Cookie": f"{COOKIE}={sid}", "Accept": "text/event-stream"}
        url = f"{base(running)}api/events?match={match.id}"
        async with http.get(url, headers=headers) as stream:
            assert stream.status == 200
            first = b""
            while not first.endswith(b"\n\n"):
                first += await stream.content.readline()
            assert b"event: version" in first
            # stopping waits for the stream's handler: it must end long before a keep-alive
            await asyncio.wait_for(running.stop(), KEEPALIVE / 4)
            rest = await asyncio.wait_for(stream.content.read(), KEEPALIVE / 4)
        assert b"keep-alive" not in rest
