"""Claims on background work, so that several processes on one database each do a due
thing once (reminders, notices held back, digests, a league's round).

A claim names one piece of work by its `kind` and `item` (the reminder of one turn, one
member's digest of one day...). `claim` takes it for one process (`worker`) until its lease
ends; while the lease runs no other process can take it (the same one can: it retries).
`finish` marks the work done (it is never taken again), `release` gives it back to be
tried again by any process. The claim of a process that died runs out with its lease, and
the work is taken again. Done claims are kept a day (`prune`), long after any process
could still hold a stale list of due work.

Portable SQL (SQLite and PostgreSQL): the claim is one atomic upsert whose update applies
only to a claim that is not done and whose lease has run out; a row returned means taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store.sql import Connection, one, ts


async def claim(
    conn: Connection,
    kind: str,
    item: str,
    worker: str,
    now: datetime,
    until: datetime,
    *,
    done: bool = False,
) -> bool:
    """Take the work (`kind`, `item`) for `worker` until `until` (again, if `worker` held
    it: a retry); whether it was taken (False: done already, or another process's lease
    still runs). With `done`, what is taken is marked done at once (as `finish` would, in
    the same statement): work done in the caller's transaction."""
    taken = await one(
        conn,
        "INSERT INTO work_claims (kind, item, claimed_by, claimed_until, done) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, item) DO UPDATE SET "
        "claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until, "
        "done = excluded.done "
        "WHERE work_claims.done = 0 AND (work_claims.claimed_until < ? "
        "OR work_claims.claimed_by = excluded.claimed_by) RETURNING kind",
        (kind, item, worker, ts(until), int(done), ts(now)),
    )
    return taken is not None


#: Claims taken in one statement by `claim_all` (5 parameters each: within SQLite's 999).
_CLAIMS_A_STATEMENT = 100


async def claim_all(
    conn: Connection,
    wanted: Sequence[tuple[str, str]],
    worker: str,
    now: datetime,
    until: datetime,
    *,
    done: bool = False,
) -> set[tuple[str, str]]:
    """Take each piece of work (`kind`, `item`) in `wanted` as `claim` does, in one round
    trip per hundred; those taken."""
    taken: set[tuple[str, str]] = set()
    unique = list(dict.fromkeys(wanted))  # (one upsert may not touch a row twice)
    for first in range(0, len(unique), _CLAIMS_A_STATEMENT):
        chunk = unique[first : first + _CLAIMS_A_STATEMENT]
        values = ", ".join(["(?, ?, ?, ?, ?)"] * len(chunk))
        params: list[object] = []
        for kind, item in chunk:
            params += [kind, item, worker, ts(until), int(done)]
        found = await conn.rows(
            "INSERT INTO work_claims (kind, item, claimed_by, claimed_until, done) "
            f"VALUES {values} ON CONFLICT (kind, item) DO UPDATE SET "
            "claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until, "
            "done = excluded.done "
            "WHERE work_claims.done = 0 AND (work_claims.claimed_until < ? "
            "OR work_claims.claimed_by = excluded.claimed_by) RETURNING kind, item",
            [*params, ts(now)],
        )
        taken.update((row["kind"], row["item"]) for row in found)
    return taken


async def finish(conn: Connection, kind: str, item: str) -> None:
    """Mark the work done: no process takes it again."""
    await conn.run("UPDATE work_claims SET done = 1 WHERE kind = ? AND item = ?", (kind, item))


async def release(conn: Connection, kind: str, item: str, worker: str) -> None:
    """Give back work `worker` took and did not finish, to be tried again by any process."""
    await conn.run(
        "DELETE FROM work_claims WHERE kind = ? AND item = ? AND claimed_by = ? AND done = 0",
        (kind, item, worker),
    )


async def release_all(conn: Connection, worker: str) -> None:
    """Give back all the work `worker` holds and has not finished (it is stopping)."""
    await conn.run("DELETE FROM work_claims WHERE claimed_by = ? AND done = 0", (worker,))


async def prune(conn: Connection, before: datetime) -> None:
    """Forget the claims whose lease ended before `before` (done or abandoned)."""
    await conn.run("DELETE FROM work_claims WHERE claimed_until < ?", (ts(before),))
