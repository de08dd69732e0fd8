"""The table picture (league standings): sizes, the theme's colours, long tables cut."""

from __future__ import annotations

import io

from PIL import Image

from render.table import MOST_ROWS, ROW, draw_table
from render.theme import get_theme


def _open(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_a_table_grows_with_its_rows_in_the_theme():
    rows = [[str(i), f"player {i}", "2.5"] for i in range(1, 4)]
    small = _open(draw_table("League", ["#", "Player", "Points"], rows[:1]))
    large = _open(draw_table("League", ["#", "Player", "Points"], rows, theme="contrast"))
    assert large.height - small.height == 2 * ROW
    assert small.getpixel((1, 1)) == get_theme("default").header
    assert large.getpixel((1, 1)) == get_theme("contrast").header
    assert small.getpixel((1, small.height - 1)) == get_theme("default").background


def test_a_long_table_is_cut_with_a_row_saying_so():
    rows = [[str(i), "x" * 200] for i in range(MOST_ROWS + 10)]
    picture = _open(draw_table("Long", ["#", "Name"], rows))
    longest = _open(draw_table("Long", ["#", "Name"], rows[:MOST_ROWS]))
    assert picture.height == longest.height + ROW  # the "… 10 more" row
    assert picture.width < 600  # cells are cut, not stretched
