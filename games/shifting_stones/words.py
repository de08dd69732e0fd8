"""Shifting Stones in words: moves before they are played, actions after.

A seat is called what the state calls it (`StonesState.seat_name`: the players' names
where the bot gave them, else "Player 1"), passed in as `name`.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.shifting_stones.cards import Card
from games.shifting_stones.moves import End, Flip, Move, Score, Shift, Skip
from games.shifting_stones.stones import Grid, cell_name, flipped, symbol_name
from games.wording import plural


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


def move_words(name: str, move: Move, grid: Grid, card: Card | None, draws: int) -> str:
    """`move` by the player called `name`, before it is played, in words. `card` is the
    card it uses when the state knows it (None: hidden or no card); `draws` how many cards
    an end of turn would draw."""
    known = f" ({card.words()})" if card else ""
    if isinstance(move, Shift):
        a, b = move.first, move.second
        return (
            f"{name} swaps the {symbol_name(grid[a])} on {cell_name(a)} and the "
            f"{symbol_name(grid[b])} on {cell_name(b)}, discarding card {move.pay + 1}{known}"
        )
    if isinstance(move, Flip):
        c = move.cell
        return (
            f"{name} flips the {symbol_name(grid[c])} on {cell_name(c)} to "
            f"{symbol_name(flipped(grid[c]))}, discarding card {move.pay + 1}{known}"
        )
    if isinstance(move, Score):
        return f"{name} scores card {move.card + 1}{known}"
    if isinstance(move, Skip):
        return f"{name} skips the turn and draws 2 cards"
    assert isinstance(move, End)
    return f"{name} ends the turn and draws {plural(draws, 'card')}"


def action_words(name: str, action: Action, cards: tuple[Card, ...]) -> str:
    """What a played action of the player called `name` did, in words (past tense),
    naming only public cards."""
    move = action.move
    shown = cards[action.card].words() if action.card is not None else ""
    if isinstance(move, Shift):
        text = f"{name} swapped {cell_name(move.first)} and {cell_name(move.second)}"
        text += f", discarding card {move.pay + 1} ({shown})"
    elif isinstance(move, Flip):
        text = f"{name} flipped {cell_name(move.cell)}, discarding card {move.pay + 1} ({shown})"
    elif isinstance(move, Score):
        text = f"{name} scored card {move.card + 1} ({shown})"
    else:
        verb = "skipped the turn" if isinstance(move, Skip) else "ended the turn"
        text = f"{name} {verb} and drew {plural(action.drew, 'card')}"
        if action.reshuffled:
            text += " (the discards were shuffled into a new draw pile)"
    if action.strike:
        text += ", a strike"
    return text
