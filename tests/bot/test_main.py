"""`python -m bot`: the missing-token message, sync --print, backup, running, and logs
that keep to one line per event and never show the token."""

from __future__ import annotations

import asyncio
import getpass
import io
import json
import logging
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from bot import __main__ as cli
from bot.discord.client import ShiftcordClient
from bot.logs import setup_logging
from bot.service import MatchService
from bot.store.migrations import LATEST
from tests.bot.discord_harness import settings_for

ROOT = Path(__file__).resolve().parents[2]
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
    assert cli.main([]) == 2  # (no terminal: as a service would run it)
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert "DISCORD_TOKEN is not set" in err and "Setting up the Discord application" in err
    assert "./scripts/bot local" in err  # the console, to try it without Discord
    assert cli.main(["sync"]) == 2


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_without_a_token_at_a_terminal_it_starts_the_console_in_a_match_against_the_bot(
    env, capsys, monkeypatch
):
    import bot.console

    monkeypatch.setattr(bot.console, "PROJECT_ROOT", env)  # the console's files in tmp_path
    for first_time in (True, False):
        monkeypatch.setattr(sys, "stdin", Terminal("quit\n"))
        monkeypatch.setattr(sys, "stdout", Terminal())
        assert cli.main([]) == 0
        err, out = capsys.readouterr().err, sys.stdout.getvalue()
        assert len(err.splitlines()) == 1 and "DISCORD_TOKEN is not set" in err, err
        assert "play here against the bot: ./scripts/bot local" in err
        assert "Shiftcord (easy)" in out and "to move" in out, out
        assert ("match #1 has started" in out) is first_time, out  # then back into it
        assert "match #2" not in out.lower(), out
    assert (env / "data" / "local.sqlite3").exists()


def test_sync_print_writes_the_golden_payload_without_a_token(env, capsys):
    assert cli.main(["sync", "--print"]) == 0
    out = capsys.readouterr().out
    assert out == GOLDEN.read_text()
    assert "challenge" in [c["name"] for c in json.loads(out)]


def test_backup_copies_the_database(env, capsys):
    async def make_database():
        service = await MatchService.open(settings_for(env, database_path=env / "db.sqlite3"))
        await service.settings.set_reminders(42, False)
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


def an_empty_file(path: Path) -> None:
    """A database file of 0 bytes (a copy cut short before its first page)."""
    path.touch()


def a_damaged_database(path: Path) -> None:
    """A database file whose last page is lost."""
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE notes (text TEXT)")
        raw.executemany("INSERT INTO notes VALUES (?)", [(f"note {i}",) for i in range(2000)])
    raw.close()
    with path.open("r+b") as file:
        file.truncate(path.stat().st_size - 4096)


@pytest.mark.parametrize(
    ("problem", "expected"),
    [
        (newer_database, "was written by a newer Shiftcord"),
        (not_a_database, "cannot be opened: file is not a database."),
        (inside_a_file, "/data is not a folder."),
        (a_folder, "cannot be opened: it is a folder; give a file name."),
        (an_empty_file, "is an empty file (0 bytes), not a database"),
        (a_damaged_database, "is damaged (database disk image is malformed)"),
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
    monkeypatch.setattr(ShiftcordClient, "start", None)  # it must stop before connecting
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

    monkeypatch.setattr(ShiftcordClient, "start", start)
    assert cli.main([]) == 2
    assert seen["token"] == TOKEN and isinstance(seen["service"], MatchService)
    err = capsys.readouterr().err
    assert TOKEN not in err and "[token hidden]" in err
    assert err.splitlines()[-1] == (
        "shiftcord: Discord refused the token. Check DISCORD_TOKEN in .env (copy the token "
        "again, or reset it); docs/admins.md, section 'Setting up the Discord application' "
        "explains where to find it."
    )
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

    monkeypatch.setattr(ShiftcordClient, "start", start)
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


def test_an_unknown_log_level_stops_with_one_line(env, monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("LOG_LEVEL", "loud")
    monkeypatch.setattr(ShiftcordClient, "start", None)  # it must stop before connecting
    assert cli.main([]) == 2
    assert capsys.readouterr().err == (
        "shiftcord: LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not 'loud'; "
        "fix it in .env.\n"
    )
    monkeypatch.setenv("LOG_LEVEL", " debug ")
    assert cli.main(["sync", "--print"]) == 0  # any case, spaces around


@pytest.mark.parametrize("argv", [[], ["sync"]])
def test_without_a_network_it_stops_with_one_line(env, monkeypatch, capsys, argv):
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)

    def no_network(*_args, **_kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_network)  # what discord.py's login meets
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and TOKEN not in err
    assert err.splitlines()[-1] == (
        "shiftcord: Discord cannot be reached (Cannot connect to host discord.com:443 "
        "ssl:default [Name or service not known]). Check this machine's network connection "
        "(and any firewall or proxy), then start the bot again."
    )


@pytest.fixture
def shared_folder(tmp_path):
    """A folder another user can reach (tmp_path's parents are private to their owner)."""
    folder = Path(tempfile.mkdtemp(prefix="shiftcord-"))
    folder.chmod(0o755)
    yield folder
    for path in (folder, *folder.rglob("*")):
        path.chmod(0o777 if path.is_dir() else 0o666)
    shutil.rmtree(folder)


#: What the child run as another user may not import from the checkout: the project's
#: packages (pyproject.toml's list) and the packages it runs on.
PROJECT_PACKAGES = [
    name.rstrip("*")
    for name in tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"][
        "packages"
    ]["find"]["include"]
]


@pytest.fixture(scope="module")
def readable_code() -> Iterator[Path]:
    """The project's packages (in `project`) and those it runs on (in `site`), copied where
    any user may read them: another user cannot reach a checkout in a private folder (a
    clone in a home folder, or under `mktemp -d`), nor the virtual environment inside it."""
    folder = Path(tempfile.mkdtemp(prefix="shiftcord-code-"))
    no_cache = shutil.ignore_patterns("__pycache__")
    for name in PROJECT_PACKAGES:
        shutil.copytree(ROOT / name, folder / "project" / name, ignore=no_cache)
    for place in dict.fromkeys(sysconfig.get_path(kind) for kind in ("purelib", "platlib")):
        shutil.copytree(place, folder / "site", ignore=no_cache, dirs_exist_ok=True)
    for path in (folder, *folder.rglob("*")):
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() else path.stat().st_mode | 0o444)
    yield folder
    shutil.rmtree(folder)


def run_as_an_ordinary_user(
    argv: list[str], database: Path, code: Path
) -> subprocess.CompletedProcess[str]:
    """`python -m bot` with the database at `database`, run as a user whom file
    permissions bind (root, whom they do not, runs it as nobody), importing the project and
    its packages from `code` (`readable_code`) with the virtual environment's own Python."""
    become: list[str] = []
    python = getattr(sys, "_base_executable", sys.executable)
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv to become another user")
        become = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        if subprocess.run([*become, python, "-S", "-c", ""], check=False).returncode:
            pytest.skip(f"nobody may not run {python}")
    env = {
        **os.environ,
        "DISCORD_TOKEN": TOKEN,
        "DATABASE_PATH": str(database),
        "PYTHONPATH": os.pathsep.join([str(code / "project"), str(code / "site")]),
    }
    return subprocess.run(
        [*become, python, "-S", "-m", "bot", *argv],  # -S: no site folder but `code`
        cwd=code / "project",
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def unwritable_folder(database: Path) -> str:
    """The database's folder may be read but not written; the expected words."""
    database.parent.chmod(0o555)
    return f"cannot be opened: the user {{}} may not write in its folder {database.parent}, "


def read_only_file(database: Path) -> str:
    """A database file that may be read but not written, in a folder anyone may write."""
    with sqlite3.connect(database) as raw:
        raw.execute("CREATE TABLE t (x)")
    database.chmod(0o444)
    database.parent.chmod(0o777)
    return f"cannot be opened: the user {{}} may not read and write {database}. "


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="Unix permissions")
@pytest.mark.parametrize("problem", [unwritable_folder, read_only_file])
@pytest.mark.parametrize("command", ["run", "local"])
def test_a_database_this_user_may_not_write_stops_with_one_line(
    shared_folder, readable_code, command, problem
):
    database = shared_folder / "data" / "db.sqlite3"
    database.parent.mkdir()
    expected = problem(database)
    argv = [] if command == "run" else ["local", "--database", str(database)]
    done = run_as_an_ordinary_user(argv, database, readable_code)
    user = "nobody" if os.geteuid() == 0 else getpass.getuser()
    assert done.returncode == 1 and done.stdout == "", done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"shiftcord: The database {database} ")
    assert expected.format(user) in done.stderr and "chown or chmod" in done.stderr
