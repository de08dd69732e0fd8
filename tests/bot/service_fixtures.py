"""Helpers for the store and match service tests: a settable clock, settings on a temp
database, and shortcuts that start matches through the real challenge flow. The `clock`,
`databases` and `service` fixtures built on them live in `tests/bot/conftest.py`."""

from __future__ import annotations

import random
import sqlite3
import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.match.actions import MOVE, MatchAction, Request
from bot.service import (
    ChallengeRequest,
    Match,
    MatchRules,
    MatchService,
    MatchUpdate,
    rebuild_state,
)
from bot.store import SqliteStore, Store
from games import GameState

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
GUILD = 1000
CHANNEL = 2000


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, start: datetime = START) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, **delta: float) -> datetime:
        """Move time forward by a timedelta's keyword arguments; return the new time."""
        self.moment += timedelta(**delta)
        return self.moment


def make_settings(path: Path, **overrides: Any) -> Settings:
    """Settings for a test database at `path` with the default limits unless overridden."""
    return Settings(discord_token="", database_path=path, log_level="INFO", **overrides)


async def open_service(
    where: Path | Settings, clock: FakeClock, seed: int = 7, **overrides: Any
) -> MatchService:
    """A match service with a fixed random source on a real database: the SQLite file at
    a path, or the database of settings (from the `databases` fixture)."""
    if isinstance(where, Settings):
        settings = replace(where, **overrides)
    else:
        settings = make_settings(where, **overrides)
    return await MatchService.open(settings, clock=clock, rng=random.Random(seed))


def terms(
    *,
    clock_hours: int | None = None,
    increment_hours: int | None = None,
    cap_hours: int | None = None,
    auto_timeout: bool = False,
    takebacks: bool = True,
    rated: bool = True,
    **others: Any,
) -> dict[str, Any]:
    """`create_challenge`'s keywords for a challenge with these rules (`clock_hours` None:
    the server's clock) and the `others` as given."""
    rules = MatchRules(clock_hours or 0, auto_timeout, takebacks, rated, increment_hours, cap_hours)
    return {"rules": rules, "server_clock": clock_hours is None, **others}


async def start_match(
    service: MatchService,
    members: Sequence[int] = (1, 2),
    game: str = "skift",
    *,
    channel: int | None = None,
    **challenge: Any,
) -> Match:
    """Challenge the other members by name, let each accept, attach a thread; the match."""
    posted = await service.challenges.create_challenge(
        ChallengeRequest(
            GUILD, CHANNEL, members[0], game, opponents=list(members[1:]), **terms(**challenge)
        )
    )
    for member in members[1:]:
        update = await service.challenges.accept_challenge(posted.id, member)
    assert update.match is not None
    thread = channel if channel is not None else 5000 + update.match.id
    return await service.play.attach_channel(update.match.id, thread)


def request(action: MatchAction, text: str = "", *, ply: int, hours: int = 0) -> Request:
    """A request of `action` at position `ply`, under an id of its own (unique across
    processes: one started again on the same database never reuses an id)."""
    return Request(action, text, hours, ply=ply, request_id=f"test:{uuid.uuid4().hex}")


async def act(
    service: MatchService,
    match_id: int,
    member_id: int,
    action: MatchAction,
    text: str = "",
    *,
    hours: int = 0,
) -> MatchUpdate:
    """Do `action` for the member at the match's current position under a new request id,
    as a face does for a player looking at the latest board."""
    ply = (await service.queries.get_match(match_id)).ply
    made = request(action, text, ply=ply, hours=hours)
    return await service.play.act(match_id, member_id, made)


async def play_first_legal(service: MatchService, match: Match, moves: int) -> Match:
    """Play `moves` moves, each the first legal move of whoever is to act."""
    for _ in range(moves):
        state = match.state
        notation = state.format_move(state.legal_moves()[0])
        match = (await act(service, match.id, match.to_act, MOVE, notation)).match
    return match


def dump_file(path: Path) -> list[str]:
    """Every row of an SQLite database file as SQL text."""
    with sqlite3.connect(path) as raw:
        return list(raw.iterdump())


async def dump(store: Store) -> list[str]:
    """Every row of the database as text, to show that a refusal changed nothing."""
    if isinstance(store, SqliteStore):
        return dump_file(store.path)
    lines = []
    async with store.reading() as conn:
        for (table,) in await conn.rows(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1"
        ):
            found = [tuple(row) for row in await conn.rows(f"SELECT * FROM {table}")]
            lines += [f"{table} {row!r}" for row in sorted(found, key=repr)]
    return lines


async def rebuilt(service: MatchService, match: Match) -> GameState:
    """The match's position replayed from its stored log, seed and options."""
    record = await service.queries.match_record(match.id)
    log = [(e.kind, e.seat, e.notation) for e in record.log]
    return rebuild_state(match.game, len(match.seats), match.seed, match.options, log)
