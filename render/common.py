"""Drawing helpers shared by every game's picture.

The recipe that keeps pictures smooth and fast:

1. Draw on an RGB image (`new_canvas`). Axis-aligned things (boards, cells, outlines,
   dashed outlines) are drawn directly: they need no antialiasing.
2. Anything round or slanted (pieces, arrows, icons, text) is a `Sprite`: an RGBA image
   drawn once, supersampled for smooth edges, cached per size and colour, and pasted
   with `paste`. Sprites are anchored: `paste(image, sprite, x, y)` puts the sprite's
   anchor (a piece's centre, an arrow's tail, a text's centre) on (x, y).
3. `header_strip` makes the strip on top from rows of tokens (strings and sprites):
   `turn_tokens` (move number, whose turn or the result) on the left, each seat's
   figures on the right.
4. `to_palette` maps the finished image onto the theme's fixed 256-colour palette
   (exact theme colours plus their blends, so antialiased edges stay smooth) and
   `encode_png` encodes it. Palette images make small PNGs and animated GIFs whose
   frames share one palette. A picture using colours that are not in its theme must
   name them (see `palette_image`); games do so through `extra_colours` (see `render`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

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
    """Draw a seat mark (see `render.theme.MARKS`) centred in a square of `side`, scaled
    to the `inner` size."""
    if mark == "ring":
        c, r = side / 2, inner / 2 * 0.62
        stroke = max(SUPERSAMPLE, round(inner * 0.16))
        pen.ellipse([c - r, c - r, c + r, c + r], outline=ink, width=stroke)


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


def chip(sprite: Sprite, fill: RGB, edge: RGB) -> Sprite:
    """`sprite` (a piece) on a small rounded square of board (`fill`, rimmed in `edge`).

    For headers and legends: a piece on its own board colour reads on any background.
    Anchored at its centre; not cached (cache the function that makes the sprite).
    """
    side = round(max(sprite.width, sprite.height) * 1.4)
    big = Image.new("RGBA", (side * SUPERSAMPLE,) * 2, (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        [0, 0, side * SUPERSAMPLE - 1, side * SUPERSAMPLE - 1],
        radius=side * SUPERSAMPLE * 0.2,
        fill=fill,
        outline=edge,
        width=SUPERSAMPLE,
    )
    backing = _finish(big, (side * SUPERSAMPLE / 2, side * SUPERSAMPLE / 2))
    backing.image.alpha_composite(sprite.image, (backing.ax - sprite.ax, backing.ay - sprite.ay))
    return backing


@lru_cache(maxsize=64)
def piece_chip(style: SeatStyle, shape: str, px: int, fill: RGB, edge: RGB) -> Sprite:
    """A piece of `style` and `shape`, `px` across, on a `chip` of board."""
    return chip(piece_sprite(style, shape, px), fill, edge)


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
def arrow_sprite(dx: int, dy: int, width: int, colour: RGB, halo: RGB, head: bool = True) -> Sprite:
    """An arrow from its anchor (the tail) to (dx, dy) pixels away, `width` thick.

    A thin `halo` rim keeps it readable on any surface. Without a `head` it is a bar
    with round ends (a line struck through things).
    """
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    tip_length = min(length * 0.55, width * 3.2) if head else 0.0
    pad = width * 2 + 2
    s = SUPERSAMPLE
    w = (abs(dx) + 2 * pad) * s
    h = (abs(dy) + 2 * pad) * s
    tail = ((pad + max(0, -dx)) * s, (pad + max(0, -dy)) * s)
    tip = (tail[0] + dx * s, tail[1] + dy * s)
    big = Image.new("RGBA", (round(w), round(h)), (0, 0, 0, 0))
    pen = ImageDraw.Draw(big)
    for grow, ink in ((max(1.0, width * 0.22) * s, halo), (0.0, colour)):
        shaft_end = (tip[0] - ux * tip_length * s * 0.9, tip[1] - uy * tip_length * s * 0.9)
        pen.line([tail, shaft_end], fill=ink, width=round(width * s + 2 * grow))
        r = width * s / 2 + grow
        for end in (tail, tip) if not head else (tail,):
            pen.ellipse([end[0] - r, end[1] - r, end[0] + r, end[1] + r], fill=ink)
        if not head:
            continue
        half = tip_length * 0.62 * s + grow
        back = (tip[0] - ux * (tip_length * s + grow), tip[1] - uy * (tip_length * s + grow))
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


#: The unit step towards each side, for `tag_sprite`.
_SIDES = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


@lru_cache(maxsize=64)
def tag_sprite(text: str, px: int, ink: RGB, fill: RGB, point: str) -> Sprite:
    """`text` on a rounded tag of `fill` with a point on its `point` side ("n", "e",
    "s" or "w"), like a label pointing at something. Anchored at the middle of its body,
    so it can stand where a plain label would."""
    label = text_sprite(text, px, ink)
    s = SUPERSAMPLE
    body_w, body_h = label.width + px * 0.7, px * 1.35
    reach = px * 0.55  # how far the point sticks out of the body
    dx, dy = _SIDES[point]
    w = body_w + reach * abs(dx) + 2
    h = body_h + reach * abs(dy) + 2
    # The body's box, shifted away from the point.
    x0 = 1 + reach * max(0, -dx)
    y0 = 1 + reach * max(0, -dy)
    big = Image.new("RGBA", (round(w * s), round(h * s)), (0, 0, 0, 0))
    pen = ImageDraw.Draw(big)
    box = [x0 * s, y0 * s, (x0 + body_w) * s, (y0 + body_h) * s]
    pen.rounded_rectangle(box, radius=body_h * 0.3 * s, fill=fill)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    half_w, half_h = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    base = reach * 0.9 * s  # half the width of the point where it meets the body
    edge = (cx + dx * half_w, cy + dy * half_h)
    pen.polygon(
        [
            (edge[0] + dx * reach * s, edge[1] + dy * reach * s),
            (edge[0] - dy * base - dx * s, edge[1] + dx * base - dy * s),
            (edge[0] + dy * base - dx * s, edge[1] - dx * base - dy * s),
        ],
        fill=fill,
    )
    tag = _finish(big, (cx, cy))
    tag.image.alpha_composite(label.image, (tag.ax - label.ax, tag.ay - label.ay))
    return tag


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


def _gap(px: int) -> int:
    """The space between a header's tokens at text size `px` (its margin is `px`)."""
    return max(4, px // 3)


def _row_width(tokens: Sequence[Token], px: int, gap: int) -> int:
    """How wide a row of `tokens` lays out at text size `px`."""
    return sum(_token_width(t, px, gap) + gap for t in tokens) - gap if tokens else 0


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


def _wrap(tokens: Sequence[Token], room: int, px: int, gap: int) -> list[list[Token]]:
    """`tokens` in lines at most `room` wide, broken only at the wide gaps (None)."""
    groups: list[list[Token]] = [[]]
    for token in tokens:
        if token is None:
            groups.append([])
        else:
            groups[-1].append(token)
    lines: list[list[Token]] = []
    for group in groups:
        if lines and _row_width([*lines[-1], None, *group], px, gap) <= room:
            lines[-1] += [None, *group]
        else:
            lines.append(group)
    return lines


def header_strip(
    width: int, theme: Theme, left: Sequence[Token], right: Sequence[Token], px: int
) -> Image.Image:
    """The strip on top of a picture: `left` tokens from the left, `right` from the right.

    Typical content: left "Move 12", a seat's piece, "White to move"; right each seat's
    figures, seats apart by a wide gap (None). When both do not fit on one line, `right`
    follows on the lines below, broken between seats. Returns an RGB image `width` wide
    to paste at the top of the picture.
    """
    gap = _gap(px)
    margin = px
    room = width - 2 * margin
    line = round(px * 1.6)
    right_width = _row_width(right, px, gap)
    if _row_width(left, px, gap) + right_width + 3 * gap * 2 <= room:
        strip = new_canvas(width, line + px, theme.header)
        _draw_row(strip, left, margin, strip.height // 2, px, gap, theme)
        _draw_row(strip, right, width - margin - right_width, strip.height // 2, px, gap, theme)
        return strip
    lines = [list(left), *_wrap(right, room, px, gap)]
    strip = new_canvas(width, len(lines) * line + px, theme.header)
    for index, tokens in enumerate(lines):
        _draw_row(strip, tokens, margin, px // 2 + line // 2 + index * line, px, gap, theme)
    return strip


def turn_tokens(
    state: Any,
    chip: Callable[[int], Sprite],
    *,
    width: int,
    px: int,
    doing: str = "to move",
    why: bool = False,
) -> list[Token]:
    """The left of a game's header strip: the move number and whose turn, or the result.

    `chip(seat)` is the seat's piece as drawn in the header; `doing` follows the seat's
    name ("White to move"). With `why`, a winner's line adds the outcome's reason when
    it fits in a header `width` wide at text size `px` ("Black wins: White has no kings
    left"); use it where the reasons read well after the winner's name.
    """
    name = state.game.seat_name
    outcome = state.outcome()
    if outcome is None:
        seat = state.current_player
        return [f"Move {state.ply + 1}", None, chip(seat), f"{name(seat)} {doing}"]
    played = f"{state.ply} moves"
    if outcome.draw:
        return [played, None, "Draw"]
    winner = outcome.winners[0]
    tokens: list[Token] = [played, None, chip(winner), f"{name(winner)} wins"]
    if why:
        reasoned = [*tokens[:-1], f"{name(winner)} wins: {outcome.reason.rstrip('.')}"]
        if _row_width(reasoned, px, _gap(px)) <= width - 2 * px:
            return reasoned
    return tokens


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
