"""A game's declared type (`games.base.GameType`) checks itself when the game is imported,
and every registered game reads its facts from it alone."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
from games.base import MIN_HELP_EXAMPLES, Engine, Game, GameType, Option, examples
from tests.testgames import TEST_GAMES

HELP = "Type a cell:\n\n- `a1`: one\n- `b2`: two\n- `c3`: three\n- `a3`: four"
#: A valid type, changed one fact at a time below.
VALID = GameType(
    name="trial-type",
    title="Trial Type",
    summary="A game that only tests its type.",
    notation_help=HELP,
    min_players=2,
    max_players=3,
    seat_names=("Red", "Blue", "Green"),
)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"name": "Trial Type"}, "no lower-case word"),
        ({"title": " "}, "title is empty"),
        ({"summary": ""}, "summary is empty"),
        ({"min_players": 0}, "player counts"),
        ({"min_players": 4}, "player counts"),
        ({"seat_names": ("Red", "Blue")}, "fewer seats than max_players"),
        ({"typical_turns": 0}, "typical_turns is below 1"),
        (
            {"options": (Option("a", int, 1, (1, 2), "A."), Option("a", int, 1, (1,), "B."))},
            "two options have the same name",
        ),
        ({"options": (Option("a", int, 3, (1, 2), "A."),)}, "default is not among its choices"),
        ({"languages": ("en",)}, "two-letter codes besides en"),
        ({"languages": ("deu",)}, "two-letter codes besides en"),
        ({"notation_help": HELP.rsplit("\n", 1)[0]}, "too few examples"),
    ],
)
def test_a_type_that_breaks_the_contract_is_refused_naming_what(change, problem):
    with pytest.raises(ValueError, match=problem):
        replace(VALID, **change)


def test_a_valid_type_and_its_defaults():
    assert not VALID.numbered_seats and replace(VALID, seat_names=()).numbered_seats
    assert VALID.rated and not VALID.hidden_information and not VALID.chance
    assert VALID.options == () and VALID.languages == () and VALID.engine == Engine()
    with pytest.raises(ValueError, match="lookahead_factor"):
        Engine(lookahead_factor=0)


@pytest.mark.parametrize("game", [games.get(name) for name in games.names()] + TEST_GAMES)
def test_every_game_declares_its_type_and_is_named_by_it(game: Game):
    assert isinstance(game.kind, GameType)
    assert (game.name, game.title) == (game.kind.name, game.kind.title)
    assert len(examples(game.kind.notation_help)) >= MIN_HELP_EXAMPLES
    for fact in ("min_players", "rated", "options", "seat_names", "playout_plies"):
        assert fact not in vars(type(game)), f"{game.name} declares {fact} outside its type"
