"""How the answer to a move travels through the layers of `bot/`: the modules it runs
through and the back and forth between the presentation and the face.

A Skift move is made through Discord's Play composer (the Confirm press, on the test
suite's fake Discord with the real bot), typed in the console, and confirmed on the web
board (its `api/play` request, through a real HTTP client; the face serving the board is
a stand-in that keeps what it is told); every call and return
of Python code in `bot/` is traced while it is handled, in order. The service (and the
store and match rules beneath it) counts as one visit however much it does inside; library
code (discord.py, Pillow, the rules of the game) and the pure match records and rules
(`bot/match`) are looked through, counted as the code that called them. From that trace:

- `modules`: the modules of `bot/` the answer runs through (the service counted as one);
- `hops`: how often the running code moves from one of those modules to another (a call
  into another module and its return are two hops; a coroutine waiting and resuming is
  neither);
- `layer hops`: how many of those hops go from one layer to another (discord,
  presentation, console, web, the service);
- `discord` / `presentation` / `console` / `web`: how often the running code enters that layer
  from another one (each "discord -> presentation -> discord" counts one entry of each).

Each is counted for the whole press (or typed line), and for its answer alone: from the
moment the service's `play.act` returns the move's update to the last request (the thread's
post, the private answer, the composer's next state; the web page's answer, with the
serving face's task that is handed the news). The last line printed is one JSON
object of the figures.

    .venv/bin/python benchmarks/hops.py
"""

from __future__ import annotations

import asyncio
import dis
import inspect
import io
import itertools
import json
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp  # noqa: E402

from bot.console.actions import Console  # noqa: E402 (the root is on the path now)
from bot.console.clock import OffsetClock  # noqa: E402
from bot.match.records import Match  # noqa: E402
from bot.service import MatchService, PlayPart  # noqa: E402
from bot.web.server import WebHost, serve  # noqa: E402
from tests.bot import discord_harness as harness  # noqa: E402
from tests.bot.service_fixtures import start_match  # noqa: E402

#: Layers whose whole depth counts as one visit.
BENEATH = ("bot.service", "bot.store")
#: Pure records and rules, looked through like library code (counted as their caller).
LOOKED_THROUGH = "bot.match"
#: Layers whose entries are counted.
LAYERS = ("bot.discord", "bot.presentation", "bot.console", "bot.web")


def _module(frame: FrameType | None) -> str | None:
    """The `bot` module the innermost `bot` frame of `frame`'s stack runs in (the service
    for anything beneath it), or None outside `bot`."""
    found = None
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if name.startswith(BENEATH):
            found = "bot.service"
        elif found is None and name.startswith("bot.") and not name.startswith(LOOKED_THROUGH):
            found = name
        frame = frame.f_back
    return found


#: Code flags of coroutines: an `await` that waits suspends them, and the event loop resumes
#: them later; neither is a call into their module nor a return from it.
COROUTINES = inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR
RESUME, YIELD_VALUE = dis.opmap["RESUME"], dis.opmap["YIELD_VALUE"]


def _waits(frame: FrameType, event: str) -> bool:
    """Whether a coroutine's "call" is its resumption after a wait, or its "return" a
    wait (read from the instruction it stands at: RESUME after a wait, YIELD_VALUE)."""
    code = frame.f_code
    if not code.co_flags & COROUTINES or frame.f_lasti < 0:
        return False
    op, arg = code.co_code[frame.f_lasti], code.co_code[frame.f_lasti + 1]
    return (op == RESUME and arg != 0) if event == "call" else op == YIELD_VALUE


class Trace:
    """The `bot` modules running, in order, task by task: all of them (`steps`), and
    those after the service answered the move (`answer`, see `answering`)."""

    def __init__(self) -> None:
        self.steps: dict[int, list[str]] = {}
        self.answer: dict[int, list[str]] = {}
        self.answered = False

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event not in ("call", "return") or _waits(frame, event):
            return
        try:
            task = asyncio.current_task()
        except RuntimeError:
            return
        where = _module(frame if event == "call" else frame.f_back)
        if where is None or task is None:
            return
        kept = (self.steps, self.answer) if self.answered else (self.steps,)
        for record in kept:
            steps = record.setdefault(id(task), [])
            if not steps or steps[-1] != where:
                steps.append(where)

    def answering(self, play: PlayPart) -> None:
        """Mark where the answer begins: when the service's `play.act` returns the move's
        update."""
        act = play.act

        async def marked(*args: Any, **options: Any) -> Any:
            update = await act(*args, **options)
            self.answered = True
            return update

        play.act = marked  # type: ignore[method-assign]

    @contextmanager
    def on(self) -> Iterator[None]:
        """Trace while the block runs."""
        sys.setprofile(self)
        try:
            yield
        finally:
            sys.setprofile(None)

    def of(self, module: str, *, answer: bool = False) -> list[str]:
        """The steps of the tasks that ran `module` (the interaction's, the console's);
        `answer`: from the service's answer on."""
        record = self.answer if answer else self.steps
        return [s for steps in record.values() if module in steps for s in steps]


def figures(steps: list[str]) -> dict[str, Any]:
    """Modules, hops and layer entries of a trace's steps."""
    layers = [next((layer for layer in LAYERS if s.startswith(layer)), s) for s in steps]
    entries = {
        layer.removeprefix("bot."): sum(
            1
            for i, here in enumerate(layers)
            if here == layer and (i == 0 or layers[i - 1] != layer)
        )
        for layer in LAYERS
    }
    return {
        "modules": len(set(steps)),
        "hops": len(steps) - 1,
        "layer hops": sum(1 for a, b in itertools.pairwise(layers) if a != b),
        **entries,
        "route": sorted(set(steps)),
    }


async def discord_move(folder: Path) -> Trace:
    """The trace of a Skift move confirmed in the Play composer."""
    fake, clock = harness.FakeDiscord(), harness.FakeClock()
    async with harness.running_bot(fake, harness.settings_for(folder), clock) as bot:
        assert bot.service is not None
        match_id, thread = await harness.start_match(fake, harness.ALICE, harness.BOB)
        match = await bot.service.queries.get_match(match_id)
        member = match.to_act
        assert member is not None
        board = next(
            m
            for m in reversed(fake.messages_in(thread))
            if f"sc:match:{match_id}:play" in harness.custom_ids(m)
        )
        await fake.click(member, board["id"], f"sc:match:{match_id}:play")
        composer = fake.messages_in(thread)[-1]
        while True:  # the first choice at each step, up to Confirm
            ids = harness.custom_ids(fake.message(composer["id"]))
            confirm = [i for i in ids if ":c:" in i]
            if confirm:
                break
            await fake.click(member, composer["id"], next(i for i in ids if ":o:" in i))
        trace = Trace()
        trace.answering(bot.service.play)
        with trace.on():
            await fake.click(member, composer["id"], confirm[0])
        return trace


async def console_move(folder: Path) -> Trace:
    """The trace of a Skift move typed in the console."""
    clock = OffsetClock(harness.FakeClock())
    service = await MatchService.open(harness.settings_for(folder), clock=clock)
    try:
        con = Console(service, folder / "pictures", clock, io.StringIO())
        for line in ("challenge game:skift opponent:bob clock:3d", "as bob", "accept"):
            await con.run_line(line)
        match = await service.queries.get_match(1)
        assert match.to_act is not None
        await con.run_line(f"as {con.name_of(match.to_act)}")
        legal = await service.play.legal_moves(1, match.to_act)
        trace = Trace()
        trace.answering(service.play)
        with trace.on():
            await con.run_line(f"move {legal[0].notation}")
        return trace
    finally:
        await service.close()


async def web_move(folder: Path) -> Trace:
    """The trace of a Skift move confirmed on the web board (its first choice at each step),
    by a member signed in with a link."""
    service = await MatchService.open(harness.settings_for(folder), clock=harness.FakeClock())
    told: list[object] = []

    async def names(match: Match) -> dict[int, str]:
        return {member: f"Player {member}" for member in match.members}

    async def announce(update: object) -> None:
        told.append(update)  # (the serving face's own delivery is not the board's)

    served = await serve(WebHost(service, names, announce), "127.0.0.1", 0)
    base = f"http://127.0.0.1:{served.port}/"
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            match = await start_match(service)
            assert match.to_act is not None
            token = served.board.host.signer.grant(match.to_act, match.id)
            async with session.post(base + "signin", json={"token": token}) as signed:
                csrf = (await signed.json())["csrf"]
            page: dict[str, Any] = {"choices": [{"keys": ""}]}
            while "preview" not in page:
                path = page["choices"][0]["keys"]
                url = f"{base}api/state?match={match.id}&path={path}"
                async with session.get(url) as answer:
                    page = await answer.json()
            body = {"ply": page["ply"], "path": page["path"], "request": "hops"}
            trace = Trace()
            trace.answering(service.play)
            with trace.on():
                headers = {"X-CSRF-Token": csrf}
                url = f"{base}api/play?match={match.id}"
                async with session.post(url, json=body, headers=headers):
                    pass
                while not told:  # the serving face was handed the news
                    await asyncio.sleep(0.01)
            return trace
    finally:
        await served.stop()
        await service.close()


async def main() -> None:
    """Print the route of each move, then the figures as one JSON line."""
    with tempfile.TemporaryDirectory() as discord_folder, tempfile.TemporaryDirectory() as other:
        discord, console = await discord_move(Path(discord_folder)), await console_move(Path(other))
    with tempfile.TemporaryDirectory() as web_folder:
        board = await web_move(Path(web_folder))
    results = {
        "discord": figures(discord.of("bot.discord.composer")),
        "discord answer": figures(discord.of("bot.discord.composer", answer=True)),
        "console": figures(console.of("bot.console.session")),
        "console answer": figures(console.of("bot.console.session", answer=True)),
        "web": figures(board.of("bot.web.server")),
        "web answer": figures(board.of("bot.web.server", answer=True)),
    }
    for face, result in results.items():
        print(f"{face}: {', '.join(result.pop('route'))}")
    print(json.dumps(results))


if __name__ == "__main__":
    asyncio.run(main())
