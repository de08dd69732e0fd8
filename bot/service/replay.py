"""Rebuilding positions from a match's log: the proof that snapshots can be recomputed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import games
from bot.service.errors import ReplayError
from games import GameState

MOVE = "move"
RETIRE = "retire"
TAKEBACK = "takeback"


def initial_state(game: str, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
    """The starting position of a match from its game, seat count, seed and options."""
    return games.get(game).new(players, seed=seed, options=options)


def rebuild_state(
    game: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    log: Iterable[tuple[str, int, str]],
) -> GameState:
    """Replay a log of (kind, seat, notation) entries from the start; return the position.

    "move" plays the notation, "retire" lets the seat leave (`state.retire`), "takeback"
    undoes the last move. A log that does not replay raises ReplayError.
    """
    history = [initial_state(game, players, seed, options)]
    for number, (kind, seat, notation) in enumerate(log, start=1):
        state = history[-1]
        try:
            if kind == MOVE:
                if state.current_player != seat:
                    raise ValueError(f"seat {seat + 1} is not the one to act")
                history.append(state.play(state.parse_move(notation)))
            elif kind == RETIRE:
                after = state.retire(seat)
                if after is None:
                    raise ValueError(f"seat {seat + 1} cannot retire and let the others go on")
                history.append(after)
            elif kind == TAKEBACK:
                if len(history) < 2:
                    raise ValueError("there is no move to take back")
                history.pop()
            else:
                raise ValueError(f"unknown entry kind {kind!r}")
        except ValueError as error:
            message = f"Entry {number} ({kind} {notation!r}) does not replay: {error}."
            raise ReplayError(message) from error
    return history[-1]
