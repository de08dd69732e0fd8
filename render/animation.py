"""Replays: a whole game as a looping GIF that fits a byte limit, drawn in constant memory.

The positions are walked from the start, and each frame is drawn, mapped onto the
palette and handed to the `GifWriter` one at a time, so memory does not grow with the
game's length; the positions themselves can come one by one too (any sized iterable
that starts again from the first position each time it is iterated: see `Positions`).

To fit `max_bytes`, a replay shows fewer positions first (evenly spread, always the
first one and the last `TAIL`), then, when even `FEWEST_FRAMES` do not fit, draws
smaller (down to `MIN_SIZE` wide, where it may show as few as the first and last
positions), and when nothing fits it raises `ReplayTooLarge`. Each try stops as soon as
the file passes the limit, and its size so far tells how many frames would fit. The
positions the longest try would show are kept from the first walk when they are few
(`KEPT`), so that later tries need not rebuild the line.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from itertools import chain, repeat
from typing import Any, Protocol, TypeVar

from games.base import GameState
from render.gif import HEADER_BYTES, GifWriter, TooLarge
from render.palette import to_palette
from render.pictures import Pictures
from render.seats import SeatLabel, named_seats, stacked, strip_of
from render.sprites import new_canvas
from render.theme import RGB, Theme

#: The narrowest replay, where the shrinking stops.
MIN_SIZE = 240
#: The last positions a shortened replay always shows one by one (how the game ended).
TAIL = 5
#: The fewest frames a replay is cut to before it is drawn smaller instead.
FEWEST_FRAMES = 24
#: Each smaller try is this much narrower than the one before.
SHRINK = 0.7
#: The share of the byte limit a try aims for, when the last one told how big frames are.
MARGIN = 0.8
#: The most positions a replay keeps between its tries, so that a shorter try only draws
#: (rebuilding a long line is most of a replay's time); with more, each try walks again.
KEPT = 600
#: What a line holds: states, or the moves between them.
T_co = TypeVar("T_co", covariant=True)


class Positions(Protocol[T_co]):
    """A game's positions from the start (or the moves between them): a list, or anything
    sized that walks them afresh (from the first) each time it is iterated, such as one
    that rebuilds them."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[T_co]: ...


class ReplayTooLarge(ValueError):
    """Not even the first and last positions at the smallest width fit the byte limit."""


@dataclass(frozen=True)
class Replay:
    """A finished replay: the GIF, its width, and which positions it shows (`shown`,
    indices from 0, the start) of the game's `positions`."""

    data: bytes
    width: int
    shown: tuple[int, ...]
    positions: int

    @property
    def frames(self) -> int:
        """How many frames (positions) it shows."""
        return len(self.shown)

    @property
    def complete(self) -> bool:
        """Whether it shows every position of the game."""
        return self.frames == self.positions


def sample(count: int, frames: int) -> list[int]:
    """`frames` of `count` positions: the first, the last `TAIL` (fewer when there are
    very few frames) one by one, and the rest evenly spread between them."""
    if frames >= count:
        return list(range(count))
    if frames < 2:
        raise ValueError(f"A replay shows at least the first and last positions, not {frames}.")
    tail = min(TAIL, frames - 1)
    spread, rest = count - tail, frames - tail
    return [i * spread // rest for i in range(rest)] + list(range(count - tail, count))


@dataclass(frozen=True)
class Request:
    """What to draw: the game's pictures and line, the look and the limits, and the
    players to name under every frame."""

    pictures: Pictures[Any]
    states: Positions[GameState]
    moves: Positions[Hashable] | None
    theme: Theme
    frame_ms: int
    hold_ms: int
    ending: str | None
    max_bytes: int | None
    players: tuple[SeatLabel, ...] = ()


def make_replay(request: Request, width: int, max_frames: int | None) -> Replay:
    """The replay of `request` at most `width` wide and `max_frames` long that fits."""
    count = len(request.states)
    if request.moves is not None and len(request.moves) != count - 1:
        raise ValueError(
            f"A replay of {count} positions needs {count - 1} moves, not {len(request.moves)}."
        )
    most = min(count, max_frames or count)
    line = _Line(request, sample(count, most))
    room = (request.max_bytes or 0) * MARGIN - HEADER_BYTES
    frames, per_frame, widths = most, 0.0, _widths(width)
    for step, size in enumerate(widths):
        last_width = step == len(widths) - 1
        fewest = min(most, 2 if last_width else FEWEST_FRAMES)
        if per_frame:  # the try before was wider: a frame takes about its share of the area
            per_frame *= (size / widths[step - 1]) ** 2
            frames = max(min(most, int(room / per_frame)), fewest if last_width else 0)
        while frames >= fewest:
            shown, positions = line.pick(frames)
            try:
                return Replay(_draw(request, positions, size, line.layout), size, shown, count)
            except TooLarge as over:
                per_frame = (over.size - HEADER_BYTES) / max(1, over.frames)
            if frames == fewest:
                break
            frames = max(fewest, min(int(room / per_frame), frames * 9 // 10))
    raise ReplayTooLarge(
        f"Not even a replay of the first and last positions {MIN_SIZE} pixels wide fits "
        f"in {request.max_bytes} bytes."
    )


def _widths(width: int) -> list[int]:
    """The widths to try: `width`, then narrower ones down to MIN_SIZE."""
    widths = [width]
    while widths[-1] > MIN_SIZE:
        widths.append(max(MIN_SIZE, int(widths[-1] * SHRINK)))
    return widths


Position = tuple[int, GameState, Hashable]  # (index, state, the move that led to it)


class _Line:
    """The positions a replay may show: `base`, the sample of the whole line its longest
    try shows; shorter tries show a sample of that sample. The first walk over the line
    finds the module's `replay_layout` and keeps the `base` positions when there are at
    most KEPT of them, so that each try only draws; with more, each try walks again."""

    def __init__(self, request: Request, base: list[int]) -> None:
        self.request, self.base = request, base
        keep = len(base) <= KEPT
        wanted, kept = set(base), []

        def states() -> Iterator[GameState]:
            for position in _walk(request):
                if keep and position[0] in wanted:
                    kept.append(position)
                yield position[1]

        layout_of = request.pictures.replay_layout
        walk = states()
        self.layout: dict[str, Any] = layout_of(walk) if layout_of else {}
        if keep:
            for _ in walk:  # the rest of the walk, for the positions to keep
                pass
        self.kept: list[Position] | None = kept if keep else None

    def pick(self, frames: int) -> tuple[tuple[int, ...], Iterator[Position]]:
        """The indices of `frames` positions to show, and those positions in order."""
        picks = sample(len(self.base), frames)
        if self.kept is not None:
            chosen = [self.kept[pick] for pick in picks]
            return tuple(index for index, _, _ in chosen), iter(chosen)
        shown = tuple(self.base[pick] for pick in picks)
        wanted = set(shown)
        return shown, (position for position in _walk(self.request) if position[0] in wanted)


def _walk(request: Request) -> Iterator[Position]:
    """(index, state, the move that led to it) along the line, checking its length."""
    count = len(request.states)
    lasts = chain([None], request.moves) if request.moves is not None else repeat(None)
    walked = 0
    for walked, (state, last) in enumerate(zip(request.states, lasts, strict=False), 1):
        yield walked - 1, state, last
    if walked != count:
        raise ValueError(f"The replay has {count} positions, but {walked} came.")


def _draw(
    request: Request, positions: Iterator[Position], size: int, layout: dict[str, Any]
) -> bytes:
    """The GIF of `positions` at `size` wide (TooLarge past the limit)."""
    theme, pictures = request.theme, request.pictures
    last_index = len(request.states) - 1
    extra: tuple[RGB, ...] = ()
    writer: GifWriter | None = None
    players = 0
    for index, state, last in positions:
        if writer is None:  # every frame on the palette of the game's first position
            players, extra = state.players, pictures.palette_colours(theme, state)
            blank = to_palette(new_canvas(1, 1, theme.background), theme, extra, players)
            background = blank.getpixel((0, 0))
            assert isinstance(background, int)
            writer = GifWriter(background, request.max_bytes)
        ending = request.ending if index == last_index else None
        picture = pictures.draw(
            named_seats(state, request.players),
            last_move=last,
            seat=None,
            size=size,
            theme=theme,
            ending=ending,
            **layout,
        )
        frame = to_palette(picture, theme, extra, players)
        if request.players:
            strip = strip_of(state, pictures, theme, request.players, size, ending is not None)
            frame = stacked(frame, to_palette(strip, theme, extra, players))
        held = index in (0, last_index)
        ms = request.hold_ms if held else request.frame_ms
        writer.add(frame, ms)
    assert writer is not None, "a replay shows the first position"
    return writer.finish()
