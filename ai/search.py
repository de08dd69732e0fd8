"""Monte Carlo tree search for any game of `games.base`, for one or many players.

Each node of the tree keeps the statistics of the seat that chose the move leading to
it (max^n-style UCT): every seat picks what is best for itself, so in a game of three or
four the bot maximises its own result among several opponents. One iteration:

1. take the root position, or, in a game with hidden information or chance, a fresh
   `determinize` of the bot's view (single-observer information-set MCTS: the tree is
   shared, and a node offers only the moves legal in this iteration's deal);
2. descend by UCB1 (with the budget's `exploration` constant) while every move worth
   searching (`search_moves`) has been tried, then try one new move;
3. simulate with `playout_move` for at most `playout_plies` plies (the level's, or the
   game's own if fewer), then let the game's `heuristic` judge (a game without one is
   played out to its end); where the level uses the game's learned value (`ai.value`,
   `Budget.learned`) and it applies to the position, the learned value judges instead;
4. add the rewards (one per seat) along the path.

In a game without secrets or chance, a position within `lookahead` plies of the root
(for a level that looks past the reply, times the game's `lookahead_factor`) is checked
for a win in one for the seat to act when the search comes back to it; if there is one,
the position counts as won for that seat from then on, so the search soon sees the moves
that hand an opponent a win. (Where the deal decides, positions are judged afresh each
iteration.)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from ai.levels import Budget
from ai.rewards import Rewards, draw_rewards, judged_rewards, outcome_rewards
from ai.value import Network, learned_rewards, network
from games.base import GameState

#: How often (in iterations) the search checks whether its choice is settled.
SETTLED_CHECK = 50
#: A simulated game without a heuristic is given up as undecided after this many plies.
MAX_PLAYOUT_PLIES = 400


@dataclass(eq=False)
class Node:
    """One position in the tree: the moves tried from it and the chooser's statistics."""

    depth: int
    children: dict[Hashable, Node] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0  # reward sum of the seat that moved into this node
    state: GameState | None = None  # kept only when positions do not depend on the deal
    settled: Rewards | None = None  # the rewards once the node is ended or won in one
    unchecked: bool = False  # a win in one is still to be looked for (on the next visit)

    def mean(self) -> float:
        """The mean reward of the seat that chose this node."""
        return self.total / self.visits if self.visits else 0.0


@dataclass
class Search:
    """One search from `root` (the bot's view of the position) for the seat to act."""

    root: GameState
    budget: Budget
    rng: random.Random
    exact: bool = field(init=False)
    _lookahead: int = field(init=False)  # the budget's, deepened by the game's factor
    _network: Network | None = field(init=False)  # the learned value, where the level uses it
    tree: Node = field(init=False)
    iterations: int = 0
    #: For each move tried at the root: every seat's rewards summed over the iterations
    #: through it (the tree keeps only the chooser's), for `seat_means`.
    outlook: dict[Hashable, list[float]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        game = self.root.game
        self.exact = not (game.kind.hidden_information or game.kind.chance)
        self.tree = Node(depth=0, state=self.root if self.exact else None)
        depth = self.budget.lookahead
        self._lookahead = depth * game.kind.engine.lookahead_factor if depth > 1 else depth
        self._network = network(game) if self.budget.learned else None

    def run(self) -> None:
        """Iterate until the budget's iterations are spent, the most searched move can no
        longer be overtaken in the iterations left, or the time cap is reached."""
        started = time.perf_counter()
        deadline = started + self.budget.seconds
        while self.iterations < self.budget.iterations:
            self.iterate()
            self.iterations += 1
            now = time.perf_counter()
            if self.iterations % SETTLED_CHECK == 0 and self._settled(started, now, deadline):
                break
            if now >= deadline:
                break

    def _settled(self, started: float, now: float, deadline: float) -> bool:
        """Whether the root's most visited move leads the next by more visits than the
        iterations left, the budget's or (where the time cap comes first) as many as the
        time left allows at the pace so far: the rest of the search would choose the
        same move (a long budget, master's, stops as soon as its choice is plain)."""
        visits = sorted((c.visits for c in self.tree.children.values()), reverse=True)
        second = visits[1] if len(visits) > 1 else 0
        left = self.budget.iterations - self.iterations
        pace = self.iterations / max(now - started, 1e-9)
        return bool(visits) and visits[0] - second > min(left, pace * (deadline - now))

    def iterate(self) -> None:
        """One iteration: deal, descend, expand one move, simulate, add up the rewards."""
        node = self.tree
        state = self.root if self.exact else self.root.determinize(self.rng)
        path: list[tuple[Node, int]] = []
        first: Hashable | None = None  # the move tried at the root
        rewards: Rewards | None = None
        while True:
            if node.unchecked:
                node.unchecked = False
                node.settled = winning_rewards(state)
            if node.settled is not None:
                rewards = node.settled
                break
            player = state.current_player
            if player is None:  # ended in this deal (only where nodes are not settled)
                rewards = self._simulate(state)
                break
            moves = state.search_moves()
            # In an exact search a node's moves never change, so once there are as many
            # children as moves every one has been tried.
            tried_all = self.exact and len(node.children) == len(moves)
            untried = [] if tried_all else [m for m in moves if m not in node.children]
            if untried:
                move = untried[self.rng.randrange(len(untried))]
                first = first if path else move
                state = state.play(move)
                child = self._new_node(node, state)
                node.children[move] = child
                path.append((child, player))
                node = child
                rewards = self._simulate(state) if child.settled is None else child.settled
                break
            move, node = self._select(node, moves)
            first = first if path else move
            state = node.state if node.state is not None else state.play(move)
            path.append((node, player))
        self.tree.visits += 1
        for visited, chooser in path:
            visited.visits += 1
            visited.total += rewards[chooser]
        if first is not None:
            sums = self.outlook.setdefault(first, [0.0] * len(rewards))
            for seat, reward in enumerate(rewards):
                sums[seat] += reward

    def _select(self, node: Node, moves: Iterable[Hashable]) -> tuple[Hashable, Node]:
        """The tried move with the best UCB1 value among those legal now."""
        log_visits = math.log(node.visits + 1)
        exploration = self.budget.exploration
        best: tuple[Hashable, Node] | None = None
        best_value = -1.0
        for move in moves:
            child = node.children[move]
            value = child.mean() + exploration * math.sqrt(log_visits / (child.visits + 1e-9))
            if value > best_value:
                best, best_value = (move, child), value
        assert best is not None
        return best

    def _new_node(self, parent: Node, state: GameState) -> Node:
        """The node for `state`: settled when the game ended; within the lookahead, to be
        checked for a win in one when the search comes back to it (most new positions
        are visited once, and the check costs a play of every move)."""
        node = Node(depth=parent.depth + 1, state=state if self.exact else None)
        if not self.exact:  # what ends or wins here depends on the deal
            return node
        outcome = state.outcome()
        if outcome is not None:
            node.settled = outcome_rewards(outcome, state.players)
        else:
            node.unchecked = node.depth <= self._lookahead
        return node

    def _simulate(self, state: GameState) -> Rewards:
        """Play on with `playout_move`, then judge: the end's rewards, or the heuristic's."""
        limit = self.budget.playout_plies
        if state.game.kind.engine.playout_plies is not None:
            limit = min(limit, state.game.kind.engine.playout_plies)
        plies = 0
        while True:
            outcome = state.outcome()
            if outcome is not None:
                return outcome_rewards(outcome, state.players)
            if plies >= limit:
                learned = None if self._network is None else learned_rewards(state, self._network)
                if learned is not None:
                    return learned
                judged = judged_rewards(state)
                if judged is not None:
                    return judged
                if plies >= MAX_PLAYOUT_PLIES:
                    return draw_rewards(state.players)
            state = state.play(state.playout_move(self.rng))
            plies += 1

    def ranked_moves(self) -> list[tuple[Hashable, Node]]:
        """The root's tried moves, most visited first (then the better mean, then the
        order the game lists them in)."""
        order = {m: i for i, m in enumerate(self.root.search_moves())}
        tried = [(m, c) for m, c in self.tree.children.items() if m in order]
        return sorted(tried, key=lambda mc: (-mc[1].visits, -mc[1].mean(), order[mc[0]]))

    def seat_means(self, move: Hashable | None = None) -> tuple[float, ...]:
        """Every seat's mean reward over the iterations that tried `move` at the root
        (None: over every iteration, whatever was tried)."""
        if move is not None:
            visits = self.tree.children[move].visits
            return tuple(total / max(visits, 1) for total in self.outlook[move])
        sums = [sum(column) for column in zip(*self.outlook.values(), strict=True)]
        return tuple(total / max(self.tree.visits, 1) for total in sums)


def winning_rewards(state: GameState) -> Rewards | None:
    """The rewards of the win in one the seat to act has here, or None if it has none."""
    move = state.winning_move()
    if move is None:
        return None
    outcome = state.play(move).outcome()
    assert outcome is not None
    return outcome_rewards(outcome, state.players)
