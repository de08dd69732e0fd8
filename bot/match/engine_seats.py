"""The bot as a player: who its seats are, what they are called, and how it answers.

A bot seat is a member id of its own, below zero (Discord's ids are all above), which
says the seat's level: so a match, its proposals and its log name each bot seat apart
(Shiftago with three bots of one level has three), and every face names it the same way
("Shiftcord (hard)"). A level is rated as one player per server and game, under its
`rating_member`. Pure: no engine, no SQL, no Discord.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import games
from bot.match import actions
from bot.match.actions import MatchAction
from bot.match.records import Match

#: The bot's levels, weakest first.
LEVELS = ("easy", "medium", "hard", "master")
#: The levels whose seats were numbered first, all together (ids stored since then keep
#: their meaning): -1, -2, -3 for the first easy, medium and hard seat, then -4, -5, -6...
FIRST_LEVELS = 3
#: A level added later numbers its seats in a block of `MAX_ENGINE_SEATS` of its own,
#: from this id down: master's seats are -101 to -104.
LATER_LEVELS_FROM = 101
#: The levels that think as a correspondence player may, up to about half a minute a
#: move: their seats' turns say that they are thinking, and they think apart from the
#: quick levels (so those still answer in a couple of seconds).
SLOW_LEVELS = ("master",)
#: The level a challenge gets when it names none.
DEFAULT_LEVEL = "medium"
#: The name players see before the level.
ENGINE_NAME = "Shiftcord"
#: The most bot seats one challenge may have (the largest table less its challenger).
MAX_ENGINE_SEATS = 4
#: The opening, in which the bot declines every draw offer: until each player has made
#: this many moves...
OPENING_MOVES = 10
#: ...or, in a game whose turns may be several actions, played this share of the turns a
#: game typically lasts (`GameType.typical_turns`).
OPENING_SHARE = 0.1
#: How far below its fair share its estimate must be for the bot to accept a draw.
DRAW_MARGIN = 0.1


def engine_member(level: str, index: int = 0) -> int:
    """The member id of the `index`-th bot seat of `level` in one challenge (0 first):
    -1, -2, -3 for the first easy, medium and hard seat, then -4, -5, -6...; master's
    from -101 down."""
    position = LEVELS.index(level)
    if position < FIRST_LEVELS:
        return -(1 + position + FIRST_LEVELS * index)
    return -(LATER_LEVELS_FROM + (position - FIRST_LEVELS) * MAX_ENGINE_SEATS + index)


def _level_and_index(member_id: int) -> tuple[str, int]:
    """The level of a bot seat's member id and which of that level's seats it is."""
    slot = -member_id
    if slot >= LATER_LEVELS_FROM:
        block, index = divmod(slot - LATER_LEVELS_FROM, MAX_ENGINE_SEATS)
        return LEVELS[FIRST_LEVELS + block], index
    return LEVELS[(slot - 1) % FIRST_LEVELS], (slot - 1) // FIRST_LEVELS


def engine_members(levels: Sequence[str]) -> list[int]:
    """A member id for each of these bot seats, told apart within their challenge."""
    seen: dict[str, int] = {}
    ids = []
    for level in levels:
        ids.append(engine_member(level, seen.get(level, 0)))
        seen[level] = seen.get(level, 0) + 1
    return ids


def is_engine(member_id: int) -> bool:
    """Whether the member id is one of the bot's seats."""
    return member_id < 0


def may_owe(match: Match) -> bool:
    """Whether a bot seat may owe something in the match (kept with it, to find such
    matches through an index): a bot seat is to act, or a proposal waits and a bot seat
    plays (whether it waits for the bot is `duty`'s to see)."""
    if not match.active:
        return False
    if match.to_act is not None and is_engine(match.to_act):
        return True
    return match.proposal is not None and any(is_engine(s.member_id) for s in match.seats)


def level_of(member_id: int) -> str | None:
    """The level of a bot seat, None for a person."""
    if not is_engine(member_id):
        return None
    return _level_and_index(member_id)[0]


def rating_member(member_id: int) -> int:
    """Whose rating a seat's result moves: a person's own; a bot seat's level's (all bot
    seats of one level share one rating per server and game)."""
    level = level_of(member_id)
    return member_id if level is None else engine_member(level)


def engine_name(member_id: int) -> str | None:
    """What a bot seat is called ("Shiftcord (hard)"; a level's further seats in one
    match are numbered from 2, "Shiftcord (easy) 2"), None for a person."""
    if not is_engine(member_id):
        return None
    level, index = _level_and_index(member_id)
    return f"{ENGINE_NAME} ({level})" + (f" {index + 1}" if index else "")


def thinks_long(member_id: int) -> bool:
    """Whether the member is a bot seat of a level that thinks long (`SLOW_LEVELS`)."""
    return level_of(member_id) in SLOW_LEVELS


def people(member_ids: Sequence[int]) -> list[int]:
    """The members who are people (not bot seats), in order."""
    return [m for m in member_ids if not is_engine(m)]


def grants_takeback(level: str) -> bool:
    """Whether the bot at `level` lets a player take back a move: only at easy, where
    players learn."""
    return level == LEVELS[0]


def takeback_refuser(member_ids: Sequence[int]) -> int | None:
    """The first bot seat among `member_ids` whose level refuses every takeback (so no
    takeback of a move can ever be agreed), None when there is none."""
    return next(
        (m for m in member_ids if is_engine(m) and not grants_takeback(level_of(m) or "")), None
    )


def accepts_draw(estimate: float, players: int) -> bool:
    """Whether the bot accepts a draw after the opening, given its own estimate of its
    result in [0, 1] (1 a sure win): only when it is clearly worse than a draw for it,
    `DRAW_MARGIN` below its fair share 1/players (at most 0.4 in a two-player game)."""
    return estimate <= 1.0 / players - DRAW_MARGIN


def in_opening(match: Match) -> bool:
    """Whether the match is still in its opening: before each player has made
    `OPENING_MOVES` moves, or played `OPENING_SHARE` of the game's typical turns where a
    turn may be several actions (counted in turns completed, all players together)."""
    typical = games.get(match.game).kind.typical_turns
    each = OPENING_MOVES if typical is None else math.ceil(typical * OPENING_SHARE)
    return match.turns < each * len(match.seats)


#: The kinds of a bot seat's duty: a move, or the answer to a pending proposal.
MOVE, DRAW, TAKEBACK = "move", "draw", "takeback"


@dataclass(frozen=True)
class Duty:
    """What a bot seat owes in a match now: a move (`kind` MOVE), or its answer to a
    draw offer or takeback request. `ply` is the position it decides in (the action
    carries it, so a duty done twice is applied once); `version` is the match's stored
    version it was found at, which every action changes, takebacks and repeated proposals
    too (a ply comes back after a takeback); `seed` makes its thinking repeatable: the
    same match and ply, the same move."""

    match_id: int
    member_id: int
    seat: int
    level: str
    kind: str
    ply: int
    version: int
    seed: int

    def answer(self, yes: bool) -> MatchAction:
        """The action that answers the proposal: yes (accept, grant) or no."""
        if self.kind == DRAW:
            return actions.ACCEPT_DRAW if yes else actions.DECLINE_DRAW
        return actions.GRANT_TAKEBACK if yes else actions.REFUSE_TAKEBACK


def ruled_answer(match: Match, owed: Duty) -> bool | None:
    """The bot's answer to a proposal when its rules settle it without thinking: a
    takeback request by its level, a draw offer in the opening (declined); None when it
    thinks (a move, a draw offer after the opening)."""
    if owed.kind == TAKEBACK:
        return grants_takeback(owed.level)
    if owed.kind == DRAW and in_opening(match):
        return False
    return None


def duty(match: Match) -> Duty | None:
    """What a bot seat of the match owes now, answers before moves; None when nothing
    (a finished match, a person to act and no proposal waiting for the bot)."""
    if not match.active:
        return None
    waiting = match.proposal.waiting_for if match.proposal is not None else ()
    owing = [(m, match.proposal.kind) for m in waiting if is_engine(m) and match.proposal]
    if match.to_act is not None and is_engine(match.to_act):
        owing.append((match.to_act, MOVE))
    for member, kind in owing:
        seat = match.seat_of(member)
        level = match.seats[seat].bot_level if seat is not None else None
        if seat is not None and level is not None:
            seed = (match.seed + 7919 * match.ply + seat) % 2**62
            return Duty(match.id, member, seat, level, kind, match.ply, match.version, seed)
    return None
