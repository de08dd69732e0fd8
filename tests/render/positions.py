"""Positions for the picture tests: random playouts of every game and Skift scenarios."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from PIL import Image, ImageSequence

import games
from games.skift import SKIFT
from render import skift
from render.palette import to_palette
from render.theme import get_theme

#: Two tiles in a row; White's king on a1 pushes a chain east, the last piece falls off.
PUSH_OFF = """
Skift: White to move
     a b  c d
  1  W b  w B   A B
  2  . w  B b
"""

#: Two tiles, one above the other: White's king on b2 can step diagonally to a3, across
#: the middle of tile B's north edge.
STACKED = """
Skift: White to move
     a b
  1  . .   A
  2  . W
  3  . w   B
  4  B b
"""

#: Tile A (White's) stands at the west end; moving it west splinters it off.
SPLINTER = """
Skift: White to move
     a b  c d  e f
  1  W .  . W  b B   A B C
  2  w .  w .  . b
"""


def playout(game_name: str, plies: int, seed: int, players: int | None = None) -> list[Any]:
    """Positions of a seeded random game, from the start, stopping early if it ends."""
    game = games.get(game_name)
    state = game.new(players=players or game.kind.min_players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while len(states) <= plies and state.outcome() is None:
        state = state.play(rng.choice(list(state.legal_moves())))
        states.append(state)
    return states


def long_skift_game(moves: int, seed: int = 5) -> list[Any]:
    """A Skift game of exactly `moves` moves: random, avoiding moves that end it."""
    rng = random.Random(seed)
    state = SKIFT.new(2)
    states = [state]
    while len(states) <= moves:
        options = list(state.legal_moves())
        rng.shuffle(options)
        move = next((m for m in options if state.play(m).outcome() is None), options[0])
        state = state.play(move)
        states.append(state)
    return states


def skift_moves(moves: int, seed: int = 5, states: list[Any] | None = None) -> list[Any]:
    """The moves of a Skift game of exactly `moves` moves: seeded random moves that keep
    every piece and tile where one can (so that the game goes on), else any that does not
    end it. `states`, when given, gets every position appended (the start first)."""
    rng = random.Random(seed)
    state, played = SKIFT.new(2), []
    if states is not None:
        states.append(state)
    for _ in range(moves):
        options = list(state.legal_moves())
        rng.shuffle(options)
        going = None
        for move in options:
            after = state.play(move)
            if after.outcome() is not None:
                continue
            going = going or (move, after)
            if len(after.pieces) == len(state.pieces) and len(after.tiles) == len(state.tiles):
                going = (move, after)
                break
        assert going is not None, "some move keeps the game going"
        played.append(going[0])
        state = going[1]
        if states is not None:
            states.append(state)
    return played


@lru_cache(maxsize=2)
def skift_game(moves: int, seed: int = 5) -> tuple[list[Any], list[Any]]:
    """(moves, positions) of `skift_moves`' game, made once per test run (do not change
    the lists)."""
    states: list[Any] = []
    return skift_moves(moves, seed, states), states


class SkiftLine:
    """The positions of a Skift game, rebuilt from its moves one at a time each time it
    is iterated (as the bot rebuilds a match from its log): memory for one position at a
    time, whatever the length."""

    def __init__(self, moves: list[Any]) -> None:
        self.moves = moves

    def __len__(self) -> int:
        return len(self.moves) + 1

    def __iter__(self) -> Iterator[Any]:
        state = SKIFT.new(2)
        yield state
        for move in self.moves:
            state = state.play(move)
            yield state


def skift_frame(states: list[Any], index: int, width: int, ending: str | None = None) -> Any:
    """The frame a Skift replay of `states` shows for `states[index]`, drawn alone (at the
    scale of the game's largest table, as every frame of a replay is), in RGB."""
    theme = get_theme("default")
    cells = skift.replay_layout(states)["cells"]
    image = skift.draw(states[index], size=width, theme=theme, cells=cells, ending=ending)
    return to_palette(image, theme).convert("RGB")


def gif_frames(gif: bytes) -> list[Any]:
    """Every frame of an animated GIF, as shown (RGB)."""
    with Image.open(io.BytesIO(gif)) as animation:
        return [frame.convert("RGB") for frame in ImageSequence.Iterator(animation)]


def without_last(state: Any) -> Any:
    """The same Skift position with no record of the action that led to it."""
    return type(state)(state.tiles, state.pieces, state.to_move, state.ply, None, state.options)
