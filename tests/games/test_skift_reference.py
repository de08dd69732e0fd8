"""Skift's legal moves and their results against a slow, plain reading of the rulings.

Fixed-seed random games; in every position the rules core and `skift_reference` must
offer the same moves, and each move must leave the same tiles and pieces. The games
reach splinter ties and all three kinds of no-undo refusal (checked below), so the fast
paths of `games.skift` (ring masks, the no-undo shortcuts) are held to the rule text.
"""

from __future__ import annotations

import random

from games.skift import SKIFT, Pass, PieceMove, Rotation, TileMove
from tests.games.skift_reference import legal_results

GAMES = 15


def test_legal_moves_and_results_agree_with_the_reference() -> None:
    seen = {"tie": 0, "piece undo": 0, "tile undo": 0, "rotation undo": 0}
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = SKIFT.new(players=2)
        while state.outcome() is None:
            expected = {move: (tiles, pieces) for move, tiles, pieces in legal_results(state)}
            moves = state.legal_moves()
            assert set(moves) == set(expected), f"seed {seed}\n{state.to_text()}"
            assert Pass() not in moves, "a player always has an action (README)"
            for move in moves:
                after = state.play(move)
                assert (dict(after.tiles), dict(after.pieces)) == expected[move], move
            seen["tie"] += any(isinstance(m, TileMove) and m.keep for m in moves)
            if state.last is not None:
                unbound = SKIFT.from_json({**state.to_json(), "last": None}).legal_moves()
                for refused in set(unbound) - set(moves):
                    kind = {PieceMove: "piece", TileMove: "tile", Rotation: "rotation"}
                    seen[f"{kind[type(refused)]} undo"] += 1
            state = state.play(rng.choice(moves))
    assert all(seen.values()), seen
