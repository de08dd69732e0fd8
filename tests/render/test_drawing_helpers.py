"""The shared drawing helpers and the themes."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from PIL import Image, ImageChops

import render
from games.skift import SKIFT
from render import header, palette, shapes, sprites
from render.theme import CONTRAST, DEFAULT, MARKS, THEMES, Theme, get_theme, mix
from tests.render.positions import playout


def _pixels(image: Image.Image) -> list[tuple[int, ...]]:
    return [image.getpixel((x, 0)) for x in range(image.width)]


def _alpha_box(sprite: sprites.Sprite) -> tuple[int, int, int, int] | None:
    return sprite.image.getchannel("A").getbbox()


def _lightness(colour: tuple[int, int, int]) -> float:
    """CIE L* (0 black .. 100 white) of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


#: Where each mark puts ink on a 40-pixel piece (centre 20, 20), probed at the centre,
#: 8 px above it and 8 px left of it: a mark is known by which of the three it inks.
MARK_PROBES = ((20, 20), (20, 12), (12, 20))
MARK_INKS = {
    "": (False, False, False),
    "ring": (False, True, True),
    "dot": (True, False, False),
    "plus": (True, True, True),
    "bar": (True, False, True),
}


def test_both_themes_keep_white_and_black_first_and_have_five_seat_styles() -> None:
    assert list(THEMES) == ["default", "contrast"]
    for theme in THEMES.values():
        assert [s.name for s in theme.seats][:2] == ["White", "Black"]
        assert len(theme.seats) == 5
        assert {style.mark for style in theme.seats} <= set(MARKS)
    assert sorted(MARK_INKS) == sorted(MARKS)
    marks = [style.mark for style in CONTRAST.seats]
    assert len(set(marks)) == len(marks), "every contrast seat has its own mark"
    white, black = CONTRAST.style("White"), CONTRAST.style("Black")
    assert sum(white.fill) - sum(black.fill) > 600, "light against dark, not just hue"


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
def test_any_two_seat_styles_differ_by_mark_or_by_lightness(theme: Theme) -> None:
    """Colour-blind players tell the seats apart by shape or brightness, not hue alone."""
    for first, second in itertools.combinations(theme.seats, 2):
        lighter = abs(_lightness(first.fill) - _lightness(second.fill))
        assert first.mark != second.mark or lighter >= 50, f"{first.name} / {second.name}"


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
@pytest.mark.parametrize("shape", shapes.SHAPES)
def test_a_drawn_piece_of_every_seat_style_shows_its_mark(theme: Theme, shape: str) -> None:
    for style in theme.seats:
        image = shapes.piece_sprite(style, shape, 40).image.convert("RGB")
        inked = tuple(image.getpixel(point) == style.ink for point in MARK_PROBES)
        assert inked == MARK_INKS[style.mark], f"{theme.name} {style.name}"
        bare = [point for point, ink in zip(MARK_PROBES, inked, strict=True) if not ink]
        assert all(image.getpixel(p) == style.fill for p in bare), "elsewhere: the fill"


def test_a_five_seat_palette_keeps_the_added_seat_colours_exact_and_two_seats_lack_them() -> None:
    image = Image.new("RGB", (3, 1))
    image.putdata([style.fill for style in DEFAULT.seats[2:]])
    assert _pixels(palette.to_palette(image, DEFAULT, (), 5).convert("RGB")) == _pixels(image)
    two = palette.palette_image(DEFAULT, (), 2).getpalette()
    assert two is not None and list(DEFAULT.seats[4].fill) not in [
        two[i : i + 3] for i in range(0, 768, 3)
    ], "a two-seat game's palette has no room taken by seats it lacks"


def test_get_theme_accepts_names_in_any_case_and_theme_objects() -> None:
    assert get_theme(" Contrast ") is CONTRAST
    assert get_theme(DEFAULT) is DEFAULT
    with pytest.raises(ValueError, match="choose one of: default, contrast"):
        get_theme("sepia")


def test_mix_runs_from_one_colour_to_the_other() -> None:
    assert mix((0, 0, 0), (200, 100, 50), 0) == (0, 0, 0)
    assert mix((0, 0, 0), (200, 100, 50), 0.5) == (100, 50, 25)
    assert mix((0, 0, 0), (200, 100, 50), 1) == (200, 100, 50)


@pytest.mark.parametrize("shape", shapes.SHAPES)
@pytest.mark.parametrize("mark", MARKS)
def test_piece_sprites_are_centred_smooth_and_carry_their_mark(shape: str, mark: str) -> None:
    style = dataclasses.replace(CONTRAST.seats[1], mark=mark)
    sprite = shapes.piece_sprite(style, shape, 40)
    assert sprite.image.size == (40, 40)
    assert (sprite.ax, sprite.ay) == (20, 20)
    alphas = set(sprite.image.getchannel("A").tobytes())
    assert {0, 255} <= alphas and len(alphas) > 4, "antialiased edge"
    inked = tuple(sprite.image.getpixel(point)[:3] == style.ink for point in MARK_PROBES)
    assert inked == MARK_INKS[mark]
    assert sprite.image.getpixel((6, 20))[:3] == style.fill, "the mark stays inside the rim"


def test_a_faint_piece_is_see_through() -> None:
    solid = shapes.piece_sprite(DEFAULT.seats[0], "circle", 30)
    faint = shapes.piece_sprite(DEFAULT.seats[0], "circle", 30, 0.4)
    assert solid.image.getpixel((15, 15))[3] == 255
    assert faint.image.getpixel((15, 15))[3] == round(255 * 0.4)


@pytest.mark.parametrize("shape", shapes.SHAPES)
@pytest.mark.parametrize("px", [2, 3, 4, 5, 6])
def test_tiny_pieces_are_drawn_with_a_rim_that_fits(shape: str, px: int) -> None:
    sprite = shapes.piece_sprite(DEFAULT.seats[0], shape, px)  # a wide table at 240 px
    assert sprite.image.size == (px, px)
    assert sprite.image.getchannel("A").getbbox() is not None


def test_a_table_eight_tiles_wide_draws_at_the_smallest_width() -> None:
    wide = SKIFT.from_text(
        "Skift: White to move\n"
        "     a b  c d  e f  g h  i j  k l  m n  o p\n"
        "  1  W .  . .  . .  . .  . .  . .  . .  . B   A B C D E F G H\n"
        "  2  w .  . .  . .  . .  . .  . .  . .  . b\n"
    )
    image = render.board_image(wide, size=240)
    assert image.width == 240


def test_an_unknown_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="circle, square"):
        shapes.piece_sprite(DEFAULT.seats[0], "hexagon", 30)


@pytest.mark.parametrize("dx,dy", [(60, 0), (0, 60), (-60, 0), (0, -60), (45, 45), (-45, 45)])
def test_arrows_start_at_their_anchor_and_reach_their_tip(dx: int, dy: int) -> None:
    sprite = shapes.arrow_sprite(dx, dy, 6, DEFAULT.highlight, DEFAULT.halo)
    tip = (
        sprite.ax + dx - (dx > 0) * 2 + (dx < 0) * 2,
        sprite.ay + dy - (dy > 0) * 2 + (dy < 0) * 2,
    )
    assert sprite.image.getpixel((sprite.ax, sprite.ay))[3] == 255
    assert sprite.image.getpixel(tip)[3] > 0
    middle = (sprite.ax + dx // 2, sprite.ay + dy // 2)
    assert sprite.image.getpixel(middle)[:3] == DEFAULT.highlight


def test_text_sprites_centre_on_their_anchor() -> None:
    sprite = sprites.text_sprite("W", 30, (255, 255, 255))
    left, top, right, bottom = _alpha_box(sprite)
    assert abs((left + right) / 2 - sprite.ax) <= 2
    assert abs((top + bottom) / 2 - sprite.ay) <= 3


def test_a_text_row_places_each_text_at_its_offset() -> None:
    row = sprites.text_row((("a", 0), ("b", 100), ("c", 200)), 20, (255, 255, 255))
    assert row.image.width >= 200
    alpha = row.image.getchannel("A")
    for offset in (0, 100, 200):
        column = alpha.crop((row.ax + offset - 2, 0, row.ax + offset + 3, row.image.height))
        assert column.getbbox() is not None
    between = alpha.crop((row.ax + 40, 0, row.ax + 60, row.image.height))
    assert between.getbbox() is None
    down = sprites.text_row((("1", 0), ("2", 80)), 20, (255, 255, 255), vertical=True)
    assert down.image.height >= 80 and down.image.width < 40


def _wrapped_word_by_word(text: str, px: int, room: float) -> tuple[str, ...]:
    """The lines of `text` found by measuring the line each word would join."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and sprites.font(px).getlength(trial) > room:
            lines.append(line)
            line = word
        else:
            line = trial
    return (*lines, line)


@pytest.mark.parametrize("px", [13, 24, 40])
def test_wrapped_lines_are_those_of_measuring_word_by_word(px: int) -> None:
    rng = random.Random(px)
    words = "Shift the stones on B2 and C3, flip A1: Blue scores card 11 for 3 points. WWWWWWWW i"
    for _ in range(300):
        text = " ".join(rng.choice(words.split()) for _ in range(rng.randint(1, 30)))
        room = rng.uniform(px, 30 * px)
        assert sprites.wrapped(text, px, room) == _wrapped_word_by_word(text, px, room)


def _paint_square(image: Image.Image, colour: tuple[int, int, int]) -> None:
    image.paste(colour, (2, 2, 6, 6))


def test_a_backdrop_is_painted_once_and_each_picture_gets_its_own_copy() -> None:
    painted = []

    def paint(image: Image.Image, colour: tuple[int, int, int]) -> None:
        painted.append(colour)
        _paint_square(image, colour)

    first = sprites.backdrop(paint, 8, 8, (0, 0, 0), (255, 0, 0))
    first.putpixel((0, 0), (0, 255, 0))  # drawing on one picture
    second = sprites.backdrop(paint, 8, 8, (0, 0, 0), (255, 0, 0))
    assert painted == [(255, 0, 0)]
    assert second.getpixel((0, 0)) == (0, 0, 0) and second.getpixel((3, 3)) == (255, 0, 0)
    assert sprites.backdrop(paint, 8, 8, (0, 0, 0), (0, 0, 255)).getpixel((3, 3)) == (0, 0, 255)
    assert painted == [(255, 0, 0), (0, 0, 255)]


def test_what_is_kept_stays_within_its_byte_budget_dropping_the_least_recently_used() -> None:
    side = 1000  # four bytes a pixel: 4 MB a backdrop
    painted = []

    def paint(image: Image.Image, colour: tuple[int, int, int]) -> None:
        painted.append(colour)
        _paint_square(image, colour)

    sprites.backdrop(paint, side, side, (0, 0, 0), (1, 2, 3))
    for shade in range(2 * sprites.KEPT_BYTES // (4 * side * side)):
        sprites.backdrop(paint, side, side, (0, 0, 0), (shade, 0, 0))
        assert 0 < sprites.kept_bytes() <= sprites.KEPT_BYTES
    sprite = sprites.text_sprite("kept", 20, (1, 2, 3))
    assert sprites.text_sprite("kept", 20, (1, 2, 3)) is sprite  # the latest stays
    assert painted.count((1, 2, 3)) == 1
    sprites.backdrop(paint, side, side, (0, 0, 0), (1, 2, 3))
    assert painted.count((1, 2, 3)) == 2  # the first was dropped and is painted again


def test_the_header_moves_to_a_second_line_when_it_does_not_fit() -> None:
    chip = shapes.piece_chip(DEFAULT.seats[1], "circle", 20, DEFAULT.board, DEFAULT.outline)
    short = header.header_strip(800, DEFAULT, ["Move 3"], [chip, "2"], 24)
    long = header.header_strip(400, DEFAULT, ["Move 3", None, "White to move"], [chip, "2"] * 6, 24)
    assert short.size[0] == 800 and long.size[0] == 400
    assert long.height > short.height
    assert short.getpixel((0, 0)) == DEFAULT.header


def test_a_long_header_wraps_between_seats_and_never_runs_off_the_edge() -> None:
    chip = shapes.piece_chip(DEFAULT.seats[1], "circle", 10, DEFAULT.board, DEFAULT.outline)
    right = [chip, "14 left · 0 pts", None] * 3 + [chip, "15 left · 10 pts"]
    strip = header.header_strip(240, DEFAULT, ["Move 3", None, chip, "Blue to insert"], right, 13)
    drawn = ImageChops.difference(strip, Image.new("RGB", strip.size, DEFAULT.header)).getbbox()
    assert drawn is not None and drawn[2] <= 240 - 13 + 1, "nothing beyond the right margin"
    line = round(13 * 1.6)
    assert strip.height >= 3 * line, "the turn on one line, the four seats on two or more"
    last_line = strip.crop((0, strip.height - line - 13 // 2, 240, strip.height))
    assert ImageChops.difference(
        last_line, Image.new("RGB", last_line.size, DEFAULT.header)
    ).getbbox(), "the last seat is drawn on the last line"


def test_the_winner_line_names_the_reason_only_where_it_fits() -> None:
    final = playout("skift", 400, seed=2)[-1]
    outcome = final.outcome()
    assert outcome is not None and not outcome.draw

    def chip(seat: int) -> sprites.Sprite:
        return shapes.piece_chip(DEFAULT.seats[seat], "circle", 20, DEFAULT.board, DEFAULT.outline)

    winner = final.game.seat_name(outcome.winners[0])
    wide = header.turn_tokens(final, chip, width=800, px=26, why=True)
    assert wide[-1] == f"{winner} wins: {outcome.reason.rstrip('.')}"
    assert header.turn_tokens(final, chip, width=240, px=13, why=True)[-1] == f"{winner} wins"
    assert header.turn_tokens(final, chip, width=800, px=26)[-1] == f"{winner} wins"
    start = header.turn_tokens(SKIFT.new(2), chip, width=800, px=26)
    assert start[0] == "Move 1" and start[-1] == "White to move"


def test_the_palette_keeps_theme_and_extra_colours_exact() -> None:
    odd = (12, 200, 99)
    image = Image.new("RGB", (4, 1))
    image.putdata([DEFAULT.board, DEFAULT.seats[1].fill, DEFAULT.highlight, odd])
    mapped = palette.to_palette(image, DEFAULT, (odd,)).convert("RGB")
    assert _pixels(mapped) == _pixels(image)
    without = palette.to_palette(image, DEFAULT).convert("RGB")
    assert without.getpixel((3, 0)) != odd
    with pytest.raises(ValueError, match="at most 128"):
        palette.palette_image(DEFAULT, tuple((i, i, 1) for i in range(130)))


def test_palette_blends_stay_close_to_the_drawn_colours() -> None:
    image = Image.new("RGB", (7, 1))
    blends = [mix(DEFAULT.board, DEFAULT.seats[1].fill, step / 8) for step in range(1, 8)]
    image.putdata(blends)
    mapped = _pixels(palette.to_palette(image, DEFAULT).convert("RGB"))
    for want, got in zip(blends, mapped, strict=True):
        assert max(abs(a - b) for a, b in zip(want, got, strict=True)) <= 24


def test_png_encoding_round_trips() -> None:
    image = palette.to_palette(Image.new("RGB", (30, 20), DEFAULT.board), DEFAULT)
    png = palette.encode_png(image)
    assert png.startswith(b"\x89PNG")


def test_a_cross_is_drawn_through_its_centre_with_a_rim() -> None:
    sprite = shapes.cross_sprite(40, DEFAULT.removed, DEFAULT.halo)
    assert sprite.image.getpixel((sprite.ax, sprite.ay))[:3] == DEFAULT.removed
    assert sprite.image.getpixel((sprite.ax, 2))[3] == 0, "open between the arms"
    opaque = {colour[:3] for _, colour in sprite.image.getcolors(4096) if colour[3] == 255}
    assert DEFAULT.halo in opaque
