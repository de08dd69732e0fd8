"""What Shifty tells the playing engine: the shortest chains of each colour and the moves
worth searching (placements and moves onto those chains; central points and points by a
stone in the opening)."""

from __future__ import annotations

from games.shifty import SHIFTY, Place, Shift, ShiftyState
from games.shifty.heuristics import shortest_paths
from tests.games.shifty_helpers import BLACK_COLUMN, position

# Black has c1-c2 and c4-c5: two gaps of one point (rows 3 and 6), two points to fill.
GAPS = """
. . B . . .
. . B . . .
. . . . . .
. . B . . .
. . B . . .
. . . . . .
"""
# Black's c1-c4 needs two points; White's e5-f5, both on White's chain, may move.
RACE = """
. . B . . .
. . B . . .
. . B . . .
. . B . . .
. . . . W W
. . . . . .
"""
# Black's c1 holds the top edge; c2 and d2 may move, as neither is needed to reach it.
SPARE = """
. . B . . .
. . B B . .
. . . . . .
. . . . . .
. W . . W .
. . . . . .
"""


def names(state: ShiftyState, board: int) -> list[str]:
    """The names of a bitboard's points."""
    return state.grid.names(board)


def searched(state: ShiftyState) -> list[str]:
    """The notation of the moves the engine searches."""
    return [state.format_move(m) for m in state.search_moves()]


def test_the_shortest_chains_run_through_the_gaps() -> None:
    state = position(GAPS)
    black, white = state.stones
    paths = shortest_paths(6, black, white, 0)
    assert paths is not None
    assert paths.distance == 2
    assert names(state, paths.empty) == ["b3", "c3", "d3", "b6", "c6", "d6"]


def test_a_colour_walled_off_from_its_edge_has_no_chain() -> None:
    state = position(BLACK_COLUMN.replace(". W . W . .", "W W W W W W"))
    assert shortest_paths(6, state.stones[0], state.stones[1], 0) is None


def test_the_block_and_the_own_chain_are_searched_not_the_placements_beside() -> None:
    state = position(BLACK_COLUMN, "White")
    assert searched(state) == ["a6", "c6", "e6"]  # c6 stops Black; a6 and e6 extend White
    assert {"b5", "d5"} <= {state.format_move(m) for m in state.legal_moves()}


def test_only_stones_that_can_be_spared_move_and_only_onto_a_chain() -> None:
    state = position(SPARE)
    black, white = state.stones
    mine, theirs = shortest_paths(6, black, white, 0), shortest_paths(6, white, black, 1)
    assert mine is not None and theirs is not None
    worth = state.search_moves()
    shifts = [m for m in worth if isinstance(m, Shift)]
    assert {names(state, 1 << m.origin)[0] for m in shifts} == {"c2", "d2"}
    assert all((mine.empty | theirs.empty) >> m.target & 1 for m in shifts)
    legal_shifts = [m for m in state.legal_moves() if isinstance(m, Shift)]
    assert any(m.origin == state.grid.index(2, 0) for m in legal_shifts), "c1 may move"
    placed = [state.format_move(m) for m in worth if isinstance(m, Place)]
    assert placed == ["c3", "d3"]  # not b1, d1, b2 or e2, off every shortest chain


def test_any_stone_may_jump_to_block_next_to_the_enemy_chain() -> None:
    state = position(RACE, "White")
    assert searched(state) == ["d5", "e6", "e5-b5", "e5-c5", "e5-d5"]
    assert {"e5-d4", "e5-a5", "f5-f3"} <= {state.format_move(m) for m in state.legal_moves()}


def test_the_first_stone_is_searched_away_from_the_edges() -> None:
    state = SHIFTY.new(2, options={"size": 6})
    assert searched(state) == ["c3", "d3", "c4", "d4"]
    assert len(state.legal_moves()) == 36


def test_the_reply_to_an_edge_stone_is_searched_beside_it() -> None:
    state = SHIFTY.new(2, options={"size": 6})
    state = state.play(state.parse_move("a1"))
    assert searched(state) == ["swap", "b1", "a2", "b2", "c3", "d3", "c4", "d4"]
