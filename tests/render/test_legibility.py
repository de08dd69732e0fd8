"""Every picture of every game reads on a phone: scaled to 360 pixels wide, as a phone
shows it, no text has capitals under 7 pixels tall, and no two seats' styles differ by
hue alone.

Text sizes are read from the renderer's own layout: `render.sprites.recording_text` notes
each text as it is pasted, with the width of the picture it goes on. Each registered game
is drawn at its start, middle and end (a seeded random playout), with its fewest and most
players, with each choice of its options in turn (the largest boards and tables among
them), with and without the players strip (long names), in the public view and the
player to act's.
"""

from __future__ import annotations

import colorsys
import random
from typing import Any

import pytest
from PIL import ImageFont

import games
import render
from games.base import GameState
from render import modules
from render.sprites import font, recording_text
from render.theme import THEMES, style_named

#: A phone's width, and the smallest readable capital there, in pixels.
PHONE_WIDTH, LEAST_CAP = 360, 7.0
#: How far into a playout the middle lies, and how long one may run to its end.
MIDDLE, LONGEST = 24, 600
#: A member's long name (32 characters with its number), emoji included: drawn where a
#: game calls its seats by their players' names.
LONG_NAME = "🐉 Alexandria Konstantinopoulou"
#: Lightness two seat styles of one hue family must differ by to be told apart without hue.
LIGHTNESS_APART = 0.12


def cap_height(px: int) -> int:
    """How tall the font's capitals are at text size `px`."""
    face: ImageFont.FreeTypeFont = font(px)
    left, top, right, bottom = face.getbbox("H")
    return int(bottom - top)


def positions(name: str, players: int, options: dict[str, Any]) -> list[GameState]:
    """The start, middle and end of a seeded random playout (the last reached if it runs
    long)."""
    rng = random.Random(7)
    state = games.get(name).new(players=players, options=options, seed=7)
    start, middle = state, state
    while state.outcome() is None and state.ply < LONGEST:
        state = state.play(rng.choice(list(state.legal_moves())))
        if state.ply == MIDDLE:
            middle = state
    return [start, middle, state]


def allowed(name: str, players: int, options: dict[str, Any]) -> bool:
    """Whether the game starts with these players and options (a Shiftago handicap for
    the fourth player needs four, and refuses two with ValueError)."""
    try:
        games.get(name).new(players=players, options=options, seed=7)
    except ValueError:
        return False
    return True


def cases(name: str) -> list[tuple[int, dict[str, Any]]]:
    """(players, options) to draw `name` with: fewest and most players, each with the
    defaults and with each choice of each option the game allows with that many."""
    game = games.get(name)
    chosen: list[dict[str, Any]] = [{}]
    for option in game.kind.options:
        chosen += [{option.name: choice} for choice in option.choices]
    counts = sorted({game.kind.min_players, game.kind.max_players})
    return [
        (players, options)
        for players in counts
        for options in chosen
        if allowed(name, players, options)
    ]


def drawn_caps(state: GameState) -> list[float]:
    """Every text's capital height, scaled to a phone, in the pictures of `state`: public
    and (with hidden information) the player to act's, with and without a players strip."""
    seat, seats = state.current_player, range(state.players)
    views = [(state.view(None) if state.game.kind.hidden_information else state, None)]
    if state.game.kind.hidden_information and seat is not None:
        views.append((state.view(seat), seat))
    labels = [render.SeatLabel(f"{LONG_NAME} {i}", "1500?", "2 days left") for i in seats]
    caps = []
    for shown, point_of_view in views:
        for players in (None, labels):
            with recording_text() as drawn:
                render.board_image(shown, seat=point_of_view, players=players)
            caps += [cap_height(text.px) * PHONE_WIDTH / text.width for text in drawn]
    return caps


NAMES = [name for name in games.names() if render.has_picture(name)]


@pytest.mark.parametrize("name", NAMES)
def test_every_text_is_legible_at_phone_width(name):
    small = []
    for players, options in cases(name):
        for state in positions(name, players, options):
            caps = drawn_caps(state)
            assert caps, f"{name}: no text recorded"
            if min(caps) < LEAST_CAP:
                small.append((players, options, state.ply, round(min(caps), 1)))
    assert not small, f"{name}: capitals under {LEAST_CAP} px at {PHONE_WIDTH} px: {small}"


def lightness(colour: tuple[int, int, int]) -> float:
    """The colour's lightness, 0 to 1."""
    return colorsys.rgb_to_hls(*(c / 255 for c in colour))[1]


@pytest.mark.parametrize("name", NAMES)
def test_no_two_seat_styles_differ_by_hue_alone(name):
    pictures = modules.pictures_of(games.get(name).new(players=games.get(name).kind.min_players))
    if pictures.pieces is None:
        pytest.skip(f"{name} draws no seat pieces")
    game = games.get(name)
    state = game.new(players=game.kind.max_players)
    for theme in THEMES.values():
        styles = [
            style_named(pictures.styles(theme), state.seat_name(s)) for s in range(state.players)
        ]
        for i, one in enumerate(styles):
            for other in styles[i + 1 :]:
                apart = abs(lightness(one.fill) - lightness(other.fill)) >= LIGHTNESS_APART
                assert apart or one.mark != other.mark, (name, theme.name, one.name, other.name)
