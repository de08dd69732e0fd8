"""Settings, read from the environment (and a `.env` file beside the project)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dotenv import load_dotenv

from bot.match.records import MAX_CLOCK_HOURS

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TOKEN_SECTION = "docs/admins.md, section 'Setting up the Discord application'"
#: The values LOG_LEVEL may take, least to most severe.
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: The most shards SHARD_COUNT may name (Discord's own limit is far above any one bot's).
MAX_SHARDS = 10_000
#: The most vacation days a year a member may be allowed (the bot's default or a server's).
MAX_VACATION_DAYS = 366


class ConfigError(RuntimeError):
    """A setting is missing or malformed; the message says which and where to look."""


def _int(name: str, default: int, minimum: int = 0, maximum: int = 10**6) -> int:
    """The whole-number setting `name` (default when unset), refused outside its range."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    value = int(raw) if raw.isdigit() and len(raw) <= 12 else None
    if value is None or not minimum <= value <= maximum:
        shown = raw if len(raw) <= 20 else raw[:20] + "…"
        raise ConfigError(
            f"{name} must be a whole number from {minimum} to {maximum}, not {shown!r}."
        )
    return value


def _switch(name: str) -> bool:
    """A setting that is on or off: on for 1, true, yes or on (any case); off unset."""
    raw = os.environ.get(name, "").strip().lower()
    if raw in ("", "0", "false", "no", "off"):
        return False
    if raw in ("1", "true", "yes", "on"):
        return True
    raise ConfigError(f"{name} must be on or off (1/0, true/false, yes/no), not {raw!r}.")


def _log_level() -> str:
    """LOG_LEVEL (INFO when unset), refused unless it is one of LOG_LEVELS."""
    raw = os.environ.get("LOG_LEVEL", "").strip()
    level = raw.upper() or "INFO"
    if level not in LOG_LEVELS:
        allowed = ", ".join(LOG_LEVELS[:-1]) + f" or {LOG_LEVELS[-1]}"
        raise ConfigError(f"LOG_LEVEL must be {allowed}, not {raw!r}; fix it in .env.")
    return level


def _shards() -> dict[str, Any]:
    """SHARD_COUNT and SHARD_IDS as `shard_count` and `shard_ids` (None when unset: the
    bot asks Discord how many shards to run and runs them all). The ids are a
    comma-separated list, each from 0 to SHARD_COUNT - 1, and need SHARD_COUNT."""
    count = _int("SHARD_COUNT", 0, minimum=1, maximum=MAX_SHARDS) or None
    raw = os.environ.get("SHARD_IDS", "").strip()
    if not raw:
        return {"shard_count": count, "shard_ids": None}
    if count is None:
        raise ConfigError(
            "SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the number of shards of all the "
            "bot's processes together, or leave both unset."
        )
    parts = [part.strip() for part in raw.split(",")]
    if not all(part.isdigit() and len(part) <= 6 for part in parts):
        shown = raw if len(raw) <= 40 else raw[:40] + "…"
        raise ConfigError(
            f"SHARD_IDS must be shard numbers separated by commas (like 0,1), not {shown!r}."
        )
    ids = sorted({int(part) for part in parts})
    if ids[-1] >= count:
        raise ConfigError(
            f"SHARD_IDS may only hold shards 0 to {count - 1} (SHARD_COUNT is {count}), "
            f"not {ids[-1]}."
        )
    return {"shard_count": count, "shard_ids": tuple(ids)}


def _database_url() -> str | None:
    """DATABASE_URL (None when unset), refused unless it names a PostgreSQL database."""
    raw = os.environ.get("DATABASE_URL", "").strip()
    if not raw:
        return None
    if not raw.startswith(("postgresql://", "postgres://")):
        raise ConfigError(
            "DATABASE_URL must be a PostgreSQL address (postgresql://user:password@host/"
            "database); leave it unset to keep the database in the SQLite file DATABASE_PATH."
        )
    return raw


def _web_url() -> str | None:
    """WEB_URL: the web board's public address (None when unset), http(s) only."""
    raw = os.environ.get("WEB_URL", "").strip()
    if not raw:
        return None
    if not raw.startswith(("https://", "http://")) or len(raw) > 200 or " " in raw:
        raise ConfigError(
            "WEB_URL must be the web board's public address, such as https://board.example.org/ "
            "(at most 200 characters); leave it unset to keep the web board off."
        )
    return raw if raw.endswith("/") else raw + "/"


@dataclass(frozen=True)
class Settings:
    """Every setting of the bot; `.env.example` documents each one."""

    discord_token: str
    database_path: Path
    log_level: str
    #: A PostgreSQL database (postgresql://...) used instead of the SQLite file, or None.
    database_url: str | None = None
    busy_timeout_ms: int = 5000
    challenge_expiry_days: int = 7
    max_pending_challenges: int = 5
    max_active_matches: int = 20
    default_clock_hours: int = 72
    reminder_after_hours: int = 24
    reminder_fraction_percent: int = 10
    vacation_days_per_year: int = 30
    reminder_check_seconds: int = 60
    challenge_cooldown_minutes: int = 10
    #: Worker processes in which the bot thinks (0: one fewer than the machine's cores).
    bot_workers: int = 0
    work_lease_seconds: int = 300
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: The web board (bot/web): its public address and the port it listens on; off
    #: unless both are set. `web_secret` signs its links (random each start when unset).
    web_url: str | None = None
    web_port: int = 0
    web_host: str = "127.0.0.1"
    web_secret: str = ""
    #: The application's OAuth2 client, for "Sign in with Discord" on the web board.
    discord_client_id: str = ""
    discord_client_secret: str = ""
    #: Whether Play, `/board` and the turn notice open the board as an Activity inside
    #: Discord (the admin enabled Activities for the application); off: the composer and
    #: the link, as before.
    activities: bool = False

    @classmethod
    def from_env(cls, env_file: Path | None = None) -> Settings:
        """Load `.env` (without overriding the real environment) and read the settings."""
        load_dotenv(env_file or PROJECT_ROOT / ".env", override=False)
        database = os.environ.get("DATABASE_PATH", "").strip()
        default_database = PROJECT_ROOT / "data" / "shiftcord.sqlite3"
        return cls(
            discord_token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database_path=Path(database) if database else default_database,
            log_level=_log_level(),
            database_url=_database_url(),
            busy_timeout_ms=_int("BUSY_TIMEOUT_MS", 5000, maximum=600_000),
            challenge_expiry_days=_int("CHALLENGE_EXPIRY_DAYS", 7, minimum=1, maximum=90),
            max_pending_challenges=_int("MAX_PENDING_CHALLENGES", 5, minimum=1, maximum=100),
            max_active_matches=_int("MAX_ACTIVE_MATCHES", 20, minimum=1, maximum=1000),
            default_clock_hours=_int("DEFAULT_CLOCK_HOURS", 72, maximum=MAX_CLOCK_HOURS),
            reminder_after_hours=_int("REMINDER_AFTER_HOURS", 24, maximum=MAX_CLOCK_HOURS),
            reminder_fraction_percent=_int("REMINDER_FRACTION_PERCENT", 10, maximum=99),
            vacation_days_per_year=_int("VACATION_DAYS_PER_YEAR", 30, maximum=MAX_VACATION_DAYS),
            reminder_check_seconds=_int("REMINDER_CHECK_SECONDS", 60, minimum=1, maximum=3600),
            challenge_cooldown_minutes=_int("CHALLENGE_COOLDOWN_MINUTES", 10, maximum=10_080),
            bot_workers=_int("BOT_WORKERS", 0, maximum=64),
            work_lease_seconds=_int("WORK_LEASE_SECONDS", 300, minimum=1, maximum=3600),
            web_url=_web_url(),
            web_port=_int("WEB_PORT", 0, maximum=65535),
            web_host=os.environ.get("WEB_HOST", "").strip() or "127.0.0.1",
            web_secret=os.environ.get("WEB_SECRET", "").strip(),
            discord_client_id=os.environ.get("DISCORD_CLIENT_ID", "").strip(),
            discord_client_secret=os.environ.get("DISCORD_CLIENT_SECRET", "").strip(),
            activities=_switch("ACTIVITIES"),
            **_shards(),
        )

    def runs_guild(self, guild_id: int) -> bool:
        """Whether this process runs the shard of server `guild_id`: always when SHARD_IDS
        is unset (it runs every shard), else as Discord assigns servers to shards."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    @property
    def web_on(self) -> bool:
        """Whether the web board is served (its address and port are both set)."""
        return self.web_url is not None and self.web_port > 0

    def require_token(self) -> str:
        """The Discord token, or a ConfigError naming DISCORD_TOKEN and where to get one."""
        if not self.discord_token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token "
                f"there; {TOKEN_SECTION} explains how to get one."
            )
        return self.discord_token
