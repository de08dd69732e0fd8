"""Drawing helpers shared by every game's picture.

The recipe that keeps pictures smooth and fast:

1. Draw on an RGB image (`new_canvas`). Axis-aligned things (boards, cells, outlines,
   dashed outlines) are drawn directly: they need no antialiasing.
2. Anything round or slanted (pieces, arrows, icons, text) is a `Sprite`: an RGBA image
   drawn once, supersampled for smooth edges, cached per size and colour, and pasted
   with `paste`. Sprites are anchored: `paste(image, sprite, x, y)` puts the sprite's
   anchor (a piece's centre, an arrow's tail, a text's centre) on (x, y).
3. `header_strip` makes the strip on top (whose turn, per-seat figures, move number)
   from a row of tokens: strings and sprites.
4. `to_palette` maps the finished image onto the theme's fixed 256-colour palette
   (exact theme colours plus their blends, so antialiased edges stay smooth) and
   `encode_png` encodes it. Palette images make small PNGs and animated GIFs whose
   frames share one palette. A picture using colours that are not in its theme must
   name them (see `palette_image`); games do so through `extra_colours` (see `render`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from render.theme import RGB, SeatStyle, Theme, mix

#: Sprites are drawn this many times larger, then reduced: smooth edges.
SUPERSAMPLE = 4
#: zlib level of the PNGs (Pillow's default; level 9 is 4x slower for 25% less).
PNG_LEVEL = 6
#: Piece shapes `piece_sprite` draws.
SHAPES = ("circle", "square")


class Sprite(NamedTuple):
    """An RGBA image with an anchor point (ax, ay) inside it, for `paste`."""

    image: Image.Image
    ax: int
    ay: int

    @property
    def width(self) -> int:
        """Width in pixels."""
        return self.image.width

    @property
    def height(self) -> int:
        """Height in pixels."""
        return self.image.height


def new_canvas(width: int, height: int, colour: RGB) -> Image.Image:
    """A blank RGB picture filled with `colour`."""
    return Image.new("RGB", (width, height), colour)


def paste(image: Image.Image, sprite: Sprite, x: float, y: float) -> None:
    """Blend `sprite` onto `image` with its anchor on (x, y)."""
    image.paste(sprite.image, (round(x) - sprite.ax, round(y) - sprite.ay), sprite.image)


@lru_cache(maxsize=32)
def font(px: int) -> ImageFont.FreeTypeFont:
    """Pillow's built-in scalable font at `px` pixels (nothing is downloaded)."""
    return ImageFont.load_default(size=px)  # type: ignore[return-value]


@lru_cache(maxsize=1024)
def text_sprite(text: str, px: int, colour: RGB, anchor: str = "mm") -> Sprite:
    """`text` in `colour` at `px` pixels; the sprite's anchor is Pillow's text `anchor`.

    "mm" (the default) centres the text on the pasting point; "lm" puts its left end
    there, "rm" its right end.
    """
    face = font(px)
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=face, anchor=anchor)
    image = Image.new("RGBA", mask.size, (*colour, 255))
    image.putalpha(mask)
    return Sprite(image, -left, -top)


@lru_cache(maxsize=64)
def text_row(
    items: tuple[tuple[str, int], ...], px: int, colour: RGB, vertical: bool = False
) -> Sprite:
    """Several texts in one sprite, each centred `offset` pixels along the row.

    `items` holds (text, offset) pairs; the row runs left to right (or top to bottom
    when `vertical`) and the anchor is offset 0 on its centre line. One paste draws a
    whole edge of coordinates, far faster than a paste per label.
    """
    sprites = [(text_sprite(text, px, colour), offset) for text, offset in items]
    half_across = max(
        max(s.ax, s.width - s.ax) if vertical else max(s.ay, s.height - s.ay) for s, _ in sprites
    )
    low = min(offset - (s.ay if vertical else s.ax) for s, offset in sprites)
    high = max(offset + (s.height - s.ay if vertical else s.width - s.ax) for s, offset in sprites)
    along, across = high - low, 2 * half_across
    row = Image.new("RGBA", (across, along) if vertical else (along, across), (0, 0, 0, 0))
    for sprite, offset in sprites:
        if vertical:
            spot = (half_across - sprite.ax, offset - low - sprite.ay)
        else:
            spot = (offset - low - sprite.ax, half_across - sprite.ay)
        row.alpha_composite(sprite.image, spot)
    return Sprite(row, half_across, -low) if vertical else Sprite(row, -low, half_across)


def _finish(big: Image.Image, anchor: tuple[float, float], opacity: float = 1.0) -> Sprite:
    """Reduce a supersampled RGBA drawing to a sprite, fading it to `opacity`."""
    small = big.reduce(SUPERSAMPLE)
    if opacity < 1.0:
        alpha = small.getchannel("A").point(lambda a: round(a * opacity))
        small.putalpha(alpha)
    return Sprite(small, round(anchor[0] / SUPERSAMPLE), round(anchor[1] / SUPERSAMPLE))


def _canvas(px: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """A transparent supersampled square for a sprite `px` pixels wide, its pen, its size."""
    side = px * SUPERSAMPLE
    big = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big), side


def _draw_mark(pen: ImageDraw.ImageDraw, mark: str, side: int, inner: float, ink: RGB) -> None:
    """Draw a seat mark centred in a square of `side`, scaled to the `inner` size."""
    c = side / 2
    r = inner / 2
    stroke = max(SUPERSAMPLE, round(inner * 0.16))
    if mark == "ring":
        pen.ellipse(
            [c - r * 0.62, c - r * 0.62, c + r * 0.62, c + r * 0.62], outline=ink, width=stroke
        )
    elif mark == "dot":
        pen.ellipse([c - r * 0.34, c - r * 0.34, c + r * 0.34, c + r * 0.34], fill=ink)
    elif mark == "cross":
        arm = r * 0.62
        pen.rectangle([c - arm, c - stroke / 2, c + arm, c + stroke / 2], fill=ink)
        pen.rectangle([c - stroke / 2, c - arm, c + stroke / 2, c + arm], fill=ink)
    elif mark == "bar":
        arm = r * 0.66
        pen.rectangle([c - arm, c - stroke * 0.6, c + arm, c + stroke * 0.6], fill=ink)
    elif mark == "diamond":
        d = r * 0.5
        pen.polygon([(c, c - d), (c + d, c), (c, c + d), (c - d, c)], fill=ink)


@lru_cache(maxsize=256)
def piece_sprite(style: SeatStyle, shape: str, px: int, opacity: float = 1.0) -> Sprite:
    """A piece of `style` as a `shape` ("circle" or "square") `px` pixels across.

    The piece has an outline in `style.edge` and carries `style.mark`; `opacity` below 1
    draws it faint (for pieces that are gone). Anchored at its centre.
    """
    if shape not in SHAPES:
        raise ValueError(f"A piece shape must be one of {', '.join(SHAPES)}, not {shape!r}.")
    big, pen, side = _canvas(px)
    edge = max(1.6, px * 0.075) * SUPERSAMPLE
    inset = SUPERSAMPLE / 2
    box = [inset, inset, side - inset, side - inset]
    if shape == "circle":
        pen.ellipse(box, fill=style.edge)
        pen.ellipse([v + edge if i < 2 else v - edge for i, v in enumerate(box)], fill=style.fill)
    else:
        radius = side * 0.16
        pen.rounded_rectangle(box, radius=radius, fill=style.edge)
        inner = [v + edge if i < 2 else v - edge for i, v in enumerate(box)]
        pen.rounded_rectangle(inner, radius=max(0.0, radius - edge), fill=style.fill)
    if style.mark:
        _draw_mark(pen, style.mark, side, side - 2 * edge, style.ink)
    return _finish(big, (side / 2, side / 2), opacity)


@lru_cache(maxsize=64)
def piece_chip(style: SeatStyle, shape: str, px: int, fill: RGB, edge: RGB) -> Sprite:
    """A piece `px` across on a small rounded square of board (`fill`, rimmed in `edge`).

    For headers and legends: a piece on its own board colour reads on any background.
    """
    side = round(px * 1.4)
    big = Image.new("RGBA", (side * SUPERSAMPLE,) * 2, (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        [0, 0, side * SUPERSAMPLE - 1, side * SUPERSAMPLE - 1],
        radius=side * SUPERSAMPLE * 0.2,
        fill=fill,
        outline=edge,
        width=SUPERSAMPLE,
    )
    chip = _finish(big, (side * SUPERSAMPLE / 2, side * SUPERSAMPLE / 2))
    piece = piece_sprite(style, shape, px)
    chip.image.alpha_composite(piece.image, (chip.ax - piece.ax, chip.ay - piece.ay))
    return chip


@lru_cache(maxsize=128)
def disc_sprite(px: int, fill: RGB, edge: RGB, edge_px: float = 0.0) -> Sprite:
    """A plain disc `px` across (a badge, a marble) with an `edge_px`-wide rim."""
    big, pen, side = _canvas(px)
    pen.ellipse([0, 0, side - 1, side - 1], fill=edge if edge_px else fill)
    if edge_px:
        rim = edge_px * SUPERSAMPLE
        pen.ellipse([rim, rim, side - 1 - rim, side - 1 - rim], fill=fill)
    return _finish(big, (side / 2, side / 2))


@lru_cache(maxsize=256)
def arrow_sprite(dx: int, dy: int, width: int, colour: RGB, halo: RGB) -> Sprite:
    """An arrow from its anchor (the tail) to (dx, dy) pixels away, `width` thick.

    A thin `halo` rim keeps it readable on any surface.
    """
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    head = min(length * 0.55, width * 3.2)
    pad = width * 2 + 2
    s = SUPERSAMPLE
    w = (abs(dx) + 2 * pad) * s
    h = (abs(dy) + 2 * pad) * s
    tail = ((pad + max(0, -dx)) * s, (pad + max(0, -dy)) * s)
    tip = (tail[0] + dx * s, tail[1] + dy * s)
    big = Image.new("RGBA", (round(w), round(h)), (0, 0, 0, 0))
    pen = ImageDraw.Draw(big)
    for grow, ink in ((max(1.0, width * 0.22) * s, halo), (0.0, colour)):
        shaft_end = (tip[0] - ux * head * s * 0.9, tip[1] - uy * head * s * 0.9)
        pen.line([tail, shaft_end], fill=ink, width=round(width * s + 2 * grow))
        r = width * s / 2 + grow
        pen.ellipse([tail[0] - r, tail[1] - r, tail[0] + r, tail[1] + r], fill=ink)
        half = head * 0.62 * s + grow
        back = (tip[0] - ux * (head * s + grow), tip[1] - uy * (head * s + grow))
        front = (tip[0] + ux * grow * 1.4, tip[1] + uy * grow * 1.4)
        pen.polygon(
            [
                front,
                (back[0] - uy * half, back[1] + ux * half),
                (back[0] + uy * half, back[1] - ux * half),
            ],
            fill=ink,
        )
    return _finish(big, tail)


@lru_cache(maxsize=32)
def cross_sprite(px: int, colour: RGB, halo: RGB) -> Sprite:
    """A diagonal cross `px` across with a thin `halo` rim, anchored at its centre.

    Drawn over a faint piece it says "this piece is gone".
    """
    big, pen, side = _canvas(px)
    stroke = side * 0.16
    rim = max(SUPERSAMPLE * 1.2, stroke * 0.3)
    reach = side / 2 - stroke
    c = side / 2
    for ink, width in ((halo, stroke + 2 * rim), (colour, stroke)):
        for sign in (1, -1):
            pen.line(
                [(c - reach, c - sign * reach), (c + reach, c + sign * reach)],
                fill=ink,
                width=round(width),
            )
    return _finish(big, (c, c))


@lru_cache(maxsize=64)
def icon_sprite(name: str, px: int, colour: RGB, backing: RGB) -> Sprite:
    """A small symbol `px` pixels across on a round `backing`, anchored at its centre.

    Names: "lock" (cannot move), "rotate" (turned half round).
    """
    big, pen, side = _canvas(px)
    pen.ellipse([0, 0, side - 1, side - 1], fill=backing)
    c = side / 2
    u = side / 16
    stroke = max(round(u * 1.4), SUPERSAMPLE)
    if name == "lock":
        pen.arc(
            [c - 3.2 * u, c - 6.4 * u, c + 3.2 * u, c + 1 * u], 180, 360, fill=colour, width=stroke
        )
        pen.line(
            [(c - 3.2 * u, c - 2.8 * u), (c - 3.2 * u, c - 0.5 * u)], fill=colour, width=stroke
        )
        pen.line(
            [(c + 3.2 * u, c - 2.8 * u), (c + 3.2 * u, c - 0.5 * u)], fill=colour, width=stroke
        )
        pen.rounded_rectangle(
            [c - 4.8 * u, c - 1.2 * u, c + 4.8 * u, c + 5.6 * u], radius=u, fill=colour
        )
    elif name == "rotate":
        r = 4.4 * u
        start, end = 130, 130 + 270  # clockwise, in degrees from three o'clock
        pen.arc([c - r, c - r, c + r, c + r], start, end, fill=colour, width=stroke)
        a = math.radians(end)
        px, py = c + r * math.cos(a), c + r * math.sin(a)
        ahead = (-math.sin(a), math.cos(a))  # the clockwise tangent
        out = (math.cos(a), math.sin(a))
        pen.polygon(
            [
                (px + ahead[0] * 3.2 * u, py + ahead[1] * 3.2 * u),
                (
                    px + out[0] * 2.6 * u - ahead[0] * 0.6 * u,
                    py + out[1] * 2.6 * u - ahead[1] * 0.6 * u,
                ),
                (
                    px - out[0] * 2.6 * u - ahead[0] * 0.6 * u,
                    py - out[1] * 2.6 * u - ahead[1] * 0.6 * u,
                ),
            ],
            fill=colour,
        )
    else:
        raise ValueError(f"There is no icon called {name!r}.")
    return _finish(big, (c, c))


def dashed_rectangle(
    pen: ImageDraw.ImageDraw, box: Sequence[float], colour: RGB, width: int, dash: int
) -> None:
    """Outline `box` (x0, y0, x1, y1) with dashes `dash` long and `width` thick."""
    x0, y0, x1, y1 = (round(v) for v in box)
    step = 2 * dash
    for x in range(x0, x1, step):
        pen.rectangle([x, y0, min(x + dash, x1), y0 + width - 1], fill=colour)
        pen.rectangle([x, y1 - width + 1, min(x + dash, x1), y1], fill=colour)
    for y in range(y0, y1, step):
        pen.rectangle([x0, y, x0 + width - 1, min(y + dash, y1)], fill=colour)
        pen.rectangle([x1 - width + 1, y, x1, min(y + dash, y1)], fill=colour)


def header_px(width: int) -> int:
    """The header's text size for a picture `width` pixels wide."""
    return max(13, min(40, round(width / 30)))


#: A header token: text (in the theme's text colour), a sprite, or None for a wide gap.
Token = str | Sprite | None


def _token_width(token: Token, px: int, gap: int) -> int:
    """How wide `token` lays out at text size `px`."""
    if token is None:
        return gap * 3
    if isinstance(token, Sprite):
        return token.width
    return text_sprite(token, px, (0, 0, 0), "lm").width


def _draw_row(
    image: Image.Image, tokens: Sequence[Token], x: int, y: int, px: int, gap: int, theme: Theme
) -> None:
    """Lay `tokens` out from x along the text line centred on y."""
    for token in tokens:
        if isinstance(token, Sprite):
            paste(image, token, x + token.ax, y)
        elif token:
            paste(image, text_sprite(token, px, theme.text, "lm"), x, y)
        x += _token_width(token, px, gap) + gap


def header_strip(
    width: int, theme: Theme, left: Sequence[Token], right: Sequence[Token], px: int
) -> Image.Image:
    """The strip on top of a picture: `left` tokens from the left, `right` from the right.

    Typical content: left "Move 12", a seat's piece, "White to move"; right each seat's
    figures. When both do not fit on one line, `right` moves to a second line. Returns
    an RGB image `width` wide to paste at the top of the picture.
    """
    gap = max(4, px // 3)
    margin = px
    widths = [sum(_token_width(t, px, gap) + gap for t in row) - gap for row in (left, right)]
    one_line = widths[0] + widths[1] + 3 * gap * 2 <= width - 2 * margin
    line = round(px * 1.6)
    height = line + px if one_line else 2 * line + px
    strip = new_canvas(width, height, theme.header)
    top = height // 2 if one_line else px // 2 + line // 2
    _draw_row(strip, left, margin, top, px, gap, theme)
    if one_line:
        _draw_row(strip, right, width - margin - widths[1], top, px, gap, theme)
    else:
        _draw_row(strip, right, margin, top + line, px, gap, theme)
    return strip


@lru_cache(maxsize=16)
def palette_image(theme: Theme, extra: tuple[RGB, ...] = ()) -> Image.Image:
    """The 256-colour palette of `theme` (plus `extra` colours) as a "P" image.

    Every flat colour of the theme, and every colour in `extra`, is kept exact; the
    remaining entries are spread over the blends between pairs of those colours, which
    is what antialiased edges, text and faint pieces are made of. A picture that uses
    colours of its own (beyond the theme's) must name them in `extra`, or they are
    drawn in the nearest palette colour.
    """
    flat = list(dict.fromkeys([*theme.colours(), *extra]))
    if len(flat) > 128:
        raise ValueError(f"A palette keeps at most 128 exact colours, not {len(flat)}.")
    blends = [
        mix(a, b, step / 8)
        for i, a in enumerate(flat)
        for b in flat[i + 1 :]
        for step in range(1, 8)
    ]
    sample = Image.new("RGB", (len(blends), 1))
    sample.putdata(blends)
    spread = sample.quantize(256 - len(flat), method=Image.Quantize.FASTOCTREE)
    extra_entries = spread.getpalette()[: 3 * (256 - len(flat))]
    values = [channel for colour in flat for channel in colour] + extra_entries
    values += [0] * (768 - len(values))
    palette = Image.new("P", (1, 1))
    palette.putpalette(values)
    return palette


def to_palette(image: Image.Image, theme: Theme, extra: tuple[RGB, ...] = ()) -> Image.Image:
    """The finished RGB picture mapped onto the theme's fixed palette (no dithering).

    `extra`: colours the picture uses beyond the theme's (see `palette_image`).
    """
    return image.quantize(palette=palette_image(theme, extra), dither=Image.Dither.NONE)


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of a finished (palette) picture."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()
