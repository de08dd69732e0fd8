"""What a game's pictures provide: a `Pictures`, declared as `PICTURES` by the game's
package under `render/` (found by `render.modules.discover`).

A `Pictures[S]` draws the states `S` of its game (`Pictures[SkiftState]`); `Draw` and
`Describe` say how its functions are called. The registry (`render.modules`) holds every
game's pictures, so it hands a state to them as `Pictures[Any]`: the state's game, by
name, chose them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from PIL import Image

from games.base import GameState
from render.shapes import piece_chip
from render.sprites import Sprite
from render.theme import RGB, SeatStyle, Theme, style_named
from render.words import Drawn

#: A point of a picture, in pixels from its top-left corner.
Spot = tuple[float, float]
#: A shape on a picture (a place a choice is drawn at): a polygon's corners, in pixels.
Shape = tuple[Spot, ...]
#: What a game's `spots` give for a composer path: the shape of each next step drawn on
#: the picture, by its key.
SpotsAt = Callable[[tuple[str, ...]], Mapping[str, Shape]]
#: A game's state, as its pictures take it.
S = TypeVar("S", bound=GameState)
S_in = TypeVar("S_in", bound=GameState, contravariant=True)


class Draw(Protocol[S_in]):
    """`draw(state, *, last_move, seat, size, theme, ending=None)`: the RGB picture of
    `state`, `size` wide, from `seat`'s point of view (None: the public's); `ending`, a
    sentence saying how the match ended, replaces whose turn it is in the header. A game
    with a `replay_layout` takes its keywords too, for every frame of a replay."""

    def __call__(
        self,
        state: S_in,
        *,
        last_move: Hashable | None,
        seat: int | None,
        size: int,
        theme: Theme,
        ending: str | None = None,
    ) -> Image.Image: ...


class Describe(Protocol[S_in]):
    """`describe(state, last_move, ending=None)`: the position in words (`ending` as for
    `Draw`)."""

    def __call__(
        self, state: S_in, last_move: Hashable | None, ending: str | None = None
    ) -> str: ...


def box(x0: float, y0: float, x1: float, y1: float) -> Shape:
    """A rectangle as a shape: its four corners, clockwise from the top left."""
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _theme_styles(theme: Theme) -> tuple[SeatStyle, ...]:
    return theme.seats


def _no_colours(theme: Theme) -> tuple[RGB, ...]:
    return ()


@dataclass(frozen=True)
class Pictures(Generic[S]):
    """A game's pictures: how to draw and describe its positions, and what else the
    generic code needs to know about them.

    - `game`: the name of the game drawn.
    - `pieces(state, size, theme)`: each seat's piece in `draw`'s picture of `state`
      (public view) as (the name of the seat or side it belongs to, its centre); None for
      a game whose pictures draw no seat pieces. The picture tests check that each is
      drawn in the style of that name.
    - `styles(theme)`: the seat styles its seats' pieces are drawn in, each found by the
      seat's name (`state.seat_name`); default the theme's own. Every seat name of the
      game must have one (checked when the pictures are registered).
    - `replay_layout(states)`: keywords for `draw` that put every frame of a replay at
      one scale (Skift's largest table), from a walk over the positions; None: none.
    - `extra_colours(theme)`: flat colours its pictures use beyond the theme's; finished
      pictures are mapped onto a fixed palette that keeps the theme's colours and these
      exact (and their blends close); `palette_colours` adds the seats' styles.
    - `spots(state, seat, size, theme)`: where the composer's choices are drawn on
      `draw`'s picture of `state` from `seat`'s view: a function from a composer path
      to the shape of each next step that has a place there, by its key (see
      `render.places`); None: the game plays by buttons alone.
    - `drawn`: every text its pictures and alt text write beyond the shared ones
      (`render.words`), by name: the `DRAWN` of its `words` module, for translators.
    """

    game: str
    draw: Draw[S]
    describe: Describe[S]
    pieces: Callable[[S, int, Theme], list[tuple[str, Spot]]] | None = None
    styles: Callable[[Theme], tuple[SeatStyle, ...]] = _theme_styles
    replay_layout: Callable[[Iterable[S]], dict[str, Any]] | None = None
    extra_colours: Callable[[Theme], tuple[RGB, ...]] = _no_colours
    drawn: Mapping[str, Drawn] = field(default_factory=dict)
    spots: Callable[[S, int | None, int, Theme], SpotsAt] | None = None

    def palette_colours(self, theme: Theme, state: S) -> tuple[RGB, ...]:
        """The colours a finished picture of `state` keeps exact beyond the theme's first
        two seat styles: `extra_colours`, and the styles of the seats' names (a two-seat
        game may play in Red and Blue)."""
        seats: tuple[RGB, ...] = ()
        if self.pieces is not None:
            styles = self.styles(theme)
            for seat in range(state.players):
                style = style_named(styles, state.seat_name(seat))
                seats += (style.fill, style.edge, style.ink)
        return (*self.extra_colours(theme), *seats)

    def seat_style(self, theme: Theme, state: S, seat: int) -> SeatStyle:
        """The style `seat` is drawn in: its pieces' (found by its name), or, for a game
        whose pictures draw no seat pieces, the theme's style in the seat's place."""
        if self.pieces is None:
            return theme.seats[seat % len(theme.seats)]
        return style_named(self.styles(theme), state.seat_name(seat))

    def seat_chip(self, theme: Theme, state: S, seat: int, px: int) -> Sprite | None:
        """`seat`'s piece `px` across on a chip of board, as the players strip shows it
        beside the seat's name; None for a game whose pictures draw no seat pieces."""
        if self.pieces is None:
            return None
        return piece_chip(
            self.seat_style(theme, state, seat), "circle", px, theme.board, theme.outline
        )
