"""The web board's sessions and one-time links in the store, on SQLite and PostgreSQL:
a session is found by its digest while it lasts, by any service on the database; expired
ones are swept as one opens; a member keeps at most `PER_MEMBER`; a link's nonce is spent
once, whichever service spends it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.store.web_sessions import PER_MEMBER
from tests.bot.service_fixtures import open_service


async def count(service) -> int:
    async with service.store.reading() as conn:
        row = await conn.one("SELECT COUNT(*) AS n FROM web_sessions")
    assert row is not None
    return int(row["n"])


@pytest.mark.asyncio
async def test_a_session_is_found_by_any_service_while_it_lasts(databases, clock) -> None:
    settings = await databases.settings()
    first, second = await open_service(settings, clock), await open_service(settings, clock)
    try:
        ends = clock() + timedelta(days=30)
        await first.web_sessions.open("a" * 64, 1, "csrf-a", ends)
        found = await second.web_sessions.find("a" * 64)
        assert found is not None and (found.member, found.csrf, found.ends) == (1, "csrf-a", ends)
        assert await second.web_sessions.find("b" * 64) is None
        clock.advance(days=30, seconds=1)
        assert await first.web_sessions.find("a" * 64) is None
        await second.web_sessions.open("c" * 64, 2, "csrf-c", clock() + timedelta(days=30))
        assert await count(first) == 1  # the expired one was swept
        await first.web_sessions.close("c" * 64)
        assert await second.web_sessions.find("c" * 64) is None
    finally:
        await first.close()
        await second.close()


@pytest.mark.asyncio
async def test_a_member_keeps_the_newest_sessions_only(service, clock) -> None:
    for number in range(PER_MEMBER + 2):
        ends = clock() + timedelta(days=30, seconds=number)
        await service.web_sessions.open(f"{number:064}", 1, "csrf", ends)
    await service.web_sessions.open("f" * 64, 2, "csrf", clock() + timedelta(days=1))
    assert await count(service) == PER_MEMBER + 1
    assert await service.web_sessions.find(f"{1:064}") is None
    assert await service.web_sessions.find(f"{2:064}") is not None
    assert await service.web_sessions.find("f" * 64) is not None


@pytest.mark.asyncio
async def test_a_links_nonce_is_spent_once_by_any_service(databases, clock) -> None:
    settings = await databases.settings()
    first, second = await open_service(settings, clock), await open_service(settings, clock)
    try:
        expires = clock() + timedelta(hours=24)
        assert await first.web_sessions.spend_link("nonce", expires)
        assert not await second.web_sessions.spend_link("nonce", expires)
        assert not await first.web_sessions.spend_link("nonce", expires)
        assert await second.web_sessions.spend_link("other", expires)
    finally:
        await first.close()
        await second.close()
