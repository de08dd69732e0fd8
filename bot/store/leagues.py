"""Rows of the league tables read into records and written back: the league, its
entrants, its rounds and its pairings (with the match that plays each, and its result
once known)."""

from __future__ import annotations

import json
from datetime import datetime

from bot.league.leagues import RUNNING, SIGNUP, Board, Entrant, League
from bot.league.plan import SWISS, LeagueFormat
from bot.league.records import Pairing, Result, Round
from bot.store.sql import Connection, Row, at, dt, one, rows, ts

_LEAGUE_COLUMNS = (
    "id, guild_id, channel_id, name, game, options, clock_hours, format, seats, "
    "swiss_rounds, signup_ends, status, adjudication, round_days, seed, created_by, started_at, "
    "vacation_cap_days"
)


def _league(row: Row) -> League:
    kind = row["format"]
    rounds = row["swiss_rounds"] if kind == SWISS else 0
    return League(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        name=row["name"],
        game=row["game"],
        options=json.loads(row["options"]),
        clock_hours=row["clock_hours"],
        format=LeagueFormat(kind, row["seats"], rounds, seed=row["seed"]),
        signup_ends=at(row["signup_ends"]),
        status=row["status"],
        adjudication=row["adjudication"],
        round_days=row["round_days"],
        created_by=row["created_by"],
        started_at=dt(row["started_at"]),
        vacation_cap_days=row["vacation_cap_days"],
    )


async def insert_league(
    conn: Connection,
    league: League,
    now: datetime,
) -> int:
    """Insert a league in sign-up (its `id` is ignored), due at the end of its sign-up;
    its id."""
    f = league.format
    return await conn.insert(
        f"INSERT INTO leagues ({_LEAGUE_COLUMNS.removeprefix('id, ')}, created_at, due_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)",
        (
            league.guild_id, league.channel_id, league.name, league.game,
            json.dumps(league.options), league.clock_hours, f.kind, f.seats, f.swiss_rounds,
            ts(league.signup_ends), SIGNUP, league.adjudication, league.round_days, f.seed,
            league.created_by, league.vacation_cap_days, ts(now), ts(league.signup_ends),
        ),
    )  # fmt: skip


async def by_name(conn: Connection, guild_id: int, name: str) -> League | None:
    """The server's league called `name` (case-insensitive), or None."""
    row = await one(
        conn,
        f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? AND lower(name) = lower(?)",
        (guild_id, name),
    )
    return None if row is None else _league(row)


async def by_id(conn: Connection, league_id: int) -> League:
    """The league with this id (it exists)."""
    row = await one(conn, f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,))
    assert row is not None, f"no league {league_id}"
    return _league(row)


async def of_guild(conn: Connection, guild_id: int) -> list[League]:
    """The server's leagues, newest first."""
    found = await rows(
        conn,
        f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? ORDER BY id DESC",
        (guild_id,),
    )
    return [_league(row) for row in found]


async def due(conn: Connection, now: datetime) -> list[League]:
    """The leagues whose due time has come (a sign-up ended, a round's deadline, a match
    of theirs ended: `set_due`), read through their index."""
    found = await rows(
        conn, f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE due_at <= ? ORDER BY due_at", (ts(now),)
    )
    return [_league(row) for row in found]


async def set_due(conn: Connection, league_id: int, due: datetime | None) -> None:
    """When the league is next due (None: never, it is over)."""
    await conn.run("UPDATE leagues SET due_at = ? WHERE id = ?", (ts(due), league_id))


async def due_after_match(conn: Connection, match_id: int, now: datetime) -> None:
    """A match ended: the running league it plays a pairing of (if any) is due now, to
    record its result and pair the next round."""
    await conn.run(
        "UPDATE leagues SET due_at = ? WHERE status = ? AND id IN "
        "(SELECT league_id FROM league_pairings WHERE match_id = ?)",
        (ts(now), RUNNING, match_id),
    )


async def of_match(conn: Connection, match_id: int) -> int | None:
    """The id of the league whose pairing match `match_id` plays, or None."""
    row = await one(conn, "SELECT league_id FROM league_pairings WHERE match_id = ?", (match_id,))
    return None if row is None else int(row["league_id"])


async def set_status(
    conn: Connection, league_id: int, status: str, now: datetime | None = None
) -> None:
    """Change a league's status (`now`: when it started, for "running")."""
    await conn.run(
        "UPDATE leagues SET status = ?, started_at = coalesce(?, started_at) WHERE id = ?",
        (status, ts(now), league_id),
    )


async def entrants(conn: Connection, league_id: int) -> list[Entrant]:
    """Everyone who signed up, in sign-up order."""
    found = await rows(
        conn,
        "SELECT member_id, joined_at, left_at FROM league_entrants WHERE league_id = ? "
        "ORDER BY joined_at, member_id",
        (league_id,),
    )
    return [Entrant(row["member_id"], at(row["joined_at"]), dt(row["left_at"])) for row in found]


async def join(conn: Connection, league_id: int, member_id: int, now: datetime) -> None:
    """Sign a member up."""
    await conn.run(
        "INSERT INTO league_entrants (league_id, member_id, joined_at) VALUES (?, ?, ?)",
        (league_id, member_id, ts(now)),
    )


async def withdraw(conn: Connection, league_id: int, member_id: int) -> None:
    """Remove a member's sign-up (before the start)."""
    await conn.run(
        "DELETE FROM league_entrants WHERE league_id = ? AND member_id = ?", (league_id, member_id)
    )


async def mark_left(conn: Connection, league_id: int, member_id: int, now: datetime) -> None:
    """A member left a running league."""
    await conn.run(
        "UPDATE league_entrants SET left_at = ? WHERE league_id = ? AND member_id = ?",
        (ts(now), league_id, member_id),
    )


async def rounds_of(conn: Connection, league_id: int) -> list[tuple[Round, datetime]]:
    """The league's rounds so far with their deadlines, in order."""
    boards = await boards_of(conn, league_id)
    found = await rows(
        conn,
        "SELECT number, deadline, byes FROM league_rounds WHERE league_id = ? ORDER BY number",
        (league_id,),
    )
    return [
        (
            Round(
                row["number"],
                tuple(b.pairing for b in boards if b.round == row["number"]),
                tuple(json.loads(row["byes"])),
            ),
            at(row["deadline"]),
        )
        for row in found
    ]


async def add_round(
    conn: Connection, league_id: int, round_: Round, now: datetime, deadline: datetime
) -> None:
    """Store a new round (its pairings come with `add_board`)."""
    await conn.run(
        "INSERT INTO league_rounds (league_id, number, started_at, deadline, byes) "
        "VALUES (?, ?, ?, ?, ?)",
        (league_id, round_.number, ts(now), ts(deadline), json.dumps(list(round_.byes))),
    )


async def add_board(
    conn: Connection,
    league_id: int,
    round_number: int,
    board: int,
    pairing: Pairing,
    match_id: int | None,
) -> None:
    """Store one pairing of a round and the match that plays it (None: a forfeit)."""
    await conn.run(
        "INSERT INTO league_pairings (league_id, round, board, seats, match_id) "
        "VALUES (?, ?, ?, ?, ?)",
        (league_id, round_number, board, json.dumps(list(pairing.seats)), match_id),
    )


async def set_result(conn: Connection, league_id: int, board: Board, result: Result) -> None:
    """Record a pairing's result (places per seat, forfeits)."""
    await conn.run(
        "UPDATE league_pairings SET places = ?, forfeited = ? "
        "WHERE league_id = ? AND round = ? AND board = ?",
        (
            json.dumps(list(result.places)),
            json.dumps(sorted(result.forfeited)),
            league_id,
            board.round,
            board.board,
        ),
    )


async def boards_of(conn: Connection, league_id: int) -> list[Board]:
    """Every pairing of the league, by round and board."""
    found = await rows(
        conn,
        "SELECT round, board, seats, match_id, places, forfeited FROM league_pairings "
        "WHERE league_id = ? ORDER BY round, board",
        (league_id,),
    )
    boards = []
    for row in found:
        number, places = row["round"], row["places"]
        pairing = Pairing(tuple(json.loads(row["seats"])))
        result = None
        if places is not None:
            forfeited = frozenset(json.loads(row["forfeited"]))
            result = Result(number, pairing, tuple(json.loads(places)), forfeited)
        boards.append(Board(number, row["board"], pairing, row["match_id"], result))
    return boards


async def league_role(conn: Connection, guild_id: int) -> int | None:
    """The role whose members may create leagues in a server (None: admins only)."""
    row = await one(conn, "SELECT league_role FROM guilds WHERE guild_id = ?", (guild_id,))
    return None if row is None or row["league_role"] is None else int(row["league_role"])


async def set_league_role(conn: Connection, guild_id: int, role_id: int | None) -> None:
    """Name the role whose members may create leagues (None: admins only)."""
    await conn.run(
        "INSERT INTO guilds (guild_id, league_role) VALUES (?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET league_role = excluded.league_role",
        (guild_id, role_id),
    )


async def vacation_cap(conn: Connection, match_id: int) -> tuple[int, datetime] | None:
    """The vacation cap (days) of the league round the match is played in, and when that
    round began; None for a match outside a league with a cap."""
    row = await one(
        conn,
        "SELECT l.vacation_cap_days, r.started_at FROM league_pairings p "
        "JOIN leagues l ON l.id = p.league_id "
        "JOIN league_rounds r ON r.league_id = p.league_id AND r.number = p.round "
        "WHERE p.match_id = ? AND l.vacation_cap_days IS NOT NULL",
        (match_id,),
    )
    return None if row is None else (row["vacation_cap_days"], at(row["started_at"]))
