"""The pictures' words in every language: drawn from the `pictures` domain in the language
spoken, every text inside its picture (German runs long), read from the renderer's own
layout as the legibility tests read it; and the alt text in the language too."""

from __future__ import annotations

import asyncio

import pytest

import games
import render
from bot.presentation.language import TRANSLATED, speaking
from bot.presentation.pictures import board_picture, picture_words
from render.sprites import recording_text
from tests.render.test_legibility import NAMES, cases, positions

#: The narrowest board picture a face draws (the /rules example and the boards are wider).
NARROW = 400


def outside(state, words: render.Words) -> list[tuple[str, int, int, int]]:
    """The texts drawn (partly) outside a narrow picture of `state`, with a players strip
    whose seat to act says so in words."""
    labels = [render.SeatLabel(f"Player {i}", "1500?", "2 days left") for i in range(state.players)]
    with recording_text() as drawn:
        render.board_image(state, size=NARROW, players=labels, words=words)
    return [
        (state.game.name, t.left, t.right, t.width)
        for t in drawn
        if t.left < 0 or t.right > t.width
    ]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", NAMES)
def test_every_drawn_text_fits_its_picture_in_every_language(language, name):
    with speaking(language):
        words = picture_words()
    overflowing = []
    for players, options in cases(name):
        for state in positions(name, players, options):
            shown = state.view(None) if state.game.kind.hidden_information else state
            overflowing += outside(shown, words)
    assert not overflowing, f"{language}: texts outside the picture: {overflowing}"


def test_the_board_and_its_alt_text_are_in_the_language_spoken():
    state = games.get("skift").new(2, seed=1)
    with speaking("de"):
        german = asyncio.run(board_picture(state, clock="Weiß: 3 Tage"))
    english = asyncio.run(board_picture(state, clock="White: 3 days"))
    assert german.description.startswith("Uhren: Weiß: 3 Tage. Skift, Zug 1: ")
    assert " ist am Zug. " in german.description
    assert english.description.startswith("Clocks: White: 3 days. Skift, move 1: ")
    assert german.data != english.data  # the header's words are drawn in German


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", games.names())
def test_alt_text_names_seats_and_pieces_in_the_language_spoken(language, name):
    state = games.get(name).new(2, seed=1)
    with speaking("en"):
        english = render.alt_text(state)
    with speaking(language):
        written = render.alt_text(state, words=picture_words())
    assert "Player 1" not in written  # a numbered seat is named in the language
    for word in ("Tree", "Boat", "Horse", "Seed", "Bird", "Moon", "Sun", "Fish"):
        if word in english:
            assert word not in written, (word, written)  # a stone's name in English
