"""Every registered game draws its start and random mid-game positions in every theme."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import games
import render
from tests.render.positions import playout
from tests.testgames import installed

with installed():  # the test games join; conftest.py registers them while tests run
    NAMES = games.names()


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _positions(name: str) -> list:
    game = games.get(name)
    found = []
    for players in sorted({game.kind.min_players, game.kind.max_players}):
        states = playout(name, 60, seed=players, players=players)
        found += [states[0], states[len(states) // 3], states[-1]]
    return found


@pytest.mark.parametrize("theme", list(render.THEMES))
@pytest.mark.parametrize("name", NAMES)
def test_start_and_mid_game_positions_render_in_every_theme(name: str, theme: str) -> None:
    if not render.has_picture(name):
        pytest.skip(f"{name} has no picture module yet")
    for state in _positions(name):
        image = _open(render.board_png(state, theme=theme))
        assert image.format == "PNG"
        assert image.width == render.DEFAULT_SIZE
        assert 200 <= image.height <= 2 * image.width
        colours = image.convert("RGB").getcolors(4096)
        assert colours is None or len(colours) > 8, "a board picture has many colours"


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("size", [render.MIN_SIZE, 512, 1333, render.MAX_SIZE])
def test_pictures_are_as_wide_as_asked(name: str, size: int) -> None:
    if not render.has_picture(name):
        pytest.skip(f"{name} has no picture module yet")
    state = _positions(name)[1]
    image = _open(render.board_png(state, size=size))
    assert image.width == size


def test_default_pictures_are_at_least_800_pixels_wide() -> None:
    state = playout("skift", 10, seed=1)[-1]
    assert _open(render.board_png(state)).width >= 800


@pytest.mark.parametrize("size", [0, 100, render.MAX_SIZE + 1, 800.0, "800"])
def test_a_bad_size_is_refused_with_a_sentence(size: object) -> None:
    state = playout("skift", 0, seed=1)[0]
    with pytest.raises(ValueError, match="pixels wide"):
        render.board_png(state, size=size)  # type: ignore[arg-type]


def test_an_unknown_theme_is_refused_naming_the_themes() -> None:
    state = playout("skift", 0, seed=1)[0]
    with pytest.raises(ValueError, match="default, contrast"):
        render.board_png(state, theme="neon")


def test_a_game_without_a_picture_is_refused() -> None:
    class Unknown:
        class game:  # noqa: N801 - mimics state.game
            name = "no-such-game"

    assert not render.has_picture("no-such-game")
    with pytest.raises(ValueError, match="no board picture"):
        render.board_png(Unknown())


def test_pictures_are_deterministic() -> None:
    state = playout("skift", 25, seed=3)[-1]
    assert render.board_png(state) == render.board_png(state)


def test_a_clock_strip_is_drawn_under_the_board():
    state = games.get("skift").new(2, seed=1)
    plain = Image.open(io.BytesIO(render.board_png(state, size=400)))
    timed = Image.open(io.BytesIO(render.board_png(state, size=400, clock="White: 2 days left")))
    assert timed.width == plain.width and timed.height > plain.height
    top = timed.convert("RGB").crop((0, 0, plain.width, plain.height))
    assert ImageChops.difference(top, plain.convert("RGB")).getbbox() is None  # board as it was
    strip = timed.convert("RGB").crop((0, plain.height, timed.width, timed.height))
    assert len(strip.getcolors(1 << 16) or []) > 2  # text drawn on the strip
