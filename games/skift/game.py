"""The Skift game description and its factories."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Engine, Game, GameType, Option, help_beside
from games.skift.model import LAYOUTS, SEAT_NAMES
from games.skift.phrasebook import say
from games.skift.serial import check_position, parts_from_json
from games.skift.state import SkiftState
from games.skift.text import parts_from_text
from games.skift.value import SHAPE as VALUE_SHAPE

#: The rules in a paragraph, for `/rules` and the game's list.
SUMMARY = say(
    "Nine 2x2 tiles form the board; each player has 2 kings and 6 pawns. On your turn, "
    "move one of your pieces one square in any of eight directions, pushing the pieces "
    "in its way (pieces pushed off the tiles are out); or move a tile you control (more "
    "kings on it, then more pieces) one step north, east, south or west, pushing the "
    "tiles in its way; or turn such a tile around. A tile with tiles on all four sides "
    "cannot move or turn. Tiles must stay connected: if they split, only the largest "
    "group stays. You may not undo your opponent's last move. You win when your "
    "opponent has no kings or no pawns left. The start position is our ruling, as the "
    "original diagram is lost."
)


class SkiftGame(Game):
    """Skift (Ed Nadel, 2025): push pieces and tiles until a side runs out of kings or pawns."""

    kind = GameType(
        name="skift",
        title="Skift",
        rank=0,
        min_players=2,
        max_players=2,
        seat_names=SEAT_NAMES,
        languages=("de", "fr", "es"),
        options=(
            Option(
                name="layout",
                type=str,
                default="rulings",
                choices=tuple(LAYOUTS),
                help=say(
                    "Start position; 'rulings' is the project's reading of the lost setup diagram."
                ),
            ),
        ),
        notation_help=help_beside(__file__),
        summary=SUMMARY,
        # Positions as the learned value reads them (`value`).
        engine=Engine(value_shape=VALUE_SHAPE),
    )

    def new(
        self, players: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> SkiftState:
        """The start position of the chosen layout, White (seat 0) to move."""
        self.check_players(players)
        resolved = self.resolve_options(options)
        tiles, pieces = LAYOUTS[resolved["layout"]]
        return SkiftState(tiles, pieces, 0, 0, None, resolved)

    def from_json(self, data: Mapping[str, Any]) -> SkiftState:
        """Rebuild a state from `to_json`; corrupt data raises ValueError."""
        return self._build(parts_from_json(data))

    def from_text(self, text: str) -> SkiftState:
        """Rebuild a state from `to_text`; unreadable or impossible text raises ValueError."""
        return self._build(parts_from_text(text))

    def _build(self, parts: dict[str, Any]) -> SkiftState:
        options = self.resolve_options(parts["options"])
        check_position(
            parts["tiles"], parts["pieces"], parts["to_move"], parts["last"], options["layout"]
        )
        return SkiftState(
            parts["tiles"], parts["pieces"], parts["to_move"], parts["ply"], parts["last"], options
        )


SKIFT = SkiftGame()
SkiftState.game = SKIFT
