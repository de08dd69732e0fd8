"""Every registered game draws each seat's pieces in that seat's own style.

The pixels where `Pictures.pieces` says a piece stands are read back from the finished
PNG, along the diagonals from its centre: the piece's body must be its style's fill (more
of it than of any other seat's fill, where that is not the style's own ink); a style with
a mark in its middle (a dot, a plus, a bar) must show its ink there, and a ring its ink
around it.

Shifting Stones has no seat styles: every player plays the same shared grid and nothing
on it belongs to a seat, so it draws no seat pieces and is skipped here.
"""

from __future__ import annotations

import io
import math
import random
from collections import Counter

import pytest
from PIL import Image

import games
import render
from games.base import GameState
from render import modules
from render.pictures import Spot
from render.theme import RGB, SeatStyle, style_named
from tests.testgames import installed

with installed():  # the test games join; conftest.py registers them while tests run
    NAMES = games.names()

#: How far a pixel may be from a style's colour and still count as it (palette blends).
TOLERANCE = 24
#: Marks drawn across a piece's middle, so its centre pixel is the style's ink.
CENTRE_MARKS = {"dot", "plus", "bar"}


def _close(pixel: tuple[int, ...], colour: RGB) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) <= TOLERANCE


def _seat_names(state: GameState) -> set[str]:
    return {state.seat_name(seat) for seat in range(state.players)}


def _positions_with_every_seat(name: str, players: int) -> list[GameState]:
    """Up to three positions of a seeded random game where every seat has a piece drawn."""
    pictures = modules.pictures_of(games.get(name).new(players=players, seed=1))
    assert pictures.pieces is not None
    found: list[GameState] = []
    for seed in range(1, 6):
        rng = random.Random(seed)
        state = games.get(name).new(players=players, seed=seed)
        for _ in range(80):
            drawn = {seat for seat, _ in pictures.pieces(state, 600, render.THEMES["default"])}
            if drawn == _seat_names(state):
                found.append(state)
                if len(found) == 3:
                    return found
            if state.outcome() is not None:
                break
            state = state.play(rng.choice(list(state.legal_moves())))
    return found


def _reach(spots: list[Spot], size: int) -> int:
    """How far along each diagonal from a piece's centre its pixels are read: a sixth of
    the closest two pieces' distance, past a mark in its middle and clear of the next
    piece (pixels off the piece, on the board, count for no seat)."""
    closest = min(
        (math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :]), default=size
    )
    return max(2, round(closest / 6))


def _ink_of(style: SeatStyle) -> SeatStyle:
    """A style whose fill is `style`'s ink, called "ink" (to count the pixels of a mark)."""
    return SeatStyle("ink", style.ink, style.ink, style.ink)


def _colours_read(
    image: Image.Image, spot: Spot, reach: int, styles: list[SeatStyle]
) -> Counter[str]:
    """How many pixels on the diagonals from `spot` out to `reach` have each style's fill
    (the diagonals miss the arms of a plus or a bar, and cross a ring)."""
    x, y = round(spot[0]), round(spot[1])
    counts: Counter[str] = Counter()
    for step in range(1, reach + 1):
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            pixel = image.getpixel((x + dx * step, y + dy * step))
            assert isinstance(pixel, tuple)
            for style in styles:
                if _close(pixel[:3], style.fill):
                    counts[style.name] += 1
    return counts


def check_seat_styles(state: GameState, theme: str, size: int = 600) -> None:
    """Assert that every piece of `state`'s picture is drawn in its seat's style."""
    chosen = render.THEMES[theme]
    pictures = modules.pictures_of(state)
    assert pictures.pieces is not None
    styles = [style_named(pictures.styles(chosen), n) for n in state.game.kind.seat_names]
    png = render.board_png(state, size=size, theme=theme)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    placed = pictures.pieces(state, size, chosen)
    reach = _reach([spot for _, spot in placed], size)
    for seat_name, spot in placed:
        own = style_named(tuple(styles), seat_name)
        counts = _colours_read(image, spot, reach, [*styles, _ink_of(own)])
        rivals = [
            counts[style.name]
            for style in styles
            if style.name != own.name and not _close(style.fill, own.ink)
        ]
        where = f"{state.game.name} ({theme}): {seat_name}'s piece at {spot}"
        assert counts[own.name] > max(rivals, default=0), f"{where} reads {counts}"
        centre = image.getpixel((round(spot[0]), round(spot[1])))
        assert isinstance(centre, tuple)
        if own.mark in CENTRE_MARKS:
            assert _close(centre, own.ink), f"{where} lacks its {own.mark} in its middle"
        elif own.mark:
            assert counts["ink"], f"{where} lacks its {own.mark}"


@pytest.mark.parametrize("theme", list(render.THEMES))
@pytest.mark.parametrize("name", NAMES)
def test_each_seat_is_drawn_in_its_own_style(name: str, theme: str) -> None:
    game = games.get(name)
    if modules.pictures_of(game.new(players=game.kind.min_players, seed=1)).pieces is None:
        pytest.skip(f"{name}'s pictures draw no seat pieces")
    for players in sorted({game.kind.min_players, game.kind.max_players}):
        positions = _positions_with_every_seat(name, players)
        assert positions, f"no {players}-seat position of {name} has every seat's pieces"
        for state in positions:
            check_seat_styles(state, theme)
