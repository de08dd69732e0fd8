"""Skift notation (forgiving input, canonical output, phrases) and refusing corrupt data."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from games import IllegalMove, InvalidMove
from games.skift import SKIFT, Pass, PieceMove, Rotation, TileMove

START = SKIFT.new(players=2)
WORKED = PieceMove((2, 2), (2, 3))


@pytest.mark.parametrize(
    "text",
    [
        "c3-c4",
        "C3-C4",
        "c3c4",
        " c3 c4 ",
        "c3 - c4",
        "c3 to c4",
        "c3\u2013c4",  # an en dash, as phone keyboards type it
        "c3s",
        "c3 S",
        "c3 south",
        "c3>c4",
    ],
)
def test_piece_moves_are_read_forgivingly(text: str) -> None:
    assert START.parse_move(text) == WORKED


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Aw", TileMove("A", "w")),
        ("a W", TileMove("A", "w")),
        ("A west", TileMove("A", "w")),
        ("Ar", Rotation("A")),
        ("a rotate", Rotation("A")),
        ("I R", Rotation("I")),
    ],
)
def test_tile_moves_and_rotations_are_read_forgivingly(text: str, move: object) -> None:
    assert START.parse_move(text) == move


def test_canonical_notation() -> None:
    assert START.format_move(WORKED) == "c3-c4"
    assert START.format_move(TileMove("A", "w")) == "Aw"
    assert START.format_move(TileMove("B", "w", "C")) == "Bw/C"
    assert START.format_move(Rotation("I")) == "Ir"
    assert START.format_move(Pass()) == "pass"


def test_phrases() -> None:
    assert START.describe_move(PieceMove((1, 1), (1, 0))) == "White pawn b2 to b1"
    assert START.describe_move(TileMove("A", "w")) == "White moves tile A west"
    with pytest.raises(IllegalMove):
        START.describe_move(TileMove("E", "n"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "I cannot read 'hello' as a Skift move. Type a piece move like c3-c4"),
        ("rotate A", "I cannot read 'rotate A'"),
        ("Ex", "'x' is not a tile direction: a tile moves n, e, s or w"),
        ("c3", "Say where the piece on c3 goes: the square it steps to \\(c3-c4\\)"),
        ("E", "Say what tile E does: En, Ee, Es or Ew moves it one cell, Er turns it around"),
        ("c3-", "cannot read"),
        ("c3 up-ish", "cannot read"),
        ("c3 sideways", "not a direction"),
        ("z9-z8", "There is no square z9 on the board: columns run from a to f and rows"),
        ("c0-c1", "There is no square c0"),
        ("Zn", "There is no tile Z on the table; the tiles are A, B, C"),
        ("En/Z", "There is no tile Z"),
        ("", "empty"),
        ("c3-c4" * 20, "too long"),
    ],
)
def test_unreadable_text_is_an_invalid_move(text: str, message: str) -> None:
    with pytest.raises(InvalidMove, match=message):
        START.parse_move(text)


@pytest.mark.parametrize("thing", [None, 42, "c3-c4", ("c3", "c4"), object()])
def test_play_refuses_values_that_are_not_moves(thing: object) -> None:
    with pytest.raises(InvalidMove, match="is not a Skift move"):
        START.play(thing)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "move",
    [
        PieceMove([2, 2], [2, 3]),  # type: ignore[arg-type]
        PieceMove((2, 2), "c4"),  # type: ignore[arg-type]
        PieceMove((True, 2), (2, 3)),
        TileMove("A", 3),  # type: ignore[arg-type]
        Rotation(None),  # type: ignore[arg-type]
    ],
)
def test_play_refuses_move_values_with_wrong_field_types(move: object) -> None:
    with pytest.raises(InvalidMove, match="wrong types"):
        START.play(move)  # type: ignore[arg-type]


def test_a_move_checked_once_is_not_taken_for_an_equal_move_of_wrong_types() -> None:
    state = SKIFT.new(2, seed=3)
    legal = next(m for m in state.legal_moves() if isinstance(m, PieceMove) and m.src[0] == 1)
    assert state.describe_move(legal) and state.play(legal)  # checked, and remembered
    lookalike = PieceMove((True, legal.src[1]), legal.dst)  # equal: True == 1
    assert lookalike == legal
    with pytest.raises(InvalidMove, match="wrong types"):
        state.play(lookalike)
    played = state.play(legal)  # a checked move is checked again in another position
    with pytest.raises((IllegalMove, InvalidMove)):
        played.play(legal)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (TileMove("A", "x"), "A tile moves one cell north, east, south or west"),
        (TileMove("A", "w", "Q"), "leaves no tie between groups; type Aw"),
        (Rotation("Q"), "There is no tile Q on the table"),
        (PieceMove((9, 9), (9, 10)), "There is no piece on"),
    ],
)
def test_play_explains_hand_built_moves_that_are_not_legal(move: object, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        START.play(move)  # type: ignore[arg-type]


def test_every_piece_move_of_the_colour_not_to_move_is_refused() -> None:
    black_to_move = START.play(WORKED)
    for move in START.legal_moves():
        piece = black_to_move.pieces.get(getattr(move, "src", None))
        if piece is not None and piece.seat == 0:
            with pytest.raises(IllegalMove, match="White's; it is Black's turn"):
                black_to_move.play(move)


def corrupted(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    """The worked example's position as JSON, changed by `change`."""
    data = copy.deepcopy(START.play(WORKED).to_json())
    change(data)
    return data


CORRUPTIONS = {
    "wrong game": lambda d: d.update(game="chess"),
    "ply is text": lambda d: d.update(ply="3"),
    "ply negative": lambda d: d.update(ply=-1),
    "seat 2 to move": lambda d: d.update(to_move=2),
    "seat is a bool": lambda d: d.update(to_move=True),
    "unknown layout": lambda d: d.update(options={"layout": "spiral"}),
    "unknown tile": lambda d: d["tiles"].update(J=[5, 5]),
    "tile name not a letter": lambda d: d["tiles"].update({"AB": [5, 5]}),
    "overlapping tiles": lambda d: d["tiles"].update(A=[1, 1]),
    "split tiles": lambda d: d["tiles"].update(A=[9, 9]),
    "no tiles": lambda d: d.update(tiles={}),
    "piece off the tiles": lambda d: d["pieces"].append([9, 9, "w"]),
    "two pieces on a square": lambda d: d["pieces"].append(list(d["pieces"][0])),
    "unknown piece": lambda d: d["pieces"].__setitem__(0, [1, 1, "Q"]),
    "too many kings": lambda d: d["pieces"].append([0, 0, "W"]),
    "coordinate is a float": lambda d: d["pieces"].__setitem__(0, [1.0, 1, "w"]),
    "pieces not a list": lambda d: d.update(pieces="w"),
    "last by the seat to move": lambda d: d["last"].update(seat=1),
    "last kind wrong": lambda d: d["last"].update(kind="tile"),
    "last move garbage": lambda d: d["last"].update(move={"type": "jump"}),
    "last tile direction not text": lambda d: d["last"].update(
        move={"type": "tile", "tile": "A", "direction": {"n": 1}}
    ),
    "last displaced piece missing": lambda d: d["pieces"].remove([2, 5, "w"]),
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_from_json_refuses_corrupt_data(name: str) -> None:
    data = corrupted(CORRUPTIONS[name])
    with pytest.raises(ValueError):
        SKIFT.from_json(data)
    json.dumps(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace("White to move", "Purple to move"),
        lambda t: t.replace("  1  . .", "  1  . Q"),
        lambda t: t.replace("A B C", "A B"),
        lambda t: t.replace("A B C", "A A C"),
        lambda t: t.replace("  1  . .  . .  . .   A B C", "  1  ~ .  . .  . .   A B C"),
        lambda t: t.replace("  6  . .  . .  . .\n", ""),
        lambda t: t.replace("last: none", "last: {broken"),
        lambda t: t.replace("origin 0,0", "origin 1,0"),
    ],
)
def test_from_text_refuses_corrupt_text(change) -> None:
    text = START.to_text()
    assert change(text) != text
    with pytest.raises(ValueError):
        SKIFT.from_text(change(text))


def test_text_shows_the_empty_table_and_a_finished_game() -> None:
    text = """
        Skift: White to move
             a b  c d  e f
          1  W w  ~ ~  b .   A ~ C
          2  . .  ~ ~  . .
          3  . .  . .  . B   D E F
          4  . .  . .  . .
        """
    state = SKIFT.from_text(text)
    assert [line.strip() for line in text.strip().splitlines()[1:]] == [
        line.strip() for line in state.to_text().splitlines()[1:-1]
    ]
    over = state.play(state.parse_move("a1-b1"))
    assert over.last.fallen and over.outcome() is not None
    assert over.to_text().endswith("Game over: White has no pawns left.\n")
    assert SKIFT.from_text(over.to_text()) == over


def test_a_kept_group_is_refused_for_a_move_that_leaves_no_choice() -> None:
    plain = next(m for m in START.legal_moves() if isinstance(m, TileMove))
    notation = START.format_move(plain)
    no_tie = f"that way leaves no tie between groups; type {notation}"
    with pytest.raises(IllegalMove, match=no_tie):
        START.parse_move(f"{notation}/B")
    assert START.parse_move(notation) == plain
