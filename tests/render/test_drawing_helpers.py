"""The shared drawing helpers and the themes."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image, ImageChops

from games.skift import SKIFT
from render import header, palette, shapes, sprites
from render.theme import CONTRAST, DEFAULT, MARKS, THEMES, get_theme, mix
from tests.render.positions import playout


def _pixels(image: Image.Image) -> list[tuple[int, ...]]:
    return [image.getpixel((x, 0)) for x in range(image.width)]


def _alpha_box(sprite: sprites.Sprite) -> tuple[int, int, int, int] | None:
    return sprite.image.getchannel("A").getbbox()


def test_both_themes_name_two_seats_alike_and_the_contrast_seats_differ_by_mark() -> None:
    assert list(THEMES) == ["default", "contrast"]
    for theme in THEMES.values():
        assert [s.name for s in theme.seats] == ["White", "Black"]
    marks = [style.mark for style in CONTRAST.seats]
    assert len(set(marks)) == len(marks), "every contrast seat has its own mark"
    assert set(marks) <= set(MARKS)
    white, black = CONTRAST.seat(0), CONTRAST.seat(1)
    assert sum(white.fill) - sum(black.fill) > 600, "light against dark, not just hue"


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
    style = dataclasses.replace(CONTRAST.seat(1), mark=mark)
    sprite = shapes.piece_sprite(style, shape, 40)
    assert sprite.image.size == (40, 40)
    assert (sprite.ax, sprite.ay) == (20, 20)
    alphas = set(sprite.image.getchannel("A").tobytes())
    assert {0, 255} <= alphas and len(alphas) > 4, "antialiased edge"
    assert sprite.image.getpixel((20, 20))[:3] == style.fill
    ring = sprite.image.getpixel((20, 12))[:3]  # on the ring, 8 px above the centre
    assert (ring == style.ink) == (mark == "ring")


def test_a_faint_piece_is_see_through() -> None:
    solid = shapes.piece_sprite(DEFAULT.seat(0), "circle", 30)
    faint = shapes.piece_sprite(DEFAULT.seat(0), "circle", 30, 0.4)
    assert solid.image.getpixel((15, 15))[3] == 255
    assert faint.image.getpixel((15, 15))[3] == round(255 * 0.4)


def test_an_unknown_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="circle, square"):
        shapes.piece_sprite(DEFAULT.seat(0), "hexagon", 30)


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


def test_the_header_moves_to_a_second_line_when_it_does_not_fit() -> None:
    chip = shapes.piece_chip(DEFAULT.seat(1), "circle", 20, DEFAULT.board, DEFAULT.outline)
    short = header.header_strip(800, DEFAULT, ["Move 3"], [chip, "2"], 24)
    long = header.header_strip(400, DEFAULT, ["Move 3", None, "White to move"], [chip, "2"] * 6, 24)
    assert short.size[0] == 800 and long.size[0] == 400
    assert long.height > short.height
    assert short.getpixel((0, 0)) == DEFAULT.header


def test_a_long_header_wraps_between_seats_and_never_runs_off_the_edge() -> None:
    chip = shapes.piece_chip(DEFAULT.seat(1), "circle", 10, DEFAULT.board, DEFAULT.outline)
    right = [chip, "14 left · 0 pts", None] * 3 + [chip, "15 left · 10 pts"]
    strip = header.header_strip(240, DEFAULT, ["Move 3", None, chip, "Blue to insert"], right, 13)
    drawn = ImageChops.difference(strip, Image.new("RGB", strip.size, DEFAULT.header)).getbbox()
    assert drawn is not None and drawn[2] <= 240 - 13 + 1, "nothing beyond the right margin"
    line = round(13 * 1.6)
    assert strip.height >= 4 * line, "the turn on one line, the four seats on three or more"
    last_line = strip.crop((0, strip.height - line - 13 // 2, 240, strip.height))
    assert ImageChops.difference(
        last_line, Image.new("RGB", last_line.size, DEFAULT.header)
    ).getbbox(), "the last seat is drawn on the last line"


def test_the_winner_line_names_the_reason_only_where_it_fits() -> None:
    final = playout("skift", 400, seed=2)[-1]
    outcome = final.outcome()
    assert outcome is not None and not outcome.draw

    def chip(seat: int) -> sprites.Sprite:
        return shapes.piece_chip(DEFAULT.seat(seat), "circle", 20, DEFAULT.board, DEFAULT.outline)

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
    image.putdata([DEFAULT.board, DEFAULT.seat(1).fill, DEFAULT.highlight, odd])
    mapped = palette.to_palette(image, DEFAULT, (odd,)).convert("RGB")
    assert _pixels(mapped) == _pixels(image)
    without = palette.to_palette(image, DEFAULT).convert("RGB")
    assert without.getpixel((3, 0)) != odd
    with pytest.raises(ValueError, match="at most 128"):
        palette.palette_image(DEFAULT, tuple((i, i, 1) for i in range(130)))


def test_palette_blends_stay_close_to_the_drawn_colours() -> None:
    image = Image.new("RGB", (7, 1))
    blends = [mix(DEFAULT.board, DEFAULT.seat(1).fill, step / 8) for step in range(1, 8)]
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
