"""The command line of `benchmarks/ai.py`, as its user reads it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

#: The script, run as its docstring says.
SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "ai.py"


def test_help_lists_each_opponent_kind_once() -> None:
    shown = subprocess.run(
        [sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert "--against {random,greedy,easy,hard}" in shown
