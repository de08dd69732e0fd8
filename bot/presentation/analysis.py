"""What players read and see of the bot's analysis of an ended match: whole sentences with
named placeholders (one constant each, to be translated as they are), the chart of each
seat's estimate (with the moves that cost their player marked) and the small boards of
the moments it swung most.

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
from bot.match.replay import PublicLine, turn_numbers
from bot.presentation.catalogue import fill
from bot.presentation.pictures import MAX_ALT, Picture, drawn_board, label_names, picture_words
from bot.presentation.writing import MAX_MESSAGE, Style, listed
from bot.service.analysis import LABELS, Analysis, Labelled, Point, Swing
from bot.service.base import DEFAULT_THEME
from render.seats import named_seats

# ---- the answer to /analysis (and the Analysis button), to the member alone
ANALYSING = (
    "Analysing match #{match}: this takes about {seconds}. The analysis comes here when it is done."
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
#: The labelled moves: what each label costs, then each player's count of them.
LABELLED_HEAD = (
    "Moves that cost their player: an inaccuracy {inaccuracy} points of chance or more, "
    "a mistake {mistake}, a blunder {blunder}."
)
LABELLED_COUNTS = "{seat}: {inaccuracies}, {mistakes}, {blunders}."
NOTHING_LABELLED = "No move cost its player {inaccuracy} points of chance or more."
#: The costliest labelled moves, one sentence by label.
LABELLED_MOVE = {
    "inaccuracy": (
        "Move {number}: `{played}`, an inaccuracy by {seat}, where the bot preferred "
        "`{preferred}`; their chance went from {before}% to {after}%."
    ),
    "mistake": (
        "Move {number}: `{played}`, a mistake by {seat}, where the bot preferred "
        "`{preferred}`; their chance went from {before}% to {after}%."
    ),
    "blunder": (
        "Move {number}: `{played}`, a blunder by {seat}, where the bot preferred "
        "`{preferred}`; their chance went from {before}% to {after}%."
    ),
}
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
#: How many labelled moves the analysis names (the costliest; the chart marks them all).
MOST_LABELLED = 4


def _percent(value: float) -> int:
    return round(100 * value)


def _swing_line(match: Match, swing: Swing, turns: Sequence[int], style: Style) -> str:
    """One moment of the analysis in words, its move numbered by its turn (`turns`: each
    position's, `turn_numbers`), as /history and the pictures number it."""
    changes = [abs(a - b) for a, b in zip(swing.before.chances, swing.after.chances, strict=True)]
    seat = changes.index(max(changes))
    values = {
        "number": turns[swing.before.index],
        "played": swing.before.played,
        "seat": style.named(match.seat_name(seat)),
        "before": _percent(swing.before.chances[seat]),
        "after": _percent(swing.after.chances[seat]),
    }
    if swing.before.preferred in (None, swing.before.played):
        return fill(SWING_SAME, **values)
    return fill(SWING_OTHER, preferred=swing.before.preferred, **values)


def _number(point: Point, turns: Sequence[int]) -> int:
    """The number of the move played from a judged position: its turn (`turns`: each
    position's, `turn_numbers`), as /history and the pictures number it."""
    return turns[point.index]


def _points(cost: float) -> int:
    return round(100 * cost)


def _labelled_lines(match: Match, analysis: Analysis, style: Style) -> list[str]:
    """What each label costs and each player's count of them; one line when there are
    none."""
    least = {label: _points(cost) for label, cost in LABELS}
    found = analysis.labelled()
    if not found:
        return [fill(NOTHING_LABELLED, inaccuracy=least["inaccuracy"])]
    lines = [fill(LABELLED_HEAD, **least)]
    for seat in range(len(match.seats)):
        mine = [move.label for move in found if move.mover == seat]
        if mine:
            lines.append(
                fill(
                    LABELLED_COUNTS,
                    seat=style.named(match.seat_name(seat)),
                    inaccuracies=mine.count("inaccuracy"),
                    mistakes=mine.count("mistake"),
                    blunders=mine.count("blunder"),
                )
            )
    return lines


def _labelled_line(match: Match, move: Labelled, turns: Sequence[int], style: Style) -> str:
    """One labelled move in words."""
    return fill(
        LABELLED_MOVE[move.label],
        number=_number(move.before, turns),
        played=move.before.played,
        preferred=move.before.preferred,
        seat=style.named(match.seat_name(move.mover)),
        before=_percent(move.before.chances[move.mover]),
        after=_percent(move.after.chances[move.mover]),
    )


def analysis_text(record: MatchRecord, analysis: Analysis, style: Style) -> str:
    """The analysis in words: what the chart shows, the moves that cost their player
    (counted, and the costliest named) and each moment it swung most, within one message
    (`MAX_MESSAGE`: the costly moves named, then the swings, give way); seats only
    numbered are named in `style`."""
    match = record.match
    if len(analysis.points) == analysis.positions:
        head = fill(ANALYSIS_ALL, match=match.id)
    else:
        head = fill(
            ANALYSIS_SAMPLED,
            match=match.id,
            positions=len(analysis.points),
            moves=analysis.positions - 1,
        )
    labelled = _labelled_lines(match, analysis, style)
    costliest = sorted(analysis.labelled(), key=lambda move: -move.cost)[:MOST_LABELLED]
    turns = turn_numbers(record)
    swings = [_swing_line(match, swing, turns, style) for swing in analysis.swings()]
    # within one message: the least costly of the moves named go first, then the swings
    while True:
        played = sorted(costliest, key=lambda move: move.before.index)
        named = [_labelled_line(match, move, turns, style) for move in played]
        moments = [fill(SWINGS), *swings] if swings else []
        text = "\n".join([head, *labelled, *named, *moments])
        if len(text) <= MAX_MESSAGE or not (costliest or swings):
            return text[:MAX_MESSAGE]
        if costliest:
            costliest.pop()
        else:
            swings.pop()


def _chart(
    record: MatchRecord, analysis: Analysis, theme: str, players: Sequence[render.SeatLabel]
) -> Picture:
    match = record.match
    state = named_seats(match.public_view(), players)
    turns = turn_numbers(record)

    def turn_after(index: int) -> int:
        return turns[index - 1] if index else 0

    after = {turn_after(point.index): point for point in analysis.points}
    moves = list(after)  # after each turn, numbered as everywhere: its last position
    values = [[p.chances[seat] for p in after.values()] for seat in range(len(match.seats))]
    marks = [
        render.ChartMark(turn_after(move.after.index), move.mover, move.label)
        for move in analysis.labelled()
    ]
    png = render.chance_chart(
        state,
        moves,
        values,
        title=fill(CHART_TITLE, match=match.id),
        axis=fill(CHART_AXIS),
        theme=theme,
        words=picture_words(),
        players=[label.name for label in players],
        marks=marks,
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
    turns = turn_numbers(record)
    line = PublicLine(record)
    pictures: list[Picture] = []
    for index, state in enumerate(line):
        if index not in wanted:
            continue
        last = line.moves[index - 1] if index > 0 else None
        board = drawn_board(state, last, None, theme, None, players=players, size=SWING_BOARD_SIZE)
        alt = fill(SWING_BOARD_ALT, number=turns[index], position=board.description)
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


def swing_lines(
    record: MatchRecord, analysis: Analysis, style: Style
) -> list[tuple[int, int, str]]:
    """Each moment the analysis swung most, in words, with the index of the position its
    move was played in (0: the start) and that move's number (`turn_numbers`)."""
    turns = turn_numbers(record)
    return [
        (
            swing.before.index,
            turns[swing.before.index],
            _swing_line(record.match, swing, turns, style),
        )
        for swing in analysis.swings()
    ]
