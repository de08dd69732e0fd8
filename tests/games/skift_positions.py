"""Shared Skift test positions and pieces."""

from __future__ import annotations

from games.skift import Piece

W_KING, W_PAWN, B_KING, B_PAWN = Piece(0, "K"), Piece(0, "P"), Piece(1, "K"), Piece(1, "P")

# White controls the landlocked centre E and the bottom-centre H.
GRID = """
Skift: White to move
     a b  c d  e f
  1  . .  . b  . .   A B C
  2  . .  . .  . .
  3  . .  W .  . B   D E F
  4  . .  . .  . b
  5  . .  w .  . .   G H I
  6  . .  . .  . .
"""

#: Tiles A and C with the gap B between them, joined through D, E and F below: White's
#: king on a1 pushes the pawn on b1 into the gap, where it falls.
GAP = """
Skift: White to move
     a b  c d  e f
  1  W b  ~ ~  . B   A ~ C
  2  . w  ~ ~  . .
  3  . .  . .  . .   D E F
  4  . .  . .  . b
"""

#: Four tiles in a square; a row of mixed pieces along the top edge, Black's only king on
#: d1 at its front.
ROW = """
Skift: White to move
     a b  c d
  1  W b  w B   A B
  2  . .  . .
  3  . .  . .   D E
  4  . .  b w
"""
