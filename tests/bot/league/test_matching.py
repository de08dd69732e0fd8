"""The blossom matching behind Swiss pairings, against a brute-force search."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from random import Random

from bot.league.matching import Allowed, can_pair_all, preferred_pairs


def brute_force(players: Sequence[int], allowed: Allowed) -> bool:
    """Whether the players can all be paired, by trying every partner of the first."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        allowed(first, partner) and brute_force([p for p in rest if p != partner], allowed)
        for partner in rest
    )


def test_matching_agrees_with_brute_force_on_random_graphs() -> None:
    rng = Random(11)
    found = {True: 0, False: 0}
    for _ in range(1500):
        count = rng.choice([2, 4, 6, 8, 10])
        density = rng.random()
        edges = {frozenset(e) for e in combinations(range(count), 2) if rng.random() < density}

        def allowed(a: int, b: int, edges: set[frozenset[int]] = edges) -> bool:
            return frozenset((a, b)) in edges

        players = list(range(count))
        expected = brute_force(players, allowed)
        found[expected] += 1
        assert can_pair_all(players, allowed) == expected
        pairs = preferred_pairs(players, allowed, lambda a, b, w: (rng.random(),))
        assert (pairs is not None) == expected
        if pairs is not None:
            assert sorted(p for pair in pairs for p in pair) == players
            assert all(allowed(a, b) for a, b in pairs)
    assert min(found.values()) > 100  # both answers were tested often


def test_the_first_player_gets_its_favourite_partner_that_leaves_a_pairing() -> None:
    # 0's favourite is 1, but then 2 and 3 (who may not meet) would be left together
    forbidden = {frozenset((2, 3))}

    def allowed(a: int, b: int) -> bool:
        return frozenset((a, b)) not in forbidden

    pairs = preferred_pairs([0, 1, 2, 3], allowed, lambda a, b, w: (b,))
    assert pairs == [(0, 2), (1, 3)]


def test_an_odd_number_cannot_be_paired() -> None:
    assert not can_pair_all([1, 2, 3], lambda a, b: True)
    assert preferred_pairs([1, 2, 3], lambda a, b: True, lambda a, b, w: (0,)) is None
