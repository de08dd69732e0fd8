"""Issue 25's series: a level against opponents, game after game, results kept on disk.

A series is a game, a player count, the measured player (a level of `ai`) and its
opponents in every other seat: a level, "uct" (the independent plain UCT of
`benchmarks/uct.py`, thinking `uct_time` times the measured level's time cap per move)
or "random". A solo series has no opponents: the level plays the deals alone. `scale`
multiplies every level's budget (iterations and time cap), and so the baseline's time:
master against hard at a tenth of both budgets keeps their ratio of search at a time a
series can afford. Game i deals seed i and seats the measured player in seat i mod the
player count, so each seat moves first equally often.

Thinking is timed in CPU seconds of the process playing (`time.process_time`), not by
the wall clock: on a machine shared with other work, both sides get the time they are
given, however busy it is (`cpu_clock`, called once in each process that plays).

Budgets (issue 25), each met only when the 95% interval's lower bound clears it: each
level at least 75% against the one below; `hard` at least 90% against the baseline given
its time and 70% given four times its time, `medium` 60% given its time; with 3 to 5
players `hard` at least twice its fair share against random players and 1.3 times
against `easy` players.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, replace

import ai
import games
from benchmarks.rates import MAX_PLIES, result_share, wilson
from benchmarks.uct import PlainUCT
from games import GameState

#: The baseline's name as a player.
BASELINE = "uct"
#: Uniform random moves, as a player.
RANDOM = "random"
#: Levels in order, weakest first (as `ai.Level` lists them).
LEVELS = tuple(level.name.lower() for level in ai.Level)
#: A level over the one just below it.
OVER_THE_LEVEL_BELOW = 0.75
#: A level against the baseline, by the baseline's time (times the level's cap) at most.
AGAINST_BASELINE = {"hard": ((1.0, 0.90), (4.0, 0.70)), "medium": ((1.0, 0.60),)}
#: `hard` at a table of 3 to 5, in fair shares (1 / players), by its opponents.
FAIR_SHARES = {RANDOM: 2.0, "easy": 1.3}


@dataclass(frozen=True)
class Series:
    """A series: the game, the player count, the measured level, its opponents (None in
    a solo game), the baseline's time factor and the levels' budget scale."""

    game: str
    players: int
    player: str
    opponent: str | None
    uct_time: float = 1.0
    scale: float = 1.0

    @property
    def name(self) -> str:
        """A name that tells the series apart (its results file's stem)."""
        against = "alone" if self.opponent is None else f"vs-{self.opponent}"
        if self.opponent == BASELINE:
            against += f"-x{self.uct_time:g}"
        scale = "" if self.scale == 1 else f"-scale{self.scale:g}"
        return f"{self.game}-{self.players}p-{self.player}-{against}{scale}"

    def seconds(self, who: str) -> float:
        """The time per move `who` (the player or its opponent) is given, in CPU seconds
        (a level's time cap: it may stop sooner)."""
        mine = scaled(self.player, self.scale).seconds
        if who == BASELINE:
            return mine * self.uct_time
        return scaled(who, self.scale).seconds if who in LEVELS else 0.0

    def target(self) -> float | None:
        """The score rate issue 25 asks of the player (None: no budget)."""
        if self.opponent is None:
            return None
        if self.players > 2:
            shares = FAIR_SHARES.get(self.opponent) if self.player == "hard" else None
            return None if shares is None else shares / self.players
        if self.opponent == BASELINE:
            goals = AGAINST_BASELINE.get(self.player, ())
            return next((goal for most, goal in goals if self.uct_time <= most), None)
        below = LEVELS.index(self.player) - 1
        return OVER_THE_LEVEL_BELOW if below >= 0 and LEVELS[below] == self.opponent else None

    def fewest_games(self) -> int:
        """The fewest games that can show the budget (a clean sweep's lower bound clears
        it: 35 for 90%, 12 for 75%); 0 without a budget."""
        goal = self.target()
        if goal is None:
            return 0
        return next(n for n in itertools.count(1) if wilson(n, n)[0] >= goal)

    def met(self, score: float, games: int) -> bool:
        """Whether a score over `games` games meets the budget: there is none, or the
        lower bound of the rate's 95% interval clears it."""
        goal = self.target()
        return goal is None or wilson(score, games)[0] >= goal


@dataclass(frozen=True)
class Played:
    """One game of a series: its index, the player's share of the result (1 a win
    alone, a shared win or a draw its share, 0 a loss), its final points where the game
    counts them, and the CPU and wall seconds it took."""

    series: Series
    index: int
    share: float
    points: int | None
    cpu_seconds: float
    wall_seconds: float


def cpu_clock() -> None:
    """Time every search in this process by its CPU seconds: the levels' caps and the
    baseline's time read `time.perf_counter`, which now counts this process's CPU time."""
    time.perf_counter = time.process_time


def scaled(level: str, scale: float) -> ai.Budget:
    """`level`'s budget with its iterations and time cap multiplied by `scale`."""
    budget = ai.Level.named(level).budget
    iterations = max(1, round(budget.iterations * scale))
    return replace(budget, iterations=iterations, seconds=budget.seconds * scale)


def games_seating(players: int, only: str | None) -> list[str]:
    """The games a series of `players` is played in: `only`, or every game that many can
    play (none when `only` cannot seat them)."""
    names = [only] if only else games.names()
    return [
        n
        for n in names
        if games.get(n).kind.min_players <= players <= games.get(n).kind.max_players
    ]


def pairing(
    level: str, opponent: str, players: int, only: str | None, uct_time: float, scale: float
) -> list[Series]:
    """One pairing at tables of `players` (`level` in one seat, `opponent` in the others)
    in every game that seats them, or in `only`."""
    return [
        Series(name, players, level, opponent, uct_time, scale)
        for name in games_seating(players, only)
    ]


def play(job: tuple[Series, int]) -> Played:
    """Play game `index` of a series."""
    series, index = job
    started, cpu = time.monotonic(), time.process_time()
    state: GameState = games.get(series.game).new(players=series.players, seed=index)
    rng = random.Random(f"{series.name}/{index}")
    seat = index % series.players
    while state.outcome() is None and state.ply < MAX_PLIES:
        to_act = state.current_player
        assert to_act is not None
        who = series.player if to_act == seat else series.opponent
        assert who is not None
        state = state.play(choice(who, state, to_act, rng, series))
    outcome = state.outcome()
    points = None if outcome is None or outcome.scores is None else outcome.scores[seat]
    share = result_share(state, seat)
    cpu_seconds, wall_seconds = time.process_time() - cpu, time.monotonic() - started
    return Played(series, index, share, points, cpu_seconds, wall_seconds)


def choice(who: str, state: GameState, seat: int, rng: random.Random, series: Series) -> Hashable:
    """What `who` plays in `state` as `seat` in `series`."""
    if who == RANDOM:
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))]
    if who == BASELINE:
        baseline = PlainUCT(series.seconds(BASELINE), random.Random(rng.getrandbits(32)))
        return baseline.choose(state, seat)
    return ai.choose_move(state, seat, scaled(who, series.scale), seed=rng.getrandbits(32))


#: Games a round adds to every series, so a run cut short leaves every series started.
ROUND = 5


def plan(scale: float, master_scale: float, only: str | None = None) -> list[Series]:
    """Issue 25's series, at `scale` (master against hard at `master_scale`; medium
    against easy, cheap, always at full budgets), in `only` or every game."""
    found = []
    for name in games_seating(2, only):
        found += [
            Series(name, 2, "medium", "easy"),
            Series(name, 2, "hard", "medium", scale=scale),
            Series(name, 2, "master", "hard", scale=master_scale),
            Series(name, 2, "hard", BASELINE, scale=scale),
            Series(name, 2, "medium", BASELINE, scale=scale),
            Series(name, 2, "hard", BASELINE, uct_time=4.0, scale=scale),
        ]
    for name in [only] if only else games.names():  # hard against random and easy players
        game = games.get(name)
        counts = range(max(3, game.kind.min_players), game.kind.max_players + 1)
        found += [Series(name, n, "hard", o, scale=scale) for n in counts for o in FAIR_SHARES]
    for name in games_seating(1, only):  # each level alone, on the same deals
        found += [Series(name, 1, level, None, scale=scale) for level in LEVELS]
    return found


def jobs_to_play(
    series: list[Series], games: int, played: dict[Series, set[int]], first: int = 0
) -> list[tuple[Series, int]]:
    """The games `first` to `first` + `games` - 1 of every series not played yet, a round
    of `ROUND` games of each series after another. From the first game (`first` 0), a
    series whose budget so few games could not show plays as many as can
    (`Series.fewest_games`: 35 where 90% is asked)."""
    ends = {one: first + games if first else max(games, one.fewest_games()) for one in series}
    jobs = []
    for start in range(first, max(ends.values(), default=first), ROUND):
        for one in series:
            indices = range(start, min(start + ROUND, ends[one]))
            jobs += [(one, i) for i in indices if i not in played.get(one, set())]
    return jobs
