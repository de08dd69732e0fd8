"""Rows of the match_requests table: every match action applied, under the unique id of
its request (see `bot.match.actions.Request`), with the events it had, so that a request
seen again is answered with what it did instead of being applied twice; and of the
challenge_requests table, the challenge each answer to a challenge made or answered. A
request is kept while a retry of it can still arrive, then forgotten (`prune`)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, get_args

from bot.match.events import Event
from bot.store.sql import Connection, Statement, one, ts

#: Each kind of event by its class name, as stored.
_EVENT_KINDS: dict[str, type[Any]] = {kind.__name__: kind for kind in get_args(Event)}
#: The names of each kind of event's fields, as stored.
_EVENT_FIELDS: dict[type[Any], tuple[str, ...]] = {
    kind: tuple(field.name for field in dataclasses.fields(kind)) for kind in get_args(Event)
}


@dataclass(frozen=True)
class Applied:
    """A request applied before: in which match, by whom (None: the clock), which action
    (its key) and the events it had."""

    match_id: int
    member_id: int | None
    action: str
    events: tuple[Event, ...]


async def applied(conn: Connection, request_id: str) -> Applied | None:
    """The request `request_id` as it was applied, or None when it never was."""
    row = await one(
        conn,
        "SELECT match_id, member_id, action, events FROM match_requests WHERE request_id = ?",
        (request_id,),
    )
    if row is None:
        return None
    kinds = tuple(_EVENT_KINDS[kind](**fields) for kind, fields in json.loads(row["events"]))
    return Applied(int(row["match_id"]), row["member_id"], row["action"], kinds)


def recorded(request_id: str, done: Applied, now: datetime) -> Statement:
    """The statement that records that request `request_id` was applied, to run in the
    action's own transaction with its other writes (`Connection.run_together`; a second
    record of the same id fails: the id is the table's key)."""
    events = [[type(event).__name__, _fields(event)] for event in done.events]
    return (
        "INSERT INTO match_requests (request_id, match_id, member_id, action, events, made_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (request_id, done.match_id, done.member_id, done.action, json.dumps(events), ts(now)),
    )


def _fields(event: Event) -> dict[str, Any]:
    """An event's fields by name, as stored (each a string, number, bool or None: no
    deep copy needed, unlike `dataclasses.asdict`, which copies a phrase by rebuilding it)."""
    return {name: getattr(event, name) for name in _EVENT_FIELDS[type(event)]}


async def challenge_of(conn: Connection, request_id: str) -> int | None:
    """The challenge request `request_id` made or answered, or None when it never came."""
    row = await one(
        conn, "SELECT challenge_id FROM challenge_requests WHERE request_id = ?", (request_id,)
    )
    return None if row is None else int(row["challenge_id"])


async def record_challenge(
    conn: Connection, request_id: str, challenge_id: int, now: datetime
) -> None:
    """Record that request `request_id` made or answered challenge `challenge_id`, in its
    own transaction (the id is the table's key)."""
    await conn.run(
        "INSERT INTO challenge_requests (request_id, challenge_id, made_at) VALUES (?, ?, ?)",
        (request_id, challenge_id, ts(now)),
    )


async def prune(conn: Connection, before: datetime) -> None:
    """Forget the requests applied before `before` (no retry of them can still arrive; a
    match action that did would be refused by its ply, which the match has moved past)."""
    await conn.run("DELETE FROM match_requests WHERE made_at < ?", (ts(before),))
    await conn.run("DELETE FROM challenge_requests WHERE made_at < ?", (ts(before),))
