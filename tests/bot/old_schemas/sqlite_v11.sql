-- SQLite's migrations 1 to 11 as Shiftcord ran them before SQLite's and PostgreSQL's
-- migrations were one list (bot/store/migrations.py); each version after its heading.

-- version 1

CREATE TABLE members (
        member_id INTEGER PRIMARY KEY,
        reminders INTEGER NOT NULL DEFAULT 1
    );

CREATE TABLE vacations (
        member_id INTEGER NOT NULL,
        started_at REAL NOT NULL,
        ends_at REAL NOT NULL,
        closed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (member_id, started_at)
    ) WITHOUT ROWID;

CREATE INDEX vacations_open ON vacations (ends_at) WHERE closed = 0;

CREATE TABLE guilds (
        guild_id INTEGER PRIMARY KEY,
        clock_hours INTEGER,
        challenge_channel_id INTEGER
    );

CREATE TABLE matches (
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
    );

CREATE UNIQUE INDEX matches_channel ON matches (channel_id)
        WHERE status = 'active' AND channel_id IS NOT NULL;

CREATE INDEX matches_clock ON matches (deadline) WHERE status = 'active';

CREATE INDEX matches_ended ON matches (guild_id, ended_at) WHERE status != 'active';

CREATE TABLE match_players (
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
    ) WITHOUT ROWID;

CREATE INDEX match_players_member ON match_players (member_id, match_id);

CREATE TABLE moves (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        notation TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (match_id, idx)
    ) WITHOUT ROWID;

CREATE TRIGGER moves_append_only_update BEFORE UPDATE ON moves
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;

CREATE TRIGGER moves_append_only_delete BEFORE DELETE ON moves
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;

CREATE TABLE challenges (
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
    );

CREATE INDEX challenges_pending ON challenges (expires_at) WHERE status = 'pending';

CREATE TABLE challenge_members (
        challenge_id INTEGER NOT NULL REFERENCES challenges (id),
        member_id INTEGER NOT NULL,
        invited INTEGER NOT NULL,
        join_index INTEGER,
        PRIMARY KEY (challenge_id, member_id)
    ) WITHOUT ROWID;

CREATE INDEX challenge_members_member ON challenge_members (member_id);

CREATE TABLE ratings (
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
    ) WITHOUT ROWID;

-- version 2

ALTER TABLE guilds ADD COLUMN picture_theme TEXT;

ALTER TABLE members ADD COLUMN picture_theme TEXT;

CREATE INDEX matches_by_channel ON matches (channel_id, id) WHERE channel_id IS NOT NULL;

-- version 3

ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;

ALTER TABLE matches ADD COLUMN turns INTEGER NOT NULL DEFAULT 0;

ALTER TABLE matches ADD COLUMN turn_ply INTEGER NOT NULL DEFAULT 0;

UPDATE matches SET turns = ply, turn_ply = ply;

ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;

ALTER TABLE moves ADD COLUMN sealed INTEGER NOT NULL DEFAULT 0;

ALTER TABLE match_players ADD COLUMN games_after INTEGER;

-- version 4

CREATE TABLE boards (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        message_id INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        PRIMARY KEY (match_id, message_id)
    ) WITHOUT ROWID;

CREATE TABLE member_blocks (
        member_id INTEGER NOT NULL,
        blocked_id INTEGER NOT NULL,
        PRIMARY KEY (member_id, blocked_id)
    ) WITHOUT ROWID;

ALTER TABLE guilds ADD COLUMN left_at REAL;

ALTER TABLE matches ADD COLUMN buttons_message_id INTEGER;

CREATE INDEX challenges_by_challenger ON challenges (challenger_id, created_at);

-- version 5

CREATE TABLE premoves (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id),
        member_id INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        if_move TEXT NOT NULL,
        then_move TEXT NOT NULL,
        answer_ply INTEGER NOT NULL,
        UNIQUE (match_id, member_id, if_move)
    );

-- version 6

ALTER TABLE challenges ADD COLUMN clock_increment INTEGER;

ALTER TABLE challenges ADD COLUMN clock_cap INTEGER;

ALTER TABLE matches ADD COLUMN clock_increment INTEGER;

ALTER TABLE matches ADD COLUMN clock_cap INTEGER;

ALTER TABLE matches ADD COLUMN banks TEXT;

-- version 7

ALTER TABLE members ADD COLUMN time_zone TEXT;

ALTER TABLE members ADD COLUMN notice_dm TEXT NOT NULL DEFAULT 'off';

ALTER TABLE members ADD COLUMN digest_hour INTEGER;

ALTER TABLE members ADD COLUMN quiet_start INTEGER;

ALTER TABLE members ADD COLUMN quiet_end INTEGER;

ALTER TABLE members ADD COLUMN digest_sent_on TEXT;

ALTER TABLE members ADD COLUMN dm_refused INTEGER NOT NULL DEFAULT 0;

CREATE TABLE held_notices (
        id INTEGER PRIMARY KEY,
        member_id INTEGER NOT NULL,
        match_id INTEGER NOT NULL,
        text TEXT NOT NULL,
        created_at REAL NOT NULL
    );

CREATE INDEX held_notices_member ON held_notices (member_id, id);

CREATE TABLE snoozes (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        member_id INTEGER NOT NULL,
        until REAL NOT NULL,
        PRIMARY KEY (match_id, member_id)
    ) WITHOUT ROWID;

-- version 8

ALTER TABLE challenges ADD COLUMN seat_order TEXT;

-- version 9

CREATE TABLE leagues (
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
    );

CREATE UNIQUE INDEX leagues_name ON leagues (guild_id, name);

CREATE TABLE league_entrants (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        member_id INTEGER NOT NULL,
        joined_at REAL NOT NULL,
        left_at REAL,
        PRIMARY KEY (league_id, member_id)
    ) WITHOUT ROWID;

CREATE TABLE league_rounds (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        number INTEGER NOT NULL,
        started_at REAL NOT NULL,
        deadline REAL NOT NULL,
        byes TEXT NOT NULL,
        PRIMARY KEY (league_id, number)
    ) WITHOUT ROWID;

CREATE TABLE league_pairings (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        round INTEGER NOT NULL,
        board INTEGER NOT NULL,
        seats TEXT NOT NULL,
        match_id INTEGER REFERENCES matches (id),
        places TEXT,
        forfeited TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (league_id, round, board)
    ) WITHOUT ROWID;

CREATE INDEX league_pairings_match ON league_pairings (match_id);

ALTER TABLE guilds ADD COLUMN league_role INTEGER;

-- version 10

ALTER TABLE match_players ADD COLUMN bot_level TEXT;

ALTER TABLE challenge_members ADD COLUMN bot_level TEXT;

CREATE INDEX match_players_bots ON match_players (match_id, seat) WHERE bot_level IS NOT NULL;

-- version 11

CREATE TABLE work_claims (
        kind TEXT NOT NULL,
        item TEXT NOT NULL,
        claimed_by TEXT NOT NULL,
        claimed_until REAL NOT NULL,
        done INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (kind, item)
    );

CREATE INDEX work_claims_until ON work_claims (claimed_until);
