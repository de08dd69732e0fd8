"""Match records made in memory, to test the match rules without a database."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import games
from bot.match import rules
from bot.match.decision import Decision, Situation
from bot.match.records import ACTIVE, LogEntry, Match, MatchRules, Seat, Snapshot

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
#: Three days a turn, claimed timeouts, takebacks allowed, rated.
RULES = MatchRules(72, False, True)


def new_match(
    game: str = "skift",
    members: Sequence[int] = (1, 2),
    *,
    rules_: MatchRules = RULES,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    away: frozenset[int] = frozenset(),
) -> Match:
    """A started match of `game` with `members` in seat order, its first turn begun at T0."""
    chosen = games.get(game)
    state = chosen.new(len(members), seed=seed, options=options)
    match = Match(
        id=1,
        guild_id=10,
        origin_channel_id=20,
        channel_id=30,
        game=chosen.name,
        game_title=chosen.title,
        options=dict(state.options),
        rules=rules_,
        seats=tuple(Seat(seat, member, seat) for seat, member in enumerate(members)),
        seed=seed,
        status=ACTIVE,
        ply=0,
        version=0,
        turns=0,
        turn_ply=0,
        current_seat=None,
        to_act=None,
        turn_started_at=None,
        deadline=None,
        paused_at=None,
        proposal=None,
        created_at=T0,
        ended_at=None,
        result=None,
        snapshot=Snapshot.of(state),
    )
    return rules.start(match, Situation(T0, away)).match


def logged(history: Sequence[Decision]) -> tuple[LogEntry, ...]:
    """The log a sequence of decisions wrote, as the store would read it back."""
    entries = []
    for decision in history:
        for entry in decision.entries:
            member = decision.match.seats[entry.seat].member_id
            index = len(entries)
            line = LogEntry(index, entry.seat, member, entry.kind, entry.notation, T0, entry.sealed)
            entries.append(line)
    return tuple(entries)
