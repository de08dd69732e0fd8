"""The trial of adding a game: Pebbles (tests/trial), written in its own two folders alone
(games/pebbles/, render/pebbles/) and in English only, dropped into a copy of the project
with nothing else changed, passes every generic test that picks it up from the registries
(the rules, bad input, stored states, pictures, legibility, translations, `/rules`, the
composer through the fake Discord) and plays a whole console match; and
`./scripts/translations` keeps its folders as they are and lists what it reads in English.

The generic tests run in a child pytest in the copy, selecting the tests whose names hold
the trial's (`-k pebbles`). Left out: docs/players.md, which shows each game's help for
players (`tests/test_docs.py`): a game made ready for players adds its section there."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
#: The trial game's two folders, as a game's author writes them.
TRIAL = Path(__file__).parent / "trial"
NAME = "pebbles"
#: What the copy of the project holds.
COPIED = ("games", "render", "bot", "ai", "benchmarks", "tests", "docs", "scripts")
COPIED_FILES = ("pyproject.toml", "README.md")
#: The tests that cover every registered game; the child runs those that name the trial.
GENERIC = (
    "tests/games",
    "tests/render",
    "tests/bot/presentation/test_game_translations.py",
    "tests/bot/presentation/test_picture_words.py",
    "tests/bot/discord/test_info.py",
    "tests/bot/discord/test_composer.py",
    "tests/bot/console/test_games.py",
)
#: The fewest generic tests the trial must pass (each parametrized case counts).
FEWEST_PASSED = 40


def project_with_the_trial(folder: Path) -> Path:
    """A copy of the project in `folder`, the trial's folders dropped into it."""
    ignored = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in COPIED:
        shutil.copytree(ROOT / name, folder / name, ignore=ignored)
    for name in COPIED_FILES:
        shutil.copy(ROOT / name, folder / name)
    for layer in ("games", "render"):
        shutil.copytree(TRIAL / layer / NAME, folder / layer / NAME, ignore=ignored)
    return folder


def files(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (bytecode aside), by its path there."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def run(copy: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """`python arguments...` in the copy, with the copy's packages first on the path."""
    return subprocess.run(
        [sys.executable, *arguments],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=1800,
        env={"PATH": "/usr/bin:/bin", "HOME": str(copy), "PYTHONDONTWRITEBYTECODE": "1"},
    )


def test_a_game_added_in_its_own_folders_in_english_passes_the_generic_tests(tmp_path):
    copy = project_with_the_trial(tmp_path / "shiftcord")
    extracted = run(copy, "-m", "bot.translations")
    assert extracted.returncode == 0, extracted.stderr[-2000:]
    for layer in ("games", "render"):
        assert files(copy / layer / NAME) == files(TRIAL / layer / NAME), (
            f"{layer}/{NAME}: its template is stale, or a file for a language it does not "
            "declare was written"
        )
    for domain, count in ((f"games.{NAME}", 10), (f"render.{NAME}", 2)):
        for language in ("de", "fr", "es"):
            listed = f"{domain}: {count} entries read in English in {language} (not declared"
            assert listed in extracted.stderr, extracted.stderr[-2000:]
    generic = run(copy, "-m", "pytest", "-q", "-rA", "-k", NAME, *GENERIC)
    summary = generic.stdout.strip().splitlines()[-1] if generic.stdout.strip() else ""
    assert generic.returncode == 0, generic.stdout[-4000:] + generic.stderr[-2000:]
    passed = re.search(r"(\d+) passed", summary)
    assert passed and int(passed[1]) >= FEWEST_PASSED, summary
    passed_lines = generic.stdout.splitlines()
    for test in (
        "test_conformance.py::test_full_random_playouts_and_replayed_records[pebbles-2]",
        "test_stored_states.py::test_mutated_json_snapshots_are_refused_or_sound[pebbles]",
        "test_pictures.py::test_start_and_mid_game_positions_render_in_every_theme",
        "test_game_translations.py::test_no_language_the_game_does_not_declare_keeps_a_file",
        "discord/test_composer.py::test_every_game_is_played_by_the_composer_alone[pebbles-2]",
        "console/test_games.py::test_every_game_plays_a_whole_match_in_the_console[pebbles]",
    ):
        assert any(line.startswith("PASSED") and test in line for line in passed_lines), test
