"""A throwaway PostgreSQL server for the tests (and `benchmarks/scale.py`, which starts it
`durable`): `initdb` on a temporary folder, started
with `pg_ctl` listening only on a unix socket in that folder, stopped and deleted at the
end. Debian's server binaries (`apt-get install postgresql`) are found in
/usr/lib/postgresql/*/bin, or set SHIFTCORD_POSTGRES_BIN to the folder holding them.

PostgreSQL refuses to run as root: when the tests run as root (CI), the server runs as
the `postgres` user, which owns the temporary folder.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

#: Settings for speed: a test server that loses its data in a crash loses nothing of value.
_FAST = ("fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_connections=200")
#: PostgreSQL's own durable defaults (for benchmarks: what a real server does per commit).
_DURABLE = ("max_connections=200", "shared_buffers=512MB")


def find_binaries() -> Path | None:
    """The folder of `initdb`, `pg_ctl` and `postgres` (the newest version), or None."""
    chosen = os.environ.get("SHIFTCORD_POSTGRES_BIN")
    if chosen:
        return Path(chosen)
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class PostgresServer:
    """A running test server; `url(database)` names one of its databases."""

    def __init__(self, binaries: Path, *, durable: bool = False) -> None:
        self.binaries = binaries
        self.durable = durable
        self.folder = Path(tempfile.mkdtemp(prefix="shiftcord-pg-"))
        self.data = self.folder / "data"
        self._as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses root: run it as its own user
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self._as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            [*self._as_user, *command], capture_output=True, text=True, timeout=120
        )
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> PostgresServer:
        """initdb and start the server (returns once it accepts connections)."""
        self._run(
            str(self.binaries / "initdb"), "-D", str(self.data), "-U", "postgres",
            "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync",
        )  # fmt: skip
        self.resume()
        return self

    def halt(self) -> None:
        """Stop the server, keeping its data (what was committed is written first: the
        test server does not wait for its disk): clients see their connections closed
        and new ones refused until `resume`."""
        self._stop("fast")

    def resume(self) -> None:
        """Start the server on its data (returns once it accepts connections)."""
        settings = _DURABLE if self.durable else _FAST
        options = " ".join(
            [f"-c {setting}" for setting in settings]
            + ["-c listen_addresses=''", f"-c unix_socket_directories={self.folder}"]
        )
        self._run(
            str(self.binaries / "pg_ctl"), "-D", str(self.data), "-l",
            str(self.folder / "server.log"), "-o", options, "-w", "start",
        )  # fmt: skip

    def create_database(self, name: str) -> str:
        """Make an empty database `name` on this server; its DATABASE_URL."""
        self._run(str(self.binaries / "createdb"), "-h", str(self.folder), "-U", "postgres", name)
        return self.url(name)

    def url(self, database: str = "postgres") -> str:
        """The DATABASE_URL of `database` on this server (through its unix socket)."""
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def stop(self) -> None:
        """Stop the server at once and delete its folder."""
        try:
            self._stop("immediate")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _stop(self, mode: str) -> None:
        """pg_ctl stop in `mode` ("fast": sessions ended, then a checkpoint; "immediate")."""
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", mode, "stop")
