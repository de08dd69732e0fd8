"""Rebuilding positions from a match's log: the proof that snapshots can be recomputed,
and the line of public positions that replays show (`PublicLine`, one at a time)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import games
from bot.match.errors import ReplayError
from bot.match.phrases import Message
from games import GameState

if TYPE_CHECKING:
    from bot.match.records import LogEntry, MatchRecord

MOVE = "move"
RETIRE = "retire"
TAKEBACK = "takeback"


def standing_entries(log: Sequence[LogEntry]) -> list[LogEntry]:
    """The log without taken-back moves (and without the takeback entries)."""
    kept: list[LogEntry] = []
    for entry in log:
        if entry.kind == TAKEBACK:
            if kept:
                kept.pop()
        else:
            kept.append(entry)
    return kept


class PublicLine:
    """A match's positions from the start as everybody may see them (`view(None)`), or
    as `seat` saw them (`view(seat)`, their own secrets included: show them to that
    seat's player only), rebuilt from its log one at a time each time it is walked, so
    that no more than one is kept however long the match; moves taken back are left out,
    as they are gone from the match's line. `moves` are the moves between them, read
    from the log's notation once, when the line is made (they are small, as the log is)."""

    def __init__(self, record: MatchRecord, seat: int | None = None) -> None:
        self.record = record
        self.seat = seat
        self._entries = standing_entries(record.log)
        self.moves: list[Hashable] = []
        for _ in self._walk(self.moves.append):
            pass

    def __len__(self) -> int:
        return len(self.moves) + 1

    def __iter__(self) -> Iterator[GameState]:
        return self._walk()

    def _walk(self, parsed: Callable[[Hashable], None] | None = None) -> Iterator[GameState]:
        """The positions; while `parsed` is given, reading each move from its notation
        (and handing it to `parsed`), else playing the moves read before."""
        match = self.record.match
        state = initial_state(match.game, len(match.seats), match.seed, match.options)
        yield state.view(self.seat)
        played = iter(self.moves)
        for entry in self._entries:
            if entry.kind != MOVE:  # a seat left and the others played on
                state = state.retire(entry.seat) or state
                continue
            if parsed is None:
                move = next(played)
            else:
                move = state.parse_move(entry.notation)
                parsed(move)
            state = state.play(move)
            yield state.view(self.seat)


@dataclass(frozen=True)
class Turn:
    """One turn of a match's standing line: its number (`GameState.turn_number`, how every
    place numbers a match's moves), the public position it began in, and its moves."""

    number: int
    start: GameState
    moves: tuple[LogEntry, ...]


def standing_turns(record: MatchRecord) -> list[Turn]:
    """A match's standing moves grouped by turn, first to last: a turn of several actions
    (or a solo game's turn after turn) is one `Turn` each."""
    entries = [e for e in standing_entries(record.log) if e.kind == MOVE]
    turns: list[Turn] = []
    for entry, before in zip(entries, PublicLine(record), strict=False):
        if turns and turns[-1].number == before.turn_number:
            last = turns[-1]
            turns[-1] = Turn(last.number, last.start, (*last.moves, entry))
        else:
            turns.append(Turn(before.turn_number, before, (entry,)))
    return turns


def turn_numbers(record: MatchRecord) -> list[int]:
    """The number of the turn each position of the match's standing line (`PublicLine`) is
    in (`GameState.turn_number`)."""
    return [state.turn_number for state in PublicLine(record)]


def standing_moves(
    start: GameState, entries: Iterable[tuple[str, int, str]]
) -> Iterator[tuple[GameState, str | None]]:
    """A line's positions from `start`, secrets included, one at a time, each with the
    notation of the move played from it (None after the last): the positions of
    `PublicLine` in the same order, from standing (kind, seat, notation) entries
    (`standing_entries`). A seat that left changes the next move's position."""
    state = start
    for kind, seat, notation in entries:
        if kind != MOVE:
            state = state.retire(seat) or state
            continue
        yield state, notation
        state = state.play(state.parse_move(notation))
    yield state, None


def initial_state(game: str, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
    """The starting position of a match from its game, seat count, seed and options."""
    return games.get(game).new(players, seed=seed, options=options)


def rebuild_state(
    game: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    log: Iterable[tuple[str, int, str]],
) -> GameState:
    """Replay a log of (kind, seat, notation) entries from the start; return the position.

    "move" plays the notation, "retire" lets the seat leave (`state.retire`), "takeback"
    undoes the last move. A log that does not replay raises ReplayError.
    """
    history = [initial_state(game, players, seed, options)]
    for number, (kind, seat, notation) in enumerate(log, start=1):
        state = history[-1]
        try:
            if kind == MOVE:
                if state.current_player != seat:
                    raise ValueError(f"seat {seat + 1} is not the one to act")
                history.append(state.play(state.parse_move(notation)))
            elif kind == RETIRE:
                after = state.retire(seat)
                if after is None:
                    raise ValueError(f"seat {seat + 1} cannot retire and let the others go on")
                history.append(after)
            elif kind == TAKEBACK:
                if len(history) < 2:
                    raise ValueError("there is no move to take back")
                history.pop()
            else:
                raise ValueError(f"unknown entry kind {kind!r}")
        except ValueError as error:
            raise ReplayError(
                Message(
                    "replay.entry", entry=number, kind=kind, move=repr(notation), reason=str(error)
                )
            ) from error
    return history[-1]
