"""`benchmarks/book.py`: a game's opening book written by searches, resumed from its file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.shiftago import SHIFTAGO

#: The script, run as its docstring says.
SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "book.py"


def build(path: Path) -> str:
    """Shiftago's book of the first two insertions at `easy`'s budget, into `path`; what
    the script says on stderr."""
    command = [sys.executable, str(SCRIPT), "shiftago", str(path), "--plies", "2"]
    command += ["--level", "easy", "--jobs", "1"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stderr


def test_each_side_gets_a_legal_move_for_each_position_up_to_symmetry(tmp_path: Path) -> None:
    path = tmp_path / "book.txt"
    said = build(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    # The first player's first insertion, and the second player's answer to each of the 4
    # first insertions up to symmetry.
    assert len(lines) == 5 and lines == sorted(lines)
    assert said.endswith(f"5 entries in {path}\n")
    start = SHIFTAGO.new(players=2)
    entries = dict(line.split(" ") for line in lines)
    for state in [start] + [start.play(move) for move in start.legal_moves()]:
        key = state.book_key()
        assert key in entries
        assert entries[key] in {state.book_notation(move) for move in state.legal_moves()}


def test_a_run_keeps_the_entries_already_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "book.txt"
    start = SHIFTAGO.new(players=2)
    corner = next(m for m in start.legal_moves() if start.book_notation(m) == "Na")
    path.write_text(f"{start.book_key()} Na\n", encoding="utf-8")
    build(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and f"{start.book_key()} Na" in lines
    assert start.play(corner).book_key() in {line.split(" ")[0] for line in lines}
