"""How a match ended (`ending`): every game's header and alt text say it instead of whose
turn it is, a long one wraps in the header, and modules that do not take it still draw."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops

import games
import render
from render import header
from tests.render.positions import playout
from tests.testgames import installed

with installed():  # the test games join; conftest.py registers them while tests run
    NAMES = games.names()

RESIGNED = "Black wins: White resigned."
ABORTED = "White aborted the match."


def _differ(a: Image.Image, b: Image.Image) -> bool:
    return a.size != b.size or ImageChops.difference(a, b).getbbox() is not None


def _header_height(image: Image.Image) -> int:
    """How far down the header's colour (the top left pixel's) reaches at the left edge."""
    rgb = image.convert("RGB")
    height = 0
    while height < rgb.height and rgb.getpixel((0, height)) == rgb.getpixel((0, 0)):
        height += 1
    return height


@pytest.mark.parametrize("name", NAMES)
def test_every_game_says_how_the_match_ended_in_its_header_and_alt_text(name: str) -> None:
    if not render.has_picture(name):
        pytest.skip(f"{name} has no picture module yet")
    start = playout(name, 0, seed=1)[0]
    plain = render.board_image(start, size=480)
    resigned = render.board_image(start, size=480, ending=RESIGNED)
    aborted = render.board_image(start, size=480, ending=ABORTED)
    assert _differ(plain, resigned) and _differ(resigned, aborted), "the header shows it"
    # one ending or another: only the header changes (against the running match, the body
    # may also stop marking a player to act)
    bodies = [
        image.crop((0, _header_height(image), 480, image.height)) for image in (resigned, aborted)
    ]
    assert bodies[0].height > 100 and not _differ(*bodies), "only the header changes"
    words = render.alt_text(start)
    ended = render.alt_text(start, ending=RESIGNED)
    assert RESIGNED in ended and words.split(":")[1] not in ended, "whose turn it was is gone"


def test_the_ending_replaces_the_winner_line_of_a_finished_game() -> None:
    final = playout("skift", 400, seed=2)[-1]
    assert final.outcome() is not None
    ending = "White wins: Black ran out of time."

    def chip(seat: int) -> Any:
        return None

    tokens = header.turn_tokens(final, chip, width=800, px=26, why=True, ending=ending)
    assert tokens == [f"{final.ply} moves", None, ending.rstrip(".")]
    assert render.alt_text(final, ending=ending).startswith(
        f"Skift, over after {final.ply} moves: {ending}"
    )


def test_a_long_ending_wraps_in_a_narrow_header_and_stays_inside_it() -> None:
    start = games.get("skift").new(2)
    short = render.board_image(start, size=240, ending="Draw.")
    long = render.board_image(start, size=240, ending="A server admin cancelled the match.")
    assert _header_height(long) > _header_height(short)
    strip = long.convert("RGB").crop((0, 0, 240, _header_height(long)))
    blank = Image.new("RGB", strip.size, strip.getpixel((0, 0)))
    drawn = ImageChops.difference(strip, blank).getbbox()
    assert drawn is not None and drawn[2] <= 240 - header.header_px(240) + 1
