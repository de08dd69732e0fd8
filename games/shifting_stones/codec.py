"""Shifting Stones positions (full ones and views) as JSON, checked on the way in.

A hidden card is written "?", a used hand place null. A view writes no seed and the draw
pile as "?" only, so nothing it hides is in its JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.base import InvalidMove
from games.fields import json_field, json_int
from games.shifting_stones.cards import Card, read_card
from games.shifting_stones.deck import MAX_CARDS
from games.shifting_stones.moves import TURN_ENDERS, Skip, card_place, read_move
from games.shifting_stones.rules import END_TRIGGER, HAND, HIDDEN, SKIP_DRAW, STRIKES
from games.shifting_stones.state import ENDINGS, StonesState
from games.shifting_stones.stones import SIZE, SYMBOLS, is_grid
from games.shifting_stones.words import Action

NAME = "shifting-stones"
VERSION = 1
MAX_SEED = 2**64
#: The game's check of the options for a player count.
OptionsCheck = Callable[[int, Mapping[str, Any] | None], dict[str, Any]]


def state_to_json(state: StonesState) -> dict[str, Any]:
    """Every field of the state as plain JSON values."""
    return {
        "game": NAME,
        "version": VERSION,
        "players": state.players,
        "options": dict(state.options),
        "cards": [card.text() for card in state.cards],
        "grid": grid_rows(state.grid),
        "hands": [[_card_out(c) for c in hand] for hand in state.hands],
        "draw": [_card_out(c) for c in state.draw],
        "discard": list(state.discard),
        "scored": [list(pile) for pile in state.scored],
        "turn": state.turn,
        "skipped": list(state.skipped),
        "retired": list(state.retired),
        "strikes": state.strikes,
        "triggered": state.triggered,
        "recent": [_action_out(a) for a in state.recent],
        "ply": state.plies,
        "turns": state.turns,
        "seed": state.seed,
        "shuffles": state.shuffles,
        "ending": state.ending,
        "view": {"seat": state.viewer} if state.is_view else None,
    }


def grid_rows(grid: tuple[int, ...]) -> list[str]:
    """The grid as three rows of symbol words, from the top."""
    return [" ".join(SYMBOLS[s] for s in grid[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)]


def _card_out(card: int | None) -> int | str | None:
    return "?" if card == HIDDEN else card


def _action_out(action: Action) -> dict[str, Any]:
    return {
        "seat": action.seat,
        "move": action.move.notation(),
        "card": action.card,
        "drew": action.drew,
        "reshuffled": action.reshuffled,
        "strike": action.strike,
    }


def state_from_json(data: Mapping[str, Any], options_of: OptionsCheck) -> StonesState:
    """Rebuild a state from `state_to_json`; anything inconsistent raises ValueError."""
    if not isinstance(data, Mapping):
        raise ValueError("A Shifting Stones position must be a JSON object.")
    if data.get("game") != NAME or data.get("version") != VERSION:
        raise ValueError(f"Not a Shifting Stones position of format version {VERSION}.")
    players = json_int(data, "players", 1, 5)
    options = options_of(players, json_field(data, "options", dict))
    cards = _read_cards(json_field(data, "cards", list))
    view = data.get("view")
    if view is not None and (not isinstance(view, Mapping) or "seat" not in view):
        raise ValueError("Field 'view' must be null or an object with a seat.")
    viewer = None if view is None or view["seat"] is None else _seat(view["seat"], players)
    limit = len(cards)
    state = StonesState(
        players=players,
        options=options,
        cards=cards,
        grid=_read_grid(json_field(data, "grid", list)),
        hands=tuple(_cards(h, limit, "hands") for h in _list(data, "hands", players)),
        draw=_cards(data.get("draw"), limit, "draw"),
        discard=_cards(data.get("discard"), limit, "discard"),
        scored=tuple(_cards(p, limit, "scored") for p in _list(data, "scored", players)),
        turn=json_int(data, "turn", 0, players - 1),
        skipped=_flags(data, "skipped", players),
        retired=_flags(data, "retired", players),
        strikes=json_int(data, "strikes", 0, STRIKES),
        triggered=json_field(data, "triggered", bool),
        recent=tuple(_read_action(a, players, limit) for a in _recent(data, limit)),
        plies=json_int(data, "ply", 0, 10**7),
        turns=json_int(data, "turns", 0, 10**7),
        seed=None if view is not None else json_int(data, "seed", -MAX_SEED, MAX_SEED),
        shuffles=json_int(data, "shuffles", 0, 10**7),
        ending=data.get("ending"),
        viewer=viewer,
        is_view=view is not None,
    )
    _check_consistent(state)
    return state


def _read_cards(texts: list[Any]) -> tuple[Card, ...]:
    if not 1 <= len(texts) <= MAX_CARDS:
        raise ValueError(f"A deck holds 1 to {MAX_CARDS} cards.")
    cards = []
    for number, text in enumerate(texts):
        if not isinstance(text, str) or len(text) > 200:
            raise ValueError(f"Card {number} must be a card's text.")
        try:
            cards.append(read_card(text))
        except ValueError as error:
            raise ValueError(f"Card {number}: {error}.") from None
    return tuple(cards)


def _read_grid(rows: list[Any]) -> tuple[int, ...]:
    words = [w for row in rows if isinstance(row, str) for w in row.split()]
    if len(rows) != SIZE or not all(w in SYMBOLS for w in words):
        raise ValueError("The grid must be 3 rows of 3 symbols.")
    grid = tuple(SYMBOLS.index(w) for w in words)
    if not is_grid(grid):
        raise ValueError("The grid must show the nine stones, one face of each.")
    return grid


def _cards(values: Any, limit: int, key: str) -> tuple[int, ...]:
    if not isinstance(values, list) or len(values) > limit:
        raise ValueError(f"Field {key!r} must list at most {limit} cards.")
    cards: list[Any] = []
    for value in values:
        if value == "?":
            cards.append(HIDDEN)
        elif value is None and key == "hands":
            cards.append(None)
        elif type(value) is int and 0 <= value < limit:
            cards.append(value)
        else:
            raise ValueError(f"Field {key!r} holds {str(value)[:20]!r}, which is no card.")
    return tuple(cards)


def _read_action(data: Any, players: int, limit: int) -> Action:
    if not isinstance(data, Mapping):
        raise ValueError("Each recent action must be a JSON object.")
    text = json_field(data, "move", str)
    try:
        move = read_move(text, [])
    except InvalidMove as error:
        raise ValueError(f"Unreadable recorded action {text[:40]!r}: {error}") from None
    card = data.get("card")
    uses_card = card_place(move) is not None
    if (type(card) is int and 0 <= card < limit) != uses_card or (card is not None) != uses_card:
        raise ValueError(f"The recorded action {text!r} must name the card it used, and only then.")
    most_drawn = 0 if uses_card else SKIP_DRAW if isinstance(move, Skip) else HAND
    return Action(
        _seat(data.get("seat"), players),
        move,
        card=card,
        drew=json_int(data, "drew", 0, most_drawn),
        reshuffled=json_field(data, "reshuffled", bool),
        strike=json_field(data, "strike", bool),
    )


def _recent(data: Mapping[str, Any], limit: int) -> list[Any]:
    """The recorded actions of the latest turn: at most one per card of the deck (each
    uses a card from the hand) and the action that ended the turn."""
    actions: list[Any] = json_field(data, "recent", list)
    if len(actions) > limit + 1:
        raise ValueError(f"Field 'recent' may hold at most {limit + 1} actions (one turn).")
    return actions


def _check_consistent(state: StonesState) -> None:
    """Rules that tie the fields together; raise ValueError when one is broken."""
    known = [c for pile in (*state.hands, state.draw, state.discard, *state.scored) for c in pile]
    ids = [c for c in known if c is not None and c != HIDDEN]
    hidden = known.count(HIDDEN)
    if len(set(ids)) != len(ids) or len(ids) + hidden != len(state.cards):
        raise ValueError("Every card of the deck must lie in exactly one place.")
    if hidden and not state.is_view:
        raise ValueError("Only a view of the game may hide cards.")
    if state.is_view and (
        any(c != HIDDEN for c in state.draw)
        or (state.viewer is not None and HIDDEN in state.hands[state.viewer])
    ):
        raise ValueError("A view hides the draw pile and shows its own seat's hand.")
    if any(None in hand for s, hand in enumerate(state.hands) if s != state.turn):
        raise ValueError("Only the seat to act can have used places in its hand.")
    if state.ending is not None and state.ending not in ENDINGS:
        raise ValueError(f"Unknown ending {state.ending!r}.")
    if (state.ending in ("won", "strikes")) != (state.solo and state.ending is not None):
        raise ValueError("Only the solo game ends by winning all cards or by strikes.")
    if (state.strikes >= STRIKES) != (state.ending == "strikes"):
        raise ValueError("The fourth strike ends the solo game, and only it.")
    if state.solo and (len(state.scored[0]) == len(state.cards)) != (state.ending == "won"):
        raise ValueError("Scoring every card wins the solo game at once.")
    target = END_TRIGGER.get(state.players)
    reached = target is not None and any(len(p) >= target for p in state.scored)
    if state.triggered != reached:
        raise ValueError("The end is triggered exactly when someone has scored enough cards.")
    if state.retired[state.turn] or (state.players < 3 and any(state.retired)):
        raise ValueError("Players leave only games of 3 or more, and never act after.")
    if len({a.seat for a in state.recent}) > 1 or any(
        isinstance(a.move, TURN_ENDERS) for a in state.recent[:-1]
    ):
        raise ValueError("The recent actions must be one turn of one player.")
    if (state.ending == "alone") != (len(state.active()) == 1 and not state.solo):
        raise ValueError("The game ends with one player left, and only then.")


def _list(data: Mapping[str, Any], key: str, count: int) -> list[Any]:
    values: list[Any] = json_field(data, key, list)
    if len(values) != count:
        raise ValueError(f"Field {key!r} must hold one entry per player ({count}).")
    return values


def _flags(data: Mapping[str, Any], key: str, count: int) -> tuple[bool, ...]:
    values = _list(data, key, count)
    if not all(isinstance(v, bool) for v in values):
        raise ValueError(f"Field {key!r} must list true/false values.")
    return tuple(values)


def _seat(value: Any, players: int) -> int:
    return json_int({"seat": value}, "seat", 0, players - 1)
