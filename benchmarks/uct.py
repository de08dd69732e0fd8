"""An independent baseline for the playing engine: plain UCT, written apart from `ai/`.

Textbook Monte Carlo tree search through the games' interface (`games.base`) only: UCB1
with the usual exploration constant 2 (a child's mean plus sqrt(2 ln N / n)), one uniform
random playout to the game's end per iteration, rewards per seat (a win 1, a loss 0, a
draw or a shared win its share; every seat maximises its own), and a solver: a position
whose result is certain (the game ended there, the player to act has a move to a proven
best result, or every move from it is proven) is proven, searched no further, and its
proven result is backed up instead of a sample. It knows nothing of any game: no
heuristic, no pruning of moves, no shortened playouts. In a game with hidden information
or chance it searches a fresh `determinize` of its view each iteration (moves legal in
that deal only; nothing is proven, since what ends depends on the deal).

It thinks for a given time per move (`seconds`), so it is a fair yardstick for a level's
time; `benchmarks/ai.py` pits the levels against it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from games.base import GameState, Outcome

#: The exploration constant: UCB1 adds sqrt(EXPLORATION * ln N / n) to a child's mean.
EXPLORATION = 2.0
#: A random playout still running after this many plies is scored as a draw.
MAX_PLAYOUT_PLIES = 1000

Rewards = tuple[float, ...]


def rewards_of(outcome: Outcome, players: int) -> Rewards:
    """Each seat's reward for an ended game: 1 for a win alone, the share of a shared
    win or a draw, 0 for a loss (and for everyone in a lost solo game)."""
    if outcome.winners:
        return tuple(
            1 / len(outcome.winners) if s in outcome.winners else 0.0 for s in range(players)
        )
    share = 1 / players if outcome.draw else 0.0
    return (share,) * players


@dataclass(eq=False)
class Node:
    """A position of the tree: the seat to act there, the moves tried from it, and the
    statistics of the seat that moved into it."""

    to_act: int | None
    children: dict[Hashable, Node] = field(default_factory=dict)
    visits: int = 0
    totals: list[float] = field(default_factory=list)  # reward sums, one per seat
    proven: Rewards | None = None
    moves: int = 0  # how many moves are legal here (0: not counted yet)

    def mean(self, seat: int) -> float:
        """`seat`'s mean reward through this node (its proven reward once proven)."""
        if self.proven is not None:
            return self.proven[seat]
        return self.totals[seat] / self.visits if self.visits else 0.0


class PlainUCT:
    """One player's search: `choose(state, seat)` returns its move after `seconds`."""

    def __init__(self, seconds: float, rng: random.Random) -> None:
        self.seconds = seconds
        self.rng = rng

    def choose(self, state: GameState, seat: int) -> Hashable:
        """The move `seat` (to act in `state`) plays: a proven best move if the search
        proved one, else the most visited move."""
        view = state.view(seat)
        exact = not (view.game.kind.hidden_information or view.game.kind.chance)
        root = Node(to_act=seat, totals=[0.0] * view.players)
        deadline = time.perf_counter() + self.seconds
        while True:  # at least one iteration, so the root has a child
            self._iterate(root, view if exact else view.determinize(self.rng), exact)
            if root.proven is not None or time.perf_counter() >= deadline:
                break
        best = max(root.children.items(), key=lambda item: self._final_value(item[1], seat))
        return best[0]

    @staticmethod
    def _final_value(child: Node, seat: int) -> tuple[float, int]:
        """How a finished search ranks a move: proven results by their value for `seat`
        (a proven loss last, a proven win first), the rest by visits."""
        if child.proven is None:
            return 0.5, child.visits
        if child.proven[seat] == 1:
            return 3.0, child.visits
        return child.proven[seat] - 1.0, child.visits

    def _iterate(self, root: Node, state: GameState, exact: bool) -> None:
        """Select by UCB1, expand one move, play out at random, back up."""
        path = [root]
        node = root
        while node.proven is None and (to_act := state.current_player) is not None:
            moves = state.legal_moves()
            node.moves = len(moves)
            untried = [m for m in moves if m not in node.children]
            if untried:
                move = untried[self.rng.randrange(len(untried))]
                state = state.play(move)
                child = Node(to_act=state.current_player, totals=[0.0] * state.players)
                outcome = state.outcome()
                if outcome is not None and exact:
                    child.proven = rewards_of(outcome, state.players)
                node.children[move] = child
                path.append(child)
                node = child
                break
            move, node = self._select(node, moves, to_act)
            state = state.play(move)
            path.append(node)
        rewards = node.proven if node.proven is not None else self._playout(state)
        for visited in reversed(path):
            visited.visits += 1
            for seat, reward in enumerate(rewards):
                visited.totals[seat] += reward
            if exact and visited.proven is None:
                visited.proven = self._proof(visited)

    @staticmethod
    def _select(node: Node, moves: Sequence[Hashable], seat: int) -> tuple[Hashable, Node]:
        """UCB1 among the tried moves legal now, for `seat`, to act at `node`."""
        log_visits = math.log(node.visits + 1)

        def ucb1(move: Hashable) -> float:
            child = node.children[move]
            return child.mean(seat) + math.sqrt(EXPLORATION * log_visits / (child.visits + 1e-9))

        best = max(moves, key=ucb1)
        return best, node.children[best]

    @staticmethod
    def _proof(node: Node) -> Rewards | None:
        """A proven result for `node` from its children's: the seat to act takes a proven
        child that gives it its best possible result (1), or, once every move is tried
        and proven, the proven child best for it."""
        seat = node.to_act
        if seat is None or not node.children:
            return None
        proven = [c.proven for c in node.children.values() if c.proven is not None]
        winning = [p for p in proven if p[seat] == 1]
        if winning:
            return winning[0]
        if len(proven) < node.moves:
            return None
        return max(proven, key=lambda p: p[seat])

    def _playout(self, state: GameState) -> Rewards:
        """Uniform random moves to the game's end (a draw after MAX_PLAYOUT_PLIES)."""
        for _ in range(MAX_PLAYOUT_PLIES):
            outcome = state.outcome()
            if outcome is not None:
                return rewards_of(outcome, state.players)
            moves = state.legal_moves()
            state = state.play(moves[self.rng.randrange(len(moves))])
        return (1 / state.players,) * state.players
