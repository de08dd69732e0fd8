"""A league's format and its rounds: one entry point over the pairing modules.

A round robin's schedule is fixed at the start from the players who signed up (a leaver's
pairings are then forfeited, see `forfeits`); a Swiss pairs each round from the players
still in the league once the previous round is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.league.records import Result, Round
from bot.league.roundrobin import round_robin
from bot.league.standings import ROUND_ROBIN_TIE_BREAKS, SWISS_TIE_BREAKS
from bot.league.swiss import swiss_round
from bot.league.tables import swiss_tables_round, table_round_robin, table_sizes
from bot.match.phrases import Message

ROUND_ROBIN = "round robin"
DOUBLE_ROUND_ROBIN = "double round robin"
SWISS = "swiss"
KINDS = (ROUND_ROBIN, DOUBLE_ROUND_ROBIN, SWISS)
#: Seats per match a league can use.
MOST_SEATS = 5


@dataclass(frozen=True)
class LeagueFormat:
    """How a league is played: `kind` (one of `KINDS`), `seats` per match (2, or 3 to 5
    for tables), `swiss_rounds` (Swiss only), `smallest_table` (tables only: the fewest
    players a table may seat, by default one less than `seats`; the game's fewest players
    at least) and `seed` (the drawing of lots)."""

    kind: str
    seats: int = 2
    swiss_rounds: int = 0
    smallest_table: int | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(Message("league.plan.kind", kinds=", ".join(KINDS)))
        if not 2 <= self.seats <= MOST_SEATS:
            raise ValueError(Message("league.plan.seats", most=MOST_SEATS))
        if (self.kind == SWISS) != (self.swiss_rounds > 0):
            raise ValueError(Message("league.plan.rounds"))
        if self.smallest_table is not None and not 2 <= self.smallest_table <= self.seats:
            raise ValueError(Message("league.plan.smallest_table"))

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """The tie-breaks of the standings, in order."""
        return SWISS_TIE_BREAKS if self.kind == SWISS else ROUND_ROBIN_TIE_BREAKS

    def check_players(self, players: int) -> None:
        """Refuse (ValueError) a number of players the format cannot start with."""
        smallest = self.seats if self.seats == 2 else self.smallest_table or self.seats - 1
        tables = self.seats == 2 or table_sizes(players, self.seats, smallest)
        if players < max(2, smallest) or not tables:
            raise ValueError(Message("league.plan.players", least=max(2, smallest)))
        if self.kind == SWISS and self.seats == 2 and self.swiss_rounds >= players + players % 2:
            raise ValueError(Message("league.plan.swiss_rounds"))


def schedule(league: LeagueFormat, entrants: Sequence[int]) -> list[Round]:
    """Every round of a round robin (fixed at the start); a Swiss has none in advance."""
    league.check_players(len(entrants))
    if league.kind == SWISS:
        return []
    cycles = 2 if league.kind == DOUBLE_ROUND_ROBIN else 1
    if league.seats == 2:
        return round_robin(entrants, league.seed, cycles)
    return table_round_robin(entrants, league.seats, league.seed, cycles, league.smallest_table)


def next_round(
    league: LeagueFormat,
    entrants: Sequence[int],
    playing: Sequence[int],
    rounds: Sequence[Round],
    results: Sequence[Result],
) -> Round | None:
    """The round after `rounds` (None when the league is over): `entrants` signed up,
    `playing` are still in the league; the results of `rounds` must all be in."""
    number = len(rounds) + 1
    if league.kind != SWISS:
        fixed = schedule(league, entrants)
        return fixed[number - 1] if number <= len(fixed) else None
    if number > league.swiss_rounds or len(playing) < 2:
        return None
    if league.seats == 2:
        return swiss_round(number, playing, rounds, results, league.seed)
    return swiss_tables_round(
        number, playing, rounds, results, league.seats, league.seed, league.smallest_table
    )
