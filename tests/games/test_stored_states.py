"""Stored states: for ANY input, every game's `from_json` and `from_text` raise only
ValueError, and what they accept is a state that works, round-trips and is no bigger than
the game can make it.

The inputs are real snapshots (positions of seeded random playouts of every seating, with
random options) mutated as a damaged or hand-edited database row would be: a value's type
swapped (int, float, bool, str, None, list, object), a list or object lengthened to
100,000 entries, an entry or key dropped; for text, lines dropped, repeated, swapped or cut
short, and numbers made fractional, negative or huge.

An accepted state must match the snapshots in shape: every value has a type some real
snapshot has at that place (a float seat to move or a `false` handicap is refused, not
loaded), and every list is shorter than MAX_ENTRIES. Besides the random mutations, two
sweeps leave nothing to chance: every value of a snapshot swapped for each other type, and
every list lengthened to 100,000 entries (always refused). Option values get a sweep of
their own: an allowed value wrapped in random text, or any value at all, is refused at load
or survives both round trips, whatever characters it holds.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import Game, GameState, Option
from tests.games.test_conformance import choose, random_options

#: The project's games (the test games join only inside `installed()`).
NAMES = games.names()
#: Lists longer than this in an accepted state mean a snapshot was not bounded.
MAX_ENTRIES = 5_000
HUGE = 100_000
#: Positions kept from each playout, by ply (and the last one).
KEPT_PLIES = (0, 1, 2, 3, 5, 8, 13, 30, 80)
PLAYOUTS = 2


def playout_states(game: Game, players: int, seed: int) -> Iterator[GameState]:
    """Some positions of a seeded random playout, its last one included."""
    rng = random.Random(seed)
    state = game.new(players=players, seed=seed, options=random_options(game, rng, players))
    while state.outcome() is None and state.ply < 2_000:
        if state.ply in KEPT_PLIES:
            yield state
        state = state.play(choose(rng, state, state.legal_moves()))
    yield state


def snapshots(name: str) -> list[GameState]:
    """Positions of every seating of the game named `name`."""
    game = games.get(name)
    return [
        state
        for players in range(game.kind.min_players, game.kind.max_players + 1)
        for seed in range(PLAYOUTS)
        for state in playout_states(game, players, seed)
    ]


STATES = {name: snapshots(name) for name in NAMES}


def shape(data: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(place, type) of every value in a JSON structure; list indices read as "*"."""
    yield path, "int" if type(data) is int else type(data).__name__
    if isinstance(data, dict):
        for key, value in data.items():
            yield from shape(value, f"{path}.{key}")
    elif isinstance(data, list):
        for value in data:
            yield from shape(value, f"{path}[*]")


SHAPES = {
    name: {pair for state in states for pair in shape(state.to_json())}
    for name, states in STATES.items()
}


def longest_list(data: Any) -> int:
    """The most entries of any list or object inside a JSON structure."""
    if isinstance(data, dict):
        return max([len(data), *(longest_list(v) for v in data.values())])
    if isinstance(data, list):
        return max([len(data), *(longest_list(v) for v in data)])
    return 0


def check_accepted(name: str, state: GameState) -> None:
    """An accepted state has the snapshots' shape, is bounded, works and round-trips."""
    game = games.get(name)
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    unknown = set(shape(data)) - SHAPES[name]
    assert not unknown, f"accepted a state of another shape: {sorted(unknown)[:5]}"
    assert longest_list(data) < MAX_ENTRIES
    assert game.from_json(data) == state
    assert game.from_text(state.to_text()) == state
    player = state.current_player
    assert player is None or player in range(state.players)
    state.outcome()
    state.legal_moves()
    state.view(None)


def pick_place(data: Any, pick: Callable[[list[Any]], Any]) -> tuple[Any, ...]:
    """A path into a JSON structure, walked from the root: at each list or object `pick`
    chooses a key to go into, or None to stop there (so top-level keys come up often)."""
    path: tuple[Any, ...] = ()
    while isinstance(data, (dict, list)) and data:
        keys = list(data) if isinstance(data, dict) else list(range(len(data)))
        key = pick([None, *keys])
        if key is None:
            break
        path, data = (*path, key), data[key]
    return path


def value_at(data: Any, path: tuple[Any, ...]) -> Any:
    """The value at `path` inside a JSON structure."""
    for key in path:
        data = data[key]
    return data


def replaced(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of `data` with the value at `path` replaced by `new`."""
    if not path:
        return new
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = replaced(data[path[0]], path[1:], new)
    return copy


def lengthened(value: list[Any] | dict[str, Any]) -> list[Any] | dict[str, Any]:
    """A list repeated (an object extended) to HUGE entries."""
    if isinstance(value, dict):
        return {**value, **{str(i): 0 for i in range(HUGE)}}
    filler = value or [0]
    return (filler * (HUGE // len(filler) + 1))[:HUGE]


#: Stands for `lengthened(value)` among the mutations, made only when drawn.
LENGTHENED = object()


def mutations(value: Any) -> list[Any]:
    """What a damaged or edited snapshot might hold instead of `value` (see LENGTHENED)."""
    found: list[Any] = [None, True, False, 0, 1, -1, 1.0, 0.5, "", "1", "x", [], {}, 2**70]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        found += [float(value), str(value), value + 1, -value - 1, value * 1000 + 7]
    if isinstance(value, bool):
        found += [int(value), str(value).lower()]
    if isinstance(value, str):
        found += [value * 2, value[:-1], value.upper(), [value], value + "\x00"]
    if isinstance(value, list):
        found += [LENGTHENED, value[:-1], value[1:], value + value[-1:], value[::-1], [value]]
    if isinstance(value, dict):
        found += [{k: v for k, v in value.items() if k != key} for key in value]
        found += [LENGTHENED, list(value.values())]
    return found


def refused_or_sound(name: str, load: Any, data: Any) -> None:
    """Loading `data` raises ValueError or gives a sound state (see `check_accepted`)."""
    try:
        state = load(data)
    except ValueError as error:
        assert str(error).strip(), "a refusal says why"
    else:
        check_accepted(name, state)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_json_snapshots_are_refused_or_sound(name: str, data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(STATES[name]), label="snapshot")
    snapshot = state.to_json()
    path = pick_place(snapshot, lambda keys: data.draw(st.sampled_from(keys)))
    value = value_at(snapshot, path)
    new = data.draw(st.sampled_from(mutations(value)), label="new value")
    if new is LENGTHENED:
        new = lengthened(value)
    refused_or_sound(name, games.get(name).from_json, replaced(snapshot, path, new))


NUMBER = re.compile(r"-?\d+")


def text_mutations(text: str, rng: random.Random) -> list[str]:
    """What a damaged or edited text snapshot might read instead of `text`."""
    lines = text.splitlines()
    pick = rng.randrange(len(lines))
    other = rng.randrange(len(lines))
    swapped = list(lines)
    swapped[pick], swapped[other] = swapped[other], swapped[pick]
    numbers = list(NUMBER.finditer(text))
    found = [
        lines[0],
        lines[0] + "\n",
        "\n".join(lines[:pick] + lines[pick + 1 :]),
        "\n".join(lines[: pick + 1] + [lines[pick]] * HUGE + lines[pick + 1 :]),
        "\n".join(lines[:pick] + [lines[pick] + " " + lines[pick]] + lines[pick + 1 :]),
        "\n".join(swapped),
        text[: rng.randrange(len(text))],
        "\n".join(lines[:pick]),
    ]
    if numbers:
        number = rng.choice(numbers)
        for new in ("1.5", "-1", str(2**70), "x", ""):
            found.append(text[: number.start()] + new + text[number.end() :])
    return found


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_text_snapshots_are_refused_or_sound(name: str, data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(STATES[name]), label="snapshot")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    text = data.draw(st.sampled_from(text_mutations(state.to_text(), rng)), label="text")
    refused_or_sound(name, games.get(name).from_text, text)


@pytest.mark.parametrize("name", NAMES)
def test_the_snapshots_themselves_are_sound_and_well_below_the_bound(name: str) -> None:
    for state in STATES[name]:
        check_accepted(name, games.get(name).from_json(state.to_json()))
    assert max(longest_list(s.to_json()) for s in STATES[name]) * 10 < MAX_ENTRIES


def every_place(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside a JSON structure (the root included)."""
    yield path
    if isinstance(data, (dict, list)):
        keys = data if isinstance(data, dict) else range(len(data))
        for key in keys:
            yield from every_place(data[key], (*path, key))


@pytest.mark.parametrize("name", NAMES)
def test_every_list_lengthened_to_100000_entries_is_refused(name: str) -> None:
    game = games.get(name)
    for state in (STATES[name][0], max(STATES[name], key=lambda s: len(s.to_text()))):
        snapshot = state.to_json()
        for path in every_place(snapshot):
            value = value_at(snapshot, path)
            if isinstance(value, list):  # (unknown keys of an object are not loaded)
                with pytest.raises(ValueError):
                    game.from_json(replaced(snapshot, path, lengthened(value)))


def option_values(option: Option) -> st.SearchStrategy[Any]:
    """What a damaged or edited snapshot might hold for `option`: an allowed value with
    random text around it, any text, or a value of any type."""
    allowed = st.sampled_from([str(c) for c in (option.default, *option.choices)])
    around = st.text(max_size=3)
    return st.one_of(
        st.tuples(around, allowed, around).map("".join),
        st.text(max_size=50),
        st.integers(),
        st.floats(),
        st.booleans(),
        st.none(),
    )


@pytest.mark.parametrize("name", [name for name in NAMES if games.get(name).kind.options])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_odd_option_values_are_refused_at_load_or_round_trip(
    name: str, data: st.DataObject
) -> None:
    game = games.get(name)
    snapshot = data.draw(st.sampled_from(STATES[name]), label="snapshot").to_json()
    option = data.draw(st.sampled_from(game.kind.options), label="option")
    value = data.draw(option_values(option), label="value")
    options = {**snapshot["options"], option.name: value}
    refused_or_sound(name, game.from_json, {**snapshot, "options": options})


def test_the_reported_snapshots_are_refused() -> None:
    skift = games.get("skift").new(players=2)
    with pytest.raises(ValueError, match="board is missing"):
        skift.game.from_text(skift.to_text().splitlines()[0])
    for to_move in (1.0, 0.0, True):
        with pytest.raises(ValueError, match="seat to move must be 0 or 1"):
            skift.game.from_json({**skift.to_json(), "to_move": to_move})
    shiftago = games.get("shiftago").new(players=2)
    data = shiftago.to_json()
    for turns in (False, True, 1.0, "x"):
        with pytest.raises(ValueError, match="handicap_turns"):
            shiftago.game.from_json(
                {**data, "options": {**data["options"], "handicap_turns": turns}}
            )
    stones = games.get("shifting-stones").new(players=2).to_json()
    for deck in ("a b", "a\nb", "a\x1cb", "../ours"):
        with pytest.raises(ValueError, match="Option deck must be"):
            games.get("shifting-stones").from_json({**stones, "options": {"deck": deck}})
    for name, written in (("shifting-stones", "deck=standard"), ("shiftago", "variant=express")):
        text = games.get(name).new(players=2).to_text().replace(written, written.split("=")[0])
        with pytest.raises(ValueError, match="has no value"):
            games.get(name).from_text(text)


def swapped_types(value: Any) -> list[Any]:
    """`value` as each other JSON type: int, float, bool, text, null, list, object."""
    number = value if type(value) in (int, float) else 1
    found = [None, True, False, float(number), int(number), str(value), [value], {"v": value}]
    return [new for new in found if type(new) is not type(value)]


@pytest.mark.parametrize("name", NAMES)
def test_every_value_of_a_snapshot_swapped_for_another_type_is_refused_or_sound(
    name: str,
) -> None:
    game = games.get(name)
    for state in (STATES[name][1], max(STATES[name], key=lambda s: len(s.to_text()))):
        snapshot = state.to_json()
        for path in every_place(snapshot):
            for new in swapped_types(value_at(snapshot, path)):
                refused_or_sound(name, game.from_json, replaced(snapshot, path, new))
