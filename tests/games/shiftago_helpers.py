"""Building Shiftago positions for the scenario tests from a drawing of the tray."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.shiftago import LETTERS, SHIFTAGO, ShiftagoState

# 21 Orange, 22 Green, six empty squares, no line of four of either colour.
NEARLY_OUT = """
    G G O O G O G
    G O O . O G O
    G . O O O G G
    O G G G . G O
    G G . G O O O
    O O G G G . G
    O G O O O . G
"""

# 48 marbles, 12 of each colour, only d5 empty, no line of three anywhere.
NEARLY_FULL = """
    O W B O G W O
    B G W O G B O
    O W B G O G G
    B G B W W B O
    B W G . W O G
    G W B B G O B
    W O W O B G W
"""

# Green on b1, b2 and b4 to b6; Orange on a7. Orange's Nb pushes b1-b2 into the gap and
# makes Green's column b2-b6, a line of five that Green did not insert.
GREEN_COLUMN_FOR_ORANGE_TO_PUSH = """
    . G . . . . .
    . G . . . . .
    . . . . . . .
    . G . . . . .
    . G . . . . .
    . G . . . . .
    O . . . . . .
"""


def position(
    rows: str,
    *,
    players: int = 2,
    turn: int = 0,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> ShiftagoState:
    """A state with the tray drawn as 7 rows of `.OGBW` (spaces ignored), `turn` to insert,
    every supply holding the marbles not on the tray; other fields via keyword."""
    cells = [c for c in rows if not c.isspace()]
    assert len(cells) == 49, f"drew {len(cells)} cells"
    board = tuple(None if c == "." else LETTERS.index(c) for c in cells)
    state = SHIFTAGO.new(players, options=options)
    supply = tuple(22 - board.count(seat) for seat in range(players))
    return replace(state, board=board, supply=supply, turn=turn, sat_out=(), **fields)


def run_in_row_4(length: int, players: int, options: dict[str, Any] | None = None) -> ShiftagoState:
    """Orange to insert, with a run of `length` Orange marbles from a4 (W4 makes it one
    longer) and the last seat's marble on g7, which keeps the lone-colour rule away."""
    rows = [["."] * 7 for _ in range(7)]
    rows[3][:length] = ["O"] * length
    rows[6][6] = LETTERS[players - 1]
    return position("\n".join(" ".join(row) for row in rows), players=players, options=options)


def rows_of(state: ShiftagoState) -> list[str]:
    """The tray as 7 strings of `.OGBW`, top row first."""
    cells = ["." if m is None else LETTERS[m] for m in state.board]
    return ["".join(cells[r * 7 : r * 7 + 7]) for r in range(7)]


def play(state: ShiftagoState, *texts: str) -> ShiftagoState:
    """Play typed moves one after the other."""
    for text in texts:
        state = state.play(state.parse_move(text))
    return state
