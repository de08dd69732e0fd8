"""The pictures of Shifty and Shifting Stones on the front page (docs/*.png), drawn by the
renderer from example positions: `.venv/bin/python -m tests.docs_pictures` writes them
again after the pictures change."""

from __future__ import annotations

import random
from collections.abc import Hashable
from pathlib import Path

import games
import render
from games import GameState
from render.seats import SeatLabel

DOCS = Path(__file__).resolve().parent.parent / "docs"


def played(state: GameState, plies: int, seed: int) -> tuple[GameState, Hashable | None]:
    """`state` after `plies` moves chosen at random (repeatably, by `seed`), and the last."""
    rng, last = random.Random(seed), None
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves or state.outcome() is not None:
            break
        last = rng.choice(list(moves))
        state = state.play(last)
    return state, last


def pictures() -> dict[str, bytes]:
    """The front page's pictures by file name."""
    shifty, shifty_move = played(games.get("shifty").new(2, seed=3), 24, seed=3)
    stones, stones_move = played(games.get("shifting-stones").new(3, seed=5), 30, seed=5)
    players = [SeatLabel("alice", "1532", "2 days left"), SeatLabel("bob", "1498", "3 days left")]
    return {
        "shifty.png": render.board_png(shifty, last_move=shifty_move, players=players),
        "shifting-stones.png": render.board_png(
            stones.view(None),
            last_move=stones_move,
            players=[*players, SeatLabel("carol", "1475?", "1 day left")],
        ),
    }


def main() -> None:
    """Write the pictures into docs/."""
    for name, data in pictures().items():
        (DOCS / name).write_bytes(data)


if __name__ == "__main__":
    main()
