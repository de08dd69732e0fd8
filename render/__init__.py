"""Board pictures: pure functions from a game state to PNG bytes (Pillow only).

    import render
    png = render.board_png(state)                     # the board after the last move
    png = render.board_png(state, theme="contrast", size=1200)
    words = render.alt_text(state)                    # Discord's image description
    gif = render.replay(states)                       # the whole game, animated

Each game has a module `render/<game>.py` registered under the game's name (the
project's own in `_MODULES`, others, such as the tests' games, with `register`). A
module provides

- `draw(state, *, last_move, seat, size, theme) -> PIL.Image.Image` (RGB, `size` wide),
- `describe(state, last_move) -> str` (the position in words),
- optionally `replay_frames(states, moves, *, size, theme) -> list[Image]`, when its
  pictures need a common scale across a game (otherwise `draw` is called per state),
- optionally `extra_colours(theme) -> tuple[RGB, ...]`: flat colours its pictures use
  beyond the theme's own. Finished pictures are mapped onto a fixed 256-colour palette
  that keeps the theme's colours and these exact (and their blends close); any other
  colour comes out as the nearest palette colour.

Shared helpers live in `render.sprites` (the canvas, sprites, text), `render.shapes`
(pieces, arrows, tags, icons), `render.header` (the header strip), `render.palette` (the
fixed palette, PNG encoding) and `render.theme` (colours). Everything here is CPU-bound
and blocking: the bot calls it through `asyncio.to_thread`.
"""

from __future__ import annotations

import io
from collections.abc import Hashable, Sequence
from types import ModuleType
from typing import Any

from PIL import Image

from render import shiftago, shifting_stones, shifty, skift
from render.palette import encode_png, to_palette
from render.sprites import new_canvas
from render.theme import RGB, THEMES, Theme, get_theme

__all__ = [
    "THEMES",
    "Theme",
    "alt_text",
    "board_image",
    "board_png",
    "has_picture",
    "register",
    "replay",
    "unregister",
]

#: The per-game picture modules, by game name.
_MODULES: dict[str, ModuleType] = {
    "skift": skift,
    "shiftago": shiftago,
    "shifty": shifty,
    "shifting-stones": shifting_stones,
}

#: Default picture width in pixels, and the widths allowed.
DEFAULT_SIZE = 800
MIN_SIZE, MAX_SIZE = 240, 2400
#: Discord's limit on an image description.
ALT_TEXT_LIMIT = 1024
#: Default replay width: smaller than a board picture, to keep long games light.
REPLAY_SIZE = 640


def register(game_name: str, module: ModuleType) -> None:
    """Draw the game called `game_name` with `module` (see above for what it provides)."""
    _MODULES[game_name] = module


def unregister(game_name: str) -> None:
    """Forget the picture module of `game_name` (tests that registered their own)."""
    _MODULES.pop(game_name, None)


def has_picture(game_name: str) -> bool:
    """Whether the game called `game_name` has a board picture."""
    return game_name in _MODULES


def _module(state: Any) -> ModuleType:
    """The picture module of the state's game; ValueError if it has none."""
    name = state.game.name
    try:
        return _MODULES[name]
    except KeyError:
        raise ValueError(f"There is no board picture for the game {name!r} yet.") from None


def _extra_colours(module: ModuleType, theme: Theme) -> tuple[RGB, ...]:
    """The colours a game's pictures use beyond the theme's (its `extra_colours`)."""
    extra = getattr(module, "extra_colours", None)
    return tuple(extra(theme)) if extra else ()


def _size(size: int | None, default: int) -> int:
    """A checked picture width."""
    if size is None:
        return default
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"A picture must be {MIN_SIZE} to {MAX_SIZE} pixels wide, not {size!r}.")
    return size


def board_image(
    state: Any,
    *,
    last_move: Hashable | None = None,
    seat: int | None = None,
    size: int | None = None,
    theme: str | Theme = "default",
) -> Image.Image:
    """The finished picture as a palette image (what `board_png` encodes)."""
    chosen = get_theme(theme)
    module = _module(state)
    image = module.draw(
        state, last_move=last_move, seat=seat, size=_size(size, DEFAULT_SIZE), theme=chosen
    )
    return to_palette(image, chosen, _extra_colours(module, chosen), state.players)


def board_png(
    state: Any,
    *,
    last_move: Hashable | None = None,
    seat: int | None = None,
    size: int | None = None,
    theme: str | Theme = "default",
) -> bytes:
    """The board of `state` as PNG bytes.

    - `last_move`: the move that led to `state`, to highlight; games whose states
      record their last action (Skift's `state.last`) highlight it without this.
    - `seat`: whose point of view, for games where it matters (None: the public's).
    - `size`: the width in pixels (default 800); the height follows the board's shape.
    - `theme`: a name from `THEMES` ("default", "contrast") or a `Theme`.

    Unknown games, themes and sizes raise ValueError with a sentence saying why.
    """
    image = board_image(state, last_move=last_move, seat=seat, size=size, theme=theme)
    return encode_png(image)


def _clip(text: str, limit: int) -> str:
    """`text` cut at the last sentence end that fits `limit` characters."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    end = cut.rfind(". ")
    return cut[: end + 1] if end > 0 else cut.rstrip() + "…"


def alt_text(state: Any, last_move: Hashable | None = None) -> str:
    """The position in words for Discord's image description (at most 1,024 characters).

    Says whose turn it is (or the result), what each side has, what the last move did,
    and the rest of the position as far as the limit allows.
    """
    return _clip(_module(state).describe(state, last_move), ALT_TEXT_LIMIT)


def replay(
    states: Sequence[Any],
    moves: Sequence[Hashable] | None = None,
    *,
    size: int | None = None,
    theme: str | Theme = "default",
    frame_ms: int = 900,
    hold_ms: int = 4000,
) -> bytes:
    """An animated GIF of a whole game: one frame per position, looping.

    `states` runs from the start position to the last one; `moves[i]` (optional, for
    games that do not record their last action) is the move from `states[i]` to
    `states[i + 1]`. Each frame shows for `frame_ms`; the first and the last are held
    for `hold_ms`. `size` is the width (default 640).
    """
    if not states:
        raise ValueError("A replay needs at least one position.")
    if moves is not None and len(moves) != len(states) - 1:
        raise ValueError(
            f"A replay of {len(states)} positions needs {len(states) - 1} moves, not {len(moves)}."
        )
    chosen = get_theme(theme)
    width = _size(size, REPLAY_SIZE)
    module = _module(states[0])
    lasts: list[Hashable | None] = [None, *(moves or [None] * (len(states) - 1))]
    if hasattr(module, "replay_frames"):
        pictures = module.replay_frames(states, lasts, size=width, theme=chosen)
    else:
        pictures = [
            module.draw(state, last_move=last, seat=None, size=width, theme=chosen)
            for state, last in zip(states, lasts, strict=True)
        ]
    height = max(picture.height for picture in pictures)
    extra = _extra_colours(module, chosen)
    frames = []
    for picture in pictures:
        if picture.height < height:
            padded = new_canvas(width, height, chosen.background)
            padded.paste(picture, (0, 0))
            picture = padded
        frames.append(to_palette(picture, chosen, extra, states[0].players))
    durations = [frame_ms] * len(frames)
    durations[0] = durations[-1] = hold_ms
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=False,
        disposal=1,
    )
    return buffer.getvalue()
