"""Settings, read from the environment (and a `.env` file beside the project)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

from bot.match.records import MAX_CLOCK_HOURS

PROJECT_ROOT = Path(__file__).resolve().parent.parent
README_SECTION = "README.md, section 'Setting up the Discord application'"
#: The values LOG_LEVEL may take, least to most severe.
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


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


def _log_level() -> str:
    """LOG_LEVEL (INFO when unset), refused unless it is one of LOG_LEVELS."""
    raw = os.environ.get("LOG_LEVEL", "").strip()
    level = raw.upper() or "INFO"
    if level not in LOG_LEVELS:
        allowed = ", ".join(LOG_LEVELS[:-1]) + f" or {LOG_LEVELS[-1]}"
        raise ConfigError(f"LOG_LEVEL must be {allowed}, not {raw!r}; fix it in .env.")
    return level


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
            vacation_days_per_year=_int("VACATION_DAYS_PER_YEAR", 30, maximum=366),
            reminder_check_seconds=_int("REMINDER_CHECK_SECONDS", 60, minimum=1, maximum=3600),
            challenge_cooldown_minutes=_int("CHALLENGE_COOLDOWN_MINUTES", 10, maximum=10_080),
        )

    def require_token(self) -> str:
        """The Discord token, or a ConfigError naming DISCORD_TOKEN and the README section."""
        if not self.discord_token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token "
                f"there; {README_SECTION} explains how to get one."
            )
        return self.discord_token
