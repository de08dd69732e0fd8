"""test-hand ("Secret Hands"): hidden hands, several actions a turn, for the engine's tests.

Fifteen cards (1 to 5 of suns, moons and stars; every card's text starts with the word
SECRET, so a test can search any output for a leak) are shuffled by the seed and three
are dealt to each of 2 or 3 seats. A turn is several actions by the same seat: `play N`
lays the first N cards of the hand face down and adds N to the public total (it reveals
nothing), as often as the hand allows; `end` ends the turn and draws a card (it reveals
one, to its drawer). Bringing the total to 10 or more wins; an `end` that finds the deck
empty ends the game, and the most cards played wins (equal leaders draw).

Secrets: the hands and the deck. `view(seat)` keeps only that seat's hand, `view(None)`
no hand at all; both keep the public counts (hand sizes, deck size, cards played). The
full state's `describe_move` names the cards a play lays down (what their owner sees), so
a phrase computed from a full state instead of a view shows SECRET in public.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from games.base import Game, GameState, GameType, IllegalMove, InvalidMove, Outcome
from tests.testgames.common import (
    check_snapshot,
    fields_from_text,
    fields_to_text,
    flag,
    leaders,
    listed,
    next_seat,
    retiring,
    whole,
)

NAME = "test-hand"
SECRET = "SECRET"
CARDS = tuple(
    f"{SECRET} {value} of {suit}" for suit in ("suns", "moons", "stars") for value in range(1, 6)
)
DEALT = 3
TARGET = 10
MAX_MOVES = 100
_COUNTS = {str(n): n for n in range(1, len(CARDS) + 1)}


@dataclass(frozen=True)
class Play:
    """Lay the first `count` cards of the hand face down."""

    count: int


@dataclass(frozen=True)
class End:
    """End the turn and draw a card."""


def _cards(value: object, key: str) -> tuple[str, ...] | None:
    """A list of distinct known cards, or None (hidden)."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > len(CARDS):
        raise ValueError(f"{key} must be a list of at most {len(CARDS)} cards, or null.")
    if not all(isinstance(card, str) and card in CARDS for card in value):
        raise ValueError(f"{key} holds something that is not a card of the game.")
    return tuple(value)


@dataclass(frozen=True)
class HandState(GameState):
    """A position. `hands[s]` and `deck` are None where this view hides them; the counts
    (`hand_sizes`, `deck_size`, `played`, `total`) are public."""

    players: int
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    deck: tuple[str, ...] | None
    deck_size: int
    played: tuple[int, ...]
    turn: int = 0
    retired: tuple[bool, ...] = ()
    exhausted: bool = False
    moves: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    game: ClassVar[Game]

    @property
    def total(self) -> int:
        """The public total: every card played so far."""
        return sum(self.played)

    @property
    def current_player(self) -> int | None:
        """The seat whose turn goes on; None once the game is over."""
        return None if self.outcome() else self.turn

    @property
    def ply(self) -> int:
        """Actions played."""
        return self.moves

    def legal_moves(self) -> Sequence[Hashable]:
        """`play 1` up to the hand's size, and `end`."""
        if self.outcome():
            return ()
        return (*(Play(n) for n in range(1, self.hand_sizes[self.turn] + 1)), End())

    def parse_move(self, text: str) -> Hashable:
        """Read `play N` or `end`."""
        words = text.lower().split() if isinstance(text, str) and len(text) < 20 else []
        if words == ["end"]:
            return self._check(End())
        if len(words) == 2 and words[0] == "play" and words[1] in _COUNTS:
            return self._check(Play(_COUNTS[words[1]]))
        raise InvalidMove("Type play N to lay down the first N cards of your hand, or end.")

    def format_move(self, move: Hashable) -> str:
        """`play N` or `end`: public, naming no card."""
        move = _require(move)
        return "end" if isinstance(move, End) else f"play {move.count}"

    def describe_move(self, move: Hashable) -> str:
        """The move in words; a play names its cards where this state knows them."""
        move = self._check(move)
        if isinstance(move, End):
            return "end the turn and draw a card" if self.deck_size else "end the turn"
        hand = self.hands[self.turn]
        if hand is None:
            return f"play {move.count} card{'s' * (move.count > 1)} from the hand"
        return "play " + " and ".join(hand[: move.count])

    def play(self, move: Hashable) -> HandState:
        """The position after `move`."""
        move = self._check(move)
        hands, sizes = list(self.hands), list(self.hand_sizes)
        after = replace(self, moves=self.moves + 1)
        if isinstance(move, Play):
            hand = hands[self.turn]
            hands[self.turn] = None if hand is None else hand[move.count :]
            sizes[self.turn] -= move.count
            played = tuple(p + move.count * (s == self.turn) for s, p in enumerate(self.played))
            return replace(after, hands=tuple(hands), hand_sizes=tuple(sizes), played=played)
        if not self.deck_size:
            return replace(after, exhausted=True)
        hand = hands[self.turn]
        hands[self.turn] = None if hand is None or self.deck is None else (*hand, self.deck[0])
        sizes[self.turn] += 1
        return replace(
            after,
            hands=tuple(hands),
            hand_sizes=tuple(sizes),
            deck=None if self.deck is None else self.deck[1:],
            deck_size=self.deck_size - 1,
            turn=next_seat(self.turn, self.retired),
        )

    def reveals(self, move: Hashable) -> bool:
        """`end` draws a card while the deck lasts; plays reveal nothing."""
        return isinstance(move, End) and self.deck_size > 0

    def outcome(self) -> Outcome | None:
        """A total of 10 wins for the seat that reached it; after the deck ran out, the
        most cards played among the seats still playing."""
        if self.total >= TARGET:
            name = self.seat_name(self.turn)
            return Outcome(
                (self.turn,), False, f"{name} brought the total to {self.total}.", self.played
            )
        if not self.exhausted:
            return None
        best_seats, best = leaders(self.played, self.retired)
        if len(best_seats) > 1:
            tied = " and ".join(self.seat_name(s) for s in best_seats)
            return Outcome((), True, f"The deck ran out; {tied} tie on {best} cards.", self.played)
        name = self.seat_name(best_seats[0])
        return Outcome(
            best_seats,
            False,
            f"The deck ran out; {name} played the most cards, {best}.",
            self.played,
        )

    def view(self, seat: int | None) -> HandState:
        """Only `seat`'s own hand stays; the deck is hidden from everyone."""
        hands = tuple(hand if s == seat else None for s, hand in enumerate(self.hands))
        return replace(self, hands=hands, deck=None)

    def retire(self, seat: int) -> HandState | None:
        """The position without `seat` (its hand stays out of play); None when fewer than
        two seats would be left."""
        after = None if self.outcome() else retiring(self.retired, seat, self.turn)
        return None if after is None else replace(self, retired=after[0], turn=after[1])

    def to_json(self) -> dict[str, Any]:
        """Every field; hidden hands and a hidden deck are null."""
        return {
            "game": NAME,
            "players": self.players,
            "hands": [None if hand is None else list(hand) for hand in self.hands],
            "hand_sizes": list(self.hand_sizes),
            "deck": None if self.deck is None else list(self.deck),
            "deck_size": self.deck_size,
            "played": list(self.played),
            "turn": self.turn,
            "retired": list(self.retired),
            "exhausted": self.exhausted,
            "moves": self.moves,
        }

    def to_text(self) -> str:
        """The snapshot's fields, one a line."""
        return fields_to_text("Secret Hands", self.to_json())

    def _check(self, move: Hashable) -> Play | End:
        """`move` if it is legal here; InvalidMove or IllegalMove saying why not."""
        move = _require(move)
        if self.outcome():
            raise IllegalMove("The game is over: no more cards can be played.")
        if isinstance(move, Play) and move.count > self.hand_sizes[self.turn]:
            raise IllegalMove(f"You hold only {self.hand_sizes[self.turn]} cards.")
        return move


def _require(move: object) -> Play | End:
    """`move` as a Secret Hands move; InvalidMove if it is none."""
    if isinstance(move, End):
        return move
    if isinstance(move, Play) and type(move.count) is int and 1 <= move.count <= len(CARDS):
        return move
    raise InvalidMove(
        f"{repr(move)[:40]} is no Secret Hands move; read typed text with parse_move."
    )


class HandGame(Game):
    """Secret Hands: the game's description and factories."""

    kind = GameType(
        name=NAME,
        title="Secret Hands",
        min_players=2,
        max_players=3,
        seat_names=("White", "Black", "Red"),
        summary="Lay cards face down to raise the total to 10; hands are secret.",
        hidden_information=True,
        chance=True,
        notation_help=(
            "Lay cards, then end your turn (which draws):\n\n"
            "- `play 1`: lay your first card face down\n"
            "- `play 2`: lay your second card\n"
            "- `play 3`: lay your third card\n"
            "- `end`: end your turn and draw"
        ),
    )

    def new(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> HandState:
        """Shuffle by `seed` and deal three cards to each seat."""
        self.check_players(players)
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        hands = tuple(tuple(deck[s * DEALT : (s + 1) * DEALT]) for s in range(players))
        rest = tuple(deck[players * DEALT :])
        return HandState(
            players,
            hands,
            (DEALT,) * players,
            rest,
            len(rest),
            (0,) * players,
            retired=(False,) * players,
            options=self.resolve_options(options),
        )

    def from_json(self, data: Mapping[str, Any]) -> HandState:
        """A state (or a view) `to_json` wrote; ValueError for anything else."""
        data = check_snapshot(data, NAME)
        players = whole(data, "players", self.kind.min_players, self.kind.max_players)
        hands = tuple(_cards(h, "A hand") for h in listed(data, "hands", players, players))
        sizes = tuple(
            whole({"n": n}, "n", 0, len(CARDS))
            for n in listed(data, "hand_sizes", players, players)
        )
        deck = _cards(data.get("deck"), "The deck")
        deck_size = whole(data, "deck_size", 0, len(CARDS))
        played = tuple(
            whole({"n": n}, "n", 0, len(CARDS)) for n in listed(data, "played", players, players)
        )
        retired = tuple(flag({"r": r}, "r") for r in listed(data, "retired", players, players))
        turn = whole(data, "turn", 0, players - 1)
        if any(h is not None and len(h) != n for h, n in zip(hands, sizes, strict=True)):
            raise ValueError("A hand does not hold as many cards as its size says.")
        if deck is not None and len(deck) != deck_size:
            raise ValueError("The deck does not hold as many cards as its size says.")
        if sum(sizes) + deck_size + sum(played) != len(CARDS):
            raise ValueError(f"The hands, the deck and the cards played must make {len(CARDS)}.")
        known = [card for hand in (*hands, deck) if hand is not None for card in hand]
        if len(set(known)) != len(known):
            raise ValueError("A card may be in only one place.")
        if retired.count(False) < 2 or retired[turn]:
            raise ValueError("Two seats or more must be playing, the one to move among them.")
        return HandState(
            players,
            hands,
            sizes,
            deck,
            deck_size,
            played,
            turn,
            retired,
            flag(data, "exhausted"),
            whole(data, "moves", 0, MAX_MOVES),
            self.resolve_options({}),
        )

    def from_text(self, text: str) -> HandState:
        """The state `to_text` wrote; ValueError for anything else."""
        return self.from_json({"game": NAME, **fields_from_text(text, "Secret Hands")})


HAND = HandGame()
HandState.game = HAND

#: The game this module declares (found by `games.discover`).
GAME = HAND
