"""Rows of the schema (see `bot.store.schema`) read into records and written back:
matches, their players and their move log (challenges are in `bot.store.challenges`).

Times are stored as seconds since the epoch (UTC); JSON columns hold options,
proposals, results and snapshots. Every match write checks and bumps `version`, so a
write computed from a stale read is refused with PositionChanged.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import games
from bot.match.engine_seats import level_of, may_owe
from bot.match.errors import PositionChanged
from bot.match.phrases import Message
from bot.match.records import (
    Challenge,
    LogEntry,
    Match,
    MatchResult,
    MatchRules,
    Proposal,
    RatingChange,
    Seat,
    Snapshot,
)
from bot.store.sql import (
    Connection,
    Row,
    Statement,
    at,
    dt,
    one,
    rows,
    ts,
    value,
    with_children,
)


def rules_of(row: Row) -> MatchRules:
    """The rules a match or challenge row was made with (the columns both tables keep)."""
    return MatchRules(
        row["clock_hours"],
        bool(row["auto_timeout"]),
        bool(row["takebacks"]),
        bool(row["rated"]),
        row["clock_increment"],
        row["clock_cap"],
        bool(row["weekend_pause"]),
    )


def game_title(game: str) -> str:
    """The game's title ("Skift"), or its stored name if this code no longer knows it."""
    try:
        return games.get(game).title
    except KeyError:
        return game


# --- matches -----------------------------------------------------------------------------

#: Matches of servers the bot is in: those of a server that removed it wait, their clocks
#: stopped, and count toward no limit until it is back.
PRESENT = "guild_id NOT IN (SELECT guild_id FROM guilds WHERE left_at IS NOT NULL)"

_MATCH_COLUMNS = (
    "id, guild_id, origin_channel_id, channel_id, game, options, seed, players, clock_hours, "
    "auto_timeout, takebacks, rated, status, ply, version, turns, turn_ply, current_seat, "
    "turn_started_at, deadline, paused_at, reminded, proposal, snapshot, created_at, "
    "ended_at, result, buttons_message_id, clock_increment, clock_cap, banks, weekend_pause, "
    "clock_zone, (SELECT v.ends_at FROM vacations v JOIN match_players p "
    "ON p.member_id = v.member_id WHERE p.match_id = matches.id "
    "AND p.seat = matches.current_seat AND v.closed = 0 AND matches.paused_at IS NOT NULL) "
    "AS returns_at"
)


def _proposal(raw: str | None, seats: Sequence[Seat]) -> Proposal | None:
    if raw is None:
        return None
    data = json.loads(raw)
    agreed = tuple(data["agreed"])
    waiting = tuple(s.member_id for s in seats if not s.retired and s.member_id not in agreed)
    return Proposal(data["kind"], data["by"], agreed, waiting)


def proposal_json(proposal: Proposal | None) -> str | None:
    """A proposal as stored in `matches.proposal` (who is waiting follows from the seats)."""
    if proposal is None:
        return None
    agreed = sorted(set(proposal.agreed))
    return json.dumps({"kind": proposal.kind, "by": proposal.by_member, "agreed": agreed})


def _result(raw: str | None, changes: tuple[RatingChange, ...]) -> MatchResult | None:
    if raw is None:
        return None
    data = json.loads(raw)
    return MatchResult(
        how=data["how"],
        reason=data["reason"],
        winners=tuple(data["winners"]),
        draw=data["draw"],
        ranks=None if data["ranks"] is None else tuple(data["ranks"]),
        scores=None if data["scores"] is None else tuple(data["scores"]),
        rating_changes=changes,
    )


def result_json(result: MatchResult) -> str:
    """A result as stored in `matches.result` (rating changes live in match_players)."""
    return json.dumps(
        {
            "how": result.how,
            "reason": result.reason,
            "winners": list(result.winners),
            "draw": result.draw,
            "ranks": None if result.ranks is None else list(result.ranks),
            "scores": None if result.scores is None else list(result.scores),
        }
    )


def _seat(row: Row) -> Seat:
    retired = row["retired"]
    return Seat(
        row["seat"],
        row["member_id"],
        row["join_index"],
        retired is not None,
        retired,
        row["left_at"],
        row["bot_level"],
    )


def _rating_change(row: Row, game: str) -> RatingChange:
    return RatingChange(
        row["member_id"],
        game,
        row["mu_before"],
        row["sigma_before"],
        row["mu_after"],
        row["sigma_after"],
        row["games_after"] or 0,
    )


def _match(row: Row, player_rows: Sequence[Row]) -> Match:
    game, status, current_seat = row["game"], row["status"], row["current_seat"]
    seats = tuple(_seat(player) for player in player_rows)
    changes = tuple(
        _rating_change(player, game) for player in player_rows if player["mu_after"] is not None
    )
    to_act = None
    if current_seat is not None and status == "active":
        to_act = seats[current_seat].member_id
    banks = row["banks"]
    return Match(
        id=row["id"],
        guild_id=row["guild_id"],
        origin_channel_id=row["origin_channel_id"],
        channel_id=row["channel_id"],
        game=game,
        game_title=game_title(game),
        options=json.loads(row["options"]),
        rules=rules_of(row),
        seats=seats,
        seed=row["seed"],
        status=status,
        ply=row["ply"],
        version=row["version"],
        turns=row["turns"],
        turn_ply=row["turn_ply"],
        current_seat=current_seat if status == "active" else None,
        to_act=to_act,
        turn_started_at=dt(row["turn_started_at"]),
        deadline=dt(row["deadline"]),
        paused_at=dt(row["paused_at"]),
        proposal=_proposal(row["proposal"], seats),
        created_at=at(row["created_at"]),
        ended_at=dt(row["ended_at"]),
        result=_result(row["result"], changes),
        snapshot=Snapshot(game, row["snapshot"]),
        _reminded=row["reminded"],
        buttons_message_id=row["buttons_message_id"],
        banks=tuple(json.loads(banks)) if banks else (),
        clock_zone=row["clock_zone"],
        returns_at=dt(row["returns_at"]),
    )


#: The columns of a match's players (`_seat`, `_rating_change`), with their match's id.
_PLAYER_COLUMNS = (
    "match_id, seat, member_id, join_index, retired, left_at, mu_before, sigma_before, "
    "mu_after, sigma_after, games_after, bot_level"
)


#: The SELECT of `fetch_match`.
_MATCH_BY_ID = (
    f"SELECT m.*, {_PLAYER_COLUMNS} FROM (SELECT {_MATCH_COLUMNS} FROM matches "
    "WHERE id = ?) AS m LEFT JOIN match_players ON match_players.match_id = m.id "
    "ORDER BY seat"
)


async def fetch_matches(conn: Connection, where: str, params: Sequence[Any]) -> list[Match]:
    """Matches selected by a WHERE clause (with ORDER/LIMIT if wanted), players included,
    in two round trips."""
    return await with_children(
        conn,
        f"SELECT {_MATCH_COLUMNS} FROM matches WHERE {where}",
        params,
        f"SELECT {_PLAYER_COLUMNS} FROM match_players WHERE match_id IN ({{ids}}) "
        "ORDER BY match_id, seat",
        "match_id",
        _match,
    )


async def fetch_match(conn: Connection, match_id: int) -> Match | None:
    """One match by id, or None, in one round trip (every action reads its match): the
    match's row joined to each of its players' (a row a player, the match's columns
    repeated; the players' columns empty for a match that has none)."""
    found = await rows(conn, _MATCH_BY_ID, (match_id,))
    if not found:
        return None
    return _match(found[0], [row for row in found if row["match_id"] is not None])


async def insert_match(
    conn: Connection,
    challenge: Challenge,
    seed: int,
    seat_of_join: Sequence[int],
    options: Mapping[str, Any],
    snapshot: str,
    now: datetime,
) -> int:
    """Insert a started match and its players (seat = seat_of_join[join index])."""
    match_id = await conn.insert(
        "INSERT INTO matches (guild_id, origin_channel_id, game, options, seed, players, "
        "clock_hours, auto_timeout, takebacks, rated, status, snapshot, created_at, "
        "clock_increment, clock_cap, weekend_pause) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?)",
        (
            challenge.guild_id,
            challenge.channel_id,
            challenge.game,
            json.dumps(options),
            seed,
            challenge.players,
            challenge.rules.clock_hours,
            int(challenge.rules.auto_timeout),
            int(challenge.rules.takebacks),
            int(challenge.rules.rated),
            snapshot,
            ts(now),
            challenge.rules.increment_hours,
            challenge.rules.cap_hours,
            int(challenge.rules.weekend_pause),
        ),
    )
    await conn.run_many(
        "INSERT INTO match_players (match_id, seat, member_id, join_index, bot_level) "
        "VALUES (?, ?, ?, ?, ?)",
        [
            (match_id, seat_of_join[j], member, j, level_of(member))
            for j, member in enumerate(challenge.joined)
        ],
    )
    return match_id


def match_saved(old: Match, new: Match, due: datetime | None, warn: datetime | None) -> Statement:
    """The statement that writes what the match rules decided (`new`) over the match read
    as `old`, with when its background work and its next warning are due (`due`, `warn`:
    `bot.store.clocks`) and whether a bot seat may owe something in it, bumping the
    version; run with others (`Connection.run_together`), the rows it changed go to
    `check_saved` (none: the match changed since `old` was read)."""
    return _update(
        old,
        status=new.status,
        ply=new.ply,
        turns=new.turns,
        turn_ply=new.turn_ply,
        current_seat=new.current_seat,
        turn_started_at=ts(new.turn_started_at),
        deadline=ts(new.deadline),
        paused_at=ts(new.paused_at),
        reminded=new._reminded,
        proposal=proposal_json(new.proposal),
        snapshot=new.snapshot.text,
        ended_at=ts(new.ended_at),
        result=None if new.result is None else result_json(new.result),
        banks=json.dumps(list(new.banks)) if new.banks else None,
        clock_zone=new.clock_zone,
        due_at=ts(due),
        warn_at=ts(warn),
        bot_owes=int(may_owe(new)),
    )


async def update_match(conn: Connection, match: Match, **columns: Any) -> None:
    """Write `columns` of the match and bump its version, refusing a stale `match`."""
    sql, params = _update(match, **columns)
    check_saved(await conn.run(sql, params))


def _update(match: Match, **columns: Any) -> Statement:
    """The UPDATE of `columns` of the match that bumps its version, changing no row when
    the match changed since it was read as `match`."""
    return _update_sql(tuple(columns)), (*columns.values(), match.id, match.version)


@functools.cache
def _update_sql(names: tuple[str, ...]) -> str:
    """The text of the UPDATE of the columns `names` of a match that bumps its version,
    built once for each set of columns the code writes (a move writes the same ones each
    time): its parameters are the columns' values, then the match's id and version."""
    sets = "".join(f"{name} = ?, " for name in names)
    return f"UPDATE matches SET {sets}version = version + 1 WHERE id = ? AND version = ?"


def check_saved(changed: int) -> None:
    """PositionChanged unless the version-checked UPDATE of a match changed its row."""
    if changed != 1:
        raise PositionChanged(Message("match.changed_meanwhile"))


async def active_match_count(conn: Connection, member_id: int) -> int:
    """How many active matches the member plays in (seats they left not counted)."""
    count = await value(
        conn,
        "SELECT COUNT(*) AS value FROM match_players p JOIN matches m ON m.id = p.match_id "
        f"WHERE p.member_id = ? AND m.status = 'active' AND p.retired IS NULL AND {PRESENT}",
        (member_id,),
    )
    return int(count)


async def played_other_match(conn: Connection, member_id: int, game: str, match_id: int) -> bool:
    """Whether the member has a seat in a match of `game` other than `match_id` (active or
    ended, in any server)."""
    found = await value(
        conn,
        "SELECT COUNT(*) AS value FROM match_players p JOIN matches m ON m.id = p.match_id "
        "WHERE p.member_id = ? AND m.game = ? AND m.id != ?",
        (member_id, game, match_id),
    )
    return int(found) > 0


async def retire_seat(
    conn: Connection, match_id: int, seat: int, reason: str, log_index: int
) -> None:
    """Mark a seat as having left the match."""
    await conn.run(
        "UPDATE match_players SET retired = ?, left_at = ? WHERE match_id = ? AND seat = ?",
        (reason, log_index, match_id, seat),
    )


async def store_rating_changes(
    conn: Connection, match_id: int, changes: Sequence[RatingChange]
) -> None:
    """Record each seat's rating before and after the match (`changes` in seat order), in
    one round trip."""
    await conn.run_many(
        "UPDATE match_players SET mu_before = ?, sigma_before = ?, mu_after = ?, "
        "sigma_after = ?, games_after = ? WHERE match_id = ? AND seat = ?",
        [
            (
                change.mu_before,
                change.sigma_before,
                change.mu_after,
                change.sigma_after,
                change.games_after,
                match_id,
                seat,
            )
            for seat, change in enumerate(changes)
        ],
    )


async def set_buttons_message(conn: Connection, match_id: int, message_id: int | None) -> None:
    """Remember the message whose buttons act in the match now (None: no such message)."""
    await conn.run("UPDATE matches SET buttons_message_id = ? WHERE id = ?", (message_id, match_id))


async def set_channel(conn: Connection, match_id: int, channel_id: int | None) -> None:
    """Bind a match to its thread or channel (None: it has none; it is played by number)."""
    await conn.run(
        "UPDATE matches SET channel_id = ?, buttons_message_id = NULL WHERE id = ?",
        (channel_id, match_id),
    )


async def living_in(conn: Connection, channel_id: int) -> list[Match]:
    """Active matches whose thread is `channel_id`, or that were challenged in it."""
    return await fetch_matches(
        conn,
        "status = 'active' AND (channel_id = ? OR origin_channel_id = ?) ORDER BY id",
        (channel_id, channel_id),
    )


async def in_channel(conn: Connection, channel_id: int, *, finished: bool = False) -> Match | None:
    """The active match living in a thread or channel; with `finished`, else the one
    started there last (None when no match was ever played there)."""
    where = "channel_id = ? AND status = 'active'"
    if finished:
        where = "channel_id = ? ORDER BY status = 'active' DESC, id DESC LIMIT 1"
    found = await fetch_matches(conn, where, (channel_id,))
    return found[0] if found else None


async def active_in_guild(conn: Connection, guild_id: int, limit: int) -> list[Match]:
    """A server's active matches, newest first, at most `limit`."""
    return await fetch_matches(
        conn, "guild_id = ? AND status = 'active' ORDER BY id DESC LIMIT ?", (guild_id, limit)
    )


async def active_of(conn: Connection, member_id: int) -> list[Match]:
    """The active matches a member still plays in."""
    return await fetch_matches(
        conn,
        "status = 'active' AND id IN (SELECT match_id FROM match_players "
        "WHERE member_id = ? AND retired IS NULL)",
        (member_id,),
    )


async def ended(
    conn: Connection,
    *,
    member_id: int | None,
    guild_id: int | None,
    game: str | None,
    limit: int,
) -> list[Match]:
    """Ended matches (finished, aborted, cancelled), newest first, filtered as given."""
    where = ["status != 'active'"]
    params: list[Any] = []
    if member_id is not None:
        where.append("id IN (SELECT match_id FROM match_players WHERE member_id = ?)")
        params.append(member_id)
    if guild_id is not None:
        where.append("guild_id = ?")
        params.append(guild_id)
    if game is not None:
        where.append("game = ?")
        params.append(game)
    clause = " AND ".join(where) + " ORDER BY ended_at DESC, id DESC LIMIT ?"
    return await fetch_matches(conn, clause, [*params, limit])


# --- the move log ------------------------------------------------------------------------


async def append_log(
    conn: Connection,
    match_id: int,
    entries: Sequence[tuple[int, str, str, bool]],
    now: datetime,
) -> int:
    """Append (seat, kind, notation, sealed) entries to the match's log, each numbered
    after the last in the statement that inserts it; the index of the last."""
    last = -1
    for entry in entries:
        sql, params = log_line(match_id, entry, now)
        last = await value(conn, f"{sql} RETURNING idx AS value", params)
    return int(last)


def log_line(match_id: int, entry: tuple[int, str, str, bool], now: datetime) -> Statement:
    """The INSERT of one (seat, kind, notation, sealed) entry after the last of the match's
    log, to run with others (`Connection.run_together`) when it is the action's only one."""
    seat, kind, notation, sealed = entry
    return (
        "INSERT INTO moves (match_id, idx, seat, kind, notation, at, sealed) "
        "SELECT ?, COALESCE(MAX(idx), -1) + 1, ?, ?, ?, ?, ? FROM moves WHERE match_id = ?",
        (match_id, seat, kind, notation, ts(now), int(sealed), match_id),
    )


async def fetch_log(conn: Connection, match: Match) -> tuple[LogEntry, ...]:
    """The match's whole log in order."""
    found = await rows(
        conn,
        "SELECT idx, seat, kind, notation, at, sealed FROM moves WHERE match_id = ? ORDER BY idx",
        (match.id,),
    )
    return tuple(
        LogEntry(
            row["idx"],
            row["seat"],
            match.seats[row["seat"]].member_id,
            row["kind"],
            row["notation"],
            at(row["at"]),
            bool(row["sealed"]),
        )
        for row in found
    )


# --- boards shown --------------------------------------------------------------------

#: Boards remembered per match (older ones are forgotten: only the latest few matter).
BOARDS_KEPT = 20


async def record_board(conn: Connection, match_id: int, message_id: int, ply: int) -> None:
    """Remember that message `message_id` showed the match's position at `ply`."""
    await conn.run(
        "INSERT INTO boards (match_id, message_id, ply) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id, message_id) DO UPDATE SET ply = excluded.ply",
        (match_id, message_id, ply),
    )
    await conn.run(
        "DELETE FROM boards WHERE match_id = ? AND message_id NOT IN (SELECT message_id "
        "FROM boards WHERE match_id = ? ORDER BY message_id DESC LIMIT ?)",
        (match_id, match_id, BOARDS_KEPT),
    )


async def latest_board(conn: Connection, match_id: int) -> int | None:
    """The message id of the match's latest board remembered (None: none)."""
    row = await one(
        conn,
        "SELECT message_id FROM boards WHERE match_id = ? ORDER BY message_id DESC LIMIT 1",
        (match_id,),
    )
    return None if row is None else int(row["message_id"])


async def ply_shown_before(conn: Connection, match_id: int, before_id: int) -> int | None:
    """The ply of the last board of the match posted before id `before_id` (ids grow with
    time, as Discord's do), or None when none is remembered."""
    row = await one(
        conn,
        "SELECT ply FROM boards WHERE match_id = ? AND message_id < ? "
        "ORDER BY message_id DESC LIMIT 1",
        (match_id, before_id),
    )
    return None if row is None else int(row["ply"])
