"""The table picture (league standings): sizes, the theme's colours, long tables cut, what
the font cannot draw left out."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from render.table import MOST_ROWS, ROW, draw_table
from render.theme import get_theme
from render.words import MORE_ROWS, Words


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


def test_what_the_font_cannot_draw_is_left_out_not_drawn_as_a_box():
    emoji = _open(draw_table("League 🏆", ["#", "Player"], [["1", "bob 🎲"], ["2", "Алексей"]]))
    plain = _open(draw_table("League ", ["#", "Player"], [["1", "bob "], ["2", "Алексей"]]))
    assert ImageChops.difference(emoji, plain).getbbox() is None


def test_the_row_saying_how_many_more_is_in_the_readers_language():
    rows = [[str(i), "x"] for i in range(MOST_ROWS + 10)]
    asked: list[tuple[int, str, str]] = []

    def counted(number: int, one: str, many: str) -> str:
        asked.append((number, one, many))
        return "… {count} weitere"

    german = _open(draw_table("Liga", ["#", "Name"], rows, words=Words(counted=counted)))
    english = _open(draw_table("Liga", ["#", "Name"], rows))
    assert asked == [(10, *MORE_ROWS)]
    assert german.size != english.size or ImageChops.difference(german, english).getbbox()
