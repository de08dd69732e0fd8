"""The web board's sessions and one-time links, as the service keeps them in the store, so
that a restart keeps players signed in and any process may serve the board. The web face
makes the secrets and hands over only their digests (`bot.web.guard`)."""

from __future__ import annotations

from datetime import datetime

from bot.service.base import Core
from bot.store import claims as claim_rows
from bot.store import web_sessions as session_rows
from bot.store.web_sessions import StoredSession

#: The kind of claim that spends a link's nonce (`bot.store.claims`).
LINK_CLAIM = "web-link"


class WebSessionsPart:
    """The web board's sessions, over the service's core."""

    def __init__(self, core: Core) -> None:
        self.core = core

    async def open(self, digest: str, member: int, csrf: str, ends: datetime) -> None:
        """Keep a new session of `member` until `ends` (its cookie's secret hashes to
        `digest`), sweeping the expired ones."""
        await self.core.store.transact(
            lambda conn: session_rows.open_session(
                conn, digest, member, csrf, ends, self.core.now()
            )
        )

    async def find(self, digest: str) -> StoredSession | None:
        """The session whose cookie's secret hashes to `digest`, while it lasts."""
        return await self.core.store.read(
            lambda conn: session_rows.find_session(conn, digest, self.core.now())
        )

    async def close(self, digest: str) -> None:
        """End a session (signing out)."""
        await self.core.store.transact(lambda conn: session_rows.close_session(conn, digest))

    async def spend_link(self, nonce: str, expires: datetime) -> bool:
        """Spend a one-time link's nonce, in every process at once; whether it was unspent.
        (A done claim, kept until the link has expired: `bot.store.claims.prune`.)"""
        return await self.core.store.transact(
            lambda conn: claim_rows.claim(
                conn, LINK_CLAIM, nonce, self.core.worker, self.core.now(), expires, done=True
            )
        )
