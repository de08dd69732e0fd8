"""A chart of estimates through a game: one line per seat, moves along the bottom, the
estimate (0 to 100%) up the side; for any game (no game is named here).

Each seat's line is drawn in the seat's own style (`Pictures.seat_style`: the colours
its pieces have in the match's pictures) with the style's edge around it, so light and
dark lines both read on the board-coloured plot. Colour is never the only difference:
each seat also has its own dash pattern, its piece as a marker along the line, and its
name at the line's end. Text sizes follow `legible_px`, so capitals stay 7 pixels tall
on a phone's 360 pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.base import GameState
from render import modules
from render.palette import encode_png, to_palette
from render.pictures import Spot
from render.seats import seat_called
from render.shapes import piece_sprite
from render.sprites import font, legible_px, new_canvas, paste, text_sprite
from render.theme import SeatStyle, Theme, get_theme
from render.words import Words, written_with

#: Each seat's dashes, in line widths (drawn, skipped, ...); empty: a solid line.
DASHES: tuple[tuple[float, ...], ...] = ((), (5, 2.5), (1.2, 2), (6, 2, 1.2, 2), (2.5, 2.5))
#: Default width of a chart, in pixels.
CHART_WIDTH = 720
#: How many markers each line carries at most (besides the one by its name).
MARKERS = 6
#: Lines are drawn this many times larger, then scaled down, for smooth edges.
SUPERSAMPLE = 3


@dataclass(frozen=True)
class ChartLayout:
    """Where a chart puts things: the plot's box (left, top, right, bottom) and each
    seat's points in pixels, first move to last."""

    width: int
    height: int
    plot: tuple[int, int, int, int]
    lines: tuple[tuple[Spot, ...], ...]


def chart_layout(
    moves: Sequence[int], values: Sequence[Sequence[float]], width: int
) -> ChartLayout:
    """The layout of a chart `width` wide of `values[seat][i]` (in [0, 1]; others are
    clipped) after move `moves[i]`."""
    px = legible_px(width)
    height = round(width * 0.62)
    label_room = round(px * 7.5)
    plot = (round(px * 3.6), round(px * 2.6), width - label_room, height - round(px * 3))
    left, top, right, bottom = plot
    first, last = moves[0], moves[-1]
    span = max(last - first, 1)

    def spot(move: int, value: float) -> Spot:
        x = left + (right - left) * ((move - first) / span if last > first else 0.5)
        return x, bottom - (bottom - top) * min(1.0, max(0.0, value))

    lines = tuple(
        tuple(spot(move, value) for move, value in zip(moves, seat, strict=True)) for seat in values
    )
    return ChartLayout(width, height, plot, lines)


def chance_chart(
    state: GameState,
    moves: Sequence[int],
    values: Sequence[Sequence[float]],
    *,
    title: str,
    axis: str,
    theme: str | Theme = "default",
    size: int = CHART_WIDTH,
    words: Words | None = None,
) -> bytes:
    """The chart as PNG bytes: `values[seat]` are each seat's estimates after the moves
    `moves` (the same length, move numbers rising), for a match of `state`'s game (its
    seats' names and styles); `title` goes above the plot, `axis` names the moves, and
    the seats' names are written with `words` (`render.words.Words`; None: English)."""
    chosen = get_theme(theme)
    layout = chart_layout(moves, values, size)
    styles = [modules.pictures_of(state).seat_style(chosen, state, s) for s in range(len(values))]
    image = new_canvas(layout.width, layout.height, chosen.background)
    px = legible_px(size)
    _frame(image, layout, moves, chosen, px, title, axis)
    _lines(image, layout, styles, px)
    with written_with(words):
        names = [seat_called(state, seat) for seat in range(len(values))]
    _labels(image, layout, styles, names, chosen, px)
    extra = tuple(colour for style in styles for colour in (style.fill, style.edge, style.ink))
    return encode_png(to_palette(image, chosen, extra, len(values)))


def _frame(
    image: Image.Image,
    layout: ChartLayout,
    moves: Sequence[int],
    theme: Theme,
    px: int,
    title: str,
    axis: str,
) -> None:
    """The plot's surface, its lines at every quarter, the percentages, the moves."""
    left, top, right, bottom = layout.plot
    pen = ImageDraw.Draw(image)
    pen.rectangle(layout.plot, fill=theme.board, outline=theme.outline)
    for quarter in range(5):
        y = bottom - (bottom - top) * quarter / 4
        if 0 < quarter < 4:
            pen.line([(left + 1, y), (right - 1, y)], fill=theme.grid, width=1 + (quarter == 2))
        words = text_sprite(f"{25 * quarter}%", px, theme.text, "rm")
        paste(image, words, left - px * 0.4, y)
    below = bottom + px * 0.9
    first, last = moves[0], moves[-1]
    for move in sorted({first, (first + last) // 2, last}):
        x = left + (right - left) * ((move - first) / (last - first) if last > first else 0.5)
        paste(image, text_sprite(str(move), px, theme.text, "mm"), x, below)
    paste(image, text_sprite(axis, px, theme.muted, "mm"), (left + right) / 2, below + px * 1.3)
    paste(image, text_sprite(title, round(px * 1.15), theme.text, "lm"), left, top - px * 1.3)


def _lines(image: Image.Image, layout: ChartLayout, styles: Sequence[SeatStyle], px: int) -> None:
    """Every seat's line, smooth, with its dashes and markers, on the plot."""
    left, top, right, bottom = layout.plot
    pad = px
    box = (left - pad, top - pad, right + pad, bottom + pad)
    big = Image.new(
        "RGBA", ((box[2] - box[0]) * SUPERSAMPLE, (box[3] - box[1]) * SUPERSAMPLE), (0, 0, 0, 0)
    )
    pen = ImageDraw.Draw(big)
    thick = max(2.0, px / 4) * SUPERSAMPLE
    for seat, points in enumerate(layout.lines):
        style = styles[seat]
        scaled = [((x - box[0]) * SUPERSAMPLE, (y - box[1]) * SUPERSAMPLE) for x, y in points]
        pieces = _dashed(scaled, DASHES[seat % len(DASHES)], thick)
        for piece in pieces:
            pen.line(piece, fill=style.edge, width=round(thick * 1.8), joint="curve")
        for piece in pieces:
            pen.line(piece, fill=style.fill, width=round(thick), joint="curve")
    small = big.resize((box[2] - box[0], box[3] - box[1]), Image.Resampling.LANCZOS)
    image.paste(small, box[:2], small)
    for seat, points in enumerate(layout.lines):
        marker = piece_sprite(styles[seat], "circle", round(px * 1.1))
        step = max(1, math.ceil(len(points) / MARKERS))
        offset = (seat * step) // max(1, len(layout.lines))
        for index in range(offset, len(points) - 1, step):  # (the name's marker ends it)
            paste(image, marker, *points[index])


def _dashed(points: Sequence[Spot], pattern: Sequence[float], width: float) -> list[list[Spot]]:
    """The polyline through `points` cut into the pieces `pattern` draws (in multiples
    of `width`); the whole line when the pattern is empty."""
    if not pattern or len(points) < 2:
        return [list(points)] if len(points) > 1 else [list(points) * 2]
    lengths = [length * width for length in pattern]
    pieces: list[list[Spot]] = []
    phase, left_in_phase = 0, lengths[0]
    current: list[Spot] = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        segment = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while segment - done > left_in_phase:
            done += left_in_phase
            spot = (x0 + (x1 - x0) * done / segment, y0 + (y1 - y0) * done / segment)
            if phase % 2 == 0:
                current.append(spot)
                pieces.append(current)
            current = [spot]
            phase = (phase + 1) % len(lengths)
            left_in_phase = lengths[phase]
        left_in_phase -= segment - done
        current.append((x1, y1))
    if phase % 2 == 0 and len(current) > 1:
        pieces.append(current)
    return pieces


def _labels(
    image: Image.Image,
    layout: ChartLayout,
    styles: Sequence[SeatStyle],
    names: Sequence[str],
    theme: Theme,
    px: int,
) -> None:
    """Each seat's marker and name right of its line's end, moved apart where ends meet."""
    _, top, right, bottom = layout.plot
    gap = px * 1.4
    ends = sorted(range(len(layout.lines)), key=lambda seat: layout.lines[seat][-1][1])
    placed: list[float] = []
    for seat in ends:
        y = max(layout.lines[seat][-1][1], placed[-1] + gap if placed else top)
        placed.append(y)
    overflow = placed[-1] - (bottom + px) if placed else 0
    if overflow > 0:  # pushed past the bottom: shift them all up
        placed = [y - overflow for y in placed]
    room = layout.width - right - px * 2.2
    for seat, y in zip(ends, placed, strict=True):
        marker = piece_sprite(styles[seat], "circle", round(px * 1.1))
        paste(image, marker, right + px * 1.1, y)
        name = names[seat]
        while len(name) > 1 and font(px).getlength(name) > room:
            name = name[:-1]
        paste(image, text_sprite(name, px, theme.text, "lm"), right + px * 2, y)
