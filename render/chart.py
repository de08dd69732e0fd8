"""A chart of estimates through a game: one line per seat, moves along the bottom, the
estimate (0 to 100%) up the side; for any game (no game is named here).

Each seat's line is drawn in the seat's own style (`Pictures.seat_style`: the colours
its pieces have in the match's pictures) with the style's edge around it, so light and
dark lines both read on the board-coloured plot. Colour is never the only difference:
each seat also has its own dash pattern and its piece as a marker along the line. Under
the plot a legend gives each seat a row of its own, however many seats: a sample of its
line (dashes and marker) and its player's name in full (with the seat's own name where
the game's seats have names, "White"), so no name is cut and lines whose players share a
name (two bots of one level) still differ. Moves that cost their player are marked on
the mover's line after the move, as lichess marks them: "?!" an inaccuracy, "?" a
mistake, "??" a blunder, with a key under the legend. Text sizes follow `legible_px`, so
capitals stay 7 pixels tall on a phone's 360 pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.base import GameState
from render import modules
from render.palette import encode_png, to_palette
from render.pictures import Spot
from render.seats import drawn_name, fitted, seat_called
from render.shapes import piece_sprite, tag_sprite
from render.sprites import legible_px, new_canvas, paste, text_sprite, text_width
from render.theme import SeatStyle, Theme, get_theme
from render.words import MARK_KEY, Words, phrase, say, written_with

#: Each seat's dashes, in line widths (drawn, skipped, ...); empty: a solid line.
DASHES: tuple[tuple[float, ...], ...] = ((), (5, 2.5), (1.2, 2), (6, 2, 1.2, 2), (2.5, 2.5))
#: Default width of a chart, in pixels.
CHART_WIDTH = 720
#: How many markers each line carries at most.
MARKERS = 6
#: Lines are drawn this many times larger, then scaled down, for smooth edges.
SUPERSAMPLE = 3
#: The symbol of each label a move can have (`ChartMark.label`), as lichess writes them.
SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: The height of a legend row, in text sizes.
ROW = 1.7


class ChartMark(NamedTuple):
    """A move marked on the chart: the move number it leads to (on the moves' axis), the
    seat that played it (whose line carries the mark) and its label (`SYMBOLS`)."""

    move: int
    seat: int
    label: str


@dataclass(frozen=True)
class ChartLayout:
    """Where a chart puts things: the plot's box (left, top, right, bottom), each seat's
    points in pixels, first move to last, and the legend's first row (its middle)."""

    width: int
    height: int
    plot: tuple[int, int, int, int]
    lines: tuple[tuple[Spot, ...], ...]
    legend: float


def chart_layout(
    moves: Sequence[int], values: Sequence[Sequence[float]], width: int, key: bool = False
) -> ChartLayout:
    """The layout of a chart `width` wide of `values[seat][i]` (in [0, 1]; others are
    clipped) after move `moves[i]`, with a legend row per seat under the plot (and one
    for the marks' key when `key`)."""
    px = legible_px(width)
    plot_height = round(width * 0.5)
    plot = (
        round(px * 3.6),
        round(px * 2.6),
        width - round(px * 1.4),
        round(px * 2.6) + plot_height,
    )
    left, top, right, bottom = plot
    legend = bottom + px * 4.2
    rows = len(values) + key
    height = round(legend + px * ROW * (rows - 0.5) + px * 0.6)
    first, last = moves[0], moves[-1]
    span = max(last - first, 1)

    def spot(move: int, value: float) -> Spot:
        x = left + (right - left) * ((move - first) / span if last > first else 0.5)
        return x, bottom - (bottom - top) * min(1.0, max(0.0, value))

    lines = tuple(
        tuple(spot(move, value) for move, value in zip(moves, seat, strict=True)) for seat in values
    )
    return ChartLayout(width, height, plot, lines, legend)


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
    players: Sequence[str] = (),
    marks: Sequence[ChartMark] = (),
) -> bytes:
    """The chart as PNG bytes: `values[seat]` are each seat's estimates after the moves
    `moves` (the same length, move numbers rising), for a match of `state`'s game (its
    seats' names and styles); `title` goes above the plot, `axis` names the moves, the
    legend names each seat by its player (`players`, one name a seat; an empty one, or
    none given, names the seat as the game does), `marks` are the moves marked on the
    lines, and every word is written with `words` (`render.words.Words`; None: English)."""
    chosen = get_theme(theme)
    layout = chart_layout(moves, values, size, bool(marks))
    styles = [modules.pictures_of(state).seat_style(chosen, state, s) for s in range(len(values))]
    image = new_canvas(layout.width, layout.height, chosen.background)
    px = legible_px(size)
    _frame(image, layout, moves, chosen, px, title, axis)
    _lines(image, layout, styles, px)
    with written_with(words):
        names = [_legend_name(state, seat, players) for seat in range(len(values))]
        key = say(MARK_KEY) if marks else None
    _marks(image, layout, moves, marks, chosen, px)
    _legend(image, layout, styles, names, key, chosen, px)
    extra = tuple(colour for style in styles for colour in (style.fill, style.edge, style.ink))
    return encode_png(to_palette(image, chosen, extra, len(values)))


def _legend_name(state: GameState, seat: int, players: Sequence[str]) -> tuple[str, str]:
    """A seat's row of the legend: its player's name as pictures draw names, and the
    seat's own name beside it where the game names its seats ("White"; "" where they are
    only numbered, or where no player's name is given and the seat's own is the name)."""
    given = drawn_name(players[seat]) if seat < len(players) else ""
    if not given:
        return seat_called(state, seat), ""
    own = "" if state.game.kind.numbered_seats else phrase(state.game.seat_name(seat))
    return given, own


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
    thick = _thickness(px, len(layout.lines)) * SUPERSAMPLE
    for seat, points in enumerate(layout.lines):
        scaled = [((x - box[0]) * SUPERSAMPLE, (y - box[1]) * SUPERSAMPLE) for x, y in points]
        _stroke(pen, scaled, styles[seat], seat, thick)
    small = big.resize((box[2] - box[0], box[3] - box[1]), Image.Resampling.LANCZOS)
    image.paste(small, box[:2], small)
    for seat, points in enumerate(layout.lines):
        marker = piece_sprite(styles[seat], "circle", round(px * 1.1))
        step = max(1, math.ceil(len(points) / MARKERS))
        offset = (seat * step) // max(1, len(layout.lines))
        for index in range(offset, len(points), step):
            paste(image, marker, *points[index])


def _thickness(px: int, seats: int) -> float:
    """How thick each line is drawn: thinner where many lines share the plot."""
    return max(2.0, px / (4 if seats <= 2 else 5))


def _stroke(
    pen: ImageDraw.ImageDraw, points: Sequence[Spot], style: SeatStyle, seat: int, thick: float
) -> None:
    """One seat's line through `points`: its dashes in its fill, on its edge."""
    pieces = _dashed(points, DASHES[seat % len(DASHES)], thick)
    for piece in pieces:
        pen.line(piece, fill=style.edge, width=round(thick * 1.8), joint="curve")
    for piece in pieces:
        pen.line(piece, fill=style.fill, width=round(thick), joint="curve")


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


def _marks(
    image: Image.Image,
    layout: ChartLayout,
    moves: Sequence[int],
    marks: Sequence[ChartMark],
    theme: Theme,
    px: int,
) -> None:
    """Each marked move's symbol on a tag pointing at its mover's line after it (above
    the line, or below it near the top), in the highlight colour ("??" in the colour of
    what was taken)."""
    at = {move: index for index, move in enumerate(moves)}
    top = layout.plot[1]
    for mark in marks:
        index = at.get(mark.move)
        if index is None or not 0 <= mark.seat < len(layout.lines):
            continue
        x, y = layout.lines[mark.seat][index]
        fill = theme.removed if mark.label == "blunder" else theme.highlight
        below = y - px * 1.6 < top
        tag = tag_sprite(SYMBOLS[mark.label], px, theme.background, fill, "n" if below else "s")
        paste(image, tag, x, y + px * 1.1 if below else y - px * 1.1)


def _legend(
    image: Image.Image,
    layout: ChartLayout,
    styles: Sequence[SeatStyle],
    names: Sequence[tuple[str, str]],
    key: str | None,
    theme: Theme,
    px: int,
) -> None:
    """A row per seat under the plot: a sample of its line, its marker, its player's
    name in full and the seat's own name, muted; then the key of the marks."""
    left = px * 1.4
    sample = px * 3.2
    thick = _thickness(px, len(styles))
    room = layout.width - left - sample - px * 2.2
    for seat, (name, own) in enumerate(names):
        y = layout.legend + seat * px * ROW
        big = Image.new(
            "RGBA", (round(sample * SUPERSAMPLE), round(px * SUPERSAMPLE)), (0, 0, 0, 0)
        )
        middle = px * SUPERSAMPLE / 2
        _stroke(
            ImageDraw.Draw(big),
            [(0, middle), (sample * SUPERSAMPLE, middle)],
            styles[seat],
            seat,
            thick * SUPERSAMPLE,
        )
        small = big.resize((round(sample), px), Image.Resampling.LANCZOS)
        image.paste(small, (round(left), round(y - px / 2)), small)
        paste(image, piece_sprite(styles[seat], "circle", round(px * 1.1)), left + sample / 2, y)
        x = left + sample + px * 0.8
        shown = fitted(name, px, room)
        paste(image, text_sprite(shown, px, theme.text, "lm"), x, y)
        if own and shown == name:
            after = x + text_width(name, px) + px * 0.6
            if after + text_width(own, px) <= layout.width - px:
                paste(image, text_sprite(own, px, theme.muted, "lm"), after, y)
    if key is not None:
        y = layout.legend + len(names) * px * ROW
        paste(
            image,
            text_sprite(fitted(key, px, layout.width - 2 * left), px, theme.muted, "lm"),
            left,
            y,
        )
