"""A small table as a PNG, in a picture theme: a league's standings (or any rows of
short texts). Nothing here knows leagues or games: the caller gives a title, the column
headings and the rows as text, and which columns are numbers (drawn right-aligned).
Texts are drawn as the font can draw them (`render.sprites.drawable_text`: an emoji in a
member's name is left out, not drawn as a box)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.sprites import drawable_text, font
from render.theme import Theme, get_theme, mix
from render.words import MORE_ROWS, Words, count, written_with

TEXT_PX = 16
PAD = 10
ROW = TEXT_PX + 12
#: The most rows drawn (a longer table ends with a row saying how many more there are).
MOST_ROWS = 40
#: The longest text drawn in a cell (longer is cut with an ellipsis).
MOST_CHARS = 28


def _cut(text: str, most: int = MOST_CHARS) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def draw_table(
    title: str,
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    numeric: Sequence[bool] = (),
    theme: str | Theme = "default",
    words: Words | None = None,
) -> bytes:
    """The table as PNG bytes: the title in the header strip, then the headings (bold)
    and the rows on alternating bands; `numeric[i]` right-aligns column i. The row that
    says how many more rows a long table has is written with `words` (None: English)."""
    style = get_theme(theme)
    face, bold = font(TEXT_PX), font(TEXT_PX + 2)
    title = drawable_text(title)
    headings = [drawable_text(heading) for heading in headings]
    shown = [[_cut(drawable_text(cell)) for cell in row] for row in rows[:MOST_ROWS]]
    if len(rows) > MOST_ROWS:
        with written_with(words):
            more = count(MORE_ROWS, len(rows) - MOST_ROWS)
        shown.append([more] + [""] * (len(headings) - 1))
    columns = list(zip(*([list(headings)] + shown), strict=True)) if shown else [
        (h,) for h in headings
    ]  # fmt: skip
    widths = [max(int(face.getlength(cell)) for cell in column) + 2 * PAD for column in columns]
    width = max(sum(widths), int(bold.getlength(_cut(title, 3 * MOST_CHARS))) + 2 * PAD)
    height = ROW + 8 + ROW * (len(shown) + 1) + PAD
    image = Image.new("RGB", (width, height), style.background)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, ROW + 8), fill=style.header)
    draw.text((PAD, 4), _cut(title, 3 * MOST_CHARS), font=bold, fill=style.text)
    band = mix(style.board, style.background, 0.35)
    for index, row in enumerate([list(headings), *shown]):
        top = ROW + 8 + ROW * index
        fill = style.board if index % 2 else band
        draw.rectangle((0, top, width, top + ROW - 1), fill=fill)
        ink, face_here = (style.ink, face) if index else (style.ink, bold)
        left = 0
        for column, (cell, cell_width) in enumerate(zip(row, widths, strict=True)):
            right_aligned = column < len(numeric) and numeric[column]
            x = left + cell_width - PAD - face.getlength(cell) if right_aligned else left + PAD
            draw.text((x, top + 4), cell, font=face_here, fill=ink)
            left += cell_width
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
