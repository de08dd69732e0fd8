"""`python -m bot`: the missing-token message, sync --print, backup, running, and logs
that keep to one line per event and never show the token."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import signal
import sqlite3
from pathlib import Path

import discord
import pytest

from bot import __main__ as cli
from bot.discord.client import ShiftcordBot
from bot.logs import setup_logging
from bot.service import MatchService
from bot.store.migrations import LATEST
from tests.bot.discord_harness import settings_for

GOLDEN = Path(__file__).parent / "golden" / "commands.json"
TOKEN = "MTIzNDU2Nzg5.secret-token.value"


@pytest.fixture
def env(monkeypatch, tmp_path):
    """A clean environment: no token, the database in tmp_path, logging restored after."""
    monkeypatch.setenv("DISCORD_TOKEN", "")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "db.sqlite3"))
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield tmp_path
    root.handlers[:] = handlers
    root.setLevel(level)


def test_without_a_token_it_stops_with_a_clear_message(env, capsys):
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and "Setting up the Discord application" in err
    assert cli.main(["sync"]) == 2


def test_sync_print_writes_the_golden_payload_without_a_token(env, capsys):
    assert cli.main(["sync", "--print"]) == 0
    out = capsys.readouterr().out
    assert out == GOLDEN.read_text()
    assert "challenge" in [c["name"] for c in json.loads(out)]


def test_backup_copies_the_database(env, capsys):
    async def make_database():
        service = await MatchService.open(settings_for(env, database_path=env / "db.sqlite3"))
        await service.set_reminders(42, False)
        await service.close()

    asyncio.run(make_database())
    target = env / "copies" / "backup.sqlite3"
    assert cli.main(["backup", str(target)]) == 0
    assert "Backed up" in capsys.readouterr().out
    with sqlite3.connect(target) as copy:
        assert copy.execute("SELECT reminders FROM members WHERE member_id = 42").fetchone() == (0,)
    assert cli.main(["backup", str(env)]) == 1  # a folder is refused
    assert "is a folder" in capsys.readouterr().err


def newer_database(path: Path) -> None:
    """A database file written by a Shiftcord whose schema is newer than this one's."""
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {LATEST + 1}")


def not_a_database(path: Path) -> None:
    """A file that is no SQLite database."""
    path.write_bytes(b"shopping list: eggs, flour, milk\n" * 200)


def inside_a_file(path: Path) -> None:
    """A database path whose folder is a file, so nothing can be created there."""
    path.parent.rmdir()
    path.parent.write_text("not a folder")


def a_folder(path: Path) -> None:
    """A database path that names a folder."""
    path.mkdir()


@pytest.mark.parametrize(
    ("problem", "expected"),
    [
        (newer_database, "was written by a newer Shiftcord"),
        (not_a_database, "cannot be opened: file is not a database."),
        (inside_a_file, "/data is not a folder."),
        (a_folder, "cannot be opened: it is a folder; give a file name."),
    ],
)
@pytest.mark.parametrize("command", ["run", "local"])
def test_an_unusable_database_stops_with_one_line(
    env, monkeypatch, capsys, command, problem, expected
):
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    database = env / "data" / "db.sqlite3"
    database.parent.mkdir()
    problem(database)
    monkeypatch.setenv("DATABASE_PATH", str(database))
    monkeypatch.setattr(ShiftcordBot, "start", None)  # it must stop before connecting
    argv = [] if command == "run" else ["local", "--database", str(database)]
    assert cli.main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.err.startswith(f"shiftcord: The database {database} ")
    assert expected in captured.err and TOKEN not in captured.err


def test_backup_of_a_file_that_is_not_a_database_stops_with_one_line(env, capsys):
    not_a_database(env / "db.sqlite3")
    assert cli.main(["backup", str(env / "copy.sqlite3")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"shiftcord: The database {env / 'db.sqlite3'} cannot be backed up")
    assert not (env / "copy.sqlite3").exists()
    assert not (env / "copy.sqlite3.partial").exists()


def test_sync_print_needs_no_database(env, capsys):
    newer_database(env / "db.sqlite3")
    assert cli.main(["sync", "--print"]) == 0
    assert capsys.readouterr().out == GOLDEN.read_text()


def test_run_opens_the_service_and_a_refused_token_is_reported_without_showing_it(
    env, monkeypatch, capsys
):
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    seen = {}

    async def start(self, token, **_):
        seen["token"], seen["service"] = token, self.service
        logging.getLogger("shiftcord").info("trying token %s", token)
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(ShiftcordBot, "start", start)
    assert cli.main([]) == 2
    assert seen["token"] == TOKEN and isinstance(seen["service"], MatchService)
    err = capsys.readouterr().err
    assert TOKEN not in err and "[token hidden]" in err
    assert "Discord refused the token" in err
    assert (env / "db.sqlite3").exists()


def test_sigterm_closes_the_bot_cleanly(env, monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    closed = []

    async def start(self, token, **_):  # a bot that runs until it is closed
        await self.setup_hook()
        assert self.reminders._task is not None
        os.kill(os.getpid(), signal.SIGTERM)
        while not self.is_closed():
            await asyncio.sleep(0.01)
        closed.append(self.reminders._task)

    monkeypatch.setattr(ShiftcordBot, "start", start)
    assert cli.main([]) == 0
    assert closed == [None]  # the reminder task was stopped by close()
    assert "stopping (SIGTERM)" in capsys.readouterr().err


def test_log_lines_are_single_and_hide_secrets(env):
    stream = io.StringIO()
    setup_logging("INFO", secrets=(TOKEN,), stream=stream)
    log = logging.getLogger("shiftcord.test")
    log.info("connected with %s", TOKEN)
    try:
        raise RuntimeError(f"bad\nthing {TOKEN}")
    except RuntimeError:
        log.exception("failed")
    log.debug("not shown at INFO")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    assert TOKEN not in stream.getvalue() and "[token hidden]" in lines[0]
    assert "failed | Traceback" in lines[1] and "RuntimeError: bad | thing" in lines[1]
