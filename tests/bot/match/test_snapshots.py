"""A match's stored position (`Snapshot`): read from its text once, whichever record holds
it, and the positions kept for that bounded."""

from __future__ import annotations

import json

import games
from bot.match import records
from bot.match.records import Snapshot, _Positions


def test_a_written_position_is_not_read_again_from_its_text(monkeypatch):
    state = games.get("skift").new(2, seed=7)
    written = Snapshot.of(state)
    monkeypatch.setattr(json, "loads", lambda text: (_ for _ in ()).throw(AssertionError(text)))
    assert Snapshot(written.game, written.text).state is state  # as a later read gives it


def test_a_position_read_from_its_text_is_read_once(monkeypatch):
    monkeypatch.setattr(records, "_positions", _Positions(4))
    state = games.get("skift").new(2, seed=8)
    text = json.dumps(state.to_json(), separators=(",", ":"))
    first = Snapshot("skift", text).state
    assert first is not state and first.to_json() == state.to_json()
    assert Snapshot("skift", text).state is first


def test_the_positions_kept_are_bounded_the_least_recently_used_going_first():
    kept = _Positions(2)
    a, b, c = (games.get("skift").new(2, seed=seed) for seed in (1, 2, 3))
    kept.keep("skift", "a", a)
    kept.keep("skift", "b", b)
    assert kept.get("skift", "a") is a  # a is now the most recently used
    kept.keep("skift", "c", c)
    assert kept.get("skift", "b") is None
    assert kept.get("skift", "a") is a and kept.get("skift", "c") is c
    assert kept.get("shiftago", "a") is None  # kept by game and text
