"""How steady the analysis chart is with a learned value: the first seat's estimate by
`ai.judge` at the analysis budget along a few seeded games, judged by the heuristic
alone and by each weights file named.

    nice -n 19 python -m benchmarks.swing shiftago /tmp/candidate.npz shipped

The games are `medium` against itself from deals 300, 301 and 302 (at most 40 plies
each). For each judge it prints the mean change of the estimate from one position to
the next, and how much higher it reads on the first seat's own turns than on the
other's: a value that gives the side to act an edge it has not got makes the chart
swing at every ply, where a steady one moves only with the game. For a weights file it
also prints the edge the weights learned: their mean correction to the heuristic
(`Network.correction`, in logits) for the seat to act less that for the seat that waits,
over the same positions.
"""

from __future__ import annotations

import argparse

import numpy as np

import ai
import games
from ai.value import Network, judge_by
from benchmarks.series import cpu_clock
from benchmarks.versus import NONE, SHIPPED, loaded
from bot.service.analysis import ANALYSIS_BUDGET
from games import GameState

#: The deals judged, and how far each game is played.
DEALS, PLIES = (300, 301, 302), 40


def positions(name: str) -> list[list[GameState]]:
    """The running positions of `medium` against itself from each of `DEALS`."""
    game = games.get(name)
    played = []
    for deal in DEALS:
        state = game.new(players=2, seed=deal)
        seen = [state]
        while state.outcome() is None and state.ply < PLIES:
            seat = state.current_player
            assert seat is not None
            state = state.play(ai.choose_move(state, seat, ai.Level.MEDIUM, seed=deal + state.ply))
            seen.append(state)
        played.append([s for s in seen if s.outcome() is None])
    return played


def swing(games_played: list[list[GameState]]) -> tuple[float, float]:
    """The mean change of the first seat's estimate a ply, and its mean on the first
    seat's turns less its mean on the other's."""
    changes: list[float] = []
    own: list[float] = []
    other: list[float] = []
    for seen in games_played:
        chances = [ai.judge(s, ANALYSIS_BUDGET, seed=7).chances[0] for s in seen]
        changes += np.abs(np.diff(chances)).tolist()
        for state, chance in zip(seen, chances, strict=True):
            (own if state.current_player == 0 else other).append(chance)
    return float(np.mean(changes)), float(np.mean(own) - np.mean(other))


def learned_edge(net: Network, games_played: list[list[GameState]]) -> float:
    """`net`'s mean correction for the seat to act less its mean for the seat that waits,
    over every reading of the positions played."""
    by_side: dict[bool, list[float]] = {True: [], False: []}
    for seen in games_played:
        for state in seen:
            for seat in range(state.players):
                read = net.reading(state, seat)
                if read is not None:
                    by_side[read.to_act].append(net.correction(read))
    return float(np.mean(by_side[True]) - np.mean(by_side[False]))


def main() -> None:
    """Print the chart's swing by each judge."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("weights", nargs="*", help=f"weights files or {SHIPPED!r}")
    args = parser.parse_args()
    cpu_clock()
    game = games.get(args.game)
    judged = positions(args.game)
    for name in [NONE, *args.weights]:
        net = loaded(args.game, name)
        judge_by(game, net)
        change, edge = swing(judged)
        learned = "" if net is None else f"; learned edge {learned_edge(net, judged):+.3f} logits"
        print(
            f"{name}: {sum(map(len, judged))} positions, the estimate changes {change:.3f} "
            f"a ply on average, and reads {edge:+.3f} higher on the first seat's turns"
            f"{learned}",
            flush=True,
        )


if __name__ == "__main__":
    main()
