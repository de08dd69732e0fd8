"""The chart of estimates: every seat's line inside the plot, one point per judged
position, values outside [0, 1] kept at its edges, and every text legible at a phone's
width."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import games
import render
from render.chart import chart_layout
from render.sprites import recording_text
from tests.render.test_legibility import LEAST_CAP, PHONE_WIDTH, cap_height


def lines(players: int, points: int) -> list[list[float]]:
    """Random estimates (seeded), some beyond [0, 1]."""
    rng = random.Random(players)
    return [[rng.uniform(-0.2, 1.2) for _ in range(points)] for _ in range(players)]


@pytest.mark.parametrize("players,points", [(2, 1), (2, 120), (4, 37)])
def test_every_line_stays_inside_the_plot_with_a_point_per_position(players, points):
    moves = list(range(0, 5 * points, 5))
    layout = chart_layout(moves, lines(players, points), 720)
    left, top, right, bottom = layout.plot
    assert 0 < left < right < layout.width and 0 < top < bottom < layout.height
    assert len(layout.lines) == players
    for line in layout.lines:
        assert len(line) == points
        assert all(left <= x <= right and top <= y <= bottom for x, y in line)
    if points > 1:
        assert layout.lines[0][0][0] == left and layout.lines[0][-1][0] == right


@pytest.mark.parametrize("name,players", [("skift", 2), ("shiftago", 4), ("shifting-stones", 3)])
def test_the_chart_reads_at_phone_width(name, players):
    state = games.get(name).new(players, seed=1)
    with recording_text() as drawn:
        png = render.chance_chart(state, list(range(60)), lines(players, 60), title="T", axis="M")
    image = Image.open(io.BytesIO(png))
    assert image.size == (720, chart_layout([0], [[0.5]], 720).height)
    caps = [cap_height(text.px) * PHONE_WIDTH / text.width for text in drawn]
    assert len(caps) >= 5 + 3 + players and min(caps) >= LEAST_CAP


def test_the_seats_are_named_in_the_readers_language_and_as_pictures_draw_names():
    state = games.get("shifting-stones").new(2, seed=1)
    french = render.Words(value=lambda text: "Joueur 1" if text == "Player 1" else text)
    values = lines(2, 10)

    def chart(first: str, words: render.Words | None = french) -> bytes:
        named = state.named([first, "**bob**"])
        return render.chance_chart(named, list(range(10)), values, title="T", axis="M", words=words)

    assert chart("さくら") == chart("Joueur 1")  # nothing drawable: the seat, in French
    assert chart("さくら") != chart("さくら", None)
    assert chart("**bob**") == chart("bob")  # markup is not drawn
