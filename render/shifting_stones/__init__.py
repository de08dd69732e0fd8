"""The Shifting Stones picture: the 3x3 grid, the players' scores, the turn, and a hand.

The public picture: the grid with its coordinates, each stone's symbol as a shape in a
colour of its own (both distinct, so the symbols read without colour too, and named in
small letters under the shape); cells changed this turn are framed in the highlight
colour. Beside it each player: cards in hand, scored cards as small patterns, points,
and strikes in solo; below, the draw and discard piles and the actions of the latest turn.
The hand picture: when `seat` is given and the state is that seat's view, the seat's cards
follow as patterns with their numbers and values, those that score now framed and
labelled with where.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from functools import lru_cache

from PIL import Image, ImageDraw

from games.shifting_stones import SHIFTING_STONES, Flip, Shift
from games.shifting_stones.cards import Card
from games.shifting_stones.rules import STRIKES, points
from games.shifting_stones.state import StonesState
from games.shifting_stones.stones import COLUMNS, SIZE, SYMBOLS, cell_name
from games.shifting_stones.words import action_words, seat_name
from games.wording import plural
from render.header import Token, header_px, header_strip
from render.pictures import Pictures
from render.shapes import SUPERSAMPLE, disc_sprite
from render.shifting_stones.words import describe, own_seat
from render.sprites import Sprite, new_canvas, paste, text_sprite
from render.theme import RGB, Theme, hex_rgb

__all__ = ["PICTURES", "describe", "draw", "extra_colours"]

#: Each symbol's colour (Okabe-Ito, kept apart by colour-blind eyes) and shape.
COLOURS: dict[str, RGB] = {
    "sun": hex_rgb("#e69f00"),
    "moon": hex_rgb("#cc79a7"),
    "fish": hex_rgb("#0072b2"),
    "bird": hex_rgb("#d55e00"),
    "horse": hex_rgb("#8c5a2b"),
    "boat": hex_rgb("#56b4e9"),
    "seed": hex_rgb("#f0e442"),
    "tree": hex_rgb("#009e73"),
}
SHAPES = {
    "sun": "circle",
    "moon": "crescent",
    "fish": "fish",
    "bird": "chevron",
    "horse": "square",
    "boat": "hull",
    "seed": "diamond",
    "tree": "triangle",
}
_INK = hex_rgb("#1b1b1b")


def extra_colours(theme: Theme) -> tuple[RGB, ...]:
    """The symbol colours and their outline, which the themes do not hold."""
    return (*COLOURS.values(), _INK)


@lru_cache(maxsize=128)
def symbol_sprite(symbol: int, px: int) -> Sprite:
    """The symbol's shape in its colour, outlined, `px` across, anchored at its centre."""
    name = SYMBOLS[symbol]
    side = px * SUPERSAMPLE
    big = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    pen = ImageDraw.Draw(big)
    fill, edge = COLOURS[name], max(SUPERSAMPLE, round(side * 0.05))
    c, r = side / 2, side * 0.42
    shape = SHAPES[name]
    if shape == "circle":
        pen.ellipse([c - r, c - r, c + r, c + r], fill=fill, outline=_INK, width=edge)
    elif shape == "crescent":
        pen.ellipse([c - r, c - r, c + r, c + r], fill=fill, outline=_INK, width=edge)
        cut = r * 0.85
        pen.ellipse(
            [c - cut + r * 0.55, c - cut - r * 0.2, c + cut + r * 0.55, c + cut - r * 0.2],
            fill=(0, 0, 0, 0),
            outline=_INK,
            width=edge,
        )
    elif shape == "fish":
        tail = [(c + r * 0.1, c), (c + r, c - r * 0.55), (c + r, c + r * 0.55)]
        pen.polygon(tail, fill=fill, outline=_INK, width=edge)
        body = [c - r, c - r * 0.55, c + r * 0.4, c + r * 0.55]
        pen.ellipse(body, fill=fill, outline=_INK, width=edge)
    elif shape == "square":
        pen.rectangle(
            [c - r * 0.8, c - r * 0.8, c + r * 0.8, c + r * 0.8],
            fill=fill,
            outline=_INK,
            width=edge,
        )
    else:
        pen.polygon(_outline(shape, c, r), fill=fill, outline=_INK, width=edge)
    return Sprite(big.reduce(SUPERSAMPLE), px // 2, px // 2)


def _outline(shape: str, c: float, r: float) -> list[tuple[float, float]]:
    """The corners of the polygon shapes, around the centre c with reach r."""
    if shape == "diamond":
        return [(c, c - r), (c + r * 0.7, c), (c, c + r), (c - r * 0.7, c)]
    if shape == "triangle":
        return [(c, c - r), (c + r, c + r * 0.8), (c - r, c + r * 0.8)]
    if shape == "chevron":
        return [
            (c - r, c - r * 0.6),
            (c, c + r * 0.1),
            (c + r, c - r * 0.6),
            (c + r * 0.3, c + r * 0.6),
            (c - r * 0.3, c + r * 0.6),
        ]
    return [  # the boat's hull
        (c - r, c - r * 0.1),
        (c + r, c - r * 0.1),
        (c + r * 0.6, c + r * 0.7),
        (c - r * 0.6, c + r * 0.7),
    ]


def _small(width: int) -> int:
    return max(10, round(header_px(width) * 0.7))


def _stone(
    image: Image.Image,
    symbol: int,
    box: tuple[float, float, float, float],
    theme: Theme,
    frame: bool,
) -> None:
    """A stone in `box`: a tile of board with the symbol's shape and, if there is room,
    its name; `frame` rings it in the highlight colour."""
    x0, y0, x1, y1 = box
    side = x1 - x0
    pen = ImageDraw.Draw(image)
    line = max(1, round(side * 0.03))
    pen.rounded_rectangle(
        box,
        radius=side * 0.12,
        fill=theme.board,
        outline=theme.highlight if frame else theme.outline,
        width=line * 3 if frame else line,
    )
    named = side >= 70
    shape = round(side * (0.58 if named else 0.72))
    centre_y = y0 + side * (0.42 if named else 0.5)
    paste(image, symbol_sprite(symbol, shape), (x0 + x1) / 2, centre_y)
    if named:
        label = text_sprite(SYMBOLS[symbol], max(9, round(side * 0.14)), theme.ink)
        paste(image, label, (x0 + x1) / 2, y1 - side * 0.13)


def _card(
    image: Image.Image,
    card: Card,
    x: float,
    y: float,
    cell: float,
    theme: Theme,
    frame: bool = False,
) -> tuple[float, float]:
    """A card's pattern with its value, top-left at (x, y), cells `cell` wide: a symbol's
    stone, or an empty cell for "any". Returns the card's width and height."""
    pad = max(2.0, cell * 0.25)
    w, h = 3 * cell + 2 * pad, 3 * cell + 2 * pad + cell * 0.7
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle(
        [x, y, x + w, y + h],
        radius=pad,
        fill=theme.header,
        outline=theme.highlight if frame else theme.muted,
        width=max(2, round(cell * 0.12)) if frame else 1,
    )
    paste(
        image,
        text_sprite(str(card.value), max(8, round(cell * 0.6)), theme.text),
        x + w / 2,
        y + pad + cell * 0.3,
    )
    top = y + pad + cell * 0.7 + (3 - card.height) * cell / 2
    left = x + pad + (3 - card.width) * cell / 2
    for r, row in enumerate(card.rows):
        for c, symbol in enumerate(row):
            box = (
                left + c * cell,
                top + r * cell,
                left + (c + 1) * cell - 1,
                top + (r + 1) * cell - 1,
            )
            if symbol is None:
                pen.rectangle(box, outline=theme.muted)
            elif cell >= 24:
                _stone(image, symbol, box, theme, False)
            else:
                pen.rectangle(box, fill=COLOURS[SYMBOLS[symbol]], outline=_INK)
    return w, h


def _touched(state: StonesState) -> set[int]:
    """Cells the latest turn's shifts and flips changed."""
    cells: set[int] = set()
    for action in state.recent:
        if isinstance(action.move, Shift):
            cells |= {action.move.first, action.move.second}
        elif isinstance(action.move, Flip):
            cells.add(action.move.cell)
    return cells


def _header(state: StonesState, theme: Theme, width: int, ending: str | None) -> Image.Image:
    """Whose turn (or the result, or `ending`: how the match ended) on the left; the piles
    (and a solo game's strikes) on the right."""
    px = header_px(width)
    chip = disc_sprite(round(px * 0.7), theme.highlight, theme.halo, 1.5)
    outcome, seat = state.outcome(), state.current_player
    left: list[Token]
    if ending is not None:
        left = [plural(state.ply, "action"), None, ending.rstrip(".")]
    elif outcome is None and seat is not None:
        who = seat_name(seat)
        left = [f"Action {state.ply + 1}", None, chip, f"{who} to act"]
    elif outcome is not None and outcome.winners:
        names = " and ".join(seat_name(s) for s in outcome.winners)
        left = [
            f"{state.ply} actions",
            None,
            chip,
            f"{names} {'win' if len(outcome.winners) > 1 else 'wins'}",
        ]
    else:
        left = [f"{state.ply} actions", None, "Solo game lost"]
    right: list[Token] = [f"Draw pile {len(state.draw)}", None, f"Discards {len(state.discard)}"]
    if state.solo:
        right += [None, f"Strikes {state.strikes}/{STRIKES}"]
    return header_strip(width, theme, left, right, px)


def _players(
    image: Image.Image, state: StonesState, theme: Theme, x: float, y: float, w: float, row: float
) -> None:
    """Each player's line: name, hand size, points, then the scored cards as small cards."""
    small = _small(image.width)
    cell = max(3.0, row * 0.12)
    for seat in range(state.players):
        top = y + seat * row
        name = seat_name(seat) + (" (to act)" if state.current_player == seat else "")
        if state.retired[seat]:
            name += " (left)"
        total = points(state.scored[seat], state.cards)
        facts = f"{name}: {state.hand_size(seat)} in hand, {plural(total, 'point')}"
        colour = theme.highlight if state.current_player == seat else theme.text
        paste(image, text_sprite(facts, small, colour, "lm"), x, top + small * 0.6)
        cx = x
        for card in state.scored[seat]:
            cw, _ = _card(image, state.cards[card], cx, top + small * 1.3, cell, theme)
            cx += cw + cell * 0.4
            if cx > x + w - cw:
                break


def _lines(
    image: Image.Image, texts: list[str], x: float, y: float, px: int, colour: RGB, room: float
) -> float:
    """Write `texts` as wrapped lines from (x, y); returns the y below them."""
    for text in texts:
        words, line = text.split(), ""
        for word in words:
            trial = f"{line} {word}".strip()
            if line and text_sprite(trial, px, colour, "lm").width > room:
                paste(image, text_sprite(line, px, colour, "lm"), x, y + px / 2)
                y, line = y + px * 1.3, word
            else:
                line = trial
        paste(image, text_sprite(line, px, colour, "lm"), x, y + px / 2)
        y += px * 1.3
    return y


def _hand(
    image: Image.Image, state: StonesState, seat: int, theme: Theme, y: float, cell: float
) -> None:
    """The seat's cards: number, pattern and value; those that score now framed, with where."""
    small = _small(image.width)
    scoring = state.scoring_places(seat)
    paste(
        image,
        text_sprite(f"Your hand ({seat_name(seat)})", small, theme.text, "lm"),
        small,
        y + small / 2,
    )
    x, y = float(small), y + small * 1.6
    for place in range(len(state.hands[seat])):
        card = state.known_card(seat, place)
        if card is None:
            continue
        w = 3 * cell + 2 * max(2.0, cell * 0.25)
        if x + w > image.width - small:
            x, y = float(small), y + w + cell * 0.7 + small * 3.2
        paste(image, text_sprite(f"card {place + 1}", small, theme.text), x + w / 2, y + small / 2)
        _, h = _card(image, card, x, y + small * 1.2, cell, theme, frame=place in scoring)
        if place in scoring:
            where = "scores at " + ", ".join(cell_name(c) for c in scoring[place])
            paste(
                image,
                text_sprite(where, max(9, small - 2), theme.highlight),
                x + w / 2,
                y + small * 1.8 + h,
            )
        x += w + cell


def _hand_height(state: StonesState, seat: int, width: int, cell: float) -> float:
    small = _small(width)
    w = 3 * cell + 2 * max(2.0, cell * 0.25)
    per_row = max(1, int((width - 2 * small + cell) // (w + cell)))
    rows = math.ceil(max(1, int(state.hand_size(seat))) / per_row)
    return float(small * 1.6 + rows * (w + cell * 0.7 + small * 3.2))


def draw(
    state: StonesState,
    *,
    last_move: Hashable | None = None,
    seat: int | None = None,
    size: int,
    theme: Theme,
    ending: str | None = None,
) -> Image.Image:
    """The picture `size` wide (see the module docstring); the hand only for a seat's view.
    `ending` (how the match ended) replaces whose turn it is in the header."""
    header = _header(state, theme, size, ending)
    small = _small(size)
    margin = small * 1.6
    tile = (size * 0.5 - margin) / SIZE
    grid_top = header.height + margin
    side = tile * SIZE
    row = max(side / max(state.players, 1), small * 3.4)
    panel = max(side, row * state.players)
    notes = [f"{action_words(a, state.cards)}." for a in state.recent[-4:]]
    if notes:
        notes.insert(0, f"Latest turn ({seat_name(state.recent[0].seat)}):")
    own = seat if seat is not None and own_seat(state) == seat else None
    cell = size / 20
    body = grid_top + panel + margin + len(notes) * small * 2.8
    height = round(body + (_hand_height(state, own, size, cell) if own is not None else 0) + small)
    image = new_canvas(size, height, theme.background)
    image.paste(header, (0, 0))
    touched = _touched(state)
    for index, symbol in enumerate(state.grid):
        r, c = divmod(index, SIZE)
        x0, y0 = margin + c * tile, grid_top + r * tile
        _stone(
            image, symbol, (x0 + 2, y0 + 2, x0 + tile - 2, y0 + tile - 2), theme, index in touched
        )
    for i in range(SIZE):
        paste(
            image,
            text_sprite(COLUMNS[i], small, theme.muted),
            margin + (i + 0.5) * tile,
            grid_top - small * 0.7,
        )
        paste(
            image,
            text_sprite(str(i + 1), small, theme.muted),
            margin * 0.5,
            grid_top + (i + 0.5) * tile,
        )
    _players(image, state, theme, size * 0.53, grid_top, size * 0.45, row)
    y = _lines(
        image, notes, small, grid_top + panel + margin * 0.5, small, theme.text, size - 2 * small
    )
    if own is not None:
        _hand(image, state, own, theme, y + small * 0.5, cell)
    return image


#: Shifting Stones' pictures (found by `render`): no seat has pieces on the grid.
PICTURES = Pictures(
    game=SHIFTING_STONES.name, draw=draw, describe=describe, extra_colours=extra_colours
)
