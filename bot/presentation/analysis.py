"""What players read and see of the bot's analysis of an ended match: whole sentences with
named placeholders (one constant each, to be translated as they are), the chart of each
seat's estimate and the small boards of the moments it swung most.

Both faces use `analysis_text` and `analysis_pictures`; the refusals are in the
catalogue (`bot.presentation.refusals`, keys `analysis.*`). Pictures are drawn in a
worker thread and show public views only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import render
from bot.match.phrases import write_members
from bot.match.records import Match, MatchRecord
from bot.match.replay import PublicLine
from bot.presentation.catalogue import fill, listed
from bot.presentation.pictures import MAX_ALT, Picture, drawn_board, label_names, picture_words
from bot.presentation.text import Style
from bot.service.analysis import Analysis, Swing
from bot.service.base import DEFAULT_THEME
from render.seats import named_seats

# ---- the answer to /analysis (and the Analysis button), to the member alone
ANALYSING = (
    "Analysing match #{match}: this takes about {seconds} seconds. The analysis comes here "
    "when it is done."
)
ANALYSIS_ALL = "The bot's estimate of each player's chance after every move of match #{match}."
ANALYSIS_SAMPLED = (
    "The bot's estimate of each player's chance through match #{match}, at {positions} "
    "spread evenly over its {moves}."
)
SWINGS = "Where the estimate swung most:"
SWING_OTHER = (
    "Move {number}: `{played}` was played where the bot preferred `{preferred}`; "
    "{seat}'s chance went from {before}% to {after}%."
)
SWING_SAME = (
    "Move {number}: `{played}`, the bot's choice too; {seat}'s chance went from {before}% "
    "to {after}%."
)
# ---- in the pictures
CHART_TITLE = "Winning chances, match #{match}"
CHART_AXIS = "Move"
CHART_ALT = (
    "A chart of the bot's estimate of each player's chance through match #{match}; at the "
    "end: {ends}."
)
SEAT_PERCENT = "{seat} {percent}%"
SWING_BOARD_ALT = "The position before move {number}. {position}"
# ---- the button under a result
ANALYSIS_BUTTON = "Analysis"


#: How wide the small boards of the swings are drawn.
SWING_BOARD_SIZE = 480


def _percent(value: float) -> int:
    return round(100 * value)


def _swing_line(match: Match, swing: Swing, style: Style) -> str:
    """One moment of the analysis in words."""
    changes = [abs(a - b) for a, b in zip(swing.before.chances, swing.after.chances, strict=True)]
    seat = changes.index(max(changes))
    values = {
        "number": swing.before.index + 1,
        "played": swing.before.played,
        "seat": style.named(match.seat_name(seat)),
        "before": _percent(swing.before.chances[seat]),
        "after": _percent(swing.after.chances[seat]),
    }
    if swing.before.preferred in (None, swing.before.played):
        return fill(SWING_SAME, **values)
    return fill(SWING_OTHER, preferred=swing.before.preferred, **values)


def analysis_text(match: Match, analysis: Analysis, style: Style) -> str:
    """The analysis in words: what the chart shows, and each moment it swung most; seats
    only numbered are named in `style`."""
    if len(analysis.points) == analysis.positions:
        head = fill(ANALYSIS_ALL, match=match.id)
    else:
        head = fill(
            ANALYSIS_SAMPLED,
            match=match.id,
            positions=len(analysis.points),
            moves=analysis.positions - 1,
        )
    swings = [_swing_line(match, swing, style) for swing in analysis.swings()]
    return "\n".join([head, fill(SWINGS), *swings] if swings else [head])


def _chart(
    record: MatchRecord, analysis: Analysis, theme: str, players: Sequence[render.SeatLabel]
) -> Picture:
    match = record.match
    state = named_seats(match.public_view(), players)
    moves = [point.index for point in analysis.points]
    values = [[p.chances[seat] for p in analysis.points] for seat in range(len(match.seats))]
    png = render.chance_chart(
        state,
        moves,
        values,
        title=fill(CHART_TITLE, match=match.id),
        axis=fill(CHART_AXIS),
        theme=theme,
        words=picture_words(),
    )
    last = analysis.points[-1].chances
    ends = listed(
        [
            fill(SEAT_PERCENT, seat=match.seat_name(seat), percent=_percent(value))
            for seat, value in enumerate(last)
        ]
    )
    alt = fill(CHART_ALT, match=match.id, ends=write_members(ends, label_names(match, players)))
    return Picture(png, f"match-{match.id}-analysis.png", alt[:MAX_ALT])


def _boards(
    record: MatchRecord, swings: Sequence[Swing], theme: str, players: Sequence[render.SeatLabel]
) -> list[Picture]:
    """The public board before each swing's move, walked from the log one at a time."""
    wanted = {swing.before.index for swing in swings}
    line = PublicLine(record)
    pictures: list[Picture] = []
    for index, state in enumerate(line):
        if index not in wanted:
            continue
        last = line.moves[index - 1] if index > 0 else None
        board = drawn_board(state, last, None, theme, None, players=players, size=SWING_BOARD_SIZE)
        alt = fill(SWING_BOARD_ALT, number=index + 1, position=board.description)
        name = f"match-{record.match.id}-move-{index + 1}.png"
        pictures.append(Picture(board.data, name, alt[:MAX_ALT]))
    return pictures


def _pictures(
    record: MatchRecord, analysis: Analysis, theme: str, players: Sequence[render.SeatLabel]
) -> list[Picture]:
    chart = _chart(record, analysis, theme, players)
    return [chart, *_boards(record, analysis.swings(), theme, players)]


async def analysis_pictures(
    record: MatchRecord,
    analysis: Analysis,
    theme: str = DEFAULT_THEME,
    players: Sequence[render.SeatLabel] = (),
) -> list[Picture]:
    """The chart of the analysis, then the public board before each moment it swung most
    (in the match's order), drawn in a worker thread in the language spoken; `players`
    (see `seat_labels`) name the seats on the chart and under the boards."""
    return await asyncio.to_thread(_pictures, record, analysis, theme, players)


async def analysis_chart(
    record: MatchRecord,
    analysis: Analysis,
    theme: str = DEFAULT_THEME,
    players: Sequence[render.SeatLabel] = (),
) -> Picture:
    """The chart of the analysis alone (as `analysis_pictures` draws it first)."""
    return await asyncio.to_thread(_chart, record, analysis, theme, players)


def swing_lines(match: Match, analysis: Analysis, style: Style) -> list[tuple[int, str]]:
    """Each moment the analysis swung most, in words, with the number of the position
    its move was played in (0: the start)."""
    return [(swing.before.index, _swing_line(match, swing, style)) for swing in analysis.swings()]
