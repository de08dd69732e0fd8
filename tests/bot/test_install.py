"""The ways to install Shiftcord as a service: the lock files, the Dockerfile, compose.yaml
and the systemd unit. Docker and systemd cannot run here; these read the files and check
that they parse and that everything they name exists."""

from __future__ import annotations

import configparser
import re
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCK_LINE = re.compile(r"^[A-Za-z0-9_.\-]+==[0-9][^\s;]*$")


def requirement_names(lock: str) -> dict[str, str]:
    """The pinned packages of a lock file, by normalised name: their versions."""
    pins = {}
    for line in (ROOT / lock).read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        assert LOCK_LINE.match(line), f"{lock}: not an exact pin: {line}"
        name, version = line.split("==")
        pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def declared(requirements: list[str]) -> set[str]:
    return {re.sub(r"[-_.]+", "-", re.split(r"[=<>~\[ ]", r)[0]).lower() for r in requirements}


def test_the_lock_files_pin_everything_pyproject_asks_for_and_agree():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime, test = (
        requirement_names("requirements.lock"),
        requirement_names("requirements-test.lock"),
    )
    assert declared(project["dependencies"]) <= runtime.keys()
    assert declared(project["optional-dependencies"]["test"]) <= test.keys()
    assert "shiftcord" not in runtime and "pytest" not in runtime
    assert {name: test[name] for name in runtime} == runtime  # the same runtime versions


def test_the_scripts_install_from_the_lock_files():
    venv = (ROOT / "scripts" / "_venv.sh").read_text()
    assert 'pip install -c "$lock"' in venv and '[ "$lock" -nt "$stamp" ]' in venv
    assert "requirements.lock" in (ROOT / "scripts" / "bot").read_text()
    assert "requirements-test.lock" in (ROOT / "scripts" / "test").read_text()
    assert (ROOT / "scripts" / "lock").stat().st_mode & 0o111


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions (continuation lines joined): (INSTRUCTION, arguments)."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines()]
    instructions = [line.split(None, 1) for line in lines if line and not line.startswith("#")]
    return [(word.upper(), rest) for word, rest in instructions]


def test_the_dockerfile_copies_what_exists_runs_unprivileged_and_keeps_data_in_a_volume():
    steps = dockerfile()
    known = {"FROM", "ENV", "WORKDIR", "COPY", "RUN", "USER", "VOLUME", "STOPSIGNAL"}
    assert {word for word, _ in steps} <= known | {"ENTRYPOINT"}
    assert steps[0] == ("FROM", "python:3.11-slim")
    for word, rest in steps:
        if word == "COPY":
            *sources, _ = rest.split()
            assert all((ROOT / source).exists() for source in sources), rest
            assert not any(source in (".", "tests", ".env", "data") for source in sources)
    words = [word for word, _ in steps]
    runs = " ".join(rest for word, rest in steps if word == "RUN")
    assert "pip install -r requirements.lock" in runs and "--no-deps ." in runs
    assert ("USER", "shiftcord") in steps and words.index("USER") > max(
        i for i, w in enumerate(words) if w in ("RUN", "COPY")
    )
    assert ("VOLUME", '["/data"]') in steps
    assert "DATABASE_PATH=/data/shiftcord.sqlite3" in dict(steps)["ENV"]
    assert ("ENTRYPOINT", '["python", "-m", "bot"]') in steps
    for package in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"
    ]["find"]["include"]:
        top = package.rstrip("*")
        assert ("COPY", f"{top} ./{top}") in steps, f"the image lacks the package {top}"
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".git", ".venv", ".env", "data"} <= set(ignored)


def test_compose_runs_the_bot_on_its_postgresql_with_volumes():
    yaml = pytest.importorskip("yaml", reason="PyYAML comes with the test tools: scripts/test")
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    bot, postgres = compose["services"]["bot"], compose["services"]["postgres"]
    assert bot["build"] == "." and bot["env_file"] == ".env"
    assert bot["volumes"] == ["shiftcord-data:/data"]
    assert bot["environment"]["DATABASE_PATH"] == "/data/shiftcord.sqlite3"
    assert bot["stop_signal"] == "SIGTERM"
    # The bot's DATABASE_URL names the database, user and password the service makes.
    url = urlsplit(bot["environment"]["DATABASE_URL"])
    made = postgres["environment"]
    assert url.scheme == "postgresql" and url.hostname == "postgres" and url.port == 5432
    assert url.path == "/" + made["POSTGRES_DB"] and url.username == made["POSTGRES_USER"]
    assert url.password == made["POSTGRES_PASSWORD"] == "${POSTGRES_PASSWORD:-change-me}"
    assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "pg_isready" in postgres["healthcheck"]["test"]
    assert postgres["volumes"] == ["postgres-data:/var/lib/postgresql/data"]
    assert {"shiftcord-data", "postgres-data"} <= set(compose["volumes"])


def test_the_systemd_unit_runs_scripts_bot_as_its_own_user_and_restarts_on_failure():
    unit = configparser.ConfigParser(interpolation=None, strict=True)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string((ROOT / "deploy" / "shiftcord.service").read_text())
    assert unit.sections() == ["Unit", "Service", "Install"]
    service = unit["Service"]
    home = Path(service["WorkingDirectory"])
    start = Path(service["ExecStart"])
    assert start.is_relative_to(home) and (ROOT / start.relative_to(home)).is_file()
    assert service["User"] == "shiftcord" and service["User"] != "root"
    assert service["Restart"] == "on-failure" and service["KillSignal"] == "SIGTERM"
    assert service["RestartPreventExitStatus"] == "2"  # a wrong setting: fix it, do not loop
    assert unit["Install"]["WantedBy"] == "multi-user.target"
