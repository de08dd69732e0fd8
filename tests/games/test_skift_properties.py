"""Skift invariants under random play (hypothesis), and the fast splinter test against BFS."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.skift import SKIFT, SkiftState
from games.skift.actions import splinter_groups, tile_shift
from games.skift.geometry import PIECE_STEPS, TILE_STEPS, groups, is_connected
from games.skift.model import KING

STEPS = list(PIECE_STEPS.values())


def piece_counts(state: SkiftState) -> tuple[int, ...]:
    """Kings and pawns of each seat."""
    return (*state.counts(0), *state.counts(1))


@settings(max_examples=60, deadline=None)
@given(choices=st.lists(st.integers(min_value=0), min_size=1, max_size=120))
def test_random_play_keeps_the_invariants(choices: list[int]) -> None:
    state = SKIFT.new(players=2)
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        after = state.play(moves[choice % len(moves)])
        cells = set(after.tiles.values())
        assert len(cells) == len(after.tiles), "tiles never overlap"
        assert is_connected(cells), "tiles stay connected"
        for (x, y), piece in after.pieces.items():
            assert (x // 2, y // 2) in cells, f"{piece} at {(x, y)} stands off the tiles"
        before_counts, after_counts = piece_counts(state), piece_counts(after)
        assert all(a <= b for a, b in zip(after_counts, before_counts, strict=True))
        assert set(after.tiles) <= set(state.tiles), "no tile appears"
        assert after.ply == state.ply + 1 and after.to_move == 1 - state.to_move
        kings = sum(p.kind == KING for p in after.pieces.values())
        assert kings == after_counts[0] + after_counts[2]
        state = after


@st.composite
def tile_sets(draw: st.DrawFn) -> set[tuple[int, int]]:
    """A random connected set of up to nine tile cells, grown one neighbour at a time."""
    cells = [(0, 0)]
    for pick, step in draw(
        st.lists(st.tuples(st.integers(0, 99), st.sampled_from(STEPS)), max_size=8)
    ):
        x, y = cells[pick % len(cells)]
        cell = (x + step[0], y + step[1])
        if cell not in cells:
            cells.append(cell)
    return set(cells)


@settings(max_examples=300, deadline=None)
@given(cells=tile_sets())
def test_the_fast_splinter_test_agrees_with_a_full_search(cells: set[tuple[int, int]]) -> None:
    by_cell = {cell: chr(ord("A") + i) for i, cell in enumerate(sorted(cells))}
    tiles = {name: cell for cell, name in by_cell.items()}
    for name in tiles:
        for direction in TILE_STEPS:
            shift = tile_shift(tiles, by_cell, name, direction)
            after = shift.new_cells(by_cell)
            assert len(after) == len(by_cell)
            found = splinter_groups(shift, by_cell)
            full = groups(after)
            assert (found is None) == (len(full) == 1)
            if found is not None:
                assert sorted(map(len, found)) == sorted(map(len, full))
