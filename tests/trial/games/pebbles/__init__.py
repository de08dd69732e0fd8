"""Pebbles, the trial game: a game added in its own two folders alone (games/pebbles/,
render/pebbles/), written in English only. `tests/test_trial_game.py` drops both
folders into a copy of the project and runs the generic tests and a console match on it.

Three piles of 3, 5 and 7 pebbles; in turn, take 1 to 3 pebbles from one pile; whoever
takes the last pebble wins.
"""

from games.pebbles.game import PEBBLES, PebblesGame, PebblesState, Take

__all__ = ["GAME", "PEBBLES", "PebblesGame", "PebblesState", "Take"]

#: The game this package declares (found by `games.discover`).
GAME = PEBBLES
