"""Deliveries of one interaction wait for each other, for a bounded time, and leave
nothing behind (`bot.discord.deliveries`)."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord import deliveries
from bot.discord.deliveries import after_earlier_deliveries


@pytest.mark.asyncio
async def test_a_second_delivery_runs_after_the_first_and_others_do_not_wait() -> None:
    order: list[str] = []
    first_in = asyncio.Event()

    async def deliver(interaction_id: int, name: str, pause: float) -> None:
        async with after_earlier_deliveries(interaction_id):
            order.append(f"{name} starts")
            first_in.set()
            await asyncio.sleep(pause)
            order.append(f"{name} ends")

    first = asyncio.create_task(deliver(1, "first", 0.05))
    await first_in.wait()
    await asyncio.gather(first, deliver(1, "again", 0), deliver(2, "other", 0))
    assert order == [
        "first starts",
        "other starts",
        "other ends",
        "first ends",
        "again starts",
        "again ends",
    ]
    assert deliveries._handling == {}


@pytest.mark.asyncio
async def test_a_delivery_waits_for_a_stuck_one_only_so_long(monkeypatch) -> None:
    monkeypatch.setattr(deliveries, "LONGEST_WAIT", 0.05)
    stuck = asyncio.Event()

    async def never_done() -> None:
        async with after_earlier_deliveries(7):
            await stuck.wait()

    holder = asyncio.create_task(never_done())
    await asyncio.sleep(0)
    async with asyncio.timeout(1):
        async with after_earlier_deliveries(7):
            pass
    stuck.set()
    await holder
    assert deliveries._handling == {}
