"""The Shifty game description: options, the rules summary, and the state factories."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Engine, Game, GameType, Option, help_beside
from games.shifty.codec import state_from_json, state_from_text
from games.shifty.grid import MAX_SIZE, MIN_SIZE
from games.shifty.phrasebook import say
from games.shifty.rules import BLACK
from games.shifty.state import ShiftyState
from games.shifty.value import SHAPE as VALUE_SHAPE
from games.shifty.words import COLOURS

#: The most opening singletons each player may place (the option's top value).
MAX_SINGLETONS = 4

SUMMARY = say(
    """\
Shifty (Nick Bentley, 2012): a connection game for 2 on a square grid of points, 10x10 by \
default. Black joins the top and bottom edges, White the left and right edges.
Opening: Black places one stone anywhere; the second player may then swap (the pie rule: \
they take over Black's stone and Black's edges, and the first player becomes White); White \
places one stone anywhere; then Black takes the first full turn.
A turn: either place a stone orthogonally next to a friendly stone, or move a friendly \
stone that has a friendly orthogonal neighbour, like a chess queen through empty points, \
to an empty point with no friendly orthogonal neighbour (its old point counts as empty). \
No crosscut may be made, by a placement or by a move: a 2x2 square with two friendly \
stones on one diagonal and two enemy stones on the other.
With no legal action you pass (a pass is legal only then); if both players pass in a \
row the game is drawn. The first chain of stones linked orthogonally or diagonally that \
joins your two edges wins.
Our rulings (the designer's text lost its diagrams): points are named a1 at the top left; \
the movement rule is Abstract Play's current one (only a stone with a friendly \
orthogonal neighbour moves); the double-pass draw. Options: the board size (6 to 19); \
several opening singletons each (the designer's suggestion for a livelier opening: placed \
in turn anywhere, Black first, the swap offered after Black's first); the looser \
movement rule (our ruling: any stone may move to a point with fewer friendly orthogonal \
neighbours than it has)."""
)


class ShiftyGame(Game):
    """Shifty: place or move, connect your two edges; the pie rule opens."""

    kind = GameType(
        name="shifty",
        title="Shifty",
        rank=2,
        min_players=2,
        max_players=2,
        notation_help=help_beside(__file__),
        summary=SUMMARY,
        seat_names=COLOURS,
        rated=True,
        hidden_information=False,
        chance=False,
        # random play says less than the distance to join the edges; the learned value
        # reads the standard game's positions (`value`)
        engine=Engine(playout_plies=0, value_shape=VALUE_SHAPE),
        languages=("de", "fr", "es"),
        options=(
            Option(
                "size",
                int,
                10,
                tuple(range(MIN_SIZE, MAX_SIZE + 1)),
                say(
                    "Board size, {least} to {most} points a side (the designer recommends 10 "
                    "for beginners; the range is our ruling).",
                    least=MIN_SIZE,
                    most=MAX_SIZE,
                ),
            ),
            Option(
                "singletons",
                int,
                1,
                tuple(range(1, MAX_SINGLETONS + 1)),
                say(
                    "Opening stones each player places anywhere, 1 to {most} (the designer's "
                    "suggested variant; 1 is the standard game).",
                    most=MAX_SINGLETONS,
                ),
            ),
            Option(
                "looser_moves",
                bool,
                False,
                (True, False),
                say(
                    "Looser movement (our ruling): any stone may move to a point with fewer "
                    "friendly neighbours. Off: Abstract Play's rule, only a stone with a friendly "
                    "neighbour."
                ),
            ),
        ),
    )

    def checked_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The resolved options for `players` seats; ValueError when one does not fit."""
        self.check_players(players)
        return self.resolve_options(options)

    def new(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> ShiftyState:
        """An empty board; Black (seat 0) places first."""
        resolved = self.checked_options(players, options)
        return ShiftyState(players=players, options=resolved, stones=(0, 0), colour=BLACK)

    def from_json(self, data: Mapping[str, Any]) -> ShiftyState:
        """Rebuild a state from `to_json`; corrupt data raises ValueError saying what."""
        return state_from_json(data, self.checked_options)

    def from_text(self, text: str) -> ShiftyState:
        """Rebuild a state from `to_text`; unreadable text raises ValueError."""
        return state_from_text(text, self.checked_options)


SHIFTY = ShiftyGame()
ShiftyState.game = SHIFTY
