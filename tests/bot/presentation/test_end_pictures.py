"""The picture posted when a match ends: the winner named by their member's name and marked
in the players strip, each rating change shown, and a rating several seats share shown once."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from bot.match import rules
from bot.match.actions import MOVE, RESIGN, Request
from bot.match.decision import Situation
from bot.match.records import MatchRecord, RatingChange
from bot.presentation.pictures import match_board, replay_labels, seat_labels
from tests.bot.match_records import T0, new_match

ALICE, BOB = 1, 2
NAMES = {ALICE: "alice", BOB: "bob", -1: "Shiftcord (easy)", -4: "Shiftcord (easy) 2"}


def _act(match, actor, action, text=""):
    request = Request(action, text, ply=match.ply, request_id="test")
    return rules.decide(match, actor, request, Situation(T0)).match


def _change(member: int, mu_before: float, mu_after: float, games: int = 10) -> RatingChange:
    return RatingChange(member, "skift", mu_before, 8.0, mu_after, 7.9, games)


def _rated_resignation():
    """A rated Skift match alice (White) won when bob resigned: alice 1500 → 1512,
    bob 1500 → 1488 (40 points a unit of mu)."""
    match = new_match(members=(ALICE, BOB))
    state = match.state
    match = _act(match, ALICE, MOVE, state.format_move(state.legal_moves()[0]))
    match = _act(match, BOB, RESIGN)
    changes = (_change(ALICE, 25.0, 25.3), _change(BOB, 25.0, 24.7))
    return replace(match, result=replace(match.result, rating_changes=changes))


def _image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.mark.asyncio
async def test_the_end_picture_names_the_winner_and_the_rating_changes() -> None:
    match = _rated_resignation()
    assert match.result.winners == (ALICE,)
    players = seat_labels(match, NAMES.__getitem__, {ALICE: "1512", BOB: "1488"})
    assert [(p.name, p.rating, p.won) for p in players] == [
        ("alice", "1500 → 1512 (+12)", True),
        ("bob", "1500 → 1488 (-12)", False),
    ]
    picture = await match_board(match, players=players)
    assert "alice (White) wins. Black resigned." in picture.description
    assert "Ratings: alice 1500 → 1512 (+12), bob 1500 → 1488 (-12)." in picture.description
    unmarked = [p._replace(won=False) for p in players]
    plain = await match_board(match, players=unmarked)
    difference = ImageChops.difference(_image(picture.data), _image(plain.data)).getbbox()
    board_height = _image((await match_board(match)).data).height
    assert difference is not None and difference[1] >= board_height, "the strip marks alice"


@pytest.mark.asyncio
async def test_an_end_picture_without_names_calls_the_winner_by_seat() -> None:
    match = _rated_resignation()
    picture = await match_board(match)
    assert "White wins. Black resigned." in picture.description
    assert "Ratings" not in picture.description


def test_the_replay_marks_nobody_and_shows_the_ratings_played_with() -> None:
    match = _rated_resignation()
    players = replay_labels(MatchRecord(match, ()), NAMES.__getitem__)
    assert [(p.rating, p.won) for p in players] == [("1500", False), ("1500", False)]


def test_a_rating_several_bot_seats_share_is_shown_once() -> None:
    match = new_match("shiftago", (ALICE, -1, -4, BOB))
    ratings = {ALICE: "1530", -1: "1612?", -4: "1612?", BOB: "1500?"}
    players = seat_labels(match, NAMES.__getitem__, ratings)
    assert [p.rating for p in players] == ["1530", "1612?", "", "1500?"]
    assert not any(p.won for p in players)


@pytest.mark.asyncio
async def test_nobody_is_to_act_in_the_strip_of_an_ended_match() -> None:
    match = _rated_resignation()
    assert match.state.current_player == 1, "bob resigned on his turn"
    players = seat_labels(match, NAMES.__getitem__)
    image = _image((await match_board(match, players=players)).data)
    board_height = _image((await match_board(match)).data).height
    edge = {image.getpixel((1, y)) for y in range(board_height, image.height)}
    assert len(edge) == 1, "no row is tinted as the one to act"
