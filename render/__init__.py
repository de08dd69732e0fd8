"""Board pictures: pure functions from a game state to PNG bytes (Pillow only).

    import render
    png = render.board_png(state)                     # the board after the last move
    png = render.board_png(state, theme="contrast", size=1200)
    words = render.alt_text(state)                    # Discord's image description
    words = render.alt_text(state, ending="Black wins: White resigned.")  # an ended match
    gif = render.replay(states, max_bytes=10 << 20).data  # the whole game, animated
    png = render.chance_chart(state, moves, values, title="...", axis="...")  # estimates
    places = render.board_places(state, composer, path, size=800)  # choices to tap

Each game's pictures are a package `render/<game>/` that declares them as `PICTURES`, a
`render.pictures.Pictures` (how to draw and describe its positions, the seat styles its
pieces are drawn in, found by each seat's name, and the rest that page lists); importing
`render` finds them all (`render.modules`). Others, such as the tests' games, are
registered with `register`.

Shared helpers live in `render.sprites` (the canvas, sprites, text), `render.shapes`
(pieces, arrows, tags, icons), `render.chart` (a chart of estimates through a game,
one line per seat), `render.header` (the header strip), `render.palette` (the
fixed palette, PNG encoding), `render.theme` (colours), `render.animation` (replays that
fit a byte limit), `render.gif` (GIFs written frame by frame) and `render.words` (the
words pictures draw: every drawing function takes `words`, a `Words` that writes them in
the reader's language; English by default). Everything here is
CPU-bound and blocking: the bot calls it through `asyncio.to_thread`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from PIL import Image

from games.base import GameState
from render import modules
from render.animation import MIN_SIZE, Positions, Replay, ReplayTooLarge, Request, make_replay
from render.chart import ChartMark, chance_chart
from render.header import header_px, header_strip
from render.modules import has_picture, register, unregister
from render.palette import encode_png, to_palette
from render.pictures import Pictures
from render.places import Place, board_places
from render.seats import SeatLabel, named_seats, stacked, strip_of
from render.theme import THEMES, Theme, get_theme
from render.words import Words, written_with

__all__ = [
    "THEMES",
    "Pictures",
    "Place",
    "Positions",
    "Replay",
    "ReplayTooLarge",
    "ChartMark",
    "SeatLabel",
    "Theme",
    "Words",
    "alt_text",
    "chance_chart",
    "board_image",
    "board_png",
    "board_places",
    "has_picture",
    "register",
    "replay",
    "unregister",
]

#: Default picture width in pixels, and the widths allowed.
DEFAULT_SIZE = 800
MAX_SIZE = 2400  # and MIN_SIZE, the narrowest replay too
#: Discord's limit on an image description.
ALT_TEXT_LIMIT = 1024
#: Default replay width: smaller than a board picture, to keep long games light.
REPLAY_SIZE = 640


def _size(size: int | None, default: int) -> int:
    """A checked picture width."""
    if size is None:
        return default
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"A picture must be {MIN_SIZE} to {MAX_SIZE} pixels wide, not {size!r}.")
    return size


def _at_least(value: int | None, least: int, what: str) -> int | None:
    """A checked optional limit: None, or a whole number from `least` up."""
    if value is not None and (not isinstance(value, int) or value < least):
        raise ValueError(f"{what} must be a whole number from {least} up, not {value!r}.")
    return value


def board_image(
    state: GameState,
    *,
    last_move: Hashable | None = None,
    seat: int | None = None,
    size: int | None = None,
    theme: str | Theme = "default",
    ending: str | None = None,
    clock: str | None = None,
    players: Sequence[SeatLabel] | None = None,
    words: Words | None = None,
) -> Image.Image:
    """The finished picture as a palette image (what `board_png` encodes)."""
    with written_with(words):
        return _board_image(state, last_move, seat, size, theme, ending, clock, players)


def _board_image(
    state: GameState,
    last_move: Hashable | None,
    seat: int | None,
    size: int | None,
    theme: str | Theme,
    ending: str | None,
    clock: str | None,
    players: Sequence[SeatLabel] | None,
) -> Image.Image:
    chosen = get_theme(theme)
    pictures = modules.pictures_of(state)
    width = _size(size, DEFAULT_SIZE)
    named = named_seats(state, players or ())
    image = pictures.draw(
        named, last_move=last_move, seat=seat, size=width, theme=chosen, ending=ending
    )
    strip = None
    if players:
        strip = strip_of(state, pictures, chosen, players, width, ending is not None)
    elif clock:
        strip = header_strip(width, chosen, [clock], [], round(header_px(width) * 0.8))
    extra = pictures.palette_colours(chosen, state)
    picture = to_palette(image, chosen, extra, state.players)
    if strip is None:
        return picture
    return stacked(picture, to_palette(strip, chosen, extra, state.players))


def board_png(
    state: GameState,
    *,
    last_move: Hashable | None = None,
    seat: int | None = None,
    size: int | None = None,
    theme: str | Theme = "default",
    ending: str | None = None,
    clock: str | None = None,
    players: Sequence[SeatLabel] | None = None,
    words: Words | None = None,
) -> bytes:
    """The board of `state` as PNG bytes.

    - `last_move`: the move that led to `state`, to highlight; games whose states
      record their last action (Skift's `state.last`) highlight it without this.
    - `seat`: whose point of view, for games where it matters (None: the public's).
    - `size`: the width in pixels (default 800); the height follows the board's shape.
    - `theme`: a name from `THEMES` ("default", "contrast") or a `Theme`.
    - `ending`: for a match that has ended, the sentence saying how ("Black wins: White
      resigned."), shown in the header instead of whose turn it is (a match can end by
      resignation, timeout, agreement or abort where the game itself has not).
    - `clock`: a line on how much time each player has, shown on a strip under the board
      ("White: 2 days 4 hours left · Black: 3 days"); None: no strip.
    - `players`: who sits at each seat (a `SeatLabel` per seat: name, rating, clock), on a
      strip under the board with each seat's chip, the seat to act standing out
      (`render.seats`); it replaces the `clock` strip. A game whose seats are only
      numbered calls them by these names in the picture too. None: no names.
    - `words`: how the picture's words are written (`render.words.Words`); None: English.

    Unknown games, themes and sizes raise ValueError with a sentence saying why.
    """
    image = board_image(
        state,
        last_move=last_move,
        seat=seat,
        size=size,
        theme=theme,
        ending=ending,
        clock=clock,
        players=players,
        words=words,
    )
    return encode_png(image)


def _clip(text: str, limit: int) -> str:
    """`text` cut at the last sentence end that fits `limit` characters."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    end = cut.rfind(". ")
    return cut[: end + 1] if end > 0 else cut.rstrip() + "…"


def alt_text(
    state: GameState,
    last_move: Hashable | None = None,
    *,
    ending: str | None = None,
    words: Words | None = None,
) -> str:
    """The position in words for Discord's image description (at most 1,024 characters).

    Says whose turn it is (or the result, or `ending` as for `board_png`), what each
    side has, what the last move did, and the rest of the position as far as the limit
    allows; written with `words` as for `board_png`.
    """
    with written_with(words):
        described = modules.pictures_of(state).describe(state, last_move, ending)
    return _clip(described, ALT_TEXT_LIMIT)


def replay(
    states: Positions[GameState],
    moves: Positions[Hashable] | None = None,
    *,
    size: int | None = None,
    theme: str | Theme = "default",
    frame_ms: int = 900,
    hold_ms: int = 4000,
    ending: str | None = None,
    max_bytes: int | None = None,
    max_frames: int | None = None,
    players: Sequence[SeatLabel] | None = None,
    words: Words | None = None,
) -> Replay:
    """An animated GIF of a whole game, looping: a frame per position, as far as fits.

    `states` runs from the start position to the last one: a list, or any sized iterable
    that walks them afresh each time it is iterated (they are drawn one at a time, so
    memory stays the same whatever the game's length). `moves[i]` (optional, the same
    kinds, for games that do not record their last action) is the move from `states[i]`
    to `states[i + 1]`. Each frame shows for `frame_ms`; the first and the last are held
    for `hold_ms`. `size` is the width (default 640). `ending` (as for `board_png`) is
    shown on the last frame.

    `max_frames` caps the frames; `max_bytes` caps the file: the replay then shows fewer
    positions (evenly spread, always the first and the last few), or is drawn narrower,
    until it fits (see `render.animation`); when nothing fits it raises ReplayTooLarge.
    The result says which positions it shows. `players` (as for `board_png`) puts the
    players strip under every frame; `words` as for `board_png`.
    """
    if not len(states):
        raise ValueError("A replay needs at least one position.")
    request = Request(
        pictures=modules.pictures_of(next(iter(states))),
        states=states,
        moves=moves,
        theme=get_theme(theme),
        frame_ms=frame_ms,
        hold_ms=hold_ms,
        ending=ending,
        max_bytes=_at_least(max_bytes, 1, "A replay's byte limit"),
        players=tuple(players or ()),
    )
    frames = _at_least(max_frames, 2, "A replay's frame limit")
    with written_with(words):
        return make_replay(request, _size(size, REPLAY_SIZE), frames)
