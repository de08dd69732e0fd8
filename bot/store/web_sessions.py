"""The web board's sessions, kept in the database so that they outlive a restart and every
process serving the board knows them (`bot.web.guard` makes and checks them).

A row holds the SHA-256 `digest` of the secret in the session's cookie, never the secret:
whoever reads the database cannot sign in with it. Expired rows are deleted whenever a
session is opened (by the index on `ends_at`), and a member keeps at most `PER_MEMBER`
sessions (opening one more ends their oldest).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.sql import Connection, at, one, ts

#: The most sessions a member keeps (a phone, a computer, Discord's Activity, ...).
PER_MEMBER = 20


@dataclass(frozen=True)
class StoredSession:
    """A session as stored: its member, the CSRF token of its pages, when it ends."""

    member: int
    csrf: str
    ends: datetime


async def open_session(
    conn: Connection, digest: str, member: int, csrf: str, ends: datetime, now: datetime
) -> None:
    """Store the session whose cookie's secret hashes to `digest`; delete the expired ones,
    and the member's oldest beyond `PER_MEMBER`."""
    await conn.run("DELETE FROM web_sessions WHERE ends_at < ?", (ts(now),))
    await conn.run(
        "INSERT INTO web_sessions (digest, member_id, csrf, ends_at) VALUES (?, ?, ?, ?)",
        (digest, member, csrf, ts(ends)),
    )
    await conn.run(
        "DELETE FROM web_sessions WHERE member_id = ? AND digest NOT IN (SELECT digest "
        "FROM web_sessions WHERE member_id = ? ORDER BY ends_at DESC LIMIT ?)",
        (member, member, PER_MEMBER),
    )


async def find_session(conn: Connection, digest: str, now: datetime) -> StoredSession | None:
    """The session whose cookie's secret hashes to `digest`, while it lasts."""
    row = await one(
        conn,
        "SELECT member_id, csrf, ends_at FROM web_sessions WHERE digest = ? AND ends_at >= ?",
        (digest, ts(now)),
    )
    if row is None:
        return None
    return StoredSession(int(row["member_id"]), str(row["csrf"]), at(float(row["ends_at"])))


async def close_session(conn: Connection, digest: str) -> None:
    """End the session whose cookie's secret hashes to `digest` (signing out)."""
    await conn.run("DELETE FROM web_sessions WHERE digest = ?", (digest,))
