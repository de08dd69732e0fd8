"""The composer's words: a trail of chosen steps and a choice name a move's notation once."""

from __future__ import annotations

import pytest

import games
from bot.presentation.composer import choice_label, says_notation, trail_text
from games.steps import Step


def test_a_trail_shows_the_notation_beside_words_that_do_not_say_it() -> None:
    trail = [Step("N", "north edge", "N"), Step("c", "column c", "Nc")]
    assert trail_text(trail) == "north edge › column c (`Nc`)"


def test_a_trail_whose_last_words_say_the_notation_does_not_repeat_it() -> None:
    trail = [Step("a", "column a", ""), Step("1", "a1", "a1")]
    assert trail_text(trail) == "column a › a1"
    assert trail_text([Step("b3", "pawn on b3", "b3")]) == "pawn on b3"
    assert trail_text([Step("b3", "pawn on b31", "b3")]) == "pawn on b31 (`b3`)"


def test_a_choice_and_a_trail_agree_on_when_the_notation_is_said() -> None:
    step = Step("b3", "pawn on b3", "b3")
    assert choice_label(step) == trail_text([step]) == "pawn on b3"


@pytest.mark.parametrize("name", games.names())
def test_no_trail_of_a_first_move_names_its_notation_twice(name: str) -> None:
    state = games.get(name).new(2, seed=3)
    for move in state.legal_moves():
        steps = list(state.move_steps(move))
        for depth, step in enumerate(steps, start=1):
            if step.notation and says_notation(step.label, step.notation):
                assert f"`{step.notation}`" not in trail_text(steps[:depth])
