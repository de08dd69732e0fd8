"""Pattern cards: a value and a small grid of symbols and "any stone" cells.

A card's text form, used by deck files and saved positions, is its value, a colon and its
rows from the top, separated by "/", each row the words of its cells from the left:
`2: sun any / any moon` is a 2x2 pattern worth 2 with the Sun top left and the Moon
bottom right. `any` is a cell that any stone fills. Patterns are never turned or mirrored.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from games.shifting_stones.phrasebook import say
from games.shifting_stones.stones import SIZE, STONES_PER_PAIR, SYMBOLS, symbol_name
from games.wording import Phrase

#: The word for a cell that any stone fills.
ANY_WORD = "any"
#: The card values a deck may hold.
VALUES = (1, 2, 3, 5)
#: The pattern shapes a card may have, as (rows, columns).
SHAPES = ((1, 2), (2, 1), (1, 3), (3, 1), (2, 2), (3, 3))

Pattern = tuple[tuple[int | None, ...], ...]


@dataclass(frozen=True)
class Card:
    """A pattern card: its `value` in points and its `rows` of symbols (None: any stone)."""

    value: int
    rows: Pattern

    @property
    def height(self) -> int:
        """How many rows the pattern has."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """How many columns the pattern has."""
        return len(self.rows[0])

    def text(self) -> str:
        """The card's text form, such as "2: sun any / any moon"."""
        return self._text

    @cached_property
    def _text(self) -> str:
        """The text form, written once per card (every saved position writes every card)."""
        rows = " / ".join(" ".join(_word(cell) for cell in row) for row in self.rows)
        return f"{self.value}: {rows}"

    def words(self) -> Phrase:
        """The card in words for players, a phrase: "2 points: Sun, Any / Any, Moon"."""
        pattern = _row_words(self.rows[0])
        for row in self.rows[1:]:
            pattern = say("{rows} / {row}", rows=pattern, row=_row_words(row))
        return say.counted(
            "{count} point: {pattern}",
            "{count} points: {pattern}",
            count=self.value,
            pattern=pattern,
        )

    @cached_property
    def placements(self) -> tuple[tuple[int, int], ...]:
        """Every place the pattern fits on the grid: (its top-left cell, the bit set of the
        symbols it needs there, as in `stones.grid_mask`)."""
        places = []
        for top in range(SIZE - self.height + 1):
            for left in range(SIZE - self.width + 1):
                mask = 0
                for r, row in enumerate(self.rows):
                    for c, symbol in enumerate(row):
                        if symbol is not None:
                            mask |= 1 << (((top + r) * SIZE + left + c) * len(SYMBOLS) + symbol)
                places.append(((top * SIZE + left), mask))
        return tuple(places)

    def places_on(self, grid_bits: int) -> tuple[int, ...]:
        """The top-left cells of every place where the pattern matches the grid (given as
        `stones.grid_mask`); empty when the card cannot score now."""
        return tuple(corner for corner, mask in self.placements if grid_bits & mask == mask)

    def scores_on(self, grid_bits: int) -> bool:
        """Whether the pattern matches the grid (given as `stones.grid_mask`) somewhere."""
        return any(grid_bits & mask == mask for _, mask in self.placements)


def _word(cell: int | None) -> str:
    return ANY_WORD if cell is None else SYMBOLS[cell]


def _row_words(row: tuple[int | None, ...]) -> str:
    """A row of a pattern for players, its cells named from the left: "Sun, Any"."""
    words = _cell_words(row[0])
    for cell in row[1:]:
        words = say("{cells}, {cell}", cells=words, cell=_cell_words(cell))
    return words


def _cell_words(cell: int | None) -> str:
    """A cell of a pattern for players: its symbol's name, or "Any"."""
    return say("Any") if cell is None else symbol_name(cell)


@lru_cache(maxsize=1024)
def read_card(text: str) -> Card:
    """Read a card's text form; anything wrong raises ValueError saying what, in words.
    (Cached: saved positions repeat the same deck.)"""
    value_text, colon, pattern = text.partition(":")
    if not colon:
        raise ValueError("a card is its value, a colon and its rows, like '2: sun any / any moon'")
    value_text = value_text.strip()
    if not value_text.isdigit() or int(value_text) not in VALUES:
        allowed = ", ".join(str(v) for v in VALUES)
        raise ValueError(f"the value {value_text[:10]!r} is not one of {allowed}")
    rows = tuple(tuple(_read_cell(word) for word in row.split()) for row in pattern.split("/"))
    shape = (len(rows), len(rows[0]))
    if any(len(row) != shape[1] for row in rows):
        raise ValueError("the rows of the pattern are not all equally long")
    if shape not in SHAPES:
        shapes = ", ".join(f"{r}x{c}" for r, c in SHAPES)
        raise ValueError(f"a pattern of {shape[0]}x{shape[1]} cells is none of {shapes}")
    card = Card(int(value_text), rows)
    _check_possible(card)
    return card


def _read_cell(word: str) -> int | None:
    word = word.strip().lower()
    if word == ANY_WORD:
        return None
    if word not in SYMBOLS:
        raise ValueError(f"{word[:20]!r} is no symbol ({', '.join(SYMBOLS)} or {ANY_WORD})")
    return SYMBOLS.index(word)


def _check_possible(card: Card) -> None:
    """Raise ValueError when the pattern names no symbol, or needs more stones of a pair
    than the game has (two Sun/Moon cells: there is one such stone)."""
    symbols = [cell for row in card.rows for cell in row if cell is not None]
    if not symbols:
        raise ValueError("the pattern names no symbol, so it would always score")
    for pair, stones in enumerate(STONES_PER_PAIR):
        needed = sum(1 for symbol in symbols if symbol // 2 == pair)
        if needed > stones:
            faces = f"{symbol_name(2 * pair)}/{symbol_name(2 * pair + 1)}"
            stone_word = "stone" if stones == 1 else "stones"
            raise ValueError(
                f"the pattern can never be made: it needs {needed} {faces} stones and the "
                f"game has {stones} {stone_word}"
            )
