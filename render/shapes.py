"""Drawn sprites: pieces, chips, discs, arrows, tags, crosses and icons.

Each is drawn `SUPERSAMPLE` times larger on a transparent canvas, then reduced, which
gives smooth edges; each is kept per size and colour (`render.sprites.kept`).
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.sprites import Sprite, kept, text_sprite
from render.theme import RGB, SeatStyle

#: Sprites are drawn this many times larger, then reduced: smooth edges.
SUPERSAMPLE = 4
#: Piece shapes `piece_sprite` draws.
SHAPES = ("circle", "square")


def supersampled(width: int, height: int) -> Image.Image:
    """A transparent canvas to draw a sprite on, `SUPERSAMPLE` times larger than the sprite
    (`width` and `height` are the large sizes). Its pixels are premultiplied ("RGBa"):
    everything drawn on it is opaque, so they read as RGBA, and `reduced` shrinks it
    without converting the large canvas to that form and back, as reducing RGBA does."""
    return Image.new("RGBa", (width, height), (0, 0, 0, 0))


def reduced(big: Image.Image) -> Image.Image:
    """A `supersampled` drawing shrunk to its sprite's size, as RGBA."""
    return big.reduce(SUPERSAMPLE).convert("RGBA")


def _finish(big: Image.Image, anchor: tuple[float, float], opacity: float = 1.0) -> Sprite:
    """Reduce a `supersampled` drawing to a sprite, fading it to `opacity`."""
    small = reduced(big)
    if opacity < 1.0:
        alpha = small.getchannel("A").point(lambda a: round(a * opacity))
        small.putalpha(alpha)
    return Sprite(small, round(anchor[0] / SUPERSAMPLE), round(anchor[1] / SUPERSAMPLE))


def _canvas(px: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """A transparent supersampled square for a sprite `px` pixels wide, its pen, its size."""
    side = px * SUPERSAMPLE
    big = supersampled(side, side)
    return big, ImageDraw.Draw(big), side


def _draw_mark(pen: ImageDraw.ImageDraw, mark: str, side: int, inner: float, ink: RGB) -> None:
    """Draw a seat mark (see `render.theme.MARKS`) centred in a square of `side`, scaled
    to the `inner` size."""
    c = side / 2
    if mark == "ring":
        r = inner / 2 * 0.62
        stroke = max(SUPERSAMPLE, round(inner * 0.16))
        pen.ellipse([c - r, c - r, c + r, c + r], outline=ink, width=stroke)
    elif mark == "dot":
        r = inner * 0.18
        pen.ellipse([c - r, c - r, c + r, c + r], fill=ink)
    elif mark in ("plus", "bar"):
        reach, half = inner * 0.32, inner * (0.07 if mark == "plus" else 0.08)
        pen.rectangle([c - reach, c - half, c + reach, c + half], fill=ink)
        if mark == "plus":
            pen.rectangle([c - half, c - reach, c + half, c + reach], fill=ink)


@kept
def piece_sprite(style: SeatStyle, shape: str, px: int, opacity: float = 1.0) -> Sprite:
    """A piece of `style` as a `shape` ("circle" or "square") `px` pixels across.

    The piece has an outline in `style.edge` and carries `style.mark`; `opacity` below 1
    draws it faint (for pieces that are gone). Anchored at its centre.
    """
    if shape not in SHAPES:
        raise ValueError(f"A piece shape must be one of {', '.join(SHAPES)}, not {shape!r}.")
    big, pen, side = _canvas(px)
    inset = SUPERSAMPLE / 2
    edge = min(max(1.6, px * 0.075) * SUPERSAMPLE, (side - 2 * inset) / 4)
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
    Anchored at its centre; not kept (keep the function that makes the sprite).
    """
    side = round(max(sprite.width, sprite.height) * 1.4)
    big = supersampled(side * SUPERSAMPLE, side * SUPERSAMPLE)
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


@kept
def piece_chip(style: SeatStyle, shape: str, px: int, fill: RGB, edge: RGB) -> Sprite:
    """A piece of `style` and `shape`, `px` across, on a `chip` of board."""
    return chip(piece_sprite(style, shape, px), fill, edge)


@kept
def disc_sprite(px: int, fill: RGB, edge: RGB, edge_px: float = 0.0) -> Sprite:
    """A plain disc `px` across (a badge, a marble) with an `edge_px`-wide rim."""
    big, pen, side = _canvas(px)
    pen.ellipse([0, 0, side - 1, side - 1], fill=edge if edge_px else fill)
    if edge_px:
        rim = edge_px * SUPERSAMPLE
        pen.ellipse([rim, rim, side - 1 - rim, side - 1 - rim], fill=fill)
    return _finish(big, (side / 2, side / 2))


@kept
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
    big = supersampled(round(w), round(h))
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


@kept
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
    big = supersampled(round(w * s), round(h * s))
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
    return tag._replace(text_px=px)


@kept
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


@kept
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
        tip_x, tip_y = c + r * math.cos(a), c + r * math.sin(a)
        ahead = (-math.sin(a), math.cos(a))  # the clockwise tangent
        out = (math.cos(a), math.sin(a))
        pen.polygon(
            [
                (tip_x + ahead[0] * 3.2 * u, tip_y + ahead[1] * 3.2 * u),
                (
                    tip_x + out[0] * 2.6 * u - ahead[0] * 0.6 * u,
                    tip_y + out[1] * 2.6 * u - ahead[1] * 0.6 * u,
                ),
                (
                    tip_x - out[0] * 2.6 * u - ahead[0] * 0.6 * u,
                    tip_y - out[1] * 2.6 * u - ahead[1] * 0.6 * u,
                ),
            ],
            fill=colour,
        )
    else:
        raise ValueError(f"There is no icon called {name!r}.")
    return _finish(big, (c, c))
