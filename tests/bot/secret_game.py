"""Hidden Sums: a tiny game with secrets, to test that Shiftcord never posts them.

Each player holds a secret card (dealt from the match's seed); on a turn they add 1 or 2
to a shared total, and whoever brings it to 6 or more wins. The full state's words for a
move name the mover's card, its `view(seat)` masks every card but the seat's own, and its
picture module writes the cards it was given into the alt text. So a secret reaches a
message, a picture's description or an export only if something there was computed from a
full state. `install(monkeypatch)` registers the game and its pictures for one test, and
`DRAWN` records every state drawn with the seat it was drawn for.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import pytest
from PIL import Image

import games
import render
from games import Game, GameState, GameType, IllegalMove, InvalidMove, Outcome

SECRET = "SECRET"  # every card's text starts with this
GOAL = 6
#: (state, seat, theme name) of every picture drawn, in order.
DRAWN: list[tuple[HiddenSumsState, int | None, str]] = []


@dataclass(frozen=True)
class HiddenSumsState(GameState):
    """A position: the shared total, moves played, and each seat's card (None: hidden)."""

    total: int
    moves: int
    cards: tuple[str | None, ...]
    players: int = 2
    options: Mapping[str, Any] = None  # type: ignore[assignment]
    game: ClassVar[Game]

    @property
    def current_player(self) -> int | None:
        """Seats take turns until the total reaches the goal."""
        return None if self.total >= GOAL else self.moves % self.players

    @property
    def ply(self) -> int:
        """Moves played."""
        return self.moves

    def legal_moves(self) -> Sequence[Hashable]:
        """Add 1 or 2."""
        return () if self.current_player is None else (1, 2)

    def parse_move(self, text: str) -> Hashable:
        """ "1" or "2"."""
        if text.strip() not in ("1", "2"):
            raise InvalidMove(f"I cannot read {text!r} as a Hidden Sums move: type 1 or 2.")
        if self.current_player is None:
            raise IllegalMove("The game is over.")
        return int(text)

    def format_move(self, move: Hashable) -> str:
        """The number added."""
        return str(move)

    def describe_move(self, move: Hashable) -> str:
        """What the move does, and the mover's card when this state knows it."""
        card = self.cards[self.current_player or 0]
        return f"adds {move}" + (f" holding {card}" if card else "")

    def play(self, move: Hashable) -> HiddenSumsState:
        """The total grows by the move."""
        if move not in self.legal_moves():
            raise IllegalMove("Add 1 or 2.")
        return replace(self, total=self.total + move, moves=self.moves + 1)

    def outcome(self) -> Outcome | None:
        """The last mover wins when the total reaches the goal."""
        if self.total < GOAL:
            return None
        winner = (self.moves - 1) % self.players
        return Outcome((winner,), False, f"{self.game.seat_name(winner)} reached {GOAL}.")

    def to_json(self) -> dict[str, Any]:
        """Everything, secrets included."""
        return {"total": self.total, "moves": self.moves, "cards": list(self.cards)}

    def to_text(self) -> str:
        """The total and the cards."""
        return f"total {self.total}, cards {self.cards}"

    def view(self, seat: int | None) -> HiddenSumsState:
        """Only the seat's own card stays visible."""
        return replace(
            self, cards=tuple(c if i == seat else None for i, c in enumerate(self.cards))
        )


class HiddenSums(Game):
    """The game's description and factories."""

    kind = GameType(
        name="hiddensums",
        title="Hidden Sums",
        min_players=2,
        max_players=2,
        seat_names=("North", "South"),
        summary="Add 1 or 2 to the total; whoever reaches 6 wins.",
        hidden_information=True,
        notation_help=(
            "Type how much you add to the total:\n\n"
            "- `1`: add one\n"
            "- `2`: add two\n"
            "- `1` then `2`: three in two turns\n"
            "- `2` at 4: reach 6 and win"
        ),
    )

    def new(self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None):
        """Deal each seat a secret card from the seed."""
        self.check_players(players)
        rng = random.Random(seed)
        cards = tuple(f"{SECRET}-{seat}-{rng.randrange(10**9)}" for seat in range(players))
        return HiddenSumsState(0, 0, cards, players, self.resolve_options(options))

    def from_json(self, data: Mapping[str, Any]) -> HiddenSumsState:
        """The state `to_json` wrote."""
        return HiddenSumsState(data["total"], data["moves"], tuple(data["cards"]), 2, {})

    def from_text(self, text: str) -> HiddenSumsState:
        """Not needed here."""
        raise ValueError("Hidden Sums has no text form.")


HIDDEN_SUMS = HiddenSums()
HiddenSumsState.game = HIDDEN_SUMS


def _draw(state, *, last_move, seat, size, theme, ending=None) -> Image.Image:
    DRAWN.append((state, seat, theme.name))
    return Image.new("RGB", (size, size // 2), theme.background)


def _describe(state, last_move, ending=None) -> str:
    return f"Total {state.total}; cards {', '.join(c or 'hidden' for c in state.cards)}."


class _Registration:
    """Whether Hidden Sums and its pictures are registered, as an attribute `on` that
    registers and unregisters them through `games` and `render`'s public functions, so
    `monkeypatch.setattr` turns it on for one test and its undo turns it off again."""

    pictures = render.Pictures(game=HIDDEN_SUMS.name, draw=_draw, describe=_describe)

    @property
    def on(self) -> bool:
        """Whether the game is registered."""
        return HIDDEN_SUMS.name in games.names()

    @on.setter
    def on(self, value: bool) -> None:
        if value:
            games.register(HIDDEN_SUMS)
            render.register(self.pictures)
        else:
            render.unregister(HIDDEN_SUMS.name)
            games.unregister(HIDDEN_SUMS.name)


_REGISTRATION = _Registration()


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register Hidden Sums and its pictures for the test (unregistered when the test
    ends); start a fresh DRAWN record."""
    monkeypatch.setattr(_REGISTRATION, "on", True)
    DRAWN.clear()


def cards_seen(state: HiddenSumsState) -> set[int]:
    """The seats whose card a drawn state showed."""
    return {seat for seat, card in enumerate(state.cards) if card is not None}
