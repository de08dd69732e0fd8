"""Claims on background work taken many at once (`bot.store.claims.claim_all`, a round's
batch of reminders and warnings): each taken exactly as `claim` alone would take it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.store import claims, open_store
from tests.bot.service_fixtures import START

LEASE = timedelta(minutes=5)


@pytest.mark.asyncio
async def test_claims_taken_together_are_taken_as_one_at_a_time(databases):
    store = await open_store(await databases.settings())
    later = START + timedelta(minutes=1)
    # 250 pieces of work (more than one statement's hundred): a fifth held by b whose lease
    # runs, a fifth held by b whose lease ran out, a fifth done, a fifth a's own, a fifth new
    work = [("reminder", f"{n}:1") for n in range(250)]
    try:
        async with store.transaction() as conn:
            for n, (kind, item) in enumerate(work):
                if n % 5 == 0:
                    await claims.claim(conn, kind, item, "b", START, later + LEASE)
                elif n % 5 == 1:
                    await claims.claim(conn, kind, item, "b", START, START)
                elif n % 5 == 2:
                    await claims.claim(conn, kind, item, "b", START, START, done=True)
                elif n % 5 == 3:
                    await claims.claim(conn, kind, item, "a", START, later + LEASE)
        async with store.transaction() as conn:
            taken = await claims.claim_all(
                conn, [*work, work[1], work[4]], "a", later, later + LEASE, done=True
            )
            rows = await conn.rows("SELECT kind, item, claimed_by, done FROM work_claims")
        assert taken == {work[n] for n in range(250) if n % 5 in (1, 3, 4)}
        stored = {(row["kind"], row["item"]): (row["claimed_by"], row["done"]) for row in rows}
        assert stored == {
            work[n]: ("a", 1) if n % 5 in (1, 3, 4) else ("b", int(n % 5 == 2)) for n in range(250)
        }
        async with store.transaction() as conn:
            assert await claims.claim_all(conn, [], "a", later, later + LEASE) == set()
            assert not await claims.claim(conn, *work[3], "c", later + 2 * LEASE, later)  # done
    finally:
        await store.close()
