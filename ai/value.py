"""The learned value: a game's n-tuple network, trained by self-play, judging positions.

An n-tuple network (Thill, Koch and Konen, "Reinforcement Learning with N-tuples on the
Game Connect-4", 2012) reads a position as the game's `ValueShape` says
(`games.base`): for each tuple of cells, the joint content of those cells looks up one
weight in that tuple's table, in every symmetric image of the position; the weights'
sum, through the logistic function, is the seat's expected result in [0, 1]. The
tables are two: one read when the seat judged is the one to act, one when it waits.
The sum starts from the game's own heuristic (`GameState.heuristic`, as logits; 0 for a
game without one), so the weights learn what the heuristic misses: an untrained
network judges as the heuristic does, and training only has to correct it.
Training (`benchmarks/train.py`) moves the weights read in a position towards the value
of the position after it, or the result at the end (temporal-difference learning,
`Network.learn`).

A game's trained weights ship in its own folder (`ValueShape.weights`); `network`
loads them once per process and refuses weights trained for other rules or another
shape (`StaleWeights`), so a rule change falls back to the game's heuristic rather
than judging with a value learned for a different game.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import pickle
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import numpy as np
import numpy.typing as npt

from ai.rewards import Rewards, outcome_rewards
from games.base import Game, GameState, ValueShape

log = logging.getLogger(__name__)

Cells = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]


class StaleWeights(ValueError):
    """Weights trained for other rules, or for another shape of network, than the game's."""


def fingerprint(shape: ValueShape) -> str:
    """A digest of what the weights' layout depends on: the cells, states, tuples and
    symmetries (not the rules' version, which is checked by itself)."""
    text = repr(("over the heuristic", shape.cells, shape.states, shape.tuples, shape.symmetries))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: The heuristic's estimates are kept this far from 0 and 1 before they become logits.
EDGE = 1e-4


def prior(state: GameState, seat: int) -> float:
    """The game's heuristic estimate for `seat` in `state` as logits (0 without one)."""
    estimate = state.heuristic(seat)
    if estimate is None:
        return 0.0
    clipped = min(1.0 - EDGE, max(EDGE, estimate))
    return math.log(clipped / (1.0 - clipped))


@dataclass(frozen=True, eq=False)
class Reading:
    """A position as the network reads it for one seat: its cells, whether that seat is
    to act, and the heuristic's logits."""

    cells: Cells
    to_act: bool
    prior: float


@dataclass(eq=False)
class Network:
    """A game's n-tuple network: `weights[1]` read for the seat to act, `weights[0]` for
    a seat that waits; `games`: how many self-play games trained it."""

    shape: ValueShape
    weights: Floats
    games: int = 0
    _positions: Cells = field(init=False, repr=False)
    _powers: Cells = field(init=False, repr=False)
    _offsets: Cells = field(init=False, repr=False)

    def __post_init__(self) -> None:
        shape = self.shape
        longest = max(len(t) for t in shape.tuples)
        blank = shape.cells  # a padding cell, always 0
        sizes = [shape.states ** len(t) for t in shape.tuples]
        starts = np.cumsum([0, *sizes[:-1]])
        positions, offsets = [], []
        for symmetry in shape.symmetries:
            for tup, start in zip(shape.tuples, starts, strict=True):
                mapped = [symmetry[c] for c in tup]
                positions.append(mapped + [blank] * (longest - len(tup)))
                offsets.append(start)
        self._positions = np.array(positions, dtype=np.int64)
        self._offsets = np.array(offsets, dtype=np.int64)
        self._powers = shape.states ** np.arange(longest, dtype=np.int64)
        if self.weights.shape != (2, sum(sizes)):
            raise StaleWeights(f"Weights of shape {self.weights.shape}, not (2, {sum(sizes)}).")

    @classmethod
    def blank(cls, shape: ValueShape) -> Network:
        """An untrained network: every position worth what the game's heuristic says
        (an even 1/2 in a game without one)."""
        size = sum(shape.states ** len(t) for t in shape.tuples)
        return cls(shape, np.zeros((2, size), dtype=np.float32))

    def indices(self, cells: Cells) -> Cells:
        """For a batch of positions (one row of cells each), the weight read for every
        tuple in every symmetric image: one row of indices per position."""
        padded = np.concatenate([cells, np.zeros((len(cells), 1), dtype=np.int64)], axis=1)
        result: Cells = padded[:, self._positions] @ self._powers + self._offsets
        return result

    def values(self, cells: Cells, to_act: npt.NDArray[np.bool_], priors: Floats) -> Floats:
        """The value of each position (a row of `cells`) to the seat it is written for,
        which is to act there where `to_act` says so, from the heuristic's logits
        (`priors`, see `prior`) corrected by the weights."""
        result: Floats = 1.0 / (1.0 + np.exp(-(priors + self.corrections(cells, to_act))))
        return result

    def corrections(self, cells: Cells, to_act: npt.NDArray[np.bool_]) -> Floats:
        """What the weights add to the heuristic's logits for each position (a row of
        `cells`, read from the table `to_act` says): what training taught the network."""
        tables = to_act.astype(np.int64)[:, None]
        result: Floats = self.weights[tables, self.indices(cells)].sum(axis=1)
        return result

    def reading(self, state: GameState, seat: int) -> Reading | None:
        """What the network reads of the running `state` for `seat`, or None where the
        game's learned value does not apply (`value_cells` says)."""
        cells = state.value_cells(seat)
        if cells is None:
            return None
        return Reading(
            np.array(cells, dtype=np.int64), state.current_player == seat, prior(state, seat)
        )

    def value(self, state: GameState, seat: int) -> float | None:
        """`seat`'s expected result in the running `state`, or None where the game's
        learned value does not apply (`value_cells` says)."""
        read = self.reading(state, seat)
        return None if read is None else self.value_of(read)

    def value_of(self, read: Reading) -> float:
        """The value of one reading."""
        priors = np.array([read.prior], dtype=np.float32)
        return float(self.values(read.cells[None, :], np.array([read.to_act]), priors)[0])

    def correction(self, read: Reading) -> float:
        """What the weights add to the heuristic's logits for one reading."""
        return float(self.corrections(read.cells[None, :], np.array([read.to_act]))[0])

    def learn(self, read: Reading, target: float, rate: float) -> float:
        """One step of temporal-difference learning: move the value of the position read
        towards `target` by `rate` times the error in every weight it reads (the gradient
        of the log-loss of the logistic output); returns the error before the step."""
        error = target - self.value_of(read)
        self.nudge(read, rate * error)
        return error

    def nudge(self, read: Reading, step: float) -> None:
        """Add `step` to every weight the reading reads (an eligibility trace's share of
        a later error, in TD(lambda))."""
        table = self.weights[int(read.to_act)]
        np.add.at(table, self.indices(read.cells[None, :])[0], np.float32(step))

    def save(self, path: Path) -> None:
        """Write the weights with the rules and shape they fit, and how many games
        trained them: whole or not at all (a process loading them meanwhile reads the
        file before or the file after)."""
        partial = path.with_name(path.name + ".partial")
        with partial.open("wb") as file:
            self._write(file)
        os.replace(partial, path)

    def _write(self, file: BinaryIO) -> None:
        """The weights and what they fit, as a compressed numpy archive."""
        np.savez_compressed(
            file,
            weights=self.weights,
            rules=np.array(self.shape.rules),
            fingerprint=np.array(fingerprint(self.shape)),
            games=np.array(self.games),
        )

    @classmethod
    def load(cls, shape: ValueShape, path: Path | None = None) -> Network:
        """The weights at `path` (the shape's own file by default); raises StaleWeights
        where they were trained for other rules or another shape, OSError where there
        are none, and anything else of `UNREADABLE` where the file is damaged."""
        with np.load(path or shape.weights) as data:
            rules, digest = str(data["rules"]), str(data["fingerprint"])
            if rules != shape.rules:
                raise StaleWeights(f"Weights trained for rules {rules!r}, not {shape.rules!r}.")
            if digest != fingerprint(shape):
                raise StaleWeights("Weights trained for another shape of network.")
            weights = data["weights"].astype(np.float32)
            return cls(shape, weights, games=int(data["games"]))


#: What loading a weights file may raise: missing, stale or damaged.
UNREADABLE = (OSError, ValueError, KeyError, zipfile.BadZipFile, pickle.UnpicklingError)

_LOADED: dict[str, Network | None] = {}


def network(game: Game) -> Network | None:
    """The game's trained network, loaded once per process; None when the game has no
    learned value or ships no weights for it (it plays by its heuristic, as meant), or
    its weights are stale or damaged (said once in the log)."""
    if game.name in _LOADED:
        return _LOADED[game.name]
    found: Network | None = None
    shape = game.kind.engine.value_shape
    if shape is not None and shape.weights.exists():
        try:
            found = Network.load(shape)
        except UNREADABLE as error:  # StaleWeights among them
            log.warning("%s plays without its learned value: %s", game.title, error)
    _LOADED[game.name] = found
    return found


def judge_name(game: Game) -> str:
    """What judges `game`'s positions in this process, for results kept to be read again
    (an analysis): a digest of its learned value's weights, or "heuristic" without one;
    new weights name another judge."""
    net = network(game)
    if net is None:
        return "heuristic"
    return hashlib.sha256(net.weights.tobytes()).hexdigest()[:12]


def judge_by(game: Game, net: Network | None) -> None:
    """Make `net` the game's learned value in this process from now on (None: the
    game's heuristic alone), in place of its shipped weights: for a benchmark that
    pits two networks (`benchmarks/versus.py`)."""
    _LOADED[game.name] = net


def learned_rewards(state: GameState, net: Network) -> Rewards | None:
    """Each seat's result as `net` judges the running `state` (with two players the
    other seat's is what the first leaves), or None where it does not apply."""
    if state.players == 2:
        mover = state.current_player
        assert mover is not None
        value = net.value(state, mover)
        if value is None:
            return None
        return (value, 1.0 - value) if mover == 0 else (1.0 - value, value)
    values = [net.value(state, seat) for seat in range(state.players)]
    if any(v is None for v in values):
        return None
    total = sum(v for v in values if v is not None) or 1.0
    return tuple((v or 0.0) / total for v in values)


def judged_value(state: GameState, seat: int) -> float | None:
    """`seat`'s result in `state` by the game's learned value: its outcome once the game
    is over, else the network's value, or None where the game has none for `state`."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome_rewards(outcome, state.players)[seat]
    net = network(state.game)
    return None if net is None else net.value(state, seat)
