"""Results as rewards: one number in [0, 1] per seat, for an ended game or a judged one.

A win alone is 1, a loss 0; winners who share a win share its 1 equally, and a draw
shares it among every seat (so a draw is worth 1/2 in a two-player game); an ending
without winners that is no draw (a lost solo game) is worth 0. Where the
outcome has scores, a tenth of each reward follows the score (against the best score),
so among results of equal standing the search prefers the higher score.
"""

from __future__ import annotations

from games.base import GameState, Outcome

Rewards = tuple[float, ...]

#: The part of a reward that follows the final score, where the game keeps one.
SCORE_WEIGHT = 0.1


def outcome_rewards(outcome: Outcome, players: int) -> Rewards:
    """Each seat's reward for a game that ended with `outcome`."""
    if outcome.winners:
        share = 1.0 / len(outcome.winners)
        standing = [share if s in outcome.winners else 0.0 for s in range(players)]
    elif outcome.draw:
        standing = [1.0 / players] * players
    else:  # nobody won (a lost solo game)
        standing = [0.0] * players
    scores = outcome.scores
    if scores is None or len(scores) != players or max(scores) <= 0:
        return tuple(standing)
    best = max(scores)
    return tuple(
        (1 - SCORE_WEIGHT) * standing[s] + SCORE_WEIGHT * max(0, scores[s]) / best
        for s in range(players)
    )


def judged_rewards(state: GameState) -> Rewards | None:
    """Each seat's reward as the game's heuristic judges a running position, or None
    when the game has no heuristic. With two players the second seat's is what the first
    seat's leaves (their results add up to 1), so the heuristic is asked once."""
    first = state.heuristic(0)
    if first is None:
        return None
    if state.players == 2:
        return first, 1.0 - first
    values = [first]
    for seat in range(1, state.players):
        value = state.heuristic(seat)
        values.append(0.5 if value is None else value)
    return tuple(values)


def draw_rewards(players: int) -> Rewards:
    """Every seat's share when a simulated game is given up as undecided."""
    return (1.0 / players,) * players
