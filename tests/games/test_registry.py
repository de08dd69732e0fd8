"""Games are found, not listed: every package under `games/` declares its `GAME`, and
importing `games` registers them all, in a fresh (spawned) process as well."""

from __future__ import annotations

import multiprocessing
import pkgutil
import sys
from pathlib import Path

import pytest

import games
from tests import testgames


def _names_in_a_fresh_process() -> list[str]:
    return games.names()


def test_every_package_under_games_is_registered_in_listing_order() -> None:
    packages = {info.name for info in pkgutil.iter_modules(games.__path__) if info.ispkg}
    found = games.discover(games)
    assert {type(game).__module__.split(".")[1] for game in found} == packages
    assert [game.name for game in found] == games.names()[: len(found)]
    assert found[0].name == "skift", "the main game leads every list"


def test_a_spawned_process_knows_every_game() -> None:
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        names = pool.apply(_names_in_a_fresh_process)
    assert names == [game.name for game in games.discover(games)]
    assert len(names) >= 4


def test_the_test_games_are_found_the_same_way() -> None:
    assert {game.name for game in games.discover(testgames)} == {
        game.name for game in testgames.TEST_GAMES
    }


def test_a_package_that_declares_no_game_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "shelf" / "empty").mkdir(parents=True)
    (tmp_path / "shelf" / "__init__.py").write_text("")
    (tmp_path / "shelf" / "empty" / "__init__.py").write_text("NOTHING = 1\n")
    sys.path.insert(0, str(tmp_path))
    try:
        import shelf  # type: ignore[import-not-found]

        with pytest.raises(TypeError, match="shelf.empty declares no GAME"):
            games.discover(shelf)
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("shelf", "shelf.empty"):
            sys.modules.pop(name, None)
