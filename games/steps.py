"""Moves chosen by taps: the steps a move breaks into, and the composer that groups the
legal moves of a position by them.

A game declares, for each legal move, its steps (`GameState.move_steps`): a short `key`
(it travels in button ids), a `label` in the words players use and the `notation` of the
move so far (so that players learn it). The `Composer` then offers, after the keys
chosen so far (a path), only the next steps that lead to at least one legal move; a path
that ends a move's steps names that move. A game that declares nothing gets one step per
move, its description and notation, keyed by its place among the legal moves.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.base import GameState

#: What a step's key may be: it travels in Discord's custom ids, between ":" and "/".
KEY = re.compile(r"[A-Za-z0-9+-]{1,8}")
#: The longest path (keys joined by "/") of any move: what a custom id has room for.
MAX_PATH = 40
#: How keys are joined into a path, in ids and in the console.
SEPARATOR = "/"

Path = tuple[str, ...]


@dataclass(frozen=True)
class Step:
    """One choice on the way to a move: its `key`, its `label` in words ("tile E",
    "north edge") and the notation of the move so far ("Nc"; "" when there is none)."""

    key: str
    label: str
    notation: str = ""


@dataclass(frozen=True)
class Choice:
    """A next step the composer offers, and the move it completes (None: more follow)."""

    step: Step
    move: Hashable | None


class Composer:
    """The legal moves of `state` (the position as its player to act sees it) by their
    steps: what to offer after a path, the move a path completes, and where a press of
    Back leads. Steps with a single choice are taken for the player (`forward`)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._moves: dict[Path, Hashable] = {}
        self._choices: dict[Path, dict[str, Choice]] = {}
        for index, move in enumerate(state.legal_moves()):
            steps = tuple(state.move_steps(move)) or (
                Step(str(index), state.describe_move(move), state.format_move(move)),
            )
            path = tuple(step.key for step in steps)
            self._moves[path] = move
            for depth, step in enumerate(steps):
                level = self._choices.setdefault(path[:depth], {})
                done = move if depth == len(steps) - 1 else None
                level.setdefault(step.key, Choice(step, done))

    @property
    def moves(self) -> dict[Path, Hashable]:
        """Every legal move by its path of keys."""
        return dict(self._moves)

    def choices(self, path: Sequence[str]) -> list[Choice]:
        """The next steps after `path`, in the order the game lists its moves (empty
        after a path that leads nowhere or completes a move)."""
        return list(self._choices.get(tuple(path), {}).values())

    def move_at(self, path: Sequence[str]) -> Hashable | None:
        """The move `path` completes, or None."""
        return self._moves.get(tuple(path))

    def leads_somewhere(self, path: Sequence[str]) -> bool:
        """Whether `path` completes a legal move or is on the way to one."""
        return tuple(path) in self._moves or tuple(path) in self._choices

    def forward(self, path: Sequence[str]) -> Path:
        """`path` followed by every step that has one choice only (and completes no
        move: a move is always confirmed)."""
        taken = tuple(path)
        while True:
            offered = self.choices(taken)
            if len(offered) != 1 or offered[0].move is not None:
                return taken
            taken += (offered[0].step.key,)

    def back(self, path: Sequence[str]) -> Path:
        """Where Back leads from `path`: one chosen step undone, and the steps that were
        taken for the player before it."""
        taken = tuple(path)[:-1]
        while taken and len(self.choices(taken[:-1])) == 1:
            taken = taken[:-1]
        return taken

    def trail(self, path: Sequence[str]) -> list[Step]:
        """The steps chosen along `path` (as far as it leads somewhere)."""
        steps: list[Step] = []
        for depth in range(len(path)):
            chosen = self._choices.get(tuple(path[:depth]), {}).get(path[depth])
            if chosen is None:
                break
            steps.append(chosen.step)
        return steps


def read_path(text: str) -> Path:
    """A path as it travels ("" is the start)."""
    return tuple(text.split(SEPARATOR)) if text else ()


def write_path(path: Sequence[str]) -> str:
    """The text of a path (keys joined by SEPARATOR)."""
    return SEPARATOR.join(path)
