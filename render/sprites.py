"""The canvas and sprites: what every game's picture is drawn with.

The recipe that keeps pictures smooth and fast:

1. Draw on an RGB image (`new_canvas`). Axis-aligned things (boards, cells, outlines,
   `dashed_rectangle`) are drawn directly: they need no antialiasing.
2. Anything round or slanted (pieces, arrows, icons, text) is a `Sprite`: an RGBA image
   drawn once, supersampled for smooth edges, cached per size and colour, and pasted
   with `paste`. Sprites are anchored: `paste(image, sprite, x, y)` puts the sprite's
   anchor (a piece's centre, an arrow's tail, a text's centre) on (x, y).
3. What a picture's layout and theme alone decide (a board's empty surface, its edges
   and grid) is painted once as a `backdrop` and copied for each picture. Text stays out
   of backdrops: `recording_text` sees the text each picture pastes.

Text sprites (`text_sprite`, `text_row`) live here, drawn in Fira Sans (`FONT_FAMILY`,
installed as a package: Latin with every accent, Greek and Cyrillic). A character it
lacks is drawn as its plain compatibility form where that has one the font draws (𝓐: A,
ﬁ: fi, Ａ: A), else left out (`drawable_text`): emoji, and scripts such as Chinese or
Japanese, which would need a font many times as large. The drawn shapes (pieces, arrows,
tags, icons) live in `render.shapes`, the header strip in `render.header`, and the
palette and PNG encoding of the finished picture in `render.palette`.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache, wraps
from threading import Lock
from typing import NamedTuple, ParamSpec, TypeVar, cast

import fontpkg
from PIL import Image, ImageDraw, ImageFont

from render.theme import RGB

#: The pictures' font: a family installed as a package (fontpkg), so nothing is downloaded.
FONT_FAMILY = "Fira Sans"
#: Its regular weight's file, found once on import (a look through the installed
#: packages), not by the first picture.
FONT_FILE = str(fontpkg.path(FONT_FAMILY))


class Sprite(NamedTuple):
    """An RGBA image with an anchor point (ax, ay) inside it, for `paste`; `text_px`, the
    size of the smallest text drawn in it (0: none), for `recording_text`."""

    image: Image.Image
    ax: int
    ay: int
    text_px: int = 0

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


#: The most bytes the sprites and backdrops `kept` hold, all together: their pixels at
#: four bytes each, as Pillow keeps RGB and RGBA (a default 800-pixel picture's backdrop
#: is about 3 MB, a piece or a line of text a few kilobytes).
KEPT_BYTES = 64 << 20

P = ParamSpec("P")
Kept = TypeVar("Kept", bound="Sprite | Image.Image")


class _Pool:
    """What `kept` holds: results by their function and arguments, the least recently
    used first, with their sizes and the total."""

    def __init__(self) -> None:
        self.lock = Lock()
        self.entries: OrderedDict[Hashable, tuple[Sprite | Image.Image, int]] = OrderedDict()
        self.bytes = 0


_pool = _Pool()


def kept_bytes() -> int:
    """How many bytes the sprites and backdrops `kept` hold now."""
    return _pool.bytes


def kept(function: Callable[P, Kept]) -> Callable[P, Kept]:
    """`function` (which draws a sprite or an image from hashable arguments) with its
    results kept: the most recently used of all the functions so decorated, up to
    `KEPT_BYTES` in all. What it returns is shared: never draw on it."""

    @wraps(function)
    def keeping(*args: P.args, **kwargs: P.kwargs) -> Kept:
        key = (function, args, tuple(kwargs.items()))
        with _pool.lock:
            found = _pool.entries.get(key)
            if found is not None:
                _pool.entries.move_to_end(key)
                return cast(Kept, found[0])
        made = function(*args, **kwargs)
        image = made.image if isinstance(made, Sprite) else made
        size = 4 * image.width * image.height
        with _pool.lock:
            if key not in _pool.entries:  # another thread may have drawn it meanwhile
                _pool.entries[key] = (made, size)
                _pool.bytes += size
            while len(_pool.entries) > 1 and _pool.bytes > KEPT_BYTES:
                _pool.bytes -= _pool.entries.popitem(last=False)[1][1]
        return made

    return keeping


@kept
def _painted(
    paint: Callable[..., None], width: int, height: int, colour: RGB, args: tuple[Hashable, ...]
) -> Image.Image:
    """A canvas with what `paint(canvas, *args)` draws on it."""
    painted = new_canvas(width, height, colour)
    paint(painted, *args)
    return painted


def backdrop(
    paint: Callable[..., None], width: int, height: int, colour: RGB, *args: Hashable
) -> Image.Image:
    """A canvas (`new_canvas`) with what `paint(canvas, *args)` draws on it: the parts of
    a picture that those arguments alone decide (a board's surface, grid and edges for
    one theme and layout), painted once (`kept`) and copied for each picture after; a
    copy costs about as much as the blank canvas it replaces."""
    return _painted(paint, width, height, colour, args).copy()


class DrawnText(NamedTuple):
    """A text as `recording_text` notes it: its text size, the width of the picture it
    went on, and where it runs across that picture (its left and right edges, in pixels)."""

    px: int
    width: int
    left: int
    right: int


#: While `recording_text` runs: the texts pasted.
_drawn_text: ContextVar[list[DrawnText] | None] = ContextVar("drawn_text", default=None)


@contextmanager
def recording_text() -> Iterator[list[DrawnText]]:
    """Record every text `paste` draws meanwhile (in this context), as a `DrawnText`. The
    legibility tests read the pictures' own layout with it."""
    drawn: list[DrawnText] = []
    token = _drawn_text.set(drawn)
    try:
        yield drawn
    finally:
        _drawn_text.reset(token)


def paste(image: Image.Image, sprite: Sprite, x: float, y: float) -> None:
    """Blend `sprite` onto `image` with its anchor on (x, y)."""
    left = round(x) - sprite.ax
    image.paste(sprite.image, (left, round(y) - sprite.ay), sprite.image)
    drawn = _drawn_text.get()
    if drawn is not None and sprite.text_px:
        drawn.append(DrawnText(sprite.text_px, image.width, left, left + sprite.width))


def legible_px(width: int) -> int:
    """The smallest text size for a picture `width` pixels wide whose capitals stay 7
    pixels tall once the picture is scaled to a phone's 360 pixels."""
    return max(10, round(width / 34))


@lru_cache(maxsize=32)
def font(px: int) -> ImageFont.FreeTypeFont:
    """The pictures' font (`FONT_FAMILY`, its regular weight) at `px` pixels."""
    return ImageFont.truetype(FONT_FILE, px)


@lru_cache(maxsize=4096)
def text_width(text: str, px: int) -> float:
    """How wide `text` is at `px` pixels; cached, for the words that recur in every
    picture."""
    return font(px).getlength(drawable_text(text))


@lru_cache(maxsize=512)
def wrapped(text: str, px: int, room: float) -> tuple[str, ...]:
    """`text` at size `px` in lines at most `room` wide, broken between words: each line
    as many words as fit (at least one). Cached: a turn's earlier actions are worded
    again in each picture of the turn.

    Each line is guessed from the words' cached widths and then checked against the
    whole line's own width, so that the lines are those that measuring every word
    added would give, with two measurements a line rather than one a word.
    """
    words, lines = drawable_text(text).split(), []
    space = text_width(" ", px)

    def fits(count: int) -> bool:
        return font(px).getlength(" ".join(words[:count])) <= room

    while words:
        count, width = 1, text_width(words[0], px)
        while count < len(words) and width + space + text_width(words[count], px) <= room:
            width += space + text_width(words[count], px)
            count += 1
        while count > 1 and not fits(count):
            count -= 1
        while count < len(words) and fits(count + 1):
            count += 1
        lines.append(" ".join(words[:count]))
        words = words[count:]
    return tuple(lines)


@lru_cache(maxsize=4096)
def text_box(text: str, px: int, anchor: str = "mm") -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom) that `text` at `px` pixels covers around its
    anchor point (Pillow's text `anchor`); a `text_sprite` is as large, at least 1 pixel
    each way. Cached: layouts measure texts before they are drawn."""
    # FreeType boxes are whole pixels; Pillow's stubs allow floats for other fonts.
    left, top, right, bottom = font(px).getbbox(drawable_text(text), anchor=anchor)
    return int(left), int(top), int(right), int(bottom)


@lru_cache(maxsize=1)
def _missing_mask() -> bytes:
    """How the font draws a character it has no glyph for."""
    return bytes(font(24).getmask("\uffff"))


@lru_cache(maxsize=4096)
def drawable(char: str) -> bool:
    """Whether the picture font has a glyph for `char` (spaces count as drawable)."""
    return char.isspace() or bytes(font(24).getmask(char)) != _missing_mask()


@lru_cache(maxsize=4096)
def drawable_char(char: str) -> str:
    """What the font draws for `char`: itself, else its compatibility form (NFKD, marks
    dropped: 𝓐 as A) where the font draws that; "" when it can draw neither."""
    if drawable(char):
        return char
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return base if base and all(drawable(c) for c in base) else ""


def drawable_text(text: str) -> str:
    """`text` as the font can draw it (see the module docstring)."""
    return "".join(drawable_char(char) for char in text)


@kept
def text_sprite(text: str, px: int, colour: RGB, anchor: str = "mm") -> Sprite:
    """`text` in `colour` at `px` pixels, made drawable (`drawable_text`); the sprite's
    anchor is Pillow's text `anchor`.

    "mm" (the default) centres the text on the pasting point; "lm" puts its left end
    there, "rm" its right end.
    """
    text = drawable_text(text)
    left, top, right, bottom = text_box(text, px, anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=font(px), anchor=anchor)
    image = Image.new("RGBA", mask.size, (*colour, 255))
    image.putalpha(mask)
    return Sprite(image, -left, -top, px)


@kept
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
    if vertical:
        return Sprite(row, half_across, -low, px)
    return Sprite(row, -low, half_across, px)


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
