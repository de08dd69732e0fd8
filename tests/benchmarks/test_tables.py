"""The docs' tables of the series: the ladder by game and a row per series, and that the
README and the players' guide show the results recorded in benchmarks/results/."""

from __future__ import annotations

from pathlib import Path

from benchmarks import record, tables
from benchmarks.record import Record
from benchmarks.series import BASELINE, Series

#: The project's root, where the README is.
ROOT = Path(__file__).resolve().parents[2]


def played(one: Series, shares: list[float], points: int | None = None) -> Record:
    """A record of `shares`, one run under load 1.5 to 3."""
    run = {"date": "", "games": len(shares), "load": [1.5, 3.0], "cpu_share": 1.0}
    return Record(one, {i: (s, points) for i, s in enumerate(shares)}, [run])


RECORDS = [
    played(Series("skift", 2, "medium", "easy"), [1.0] * 9 + [0.0]),
    played(Series("skift", 2, "hard", BASELINE, uct_time=4.0, scale=0.1), [1.0, 0.5, 0.0]),
    played(Series("skift", 2, "hard", "medium", scale=0.1), [1.0, 0.0]),
    played(Series("shifty", 2, "hard", "medium", scale=0.1), [1.0] * 30),
    played(Series("shifting-stones", 1, "hard", None, scale=0.1), [0.0, 0.0], points=12),
]


def test_the_ladder_has_a_column_per_game_and_names_the_baseline_by_whose_time() -> None:
    lines = tables.ladder_table(RECORDS).splitlines()
    assert lines[0] == "| player | Skift | Shifty |"  # games in their listed order
    assert [line.split(" | ")[0] for line in lines[2:]] == [
        "| `master`",
        "| `hard`",
        "| `medium`",
        "| `easy`",
        "| plain UCT, 4 x hard's time",
    ]
    easy = next(line for line in lines if line.startswith("| `easy`"))
    assert easy == "| `easy` | 1000 (10) | - |"  # Shifty has no easy rated


def test_a_baseline_at_a_time_of_no_level_is_named_by_its_seconds() -> None:
    assert tables.baseline_title(1.5) == "plain UCT, hard's time"
    assert tables.baseline_title(2.0) == "plain UCT, 2 s"


def test_each_series_is_a_row_with_its_interval_budget_and_load() -> None:
    rows = tables.series_table(RECORDS).splitlines()
    assert len(rows) == 2 + len(RECORDS)
    assert all(row.count("|") == 13 for row in rows)
    assert (
        "| Shifty | 2 | `hard` | `medium` | 0.15 / 0.06 | 0.1 | 30 | 30-0-0 | 100% | 89%-100% "
        "| 75%: met | 1.5-3.0 |" in rows
    )
    assert (
        "| Skift | 2 | `hard` | plain UCT at 4 x its time | 0.15 / 0.6 | 0.1 | 3 | 1-1-1 | 50% "
        "| 13%-87% | 70%: not met | 1.5-3.0 |" in rows
    )
    assert "| Shifting Stones | 1 | `hard` | alone | 0.15 | 0.1 | 2 | 0-0-2 | 0% " in rows[2]
    assert rows[2].endswith("| mean points 12.0 | 1.5-3.0 |")


def table_under(text: str, head: str) -> str:
    """The Markdown table of `text` whose first line starts with `head`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(head))
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), None)
    return "\n".join(lines[start:end])


def test_the_readme_and_the_players_guide_show_the_recorded_series() -> None:
    records = record.load_all()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert table_under(readme, "| player |") == tables.ladder_table(records)
    guide = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    assert table_under(guide, "| game | players | level |") == tables.series_table(records)
