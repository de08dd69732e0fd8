"""A Shifting Stones position: the grid, hands, piles, score piles; legal moves and play.

Card ids index `cards`, the deck of the match, stored in the state so a running match
never reads a deck file again. A hand is a tuple of places: a card id, `HIDDEN` in a view
that may not see it, or None for a card used this turn (places keep their numbers until
the turn ends). A full state knows everything; `view(seat)` masks what that seat may not
see, and a view cannot draw cards (its seed and draw pile are hidden).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from games.base import Game, GameState, IllegalMove, InvalidMove, Outcome
from games.shifting_stones import heuristics
from games.shifting_stones.cards import Card
from games.shifting_stones.explain import why_illegal
from games.shifting_stones.moves import (
    TURN_ENDERS,
    End,
    Flip,
    Move,
    Score,
    Shift,
    Skip,
    card_place,
)
from games.shifting_stones.moves import read_move as read_typed
from games.shifting_stones.outcome import final_outcome
from games.shifting_stones.phrasebook import say
from games.shifting_stones.rules import (
    END_TRIGGER,
    HAND,
    HIDDEN,
    SKIP_DRAW,
    STRIKES,
    draw_cards,
    points,
)
from games.shifting_stones.steps import move_steps as stones_steps
from games.shifting_stones.stones import CELLS, NEIGHBOURS, Grid, flipped, grid_mask
from games.shifting_stones.value import value_cells
from games.shifting_stones.words import Action, move_words
from games.steps import Step

Hand = tuple[int | None, ...]

ENDINGS = ("won", "strikes", "round", "alone")
"""Why a game ended: solo won (every card scored), solo lost (the fourth strike), the end
trigger's round played out, or every other player has left."""


@dataclass(frozen=True)
class StonesState(GameState):
    """One Shifting Stones position (see the module docstring for hands and views).

    `draw` runs from the top card; `discard` (face up, public) from the oldest; `turns`
    counts the turns ended; `skipped` says whether each seat's latest turn was a skip;
    `triggered` whether someone has scored enough cards to end the game; `recent` the
    actions of the latest turn, oldest first; `seed` (None in a view) and `shuffles`
    decide reshuffles; `viewer` is the seat a view is for (None: the public), meaningful
    when `is_view`; `names` what the seats are called in words and pictures (`named`;
    empty: "Player 1" and on), which is no part of the position.
    """

    game: ClassVar[Game]

    players: int
    options: Mapping[str, Any] = field(hash=False)
    cards: tuple[Card, ...]
    grid: Grid
    hands: tuple[Hand, ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    scored: tuple[tuple[int, ...], ...]
    turn: int = 0
    skipped: tuple[bool, ...] = ()
    retired: tuple[bool, ...] = ()
    strikes: int = 0
    triggered: bool = False
    recent: tuple[Action, ...] = ()
    plies: int = 0
    turns: int = 0
    seed: int | None = 0
    shuffles: int = 0
    ending: str | None = None
    viewer: int | None = None
    is_view: bool = False
    names: tuple[str, ...] = field(default=(), compare=False, repr=False)

    # ----- reading the position -------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat acting (it keeps acting until it ends its turn); None once over."""
        return None if self.ending else self.turn

    @property
    def ply(self) -> int:
        """How many moves (single actions) have been played."""
        return self.plies

    @property
    def turn_number(self) -> int:
        """The number of the turn being played: one past the turns ended."""
        return self.turns + 1

    @property
    def turns_ended(self) -> int:
        """How many turns have ended (`end` or `skip`): in the solo game the one seat
        plays turn after turn, so the seat alone does not say when a turn is over."""
        return self.turns

    def points_so_far(self, seat: int) -> int:
        """The points of the cards `seat` has scored."""
        return points(self.scored[seat], self.cards)

    @property
    def solo(self) -> bool:
        """Whether this is the solo game."""
        return self.players == 1

    def seat_name(self, seat: int) -> str:
        """What `seat` is called: its name given by `named`, else "Player 1" for seat 0."""
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.game.seat_name(seat)

    def named(self, names: Sequence[str]) -> StonesState:
        """This position with its seats called `names` (see `GameState.named`)."""
        return replace(self, names=tuple(names))

    def active(self) -> tuple[int, ...]:
        """Seats still playing (not retired)."""
        return tuple(s for s in range(self.players) if not self.retired[s])

    def this_turn(self) -> tuple[Action, ...]:
        """The actions of the turn going on (empty at the start of a turn)."""
        recent = self.recent
        if not recent or recent[0].seat != self.turn or isinstance(recent[-1].move, TURN_ENDERS):
            return ()
        return recent

    def hand_size(self, seat: int) -> int:
        """How many cards `seat` holds (public)."""
        return sum(1 for card in self.hands[seat] if card is not None)

    def known_card(self, seat: int, place: int) -> Card | None:
        """The card in `seat`'s hand `place` (0-based) if this state shows it, else None."""
        hand = self.hands[seat]
        if not 0 <= place < len(hand) or hand[place] is None or hand[place] == HIDDEN:
            return None
        card = hand[place]
        assert card is not None
        return self.cards[card]

    def scoring_places(self, seat: int) -> dict[int, tuple[int, ...]]:
        """For each known card in `seat`'s hand that scores on the grid now: its place
        (0-based) and the top-left cells where its pattern matches."""
        bits = grid_mask(self.grid)
        found = {}
        for place in range(len(self.hands[seat])):
            card = self.known_card(seat, place)
            if card is not None and (where := card.places_on(bits)):
                found[place] = where
        return found

    # ----- moves ------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal action of the seat to act. In a view that hides its hand, the cards
        that might score cannot be judged and are left out."""
        if self.ending:
            return ()
        seat = self.turn
        places = [p for p, card in enumerate(self.hands[seat]) if card is not None]
        moves: list[Move] = [Score(p) for p in self.scoring_places(seat)]
        for pay in places:
            moves += [Shift(a, b, pay) for a, b in NEIGHBOURS]
            moves += [Flip(c, pay) for c in range(CELLS)]
        moves.append(End())
        if not self.this_turn() and not self.skipped[seat]:
            moves.append(Skip())
        return tuple(moves)

    def parse_move(self, text: str) -> Move:
        """Read a typed action (case and spaces forgiven) and check that it is legal now."""
        places = (
            [] if self.ending else [p for p, c in enumerate(self.hands[self.turn]) if c is not None]
        )
        move = read_typed(text, places)
        reason = why_illegal(self, move)
        if reason:
            raise IllegalMove(reason)
        return move

    def format_move(self, move: Hashable) -> str:
        """The canonical notation, such as "shift b2 c2 pay 3" (places, never cards)."""
        move = _require_move(move)
        return move.notation()

    def describe_move(self, move: Hashable) -> str:
        """The action in words; names the card used only when this state shows it."""
        move = _require_move(move)
        seat = self.turn
        place = card_place(move)
        card = None if place is None else self.known_card(seat, place)
        return move_words(self.seat_name(seat), move, self.grid, card, self.end_draws())

    def end_draws(self) -> int:
        """How many cards ending the turn now draws: back up to a full hand."""
        return max(0, HAND - self.hand_size(self.turn))

    def end_strikes(self) -> bool:
        """Whether ending the turn now (or skipping it) is a strike: in the solo game, a
        turn that scored no card."""
        return self.solo and not any(isinstance(a.move, Score) for a in self.this_turn())

    def hint_reason(self, move: Hashable) -> str | None:
        """Scoring a card says which and for how much; the other actions say nothing."""
        move = _require_move(move)
        if not isinstance(move, Score):
            return None
        card = self.known_card(self.turn, move.card)
        if card is None:
            return say("it scores card {card}", card=move.card + 1)
        return say.counted(
            "it scores card {card} for {count} point",
            "it scores card {card} for {count} points",
            count=card.value,
            card=move.card + 1,
        )

    def move_steps(self, move: Hashable) -> tuple[Step, ...]:
        """How the legal `move` is chosen by taps (see `games.steps`)."""
        return stones_steps(self, _require_move(move))

    def reveals(self, move: Hashable) -> bool:
        """Ending the turn and skipping draw cards (they reveal); the other actions do not."""
        return isinstance(move, TURN_ENDERS)

    # ----- playing ----------------------------------------------------------------------

    def play(self, move: Hashable) -> StonesState:
        """The position after `move`; an illegal move raises IllegalMove naming the rule,
        a value that is no Shifting Stones move InvalidMove."""
        move = _require_move(move)
        reason = why_illegal(self, move)
        if reason:
            raise IllegalMove(reason)
        seat = self.turn
        place = card_place(move)
        card = None if place is None else self.hands[seat][place]
        if self.is_view and (place is None or card == HIDDEN):
            raise IllegalMove(
                say(
                    "This view of the game hides cards that the action needs (the hand or the "
                    "draw pile): the match plays on the full position."
                )
            )
        if isinstance(move, End | Skip):
            return self._end_turn(move)
        assert place is not None and card is not None
        hand = tuple(None if p == place else c for p, c in enumerate(self.hands[seat]))
        played: dict[str, Any] = {
            "hands": _changed(self.hands, seat, hand),
            "plies": self.plies + 1,
            "recent": (*self.this_turn(), Action(seat, move, card=card)),
        }
        if isinstance(move, Score):
            scored = _changed(self.scored, seat, (*self.scored[seat], card))
            if self.solo and len(scored[seat]) == len(self.cards):
                return replace(self, **played, scored=scored, ending="won")
            triggered = self.triggered or len(scored[seat]) >= self.game_end_target()
            return replace(self, **played, scored=scored, triggered=triggered)
        grid = list(self.grid)
        if isinstance(move, Shift):
            grid[move.first], grid[move.second] = grid[move.second], grid[move.first]
        else:
            grid[move.cell] = flipped(grid[move.cell])
        return replace(self, **played, grid=tuple(grid), discard=(*self.discard, card))

    def game_end_target(self) -> int:
        """Scored cards that trigger the end (more than the deck in the solo game)."""
        return END_TRIGGER.get(self.players, len(self.cards) + 1)

    def _end_turn(self, move: End | Skip) -> StonesState:
        """Draw (back up to 4, or 2 for a skip), count a solo strike, pass the turn."""
        assert self.seed is not None
        seat = self.turn
        kept = tuple(c for c in self.hands[seat] if c is not None)
        count = SKIP_DRAW if isinstance(move, Skip) else max(0, HAND - len(kept))
        drawn, draw, discard, shuffles = draw_cards(
            self.draw, self.discard, count, self.seed, self.shuffles
        )
        strike = self.end_strikes()
        action = Action(
            seat, move, drew=len(drawn), reshuffled=shuffles > self.shuffles, strike=strike
        )
        strikes = self.strikes + strike
        after: dict[str, Any] = {"ending": "strikes"} if strikes >= STRIKES else self._turn_passed()
        return replace(
            self,
            hands=_changed(self.hands, seat, kept + drawn),
            draw=draw,
            discard=discard,
            shuffles=shuffles,
            skipped=_changed(self.skipped, seat, isinstance(move, Skip)),
            strikes=strikes,
            recent=(*self.this_turn(), action),
            plies=self.plies + 1,
            turns=self.turns + 1,
            **after,
        )

    def _pass_turn(self) -> StonesState:
        """This position with the turn passed (see `_turn_passed`)."""
        return replace(self, **self._turn_passed())

    def _turn_passed(self) -> dict[str, Any]:
        """What passing the turn changes: the next seat still playing acts; once the end is
        triggered, the game ends when the round is complete (everyone has had as many turns
        as seat 0's)."""
        active = self.active()
        later = [s for s in active if s > self.turn]
        following = later[0] if later else active[0]
        if self.triggered and following <= self.turn:
            return {"ending": "round"}
        return {"turn": following}

    def retire(self, seat: int) -> StonesState | None:
        """`seat` leaves (resigns or times out) a game of 3 or more: its hand goes to the
        discard pile, its scored cards stay but it can no longer win, and the others play
        on; the last one left wins. None with fewer players or once the game is over."""
        if self.ending or self.players < 3:
            return None
        if not 0 <= seat < self.players or self.retired[seat]:
            raise ValueError(f"Seat {seat} is not playing in this game.")
        hand = tuple(c for c in self.hands[seat] if c is not None)
        state = replace(
            self,
            retired=_changed(self.retired, seat, True),
            hands=_changed(self.hands, seat, ()),
            discard=(*self.discard, *hand),
        )
        if len(state.active()) == 1:
            return replace(state, turn=state.active()[0], ending="alone")
        return state._pass_turn() if seat == self.turn else state

    # ----- secrets ----------------------------------------------------------------------

    def view(self, seat: int | None) -> StonesState:
        """What `seat` may see (None: the public): its own hand only, the draw pile's size
        but not its cards, no seed. Sizes, the grid, discards and scored cards are public."""
        hands = tuple(
            hand if s == seat else tuple(None if c is None else HIDDEN for c in hand)
            for s, hand in enumerate(self.hands)
        )
        draw = (HIDDEN,) * len(self.draw)
        return replace(self, hands=hands, draw=draw, seed=None, viewer=seat, is_view=True)

    # ----- knowledge for the playing engine (see games.shifting_stones.heuristics) -----

    def heuristic(self, seat: int) -> float:
        """The engine's estimate of `seat`'s result from points and card-pattern odds."""
        return heuristics.estimate(self, seat)

    def value_cells(self, seat: int) -> list[int] | None:
        """The cards and the race from `seat`'s side for the learned value (see
        `games.shifting_stones.value`), with two players only; None solo, with more
        players and once the game is over."""
        if self.players != 2 or self.ending:
            return None
        return value_cells(self, seat)

    def search_moves(self) -> tuple[Move, ...]:
        """The actions worth searching: scoring, preparing a card, ending, skipping."""
        return heuristics.worth_searching(self)

    def playout_move(self, rng: random.Random) -> Hashable:
        """A plausible action for simulated play: score, set up a card, or end the turn."""
        return heuristics.plausible_move(self, rng)

    def determinize(self, rng: random.Random) -> StonesState:
        """A full position consistent with this one, unseen cards dealt at random."""
        return heuristics.deal(self, rng)

    # ----- the end ----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """None while the game runs, else the winners, why, and each seat's points."""
        return final_outcome(self) if self.ending else None

    # ----- serialisation (see games.shifting_stones.codec) ------------------------------

    def to_json(self) -> dict[str, Any]:
        """A lossless JSON-ready dict; `game.from_json` rebuilds an equal state."""
        from games.shifting_stones.codec import state_to_json

        return state_to_json(self)

    def to_text(self) -> str:
        """The position as readable text; `game.from_text` rebuilds an equal state."""
        from games.shifting_stones.text import state_to_text

        return state_to_text(self)


def _require_move(move: object) -> Move:
    """`move` itself when it is a Shifting Stones action naming real cells and a card place
    from 0; anything else raises InvalidMove."""
    if isinstance(move, Shift) and _cell(move.first) and _cell(move.second):
        if move.first < move.second and _place(move.pay):
            return move
    elif isinstance(move, Flip):
        if _cell(move.cell) and _place(move.pay):
            return move
    elif isinstance(move, Score):
        if _place(move.card):
            return move
    elif isinstance(move, End | Skip):
        return move
    shown = repr(move)[:60]
    raise InvalidMove(f"{shown} is no Shifting Stones move; read typed text with parse_move.")


def _place(value: object) -> bool:
    return type(value) is int and 0 <= value < 100


def _cell(value: object) -> bool:
    return type(value) is int and 0 <= value < CELLS


def _changed(values: tuple[Any, ...], seat: int, new: Any) -> tuple[Any, ...]:
    return tuple(new if s == seat else v for s, v in enumerate(values))
