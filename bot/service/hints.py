"""A hint, worked out in a worker process: the engine's preferred move for the player to
act, and the facts that explain it.

The same position gets the same hint: the search is seeded from the position as the
player sees it (`position_seed`), not from the match or the time, and spends its
iterations whole (`HINT_BUDGET`: medium's, with a time cap only a machine ten times too
slow reaches), so asking again, in this match or another, answers the same.

The explanation is that the move wins at once; else that it keeps the next player from
a win in one that some other move would allow (checked in games without secrets or
chance, with at most `MOST_MOVES_CHECKED` legal moves, where it costs a few
milliseconds); else the game's own (`GameState.hint_reason`) where it has one; else the
search's estimate of the player's result, with how sure it is (the part of its search
the move took, and the move that came nearest). The faces write it in words
(`bot.presentation.hints`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Hashable
from dataclasses import dataclass, replace

import ai
import games
from bot.match.errors import ServiceError
from games import GameState

#: What a hint's search spends: medium's iterations (about half a second of a worker),
#: with a time cap far past them, so that a busy machine still spends them all and the
#: same position gets the same hint.
HINT_BUDGET = replace(ai.Level.MEDIUM.budget, seconds=10.0)
#: Past this many legal moves, a hint does not look for the wins in one a move stops.
MOST_MOVES_CHECKED = 60


class HintUnavailable(ServiceError):
    """The worker processes could not think about a hint (nothing changed)."""


@dataclass(frozen=True)
class Hint:
    """The preferred move (`notation`) and what explains it: the game's own words
    (`reason`), a win at once (`wins`), the seat name of the player whose win in one it
    stops (`stops`), or the search's estimate of the player's result (`estimate`, None
    where the move was not searched: then it was the only move worth playing). How sure
    the search is: the part of it the move took (`share`), and the move that came nearest
    (`runner_up`, its notation) with its part (`runner_up_share`)."""

    notation: str
    reason: str | None
    wins: bool
    stops: str | None
    estimate: float | None
    share: float | None = None
    runner_up: str | None = None
    runner_up_share: float | None = None


@dataclass(frozen=True)
class HintQuestion:
    """What a worker is asked for a hint: the match's position as stored, the seat to
    act, and a budget of one's own (tests) instead of `HINT_BUDGET`."""

    game: str
    snapshot: str
    seat: int
    budget: ai.Budget | None = None


def position_seed(view: GameState) -> int:
    """The search's seed for a position as `view` shows it: the same for the same
    position, whatever the match, the time or what the player cannot see."""
    text = json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def hint_of(question: HintQuestion) -> Hint:
    """In a worker process: the hint for the seat to act, from its own view only."""
    state = games.get(question.game).from_json(json.loads(question.snapshot))
    view = state.view(question.seat)
    budget = question.budget or HINT_BUDGET
    advice = ai.advise(state, question.seat, budget, position_seed(view))
    after = view.play(advice.move) if _exact(view) else None
    outcome = None if after is None else after.outcome()
    return Hint(
        notation=state.format_move(advice.move),
        reason=view.hint_reason(advice.move),
        wins=outcome is not None and outcome.winners == (question.seat,),
        stops=None if after is None or outcome is not None else _stopped(view, advice.move),
        estimate=advice.estimate,
        share=advice.share,
        runner_up=None if advice.runner_up is None else state.format_move(advice.runner_up),
        runner_up_share=advice.runner_up_share,
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
