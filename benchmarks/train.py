"""Train a game's learned value (`ai.value`) by temporal-difference learning from
self-play, on the CPU, seeded and resumable, keeping a log.

    nice -n 19 python -m benchmarks.train shiftago --minutes 60

Each self-play game starts from `game.new(players=2, seed=index)` and is played by the
network itself: a win in one is taken, else with odds `epsilon` a random move, else the
move after which the network rates the mover's position best. After every move, the
value of the position before it, for each seat, moves towards the value of the position
after it (the result, once the game is over), on both seats' sides, and with a
`--trace` (lambda) the values of the few positions before that too, lambda times less
for each step back: TD(lambda). With `--depth 2` each side plays instead the move a
two-ply search finds best (`searched`: its own move, the other seat's best reply, then
the network's value), and each position's value learns towards what that search found
it worth (search bootstrapping, `search_play`): one-ply self-play learns what a position
is worth between players who leave pieces to be taken, which is not what the positions
a search reaches are worth; `--anchor` mixes each such target with the game's result
for its seat, so the search's own errors cannot drag the values of the seat to act down
game after game. Game `index` draws its randomness from `seed` and `index`
alone, so a run stopped and started again (from the weights it saved, which say how
many games trained them) plays on exactly as one run would.

Every `--check` games the weights are saved to the game's own file
(`ValueShape.weights`, shipped with the package; `--weights` names another, to start
from and save to, and the log is then named after it) and judged: against the weights
of the check before (each side playing as it trains, after two random moves), and
against plain UCT (`benchmarks.uct`) given `--uct-seconds` a move; a line of JSON per
check is appended to `benchmarks/results/training/<name>.jsonl` (the kept log).

    nice -n 19 python -m benchmarks.train shiftago --depth 2 --rate 0.001 \
        --weights /tmp/shiftago-d2.npz    # a candidate, beside the shipped weights
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import deque
from collections.abc import Hashable
from pathlib import Path

import numpy as np

import games
from ai.rewards import outcome_rewards
from ai.value import Floats, Network, Reading, StaleWeights
from benchmarks.series import cpu_clock
from benchmarks.uct import PlainUCT
from games.base import Game, GameState, ValueShape

LOG_FOLDER = Path(__file__).parent / "results" / "training"
#: A self-play game still running after this many plies is given up (not learned from).
MAX_PLIES = 400
#: How many earlier positions a TD(lambda) error reaches back to (lambda^6 < 2% at 1/2).
TRACE_LENGTH = 6
#: Random moves that open every game of a check, so the games differ.
OPENING_PLIES = 2


def greedy_move(net: Network, state: GameState) -> Hashable:
    """The move after which `net` rates the mover's position best (a win in one first;
    a position that ended is worth its result)."""
    win = state.winning_move()
    if win is not None:
        return win
    mover = state.current_player
    assert mover is not None
    moves = list(state.search_moves())
    afters = [state.play(move) for move in moves]
    worth = np.zeros(len(moves), dtype=np.float32)
    readings, places = [], []
    for place, after in enumerate(afters):
        outcome = after.outcome()
        if outcome is not None:
            worth[place] = outcome_rewards(outcome, after.players)[mover]
            continue
        read = net.reading(after, mover)
        if read is None:
            worth[place] = 0.5
            continue
        readings.append(read)
        places.append(place)
    if readings:
        worth[places] = net.values(
            np.array([r.cells for r in readings]),
            np.array([r.to_act for r in readings]),
            np.array([r.prior for r in readings], dtype=np.float32),
        )
    return moves[int(np.argmax(worth))]


def values_of(net: Network, states: list[GameState], seat: int) -> Floats:
    """`seat`'s value of each running position of `states` by `net` (1/2 where the
    learned value does not apply), in one batch."""
    worth = np.full(len(states), 0.5, dtype=np.float32)
    readings = [net.reading(state, seat) for state in states]
    places = [place for place, read in enumerate(readings) if read is not None]
    if places:
        found = [readings[place] for place in places]
        worth[places] = net.values(
            np.array([r.cells for r in found if r is not None]),
            np.array([r.to_act for r in found if r is not None]),
            np.array([r.prior for r in found if r is not None], dtype=np.float32),
        )
    return worth


def searched(net: Network, state: GameState) -> tuple[Hashable, float]:
    """The mover's best move and its worth by a search two plies deep: each move is
    worth its result where it ends the game, else the least the mover keeps after the
    other seat's best reply (its result where that ends the game, else `net`'s value of
    the position, where the mover is to act again). Both plies end at a position with
    the same seat to act, so a bias of the network for the side to move cannot sway the
    choice, and a piece left to be taken is seen."""
    mover = state.current_player
    assert mover is not None
    best: tuple[Hashable, float] | None = None
    for move in state.search_moves():
        after = state.play(move)
        outcome = after.outcome()
        if outcome is not None:
            worth = outcome_rewards(outcome, after.players)[mover]
        elif after.winning_move() is not None:
            worth = 0.0
        else:
            running, ended = [], []
            for reply in after.search_moves():
                then = after.play(reply)
                result = then.outcome()
                if result is None:
                    running.append(then)
                else:
                    ended.append(outcome_rewards(result, then.players)[mover])
            worth = min([*ended, *values_of(net, running, mover).tolist()], default=0.5)
        if best is None or worth > best[1]:
            best = (move, worth)
        if worth >= 1.0:
            break
    assert best is not None
    return best


def search_play(
    net: Network,
    game: Game,
    index: int,
    seed: int,
    epsilon: float,
    rate: float,
    anchor: float = 0.0,
) -> tuple[float, int]:
    """Play and learn from self-play game `index` by search bootstrapping (RootStrap,
    Veness, Silver, Uther and Blair, "Bootstrapping from Game Tree Search", 2009): each
    position's value, for both seats, moves towards what the two-ply search (`searched`)
    finds it worth, and the searched move is played (a random one with odds `epsilon`);
    returns the sum of the squared errors and how many values learned.

    The values learn once the game is over, each towards its search's value mixed with
    the game's result, `anchor` parts of the result: a search's value is the least of
    the network's values after the replies, so its own errors pull it down, and left
    alone the values of the seat to act drift lower and lower with each game (the
    first run learning from a search did); the result, which no estimate wrote, holds
    them to what games show."""
    rng = random.Random(f"{seed}:{index}")
    state = game.new(players=2, seed=index)
    learned: list[tuple[int, Reading, float]] = []
    while state.outcome() is None and state.ply < MAX_PLIES:
        mover = state.current_player
        assert mover is not None
        move, worth = searched(net, state)
        for seat, target in ((mover, worth), (1 - mover, 1.0 - worth)):
            read = net.reading(state, seat)
            if read is not None:
                learned.append((seat, read, target))
        if rng.random() < epsilon:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        state = state.play(move)
    outcome = state.outcome()
    result = (0.5, 0.5) if outcome is None else outcome_rewards(outcome, 2)
    squared = 0.0
    for seat, read, target in learned:
        error = net.learn(read, (1.0 - anchor) * target + anchor * result[seat], rate)
        squared += error * error
    return squared, len(learned)


def network_move(net: Network, state: GameState, depth: int) -> Hashable:
    """The move `net` plays in `state`: greedily at `depth` 1, by `searched` at 2."""
    return greedy_move(net, state) if depth == 1 else searched(net, state)[0]


def target_of(net: Network, after: GameState, seat: int) -> float | None:
    """What the value of the position before `after` learns towards, for `seat`."""
    outcome = after.outcome()
    if outcome is not None:
        return outcome_rewards(outcome, after.players)[seat]
    return net.value(after, seat)


def self_play(
    net: Network,
    game: Game,
    index: int,
    seed: int,
    epsilon: float,
    rate: float,
    trace: float = 0.0,
) -> tuple[float, int]:
    """Play and learn from self-play game `index`; returns the sum of the squared errors
    and how many values learned. With a `trace` (lambda) above 0, each error also
    moves the seat's values of the `TRACE_LENGTH` positions before, lambda times less
    for each step back (TD(lambda), its trace cut short)."""
    rng = random.Random(f"{seed}:{index}")
    state = game.new(players=2, seed=index)
    squared, steps = 0.0, 0
    traces: list[deque[Reading]] = [deque(maxlen=TRACE_LENGTH) for _ in range(2)]
    while state.outcome() is None and state.ply < MAX_PLIES:
        before = [net.reading(state, seat) for seat in range(2)]
        if rng.random() < epsilon:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        else:
            move = greedy_move(net, state)
        state = state.play(move)
        for seat, read in enumerate(before):
            target = target_of(net, state, seat)
            if read is None or target is None:
                continue
            error = net.learn(read, target, rate)
            if trace > 0:
                for back, earlier in enumerate(reversed(traces[seat]), start=1):
                    net.nudge(earlier, rate * error * trace**back)
                traces[seat].append(read)
            squared += error * error
            steps += 1
    return squared, steps


def match(
    game: Game, first: Network, second: Network | PlainUCT, index: int, seed: int, depth: int = 1
) -> float:
    """`first`'s share of the result of one game against `second` (a network playing
    greedily, or by the two-ply search at `depth` 2, or plain UCT), after
    `OPENING_PLIES` random moves; `first` takes seat `index % 2`."""
    rng = random.Random(f"{seed}:check:{index}")
    state = game.new(players=2, seed=10**6 + index)
    seat = index % 2
    while state.outcome() is None and state.ply < MAX_PLIES:
        to_act = state.current_player
        assert to_act is not None
        if state.ply < OPENING_PLIES:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        elif to_act == seat:
            move = network_move(first, state, depth)
        elif isinstance(second, Network):
            move = network_move(second, state, depth)
        else:
            move = second.choose(state, to_act)
        state = state.play(move)
    outcome = state.outcome()
    return 0.5 if outcome is None else outcome_rewards(outcome, 2)[seat]


def starting_network(shape: ValueShape, path: Path | None = None) -> Network:
    """The saved weights to train on from (the game's own file by default), or a blank
    network (none saved, or saved for other rules)."""
    try:
        return Network.load(shape, path)
    except (OSError, StaleWeights):
        return Network.blank(shape)


def rate_after(rate: float, played: int, halving: int) -> float:
    """The learning rate once `played` games have trained the network: `rate`, halved
    every `halving` games (smoothly), or `rate` throughout where `halving` is 0."""
    return rate * 0.5 ** (played / halving) if halving else rate


def copy_of(net: Network) -> Network:
    """A frozen copy of `net`, to play against later."""
    return Network(net.shape, net.weights.copy(), games=net.games)


def main() -> None:
    """Train the named game's value until the time is up, checking and saving as it goes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--minutes", type=float, default=60.0, help="wall time to train")
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--rate", type=float, default=0.002, help="learning rate per weight")
    parser.add_argument(
        "--halving", type=int, default=0, help="games over which the rate halves (0: it stays)"
    )
    parser.add_argument(
        "--anchor", type=float, default=0.0, help="--depth 2: the game's result's part of a target"
    )
    parser.add_argument("--epsilon", type=float, default=0.1, help="share of random moves")
    parser.add_argument("--trace", type=float, default=0.5, help="TD(lambda)'s lambda")
    parser.add_argument("--check", type=int, default=2000, help="games between checks")
    parser.add_argument("--check-games", type=int, default=20)
    parser.add_argument("--uct-seconds", type=float, default=0.2, help="CPU seconds a move")
    parser.add_argument("--uct-games", type=int, default=10)
    parser.add_argument(
        "--depth",
        type=int,
        choices=(1, 2),
        default=1,
        help="1: TD(lambda) from greedy self-play; 2: targets from a two-ply search",
    )
    parser.add_argument(
        "--weights",
        type=Path,
        help="the file to start from and save to (the game's shipped file by default)",
    )
    args = parser.parse_args()
    cpu_clock()  # plain UCT thinks for CPU seconds, however busy the machine
    game = games.get(args.game)
    shape = game.kind.engine.value_shape
    if shape is None:
        raise SystemExit(f"{game.title} has no learned value (no value_shape).")
    weights = args.weights or shape.weights
    net = starting_network(shape, weights)
    previous = copy_of(net)
    LOG_FOLDER.mkdir(parents=True, exist_ok=True)
    log_path = LOG_FOLDER / f"{weights.stem if args.weights else game.name}.jsonl"
    started = time.monotonic()
    deadline = started + args.minutes * 60
    squared, steps, since = 0.0, 0, time.process_time()
    while time.monotonic() < deadline:
        rate = rate_after(args.rate, net.games, args.halving)
        if args.depth == 2:
            s, n = search_play(net, game, net.games, args.seed, args.epsilon, rate, args.anchor)
        else:
            s, n = self_play(net, game, net.games, args.seed, args.epsilon, rate, args.trace)
        squared, steps = squared + s, steps + n
        net.games += 1
        if net.games % args.check and time.monotonic() < deadline:
            continue
        net.save(weights)
        trained_cpu = time.process_time() - since
        k = args.check_games
        versus_previous = (
            sum(match(game, net, previous, i, args.seed, args.depth) for i in range(k)) / k
        )
        uct = PlainUCT(args.uct_seconds, random.Random(args.seed))
        u = args.uct_games
        versus_uct = sum(match(game, net, uct, i, args.seed, args.depth) for i in range(u)) / u
        entry = {
            "games": net.games,
            "rules": shape.rules,
            "seed": args.seed,
            "rate": args.rate,
            "halving": args.halving,
            "rate_now": rate,
            "anchor": args.anchor,
            "epsilon": args.epsilon,
            "trace": args.trace,
            "depth": args.depth,
            "cpu_seconds_training": round(trained_cpu, 1),
            "mean_squared_td_error": round(squared / max(steps, 1), 5),
            "score_vs_previous_check": versus_previous,
            "previous_check_games": previous.games,
            "score_vs_plain_uct": versus_uct,
            "uct_seconds": args.uct_seconds,
            "uct_games": u,
            "check_games": k,
        }
        with log_path.open("a") as log:
            log.write(json.dumps(entry) + "\n")
        print(json.dumps(entry), flush=True)
        previous = copy_of(net)
        squared, steps, since = 0.0, 0, time.process_time()


if __name__ == "__main__":
    main()
