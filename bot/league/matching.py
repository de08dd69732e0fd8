"""Pairing players two by two when some pairs are not allowed: Edmonds' blossom algorithm
for a perfect matching, and a greedy pairing that never paints itself into a corner.

`preferred_pairs` pairs the players in order: the first unpaired player takes the
partner it prefers most among those that still leave every other player a partner (the
matching found so far proves it, or one augmenting path repairs it). So it finds pairs
whenever any perfect matching of the allowed pairs exists.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

Allowed = Callable[[int, int], bool]
Preference = Callable[[int, int, Sequence[int]], tuple[float, ...]]


class _Graph:
    """The allowed pairs among some players, with a matching that grows by augmenting
    paths (Edmonds' algorithm with blossom contraction, on indices)."""

    def __init__(self, players: Sequence[int], allowed: Allowed) -> None:
        self.players = list(players)
        size = len(self.players)
        self.adjacent: list[list[int]] = [
            [j for j in range(size) if j != i and allowed(self.players[i], self.players[j])]
            for i in range(size)
        ]
        self.mate: list[int] = [-1] * size
        self.gone: list[bool] = [False] * size

    def match_all(self) -> bool:
        """Grow the matching to a maximum one; whether it pairs every present player."""
        for v in range(len(self.players)):
            if self.gone[v] or self.mate[v] != -1:
                continue
            for to in self.adjacent[v]:
                if not self.gone[to] and self.mate[to] == -1:
                    self.mate[v], self.mate[to] = to, v
                    break
        for v in range(len(self.players)):
            if not self.gone[v] and self.mate[v] == -1 and not self._augment(v):
                return False
        return True

    def _augment(self, root: int) -> bool:
        """Find an augmenting path from the unmatched `root` and flip it."""
        size = len(self.players)
        mate = self.mate
        parent = [-1] * size
        base = list(range(size))
        used = [False] * size
        used[root] = True
        queue = deque([root])

        def common_base(a: int, b: int) -> int:
            seen = [False] * size
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, stop: int, child: int, blossom: list[bool]) -> None:
            while base[v] != stop:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in self.adjacent[v]:
                if self.gone[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    stop = common_base(v, to)
                    blossom = [False] * size
                    mark(v, stop, to, blossom)
                    mark(to, stop, v, blossom)
                    for i in range(size):
                        if blossom[base[i]]:
                            base[i] = stop
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:
                            back = parent[to]
                            onward = mate[back]
                            mate[to], mate[back] = back, to
                            to = onward
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False

    def fix(self, a: int, b: int) -> bool:
        """Pair `a` with `b` for good if the others can still all be paired; otherwise
        leave the matching as it was and answer False."""
        saved = list(self.mate)
        old_a, old_b = self.mate[a], self.mate[b]
        self.gone[a] = self.gone[b] = True
        self.mate[a], self.mate[b] = b, a
        if old_a != b:
            self.mate[old_a] = self.mate[old_b] = -1
            if not self._augment(old_a):
                self.mate = saved
                self.gone[a] = self.gone[b] = False
                return False
        return True


def can_pair_all(players: Sequence[int], allowed: Allowed) -> bool:
    """Whether the players can all be paired using allowed pairs only."""
    return len(players) % 2 == 0 and _Graph(players, allowed).match_all()


def preferred_pairs(
    players: Sequence[int], allowed: Allowed, preference: Preference
) -> list[tuple[int, int]] | None:
    """Pairs of allowed partners for all `players` (None if there are none): in turn,
    the first unpaired player takes the partner with the smallest `preference(first,
    partner, unpaired)` that still leaves everyone else a partner (`unpaired` keeps
    the order of `players`)."""
    if len(players) % 2:
        return None
    graph = _Graph(players, allowed)
    if not graph.match_all():
        return None
    index = {player: i for i, player in enumerate(players)}
    waiting = list(players)
    pairs: list[tuple[int, int]] = []
    while waiting:
        first = waiting[0]
        for partner in sorted(waiting[1:], key=lambda q: preference(first, q, waiting)):
            if allowed(first, partner) and graph.fix(index[first], index[partner]):
                break
        else:  # pragma: no cover - the matching found above proves a partner exists
            raise AssertionError("The matching lost a partner it had found.")
        pairs.append((first, partner))
        waiting.remove(first)
        waiting.remove(partner)
    return pairs
