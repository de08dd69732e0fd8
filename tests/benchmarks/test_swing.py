"""The swing benchmark's learned edge (`benchmarks/swing.py`)."""

from __future__ import annotations

import pytest

import games
from ai.value import Network
from benchmarks.swing import learned_edge
from tests.testgames import installed


def test_the_learned_edge_is_the_side_to_acts_correction_less_the_waiting_sides() -> None:
    with installed():
        game = games.get("test-five")
        shape = game.kind.engine.value_shape
        assert shape is not None
        state = game.new(players=2, seed=1)
        played = [state, state.play(state.legal_moves()[0])]
        net = Network.blank(shape)
        assert learned_edge(net, [played]) == 0.0
        net.weights[1] += 0.01  # every weight read for the seat to act
        read = net.reading(state, 0)
        assert read is not None
        reads = len(net.indices(read.cells[None, :])[0])
        assert learned_edge(net, [played]) == pytest.approx(0.01 * reads, rel=1e-5)
        net.weights[0] += 0.03  # and for the seat that waits, more
        assert learned_edge(net, [played]) == pytest.approx(-0.02 * reads, rel=1e-5)
