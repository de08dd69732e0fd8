"""Long games: a replay fits its byte limit (fewer frames, then smaller ones, else
ReplayTooLarge), always shows the first and last positions, and is drawn in memory that
does not grow with the game's length."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import render
from render.animation import FEWEST_FRAMES, MIN_SIZE, TAIL, sample
from tests.render.positions import gif_frames, skift_frame, skift_game

LONG = 5000
ENDING = "Black wins: White resigned."
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def long_game() -> tuple[list, list]:
    """(moves, positions) of a 5,000-move Skift game."""
    return skift_game(LONG)


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def test_a_sample_keeps_the_first_and_the_last_positions_and_spreads_the_rest() -> None:
    shown = sample(LONG + 1, 40)
    assert len(shown) == 40 == len(set(shown)) and shown == sorted(shown)
    assert shown[0] == 0 and shown[-TAIL:] == list(range(LONG + 1 - TAIL, LONG + 1))
    gaps = {b - a for a, b in zip(shown, shown[1 : -TAIL + 1], strict=False)}
    assert max(gaps) - min(gaps) <= 1, "evenly spread"
    assert sample(10, 20) == list(range(10))
    assert sample(10, 2) == [0, 9] and sample(10, 3) == [0, 8, 9]
    with pytest.raises(ValueError, match="at least the first and last"):
        sample(10, 1)


def test_a_long_replay_fits_by_showing_fewer_positions(long_game: tuple[list, list]) -> None:
    _, states = long_game
    limit = 300_000
    replay = render.replay(states, size=320, max_bytes=limit, ending=ENDING)
    assert len(replay.data) <= limit and replay.width == 320, "first fewer frames, same size"
    assert FEWEST_FRAMES <= replay.frames < len(states) and not replay.complete
    assert replay.shown[0] == 0 and replay.shown[-TAIL:] == tuple(range(LONG + 1 - TAIL, LONG + 1))
    frames = gif_frames(replay.data)
    assert len(frames) == replay.frames
    assert _same(frames[0], skift_frame(states, 0, 320))
    assert _same(frames[-1], skift_frame(states, LONG, 320, ENDING)), "the end, saying how"
    middle = replay.shown[len(replay.shown) // 2]
    assert _same(frames[len(replay.shown) // 2], skift_frame(states, middle, 320))


def test_a_replay_is_drawn_smaller_when_its_fewest_frames_do_not_fit(
    long_game: tuple[list, list],
) -> None:
    _, states = long_game
    limit = 40_000
    replay = render.replay(states, size=400, max_bytes=limit)
    assert len(replay.data) <= limit
    assert replay.width < 400 and 2 <= replay.frames < FEWEST_FRAMES
    frames = gif_frames(replay.data)
    assert {frame.width for frame in frames} == {replay.width}
    assert _same(frames[0], skift_frame(states, 0, replay.width))
    assert _same(frames[-1], skift_frame(states, LONG, replay.width))


def test_nothing_fits_a_limit_below_two_of_the_smallestgif_frames(
    long_game: tuple[list, list],
) -> None:
    _, states = long_game
    smallest = render.replay(states[:1] + states[-1:], size=MIN_SIZE)
    assert smallest.frames == 2
    with pytest.raises(render.ReplayTooLarge, match="first and last positions 240 pixels wide"):
        render.replay(states, max_bytes=len(smallest.data) // 2)


def test_a_short_game_within_its_limit_shows_every_position(long_game: tuple[list, list]) -> None:
    moves, states = long_game
    replay = render.replay(states[:31], moves[:30], size=MIN_SIZE, max_bytes=10 << 20)
    assert replay.complete and replay.shown == tuple(range(31)) and replay.width == MIN_SIZE
    capped = render.replay(states[:31], size=MIN_SIZE, max_frames=12)
    assert capped.frames == 12 and capped.shown[0] == 0 and capped.shown[-1] == 30


def test_limits_are_checked() -> None:
    states = skift_game(3)[1]
    with pytest.raises(ValueError, match="byte limit must be a whole number from 1 up"):
        render.replay(states, max_bytes=0)
    with pytest.raises(ValueError, match="frame limit must be a whole number from 2 up"):
        render.replay(states, max_frames=1)


#: Run in a fresh interpreter, so that its peak memory is the replay's alone: 600 frames
#: of a 5,000-move game (its moves come pickled on stdin), its positions rebuilt one at a
#: time. Drawn whole, as before replays streamed, 600 frames this size took 290 MB. The
#: peak is the kernel's high-water mark of the process's memory (VmHWM), which starts
#: afresh in a new program (`resource`'s ru_maxrss would count the parent's, inherited
#: through fork).
MEASURE = textwrap.dedent(
    """
    import json, pickle, re, sys
    import render
    from tests.render.positions import SkiftLine

    def peak_kb():
        status = open("/proc/self/status").read()
        return int(re.search(r"VmHWM:\\s+(\\d+) kB", status).group(1))

    line = SkiftLine(pickle.load(sys.stdin.buffer))
    before = peak_kb()
    replay = render.replay(line, size=240, max_frames=600, max_bytes=8 << 20)
    peak = peak_kb()
    shown = [replay.shown[0], replay.shown[-1]]
    figures = {"before_kb": before, "peak_kb": peak, "frames": replay.frames, "shown": shown}
    json.dump({**figures, "bytes": len(replay.data)}, sys.stdout)
    """
)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's VmHWM")
def test_a_5000_move_replay_is_drawn_in_under_200_mb(long_game: tuple[list, list]) -> None:
    moves, _ = long_game
    done = subprocess.run(
        [sys.executable, "-c", MEASURE],
        input=pickle.dumps(moves),
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    figures = json.loads(done.stdout)
    assert figures["frames"] == 600 and figures["shown"] == [0, LONG]
    assert figures["bytes"] <= 8 << 20
    assert figures["peak_kb"] < 200 * 1024, f"peak {figures['peak_kb'] // 1024} MB"
    assert figures["peak_kb"] - figures["before_kb"] < 50 * 1024, "the replay's own share"
