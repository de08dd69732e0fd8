"""The calls every store module makes on its connection, the same on both databases:
here `run_together`: writes that touch no row another one does run as one statement on
PostgreSQL (data-modifying WITH queries) and one after the other on SQLite."""

from __future__ import annotations

import pytest

from bot.store import Store, open_store


async def members(store: Store) -> list[tuple[int, int]]:
    async with store.reading() as conn:
        found = await conn.rows("SELECT member_id, reminders FROM members ORDER BY member_id")
    return [(row["member_id"], row["reminders"]) for row in found]


@pytest.mark.asyncio
async def test_writes_run_together_say_how_many_rows_each_changed(databases):
    store = await open_store(await databases.settings())
    try:
        async with store.transaction() as conn:
            await conn.run(
                "INSERT INTO members (member_id, reminders) VALUES (1, 0), (2, 0), (8, 0)"
            )
        async with store.transaction() as conn:
            counts = await conn.run_together(
                [
                    ("UPDATE members SET reminders = ? WHERE member_id IN (?, ?)", (5, 1, 2)),
                    ("INSERT INTO members (member_id, reminders) VALUES (?, ?)", (3, 7)),
                    ("UPDATE members SET reminders = ? WHERE member_id = ?", (9, 4)),  # none
                    ("DELETE FROM members WHERE member_id = ?", (8,)),
                ]
            )
        assert counts == [2, 1, 0, 1]
        assert await members(store) == [(1, 5), (2, 5), (3, 7)]
        async with store.transaction() as conn:  # one alone, and none
            alone = await conn.run_together([("DELETE FROM members WHERE member_id = ?", (3,))])
            assert alone == [1] and await conn.run_together([]) == []
        assert await members(store) == [(1, 5), (2, 5)]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_writes_run_together_are_undone_together(databases):
    store = await open_store(await databases.settings())
    try:
        async with store.transaction() as conn:
            await conn.run("INSERT INTO members (member_id) VALUES (1)")
        with pytest.raises(Exception, match="(?i)unique|duplicate"):
            async with store.transaction() as conn:
                await conn.run_together(
                    [
                        ("INSERT INTO members (member_id, reminders) VALUES (?, ?)", (2, 3)),
                        ("INSERT INTO members (member_id) VALUES (?)", (1,)),  # already there
                    ]
                )
        assert [member for member, _ in await members(store)] == [1]
    finally:
        await store.close()
