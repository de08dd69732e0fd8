"""Card-pattern odds: how many changes a card is from scoring, and what a hand is worth.

A card's distance is an estimate of the fewest changes (shifts and flips) after which its
pattern shows on the grid. Each symbol a place of the pattern needs costs the steps the
nearest stone of that symbol's pair must travel to its cell (one shift a step) and a flip
if that stone shows the other face; a place costs the sum over its symbols, and the card
the cheapest of its places (0: it scores now), where two symbols that one shift swaps
into place cost one. The estimate is cheap, not exact: two symbols may count on the same
stone, a shift may move a stone the pattern needs where it is.

A hand's worth is the points its cards are likely to bring: each card's value times the
odds that a card at its distance is scored (`ODDS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from games.shifting_stones.cards import Card
from games.shifting_stones.stones import CELLS, SIZE, SYMBOLS, Grid, grid_mask

#: The share of a card's value a hand is worth by the card's distance: scores now, one
#: change away, two, three; farther cards count nothing.
ODDS = (0.6, 0.3, 0.1, 0.03)
#: The distance of a card too far to count.
FAR = len(ODDS)


@lru_cache(maxsize=65536)
def distance(grid: Grid, card: Card) -> int:
    """How many changes `card` is from scoring on `grid` (see the module docstring),
    at most `FAR`."""
    costs, mask = _symbol_costs(grid)
    best = FAR
    for _, needed in card.placements:
        cost = sum(costs[bit] for bit in set_bits(needed))
        if cost == 2 and _one_swap(grid, needed & ~mask):
            cost = 1
        if cost < best:
            best = cost
            if cost == 0:
                break
    return best


def hand_worth(grid: Grid, hand: Iterable[Card]) -> float:
    """The points the cards of `hand` are likely to bring (see the module docstring)."""
    worth = 0.0
    for card in hand:
        away = distance(grid, card)
        if away < FAR:
            worth += card.value * ODDS[away]
    return worth


@lru_cache(maxsize=4096)
def _symbol_costs(grid: Grid) -> tuple[tuple[int, ...], int]:
    """For every bit of `stones.grid_mask` (a symbol on a cell): the changes that bring
    that symbol to that cell, the nearest stone of its pair moved there and turned; and
    the grid's mask."""
    width = len(SYMBOLS)
    costs = [FAR] * (CELLS * width)
    for cell in range(CELLS):
        for source, shown in enumerate(grid):
            steps = _STEPS[cell][source]
            for symbol in (shown, shown ^ 1):
                cost = steps + (symbol != shown)
                costs[cell * width + symbol] = min(costs[cell * width + symbol], cost)
    return tuple(costs), grid_mask(grid)


def _one_swap(grid: Grid, missing: int) -> bool:
    """Whether the symbols `missing` (bits of `stones.grid_mask`) are two on side-by-side
    cells that swapping those cells' stones puts in place."""
    bits = set_bits(missing)
    if len(bits) != 2:
        return False
    (first, wanted_first), (second, wanted_second) = (divmod(b, len(SYMBOLS)) for b in bits)
    return (
        _STEPS[first][second] == 1 and grid[second] == wanted_first and grid[first] == wanted_second
    )


@lru_cache(maxsize=1024)
def set_bits(mask: int) -> tuple[int, ...]:
    """The positions of the bits set in `mask`."""
    return tuple(bit for bit in range(mask.bit_length()) if mask >> bit & 1)


#: Shifts between two cells (steps up, down, left or right).
_STEPS = tuple(
    tuple(abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE) for b in range(CELLS))
    for a in range(CELLS)
)
