"""The finished picture: its fixed 256-colour palette and its PNG encoding.

`to_palette` maps the finished image onto the theme's fixed 256-colour palette (exact
theme colours plus their blends, so antialiased edges stay smooth) and `encode_png`
encodes it. Palette images make small PNGs and animated GIFs whose frames share one
palette. A picture using colours that are not in its theme must name them (see
`palette_image`); games do so through `extra_colours` (see `render`).
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from render.theme import RGB, Theme, mix

#: zlib level of the PNGs (Pillow's default; level 9 is 4x slower for 25% less).
PNG_LEVEL = 6

# Pillow loads its PNG and GIF writers (with BMP, JPEG and PPM) on the first save: load
# them with `render`, when the bot starts, so that its first picture does not wait.
Image.preinit()


@lru_cache(maxsize=16)
def palette_image(theme: Theme, extra: tuple[RGB, ...] = (), players: int = 2) -> Image.Image:
    """The 256-colour palette of `theme` (plus `extra` colours) as a "P" image, for a
    game of `players` seats.

    Every flat colour of the theme (its seat styles up to `players`), and every colour
    in `extra`, is kept exact; the remaining entries are spread over the blends between
    pairs of those colours, which is what antialiased edges, text and faint pieces are
    made of. A picture that uses colours of its own (beyond the theme's) must name them
    in `extra`, or they are drawn in the nearest palette colour.
    """
    flat = list(dict.fromkeys([*theme.colours(players), *extra]))
    if len(flat) > 128:
        raise ValueError(f"A palette keeps at most 128 exact colours, not {len(flat)}.")
    blends = [
        mix(a, b, step / 8)
        for i, a in enumerate(flat)
        for b in flat[i + 1 :]
        for step in range(1, 8)
    ]
    sample = Image.new("RGB", (len(blends), 1))
    sample.putdata(blends)
    spread = sample.quantize(256 - len(flat), method=Image.Quantize.FASTOCTREE)
    entries = spread.getpalette()
    assert entries is not None, "a quantized image always has a palette"
    extra_entries = entries[: 3 * (256 - len(flat))]
    values = [channel for colour in flat for channel in colour] + extra_entries
    values += [0] * (768 - len(values))
    palette = Image.new("P", (1, 1))
    palette.putpalette(values)
    return palette


def to_palette(
    image: Image.Image, theme: Theme, extra: tuple[RGB, ...] = (), players: int = 2
) -> Image.Image:
    """The finished RGB picture of a `players`-seat game mapped onto the theme's fixed
    palette (no dithering). `extra`: colours the picture uses beyond the theme's (see
    `palette_image`).
    """
    palette = palette_image(theme, extra, players)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of a finished (palette) picture."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()
