"""Colour themes for the board pictures.

A `Theme` names every colour a picture uses, so game modules never hard-code one.
Seat colours come from `Theme.seats`: five styles, each named after its colour (White,
Black, Red, Blue, Yellow); a seat's pieces are drawn in the style named as the seat is
(`Theme.style(state.seat_name(seat))`), never by the seat's number. In every theme any
two of the five differ by the mark on the piece or by a large difference in lightness,
never by hue alone. Games with colours of their own (Shiftago's four marbles) define
them beside their picture, named the same way.

Two themes ship: "default" (reads well on Discord's dark and light themes: a mid-slate
surround, light tiles, white and black pieces) and "contrast" (high contrast for
colour-blind players: besides hue, the seats differ by fill, and every seat but the
first carries a mark; the last move is marked in sky blue with black edges, which all
common colour-vision deficiencies keep apart from the rest).
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    """The (r, g, b) triple of a "#rrggbb" colour code."""
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction `t` of the way from `a` to `b` (0: a, 1: b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def style_named(styles: tuple[SeatStyle, ...], name: str) -> SeatStyle:
    """The style in `styles` called `name`; ValueError if there is none."""
    for style in styles:
        if style.name == name:
            return style
    raise ValueError(f"There is no seat style called {name!r}.")


#: Marks a seat may carry on its pieces (drawn in `SeatStyle.ink`): none, a ring, a dot
#: in the middle, an upright cross (a plus sign) or a level bar.
MARKS = ("", "ring", "dot", "plus", "bar")


@dataclass(frozen=True)
class SeatStyle:
    """How one seat's pieces look.

    `fill` is the body, `edge` its outline, `ink` the colour of anything drawn on the
    piece (its `mark`, letters); `mark` is one of `MARKS` ("" for none).
    """

    name: str
    fill: RGB
    edge: RGB
    ink: RGB
    mark: str = ""


@dataclass(frozen=True)
class Theme:
    """Every colour of a picture, by role.

    - `background`: around and between the pieces of the board (Skift's table);
      `header`: the strip on top; `text` / `muted`: writing on both.
    - `board`: the playing surface (a tile's face, a tray); `board_edge`: its rim where
      nobody owns it; `outline`: a thin line around every piece of board; `grid`: the
      lines between cells; `ink`: writing on the board.
    - `highlight`: the last move's arrows and outlines, with `halo` around arrows so
      they read on any surface; `highlight_from` / `highlight_to`: tints of the cells
      the last move left and reached; `removed`: things the last move took away.
    - `faint`: opacity (0..1) of pieces drawn where they fell off the board.
    - `seats`: the five `SeatStyle`s, found by name (`style`); the first two count for
      every game's palette, the others for games with that many seats.
    """

    name: str
    title: str
    background: RGB
    header: RGB
    text: RGB
    muted: RGB
    board: RGB
    board_edge: RGB
    outline: RGB
    grid: RGB
    ink: RGB
    highlight: RGB
    halo: RGB
    highlight_from: RGB
    highlight_to: RGB
    removed: RGB
    faint: float
    seats: tuple[SeatStyle, ...]

    def style(self, name: str) -> SeatStyle:
        """The seat style called `name` (a seat's name); ValueError if there is none."""
        return style_named(self.seats, name)

    def colours(self, players: int = 2) -> tuple[RGB, ...]:
        """Every flat colour of the theme's pictures of a `players`-seat game (the palette
        keeps these exact). Seat styles past the second count only for games with those
        seats, so adding styles never changes a two-player game's pictures."""
        flat = [
            self.background,
            self.header,
            self.text,
            self.muted,
            self.board,
            self.board_edge,
            self.outline,
            self.grid,
            self.ink,
            self.highlight,
            self.halo,
            self.highlight_from,
            self.highlight_to,
            self.removed,
        ]
        for style in self.seats[: max(2, players)]:
            flat += [style.fill, style.edge, style.ink]
        return tuple(dict.fromkeys(flat))


_BOARD = hex_rgb("#ecdfc2")
_ORANGE = hex_rgb("#f07a12")

DEFAULT = Theme(
    name="default",
    title="Default",
    background=hex_rgb("#46505b"),
    header=hex_rgb("#363e47"),
    text=hex_rgb("#f1f3f5"),
    muted=hex_rgb("#b4bcc6"),
    board=_BOARD,
    board_edge=hex_rgb("#c2a878"),
    outline=hex_rgb("#8a7452"),
    grid=hex_rgb("#c9b48c"),
    ink=hex_rgb("#33291b"),
    highlight=_ORANGE,
    halo=hex_rgb("#3a2208"),
    highlight_from=mix(_BOARD, _ORANGE, 0.22),
    highlight_to=mix(_BOARD, _ORANGE, 0.42),
    removed=hex_rgb("#ff5a5f"),
    faint=0.55,
    seats=(
        SeatStyle("White", hex_rgb("#fbfbf7"), hex_rgb("#22252a"), hex_rgb("#22252a")),
        SeatStyle("Black", hex_rgb("#26282d"), hex_rgb("#0c0d0f"), hex_rgb("#fbfbf7")),
        SeatStyle("Red", hex_rgb("#c63d2f"), hex_rgb("#0c0d0f"), hex_rgb("#fbfbf7"), "dot"),
        SeatStyle("Blue", hex_rgb("#2f6cc4"), hex_rgb("#0c0d0f"), hex_rgb("#fbfbf7"), "plus"),
        SeatStyle("Yellow", hex_rgb("#e9bd34"), hex_rgb("#22252a"), hex_rgb("#22252a"), "bar"),
    ),
)

_PALE = hex_rgb("#e4e4e4")
_SKY = hex_rgb("#56b4e9")

CONTRAST = Theme(
    name="contrast",
    title="High contrast (colour-blind friendly)",
    background=hex_rgb("#2b2b2b"),
    header=hex_rgb("#000000"),
    text=hex_rgb("#ffffff"),
    muted=hex_rgb("#d0d0d0"),
    board=_PALE,
    board_edge=hex_rgb("#9a9a9a"),
    outline=hex_rgb("#7a7a7a"),
    grid=hex_rgb("#8c8c8c"),
    ink=hex_rgb("#000000"),
    highlight=_SKY,
    halo=hex_rgb("#000000"),
    highlight_from=mix(_PALE, _SKY, 0.3),
    highlight_to=mix(_PALE, _SKY, 0.7),
    removed=hex_rgb("#e69f00"),
    faint=0.55,
    seats=(
        SeatStyle("White", hex_rgb("#ffffff"), hex_rgb("#000000"), hex_rgb("#000000")),
        SeatStyle("Black", hex_rgb("#000000"), hex_rgb("#000000"), hex_rgb("#ffffff"), "ring"),
        SeatStyle("Red", hex_rgb("#d55e00"), hex_rgb("#000000"), hex_rgb("#ffffff"), "dot"),
        SeatStyle("Blue", hex_rgb("#0072b2"), hex_rgb("#000000"), hex_rgb("#ffffff"), "plus"),
        SeatStyle("Yellow", hex_rgb("#f0e442"), hex_rgb("#000000"), hex_rgb("#000000"), "bar"),
    ),
)

#: The themes by name; "default" first.
THEMES: dict[str, Theme] = {theme.name: theme for theme in (DEFAULT, CONTRAST)}


def get_theme(theme: str | Theme) -> Theme:
    """The theme called `theme` (a Theme passes through); unknown names raise ValueError."""
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme.strip().lower()]
    except (KeyError, AttributeError):
        known = ", ".join(THEMES)
        raise ValueError(f"There is no picture theme {theme!r}; choose one of: {known}.") from None
