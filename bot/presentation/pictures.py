"""Pictures for messages: the board with its alt text, and a match's replay animation.

Drawing is CPU work, so every picture is made in a worker thread (`asyncio.to_thread`) and
the event loop keeps answering interactions meanwhile. Public pictures only ever draw the
public view of a position; a player's own view is drawn only for that player. Every
picture takes a `theme` (a name in `render.THEMES`): the server's for public pictures, the
member's own for private answers (`MatchService.picture_theme` says which).

The board of an ended match says how it ended (`ending_words`), not whose turn it was. A
replay is drawn one position at a time, rebuilt from the log as it goes (`PublicLine`),
and fits the upload limit it is given (fewer frames, then smaller ones); when not even
that fits, `replay_picture` gives None and the caller sends the record as text.

Pictures are drawn and described in the language spoken (`picture_words`: the texts of
the `pictures` domain, which holds every text `render` draws and writes), and name members
as the pictures' font can draw them (`picture_name`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

import games
import render
from bot.match.engine_seats import rating_member
from bot.match.phrases import Namer, plain_member, write_members
from bot.match.ratings import rating_label
from bot.match.records import RatingChange
from bot.match.replay import PublicLine
from bot.presentation import history, results
from bot.presentation.catalogue import fill
from bot.presentation.clocks import seat_clock
from bot.presentation.language import (
    localised,
    picture_translations,
    speaking,
    spoken,
)
from bot.presentation.results import ending_reason
from bot.presentation.writing import listed
from bot.service import Match, MatchRecord, MatchUpdate
from bot.service.base import DEFAULT_THEME
from games import GameState
from render.seats import drawn_name, named_seats

MAX_ALT = 1024  # Discord's limit on an attachment's description
#: Discord's upload limit where no other is known (10 MiB; an interaction tells its own).
UPLOAD_LIMIT = 10 << 20
#: The most frames a replay shows (nine minutes of it): bounds the time it takes to draw
#: whatever the upload limit, as boosted servers take much larger files.
REPLAY_FRAMES = 600
#: What each picture theme is for, as players choose them.
THEME_USES = {
    "default": "for Discord's dark and light modes",
    "contrast": "high contrast, for colour-blind players",
}


def picture_words() -> render.Words:
    """How pictures write their words: in the language spoken now, wherever they are
    drawn then (a worker thread)."""
    language, drawn = spoken(), picture_translations()

    def text(template: str) -> str:
        return drawn.gettext(template)

    def count(number: int, one: str, many: str) -> str:
        return drawn.ngettext(one, many, number)

    def value(text: str) -> str:
        with speaking(language):
            return localised(text)

    return render.Words(text, count, value)


def theme_label(name: str) -> str:
    """A picture theme with what it is for: "contrast (high contrast, for ...)"."""
    use = THEME_USES.get(name)
    return f"{name} ({use})" if use else name


@dataclass(frozen=True)
class Picture:
    """A rendered image: its bytes, file name and the description screen readers get."""

    data: bytes
    filename: str
    description: str


@dataclass(frozen=True)
class ReplayPicture(Picture):
    """A match's replay: also how many of the match's positions its frames show."""

    frames: int = 0
    positions: int = 0

    @property
    def complete(self) -> bool:
        """Whether it shows every position (a frame for each move)."""
        return self.frames == self.positions


def ending_words(match: Match, players: Sequence[render.SeatLabel] = ()) -> str | None:
    """How an ended match ended, as its pictures say it (None while it is played): the
    result's reason, after the winners' seat names unless it says who won already
    ("Black wins: White resigned.", "The players agreed to a draw."); seats only numbered
    are called as `players` name them (`label_names`)."""
    result = match.result
    if result is None:
        return None
    name = label_names(match, players)
    reason = write_members(ending_reason(match, result), name)
    if not result.winners:
        return reason
    seats = [match.seat_of(member) for member in result.winners]
    names = listed([winner_called(match, seat, name) for seat in seats if seat is not None])
    won = fill(results.SEATS_WIN[len(result.winners) == 1], seats=names)
    return reason if won in reason else fill(results.WON_BECAUSE, won=won, reason=reason)


def winner_called(match: Match, seat: int, name: Namer) -> str:
    """What an ending calls a winning `seat`: its member's `name` with the seat's
    ("alice (Black)"); the seat's name alone where that is all `name` knows, and the
    member's alone in a game whose seats are only numbered."""
    seat_name = match.seat_name(seat)
    member = name(match.seats[seat].member_id)
    if match.numbered_seats or member == seat_name:
        return write_members(localised(seat_name), name)
    return fill(results.WINNER[False], player=member, seat=seat_name)


def picture_name(name: str, account: str) -> str:
    """What a picture calls a member: their display `name`, or where the pictures' font
    can draw nothing of it (a name all in Chinese, Korean or emoji) the username of their
    `account` (letters, digits, "_" and "."), when it has one."""
    return name if drawn_name(name) or not account else account


def members_named(match: Match, state: GameState, name: Namer) -> GameState:
    """`state` of `match` with seats only numbered called by their members' `name` (plain
    names, as pictures draw them), for a picture drawn without the players strip."""
    return state.named([name(seat.member_id) for seat in match.seats])


def label_names(match: Match, players: Sequence[render.SeatLabel]) -> Namer:
    """Members named as a picture names their seats: by their `players` label (one per
    seat) as the picture draws it, else by the seat's own name ("Player 1")."""
    shown = {}
    for seat in match.seats:
        label = players[seat.seat].name if seat.seat < len(players) else ""
        shown[seat.member_id] = drawn_name(label) or match.state.seat_name(seat.seat)
    return lambda member: shown.get(member) or plain_member(member)


def seat_labels(
    match: Match,
    name: Callable[[int], str],
    ratings: Mapping[int, str] | None = None,
    now: datetime | None = None,
) -> tuple[render.SeatLabel, ...]:
    """Who sits at each seat, as the pictures' players strip names them: `name(member)`
    (a member's display name), their rating from `ratings` (by member, see
    `MatchService.seat_ratings`; none for an unrated match) or, once a rated match has
    ended, how it moved ("1500 → 1512 (+12)", `rating_moves`), with `now` their clock
    (`seat_clock`), and whether they won. A rating several seats share (the bot's at
    one level) is shown once, at the first of them."""
    winners = match.result.winners if match.result is not None else ()
    return _labels(match, name, rating_moves(match) or ratings or {}, now, winners)


def rating_moves(match: Match) -> dict[int, str]:
    """How an ended rated match moved each member's rating, by member: "1500 → 1512 (+12)"
    (empty while it is played, or when it moved none)."""
    changes = match.result.rating_changes if match.result is not None else ()
    return {
        c.member_id: f"{_before(c)} → {rating_label(c.mu_after, c.games_after)} ({c.delta:+d})"
        for c in changes
    }


def _before(change: RatingChange) -> str:
    """The rating a change started from, as shown ("1612?" while it was provisional)."""
    return rating_label(change.mu_before, change.games_after - 1)


def _labels(
    match: Match,
    name: Callable[[int], str],
    ratings: Mapping[int, str],
    now: datetime | None,
    winners: Sequence[int],
) -> tuple[render.SeatLabel, ...]:
    """`seat_labels` with the `ratings` to show (by member), each rating holder's once, and
    the `winners` (members) marked."""
    holders: set[int] = set()
    labels = []
    for seat in match.seats:
        holder = rating_member(seat.member_id)
        rating = "" if holder in holders else ratings.get(seat.member_id, "")
        holders.add(holder)
        clock = seat_clock(match, seat.seat, now) if now is not None else ""
        labels.append(
            render.SeatLabel(name(seat.member_id), rating, clock, seat.member_id in winners)
        )
    return tuple(labels)


def drawn_board(
    state: GameState,
    last_move: Hashable | None,
    seat: int | None,
    theme: str,
    ending: str | None,
    clock: str | None = None,
    players: Sequence[render.SeatLabel] = (),
    size: int | None = None,
) -> Picture:
    """`board_picture`'s work, done in the calling thread (one already off the event
    loop); `size`: the picture's width (None: the default)."""
    words = picture_words()
    png = render.board_png(
        state,
        last_move=last_move,
        seat=seat,
        theme=theme,
        ending=ending,
        clock=clock,
        players=players,
        size=size,
        words=words,
    )
    alt = render.alt_text(named_seats(state, players), last_move, ending=ending, words=words)
    rated = [f"{drawn_name(p.name) or p.name} {p.rating}" for p in players if p.rating]
    if ending is not None and rated:  # how the match moved them, or what they are now
        alt = f"{alt} {fill(results.RATINGS, changes=', '.join(rated))}"
    if clock:  # the time left comes first: it is cut last
        alt = f"{words.text(render.words.CLOCKS).format(clock=clock)} {alt}"
    return Picture(png, "board.png", alt[:MAX_ALT])


async def board_picture(
    state: GameState,
    last_move: Hashable | None = None,
    *,
    seat: int | None = None,
    theme: str = DEFAULT_THEME,
    ending: str | None = None,
    clock: str | None = None,
    players: Sequence[render.SeatLabel] = (),
) -> Picture:
    """The board as a PNG with its alt text, drawn in a worker thread; `ending` (see
    `ending_words`) replaces whose turn it is, for an ended match; `players` (see
    `seat_labels`) name the seats on a strip under the board, else `clock` (see
    `bot.presentation.clocks.clock_line`) is shown there; the alt text says `clock`."""
    return await asyncio.to_thread(
        drawn_board, state, last_move, seat, theme, ending, clock, players
    )


async def match_board(
    match: Match, *, theme: str = DEFAULT_THEME, players: Sequence[render.SeatLabel] = ()
) -> Picture:
    """The public board of a match as it stands; once it has ended, saying how."""
    return await board_picture(
        match.public_view(), theme=theme, ending=ending_words(match, players), players=players
    )


async def update_board(
    update: MatchUpdate,
    theme: str = DEFAULT_THEME,
    clock: str | None = None,
    players: Sequence[render.SeatLabel] = (),
) -> Picture | None:
    """The board an action's announcement carries: when the position changed or the match
    ended (None otherwise); at the end it says how the match ended; `clock` and
    `players` as for `board_picture`."""
    if update.result is not None:
        ending = ending_words(update.match, players)
        return await board_picture(
            update.after, update.move, theme=theme, ending=ending, players=players
        )
    if update.after != update.before:
        return await board_picture(
            update.after, update.move, theme=theme, clock=clock, players=players
        )
    return None


def _replay_words(record: MatchRecord, replay: render.Replay) -> str:
    """The replay's description: how many moves, in how many frames."""
    moves = replay.positions - 1
    if replay.complete:
        return fill(history.REPLAY_COMPLETE, match=record.match.id, moves=moves)
    return fill(
        history.REPLAY_SAMPLED,
        match=record.match.id,
        moves=moves,
        frames=replay.frames,
        positions=min(render.animation.TAIL, replay.frames - 1),
    )


def replay_labels(record: MatchRecord, name: Callable[[int], str]) -> tuple[render.SeatLabel, ...]:
    """The players strip of a match's replay: each seat's name (`name(member)`) and, in a
    rated match, the rating they played it with (every frame shows it: nobody is marked
    as the winner before the end)."""
    result = record.match.result
    changes = result.rating_changes if result is not None else ()
    return _labels(record.match, name, {c.member_id: str(c.before) for c in changes}, None, ())


def _replay(
    record: MatchRecord, theme: str, max_bytes: int, players: Sequence[render.SeatLabel]
) -> ReplayPicture | None:
    line = PublicLine(record)
    ending = ending_words(record.match, players)
    try:
        replay = render.replay(
            line,
            line.moves,
            theme=theme,
            ending=ending,
            max_bytes=max_bytes,
            max_frames=REPLAY_FRAMES,
            players=players,
            words=picture_words(),
        )
    except render.ReplayTooLarge:
        return None
    words = _replay_words(record, replay)
    name = f"match-{record.match.id}.gif"
    return ReplayPicture(replay.data, name, words, replay.frames, replay.positions)


async def replay_picture(
    record: MatchRecord,
    theme: str = DEFAULT_THEME,
    *,
    max_bytes: int = UPLOAD_LIMIT,
    players: Sequence[render.SeatLabel] = (),
) -> ReplayPicture | None:
    """The replay animation of a whole match, at most `max_bytes` (the upload limit where
    it goes), drawn in a worker thread, with `players` (see `replay_labels`) under every
    frame; None when not even the shortest, smallest one fits (send the record as text
    instead)."""
    return await asyncio.to_thread(_replay, record, theme, max_bytes, players)


EXAMPLE_MOVES = 6


def example_position(game: games.Game) -> tuple[GameState, Hashable | None]:
    """A fixed position a few moves into a game, and the move that led to it, for /rules."""
    state, last = game.new(game.kind.min_players, seed=1), None
    for step in range(EXAMPLE_MOVES):
        moves = state.legal_moves()
        if not moves or state.outcome() is not None:
            break
        last = moves[(step * 7 + 3) % len(moves)]
        state = state.play(last)
    return state.view(None), last


@lru_cache(maxsize=32)
def _example(name: str, theme: str, language: str) -> Picture:
    """The example picture of a game, in a theme and a language."""
    game = games.get(name)
    state, last = example_position(game)
    with speaking(language):
        picture = drawn_board(state, last, None, theme, None)
    return Picture(picture.data, f"{name}-example.png", picture.description)


async def example_picture(game: games.Game, theme: str = DEFAULT_THEME) -> Picture:
    """The example position of `game`, drawn once per theme and language (in a worker
    thread) and kept."""
    return await asyncio.to_thread(_example, game.name, theme, spoken())
