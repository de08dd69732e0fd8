"""Writes a game's opening book (`GameState.book_key`, `book_move`): the move a long
search finds in every position of a game's first moves in which one side follows the
book and the other plays anything, one entry for positions alike up to the board's
symmetries.

    .venv/bin/python benchmarks/book.py GAME BOOK_FILE [--plies 4] [--level master] [--jobs 2]

Each side's book is built in turn: from the start, a position where that side is to
move is searched (at `--level`'s budget, timed in CPU seconds, without the book) and
followed by its move; where the other side is to move, every legal move is followed.
Entries already in the file are kept and not searched again, so a run stopped half way
goes on where it stopped; the file is rewritten in the order of the keys at the end.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Hashable
from pathlib import Path

# Python puts the script's own folder first on the path, where `benchmarks/ai.py` would
# be found as `ai`: look in the project instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import ai  # noqa: E402
import games  # noqa: E402
from benchmarks.series import cpu_clock  # noqa: E402
from benchmarks.strength import played_all  # noqa: E402
from games import GameState  # noqa: E402


def read_book(path: Path) -> dict[str, str]:
    """The entries of a book file (key -> the move as the book writes it); none if absent."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    return dict(line.split(" ", 1) for line in lines if line.strip())


def write_book(path: Path, entries: dict[str, str]) -> None:
    """The book file, one entry a line in the order of the keys."""
    path.write_text("".join(f"{key} {entries[key]}\n" for key in sorted(entries)), "utf-8")


def _searched(task: tuple[str, dict[str, object], str]) -> tuple[str, str]:
    """A position's key and the move a search at the level finds there, as the book
    writes it (in a worker: the task is the game's name, the position's JSON and the
    level)."""
    name, data, level = task
    state = games.get(name).from_json(data)
    budget = dataclasses.replace(ai.Level.named(level).budget, book=False)
    seat = state.current_player
    assert seat is not None
    move = ai.advise(state, seat, budget).move
    key = state.book_key()
    assert key is not None
    return key, state.book_notation(move)


def _one_of_each(states: list[GameState]) -> dict[str, GameState]:
    """The positions that keep a book, one for each key, the first found."""
    found: dict[str, GameState] = {}
    for state in states:
        key = state.book_key()
        if key is not None and state.outcome() is None:
            found.setdefault(key, state)
    return found


def _book_move(state: GameState, notation: str) -> Hashable:
    """The legal move of `state` that the book writes as `notation`."""
    return next(m for m in state.legal_moves() if state.book_notation(m) == notation)


def build(name: str, path: Path, plies: int, level: str, jobs: int) -> dict[str, str]:
    """Every side's book for the first `plies` moves of two-player games of `name` with
    their default options, added to the file at `path` as each entry is found."""
    game = games.get(name)
    entries = read_book(path)
    with path.open("a", encoding="utf-8") as log:
        for side in range(2):
            layer = [game.new(players=2)]
            for _ in range(plies):
                positions = _one_of_each(layer)
                mine = {k: s for k, s in positions.items() if s.current_player == side}
                tasks = [(name, s.to_json(), level) for k, s in mine.items() if k not in entries]
                for key, notation in played_all(_searched, tasks, jobs, cpu_clock):
                    entries[key] = notation
                    log.write(f"{key} {notation}\n")
                    log.flush()
                layer = []
                for key, state in positions.items():
                    if key in mine:
                        layer.append(state.play(_book_move(state, entries[key])))
                    else:
                        layer += [state.play(move) for move in state.legal_moves()]
    write_book(path, entries)
    return entries


def main(argv: list[str] | None = None) -> None:
    """Build the book the command line asks for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="the game's name")
    parser.add_argument("book", type=Path, help="the book file, added to and rewritten")
    parser.add_argument("--plies", type=int, default=4, help="the moves the book covers")
    parser.add_argument("--level", default="master", help="the level whose search decides")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args(argv)
    entries = build(args.game, args.book, args.plies, args.level, args.jobs)
    print(f"{len(entries)} entries in {args.book}", file=sys.stderr)


if __name__ == "__main__":
    main()
