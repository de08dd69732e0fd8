"""`ai.judge`, the estimates an analysis draws: each seat's expected result, the same
whoever is to act, so that it moves little from one position to the next of a game
between equal players, and a decided position reads as decided."""

from __future__ import annotations

import random
from dataclasses import replace

import ai
import games
from bot.service.analysis import ANALYSIS_BUDGET

#: The analysis' budget without its time cap: the same answer on a busy machine.
BUDGET = replace(ANALYSIS_BUDGET, seconds=60.0)
#: Both players: medium's search, uncapped, so the line is the same everywhere.
PLAYER = replace(ai.Level.MEDIUM.budget, iterations=200, seconds=60.0)


def line(game: str, plies: int, seed: int) -> list[games.GameState]:
    """The first positions of a seeded game between two equal players."""
    state = games.get(game).new(2, seed=seed)
    positions = [state]
    while len(positions) <= plies and state.outcome() is None:
        assert state.current_player is not None
        state = state.play(ai.choose_move(state, state.current_player, PLAYER, seed + state.ply))
        positions.append(state)
    return positions


def test_a_seats_estimate_does_not_swing_with_the_side_to_act():
    # The estimate was the mean of the move the search liked best: in Skift, with about
    # 70 moves each tried a few times, the luckiest of them, so the side to act read
    # 0.74, 0.20, 0.87, 0.25, ... from one opening position to the next.
    positions = line("skift", 8, seed=1)
    white = [
        ai.judge(state, BUDGET, seed=index).chances[0] for index, state in enumerate(positions)
    ]
    changes = [abs(b - a) for a, b in zip(white, white[1:], strict=False)]
    assert sum(changes) / len(changes) < 0.12, white
    assert max(changes) < 0.3, white
    assert all(0.25 < value < 0.75 for value in white), white  # an even opening


def test_a_win_in_one_for_the_side_to_act_reads_as_won():
    rng = random.Random(4)
    state = games.get("shiftago").new(2, seed=4)
    while state.winning_move() is None:
        state = state.play(rng.choice(list(state.legal_moves())))
    mover = state.current_player
    assert mover is not None
    judged = ai.judge(state, BUDGET, seed=0)
    assert judged.chances[mover] == 1.0 and judged.chances[1 - mover] == 0.0
    assert judged.preferred == state.winning_move()


def test_the_bots_own_estimate_is_the_analysis_estimate():
    # ai.evaluate (a draw offer's answer) read the best move's mean, favouring the mover
    state = line("skift", 3, seed=2)[-1]
    mover = state.current_player
    assert mover is not None
    judged = ai.judge(state, BUDGET, seed=5).chances[mover]
    assert ai.evaluate(state, mover, BUDGET, seed=5) == judged
