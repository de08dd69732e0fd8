"""An analysis after the game, worked out in a worker process: the bot's estimate of each
seat's expected result after every move, the moments where it swung most and the moves
that cost their player (inaccuracies, mistakes and blunders, `LABELS`).

A match's standing line is replayed from its log one position at a time; at most
`MOST_POSITIONS` of them, evenly spread (always the first and the last), are judged by
`ai.judge` at `ANALYSIS_BUDGET` each, so a match of thousands of moves costs no more time
or memory than one of a hundred. In a game with hidden information each seat's estimate
comes from what that seat could see. The result is kept with the match under `key` (the
analysis' version, the game's judge and the budget: a change to any analyses again); the
faces draw and word it (`bot.presentation.analysis`). `AnalysisPart` is the service's part
that keeps them.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import ai
import games
from ai.value import judge_name
from bot.match.errors import ServiceError
from bot.match.records import MatchRecord
from bot.match.replay import MOVE, initial_state, standing_entries, standing_moves
from bot.service.base import Core
from bot.store import analyses as analysis_rows

#: What judging one position may spend (shared among the views of a game with secrets):
#: its iterations, which make an analysis repeatable, with a time cap that only a very
#: busy machine reaches. A search cut short judges from fewer games, mostly each move
#: tried once, and leans again with the side to act: at the former cap of 0.2 s a busy
#: machine judged Skift's positions from some 80 games; on a 2-core machine at a load of
#: 15 (December 6, 2026) its 400 took 0.6 to 0.7 s, and at a cap of 0.6 s a seat's
#: estimate moved by 20.5 points a position in a Skift game where uncapped it moved by 7.1.
#: It explores little, as master does, so that its value follows the good moves
#: (`ai.judge`).
ANALYSIS_BUDGET = ai.Budget(
    iterations=400, seconds=1.2, lookahead=1, playout_plies=10, exploration=0.4
)
#: How much longer than its time cap judging a position may take (replaying to it, the
#: views of a game with secrets each stopping a little past their share).
OVERRUN = 1.25
#: The most positions one analysis judges; a longer match is sampled evenly.
MOST_POSITIONS = 120
#: How many moments of largest swing an analysis shows.
SWINGS = 3
#: What a move must cost its mover, in expected result (0 to 1), to be labelled so, as
#: lichess labels moves by the winning chances they cost: there an inaccuracy costs 5
#: points of win percentage, a mistake 10 and a blunder 15. Ours are twice that, since
#: our estimate at the analysis budget moves by about 7 points from one position to the
#: next even where nothing was lost (`benchmarks/analysis.py`); the worst first.
LABELS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.30),
    ("mistake", 0.20),
    ("inaccuracy", 0.10),
)
#: Changes whenever the way an analysis is made changes, so older ones are made again.
ANALYSIS_VERSION = 2


class AnalysisUnavailable(ServiceError):
    """The worker processes could not analyse the match (nothing changed)."""


@dataclass(frozen=True)
class Point:
    """One judged position: its number in the line (0: the start), each seat's estimate,
    the move played from it and the move the bot preferred there (None after the last),
    and the seat to act there (None once the game is over)."""

    index: int
    chances: tuple[float, ...]
    played: str | None
    preferred: str | None
    mover: int | None = None


@dataclass(frozen=True)
class Swing:
    """A moment where the estimate swung: the position the move was played in (`before`),
    the next judged one (`after`), and the largest change of a seat's estimate."""

    before: Point
    after: Point
    size: float


@dataclass(frozen=True)
class Labelled:
    """A move that cost its mover: the position it was played in (`before`), the next
    one (`after`), the mover's seat, the expected result it cost (`cost`, 0 to 1) and
    its label (`LABELS`: "inaccuracy", "mistake" or "blunder")."""

    before: Point
    after: Point
    mover: int
    cost: float
    label: str


def label_of(cost: float) -> str | None:
    """The label of a move that cost its mover `cost` of expected result (None: none)."""
    return next((label for label, least in LABELS if cost >= least), None)


@dataclass(frozen=True)
class Analysis:
    """The judged positions of a match's line of `positions` positions, in order."""

    positions: int
    points: tuple[Point, ...]

    def swings(self, count: int = SWINGS) -> list[Swing]:
        """The `count` largest swings between judged positions (the earlier first among
        equal ones), in the order they happened."""
        steps = [
            Swing(a, b, max(abs(x - y) for x, y in zip(a.chances, b.chances, strict=True)))
            for a, b in zip(self.points, self.points[1:], strict=False)
        ]
        largest = sorted(steps, key=lambda swing: -swing.size)[:count]
        return sorted(largest, key=lambda swing: swing.before.index)

    def labelled(self) -> list[Labelled]:
        """The moves that cost their mover at least an inaccuracy's worth (`LABELS`), in
        the order they were played: a move judged before and after (not one a long
        match's sampling skipped over) and other than the bot's own choice there."""
        found: list[Labelled] = []
        for before, after in zip(self.points, self.points[1:], strict=False):
            mover = before.mover
            if mover is None or after.index != before.index + 1:
                continue
            if before.played == before.preferred:
                continue
            cost = before.chances[mover] - after.chances[mover]
            label = label_of(cost)
            if label is not None:
                found.append(Labelled(before, after, mover, cost, label))
        return found

    def to_json(self) -> str:
        """The analysis as stored."""
        points = [[p.index, list(p.chances), p.played, p.preferred, p.mover] for p in self.points]
        return json.dumps({"positions": self.positions, "points": points})

    @classmethod
    def from_json(cls, text: str) -> Analysis:
        """An analysis as `to_json` stored it."""
        data: dict[str, Any] = json.loads(text)
        points = tuple(
            Point(i, tuple(c), played, preferred, mover)
            for i, c, played, preferred, mover in data["points"]
        )
        return cls(data["positions"], points)


@dataclass(frozen=True)
class AnalysisQuestion:
    """What a worker is asked: the match's start (game, seats, seed, options), its
    standing log entries (kind, seat, notation), and a budget of one's own (tests)."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    entries: tuple[tuple[str, int, str], ...]
    budget: ai.Budget | None = None

    @property
    def positions(self) -> int:
        """How many positions the line has: the start, and one after each move."""
        return 1 + sum(1 for kind, _, _ in self.entries if kind == MOVE)


def question_of(record: MatchRecord, budget: ai.Budget | None = None) -> AnalysisQuestion:
    """The worker's question for a match's analysis."""
    match = record.match
    entries = tuple((e.kind, e.seat, e.notation) for e in standing_entries(record.log))
    return AnalysisQuestion(
        match.game, len(match.seats), match.seed, dict(match.options), entries, budget
    )


def analysis_key(game: str, budget: ai.Budget | None = None) -> str:
    """What an analysis of a match of `game` is kept under beside its match: its
    version, what judges the game's positions (`ai.value.judge_name`: new weights
    analyse again) and its budget."""
    spent = budget or ANALYSIS_BUDGET
    judge = judge_name(games.get(game))
    return f"{ANALYSIS_VERSION}:{judge}:{spent.iterations}:{spent.seconds}:{MOST_POSITIONS}"


def sampled(positions: int, most: int = MOST_POSITIONS) -> list[int]:
    """Which of `positions` positions are judged: all of them, or `most` evenly spread
    from the first to the last."""
    if positions <= most:
        return list(range(positions))
    return sorted({round(i * (positions - 1) / (most - 1)) for i in range(most)})


def expected_seconds(record: MatchRecord, budget: ai.Budget | None = None) -> int:
    """About how long analysing the match takes at most, in whole seconds (every judged
    position spending its whole time, and a little more: `OVERRUN`)."""
    spent = budget or ANALYSIS_BUDGET
    judged = len(sampled(question_of(record).positions, MOST_POSITIONS))
    return max(1, math.ceil(judged * spent.seconds * OVERRUN))


def analyse(question: AnalysisQuestion) -> Analysis:
    """In a worker process: judge the sampled positions of the match's line."""
    start = initial_state(question.game, question.players, question.seed, question.options)
    chosen = set(sampled(question.positions, MOST_POSITIONS))
    budget = question.budget or ANALYSIS_BUDGET
    points: list[Point] = []
    for index, (state, played) in enumerate(standing_moves(start, question.entries)):
        if index not in chosen:
            continue
        judgement = ai.judge(state, budget, question.seed + index)
        preferred = judgement.preferred
        points.append(
            Point(
                index,
                judgement.chances,
                played,
                None if preferred is None else state.format_move(preferred),
                state.current_player,
            )
        )
    return Analysis(question.positions, tuple(points))


class AnalysisPart:
    """The analyses kept with their matches, over the service's core (made by the engine
    player, `bot.service.engine_player`)."""

    def __init__(self, core: Core) -> None:
        self._core = core

    async def stored_analysis(self, match_id: int, key: str) -> str | None:
        """The bot's analysis of the match kept under `key` (as JSON), or None."""
        return await self._core.store.read(lambda conn: analysis_rows.stored(conn, match_id, key))

    async def keep_analysis(self, match_id: int, key: str, analysis: str) -> None:
        """Keep the bot's analysis of the match under `key` (JSON), in a transaction of
        its own: it changes nothing of the match."""
        await self._core.store.transact(
            lambda conn: analysis_rows.keep(conn, match_id, key, analysis, self._core.now())
        )
