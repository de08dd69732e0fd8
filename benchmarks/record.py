"""The results of the series, kept in `benchmarks/results/` (one small JSON file a series),
so that a series can be resumed or extended and the ladder is fitted from all of them.

A file holds the series, each side's time per move, the games played with their tally
(wins, draws and shared wins, losses), each game's result by its index, and every run
that added games: its date, its games, the machine's load average while it ran (lowest
and highest of the samples taken as games finished), the share of the wall time its
games had a core for, and what judged the game's positions (`ai.value.judge_name`: the
digest of the learned value's weights, or "heuristic"), so that a series played with
other weights is told apart.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import games
from ai.value import judge_name
from benchmarks.series import Played, Series

#: Where the results live.
RESULTS = Path(__file__).resolve().parent / "results"


@dataclass
class Run:
    """One run's additions to a series: when, what judged, how many games, the load it
    ran under."""

    date: str
    judge: str
    games: int = 0
    loads: list[float] = field(default_factory=list)
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0

    @classmethod
    def starting(cls, series: Series) -> Run:
        """A run of `series` starting now, judged by what judges its game's positions in
        this process."""
        return cls(started_now(), judge_name(games.get(series.game)))

    def to_json(self) -> dict[str, Any]:
        """The run as stored."""
        share = self.cpu_seconds / self.wall_seconds if self.wall_seconds else None
        return {
            "date": self.date,
            "judge": self.judge,
            "games": self.games,
            "load": [min(self.loads, default=0.0), max(self.loads, default=0.0)],
            "cpu_share": None if share is None else round(share, 2),
        }


@dataclass
class Record:
    """A series' results: each game's share and points by index, and the runs so far."""

    series: Series
    results: dict[int, tuple[float, int | None]] = field(default_factory=dict)
    runs: list[dict[str, Any]] = field(default_factory=list)

    @property
    def shares(self) -> list[float]:
        """The player's share of each game played."""
        return [share for share, _ in self.results.values()]

    def tally(self) -> tuple[int, int, int]:
        """Wins alone, draws and shared wins, losses."""
        shares = self.shares
        wins = sum(s == 1 for s in shares)
        losses = sum(s == 0 for s in shares)
        return wins, len(shares) - wins - losses, losses

    def mean_points(self) -> float | None:
        """The player's mean final points, where the game counts them."""
        points = [p for _, p in self.results.values() if p is not None]
        return sum(points) / len(points) if points else None

    def to_json(self) -> dict[str, Any]:
        """The record as stored."""
        wins, draws, losses = self.tally()
        sides = [self.series.player] + ([self.series.opponent] if self.series.opponent else [])
        mean = self.mean_points()
        return {
            "series": asdict(self.series),
            "seconds_per_move": {who: round(self.series.seconds(who), 4) for who in sides},
            "games": len(self.results),
            "wins": wins,
            "draws": draws,
            "losses": losses,
            "score": round(sum(self.shares), 3),
            "mean_points": None if mean is None else round(mean, 2),
            "runs": self.runs,
            "results": {str(i): list(r) for i, r in sorted(self.results.items())},
        }


def path_of(series: Series, folder: Path = RESULTS) -> Path:
    """The series' results file."""
    return folder / f"{series.name}.json"


def load(series: Series, folder: Path = RESULTS) -> Record:
    """The series' record so far (empty if it never ran)."""
    path = path_of(series, folder)
    if not path.exists():
        return Record(series)
    data = json.loads(path.read_text())
    results = {
        int(i): (float(s), None if p is None else int(p)) for i, (s, p) in data["results"].items()
    }
    return Record(series, results, list(data["runs"]))


def load_all(folder: Path = RESULTS) -> list[Record]:
    """Every series ever recorded in `folder`."""
    records = []
    for path in sorted(folder.glob("*.json")):
        series = Series(**json.loads(path.read_text())["series"])
        records.append(load(series, folder))
    return records


def save(record: Record, folder: Path = RESULTS) -> None:
    """Write the record, replacing the file at once (a run stopped midway loses nothing
    it saved)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = path_of(record.series, folder)
    partial = path.with_suffix(".partial")
    partial.write_text(json.dumps(record.to_json(), indent=1) + "\n")
    partial.replace(path)


def add(record: Record, run: Run, played: Played) -> None:
    """Add a game played in `run` to the record (the run's entry updated in place)."""
    record.results[played.index] = (played.share, played.points)
    run.games += 1
    run.loads.append(round(os.getloadavg()[0], 2))
    run.cpu_seconds += played.cpu_seconds
    run.wall_seconds += played.wall_seconds
    entry = run.to_json()
    if record.runs and record.runs[-1]["date"] == run.date:
        record.runs[-1] = entry
    else:
        record.runs.append(entry)


def started_now() -> str:
    """A run's date: now, in UTC, to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
