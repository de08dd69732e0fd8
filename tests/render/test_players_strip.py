"""The players strip: each seat's name, rating and clock under the picture, the seat to act
standing out; names made drawable and cut to fit."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

import games
import render
from render.seats import ACT_TINT, ELLIPSIS, drawn_name, fitted, strip_px
from render.sprites import font
from render.theme import DEFAULT, mix
from tests.render.positions import playout


def _open(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: object, colour: tuple[int, int, int]) -> bool:
    """Whether `pixel` is `colour` as the fixed palette draws it."""
    assert isinstance(pixel, tuple)
    return sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) <= 16


def test_names_lose_markup_invisible_characters_and_what_the_font_cannot_draw() -> None:
    assert drawn_name("**alice**\u202e") == "alice"
    assert drawn_name("Émile 😀 the __great__") == "Émile the great"
    assert drawn_name("😀😀") == ""
    assert drawn_name("さくら") == ""  # no Chinese or Japanese in the font


def test_names_keep_accents_greek_and_cyrillic_and_plain_fancy_letters() -> None:
    for name in ("Jürgen Groß", "Françoise Nguyễn", "Алексей", "Ζωή", "Łukasz Żółć"):
        assert drawn_name(name) == name
    assert drawn_name("𝓐𝓵𝓲𝓬𝓮 ＢＯＢ") == "Alice BOB"  # letters of another style, drawn plain


def test_a_name_with_nothing_drawable_is_its_seat_in_the_readers_language() -> None:
    state = playout("shiftago", 6, seed=2)[-1]
    french = render.Words(value=lambda text: {"Orange": "Arancio", "Green": "Vert"}.get(text, text))
    seat = state.seat_name(0)
    undrawable = (render.SeatLabel("さくら", "1500"), render.SeatLabel("bob"))
    spelled = (render.SeatLabel(french.value(seat), "1500"), render.SeatLabel("bob"))
    assert french.value(seat) != seat
    drawn = render.board_png(state, players=undrawable, words=french)
    assert drawn == render.board_png(state, players=spelled, words=french)


def test_a_long_name_is_cut_with_an_ellipsis_to_fit() -> None:
    name = "Bartholomew the Magnificent of Very Long Names"
    cut = fitted(name, 20, 150)
    assert cut.endswith(ELLIPSIS) and name.startswith(cut[:-1])
    assert font(20).getlength(cut) <= 150
    assert fitted("bob", 20, 150) == "bob"


def test_the_strip_names_every_seat_and_tints_the_seat_to_act() -> None:
    state = games.get("skift").new(2, seed=1)
    plain = _open(render.board_png(state, size=400))
    labels = (render.SeatLabel("alice", "1520", "2 days left"), render.SeatLabel("bob"))
    named = _open(render.board_png(state, size=400, players=labels))
    line = round(strip_px(400) * 1.8)
    assert named.height == plain.height + 2 * line + strip_px(400) // 2
    tint = mix(DEFAULT.header, DEFAULT.highlight, ACT_TINT)
    acting = state.current_player
    assert acting is not None
    row_top = plain.height + strip_px(400) // 4 + acting * line
    waiting_top = plain.height + strip_px(400) // 4 + (1 - acting) * line
    assert _near(named.getpixel((399 - 2, row_top + 2)), tint)
    assert _near(named.getpixel((399 - 2, waiting_top + 2)), DEFAULT.header)
    assert not _near(tint, DEFAULT.header)


def test_the_picture_over_the_strip_is_the_picture_without_it() -> None:
    state = playout("shiftago", 12, seed=2)[-1]
    plain = _open(render.board_png(state, size=500))
    labels = tuple(render.SeatLabel(f"player {seat}", "1500", "1 day") for seat in range(2))
    named = _open(render.board_png(state, size=500, players=labels))
    top = named.crop((0, 0, plain.width, plain.height))
    assert ImageChops.difference(top, plain).getbbox() is None
    strip = named.crop((0, plain.height, named.width, named.height))
    assert len(strip.getcolors(1 << 16) or []) > 2  # names drawn on the strip


def test_the_old_call_without_players_is_unchanged() -> None:
    state = games.get("shifty").new(2, seed=1)
    assert render.board_png(state) == render.board_png(state, players=None)
    assert render.board_png(state) != render.board_png(state, players=(render.SeatLabel("a"),))
