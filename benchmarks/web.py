"""Benchmark of the web board (bot/web), served on a free port of 127.0.0.1 over a real
SQLite file, asked through aiohttp's HTTP client:

- the answer to a tap (`api/state` with a composer path: the next choices and their
  places on the picture), p50 and p95 over every game's mid-game positions (budget:
  p95 at most 30 ms);
- a move made by another face (the service, as Discord's commands do) reaching a
  watching page: from the move to the page's live event, and to its new picture
  downloaded (budget: 1 s);
- the first load of a match page (page, script, style, icon, state and picture), bytes
  (budget: 300 KB);
- 1,000 live pages of one match open in one process (each its own member, signed in):
  the memory they take, and the time until all of them are told of a move.

    .venv/bin/python benchmarks/web.py [--pages 1000] [--taps 200]

The last line printed is a JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import aiohttp

# Put the project root first: benchmarks/bot.py would otherwise shadow the bot package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bot.config import Settings  # noqa: E402
from bot.match.actions import MOVE, Request  # noqa: E402
from bot.match.records import DEFAULT_RULES, Match, MatchRecord, MatchUpdate  # noqa: E402
from bot.service import ChallengeRequest, MatchService  # noqa: E402
from bot.web.guard import RateLimit  # noqa: E402
from bot.web.server import Running, WebHost, serve  # noqa: E402

TAP_P95_BUDGET_MS = 30.0
LIVE_BUDGET_S = 1.0
FIRST_LOAD_BUDGET = 300 * 1024
GAMES = {"skift": 2, "shiftago": 4, "shifty": 2, "shifting-stones": 3}
GUILD, CHANNEL = 1, 2


async def _names(match: Match) -> Mapping[int, str]:
    return {member: f"Player {member}" for member in match.members}


async def _quiet(update: MatchUpdate | MatchRecord) -> None:
    return None


async def _server_member(match: Match, member: int) -> bool:
    """Every watching page's member is a member of the match's server."""
    return True


async def _match(service: MatchService, game: str, seats: int, plies: int, seed: int) -> Match:
    """A match of `game` between members 1..seats after `plies` random moves."""
    challenge = await service.challenges.create_challenge(
        ChallengeRequest(
            GUILD, CHANNEL, 1, game, opponents=list(range(2, seats + 1)), rules=DEFAULT_RULES
        )
    )
    for member in range(2, seats + 1):
        update = await service.challenges.accept_challenge(challenge.id, member)
    assert update.match is not None
    match, rng = update.match, random.Random(seed)
    for _ in range(plies):
        if not match.active or match.to_act is None:
            break
        await _move(service, match, rng)
        match = await service.queries.get_match(match.id)
    return match


async def _move(service: MatchService, match: Match, rng: random.Random) -> MatchUpdate:
    move = rng.choice(list(match.state.legal_moves()))
    request = Request(
        MOVE, match.state.format_move(move), ply=match.ply, request_id=uuid.uuid4().hex
    )
    assert match.to_act is not None
    return await service.play.act(match.id, match.to_act, request)


def _client() -> aiohttp.ClientSession:
    connector = aiohttp.TCPConnector(limit=0)
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), connector=connector)


async def _sign_in(
    session: aiohttp.ClientSession, running: Running, member: int, match: int
) -> None:
    token = running.board.host.signer.grant(member, match)
    base = f"http://127.0.0.1:{running.port}/"
    async with session.post(base + "signin", json={"token": token}) as answer:
        assert answer.status == 200


async def taps(service: MatchService, running: Running, count: int) -> list[float]:
    """Milliseconds of each tap's answer, walking random paths of each game's composer."""
    base = f"http://127.0.0.1:{running.port}/"
    times: list[float] = []
    rng = random.Random(1)
    for game, seats in GAMES.items():
        match = await _match(service, game, seats, 12, seed=len(game))
        async with _client() as session:
            await _sign_in(session, running, match.to_act or 1, match.id)
            path = ""
            for _ in range(count // len(GAMES)):
                url = f"{base}api/state?match={match.id}&path={path}"
                start = time.perf_counter()
                async with session.get(url) as answer:
                    state = await answer.json()
                times.append((time.perf_counter() - start) * 1000)
                offered = state["places"] or state["choices"]
                path = "" if "preview" in state or not offered else rng.choice(offered)["keys"]
    return times


async def first_load(service: MatchService, running: Running) -> int:
    """Bytes of a match page's first load, as a browser fetches it."""
    base = f"http://127.0.0.1:{running.port}/"
    match = await _match(service, "shifting-stones", 3, 9, seed=3)
    total = 0
    async with _client() as session:
        await _sign_in(session, running, match.to_act or 1, match.id)
        for part in (f"match?id={match.id}", "board.js", "board.css", "icon.svg"):
            async with session.get(base + part) as answer:
                total += len(await answer.read())
        async with session.get(f"{base}api/state?match={match.id}") as answer:
            body = await answer.read()
            total += len(body)
        async with session.get(base + json.loads(body)["picture"]) as answer:
            total += len(await answer.read())
    return total


async def _listen(
    session: aiohttp.ClientSession, url: str, ready: asyncio.Event, told: asyncio.Queue[float]
) -> None:
    """A live page: read events; after the first, each one is put in `told` with its time."""
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as answer:
        first = True
        async for line in answer.content:
            if line.startswith(b"data:"):
                if first:
                    first = False
                    ready.set()
                else:
                    await told.put(time.perf_counter())


async def live(service: MatchService, running: Running, pages: int) -> dict[str, float]:
    """One move's way to a watching page, and `pages` open pages of one match."""
    base = f"http://127.0.0.1:{running.port}/"
    match = await _match(service, "skift", 2, 4, seed=9)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    told: asyncio.Queue[float] = asyncio.Queue()
    sessions = [_client() for _ in range(pages)]
    listeners = []
    try:
        for index, session in enumerate(sessions):
            await _sign_in(session, running, 10_000 + index, match.id)
        readies = []
        for session in sessions:
            ready = asyncio.Event()
            readies.append(ready)
            url = f"{base}api/events?match={match.id}"
            listeners.append(asyncio.create_task(_listen(session, url, ready, told)))
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 120)
        open_pages = running.board.live.open_pages
        rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        start = time.perf_counter()
        update = await _move(service, match, random.Random(4))
        times = [await asyncio.wait_for(told.get(), 30) - start for _ in range(pages)]
        async with sessions[0].get(f"{base}api/state?match={match.id}") as answer:
            picture = (await answer.json())["picture"]
        async with sessions[0].get(base + picture) as answer:
            await answer.read()
        pictured = time.perf_counter() - start
        assert update.match.version > match.version
    finally:
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
        for session in sessions:
            await session.close()
    return {
        "pages_open": open_pages,
        "first_page_told_s": round(min(times), 3),
        "all_pages_told_s": round(max(times), 3),
        "new_picture_on_page_s": round(pictured, 3),
        "pages_memory_mb": round((rss_after - rss_before) / 1024, 1),
    }


async def main(pages: int, tap_count: int) -> dict[str, Any]:
    """Every figure, on a fresh database."""
    folder = Path(tempfile.mkdtemp())
    settings = Settings(discord_token="", database_path=folder / "web.sqlite3", log_level="INFO")
    service = await MatchService.open(settings)
    unlimited = RateLimit(rate=1e6, burst=1e6)  # one client asks for everything here
    host = WebHost(service, _names, _quiet, may_watch=_server_member)
    running = await serve(host, "127.0.0.1", 0, unlimited)
    try:
        tapped = await taps(service, running, tap_count)
        loaded = await first_load(service, running)
        lived = await live(service, running, pages)
    finally:
        await running.stop()
        await service.close()
    p95 = statistics.quantiles(tapped, n=20)[18]
    figures = {
        "tap_answer_ms_p50": round(statistics.median(tapped), 1),
        "tap_answer_ms_p95": round(p95, 1),
        "tap_budget_ms": TAP_P95_BUDGET_MS,
        "first_load_bytes": loaded,
        "first_load_budget_bytes": FIRST_LOAD_BUDGET,
        **lived,
        "live_budget_s": LIVE_BUDGET_S,
    }
    print(f"tap answer: p50 {figures['tap_answer_ms_p50']} ms, p95 {p95:.1f} ms")
    print(f"first load of a match page: {loaded / 1024:.0f} KB")
    print(
        f"{lived['pages_open']} live pages of one match: all told of a move within "
        f"{lived['all_pages_told_s']} s (first {lived['first_page_told_s']} s), the new "
        f"picture on a page after {lived['new_picture_on_page_s']} s, "
        f"{lived['pages_memory_mb']} MB for the pages (both ends, in this process)"
    )
    return figures


if __name__ == "__main__":
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--pages", type=int, default=1000)
    arguments.add_argument("--taps", type=int, default=200)
    parsed = arguments.parse_args()
    print(json.dumps(asyncio.run(main(parsed.pages, parsed.taps))))
