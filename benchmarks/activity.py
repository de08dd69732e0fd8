"""Benchmark of the web board opened as a Discord Activity (bot/web/activity.py): from
the tap on Play to the board drawn inside Discord's frame, the server's time, p50 and
p95 over launches of each game's match.

A launch is what the frame asks of the board, one request after another, through
aiohttp's client on 127.0.0.1 over a real SQLite file: the entry page (with Discord's
`frame_id` and `instance_id`), its style, script and icon, the Embedded App SDK's
modules (those `output/index.mjs` imports, as the browser follows them), the sign-in
(`POST activity`: the code exchanged at an in-process stand-in for Discord's OAuth2
token endpoint and `/users/@me`, answering at once), the match's state and its picture.
Each launch is timed twice: first in a client (every SDK module asked), and with the
SDK's modules cached (they are served as immutable; a member's later launches).
Discord's own part (the launch answer to Play, the SDK's handshake and `authorize` in
the client) and the browser's drawing are not in it; the browser asks some of these in
parallel, so the sum is an upper bound of the server's part.

    .venv/bin/python benchmarks/activity.py [--launches 40]

The last line printed is a JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

# Put the project root first: benchmarks/bot.py would otherwise shadow the bot package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from benchmarks.web import GAMES, _match, _names, _quiet, _server_member  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.service import MatchService  # noqa: E402
from bot.web.guard import RateLimit  # noqa: E402
from bot.web.oauth import OAuth  # noqa: E402
from bot.web.server import PAGE_HEADER, SDK_ENTRY, STATIC, WebHost, serve  # noqa: E402
from tests.bot.web.fake_oauth import CLIENT_ID, CODE, SECRET, fake_discord_oauth  # noqa: E402

VENDOR = STATIC / "vendor"


def sdk_modules() -> list[str]:
    """The kept SDK's modules a browser loads, from its entry along its imports."""
    [folder] = [p for p in VENDOR.iterdir() if (p / SDK_ENTRY).exists()]
    seen: list[str] = []
    todo = [SDK_ENTRY]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        for line in (folder / name).read_text().splitlines():
            if line.startswith(("import ", "export ")) and " from '" in line:
                target = line.split(" from '")[1].split("'")[0]
                parts: list[str] = []
                for part in (Path(name).parent / target).as_posix().split("/"):
                    if part == "..":
                        parts.pop()
                    elif part != ".":
                        parts.append(part)
                todo.append("/".join(parts))
    return [f"vendor/{folder.name}/{name}" for name in seen]


async def launch(base: str, channel: int, modules: list[str]) -> float:
    """Milliseconds of one launch's requests, from the entry page to the picture."""
    start = time.perf_counter()
    async with aiohttp.ClientSession() as session:
        entry = f"{base}?frame_id=f&instance_id=i&platform=mobile&channel_id={channel}"
        for part in (entry, f"{base}board.css", f"{base}board.js", f"{base}icon.svg"):
            async with session.get(part) as answer:
                assert answer.status == 200, part
                await answer.read()
        for module in modules:
            async with session.get(base + module) as answer:
                assert answer.status == 200, module
                await answer.read()
        body = {"code": CODE, "channel": str(channel)}
        async with session.post(f"{base}activity", json=body, headers={PAGE_HEADER: "1"}) as answer:
            signed = await answer.json()
            # (the cookie is Secure: a client on http keeps it only by hand)
            cookie = answer.headers["Set-Cookie"].split(";")[0]
        assert signed["match"] is not None, signed
        headers = {"Cookie": cookie}
        async with session.get(f"{base}api/state?match={signed['match']}", headers=headers) as a:
            picture = (await a.json())["picture"]
        async with session.get(base + picture, headers=headers) as answer:
            assert answer.status == 200
            await answer.read()
    return (time.perf_counter() - start) * 1000


async def main(launches: int) -> dict[str, Any]:
    """Every figure, on a fresh database: each game's match in its own thread."""
    folder = Path(tempfile.mkdtemp())
    settings = Settings(discord_token="", database_path=folder / "web.sqlite3", log_level="INFO")
    service = await MatchService.open(settings)
    async with fake_discord_oauth() as (api, _):
        host = WebHost(service, _names, _quiet, may_watch=_server_member)
        running = await serve(host, "127.0.0.1", 0, RateLimit(rate=1e6, burst=1e6))
        base = f"http://127.0.0.1:{running.port}/"
        host.oauth = OAuth(CLIENT_ID, SECRET, f"{base}discord-login", api=api)
        modules = sdk_modules()
        cold: list[float] = []
        warm: list[float] = []
        try:
            threads = []
            for thread, (game, seats) in enumerate(GAMES.items(), start=100):
                match = await _match(service, game, seats, 12, seed=len(game))
                await service.play.attach_channel(match.id, thread)
                threads.append(thread)
            await launch(base, threads[0], modules)  # (the first reads the files from disk)
            for index in range(launches):
                thread = threads[index % len(threads)]
                cold.append(await launch(base, thread, modules))
                warm.append(await launch(base, thread, []))
        finally:
            await running.stop()
            await service.close()
    figures: dict[str, Any] = {"launches": launches, "sdk_modules": len(modules)}
    for name, times in (("cold", cold), ("warm", warm)):
        figures[f"play_to_board_{name}_ms_p50"] = round(statistics.median(times), 1)
        figures[f"play_to_board_{name}_ms_p95"] = round(statistics.quantiles(times, n=20)[18], 1)
    print(
        f"Play to the board in the frame, server time over {launches} launches: first in a "
        f"client ({len(modules)} SDK modules asked) p50 {figures['play_to_board_cold_ms_p50']} "
        f"ms, p95 {figures['play_to_board_cold_ms_p95']} ms; SDK cached p50 "
        f"{figures['play_to_board_warm_ms_p50']} ms, p95 {figures['play_to_board_warm_ms_p95']} ms"
    )
    return figures


if __name__ == "__main__":
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--launches", type=int, default=40)
    parsed = arguments.parse_args()
    print(json.dumps(asyncio.run(main(parsed.launches))))
