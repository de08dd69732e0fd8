"""Replays: an animated GIF with one frame per position, looping, the last held longer."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageSequence

import games
import render
from games.skift import SKIFT, PieceMove
from tests.render.positions import long_skift_game, playout
from tests.testgames import installed

with installed():  # the test games join; conftest.py registers them while tests run
    NAMES = games.names()


def _frames(gif: bytes) -> tuple[Image.Image, list[Image.Image], list[int]]:
    image = Image.open(io.BytesIO(gif))
    frames, durations = [], []
    for frame in ImageSequence.Iterator(image):
        frames.append(frame.convert("RGB"))
        durations.append(frame.info["duration"])
    return image, frames, durations


def test_a_replay_has_one_frame_per_position_and_loops() -> None:
    states = long_skift_game(12)
    gif = render.replay(states, size=400, frame_ms=500, hold_ms=3000).data
    image, frames, durations = _frames(gif)
    assert image.format == "GIF"
    assert image.info["loop"] == 0
    assert len(frames) == len(states) == 13
    assert durations == [3000] + [500] * 11 + [3000]
    assert {frame.size for frame in frames} == {(400, frames[0].height)}
    for before, after in zip(frames, frames[1:], strict=False):
        assert ImageChops.difference(before, after).getbbox() is not None


def test_the_frames_are_the_pictures_of_the_positions() -> None:
    states = [SKIFT.new(2)]
    for _ in range(3):
        state = states[-1]
        states.append(state.play(next(m for m in state.legal_moves() if isinstance(m, PieceMove))))
    _, frames, _ = _frames(render.replay(states, size=400).data)
    for state, frame in zip(states, frames, strict=True):
        still = render.board_image(state, size=400).convert("RGB")
        assert ImageChops.difference(still, frame).getbbox() is None


def test_a_200_move_game_stays_under_8_megabytes() -> None:
    states = long_skift_game(200)
    gif = render.replay(states).data
    assert len(gif) < 8_000_000
    assert Image.open(io.BytesIO(gif)).n_frames == 201


@pytest.mark.parametrize("name", NAMES)
def test_every_game_with_a_picture_replays(name: str) -> None:
    if not render.has_picture(name):
        pytest.skip(f"{name} has no picture module yet")
    states = playout(name, 8, seed=6)
    gif = render.replay(states, size=320, theme="contrast").data
    assert Image.open(io.BytesIO(gif)).n_frames == len(states)


def test_bad_replays_are_refused() -> None:
    states = playout("skift", 3, seed=1)
    with pytest.raises(ValueError, match="at least one position"):
        render.replay([])
    with pytest.raises(ValueError, match="needs 3 moves"):
        render.replay(states, moves=[None])
