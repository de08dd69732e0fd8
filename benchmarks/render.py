"""Speed and size of the board pictures, for every game that has one.

For mid-game positions at the default width, drawn with the players strip (names, ratings
and clocks, as the bot draws every picture): the median time of `render.board_png` (each
call on a fresh copy of the state, rebuilt from JSON, as the bot does; sprite caches warm,
as in a running bot), the PNG size, and the median time to encode the same finished
picture alone, each encode timed right after a render, so that both meet the same load;
the ratio of the two also by CPU time, which a loaded machine stretches less.
Each game is measured with its fewest players and, where it allows more, again with its
most (with the options of `BUSIEST`, the fullest picture: Shiftago's Expert shows
points). Also the first picture after start: a fresh process
imports `render` (as the bot does when it starts), then draws one such picture with cold
caches; its wall-clock time (the budget's) and the CPU time it took, which the machine's
load does not stretch. Then a 200-move Skift replay, and a 5,000-move Skift replay 800
pixels wide as the bot draws one (positions rebuilt one at a time, within Discord's
default upload limit): its time, size, frames and the peak memory of the process
(measured first, before anything else is drawn). The last line printed is one JSON
object of the figures.

Budget (issues 3 and 23): median render <= 25 ms, PNG <= 60 KB, render <= 1.8x encode, the
first picture after start under 50 ms.

    .venv/bin/python benchmarks/render.py
"""

from __future__ import annotations

import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

# This script is named render.py: keep its own folder off the import path, so that
# `import render` below finds the package rather than this file; the project root on it.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import games  # noqa: E402
import render  # noqa: E402
from render.palette import encode_png  # noqa: E402
from tests.render.positions import SkiftLine, skift_moves  # noqa: E402

POSITIONS = 5  # mid-game positions per game, one per seed
REPEATS = 40  # timed renders per position
MID_PLY = 24  # how far into a random playout a "mid-game" position lies
REPLAY_MOVES = 200
#: The long replay: moves, width, Discord's default upload limit and the bot's frame cap
#: (`bot.presentation.pictures.REPLAY_FRAMES`).
LONG_MOVES, LONG_SIZE, UPLOAD_LIMIT, LONG_FRAMES = 5000, 800, 10 << 20, 600
BUDGET = {"render_ms": 25.0, "png_kb": 60.0, "render_over_encode": 1.8, "first_render_ms": 50.0}
#: Options that make a game's picture fullest, for its many-player measurement.
BUSIEST: dict[str, dict[str, Any]] = {"shiftago": {"variant": "expert"}}
#: Options that make a game's board largest, measured as a further case (Shifty 19x19).
LARGEST: dict[str, dict[str, Any]] = {"shifty": {"size": 19}}


def mid_game(name: str, seed: int, players: int, options: dict[str, Any]) -> Any:
    """A position MID_PLY plies into a fixed-seed random game, avoiding moves that end it."""
    rng = random.Random(seed)
    game = games.get(name)
    state = game.new(players=players, options=options, seed=seed)
    while state.ply < MID_PLY and state.outcome() is None:  # a solo game may end anyway
        moves = list(state.legal_moves())
        rng.shuffle(moves)
        state = state.play(next((m for m in moves if not state.play(m).outcome()), moves[0]))
    return state


def long_game(name: str, moves: int) -> list[Any]:
    """Every position of a fixed-seed random game of `moves` moves that does not end early."""
    rng = random.Random(1)
    state = games.get(name).new(players=2, seed=1)
    states = [state]
    while len(states) <= moves:
        options = list(state.legal_moves())
        rng.shuffle(options)
        state = state.play(next((m for m in options if not state.play(m).outcome()), options[0]))
        states.append(state)
    return states


def _peak_mb() -> float:
    """The peak memory of this process so far (ru_maxrss, kilobytes on Linux)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def long_replay_figures() -> dict[str, Any]:
    """Time, size, frames, width and peak memory of the long Skift replay."""
    line = SkiftLine(skift_moves(LONG_MOVES))
    before = _peak_mb()
    start = time.perf_counter()
    replay = render.replay(line, size=LONG_SIZE, max_bytes=UPLOAD_LIMIT, max_frames=LONG_FRAMES)
    seconds = time.perf_counter() - start
    return {
        "moves": LONG_MOVES,
        "limit_mib": round(UPLOAD_LIMIT / 2**20, 1),
        "seconds": round(seconds, 2),
        "mib": round(len(replay.data) / 2**20, 2),
        "frames": replay.frames,
        "width": replay.width,
        "peak_mb_before": before,
        "peak_mb": _peak_mb(),
        "within_limit": len(replay.data) <= UPLOAD_LIMIT,
    }


def _ms(seconds: list[float]) -> float:
    return round(statistics.median(seconds) * 1000, 2)


def _as_seen(state: Any) -> tuple[Any, int | None]:
    """The picture to measure: in games with hidden information, the player to act's own
    (their view, with their hand: the fullest picture); else the board."""
    seat = state.current_player
    if not state.game.kind.hidden_information or seat is None:
        return state, None
    return state.view(seat), seat


def seat_labels(players: int) -> list[render.SeatLabel]:
    """Names, ratings and clocks for the players strip, as the bot draws every picture."""
    return [render.SeatLabel(f"Player {i + 1}", "1500", "2 days left") for i in range(players)]


def first_picture(name: str, players: int, options: dict[str, Any]) -> dict[str, float]:
    """The wall-clock and CPU milliseconds of this process's first picture: a mid-game
    position as the player to act sees it, with the players strip."""
    shown, seat = _as_seen(mid_game(name, 99, players, options))
    labels = seat_labels(players)
    start, cpu = time.perf_counter(), time.thread_time()
    render.board_png(shown, seat=seat, players=labels)
    return {
        "first_render_ms": round((time.perf_counter() - start) * 1000, 1),
        "first_render_cpu_ms": round((time.thread_time() - cpu) * 1000, 1),
    }


def first_picture_in_fresh_process(
    name: str, players: int, options: dict[str, Any]
) -> dict[str, float]:
    """`first_picture` measured in a new Python process running this script."""
    case = json.dumps([name, players, options])
    command = [sys.executable, str(Path(__file__).resolve()), "--first-picture", case]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def measure(name: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Render, encode and size figures for one game at the default width, with the players
    strip; the first picture in a fresh process."""
    game = games.get(name)
    labels = seat_labels(players)
    first = first_picture_in_fresh_process(name, players, options)
    renders, encodes, sizes = [], [], []
    renders_cpu, encodes_cpu = [], []
    for seed in range(POSITIONS):
        data = mid_game(name, seed, players, options).to_json()
        copies = [game.from_json(data) for _ in range(REPEATS)]
        shown, seat = _as_seen(copies[0])
        finished = render.board_image(shown, seat=seat, players=labels)
        for state in copies:  # a render, then an encode: the same load on both
            start, cpu = time.perf_counter(), time.thread_time()
            shown, seat = _as_seen(state)
            png = render.board_png(shown, seat=seat, players=labels)
            renders.append(time.perf_counter() - start)
            renders_cpu.append(time.thread_time() - cpu)
            start, cpu = time.perf_counter(), time.thread_time()
            encode_png(finished)
            encodes.append(time.perf_counter() - start)
            encodes_cpu.append(time.thread_time() - cpu)
        sizes.append(len(png))
    figures = {
        "players": players,
        "width": finished.width,
        "render_ms": _ms(renders),
        "encode_ms": _ms(encodes),
        "png_kb": round(max(sizes) / 1024, 1),
        **first,
    }
    figures["render_over_encode"] = round(figures["render_ms"] / figures["encode_ms"], 2)
    figures["cpu_render_over_encode"] = round(_ms(renders_cpu) / _ms(encodes_cpu), 2)
    return figures


def replay_figures(name: str) -> dict[str, Any]:
    """Size and time of the replay of a long game."""
    states = long_game(name, REPLAY_MOVES)
    start = time.perf_counter()
    gif = render.replay(states).data
    return {
        "moves": REPLAY_MOVES,
        "seconds": round(time.perf_counter() - start, 2),
        "mb": round(len(gif) / 1e6, 2),
    }


def _report(key: str, figures: dict[str, Any]) -> dict[str, Any]:
    """Print one measurement with its verdict against the budget; return it with the verdict."""
    within = all(figures[field] <= limit for field, limit in BUDGET.items())
    print(
        f"{key}: {figures['players']} players, {figures['width']} px wide, median render "
        f"{figures['render_ms']} ms, encode alone {figures['encode_ms']} ms (render/encode "
        f"{figures['render_over_encode']}; by CPU time {figures['cpu_render_over_encode']}), "
        f"PNG {figures['png_kb']} KB, first picture "
        f"{figures['first_render_ms']} ms ({figures['first_render_cpu_ms']} ms CPU): "
        f"{'within' if within else 'OVER'} budget"
    )
    return {**figures, "within_budget": within}


def main() -> None:
    """Print the figures per game, then one JSON line of all of them."""
    results: dict[str, Any] = {}
    if render.has_picture("skift"):  # first, so that the peak memory is its own
        results["skift_long_replay"] = lr = long_replay_figures()
        print(
            f"skift long replay: {lr['moves']} moves, {lr['frames']} frames {lr['width']} px "
            f"wide, {lr['mib']} MiB GIF (limit {lr['limit_mib']} MiB) in {lr['seconds']} s, peak "
            f"memory {lr['peak_mb']} MB ({lr['peak_mb_before']} MB before the replay)"
        )
    for name in games.names():
        if not render.has_picture(name):
            print(f"{name}: no picture yet")
            continue
        game = games.get(name)
        cases: dict[str, tuple[int, dict[str, Any]]] = {name: (game.kind.min_players, {})}
        if game.kind.max_players > game.kind.min_players:
            cases[f"{name}_{game.kind.max_players}p"] = (
                game.kind.max_players,
                BUSIEST.get(name, {}),
            )
        if name in LARGEST:
            cases[f"{name}_largest"] = (game.kind.min_players, LARGEST[name])
        for key, (players, options) in cases.items():
            results[key] = _report(key, measure(name, players, options))
    if render.has_picture("skift"):
        results["skift_replay"] = replay_figures("skift")
        rp = results["skift_replay"]
        print(f"skift replay: {rp['moves']} moves, {rp['mb']} MB GIF in {rp['seconds']} s")
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--first-picture"]:  # the fresh process of one first picture
        print(json.dumps(first_picture(*json.loads(sys.argv[2]))))
    else:
        main()
