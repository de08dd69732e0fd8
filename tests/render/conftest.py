"""The test games (tests/testgames) join the generic picture tests, as in tests/games."""

from tests.games.conftest import test_games_installed  # noqa: F401 - an autouse fixture
