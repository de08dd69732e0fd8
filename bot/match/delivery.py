"""Whom an action's news calls, pure: the members its post pings and, of those, the ones it
gives the turn to (who get turn notices). The service reads how those members want to be
told in the action's own transaction (`bot.match.records.Delivery`); the presentation's
announcement decides from both who is pinged and who is told privately
(`bot.presentation.announcements`), and the faces deliver it.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.match.engine_seats import people
from bot.match.events import Agreed, Proposed, TurnPassed
from bot.match.records import MatchUpdate


def called(update: MatchUpdate) -> set[int]:
    """Whom an action's news pings: everybody at the end; else the player a turn passed to
    (once a turn, not after each action of a turn of several), and the players a new or
    agreed-to proposal waits for; never the member who acted, nor one whose premove
    answers the action at once, nor an engine seat."""
    match = update.match
    if update.result is not None:
        return set(people(match.members))
    members = {e.member for e in update.events if isinstance(e, TurnPassed)}
    asking = any(isinstance(e, Proposed | Agreed) for e in update.events)
    if asking and match.proposal is not None:
        members.update(match.proposal.waiting_for)
    members.discard(update.actor_id or 0)  # who just acted knows (a solo player's next turn)
    if update.premove is not None:  # their premove answers at once: its post calls the next
        members.discard(update.premove.actor_id or 0)
    return set(people(list(members)))


def turn_receivers(update: MatchUpdate, calling: Iterable[int]) -> set[int]:
    """Whom an action's news gives the turn (of those it calls): who get turn notices."""
    if update.result is not None:
        return set()
    passed = {e.member for e in update.events if isinstance(e, TurnPassed)}
    return passed & set(calling)


def news(update: MatchUpdate) -> tuple[MatchUpdate, ...]:
    """The updates an action posts, in order: itself, then the premove that answered it."""
    return (update,) if update.premove is None else (update, update.premove)


def notified(update: MatchUpdate) -> set[int]:
    """Everyone an action's news (its premove's included) gives the turn to."""
    return {m for each in news(update) for m in turn_receivers(each, called(each))}
