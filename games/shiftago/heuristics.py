"""What the playing engine knows about Shiftago: lines in the making, and lines one
insertion away.

A colour's standing adds up, in logits:
- its open stretches: every straight stretch of the winning length (5 cells with two
  players, 4 with three or four: the shortest line that wins in Express or scores points
  in Expert and Extreme) that holds marbles of that colour only, worth more the fewer
  cells it still misses;
- its lines one insertion away (`lines.completions`): in Express, for the colour to move,
  a win; for any other colour a threat the mover has to meet (two count at most);
- its points, where the variant keeps them.
The estimate shares the result among the seats by their standings: each seat's weight is
e to its standing (with two players, the logistic function of the difference).

The worths were fitted by logistic regression, from the mover's side, to the results of
440 two-player Express games that `hard`, at a twentieth of its budget, played against
itself and against plain UCT, each after a few random moves (8,200 positions from the
sixth ply on); docs/developers.md tells how, and the series that kept them. Points and
made lines waiting to be scored were not in those games: their worths are set by hand.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from games.shiftago.lines import completions, occupied_by, windows
from games.shiftago.rules import EXPRESS_LENGTH, WINNING_POINTS

#: An open stretch by how many of its cells it still misses (0: a made line, waiting to
#: be scored in Expert and Extreme; 4: one marble of the colour).
_STRETCH_WORTH = (1.0, 0.45, 0.28, 0.12, 0.05)
#: A line one insertion away, for a colour that has to wait for its turn.
_THREAT_WORTH = 0.57
#: The most threats of one colour that count.
_THREATS_COUNTED = 2
#: A line one insertion away for the colour to move in Express: the game is won.
_WIN_WORTH = 10.0
#: A point (ten points win).
_POINT_WORTH = 0.8


def stretch_length(players: int) -> int:
    """The length of the stretches: the shortest line that wins or scores points."""
    return EXPRESS_LENGTH[min(players, 4)]


def _open_counts(colours: tuple[int, ...], seat: int, occupied: int) -> Iterator[int]:
    """How many of `seat`'s marbles each stretch that no other colour blocks holds, from
    every seat's bitboard (`colours`) and every marble on the board (`occupied`)."""
    own = colours[seat]
    others = occupied & ~own
    for stretch in windows(stretch_length(len(colours))):
        if not stretch & others:
            yield (stretch & own).bit_count()


def _standing(
    colours: tuple[int, ...], seat: int, points: int, occupied: int, winner_in_one: int | None
) -> float:
    """How near `seat` is to a line (and to ten points), in logits (see the module's
    docstring); `occupied`: every marble on the board; `winner_in_one`: the seat whose
    line one insertion away wins, if any."""
    worth = _POINT_WORTH * min(points, WINNING_POINTS)
    length = stretch_length(len(colours))
    counts = _open_counts(colours, seat, occupied)
    worth += sum(_STRETCH_WORTH[length - count] for count in counts if count)
    threats = completions(colours[seat], occupied, length, _THREATS_COUNTED)
    worth += _WIN_WORTH if threats and seat == winner_in_one else _THREAT_WORTH * threats
    return worth


def fullest_stretch(colours: tuple[int, ...], seat: int) -> int:
    """The most marbles of `seat` in one open stretch, from every seat's bitboard."""
    return max(_open_counts(colours, seat, occupied_by(colours)), default=0)


def estimate(
    colours: tuple[int, ...], seat: int, scores: tuple[int, ...], winner_in_one: int | None
) -> float:
    """The expected result in [0, 1] of `seat`, from every seat's bitboard (`colours`),
    their points (`scores`) and the seat whose line one insertion away would win at once
    (`winner_in_one`: the seat to move in Express, else None): its share by the seats'
    standings, 1 / players when all stand equal."""
    occupied = occupied_by(colours)
    standings = [
        _standing(colours, s, scores[s], occupied, winner_in_one) for s in range(len(colours))
    ]
    top = max(standings)
    weights = [math.exp(value - top) for value in standings]
    return weights[seat] / sum(weights)
