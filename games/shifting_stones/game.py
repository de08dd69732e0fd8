"""The Shifting Stones game description: the deck option, the rules summary, the factories."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Engine, Game, GameType, Option, help_beside
from games.shifting_stones.codec import MAX_SEED, state_from_json
from games.shifting_stones.deck import STANDARD, load_deck, solo_deck
from games.shifting_stones.phrasebook import say
from games.shifting_stones.rules import HAND
from games.shifting_stones.state import StonesState
from games.shifting_stones.stones import random_grid
from games.shifting_stones.text import state_from_text
from games.shifting_stones.value import SHAPE as VALUE_SHAPE

SUMMARY = say(
    """\
Shifting Stones (J. Evan Raitt): 1 to 5 players. Nine two-sided stones (Sun/Moon, 2 Fish/Bird, \
3 Horse/Boat, 3 Seed/Tree) lie in a 3x3 grid; each player holds 4 secret pattern cards. On your \
turn either skip (draw 2 cards; never two turns in a row) or take any number of actions in any \
order: shift (discard a card to swap two stones side by side), flip (discard a card to turn a \
stone over) and score (play a card whose pattern shows in the grid exactly as drawn, never \
turned; its "any" cells must lie on the grid); then end the turn and draw back up to 4. An \
empty draw pile is refilled by shuffling the discards. When someone has scored 10 / 9 / 8 / 7 \
cards (2 / 3 / 4 / 5 players), the round is played out so all have had as many turns; the most \
1-point cards earn 3 bonus points (ties all get them) and the highest total wins (ties share \
the win).
Solo: a deck of 16 cards (8 worth 1, 4 worth 2, 3 worth 3, 1 worth 5); a turn ended without \
scoring (a skip too) is a strike; score every card before the fourth strike to win.
Our rulings: the 72 cards are the project's own design (values follow how rarely a pattern \
shows on a shuffled grid); discards lie face up; the bonus needs at least one 1-point card; \
a player who leaves a game of 3 or more discards their hand and the others play on. Option: \
deck (a deck file the server admin has put in place; "standard" by default)."""
)


class ShiftingStonesGame(Game):
    """Shifting Stones: pattern cards on a grid of nine shifting stones, for 1 to 5 players."""

    kind = GameType(
        name="shifting-stones",
        title="Shifting Stones",
        rank=3,
        min_players=1,
        max_players=5,
        notation_help=help_beside(__file__),
        summary=SUMMARY,
        rated=True,
        hidden_information=True,
        chance=True,
        # A turn is a few actions; about 20 turns each: 10 cards scored end a two-player
        # game, a card every other turn or so.
        typical_turns=20,
        languages=("de", "fr", "es"),
        # Two-player positions, as the learned value reads them (`value`).
        engine=Engine(value_shape=VALUE_SHAPE),
        options=(
            Option(
                "deck",
                str,
                STANDARD,
                (),
                say(
                    "The deck of pattern cards: standard, or the name of a deck file the "
                    "server admin has put in place."
                ),
            ),
        ),
    )

    def checked_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The resolved options for `players` seats; raise ValueError when one does not fit."""
        self.check_players(players)
        return self.resolve_options(options)

    def new(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> StonesState:
        """A shuffled grid and deck (solo: its 16 cards) from `seed`, 4 cards dealt to
        each; seat 0 acts first. A missing or bad deck file raises ValueError saying why."""
        resolved = self.checked_options(players, options)
        if type(seed) is not int or not -MAX_SEED <= seed <= MAX_SEED:
            raise ValueError(f"A seed must be a whole number of at most {MAX_SEED}.")
        cards = load_deck(resolved["deck"], self.data_folder)
        rng = random.Random(seed)
        if players == 1:
            cards = solo_deck(cards, rng)
        grid = random_grid(rng)
        order = list(range(len(cards)))
        rng.shuffle(order)
        hands = tuple(tuple(order[s * HAND : (s + 1) * HAND]) for s in range(players))
        return StonesState(
            players=players,
            options=resolved,
            cards=cards,
            grid=grid,
            hands=hands,
            draw=tuple(order[players * HAND :]),
            discard=(),
            scored=((),) * players,
            skipped=(False,) * players,
            retired=(False,) * players,
            seed=seed,
        )

    def from_json(self, data: Mapping[str, Any]) -> StonesState:
        """Rebuild a state (or a view) from `to_json`; corrupt data raises ValueError."""
        return state_from_json(data, self.checked_options)

    def from_text(self, text: str) -> StonesState:
        """Rebuild a state from `to_text`; unreadable text raises ValueError."""
        return state_from_text(text, self.checked_options)


SHIFTING_STONES = ShiftingStonesGame()
StonesState.game = SHIFTING_STONES
