"""The Shifting Stones picture: the 3x3 grid, the players' scores, the turn, and a hand.

The public picture: the grid with its coordinates, each stone's symbol as a shape in a
colour of its own (both distinct, so the symbols read without colour too, and named under
the shape in the reader's language); cells changed this turn are framed in the highlight
colour. Beside it the whole latest turn (or its last actions after "+N earlier
actions"); below, each player: cards in hand, points and every scored card as a small
card with its symbols' shapes; once the game is over, in the final order with each one's
cards, bonus and total. The header says whose turn it is, the piles and a solo game's
strikes.
The hand picture: when `seat` is given and the state is that seat's view, the seat's cards
follow as patterns with their numbers and values, those that score now framed and
labelled with where.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.shifting_stones import SHIFTING_STONES, Flip, Shift
from games.shifting_stones.cards import Card
from games.shifting_stones.rules import STRIKES
from games.shifting_stones.state import StonesState
from games.shifting_stones.stones import COLUMNS, SIZE, SYMBOLS, cell_name, symbol_name
from games.shifting_stones.words import action_words
from render.header import Token, header_px, header_strip
from render.pictures import Pictures, Shape, SpotsAt, box
from render.seats import fitted, seat_called
from render.shapes import SUPERSAMPLE, disc_sprite, reduced, supersampled
from render.shifting_stones.words import (
    CARD_NUMBER,
    DISCARDS,
    DRAW_PILE,
    DRAWN,
    EARLIER_ACTIONS,
    FINAL,
    FINAL_BONUS,
    IN_HAND,
    LATEST_TURN,
    NAME_LEFT,
    NAME_TO_ACT,
    SCORES_AT,
    SEAT_TO_ACT,
    SEATS_WIN,
    SOLO_LOST,
    STRIKES_OF,
    TURN_ACTION,
    TURN_NUMBER,
    TURNS,
    YOUR_HAND,
    describe,
    own_seat,
)
from render.sprites import Sprite, kept, legible_px, new_canvas, paste, text_sprite, wrapped
from render.theme import RGB, Theme, hex_rgb
from render.words import POINTS, WINS, count, listed, phrase, say

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
#: The most of the picture's width a seat's name takes (longer names are cut).
NAME_ROOM = 0.3


def extra_colours(theme: Theme) -> tuple[RGB, ...]:
    """The symbol colours and their outline, which the themes do not hold."""
    return (*COLOURS.values(), _INK)


@kept
def symbol_sprite(symbol: int, px: int) -> Sprite:
    """The symbol's shape in its colour, outlined, `px` across, anchored at its centre."""
    name = SYMBOLS[symbol]
    side = px * SUPERSAMPLE
    big = supersampled(side, side)
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
    return Sprite(reduced(big), px // 2, px // 2)


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
    px = legible_px(image.width)
    named = side >= px * 4
    shape = round(side * (0.58 if named else 0.78))
    centre_y = y0 + side * (0.42 if named else 0.5)
    paste(image, symbol_sprite(symbol, shape), (x0 + x1) / 2, centre_y)
    if named:
        name = phrase(symbol_name(symbol))
        paste(image, text_sprite(name, px, theme.ink), (x0 + x1) / 2, y1 - px * 0.7)


def card_size(cell: float, px: int) -> tuple[float, float]:
    """The width and height of a card drawn with cells `cell` wide and its value `px`."""
    pad = max(2.0, cell * 0.25)
    return 3 * cell + 2 * pad, 3 * cell + 2 * pad + px * 1.1


def _card(
    image: Image.Image,
    card: Card,
    x: float,
    y: float,
    cell: float,
    theme: Theme,
    frame: bool = False,
) -> tuple[float, float]:
    """A card's value over its pattern, top-left at (x, y), cells `cell` wide: each
    symbol's shape on a stone, or an empty cell for "any". Returns its width and height."""
    px = legible_px(image.width)
    pad = max(2.0, cell * 0.25)
    w, h = card_size(cell, px)
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle(
        [x, y, x + w, y + h],
        radius=pad,
        fill=theme.header,
        outline=theme.highlight if frame else theme.muted,
        width=max(2, round(cell * 0.12)) if frame else 1,
    )
    paste(image, text_sprite(str(card.value), px, theme.text), x + w / 2, y + pad + px * 0.5)
    top = y + pad + px * 1.1 + (3 - card.height) * cell / 2
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
            else:
                _stone(image, symbol, box, theme, False)
    return w, h


def _short_names(state: StonesState, width: int) -> StonesState:
    """`state` with each seat's name as a picture calls it (`seat_called`), cut to fit
    with an ellipsis: at most `NAME_ROOM` of the width at the header's size, the largest
    text that names a seat."""
    room, px = width * NAME_ROOM, header_px(width)
    names = [seat_called(state, s) for s in range(state.players)]
    return state.named([fitted(name, px, room) for name in names])


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
    turns = count(TURNS, state.turn_number - 1)
    if ending is not None:
        left = [turns, None, ending.rstrip(".")]
    elif outcome is None and seat is not None:
        left = [say(TURN_NUMBER, number=state.turn_number), None, chip]
        left.append(say(SEAT_TO_ACT, seat=state.seat_name(seat)))
    elif outcome is not None and outcome.winners:
        names = [state.seat_name(s) for s in outcome.winners]
        won = say(SEATS_WIN, seats=listed(names)) if len(names) > 1 else say(WINS, seat=names[0])
        left = [turns, None, chip, won]
    else:
        left = [turns, None, say(SOLO_LOST)]
    right: list[Token] = [
        say(DRAW_PILE, count=len(state.draw)),
        None,
        say(DISCARDS, count=len(state.discard)),
    ]
    if state.solo:
        right += [None, say(STRIKES_OF, strikes=state.strikes, most=STRIKES)]
    return header_strip(width, theme, left, right, px)


def _order(state: StonesState) -> list[int]:
    """The seats as the panel lists them: by seat while the game runs; once it is over,
    in the final order (most points first, the bonus counted)."""
    outcome = state.outcome()
    if outcome is None or outcome.scores is None:
        return list(range(state.players))
    scores = outcome.scores
    return sorted(range(state.players), key=lambda s: (-scores[s], s))


def _acting(state: StonesState, ending: str | None) -> int | None:
    """The seat to act, while the match runs (not once it ended, by the rules or by
    `ending`: a resignation, a timeout)."""
    return state.current_player if ending is None and state.outcome() is None else None


def _facts(state: StonesState, seat: int, acting: int | None) -> str:
    """A player's line in the panel: who (marked when `acting`, the seat to act), cards in
    hand, and points (at the end, the scored cards' points, the bonus and the total, with
    the place)."""
    name = state.seat_name(seat)
    if acting == seat:
        name = say(NAME_TO_ACT, name=name)
    if state.retired[seat]:
        name = say(NAME_LEFT, name=name)
    cards = state.points_so_far(seat)
    outcome = state.outcome()
    if outcome is None or outcome.scores is None:
        return say(IN_HAND, name=name, hand=state.hand_size(seat), points=count(POINTS, cards))
    total = outcome.scores[seat]
    place = 1 + sum(1 for s in outcome.scores if s > total)
    scored = {"place": place, "name": name, "cards": cards, "points": count(POINTS, total)}
    if total > cards:
        return say(FINAL_BONUS, bonus=total - cards, **scored)
    return say(FINAL, **scored)


def _players_height(state: StonesState, width: int, cell: float) -> float:
    """The height of the players panel (`_players`)."""
    px = legible_px(width)
    w, h = card_size(cell, px)
    per_row = max(1, int((width - 2 * px + cell) // (w + cell * 0.5)))
    rows = sum(math.ceil(len(state.scored[s]) / per_row) for s in range(state.players))
    return state.players * px * 1.8 + rows * (h + cell * 0.5)


def _players(
    image: Image.Image, state: StonesState, theme: Theme, y: float, cell: float, acting: int | None
) -> None:
    """Each player's line (see `_facts`), the seat `acting` highlighted, then their scored
    cards, all of them."""
    px = legible_px(image.width)
    w, h = card_size(cell, px)
    for seat in _order(state):
        colour = theme.highlight if acting == seat else theme.text
        facts = _facts(state, seat, acting)
        paste(image, text_sprite(facts, px, colour, "lm"), px, y + px * 0.7)
        y += px * 1.8
        x = float(px)
        for card in state.scored[seat]:
            if x + w > image.width - px:
                x, y = float(px), y + h + cell * 0.5
            _card(image, state.cards[card], x, y, cell, theme)
            x += w + cell * 0.5
        if state.scored[seat]:
            y += h + cell * 0.5


def _latest_turn(state: StonesState, px: int, room: float, most: int) -> list[str]:
    """The lines of the latest turn, its title first, in at most `most` lines: every
    action, or the latest that fit after "+N earlier actions"."""
    if not state.recent:
        return []
    title = say(LATEST_TURN, seat=state.seat_name(state.recent[0].seat))
    actions = [
        wrapped(
            say(TURN_ACTION, action=action_words(state.seat_name(a.seat), a, state.cards)), px, room
        )
        for a in state.recent
    ]
    for shown in range(len(actions), 0, -1):
        earlier = len(actions) - shown
        head = [title] + ([count(EARLIER_ACTIONS, earlier)] if earlier else [])
        lines = [line for text in head for line in wrapped(text, px, room)]
        lines += [line for action in actions[earlier:] for line in action]
        if len(lines) <= most or shown == 1:
            return lines
    return []


def _hand(
    image: Image.Image, state: StonesState, seat: int, theme: Theme, y: float, cell: float
) -> None:
    """The seat's cards: number, pattern and value; those that score now framed, with where."""
    px = legible_px(image.width)
    scoring = state.scoring_places(seat)
    title = say(YOUR_HAND, seat=state.seat_name(seat))
    paste(image, text_sprite(title, px, theme.text, "lm"), px, y + px / 2)
    w, h = card_size(cell, px)
    for place, card, x, top in _hand_cards(state, seat, image.width, y, cell):
        number = say(CARD_NUMBER, number=place + 1)
        paste(image, text_sprite(number, px, theme.text), x + w / 2, top + px / 2)
        _card(image, card, x, top + px * 1.2, cell, theme, frame=place in scoring)
        if place in scoring:
            where = say(SCORES_AT, cells=", ".join(cell_name(c) for c in scoring[place]))
            paste(image, text_sprite(where, px, theme.highlight), x + w / 2, top + px * 1.8 + h)


def _hand_cards(
    state: StonesState, seat: int, width: int, y: float, cell: float
) -> list[tuple[int, Card, float, float]]:
    """Where `_hand` draws each known card of the seat's hand below `y`: its place in the
    hand, the card, and the top-left corner of its number above it."""
    px = legible_px(width)
    x, y = float(px), y + px * 1.6
    w, h = card_size(cell, px)
    drawn = []
    for place in range(len(state.hands[seat])):
        card = state.known_card(seat, place)
        if card is None:
            continue
        if x + w > width - px:
            x, y = float(px), y + h + px * 3.2
        drawn.append((place, card, x, y))
        x += w + cell
    return drawn


def _hand_height(state: StonesState, seat: int, width: int, cell: float) -> float:
    px = legible_px(width)
    w, h = card_size(cell, px)
    per_row = max(1, int((width - 2 * px + cell) // (w + cell)))
    rows = math.ceil(max(1, int(state.hand_size(seat))) / per_row)
    return float(px * 1.6 + rows * (h + px * 3.2))


@dataclass(frozen=True)
class Frame:
    """Where `draw` puts things: the grid's `margin`, its cells' `tile` side and `top`,
    the seat whose hand is shown (`own`), a card's `cell` and the hand's top (`body`)."""

    margin: float
    tile: float
    top: float
    own: int | None
    cell: float
    body: float


def _frame(state: StonesState, seat: int | None, size: int, header: int) -> Frame:
    px = legible_px(size)
    margin = px * 1.6
    tile = (size * 0.5 - margin) / SIZE
    top = header + margin
    own = seat if seat is not None and own_seat(state) == seat else None
    players_top = top + tile * SIZE + margin * 0.5
    body = players_top + _players_height(state, size, size / 24)
    return Frame(margin, tile, top, own, size / 20, body)


def spots(state: StonesState, seat: int | None, size: int, theme: Theme) -> SpotsAt:
    """Where the composer's choices are in `draw`'s picture: every stone by its cell's
    name and, in the seat's own view, each card of the hand by its number (the card
    that pays or scores). Shift, flip, score, end and skip have none."""
    state = _short_names(state, size)
    frame = _frame(state, seat, size, _header(state, theme, size, None).height)
    found: dict[str, Shape] = {}
    for index in range(SIZE * SIZE):
        r, c = divmod(index, SIZE)
        x0, y0 = frame.margin + c * frame.tile, frame.top + r * frame.tile
        found[cell_name(index)] = box(x0, y0, x0 + frame.tile, y0 + frame.tile)
    if frame.own is not None:
        px = legible_px(size)
        w, h = card_size(frame.cell, px)
        cards = _hand_cards(state, frame.own, size, frame.body + px * 0.5, frame.cell)
        for place, _, x, y in cards:
            found[str(place + 1)] = box(x, y, x + w, y + px * 1.2 + h)
    return lambda path: found


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
    state = _short_names(state, size)
    header = _header(state, theme, size, ending)
    px = legible_px(size)
    frame = _frame(state, seat, size, header.height)
    margin, tile, grid_top, own, cell = frame.margin, frame.tile, frame.top, frame.own, frame.cell
    side = tile * SIZE
    notes_left = margin + side + px
    notes = _latest_turn(state, px, size - notes_left - px, int(side // (px * 1.3)))
    scored_cell = size / 24
    players_top = grid_top + side + margin * 0.5
    body = frame.body
    height = round(body + (_hand_height(state, own, size, cell) if own is not None else 0) + px)
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
            text_sprite(COLUMNS[i], px, theme.muted),
            margin + (i + 0.5) * tile,
            grid_top - px * 0.7,
        )
        paste(
            image,
            text_sprite(str(i + 1), px, theme.muted),
            margin * 0.5,
            grid_top + (i + 0.5) * tile,
        )
    for line, text in enumerate(notes):
        paste(
            image,
            text_sprite(text, px, theme.text, "lm"),
            notes_left,
            grid_top + px * (0.5 + 1.3 * line),
        )
    _players(image, state, theme, players_top, scored_cell, _acting(state, ending))
    if own is not None:
        _hand(image, state, own, theme, body + px * 0.5, cell)
    return image


#: Shifting Stones' pictures (found by `render`): no seat has pieces on the grid.
PICTURES = Pictures(
    game=SHIFTING_STONES.name,
    draw=draw,
    describe=describe,
    extra_colours=extra_colours,
    drawn=DRAWN,
    spots=spots,
)
