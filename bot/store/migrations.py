"""The SQLite schema as numbered migrations, applied at start-up via PRAGMA user_version.

Migration N brings the schema from version N-1 to N. Each runs in its own transaction
(BEGIN IMMEDIATE ... COMMIT, with `user_version` set inside it), so a crash leaves the
database at a whole version. Never edit a released migration: append a new one.

PostgreSQL has the same schema (`bot.store.postgres_schema`: the schema of version 9 at
once, then the same later versions). A new version is added to both: `_V10` here and its
PostgreSQL twin there; tests/bot/test_store_schemas.py checks that the two agree.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import aiosqlite

_V1 = (
    """CREATE TABLE members (
        member_id INTEGER PRIMARY KEY,
        reminders INTEGER NOT NULL DEFAULT 1
    )""",
    """CREATE TABLE vacations (
        member_id INTEGER NOT NULL,
        started_at REAL NOT NULL,
        ends_at REAL NOT NULL,
        closed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (member_id, started_at)
    ) WITHOUT ROWID""",
    "CREATE INDEX vacations_open ON vacations (ends_at) WHERE closed = 0",
    """CREATE TABLE guilds (
        guild_id INTEGER PRIMARY KEY,
        clock_hours INTEGER,
        challenge_channel_id INTEGER
    )""",
    """CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        origin_channel_id INTEGER NOT NULL,
        channel_id INTEGER,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        players INTEGER NOT NULL,
        clock_hours INTEGER NOT NULL,
        auto_timeout INTEGER NOT NULL,
        takebacks INTEGER NOT NULL,
        status TEXT NOT NULL,
        ply INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL DEFAULT 0,
        current_seat INTEGER,
        turn_started_at REAL,
        deadline REAL,
        paused_at REAL,
        reminded INTEGER NOT NULL DEFAULT 0,
        proposal TEXT,
        snapshot TEXT NOT NULL,
        created_at REAL NOT NULL,
        ended_at REAL,
        result TEXT
    )""",
    """CREATE UNIQUE INDEX matches_channel ON matches (channel_id)
        WHERE status = 'active' AND channel_id IS NOT NULL""",
    "CREATE INDEX matches_clock ON matches (deadline) WHERE status = 'active'",
    "CREATE INDEX matches_ended ON matches (guild_id, ended_at) WHERE status != 'active'",
    """CREATE TABLE match_players (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        seat INTEGER NOT NULL,
        member_id INTEGER NOT NULL,
        join_index INTEGER NOT NULL,
        retired TEXT,
        left_at INTEGER,
        mu_before REAL,
        sigma_before REAL,
        mu_after REAL,
        sigma_after REAL,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID""",
    "CREATE INDEX match_players_member ON match_players (member_id, match_id)",
    """CREATE TABLE moves (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        notation TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (match_id, idx)
    ) WITHOUT ROWID""",
    """CREATE TRIGGER moves_append_only_update BEFORE UPDATE ON moves
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END""",
    """CREATE TRIGGER moves_append_only_delete BEFORE DELETE ON moves
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END""",
    """CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER,
        challenger_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        clock_hours INTEGER NOT NULL,
        auto_timeout INTEGER NOT NULL,
        takebacks INTEGER NOT NULL,
        status TEXT NOT NULL,
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        match_id INTEGER REFERENCES matches (id)
    )""",
    "CREATE INDEX challenges_pending ON challenges (expires_at) WHERE status = 'pending'",
    """CREATE TABLE challenge_members (
        challenge_id INTEGER NOT NULL REFERENCES challenges (id),
        member_id INTEGER NOT NULL,
        invited INTEGER NOT NULL,
        join_index INTEGER,
        PRIMARY KEY (challenge_id, member_id)
    ) WITHOUT ROWID""",
    "CREATE INDEX challenge_members_member ON challenge_members (member_id)",
    """CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        member_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game, member_id)
    ) WITHOUT ROWID""",
)

#: Version 2: picture themes (a server's default, a member's own; NULL: not chosen), and
#: matches found by their thread, finished ones included.
_V2 = (
    "ALTER TABLE guilds ADD COLUMN picture_theme TEXT",
    "ALTER TABLE members ADD COLUMN picture_theme TEXT",
    "CREATE INDEX matches_by_channel ON matches (channel_id, id) WHERE channel_id IS NOT NULL",
)

#: Version 3: the match engine for every kind of game. Casual matches (`rated`), turns of
#: several actions (`turns` completed, `turn_ply` where the current one began), moves that
#: revealed something (`sealed`: their player cannot take them back alone), and each
#: player's rated games after a match (for provisional ratings in results).
_V3 = (
    "ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1",
    "ALTER TABLE matches ADD COLUMN turns INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE matches ADD COLUMN turn_ply INTEGER NOT NULL DEFAULT 0",
    "UPDATE matches SET turns = ply, turn_ply = ply",
    "ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1",
    "ALTER TABLE moves ADD COLUMN sealed INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE match_players ADD COLUMN games_after INTEGER",
)

#: Version 4: matches that last on busy servers. The boards posted in a match's thread
#: (what position each message showed, so an action carries the position its player last
#: saw), members who refuse challenges (`blocked_id` 0: from everyone), servers the bot
#: was removed from (`left_at`: their matches wait), and the message whose buttons answer
#: the pending proposal (to disable them once it is settled).
_V4 = (
    """CREATE TABLE boards (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        message_id INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        PRIMARY KEY (match_id, message_id)
    ) WITHOUT ROWID""",
    """CREATE TABLE member_blocks (
        member_id INTEGER NOT NULL,
        blocked_id INTEGER NOT NULL,
        PRIMARY KEY (member_id, blocked_id)
    ) WITHOUT ROWID""",
    "ALTER TABLE guilds ADD COLUMN left_at REAL",
    "ALTER TABLE matches ADD COLUMN buttons_message_id INTEGER",
    "CREATE INDEX challenges_by_challenger ON challenges (challenger_id, created_at)",
)

#: Version 5: conditional premoves, private to their owner until played: at position
#: `ply`, if the opponent plays `if_move`, the owner plays `then_move` (checked at
#: `answer_ply`). All of a match's are dropped by the next change of its position.
_V5 = (
    """CREATE TABLE premoves (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id),
        member_id INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        if_move TEXT NOT NULL,
        then_move TEXT NOT NULL,
        answer_ply INTEGER NOT NULL,
        UNIQUE (match_id, member_id, if_move)
    )""",
)

#: Version 6: time-bank clocks. `clock_increment` (NULL: a fixed time per turn) and
#: `clock_cap` (NULL: 30 days) on challenges and matches, with `clock_hours` the bank each
#: seat starts with; `matches.banks` is a JSON list of each seat's bank in seconds (NULL
#: without a bank; for the seat to act, the bank its turn began with).
_V6 = (
    "ALTER TABLE challenges ADD COLUMN clock_increment INTEGER",
    "ALTER TABLE challenges ADD COLUMN clock_cap INTEGER",
    "ALTER TABLE matches ADD COLUMN clock_increment INTEGER",
    "ALTER TABLE matches ADD COLUMN clock_cap INTEGER",
    "ALTER TABLE matches ADD COLUMN banks TEXT",
)

#: Version 7: notices.
#: A member's time zone, turn notices by direct message (`notice_dm`: off, also,
#: instead), daily digest hour and quiet hours (local hours, NULL: none), the local date
#: of the last digest, and whether their DMs were refused (`dm_refused`: 1 not yet told,
#: 2 told). Notices held back during quiet hours (`held_notices`), and matches whose
#: reminders a member snoozed until `until`.
_V7 = (
    "ALTER TABLE members ADD COLUMN time_zone TEXT",
    "ALTER TABLE members ADD COLUMN notice_dm TEXT NOT NULL DEFAULT 'off'",
    "ALTER TABLE members ADD COLUMN digest_hour INTEGER",
    "ALTER TABLE members ADD COLUMN quiet_start INTEGER",
    "ALTER TABLE members ADD COLUMN quiet_end INTEGER",
    "ALTER TABLE members ADD COLUMN digest_sent_on TEXT",
    "ALTER TABLE members ADD COLUMN dm_refused INTEGER NOT NULL DEFAULT 0",
    """CREATE TABLE held_notices (
        id INTEGER PRIMARY KEY,
        member_id INTEGER NOT NULL,
        match_id INTEGER NOT NULL,
        text TEXT NOT NULL,
        created_at REAL NOT NULL
    )""",
    "CREATE INDEX held_notices_member ON held_notices (member_id, id)",
    """CREATE TABLE snoozes (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        member_id INTEGER NOT NULL,
        until REAL NOT NULL,
        PRIMARY KEY (match_id, member_id)
    ) WITHOUT ROWID""",
)

#: Version 8: a challenge may fix who sits where (`seat_order`, a JSON list of member ids
#: in seat order; NULL: a random first player, then join order), as a rematch does.
_V8 = ("ALTER TABLE challenges ADD COLUMN seat_order TEXT",)

#: Version 9: server leagues. A league (`format`: round robin, double round robin or
#: swiss; `status`: signup, running or over; `adjudication`: draw or clock) posts in
#: `channel_id`; its entrants (`left_at` set once they leave), its rounds (started, their
#: deadline, byes as a JSON list) and its pairings: seats as a JSON list of member ids in
#: seat order, the match that plays it (NULL: decided by forfeit) and, once known, each
#: seat's place and who forfeited (JSON lists). `league_role` is the role whose members
#: may create leagues besides the server's admins.
_V9 = (
    """CREATE TABLE leagues (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        clock_hours INTEGER NOT NULL,
        format TEXT NOT NULL,
        seats INTEGER NOT NULL,
        swiss_rounds INTEGER NOT NULL,
        signup_ends REAL NOT NULL,
        status TEXT NOT NULL,
        adjudication TEXT NOT NULL,
        round_days INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        created_by INTEGER NOT NULL,
        created_at REAL NOT NULL,
        started_at REAL
    )""",
    "CREATE UNIQUE INDEX leagues_name ON leagues (guild_id, name)",
    """CREATE TABLE league_entrants (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        member_id INTEGER NOT NULL,
        joined_at REAL NOT NULL,
        left_at REAL,
        PRIMARY KEY (league_id, member_id)
    ) WITHOUT ROWID""",
    """CREATE TABLE league_rounds (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        number INTEGER NOT NULL,
        started_at REAL NOT NULL,
        deadline REAL NOT NULL,
        byes TEXT NOT NULL,
        PRIMARY KEY (league_id, number)
    ) WITHOUT ROWID""",
    """CREATE TABLE league_pairings (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        round INTEGER NOT NULL,
        board INTEGER NOT NULL,
        seats TEXT NOT NULL,
        match_id INTEGER REFERENCES matches (id),
        places TEXT,
        forfeited TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (league_id, round, board)
    ) WITHOUT ROWID""",
    "CREATE INDEX league_pairings_match ON league_pairings (match_id)",
    "ALTER TABLE guilds ADD COLUMN league_role INTEGER",
)

#: Version 10: the bot as a player. A seat (or a challenge's seat) the bot plays has its
#: level in `bot_level` ('easy', 'medium' or 'hard'; NULL for a person) and a member id
#: below zero of its own (see `bot.match.bots`); matches where a bot seat is to act are
#: found at start-up, so a move the bot owed when the process stopped is made then.
_V10 = (
    "ALTER TABLE match_players ADD COLUMN bot_level TEXT",
    "ALTER TABLE challenge_members ADD COLUMN bot_level TEXT",
    "CREATE INDEX match_players_bots ON match_players (match_id, seat) WHERE bot_level IS NOT NULL",
)

#: Version 11: several processes on one database. Background work each process claims
#: before doing it (`bot.store.claims`): `kind` and `item` name the work, `claimed_by` the
#: process, `claimed_until` when its lease ends, `done` once it was done.
_V11 = (
    """CREATE TABLE work_claims (
        kind TEXT NOT NULL,
        item TEXT NOT NULL,
        claimed_by TEXT NOT NULL,
        claimed_until REAL NOT NULL,
        done INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (kind, item)
    )""",
    "CREATE INDEX work_claims_until ON work_claims (claimed_until)",
)

#: Version 12: every match action counts once. Each action applied is recorded under the
#: unique id of its request (a Discord interaction, a console command, a bot's duty, a
#: clock's timeout: `bot.store.requests`), in the action's own transaction, with the
#: events it had, so that a request seen again is answered with what it did.
_V12 = (
    """CREATE TABLE match_requests (
        request_id TEXT PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id),
        member_id INTEGER,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        made_at REAL NOT NULL
    )""",
)

#: MIGRATIONS[n - 1] brings the schema to version n.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    _V1,
    _V2,
    _V3,
    _V4,
    _V5,
    _V6,
    _V7,
    _V8,
    _V9,
    _V10,
    _V11,
    _V12,
)

LATEST = len(MIGRATIONS)


class DatabaseTooNew(RuntimeError):
    """The database was written by a newer Shiftcord; this one refuses to touch it."""


async def schema_version(conn: aiosqlite.Connection) -> int:
    """The database's schema version (PRAGMA user_version; 0 for a new file)."""
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


def check_known(version: int, name: str, elsewhere: str) -> int:
    """`version`, or DatabaseTooNew (naming `name`, and `elsewhere` to use instead) when
    this code is older than the database."""
    if version > LATEST:
        raise DatabaseTooNew(
            f"{name} has schema version {version}, but this Shiftcord only knows "
            f"versions up to {LATEST}: it was written by a newer Shiftcord. Update "
            f"Shiftcord (git pull) or {elsewhere}."
        )
    return version


async def known_version(conn: aiosqlite.Connection, name: str = "The database") -> int:
    """The schema version, or DatabaseTooNew (naming `name`) when this code is older."""
    return check_known(await schema_version(conn), name, "point DATABASE_PATH at another file")


async def migrate(
    conn: aiosqlite.Connection,
    name: str = "The database",
    before: Callable[[int], Awaitable[object]] | None = None,
) -> int:
    """Apply every pending migration, each in its own transaction; return the version.

    `conn` must be in autocommit mode (isolation_level None). A database whose version is
    newer than this code knows raises DatabaseTooNew naming `name`. When there is something
    to migrate in a database that is not new (version 0), `before(version)` runs first (the
    store backs the database up there; if it raises, nothing is migrated).
    """
    version = await known_version(conn, name)
    if before is not None and 0 < version < LATEST:
        await before(version)
    while True:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            version = await known_version(conn, name)
            if version == LATEST:
                await conn.execute("COMMIT")
                return version
            for statement in MIGRATIONS[version]:
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version = {version + 1}")
            await conn.execute("COMMIT")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
