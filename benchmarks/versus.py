"""One level against itself, each side judging by other weights: a candidate's learned
value (`ai.value`) against the weights it would replace, or against none.

    nice -n 19 python -m benchmarks.versus shiftago /tmp/candidate.npz shipped \\
        --level hard --scale 0.1 --games 60

Both sides search alike (the level's budget times `--scale`, timed in CPU seconds as the
series are, `benchmarks.series.cpu_clock`); they differ only in the network judging
their simulated games: a weights file, `shipped` (the game's own file) or `none` (the
game's heuristic alone). Game i deals seed i and seats the candidate in seat i mod 2, as
the series do, so two runs are played on the same deals. Its results (each game's share,
the score and its 95% interval) are written to `--out` as one JSON file, and a run
resumes from the games it holds. A direct match of the same level is the most sensitive
test of a change to the value, where `hard` against `medium` is already near its ceiling.

`--against LEVEL` gives the reference side another level; `--sighted` lets the candidate
search the whole position (every hidden card and the draw pile, what no fair player
sees; only chance to come stays random), to measure what hidden information is worth:

    nice -n 19 python -m benchmarks.versus shifting-stones none none \\
        --level hard --against medium --sighted --games 120 --out /tmp/sighted.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Hashable
from pathlib import Path

import ai
import games
from ai.search import Search
from ai.value import Network, judge_by
from benchmarks.rates import MAX_PLIES, result_share, wilson
from benchmarks.series import cpu_clock, scaled
from benchmarks.strength import played_all
from games import GameState

#: What a side may judge by besides a weights file.
SHIPPED, NONE = "shipped", "none"


def loaded(game: str, weights: str) -> Network | None:
    """The network `weights` names for `game`: a file, the game's shipped one, or none."""
    if weights == NONE:
        return None
    shape = games.get(game).kind.engine.value_shape
    assert shape is not None
    return Network.load(shape, None if weights == SHIPPED else Path(weights))


def sighted_move(state: GameState, budget: ai.Budget, seed: int) -> Hashable:
    """The move the engine would advise if the seat to act saw the whole `state`: as
    `ai.advise`, with the search run on the state itself instead of the seat's view (the
    most searched move: a level's `temperature`, which only `easy` has, is not applied)."""
    win = state.winning_move()
    if win is not None:
        return win
    worth = state.search_moves()
    if len(worth) == 1:
        return worth[0]
    search = Search(state, budget, random.Random(seed))
    search.run()
    return search.ranked_moves()[0][0]


def play(job: tuple[str, str, str, str, str, bool, float, int]) -> tuple[int, float]:
    """Game `index`: the candidate's share of the result (seat `index` mod 2)."""
    name, candidate, reference, level, against, sighted, scale, index = job
    game = games.get(name)
    nets = (loaded(name, candidate), loaded(name, reference))
    budgets = (scaled(level, scale), scaled(against, scale))
    state = game.new(players=2, seed=index)
    rng = random.Random(f"versus/{name}/{index}")
    seat = index % 2
    while state.outcome() is None and state.ply < MAX_PLIES:
        to_act = state.current_player
        assert to_act is not None
        side = 0 if to_act == seat else 1
        judge_by(game, nets[side])
        seed = rng.getrandbits(32)
        if sighted and side == 0:
            state = state.play(sighted_move(state, budgets[0], seed))
        else:
            state = state.play(ai.choose_move(state, to_act, budgets[side], seed=seed))
    return index, result_share(state, seat)


def main() -> None:
    """Play the games the results file lacks, then print and save the score."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("candidate", help=f"a weights file, {SHIPPED!r} or {NONE!r}")
    parser.add_argument("reference", help=f"a weights file, {SHIPPED!r} or {NONE!r}")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--against", help="the reference side's level (default: --level)")
    parser.add_argument("--sighted", action="store_true", help="the candidate sees everything")
    parser.add_argument("--scale", type=float, default=0.1)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, required=True, help="the results file (JSON)")
    args = parser.parse_args()
    found = json.loads(args.out.read_text()) if args.out.exists() else {"results": {}}
    results = {int(i): share for i, share in found["results"].items()}
    against = args.against or args.level
    job = (args.game, args.candidate, args.reference, args.level, against, args.sighted, args.scale)
    tasks = [(*job, i) for i in range(args.games) if i not in results]
    for index, share in played_all(play, tasks, args.jobs, cpu_clock):
        results[index] = share
        score = sum(results.values())
        low, high = wilson(score, len(results))
        summary = {
            "game": args.game,
            "level": args.level,
            "against": against,
            "sighted": args.sighted,
            "scale": args.scale,
            "candidate": args.candidate,
            "reference": args.reference,
            "games": len(results),
            "score": score,
            "interval": [round(low, 3), round(high, 3)],
            "results": {str(i): results[i] for i in sorted(results)},
        }
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(summary, indent=1) + "\n")
    score = sum(results.values())
    low, high = wilson(score, len(results))
    sight = ", seeing everything" if args.sighted else ""
    print(
        f"\n{args.candidate} ({args.level}{sight}) over {args.reference} ({against}): "
        f"{score:g} of {len(results)}",
        end="",
    )
    print(f" ({score / max(len(results), 1):.0%}, {low:.0%} to {high:.0%})", file=sys.stdout)


if __name__ == "__main__":
    main()
