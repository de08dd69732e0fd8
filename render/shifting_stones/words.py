"""The Shifting Stones position in words, for Discord's image description (alt text).

Only what the state shows is told: a seat's own hand only when the state is that seat's
view (`state.view(seat)`); a full state or the public view tells hand sizes alone.
"""

from __future__ import annotations

from collections.abc import Hashable

from games.shifting_stones.rules import STRIKES
from games.shifting_stones.state import StonesState
from games.shifting_stones.stones import SIZE, cell_name, symbol_name
from games.shifting_stones.words import action_words
from render.words import (
    LAST_ACTION,
    LEFT_GAME,
    POINTS,
    Drawn,
    count,
    counted_forms,
    phrase,
    say,
)

#: The header: the turn's number and whose turn, or how many turns led to the end.
TURN_NUMBER = "Turn {number}"
SEAT_TO_ACT = "{seat} to act"
TURNS = counted_forms("turn")
SEATS_WIN = "{seats} win"
SOLO_LOST = "Solo game lost"
DRAW_PILE = "Draw pile {count}"
DISCARDS = "Discards {count}"
STRIKES_OF = "Strikes {strikes}/{most}"
#: The players panel: a line per player.
NAME_TO_ACT = "{name} (to act)"
NAME_LEFT = "{name} (left)"
IN_HAND = "{name}: {hand} in hand, {points}"
FINAL = "{place}. {name}: cards {cards} = {points}"
FINAL_BONUS = "{place}. {name}: cards {cards} + bonus {bonus} = {points}"
#: The latest turn's panel, and a player's own hand.
LATEST_TURN = "Latest turn ({seat}):"
TURN_ACTION = "{action}."
EARLIER_ACTIONS = ("+{count} earlier action", "+{count} earlier actions")
YOUR_HAND = "Your hand ({seat})"
CARD_NUMBER = "card {number}"
SCORES_AT = "at {cells}"
#: The alt text.
TITLE = ("Shifting Stones, {count} player", "Shifting Stones, {count} players")
OVER_AFTER_ENDING = "{title}, over after {turns}: {ending}"
OVER_AFTER = "{title}, over after {turns}. {reason}"
TURN_TO_ACT = "{title}, turn {number}: {seat} to act."
ROW = "row {number}: {symbols}"
GRID = "Grid, columns a to c: {rows}."
CARDS = counted_forms("card")
SCORED = "{seat} has scored {cards} for {points} and holds {hand}"
PILES = "Draw pile {draw}, discard pile {discard}."
STRIKES_SO_FAR = "Strikes: {strikes} of {most}."
HAND_CARD = "card {number}, {card}"
HAND_CARD_SCORES = "card {number}, {card}, scores at {cells}"
HAND = "Your hand ({seat}): {cards}."
HAND_EMPTY = "Your hand ({seat}): empty."


def own_seat(state: StonesState) -> int | None:
    """The seat whose hand this state may show: its viewer, when it is a seat's view."""
    return state.viewer if state.is_view and state.viewer is not None else None


def _turn(state: StonesState, ending: str | None) -> str:
    title = count(TITLE, state.players)
    turns = count(TURNS, state.turn_number - 1)
    if ending is not None:
        return say(OVER_AFTER_ENDING, title=title, turns=turns, ending=ending)
    outcome, seat = state.outcome(), state.current_player
    if outcome is None:
        assert seat is not None, "a running game has a seat to act"
        return say(TURN_TO_ACT, title=title, number=state.turn_number, seat=state.seat_name(seat))
    return say(OVER_AFTER, title=title, turns=turns, reason=outcome.reason)


def _grid(state: StonesState) -> str:
    rows = [
        say(
            ROW,
            number=r + 1,
            symbols=", ".join(
                phrase(symbol_name(s)) for s in state.grid[r * SIZE : (r + 1) * SIZE]
            ),
        )
        for r in range(SIZE)
    ]
    return say(GRID, rows="; ".join(rows))


def _players(state: StonesState) -> str:
    parts = []
    for seat in range(state.players):
        scored = state.scored[seat]
        text = say(
            SCORED,
            seat=state.seat_name(seat),
            cards=count(CARDS, len(scored)),
            points=count(POINTS, state.points_so_far(seat)),
            hand=count(CARDS, state.hand_size(seat)),
        )
        if state.retired[seat]:
            text = say(LEFT_GAME, player=text)
        parts.append(text)
    piles = say(PILES, draw=len(state.draw), discard=len(state.discard))
    strikes = " " + say(STRIKES_SO_FAR, strikes=state.strikes, most=STRIKES) if state.solo else ""
    return "; ".join(parts) + ". " + piles + strikes


def _last(state: StonesState) -> str:
    if not state.recent:
        return ""
    last = state.recent[-1]
    return say(LAST_ACTION, action=action_words(state.seat_name(last.seat), last, state.cards))


def _hand(state: StonesState) -> str:
    seat = own_seat(state)
    if seat is None:
        return ""
    scoring = state.scoring_places(seat)
    cards = []
    for place in range(len(state.hands[seat])):
        card = state.known_card(seat, place)
        if card is None:
            continue
        if place in scoring:
            cells = ", ".join(cell_name(c) for c in scoring[place])
            cards.append(say(HAND_CARD_SCORES, number=place + 1, card=card.words(), cells=cells))
        else:
            cards.append(say(HAND_CARD, number=place + 1, card=card.words()))
    if not cards:
        return say(HAND_EMPTY, seat=state.seat_name(seat))
    return say(HAND, seat=state.seat_name(seat), cards="; ".join(cards))


def describe(
    state: StonesState, last_move: Hashable | None = None, ending: str | None = None
) -> str:
    """Whose turn (or `ending`: how the match ended), the last action, the grid, the seat's
    own hand when the state is that seat's view, then each player's scores and hand sizes
    and the piles."""
    parts = [_turn(state, ending), _last(state), _grid(state), _hand(state), _players(state)]
    return " ".join(part for part in parts if part)


#: Every text the pictures of Shifting Stones draw, by name (`Pictures.drawn`).
DRAWN: dict[str, Drawn] = {
    "TURN_NUMBER": TURN_NUMBER,
    "SEAT_TO_ACT": SEAT_TO_ACT,
    "TURNS": TURNS,
    "SEATS_WIN": SEATS_WIN,
    "SOLO_LOST": SOLO_LOST,
    "DRAW_PILE": DRAW_PILE,
    "DISCARDS": DISCARDS,
    "STRIKES_OF": STRIKES_OF,
    "NAME_TO_ACT": NAME_TO_ACT,
    "TURN_ACTION": TURN_ACTION,
    "NAME_LEFT": NAME_LEFT,
    "IN_HAND": IN_HAND,
    "FINAL": FINAL,
    "FINAL_BONUS": FINAL_BONUS,
    "LATEST_TURN": LATEST_TURN,
    "EARLIER_ACTIONS": EARLIER_ACTIONS,
    "YOUR_HAND": YOUR_HAND,
    "CARD_NUMBER": CARD_NUMBER,
    "SCORES_AT": SCORES_AT,
    "TITLE": TITLE,
    "OVER_AFTER_ENDING": OVER_AFTER_ENDING,
    "OVER_AFTER": OVER_AFTER,
    "TURN_TO_ACT": TURN_TO_ACT,
    "ROW": ROW,
    "GRID": GRID,
    "CARDS": CARDS,
    "SCORED": SCORED,
    "PILES": PILES,
    "STRIKES_SO_FAR": STRIKES_SO_FAR,
    "HAND_CARD": HAND_CARD,
    "HAND_CARD_SCORES": HAND_CARD_SCORES,
    "HAND": HAND,
    "HAND_EMPTY": HAND_EMPTY,
}
