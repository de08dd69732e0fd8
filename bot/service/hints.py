"""A hint, worked out in a worker process: the engine's preferred move for the player to
act, and the facts that explain it.

The explanation is that the move wins at once; else that it keeps the next player from
a win in one that some other move would allow (checked in games without secrets or
chance, with at most `MOST_MOVES_CHECKED` legal moves, where it costs a few
milliseconds); else the game's own (`GameState.hint_reason`) where it has one; else the
search's estimate of the player's result. The faces write it in words (`bot.presentation.hints`).
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from dataclasses import dataclass

import ai
import games
from bot.match.errors import ServiceError
from games import GameState

#: The level whose search a hint spends (about half a second of a worker).
HINT_LEVEL = ai.Level.MEDIUM
#: Past this many legal moves, a hint does not look for the wins in one a move stops.
MOST_MOVES_CHECKED = 60


class HintUnavailable(ServiceError):
    """The worker processes could not think about a hint (nothing changed)."""


@dataclass(frozen=True)
class Hint:
    """The preferred move (`notation`) and what explains it: the game's own words
    (`reason`), a win at once (`wins`), the seat name of the player whose win in one it
    stops (`stops`), or the search's estimate of the player's result (`estimate`, None
    where the move was not searched: then it was the only move worth playing)."""

    notation: str
    reason: str | None
    wins: bool
    stops: str | None
    estimate: float | None


@dataclass(frozen=True)
class HintQuestion:
    """What a worker is asked for a hint: the match's position as stored, the seat to
    act, the search's seed, and a budget of one's own (tests) instead of `HINT_LEVEL`."""

    game: str
    snapshot: str
    seat: int
    seed: int
    budget: ai.Budget | None = None


def hint_of(question: HintQuestion) -> Hint:
    """In a worker process: the hint for the seat to act, from its own view only."""
    state = games.get(question.game).from_json(json.loads(question.snapshot))
    advice = ai.advise(state, question.seat, question.budget or HINT_LEVEL, question.seed)
    view = state.view(question.seat)
    after = view.play(advice.move) if _exact(view) else None
    outcome = None if after is None else after.outcome()
    return Hint(
        notation=state.format_move(advice.move),
        reason=view.hint_reason(advice.move),
        wins=outcome is not None and outcome.winners == (question.seat,),
        stops=None if after is None or outcome is not None else _stopped(view, advice.move),
        estimate=advice.estimate,
    )


def _exact(state: GameState) -> bool:
    """Whether the position shows everything that decides what a move does."""
    return not (state.game.kind.hidden_information or state.game.kind.chance)


def _stopped(state: GameState, move: Hashable) -> str | None:
    """The name of the player who would win at once after some other move, but not after
    `move`; None when `move` stops no such win (or there are too many moves to check)."""
    moves = state.legal_moves()
    if len(moves) > MOST_MOVES_CHECKED:
        return None
    after = state.play(move)
    if after.current_player is None or after.winning_move() is not None:
        return None
    for other in moves:
        threatened = state.play(other)
        if threatened.current_player is not None and threatened.winning_move() is not None:
            return threatened.seat_name(threatened.current_player)
    return None
