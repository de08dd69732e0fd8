"""The match service: challenges, match actions, clocks, results and records, over the
store. Every match action is one thin transaction: read the match, ask the match rules
(`bot.match.rules`), store their decision, return the update with its events.

No Discord here: the Discord layer and the local console call the same async methods.
Every method checks everything first and raises a `ServiceError` subclass (words for
the player) without changing anything when it refuses.

    service = await MatchService.open(settings)
    challenge = await service.create_challenge(guild, channel, alice, "skift", opponents=[bob])
    started = await service.accept_challenge(challenge.id, bob)
    await service.attach_channel(started.match.id, thread_id)
    match = started.match
    request = Request(MOVE, "c3-c4", ply=match.ply, request_id="discord:1234")
    update = await service.act(match.id, match.to_act, request)
"""

from __future__ import annotations

import random

from bot.config import Settings
from bot.match.actions import InChannel, MatchAction, Request, ShownBefore
from bot.match.errors import (
    BadOption,
    ChallengeClosed,
    ChannelBusy,
    ClockError,
    IllegalMoveError,
    LimitReached,
    MatchOver,
    NoProposal,
    NotAllowed,
    NotFound,
    NotYourTurn,
    PositionChanged,
    ReplayError,
    ServiceError,
    TakebackRefused,
    TooLate,
)
from bot.match.records import (
    Challenge,
    ChallengeUpdate,
    Delivery,
    LogEntry,
    Match,
    MatchRecord,
    MatchResult,
    MatchRules,
    MatchUpdate,
    MoveChoice,
    Proposal,
    RatingChange,
    Seat,
)
from bot.match.replay import rebuild_state
from bot.service.base import Clock, utc_now
from bot.service.challenges import ChallengeMixin
from bot.service.export import export_text, replay_export
from bot.service.league_rounds import LeagueNews, LeagueTable
from bot.service.leagues import LeagueMixin
from bot.service.play import PlayMixin
from bot.service.premoves import PremoveMixin
from bot.service.queries import QueryMixin
from bot.service.reports import (
    DeadlineWarning,
    Digest,
    GameStats,
    GuildSettings,
    HeldNotices,
    MemberSettings,
    NextGame,
    Notices,
    PlayerStats,
    Post,
    Reminder,
    SoloStats,
    Standing,
    TickReport,
    Vacation,
)
from bot.service.settings import SettingsMixin
from bot.store import open_store

__all__ = [
    "BadOption",
    "Challenge",
    "ChallengeClosed",
    "ChallengeUpdate",
    "ChannelBusy",
    "Clock",
    "ClockError",
    "DeadlineWarning",
    "Delivery",
    "Digest",
    "GameStats",
    "GuildSettings",
    "IllegalMoveError",
    "InChannel",
    "LeagueNews",
    "LeagueTable",
    "LimitReached",
    "LogEntry",
    "Match",
    "MatchAction",
    "MatchOver",
    "MatchRecord",
    "MatchResult",
    "MatchRules",
    "MatchService",
    "MatchUpdate",
    "HeldNotices",
    "MemberSettings",
    "MoveChoice",
    "NoProposal",
    "NotAllowed",
    "NotFound",
    "NotYourTurn",
    "NextGame",
    "Notices",
    "PlayerStats",
    "Post",
    "PositionChanged",
    "Proposal",
    "RatingChange",
    "Reminder",
    "ReplayError",
    "Request",
    "Seat",
    "ServiceError",
    "ShownBefore",
    "SoloStats",
    "Standing",
    "TakebackRefused",
    "TickReport",
    "TooLate",
    "Vacation",
    "export_text",
    "rebuild_state",
    "replay_export",
    "utc_now",
]


class MatchService(LeagueMixin, ChallengeMixin, PlayMixin, PremoveMixin, SettingsMixin, QueryMixin):
    """The whole match service over one `Store`. Each part (challenges, play, clocks and
    settings, queries, premoves) builds only on `ServiceBase`, never on another part;
    leagues build on challenges (they start matches)."""

    @classmethod
    async def open(
        cls,
        settings: Settings,
        *,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
    ) -> MatchService:
        """Open (creating and migrating if needed) the database named by the settings, and
        compute the matches' due times from what is stored where they were computed for
        other reminder settings, or never (`bot.store.clocks.compute_due`)."""
        service = cls(await open_store(settings), settings, clock=clock, rng=rng)
        try:
            await service.keep_due_basis()
        except BaseException:
            await service.store.close()
            raise
        return service
