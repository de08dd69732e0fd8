"""Small but real games that exercise what the match engine must handle, for tests.

- `test-solo` (Tile Bag, `SOLO`): one player, chance; a draw reveals a tile; a loss
  is an outcome with no winner and no draw.
- `test-five` (Claims, `FIVE`): 2 to 5 players in a ring; `retire(seat)` lets the others
  play on while two remain; scores; a winner or a tie.
- `test-swap` (Pie Lines, `SWAP`): two players and a pie rule; after `swap`,
  `state.seat_name` says seat 0 is "Blue" and seat 1 "Red".
- `test-hand` (Secret Hands, `HAND`): 2 or 3 players, hidden hands and chance; a turn
  is several `play N` actions then `end` (which draws: it reveals); every card's text
  starts with "SECRET".

Each module declares its game as `GAME`, as a real game's package does, and the games are
found the same way (`games.discover`). Each has a picture module (`PICTURES[name]`).
Register them all for a test with

    with installed():
        ...

(or as a pytest fixture: see `installed`). Registration goes through `games.register` /
`render.register`, as discovery does for the project's own, and the games are
unregistered afterwards (only those that were not registered before).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import games
import render
from games.base import Game
from tests.testgames.five import FIVE
from tests.testgames.hand import HAND, SECRET
from tests.testgames.solo import SOLO
from tests.testgames.swap import SWAP

__all__ = [
    "FIVE",
    "HAND",
    "PICTURES",
    "SECRET",
    "SOLO",
    "SWAP",
    "TEST_GAMES",
    "installed",
]

#: The test games, found as the project's own are (in listing order).
TEST_GAMES: list[Game] = games.discover(sys.modules[__name__])
#: Each test game's pictures, found as the project's own are, by game name.
PICTURES: dict[str, render.Pictures] = {
    pictures.game: pictures for pictures in render.modules.discover(sys.modules[__name__])
}


@contextmanager
def installed() -> Iterator[list[Game]]:
    """Register every test game and its pictures; unregister them on leaving (those that
    were registered before stay). Yields `TEST_GAMES`. As a pytest fixture:

        @pytest.fixture
        def test_games() -> Iterator[list[Game]]:
            with installed() as added:
                yield added
    """
    fresh = [game for game in TEST_GAMES if game.name not in games.names()]
    try:
        for game in fresh:
            games.register(game)
            render.register(PICTURES[game.name])
        yield TEST_GAMES
    finally:
        for game in fresh:
            render.unregister(game.name)
            games.unregister(game.name)
