"""Shifting Stones in words: moves before they are played, actions after.

A seat is called what the state calls it (`StonesState.seat_name`: the players' names
where the bot gave them, else "Player 1"), passed in as `name`.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.shifting_stones.cards import Card
from games.shifting_stones.moves import End, Flip, Move, Score, Shift, Skip
from games.shifting_stones.phrasebook import say
from games.shifting_stones.stones import Grid, cell_name, flipped, symbol_name
from games.wording import Phrase


@dataclass(frozen=True, slots=True)
class Action:
    """A move as it was played: by whom, and what it did in public.

    `card` is the card paid (it lies face up on the discard pile) or scored (face up in the
    score pile); `drew` how many cards the end of the turn or the skip drew; `reshuffled`
    whether the discards were shuffled into a new draw pile to do so; `strike` whether it
    cost a strike (solo).
    """

    seat: int
    move: Move
    card: int | None = None
    drew: int = 0
    reshuffled: bool = False
    strike: bool = False


def move_words(name: str, move: Move, grid: Grid, card: Card | None, draws: int) -> Phrase:
    """`move` by the player called `name`, before it is played, in words. `card` is the
    card it uses when the state knows it (None: hidden or no card); `draws` how many cards
    an end of turn would draw."""
    if isinstance(move, Shift):
        a, b = move.first, move.second
        swap = {
            "name": name,
            "first_symbol": symbol_name(grid[a]),
            "first": cell_name(a),
            "second_symbol": symbol_name(grid[b]),
            "second": cell_name(b),
            "card": move.pay + 1,
        }
        if card is None:
            return say(
                "{name} swaps the {first_symbol} on {first} and the {second_symbol} on "
                "{second}, discarding card {card}",
                **swap,
            )
        return say(
            "{name} swaps the {first_symbol} on {first} and the {second_symbol} on "
            "{second}, discarding card {card} ({words})",
            words=card.words(),
            **swap,
        )
    if isinstance(move, Flip):
        c = move.cell
        turn = {
            "name": name,
            "symbol": symbol_name(grid[c]),
            "cell": cell_name(c),
            "other": symbol_name(flipped(grid[c])),
            "card": move.pay + 1,
        }
        if card is None:
            return say(
                "{name} flips the {symbol} on {cell} to {other}, discarding card {card}", **turn
            )
        return say(
            "{name} flips the {symbol} on {cell} to {other}, discarding card {card} ({words})",
            words=card.words(),
            **turn,
        )
    if isinstance(move, Score):
        if card is None:
            return say("{name} scores card {card}", name=name, card=move.card + 1)
        return say(
            "{name} scores card {card} ({words})", name=name, card=move.card + 1, words=card.words()
        )
    if isinstance(move, Skip):
        return say("{name} skips the turn and draws 2 cards", name=name)
    assert isinstance(move, End)
    if not draws:
        return say("{name} ends the turn", name=name)
    return say.counted(
        "{name} ends the turn and draws {count} card",
        "{name} ends the turn and draws {count} cards",
        count=draws,
        name=name,
    )


def action_words(name: str, action: Action, cards: tuple[Card, ...]) -> Phrase:
    """What a played action of the player called `name` did, in words (past tense),
    naming only public cards (the card a shift, flip or score used lies face up)."""
    move = action.move
    if isinstance(move, End | Skip):
        return _turn_end_words(name, action, isinstance(move, Skip))
    assert action.card is not None, "a shift, flip or score records its card"
    shown = cards[action.card].words()
    if isinstance(move, Shift):
        return say(
            "{name} swapped {first} and {second}, discarding card {card} ({words})",
            name=name,
            first=cell_name(move.first),
            second=cell_name(move.second),
            card=move.pay + 1,
            words=shown,
        )
    if isinstance(move, Flip):
        return say(
            "{name} flipped {cell}, discarding card {card} ({words})",
            name=name,
            cell=cell_name(move.cell),
            card=move.pay + 1,
            words=shown,
        )
    return say("{name} scored card {card} ({words})", name=name, card=move.card + 1, words=shown)


def _turn_end_words(name: str, action: Action, skip: bool) -> Phrase:
    """An ended or skipped turn in words: the cards drawn, whether the discards were
    reshuffled to draw them, and whether it cost a strike (solo)."""
    if action.reshuffled and action.strike:
        if skip:
            return say.counted(
                "{name} skipped the turn and drew {count} card (the discards were shuffled "
                "into a new draw pile), a strike",
                "{name} skipped the turn and drew {count} cards (the discards were shuffled "
                "into a new draw pile), a strike",
                count=action.drew,
                name=name,
            )
        return say.counted(
            "{name} ended the turn and drew {count} card (the discards were shuffled "
            "into a new draw pile), a strike",
            "{name} ended the turn and drew {count} cards (the discards were shuffled "
            "into a new draw pile), a strike",
            count=action.drew,
            name=name,
        )
    if action.reshuffled:
        if skip:
            return say.counted(
                "{name} skipped the turn and drew {count} card (the discards were shuffled "
                "into a new draw pile)",
                "{name} skipped the turn and drew {count} cards (the discards were shuffled "
                "into a new draw pile)",
                count=action.drew,
                name=name,
            )
        return say.counted(
            "{name} ended the turn and drew {count} card (the discards were shuffled "
            "into a new draw pile)",
            "{name} ended the turn and drew {count} cards (the discards were shuffled "
            "into a new draw pile)",
            count=action.drew,
            name=name,
        )
    if action.strike:
        if skip:
            return say.counted(
                "{name} skipped the turn and drew {count} card, a strike",
                "{name} skipped the turn and drew {count} cards, a strike",
                count=action.drew,
                name=name,
            )
        return say.counted(
            "{name} ended the turn and drew {count} card, a strike",
            "{name} ended the turn and drew {count} cards, a strike",
            count=action.drew,
            name=name,
        )
    if skip:
        return say.counted(
            "{name} skipped the turn and drew {count} card",
            "{name} skipped the turn and drew {count} cards",
            count=action.drew,
            name=name,
        )
    return say.counted(
        "{name} ended the turn and drew {count} card",
        "{name} ended the turn and drew {count} cards",
        count=action.drew,
        name=name,
    )
