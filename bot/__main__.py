"""`python -m bot`: run Shiftcord, upload its commands, back up its database, or play locally.

python -m bot                      run the bot (reads .env; needs DISCORD_TOKEN)
python -m bot sync [--guild ID]    upload the slash commands (globally, or to one server)
python -m bot sync --print         print the command payload instead (no token needed)
python -m bot backup PATH          write a consistent copy of the database to PATH
python -m bot restore FILE [--force]  put a backup in place of the database (bot stopped)
python -m bot migrate-to-postgres URL  copy the SQLite database into an empty PostgreSQL one
python -m bot local                play in a console through the same match service
python -m bot --version            print the installed version
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import TOKEN_SECTION, ConfigError, Settings
from bot.logs import setup_logging
from bot.presentation.language import LANGUAGES
from bot.store import DatabaseTooNew, StoreError
from bot.version import shiftcord_version

if TYPE_CHECKING:
    import discord

log = logging.getLogger("shiftcord")


class CannotConnect(RuntimeError):
    """Discord refused the bot or cannot be reached; the message says what to do and
    `status` is the exit status (2: fix a setting, 1: try again later)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def parser() -> argparse.ArgumentParser:
    """The command line: no subcommand runs the bot."""
    top = argparse.ArgumentParser(prog="python -m bot", description="Shiftcord, the Discord bot.")
    top.add_argument("--version", action="version", version=f"Shiftcord {shiftcord_version()}")
    sub = top.add_subparsers(
        dest="command", metavar="{sync,backup,restore,migrate-to-postgres,local}"
    )
    sync = sub.add_parser("sync", help="upload the slash commands to Discord")
    sync.add_argument("--guild", type=int, help="upload to this server only (shows at once)")
    sync.add_argument(
        "--print",
        action="store_true",
        dest="print_only",
        help="print the JSON that would be uploaded instead (no token needed)",
    )
    backup = sub.add_parser("backup", help="copy the database safely, even while the bot runs")
    backup.add_argument("path", type=Path, help="the file to write")
    restore = sub.add_parser(
        "restore", help="put a backup in place of the database (stop the bot first)"
    )
    restore.add_argument("path", type=caller_path, help="the backup file to restore")
    restore.add_argument(
        "--force",
        action="store_true",
        help="replace the existing database (a copy of it is kept beside it)",
    )
    to_postgres = sub.add_parser(
        "migrate-to-postgres",
        help="copy the SQLite database (DATABASE_PATH) into an empty PostgreSQL database",
    )
    to_postgres.add_argument("url", help="the PostgreSQL database: postgresql://user:pw@host/db")
    local = sub.add_parser("local", help="play in this console, without Discord")
    local.add_argument(
        "--database",
        type=caller_path,
        help="the console's own database (default: data/local.sqlite3)",
    )
    local.add_argument(
        "--pictures",
        type=caller_path,
        help="where board pictures are written (default: data/pictures)",
    )
    local.add_argument(
        "--language",
        choices=LANGUAGES,
        help="the language the console speaks (default: LC_ALL, LC_MESSAGES or LANG's, "
        "else en); what you type is the same in every language",
    )
    local.add_argument(
        "--no-alt-text",
        dest="alt_text",
        action="store_false",
        help="write no alt text after each picture (settings alttext turns it back on)",
    )
    local.add_argument(
        "--web",
        nargs="?",
        const=0,
        type=int,
        metavar="PORT",
        help="also serve the web board on 127.0.0.1 (on PORT, default a free one) and print "
        "a one-time link to it",
    )
    return top


def caller_path(text: str) -> Path:
    """A path given on the command line; a relative one is taken from the folder the
    command was run in (`scripts/bot` moves to the project folder first, so it passes that
    folder as SHIFTCORD_CALLER_DIR)."""
    return Path(os.environ.get("SHIFTCORD_CALLER_DIR") or Path.cwd()) / Path(text).expanduser()


def main(argv: list[str] | None = None) -> int:
    """Run the command given on the command line; returns the exit status."""
    args = parser().parse_args(argv)
    try:
        settings = Settings.from_env()
        if args.command == "backup":
            return asyncio.run(_backup(settings, args.path))
        if args.command == "restore":
            return asyncio.run(_restore(settings, args.path, args.force))
        if args.command == "migrate-to-postgres":
            return asyncio.run(_migrate_to_postgres(settings, args.url))
        if args.command == "local":
            from bot.console import run_console

            return asyncio.run(
                run_console(
                    settings,
                    args.database,
                    args.pictures,
                    language=args.language,
                    alt_text=args.alt_text,
                    web=args.web,
                )
            )
        if args.command == "sync" and args.print_only:
            from bot.discord.client import built_payload

            print(json.dumps(asyncio.run(built_payload(settings)), indent=2, sort_keys=True))
            return 0
        if args.command is None and not settings.discord_token:
            return _without_token(settings)
        token = settings.require_token()
        setup_logging(settings.log_level, secrets=(token,))
        if args.command == "sync":
            return asyncio.run(_sync(settings, token, args.guild))
        return asyncio.run(_run(settings, token))
    except ConfigError as error:
        print(f"shiftcord: {error}", file=sys.stderr)
        return 2
    except (DatabaseTooNew, StoreError) as error:  # a newer or unusable database file
        print(f"shiftcord: {error}", file=sys.stderr)
        return 1
    except CannotConnect as error:
        print(f"shiftcord: {error}", file=sys.stderr)
        return error.status
    except KeyboardInterrupt:
        return 130


#: How a newcomer without a token plays at once (`./scripts/bot` passes its arguments on).
CONSOLE_COMMAND = "./scripts/bot local"


def _without_token(settings: Settings) -> int:
    """Running the bot without DISCORD_TOKEN: say so in one line, with how to get one and
    how to play in the terminal meanwhile; at a terminal, start that console with a match
    against the bot ready to play, else (a service) stop."""
    here = sys.stdin.isatty() and sys.stdout.isatty()
    meanwhile = "Meanwhile, play here against the bot" if here else "To play without Discord, run"
    print(
        f"shiftcord: DISCORD_TOKEN is not set, so the bot cannot join Discord "
        f"({TOKEN_SECTION} says how to get a token). {meanwhile}: {CONSOLE_COMMAND}.",
        file=sys.stderr,
    )
    if not here:
        return 2
    from bot.console import run_console

    return asyncio.run(run_console(settings, ready=True))


async def _connecting(step: Awaitable[None]) -> None:
    """Await `step` (logging in, or the whole run), turning Discord's refusal of the token
    and a Discord that cannot be reached into CannotConnect, one line saying what to do."""
    import aiohttp
    import discord

    try:
        await step
    except discord.LoginFailure as error:
        raise CannotConnect(
            "Discord refused the token. Check DISCORD_TOKEN in .env (copy the token again, "
            f"or reset it); {TOKEN_SECTION} explains where to find it.",
            2,
        ) from error
    except (
        OSError,  # no network, no name server, refused or timed-out connections
        aiohttp.ClientError,
        discord.GatewayNotFound,
        discord.DiscordServerError,
    ) as error:
        raise CannotConnect(
            f"Discord cannot be reached ({error}). Check this machine's network connection "
            "(and any firewall or proxy), then start the bot again.",
            1,
        ) from error


async def _run(settings: Settings, token: str) -> int:
    from bot.discord.client import ShiftcordClient
    from bot.service import MatchService

    service = await MatchService.open(settings)
    try:
        async with ShiftcordClient(settings, service) as bot:
            _close_on_sigterm(bot)
            log.info("starting; %s", service.store.name)
            await _connecting(bot.start(token))
    finally:
        await service.close()
    return 0


def _close_on_sigterm(bot: discord.Client) -> None:
    """Let a service manager's stop (SIGTERM) close the bot cleanly, as Ctrl-C does: the
    reminder task ends and postings under way are finished first."""

    loop, stopping = asyncio.get_running_loop(), []

    def stop() -> None:
        log.info("stopping (SIGTERM)")
        stopping.append(loop.create_task(bot.close(), name="shiftcord-stop"))

    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        loop.add_signal_handler(signal.SIGTERM, stop)


async def _sync(settings: Settings, token: str, guild: int | None) -> int:
    from bot.discord.client import ShiftcordClient, upload_commands

    async with ShiftcordClient(settings, None, background=False) as bot:
        await _connecting(bot.login(token))
        uploaded = await upload_commands(bot, guild)
    where = f"to server {guild}" if guild else "globally (Discord may take a while to show them)"
    print(f"Uploaded {len(uploaded)} commands {where}.")
    return 0


#: What `backup` and `restore` say when the bot uses PostgreSQL (docs/admins.md, section
#: 'Using PostgreSQL', shows the same commands).
POSTGRES_BACKUP = (
    "The bot keeps its data in PostgreSQL (DATABASE_URL), so back it up with PostgreSQL's "
    "own tool, even while the bot runs: "
    'pg_dump --format=custom --file=shiftcord.dump "$DATABASE_URL"'
)
POSTGRES_RESTORE = (
    "The bot keeps its data in PostgreSQL (DATABASE_URL), so restore a pg_dump backup with "
    "PostgreSQL's own tool, the bot stopped, into an empty database: pg_restore --no-owner "
    '--dbname "$DATABASE_URL" shiftcord.dump'
)


async def _backup(settings: Settings, path: Path) -> int:
    from bot.store import backup

    if settings.database_url:
        raise StoreError(f"{POSTGRES_BACKUP} (docs/admins.md, section 'Using PostgreSQL').")
    written = await backup(settings, path)
    print(f"Backed up {settings.database_path} to {written}.")
    return 0


async def _restore(settings: Settings, path: Path, force: bool) -> int:
    from bot.store import restore

    if settings.database_url:
        raise StoreError(f"{POSTGRES_RESTORE} (docs/admins.md, section 'Using PostgreSQL').")
    kept = await restore(path, settings.database_path, force=force)
    if kept is not None:
        print(f"Kept the database it replaced as {kept}.")
    print(f"Restored {path} to {settings.database_path}; start the bot to use it.")
    return 0


async def _migrate_to_postgres(settings: Settings, url: str) -> int:
    from bot.store.postgres import describe
    from bot.store.to_postgres import copy_to_postgres

    if not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(f"{url!r} is not a PostgreSQL address (postgresql://user:pw@host/db).")
    if not settings.database_path.exists():
        raise StoreError(f"There is no database at {settings.database_path} to copy.")
    copied = await copy_to_postgres(settings.database_path, url)
    print(f"Copied {settings.database_path}. {describe(url)} now holds:")
    for table, count in copied.rows.items():
        print(f"  {count:>9} {table}")
    print(f"Every match replays to its stored position ({copied.replayed} checked).")
    if copied.unknown_games:
        print(f"{copied.unknown_games} matches of games this Shiftcord does not know were not.")
    print("To use it, set DATABASE_URL to its address in .env and start the bot.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
