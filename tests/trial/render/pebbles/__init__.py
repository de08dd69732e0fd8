"""The pictures of Pebbles, the trial game: the header, then each pile as a row of
pebbles with its name and count; the pile the last move took from is marked."""

from __future__ import annotations

from collections.abc import Hashable

from PIL import Image, ImageDraw

from games.pebbles import PEBBLES, PebblesState, Take
from games.pebbles.game import PILES, START
from render.header import header_px, header_strip, turn_tokens
from render.pebbles.words import DRAWN, PILE, describe
from render.pictures import Pictures
from render.shapes import piece_chip
from render.sprites import Sprite, legible_px, new_canvas, paste, text_sprite
from render.theme import Theme
from render.words import count


def draw(
    state: PebblesState,
    *,
    last_move: Hashable | None,
    seat: int | None,
    size: int,
    theme: Theme,
    ending: str | None = None,
) -> Image.Image:
    """The header over one row of pebbles a pile."""
    px = header_px(size)

    def chip(seat: int) -> Sprite:
        style = theme.seats[seat % len(theme.seats)]
        return piece_chip(style, "circle", round(px * 1.1), theme.board, theme.outline)

    strip = header_strip(
        size, theme, turn_tokens(state, chip, width=size, px=px, ending=ending), [], px
    )
    text = legible_px(size)
    pitch = (size - 2 * px) // (max(START) + 1)
    row = max(pitch, 2 * text) + px
    image = new_canvas(size, strip.height + len(START) * row + px, theme.background)
    image.paste(strip, (0, 0))
    pen = ImageDraw.Draw(image)
    for pile, left in enumerate(state.piles):
        top = strip.height + pile * row + px // 2
        marked = isinstance(last_move, Take) and last_move.pile == pile
        face = theme.highlight_to if marked else theme.board
        pen.rounded_rectangle(
            [px, top, size - px, top + row - px // 2], px // 2, fill=face, outline=theme.grid
        )
        label = count(PILE, left, pile=PILES[pile])
        paste(image, text_sprite(label, text, theme.ink, "lm"), 2 * px, top + text)
        style = theme.seats[pile % len(theme.seats)]
        for pebble in range(left):
            centre = (2 * px + (pebble + 0.5) * pitch, top + 2 * text + pitch / 3)
            pen.ellipse(
                [
                    centre[0] - pitch / 3,
                    centre[1] - pitch / 4,
                    centre[0] + pitch / 3,
                    centre[1] + pitch / 4,
                ],
                fill=style.fill,
                outline=style.edge,
            )
    return image


#: The pictures this package declares (found by `render.modules.discover`): no seat pieces.
PICTURES = Pictures(game=PEBBLES.name, draw=draw, describe=describe, drawn=DRAWN)
