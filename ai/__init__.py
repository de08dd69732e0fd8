"""The playing engine: one Monte Carlo tree search for every game, at four levels.

A layer of its own above `games` (it uses only the `games.base` interface and the
optional hooks documented there); nothing in `games/` or `render/` imports it.

    import ai
    move = ai.choose_move(state, seat, ai.Level.HARD, seed=match_id * 1000 + state.ply)
    estimate = ai.evaluate(state, seat)   # in [0, 1]: about 1/2 is even in a 2-player game
    judgement = ai.judge(state, ai.Budget(...))  # each seat's expected result, the move preferred

Both decide only from `state.view(seat)`, so passing the full state is safe. With the
same state, seat, level and seed the answer is the same, unless the level's wall-time
cap cut the search short (a slow or busy machine, or a game slow to simulate: see
`ai.levels`): the cap never lengthens a search.
The calls are CPU-bound and take up to the level's cap (`Level.HARD`: 1.5 s,
`Level.MASTER`: 30 s): run them in a worker process, not on an event loop.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, replace

from ai.levels import Budget, Level
from ai.rewards import outcome_rewards
from ai.search import Search
from ai.value import judged_value
from games.base import GameState

__all__ = ["Advice", "Budget", "Judgement", "Level", "advise", "choose_move", "evaluate", "judge"]


def _budget(level: Level | Budget) -> Budget:
    """The level's budget (a budget is its own)."""
    return level.budget if isinstance(level, Level) else level


def _searched(state: GameState, seat: int, level: Level | Budget, seed: int) -> Search:
    """A finished search of `seat`'s view of `state`."""
    if state.current_player != seat:
        raise ValueError(f"It is not seat {seat}'s turn to act in this position.")
    search = Search(state.view(seat), _budget(level), random.Random(seed))
    search.run()
    return search


@dataclass(frozen=True)
class Advice:
    """The move the engine prefers, and how the search behind it saw things (all None
    when the move was not searched: a win in one, an only move): `estimate`, the seat's
    expected result in the position, in [0, 1], as `judge` reads it (the search's value,
    not the mean of the preferred move, which favours the mover); `share`, the part of
    the search spent on the move (how sure the engine is); `runner_up`, the move searched
    most after it, and its `runner_up_share`."""

    move: Hashable
    estimate: float | None
    share: float | None = None
    runner_up: Hashable | None = None
    runner_up_share: float | None = None


def advise(state: GameState, seat: int, level: Level | Budget, seed: int = 0) -> Advice:
    """The move the engine prefers for `seat` in `state` at `level` (or with a `Budget` of
    one's own, for tests and tuning), with its estimate: a move of `legal_moves()` of the
    seat's view. A win in one is always taken; else the only move worth searching
    (`search_moves`), if there is one; else the most searched move. Raises ValueError when
    the game is over or another seat is to act."""
    return _advised(state, seat, level, seed)[0]


def choose_move(state: GameState, seat: int, level: Level | Budget, seed: int = 0) -> Hashable:
    """The move `seat` plays in `state` at `level`: `advise`'s move, unless the level's
    `temperature` lets it stray to another searched move (a win in one is always taken)."""
    advice, search = _advised(state, seat, level, seed)
    temperature = _budget(level).temperature
    if search is None or temperature <= 0:
        return advice.move
    ranked = search.ranked_moves()
    weights = [node.visits ** (1 / temperature) for _, node in ranked]
    return random.Random(f"{seed}:choice").choices(ranked, weights)[0][0]


def _advised(
    state: GameState, seat: int, level: Level | Budget, seed: int
) -> tuple[Advice, Search | None]:
    """`advise`'s answer, and the search behind it (None: the move needed none)."""
    if state.outcome() is not None:
        raise ValueError("The game is over: there is no move to choose.")
    if state.current_player != seat:
        raise ValueError(f"It is not seat {seat}'s turn to act in this position.")
    view = state.view(seat)
    deal = view.determinize(random.Random(seed))
    win = deal.winning_move()
    if win is not None:
        return Advice(win, None), None
    worth = view.search_moves()
    if len(worth) == 1:
        return Advice(worth[0], None), None
    search = _searched(state, seat, level, seed)
    ranked = search.ranked_moves()
    spent = max(1, search.tree.visits)
    runner_up, second = ranked[1] if len(ranked) > 1 else (None, None)
    advice = Advice(
        ranked[0][0],
        _clipped(search.seat_means())[seat],
        ranked[0][1].visits / spent,
        runner_up,
        None if second is None else second.visits / spent,
    )
    return advice, search


def evaluate(
    state: GameState, seat: int, level: Level | Budget = Level.MEDIUM, seed: int = 0
) -> float:
    """The bot's estimate of `seat`'s result in `state`, in [0, 1] (1: a sure win, 0: a sure
    loss, a draw between n players 1/n), from a search at `level` of the seat's view when
    the seat is to act (its value, as `judge` reads it), else from the game's end, its
    learned value (`ai.value`) or its heuristic, else 1/n."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome_rewards(outcome, state.players)[seat]
    if state.current_player != seat:
        view = state.view(seat)
        value = judged_value(view, seat)
        value = view.heuristic(seat) if value is None else value
        return 1.0 / state.players if value is None else value
    return _clipped(_searched(state, seat, _judging(level), seed).seat_means())[seat]


def _judging(level: Level | Budget) -> Budget:
    """The budget a judgement spends (`evaluate`, `judge`): the level's, with the game's
    learned value judging simulated games, where the game has one for the position
    (`ai.value`), so estimates rest on one value whatever the budget."""
    return replace(_budget(level), learned=True)


@dataclass(frozen=True)
class Judgement:
    """A position as the bot judges it: each seat's expected result in [0, 1] (1: a sure
    win, 0: a sure loss, a draw between n players 1/n), each from what that seat could
    see, and the move the seat to act would play (None once the game is over)."""

    chances: tuple[float, ...]
    preferred: Hashable | None


def judge(state: GameState, level: Level | Budget, seed: int = 0) -> Judgement:
    """Every seat's expected result in `state`, at most `level`'s budget spent in all:
    the one function the analysis asks.

    A seat's estimate is the value of the position, the same whoever is to act: the mean
    of every simulated game of the search (the root's value), never the mean of the move
    the search liked best. That best mean is the largest of many noisy means (at the
    analysis budget a Skift search tries each of ~70 moves once or twice) and sees only
    the mover's good moves against random replies, so it favoured whoever was to act and
    the estimates swung from one position to the next. A search that explores little
    (`Budget.exploration`) spends most of its games on good moves, so its value follows
    them. A win in one for the seat to act (where the deal does not decide) is that
    win's result. In a game with hidden information each seat's view is searched (the
    budget shared among them), so a seat's estimate uses only what it could see; the
    seat to act's search gives the move preferred, its most searched. Simulated games
    end where the game's learned value applies, which judges them (`ai.value`)."""
    outcome = state.outcome()
    if outcome is not None:
        return Judgement(outcome_rewards(outcome, state.players), None)
    budget = _judging(level)
    if not state.game.kind.hidden_information:
        win = None if state.game.kind.chance else state.winning_move()
        if win is not None:
            return Judgement(_won(state.play(win)), win)
        search = _search(state, budget, seed)
        return Judgement(_clipped(search.seat_means()), search.ranked_moves()[0][0])
    share = replace(
        budget,
        iterations=max(1, budget.iterations // state.players),
        seconds=budget.seconds / state.players,
    )
    chances: list[float] = []
    preferred = None
    for seat in range(state.players):
        search = _search(state.view(seat), share, seed)
        if seat == state.current_player:
            preferred = search.ranked_moves()[0][0]
        chances.append(_clipped(search.seat_means())[seat])
    return Judgement(tuple(chances), preferred)


def _won(ended: GameState) -> tuple[float, ...]:
    """Every seat's result in a position that has just ended."""
    outcome = ended.outcome()
    assert outcome is not None
    return outcome_rewards(outcome, ended.players)


def _search(view: GameState, budget: Budget, seed: int) -> Search:
    """A finished search of `view`, for the seat to act there."""
    search = Search(view, budget, random.Random(seed))
    search.run()
    return search


def _clipped(means: tuple[float, ...]) -> tuple[float, ...]:
    """Each mean within [0, 1]."""
    return tuple(min(1.0, max(0.0, mean)) for mean in means)
