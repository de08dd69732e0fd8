"""The Shiftago picture: the 7x7 tray, its 28 lane labels, marbles, scores and the last turn.

Every edge carries the insertion notation of its lanes (`Na`..`Ng` above, `Sa`..`Sg`
below, `W1`..`W7` on the left, `E1`..`E7` on the right), so a move can be read off the
picture; the squares' names a scoring move is typed with (a1..g7) are printed on the
tray's rim, the columns' letters along the top and the rows' numbers along the left.
The last turn (`state.recent`) is drawn on top, in a colour no marble has: the label of
the last insertion's lane stands on a tag pointing into the tray, the new marble is
ringed and the cells of the run it pushed tinted; a line scored this turn is struck
through with a bar, its removed marbles faint where they stood; an Express game won by a
line has a bar in the highlight colour through it; while a score is pending, the lines
that can score are outlined with dashes. The header says whose turn it is and
each player's marbles in hand (and points in Expert and Extreme).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from games.shiftago import COLOURS, LETTERS, SHIFTAGO, Action, Insert, Score
from games.shiftago.geometry import (
    COLUMNS,
    EDGES,
    LANES,
    SIZE,
    cell,
    coords,
    lane_label,
    square_name,
)
from games.shiftago.rules import lines_of, min_line
from games.shiftago.state import ShiftagoState
from render.header import Token, header_px, header_strip, turn_tokens
from render.pictures import Pictures, Shape, Spot, SpotsAt, box
from render.shapes import arrow_sprite, chip, disc_sprite, piece_sprite, tag_sprite
from render.shiftago.words import (
    DRAWN,
    MARBLES_AND_POINTS,
    MARBLES_LEFT,
    RETIRED,
    TO_INSERT,
    TO_SCORE,
    describe,
)
from render.sprites import (
    Sprite,
    backdrop,
    dashed_rectangle,
    legible_px,
    paste,
    text_sprite,
)
from render.theme import RGB, SeatStyle, Theme, hex_rgb, mix, style_named
from render.words import say

__all__ = [
    "PICTURES",
    "describe",
    "draw",
    "extra_colours",
    "layout",
    "marble_style",
    "marble_styles",
    "pieces",
]

#: The marbles' own colours (Orange, Green, Blue, White) in each theme, never told apart
#: by hue alone: in the default theme Green's marbles carry a dot and Blue's a cross; the
#: contrast theme uses colours that colour-blind eyes keep apart, each lighter or darker
#: than the others, and puts each colour's letter on its marbles as well.
_MARBLES = {
    "default": (
        SeatStyle("Orange", hex_rgb("#f28c28"), hex_rgb("#7a3d00"), hex_rgb("#2b1400")),
        SeatStyle("Green", hex_rgb("#3fa34d"), hex_rgb("#14461c"), hex_rgb("#ffffff"), "dot"),
        SeatStyle("Blue", hex_rgb("#2f6fdb"), hex_rgb("#0e2659"), hex_rgb("#ffffff"), "plus"),
        SeatStyle("White", hex_rgb("#fbfbf7"), hex_rgb("#3c4048"), hex_rgb("#22252a")),
    ),
    "contrast": (
        SeatStyle("Orange", hex_rgb("#e69f00"), hex_rgb("#000000"), hex_rgb("#000000")),
        SeatStyle("Green", hex_rgb("#009e73"), hex_rgb("#000000"), hex_rgb("#ffffff")),
        SeatStyle("Blue", hex_rgb("#00264f"), hex_rgb("#000000"), hex_rgb("#ffffff")),
        SeatStyle("White", hex_rgb("#ffffff"), hex_rgb("#000000"), hex_rgb("#000000")),
    ),
}
_LETTERED = {"contrast"}
#: The last turn's colour where the theme's own is too close to a marble colour (the
#: default theme's orange highlight would pass for Orange's marbles).
_HIGHLIGHTS = {"default": hex_rgb("#d6249f")}
#: Opacity of scored marbles: fainter than the theme's, as they lie on the tray among
#: marbles of the same colour.
_FAINT = 0.38


def _look(theme: Theme) -> Theme:
    """`theme` with the last turn's colours and the faintness the Shiftago picture uses."""
    colour = _HIGHLIGHTS.get(theme.name)
    if colour is None:
        return replace(theme, faint=_FAINT)
    return replace(
        theme,
        highlight=colour,
        highlight_from=mix(theme.board, colour, 0.3),
        highlight_to=mix(theme.board, colour, 0.55),
        faint=_FAINT,
    )


def marble_style(theme: Theme, seat: int) -> SeatStyle:
    """How `seat`'s marbles look in `theme` (themes without their own marbles use the
    default ones)."""
    return style_named(marble_styles(theme), COLOURS[seat])


def marble_styles(theme: Theme) -> tuple[SeatStyle, ...]:
    """The marbles' styles in `theme`, named by colour (themes without marbles of their
    own use the default ones)."""
    return _MARBLES.get(theme.name, _MARBLES["default"])


def extra_colours(theme: Theme) -> tuple[RGB, ...]:
    """The marble and last-turn colours, which the theme does not hold, for the palette."""
    styles = marble_styles(theme)
    look = _look(theme)
    marked = (look.highlight, look.highlight_from, look.highlight_to)
    return (
        *(colour for style in styles for colour in (style.fill, style.edge, style.ink)),
        *marked,
    )


@dataclass(frozen=True)
class Tray:
    """Pixel geometry: the tray's top-left corner, the cell pitch, the label margin."""

    left: float
    top: float
    pitch: float
    margin: float
    rim: float

    def centre(self, index: int) -> tuple[float, float]:
        """The centre of a cell."""
        column, row = coords(index)
        return self.left + (column + 0.5) * self.pitch, self.top + (row + 0.5) * self.pitch

    def box(self, index: int) -> tuple[float, float, float, float]:
        """The square of a cell."""
        x, y = self.centre(index)
        half = self.pitch / 2
        return x - half, y - half, x + half, y + half

    @property
    def side(self) -> float:
        """The width of the 7x7 grid of cells."""
        return self.pitch * SIZE


@lru_cache(maxsize=64)
def _marble(style: SeatStyle, px: int, letter: str, opacity: float = 1.0) -> Sprite:
    """A marble: the seat's disc with a glint (and its letter in lettered themes)."""
    base = piece_sprite(style, "circle", px, opacity)
    image = base.image.copy()
    if letter:
        text = text_sprite(letter, max(8, round(px * 0.46)), style.ink)
        image.alpha_composite(text.image, (base.ax - text.ax, base.ay - text.ay))
        return Sprite(image, base.ax, base.ay, text.text_px)
    else:
        glint = disc_sprite(max(3, round(px * 0.22)), (255, 255, 255), (255, 255, 255))
        spot = (base.ax - round(px * 0.2) - glint.ax, base.ay - round(px * 0.2) - glint.ay)
        faded = glint.image.copy()
        faded.putalpha(faded.getchannel("A").point(lambda a: round(a * 0.55 * opacity)))
        image.alpha_composite(faded, spot)
    return Sprite(image, base.ax, base.ay)


def _marble_for(theme: Theme, seat: int, px: int, opacity: float = 1.0) -> Sprite:
    letter = LETTERS[seat] if theme.name in _LETTERED else ""
    return _marble(marble_style(theme, seat), px, letter, opacity)


@lru_cache(maxsize=64)
def _chip(theme: Theme, seat: int, px: int) -> Sprite:
    """A seat's marble (lettered where the theme letters them) on a chip of tray."""
    return chip(_marble_for(theme, seat, px), theme.board, theme.outline)


def _header(
    state: ShiftagoState, theme: Theme, width: int, ending: str | None = None
) -> Image.Image:
    """Whose turn (or the result, or `ending`) on the left; each player's marbles and
    points right."""
    px = header_px(width)
    icon = round(px * 0.85)
    doing = TO_SCORE if state.scoring else TO_INSERT
    left = turn_tokens(
        state,
        lambda seat: _chip(theme, seat, icon),
        width=width,
        px=px,
        doing=doing,
        ending=ending,
    )
    right: list[Token] = []
    keeps_score = state.keeps_score()
    for seat in range(state.players):
        if right:
            right.append(None)
        right.append(_chip(theme, seat, round(icon * 0.8)))
        if state.retired[seat]:
            right.append(say(RETIRED))
        elif keeps_score:
            left_points = {"left": state.supply[seat], "points": state.scores[seat]}
            right.append(say(MARBLES_AND_POINTS, **left_points))
        else:
            right.append(say(MARBLES_LEFT, left=state.supply[seat]))
    return header_strip(width, theme, left, right, px)


#: The rim's width in text sizes (`legible_px`): the squares' names are printed on it.
RIM_TEXT = 1.5

#: Each edge's outward step, and the way a tag there points (into the tray).
_OUTWARD = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}
_INWARD = {"N": "s", "S": "n", "W": "e", "E": "w"}


def _layout(width: int, header: int) -> tuple[Tray, int]:
    """The tray's geometry for a picture `width` wide under a header, and the height."""
    px = legible_px(width)
    margin = round(px * 2.5)
    rim = round(px * RIM_TEXT)  # wide enough for the squares' names
    pitch = (width - 2 * margin - 2 * rim) / SIZE
    top = header + margin + rim
    tray = Tray(margin + rim, top, pitch, margin, rim)
    return tray, round(top + tray.side + rim + margin)


def _line(tray: Tray) -> int:
    """The width of the tray's outlines."""
    return max(1, round(tray.pitch * 0.02))


def _hollow(tray: Tray, theme: Theme) -> Sprite:
    """A cell's hollow."""
    return disc_sprite(round(tray.pitch * 0.62), theme.grid, theme.grid)


def _draw_tray(image: Image.Image, tray: Tray, theme: Theme) -> None:
    """The tray with its rim and a hollow for every cell (a `backdrop`)."""
    pen = ImageDraw.Draw(image)
    x0, y0 = tray.left - tray.rim, tray.top - tray.rim
    x1, y1 = tray.left + tray.side + tray.rim, tray.top + tray.side + tray.rim
    line = _line(tray)
    pen.rectangle([x0, y0, x1, y1], fill=theme.board_edge, outline=theme.outline, width=line)
    pen.rectangle(
        [tray.left, tray.top, tray.left + tray.side, tray.top + tray.side],
        fill=theme.board,
        outline=theme.outline,
        width=line,
    )
    for index in range(SIZE * SIZE):
        paste(image, _hollow(tray, theme), *tray.centre(index))


def _draw_tints(image: Image.Image, state: ShiftagoState, tray: Tray, theme: Theme) -> None:
    """The tints of the last turn's cells, each with its hollow."""
    pen = ImageDraw.Draw(image)
    line = _line(tray)
    for index, tint in _tints(state, theme).items():
        bx0, by0, bx1, by1 = tray.box(index)
        pen.rectangle([bx0 + line, by0 + line, bx1 - line, by1 - line], fill=tint)
        paste(image, _hollow(tray, theme), *tray.centre(index))


def _last_insert(state: ShiftagoState) -> Action | None:
    """The last insertion of the latest turn, if any."""
    return next((a for a in reversed(state.recent) if isinstance(a.move, Insert)), None)


def _tints(state: ShiftagoState, theme: Theme) -> dict[int, RGB]:
    """Cells tinted for the last insertion: the new marble strong, the pushed run light."""
    action = _last_insert(state)
    if action is None:
        return {}
    path = action.path()
    tints = {index: theme.highlight_from for index in path[1:]}
    tints[path[0]] = theme.highlight_to
    return tints


def _draw_marbles(image: Image.Image, state: ShiftagoState, tray: Tray, theme: Theme) -> None:
    """Every marble; the one just inserted gets a ring in the highlight colour."""
    px = round(tray.pitch * 0.8)
    action = _last_insert(state)
    if action is not None and state.board[action.path()[0]] is not None:
        ring = disc_sprite(
            round(tray.pitch * 0.98), theme.highlight_to, theme.highlight, tray.pitch * 0.07
        )
        paste(image, ring, *tray.centre(action.path()[0]))
    for index, seat in enumerate(state.board):
        if seat is not None:
            paste(image, _marble_for(theme, seat, px), *tray.centre(index))


def _draw_removed(image: Image.Image, state: ShiftagoState, tray: Tray, theme: Theme) -> None:
    """Lines scored in the latest turn: the removed marbles faint where they stood, and
    a bar struck through the whole line (under the marbles that stand there now)."""
    px = round(tray.pitch * 0.8)
    width = max(3, round(tray.pitch * 0.1))
    for action in state.recent:
        if not isinstance(action.move, Score):
            continue
        for index in action.removed():
            if state.board[index] is None:
                paste(image, _marble_for(theme, action.seat, px, theme.faint), *tray.centre(index))
        line = action.line()
        (x0, y0), (x1, y1) = tray.centre(line[0]), tray.centre(line[-1])
        bar = arrow_sprite(round(x1 - x0), round(y1 - y0), width, theme.ink, theme.board, False)
        paste(image, bar, x0, y0)


def _draw_winning_lines(image: Image.Image, state: ShiftagoState, tray: Tray, theme: Theme) -> None:
    """An Express game won by a line: a bar in the highlight colour through each winning
    line, over its marbles."""
    outcome = state.outcome()
    if state.ending != "line" or outcome is None:
        return
    width = max(4, round(tray.pitch * 0.14))
    shortest = min_line(state.variant, state.players)
    for seat in outcome.winners:
        for line in lines_of(state.board, seat, shortest):
            (x0, y0), (x1, y1) = tray.centre(line[0]), tray.centre(line[-1])
            bar = arrow_sprite(
                round(x1 - x0), round(y1 - y0), width, theme.highlight, theme.halo, False
            )
            paste(image, bar, x0, y0)


def _draw_pending(image: Image.Image, state: ShiftagoState, tray: Tray, theme: Theme) -> None:
    """While a score is pending, outline every cell of the lines that can score (dashed)."""
    pen = ImageDraw.Draw(image)
    width = max(2, round(tray.pitch * 0.04))
    inset = round(tray.pitch * 0.03)
    for index in {i for line in state.pending_lines for i in line}:
        x0, y0, x1, y1 = tray.box(index)
        box = (x0 + inset, y0 + inset, x1 - inset, y1 - inset)
        dashed_rectangle(pen, box, theme.ink, width, round(tray.pitch * 0.1))


def _draw_labels(image: Image.Image, state: ShiftagoState, tray: Tray, theme: Theme) -> None:
    """The insertion notation of every lane at its edge; the last lane used has its label
    on a tag in the highlight colour, pointing into the tray."""
    px = legible_px(image.width)
    action = _last_insert(state)
    move = action.move if action else None
    used = (move.edge, move.lane) if isinstance(move, Insert) else None
    outside = tray.rim + tray.margin / 2
    for edge in EDGES:
        dx, dy = _OUTWARD[edge]
        for lane in range(SIZE):
            x, y = tray.centre(LANES[edge, lane][0])
            spot = (x + dx * (tray.pitch / 2 + outside), y + dy * (tray.pitch / 2 + outside))
            text = f"{edge}{lane_label(edge, lane)}"
            if (edge, lane) == used:
                ink = theme.ink if _light(theme.highlight) else theme.text
                inward = _INWARD[edge]
                paste(image, tag_sprite(text, px, ink, theme.highlight, inward), *spot)
            else:
                paste(image, text_sprite(text, px, theme.muted), *spot)


def _draw_squares(image: Image.Image, tray: Tray, theme: Theme) -> None:
    """The squares' names on the rim: each column's letter above it, each row's number
    left of it (a1 top-left, g7 bottom-right), in the writing that reads on the rim."""
    px = legible_px(image.width)
    ink = theme.ink if _light(theme.board_edge) else theme.text
    middle = tray.rim / 2
    for index in range(SIZE):
        x, _ = tray.centre(cell(index, 0))
        _, y = tray.centre(cell(0, index))
        paste(image, text_sprite(COLUMNS[index], px, ink), x, tray.top - middle)
        paste(image, text_sprite(str(index + 1), px, ink), tray.left - middle, y)


def _light(colour: RGB) -> bool:
    """Whether dark writing reads better on `colour` than light writing."""
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 140


def draw(
    state: ShiftagoState,
    *,
    last_move: Hashable | None = None,
    seat: int | None = None,
    size: int,
    theme: Theme,
    ending: str | None = None,
) -> Image.Image:
    """The picture of a Shiftago position, `size` pixels wide.

    The last turn is read from `state.recent` (so `last_move` is not needed), and every
    player sees the same tray (`seat` is ignored). `ending` (how the match ended)
    replaces whose turn it is in the header.
    """
    del last_move, seat
    theme = _look(theme)
    header = _header(state, theme, size, ending)
    tray, height = _layout(size, header.height)
    image = backdrop(_draw_tray, size, height, theme.background, tray, theme)
    image.paste(header, (0, 0))
    _draw_tints(image, state, tray, theme)
    _draw_squares(image, tray, theme)
    _draw_removed(image, state, tray, theme)
    _draw_marbles(image, state, tray, theme)
    _draw_winning_lines(image, state, tray, theme)
    if state.scoring:
        _draw_pending(image, state, tray, theme)
    _draw_labels(image, state, tray, theme)
    return image


def layout(state: ShiftagoState, *, size: int, theme: Theme) -> Tray:
    """Where `draw` puts the cells for the same arguments (for tests and tools)."""
    return _layout(size, _header(state, theme, size).height)[0]


def pieces(state: ShiftagoState, size: int, theme: Theme) -> list[tuple[str, Spot]]:
    """Each marble on the tray in `draw`'s picture: its colour's name and its centre."""
    tray = layout(state, size=size, theme=theme)
    return [
        (COLOURS[seat], tray.centre(index))
        for index, seat in enumerate(state.board)
        if seat is not None
    ]


def spots(state: ShiftagoState, seat: int | None, size: int, theme: Theme) -> SpotsAt:
    """Where the composer's choices are in `draw`'s picture: after an edge, each lane's
    slot outside the tray at that edge (where its notation is written), from the rim to
    the picture's side; else every cell by its square's name (the marble that stays).
    An edge alone and a line to score have none."""
    del seat
    tray = layout(state, size=size, theme=theme)
    cells: dict[str, Shape] = {
        square_name(index): box(*tray.box(index)) for index in range(SIZE * SIZE)
    }
    slots: dict[str, dict[str, Shape]] = {}
    depth = tray.rim + tray.margin
    for edge in EDGES:
        dx, dy = _OUTWARD[edge]
        lanes: dict[str, Shape] = {}
        for lane in range(SIZE):
            x0, y0, x1, y1 = tray.box(LANES[edge, lane][0])
            if dx:
                x0, x1 = (x1, x1 + depth) if dx > 0 else (x0 - depth, x0)
            else:
                y0, y1 = (y1, y1 + depth) if dy > 0 else (y0 - depth, y0)
            lanes[lane_label(edge, lane)] = box(x0, y0, x1, y1)
        slots[edge] = lanes
    return lambda path: slots.get(path[-1], cells) if path else cells


#: Shiftago's pictures (found by `render`).
PICTURES = Pictures(
    game=SHIFTAGO.name,
    draw=draw,
    describe=describe,
    pieces=pieces,
    styles=marble_styles,
    extra_colours=extra_colours,
    drawn=DRAWN,
    spots=spots,
)
