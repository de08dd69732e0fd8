"""The chart of estimates: every seat's line inside the plot, one point per judged
position, values outside [0, 1] kept at its edges, every text legible at a phone's
width, a legend naming every player in full, and the moves that cost their player
marked."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import games
import render
from render.chart import ChartMark, chart_layout
from render.sprites import legible_px, recording_text, text_width
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
    assert image.size == (720, chart_layout([0], [[0.5]] * players, 720).height)
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


def drawn_widths(drawn, px: int) -> set[int]:
    """The widths of the texts drawn at size `px`."""
    return {text.right - text.left for text in drawn if text.px == px}


def full_width(text: str, px: int) -> int:
    return round(text_width(text, px))


@pytest.mark.parametrize(
    "name,names",
    [
        ("skift", ["Shiftcord (easy)", "Shiftcord (expert)"]),
        (
            "shifting-stones",
            [
                "alice",
                "Bartholomew Longname-Smith III",
                "Shiftcord (easy)",
                "Shiftcord (hard)",
                "zoë",
            ],
        ),
    ],
)
def test_the_legend_names_every_player_in_full_on_a_row_of_their_own(name, names):
    # the names were cut to fit beside the lines' ends ("Shiftcord (e" twice), and a
    # game with named seats said "White" and "Black" instead of the players
    state = games.get(name).new(len(names), seed=1)
    px = legible_px(720)
    with recording_text() as drawn:
        png = render.chance_chart(
            state, list(range(30)), lines(len(names), 30), title="T", axis="M", players=names
        )
    widths = drawn_widths(drawn, px)
    for player in names:
        assert any(abs(w - full_width(player, px)) <= 1 for w in widths), player
    if name == "skift":  # the seat beside its player
        assert any(abs(w - full_width("White", px)) <= 1 for w in widths)
    assert all(text.right <= 720 for text in drawn)
    image = Image.open(io.BytesIO(png))
    layout = chart_layout(list(range(30)), lines(len(names), 30), 720)
    assert image.size == (720, layout.height) and layout.legend > layout.plot[3]
    caps = [cap_height(text.px) * PHONE_WIDTH / text.width for text in drawn]
    assert min(caps) >= LEAST_CAP


def test_marked_moves_are_drawn_on_their_movers_line_with_a_key():
    state = games.get("skift").new(2, seed=1)
    values = lines(2, 20)
    plain = render.chance_chart(state, list(range(20)), values, title="T", axis="M")
    marks = [ChartMark(4, 0, "blunder"), ChartMark(9, 1, "mistake"), ChartMark(12, 0, "inaccuracy")]
    px = legible_px(720)
    with recording_text() as drawn:
        marked = render.chance_chart(
            state, list(range(20)), values, title="T", axis="M", marks=marks
        )
    assert marked != plain
    key = "?! inaccuracy   ? mistake   ?? blunder"
    assert any(abs(w - full_width(key, px)) <= 1 for w in drawn_widths(drawn, px))
    sized = Image.open(io.BytesIO(marked)).size
    assert sized == (720, chart_layout([0], [[0.5]] * 2, 720, key=True).height)
    # a mark off the chart's moves or seats is left out, not drawn somewhere else
    stray = [*marks, ChartMark(99, 0, "blunder"), ChartMark(4, 5, "mistake")]
    assert (
        render.chance_chart(state, list(range(20)), values, title="T", axis="M", marks=stray)
        == marked
    )
