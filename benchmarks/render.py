"""Speed and size of the board pictures, for every game that has one.

For mid-game positions at the default width: the median time of `render.board_png` (each
call on a fresh copy of the state, rebuilt from JSON, as the bot does; sprite caches warm,
as in a running bot), the PNG size, and, in the same run, the median time to encode the
same finished picture alone. Each game is measured with its fewest players and, where it
allows more, again with its most (with the options of `BUSIEST`, the fullest picture:
Shiftago's Expert shows points). Also the first picture after start (cold caches) and a
200-move Skift replay. The last line printed is one JSON object of the figures.

Budget (issue 3): median render <= 25 ms, PNG <= 60 KB, render <= 2x encode.

    .venv/bin/python benchmarks/render.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# This script is named render.py: keep its own folder off the import path, so that
# `import render` below finds the package rather than this file.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != _HERE]

import games  # noqa: E402
import render  # noqa: E402
from render.palette import encode_png  # noqa: E402

POSITIONS = 5  # mid-game positions per game, one per seed
REPEATS = 40  # timed renders per position
MID_PLY = 24  # how far into a random playout a "mid-game" position lies
REPLAY_MOVES = 200
BUDGET = {"render_ms": 25.0, "png_kb": 60.0, "render_over_encode": 2.0}
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


def _ms(seconds: list[float]) -> float:
    return round(statistics.median(seconds) * 1000, 2)


def _as_seen(state: Any) -> tuple[Any, int | None]:
    """The picture to measure: in games with hidden information, the player to act's own
    (their view, with their hand: the fullest picture); else the board."""
    seat = state.current_player
    if not state.game.hidden_information or seat is None:
        return state, None
    return state.view(seat), seat


def measure(name: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Render, encode and size figures for one game at the default width."""
    game = games.get(name)
    start = time.perf_counter()
    render.board_png(mid_game(name, 99, players, options))
    cold = time.perf_counter() - start
    renders, encodes, sizes = [], [], []
    for seed in range(POSITIONS):
        data = mid_game(name, seed, players, options).to_json()
        copies = [game.from_json(data) for _ in range(REPEATS)]
        for state in copies:
            start = time.perf_counter()
            shown, seat = _as_seen(state)
            png = render.board_png(shown, seat=seat)
            renders.append(time.perf_counter() - start)
        shown, seat = _as_seen(copies[0])
        finished = render.board_image(shown, seat=seat)
        for _ in range(REPEATS):
            start = time.perf_counter()
            encode_png(finished)
            encodes.append(time.perf_counter() - start)
        sizes.append(len(png))
    figures = {
        "players": players,
        "width": finished.width,
        "render_ms": _ms(renders),
        "encode_ms": _ms(encodes),
        "png_kb": round(max(sizes) / 1024, 1),
        "first_render_ms": round(cold * 1000, 1),
    }
    figures["render_over_encode"] = round(figures["render_ms"] / figures["encode_ms"], 2)
    return figures


def replay_figures(name: str) -> dict[str, Any]:
    """Size and time of the replay of a long game."""
    states = long_game(name, REPLAY_MOVES)
    start = time.perf_counter()
    gif = render.replay(states)
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
        f"{figures['render_over_encode']}), PNG {figures['png_kb']} KB, first picture "
        f"{figures['first_render_ms']} ms: {'within' if within else 'OVER'} budget"
    )
    return {**figures, "within_budget": within}


def main() -> None:
    """Print the figures per game, then one JSON line of all of them."""
    results: dict[str, Any] = {}
    for name in games.names():
        if not render.has_picture(name):
            print(f"{name}: no picture yet")
            continue
        game = games.get(name)
        cases = {name: (game.min_players, {})}
        if game.max_players > game.min_players:
            cases[f"{name}_{game.max_players}p"] = (game.max_players, BUSIEST.get(name, {}))
        if name in LARGEST:
            cases[f"{name}_largest"] = (game.min_players, LARGEST[name])
        for key, (players, options) in cases.items():
            results[key] = _report(key, measure(name, players, options))
    if render.has_picture("skift"):
        results["skift_replay"] = replay_figures("skift")
        rp = results["skift_replay"]
        print(f"skift replay: {rp['moves']} moves, {rp['mb']} MB GIF in {rp['seconds']} s")
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main()
