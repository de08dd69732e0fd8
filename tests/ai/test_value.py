"""The learned value's contract (`ai.value`), through every registered game (the test
games of tests/testgames join; Claims has a value shape of its own, with no weights):

- a finished position is valued as its outcome, by `judged_value` and `ai.evaluate`;
- a game's symmetries are a group, and a position is valued as each of its mirror
  images, by random weights and by the weights the game ships;
- weights saved for another version of the rules, or another shape, are refused, and
  damaged ones leave the game to its heuristic with a warning; a game that ships no
  weights plays by its heuristic without one;
- the weights a game ships load for its rules, are small, and are loaded once;
- a short seeded self-play training run (`benchmarks.train`) makes Claims' value play
  better against a random player than the untrained value does, whether it learns by
  TD(lambda) from one-ply play or from the targets of a two-ply search;
- a two-ply search's targets are mixed with the game's result for each seat, as asked;
- a value is the heuristic's logits plus the correction the weights add (`correction`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import ai
import games
from ai.rewards import outcome_rewards
from ai.value import Network, Reading, StaleWeights, judge_by, judged_value, network, prior
from benchmarks.train import greedy_move, search_play, searched, self_play
from games import Game, GameState
from tests.games.test_conformance import choose
from tests.testgames import installed

with installed():
    NAMES = games.names()
    LEARNED = [name for name in NAMES if games.get(name).kind.engine.value_shape is not None]
    SHIPPED = [name for name in LEARNED if games.get(name).kind.engine.value_shape.weights.exists()]

#: What the weights of every game may weigh in all (the issue's budget).
MOST_BYTES = 10 * 1024 * 1024


@pytest.fixture(autouse=True)
def test_games_installed() -> Iterator[None]:
    """Register the test games for each test."""
    with installed():
        yield


def positions(name: str, seed: int) -> list[GameState]:
    """The positions of a random two-seat game of `name` (its fewest seats if more),
    from the start to the end (moves drawn as the conformance tests draw them)."""
    game = games.get(name)
    kind = game.kind
    state = game.new(players=max(2, kind.min_players) if kind.max_players > 1 else 1, seed=seed)
    rng = random.Random(seed)
    seen = [state]
    while state.outcome() is None:
        state = state.play(choose(rng, state, state.legal_moves()))
        seen.append(state)
    return seen


@pytest.mark.parametrize("name", NAMES)
def test_a_finished_position_is_valued_as_its_outcome(name: str) -> None:
    end = positions(name, seed=1)[-1]
    outcome = end.outcome()
    assert outcome is not None
    for seat in range(end.players):
        expected = outcome_rewards(outcome, end.players)[seat]
        assert judged_value(end, seat) == expected
        assert ai.evaluate(end, seat) == expected


def mirrored(cells: list[int], symmetry: tuple[int, ...]) -> np.ndarray:
    """The cells of the position `symmetry` maps this one to."""
    image = np.zeros(len(cells), dtype=np.int64)
    image[list(symmetry)] = cells
    return image


@pytest.mark.parametrize("name", LEARNED)
def test_symmetries_are_a_group_of_permutations(name: str) -> None:
    shape = games.get(name).kind.engine.value_shape
    assert shape is not None
    symmetries = set(shape.symmetries)
    assert tuple(range(shape.cells)) in symmetries
    for one in symmetries:
        assert sorted(one) == list(range(shape.cells))
        for other in symmetries:
            assert tuple(one[other[c]] for c in range(shape.cells)) in symmetries


@pytest.mark.parametrize("name", LEARNED)
def test_symmetric_positions_are_valued_as_their_mirror(name: str) -> None:
    game = games.get(name)
    shape = game.kind.engine.value_shape
    assert shape is not None
    noisy = Network.blank(shape)
    noisy.weights[:] = np.random.default_rng(0).normal(0, 0.3, noisy.weights.shape)
    nets = [noisy] + ([net] if (net := network(game)) is not None else [])
    judged = 0
    for state in positions(name, seed=2)[:-1]:
        for seat in range(state.players):
            cells = state.value_cells(seat)
            if cells is None:
                continue
            count = len(shape.symmetries)
            to_act = np.array([state.current_player == seat] * count)
            priors = np.full(count, prior(state, seat), dtype=np.float32)
            images = np.array([mirrored(list(cells), s) for s in shape.symmetries])
            for net in nets:
                values = net.values(images, to_act, priors)
                assert np.allclose(values, values[0], atol=1e-6)
                assert values[0] == pytest.approx(net.value(state, seat), abs=1e-6)
            judged += 1
    assert judged > 0


@pytest.mark.parametrize("name", LEARNED)
def test_loading_refuses_weights_of_another_rule_version(name: str, tmp_path: Path) -> None:
    shape = games.get(name).kind.engine.value_shape
    assert shape is not None
    saved = tmp_path / "value.npz"
    Network.blank(shape).save(saved)
    assert Network.load(shape, saved).games == 0
    with pytest.raises(StaleWeights, match="rules"):
        Network.load(replace(shape, rules=shape.rules + "-changed"), saved)
    with pytest.raises(StaleWeights, match="shape"):
        Network.load(replace(shape, tuples=shape.tuples[:-1]), saved)


def weighed_by(name: str, weights: Path, monkeypatch: pytest.MonkeyPatch) -> Game:
    """The game `name`, its learned value's weights file `weights` for this test, not
    yet loaded."""
    game = games.get(name)
    shape = game.kind.engine.value_shape
    assert shape is not None
    engine = replace(game.kind.engine, value_shape=replace(shape, weights=weights))
    monkeypatch.setattr(game, "kind", replace(game.kind, engine=engine))
    monkeypatch.setattr("ai.value._LOADED", {})
    return game


@pytest.mark.parametrize("name", LEARNED)
def test_damaged_weights_are_refused_and_the_game_plays_by_its_heuristic(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    damaged = tmp_path / "value.npz"
    damaged.write_bytes(b"PK\x03\x04 not a whole archive")
    game = weighed_by(name, damaged, monkeypatch)
    with caplog.at_level(logging.WARNING, logger="ai.value"):
        assert network(game) is None
    assert [r.getMessage() for r in caplog.records] == [
        f"{game.title} plays without its learned value: File is not a zip file"
    ]
    state = positions(name, seed=3)[4]
    seat = state.current_player
    assert seat is not None
    other = (seat + 1) % state.players
    heuristic = state.view(other).heuristic(other)
    expected = 1 / state.players if heuristic is None else heuristic
    assert ai.evaluate(state, other) == pytest.approx(expected)


@pytest.mark.parametrize("name", LEARNED)
def test_a_game_that_ships_no_weights_plays_by_its_heuristic_without_a_warning(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game = weighed_by(name, tmp_path / "none.npz", monkeypatch)
    with caplog.at_level(logging.DEBUG, logger="ai.value"):
        assert network(game) is None
    assert caplog.records == []


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_weights_fit_their_rules_and_are_loaded_once(name: str) -> None:
    game = games.get(name)
    net = network(game)
    assert net is not None and net.games > 0
    assert network(game) is net


def test_the_shipped_weights_are_small() -> None:
    sizes = [games.get(name).kind.engine.value_shape.weights.stat().st_size for name in SHIPPED]
    assert sum(sizes) <= MOST_BYTES


def score_against_random(net: Network, name: str, games_played: int) -> float:
    """`net`'s mean share playing greedily against a random player, each seat in turn."""
    game = games.get(name)
    total = 0.0
    for index in range(games_played):
        rng = random.Random(index)
        state = game.new(players=2, seed=index)
        seat = index % 2
        while (outcome := state.outcome()) is None:
            if state.current_player == seat:
                move = greedy_move(net, state)
            else:
                moves = state.legal_moves()
                move = moves[rng.randrange(len(moves))]
            state = state.play(move)
        total += outcome_rewards(outcome, 2)[seat]
    return total / games_played


def test_a_short_seeded_training_run_improves_the_value_against_a_random_player() -> None:
    shape = games.get("test-five").kind.engine.value_shape
    assert shape is not None
    untrained = Network.blank(shape)
    trained = Network.blank(shape)
    for index in range(300):
        self_play(trained, games.get("test-five"), index, seed=1, epsilon=0.2, rate=0.01)
    before = score_against_random(untrained, "test-five", 100)
    after = score_against_random(trained, "test-five", 100)
    assert after > before + 0.1, (before, after)


def test_a_short_seeded_run_learning_from_a_two_ply_search_improves_the_value() -> None:
    shape = games.get("test-five").kind.engine.value_shape
    assert shape is not None
    untrained = Network.blank(shape)
    trained = Network.blank(shape)
    for index in range(60):
        search_play(trained, games.get("test-five"), index, seed=1, epsilon=0.2, rate=0.01)
    before = score_against_random(untrained, "test-five", 100)
    after = score_against_random(trained, "test-five", 100)
    assert after > before + 0.1, (before, after)


def test_the_two_ply_search_values_a_move_by_the_best_reply() -> None:
    state = games.get("test-five").new(players=2, seed=3)
    while state.outcome() is None and len(state.legal_moves()) > 3:
        state = state.play(state.legal_moves()[0])
    net = Network.blank(state.game.kind.engine.value_shape)
    mover = state.current_player
    move, worth = searched(net, state)
    assert move in state.search_moves()
    by_move = {}
    for first in state.search_moves():
        after = state.play(first)
        if (outcome := after.outcome()) is not None:
            by_move[first] = outcome_rewards(outcome, 2)[mover]
            continue
        replies = [after.play(reply) for reply in after.search_moves()]
        by_move[first] = min(
            outcome_rewards(o, 2)[mover]
            if (o := then.outcome()) is not None
            else net.value(then, mover) or 0.5
            for then in replies
        )
    assert worth == pytest.approx(max(by_move.values()), abs=1e-6)
    assert by_move[move] == pytest.approx(worth, abs=1e-6)


def test_the_value_is_the_heuristic_corrected_by_what_the_weights_add() -> None:
    state = positions("test-five", seed=5)[3]
    net = Network.blank(games.get("test-five").kind.engine.value_shape)
    read = net.reading(state, 0)
    assert read is not None
    assert net.correction(read) == 0.0
    net.nudge(read, 0.01)
    # A weight read n times (by n images of a tuple) is nudged n times and summed n times.
    _, times = np.unique(net.indices(read.cells[None, :])[0], return_counts=True)
    added = 0.01 * float((times * times).sum())
    assert net.correction(read) == pytest.approx(added, rel=1e-5)
    other_side = Reading(read.cells, not read.to_act, read.prior)
    assert net.correction(other_side) == 0.0
    assert net.value_of(read) == pytest.approx(1 / (1 + np.exp(-(read.prior + added))))


class Recorded(Network):
    """A network that keeps every target it learns towards, in order."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.targets: list[float] = []

    def learn(self, read: Reading, target: float, rate: float) -> float:
        self.targets.append(target)
        return super().learn(read, target, rate)


@pytest.mark.parametrize("anchor", [0.5, 1.0])
def test_a_search_target_is_mixed_with_the_games_result_for_its_seat(anchor: float) -> None:
    game = games.get("test-five")
    shape = game.kind.engine.value_shape
    assert shape is not None
    searched_only = Recorded(shape, Network.blank(shape).weights)
    search_play(searched_only, game, 4, seed=1, epsilon=0.2, rate=0.0)
    anchored = Recorded(shape, Network.blank(shape).weights)
    search_play(anchored, game, 4, seed=1, epsilon=0.2, rate=0.0, anchor=anchor)
    assert len(anchored.targets) == len(searched_only.targets) > 4
    results = [
        (target - (1 - anchor) * worth) / anchor
        for worth, target in zip(searched_only.targets, anchored.targets, strict=True)
    ]
    # Two readings a ply, the mover's then the other seat's, and the mover changes
    # every ply: each seat learns its own result at every ply, and they differ.
    movers, others = results[0::2], results[1::2]
    first, second = movers[0], others[0]
    assert first != pytest.approx(second)
    assert movers == pytest.approx(
        [first, second] * (len(movers) // 2) + [first] * (len(movers) % 2)
    )
    assert others == pytest.approx(
        [second, first] * (len(others) // 2) + [second] * (len(others) % 2)
    )
    assert anchored.targets != pytest.approx(searched_only.targets)


def test_judge_by_puts_a_network_in_the_shipped_weights_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("ai.value._LOADED", {})
    game = games.get("test-five")
    shape = game.kind.engine.value_shape
    assert shape is not None
    rng = np.random.default_rng(5)
    net = Network(shape, rng.normal(0.0, 0.5, Network.blank(shape).weights.shape).astype("f4"))
    state = positions("test-five", seed=2)[3]
    seat = state.current_player
    assert seat is not None
    judge_by(game, net)
    assert network(game) is net
    assert judged_value(state, seat) == pytest.approx(net.value(state, seat))
    judge_by(game, None)
    assert network(game) is None
    assert judged_value(state, seat) is None
