"""Speed of the Discord layer: one Skift move from the interaction payload to the last request.

The real bot, the real match service on a SQLite file and the real renderer play Skift
matches with random legal moves against the test suite's fake Discord (no network). Each
move is timed from the moment its INTERACTION_CREATE payload reaches the bot to the moment
the bot sends the interaction's last request: the defer, the board picture (with the
result, on a match's last move) in the thread, the previous board's buttons greyed out
(they no longer act), then the private answer. The replay
animation of an ended match is drawn and posted after that answer, in the background; its
time is reported on its own. Matches that end are replaced by new ones. The database
transactions each timed move opens (all of them, its posting included) are counted. The
last line printed is one JSON object of the figures.

    .venv/bin/python benchmarks/bot.py
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from discord.http import Route  # noqa: E402

from benchmarks.service import member_to_act  # noqa: E402 (the root is on the path now)
from benchmarks.transactions import TransactionCount  # noqa: E402
from bot.service import MatchService  # noqa: E402
from tests.bot import discord_harness as harness  # noqa: E402

MOVES = 300  # timed moves
WARMUP = 10  # moves played first and not timed (fonts, caches)
BUDGET_P99_MS = 100.0


class TimedDiscord(harness.FakeDiscord):
    """The fake Discord, noting when each request arrived (in `times`, beside `calls`)."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def _serve(self, route: Route, body: Any, form: Any, files: Any) -> Any:
        self.times.append(time.perf_counter())
        return super()._serve(route, body, form, files)


async def measure(folder: Path) -> tuple[list[float], list[float], dict[str, float]]:
    """Milliseconds per move (for MOVES moves after WARMUP), per replay posted, and the
    database transactions per timed move."""
    fake, rng, played = TimedDiscord(), random.Random(1), 0
    times: list[float] = []
    replays: list[float] = []
    settings, clock = harness.settings_for(folder), harness.FakeClock()
    async with harness.running_bot(fake, settings, clock) as bot:
        # the harness's bot runs on the whole match service (its faces see their parts)
        service = cast(MatchService, bot.service)
        match_id: int | None = None
        thread: int | None = None
        counted = TransactionCount(service.store)
        while len(times) < MOVES:
            match = await service.queries.get_match(match_id) if match_id else None
            if match is None or not match.active:
                players = (harness.ALICE, harness.BOB)
                match_id, thread = await harness.start_match(fake, *players, clock="3d")
                continue
            member = member_to_act(match)
            legal = await service.play.legal_moves(match.id, member, "", 10_000)
            data = fake.command_data("move", {"notation": rng.choice(legal).notation})
            payload = fake.interaction_payload(2, member, data, thread)
            first = len(fake.calls)
            timed = played >= WARMUP
            counting = counted.one_move() if timed else contextlib.nullcontext()
            start = time.perf_counter()
            with counting:
                calls = await fake.feed(payload)
            stamps = fake.times[first:]
            kinds = [c.kind for c in calls]
            answered = kinds.index("followup")  # the private answer ends the interaction
            greyed = ["get_message", "edit_message"]  # the last board's buttons, now stale
            assert kinds[:answered] in (
                ["callback", "send_message"],
                ["callback", "send_message", *greyed],
            ), kinds
            if answered + 1 < len(calls):  # the match ended: the replay followed
                replays.append((stamps[-1] - stamps[answered]) * 1000)
            played += 1
            if played > WARMUP:
                times.append((stamps[answered] - start) * 1000)
    return times, replays, counted.per_move()


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    """Run the measurement and print the figures, the last line as JSON."""
    with tempfile.TemporaryDirectory() as folder:
        times, replays, transactions = asyncio.run(measure(Path(folder)))
    p99_ms = round(percentile(times, 0.99), 2)
    figures = {
        "moves": len(times),
        "p50_ms": round(statistics.median(times), 2),
        "p99_ms": p99_ms,
        "max_ms": round(max(times), 2),
        "budget_p99_ms": BUDGET_P99_MS,
        "replays": len(replays),
        "replay_median_ms": round(statistics.median(replays), 1) if replays else None,
        **transactions,
    }
    print(f"Skift move through Discord, payload in to last request out ({len(times)} moves):")
    print(f"  p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms")
    verdict = "within" if p99_ms <= BUDGET_P99_MS else "OVER"
    print(f"  p99 budget {BUDGET_P99_MS:.0f} ms: {verdict}")
    print(
        f"  database transactions per move: {transactions['writes_per_move']} writes, "
        f"{transactions['reads_per_move']} reads"
    )
    print(
        f"Replays posted after the answer of a match's last move: {len(replays)}, "
        f"median {figures['replay_median_ms']} ms"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
