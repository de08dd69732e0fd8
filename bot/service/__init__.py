"""The match service: challenges, match actions, clocks, results and records, over the
store, as small parts that share one store (`Core`, `bot.service.base`). Every match
action is one thin transaction: read the match, ask the match rules (`bot.match.rules`),
store their decision, return the update with its events.

No Discord here: every face (Discord, the console, the web board) calls the same async
methods of the parts. Every method checks everything first and raises a `ServiceError`
subclass (words for the player) without changing anything when it refuses.

The parts, each built on the core and naming in its constructor the parts it uses:

- `play`: every match action (`act`), a move's preview, legal moves, a match's thread;
- `challenges`: challenges, rematches and the matches they start;
- `leagues`: server leagues (on `challenges`: a round's matches start as challenges);
- `settings`: members' and servers' settings;
- `clocks`: reminders, timeouts, warnings, vacation (on `settings`: a vacation answers
  with the member's settings);
- `notices`: a member's notices and what the poster reports after posting;
- `queries`: read-only questions (matches, records, ratings, standings, stats);
- `analysis`: the analyses kept with matches;
- `premoves`: a member's conditional premoves.

    service = await MatchService.open(settings)
    request = ChallengeRequest(guild, channel, alice, "skift", opponents=(bob,))
    challenge = await service.challenges.create_challenge(request)
    started = await service.challenges.accept_challenge(challenge.id, bob)
    await service.play.attach_channel(started.match.id, thread_id)
    match = started.match
    request = Request(MOVE, "c3-c4", ply=match.ply, request_id="discord:1234")
    update = await service.play.act(match.id, match.to_act, request)
"""

from __future__ import annotations

import random
from datetime import datetime

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
from bot.service.analysis import AnalysisPart
from bot.service.base import Clock, Core, utc_now
from bot.service.challenges import ChallengeRequest, ChallengesPart
from bot.service.clocks import ClocksPart
from bot.service.export import export_text, replay_export
from bot.service.league_rounds import LeagueNews, LeagueTable
from bot.service.leagues import LeaguesPart
from bot.service.notices import NoticesPart
from bot.service.play import PlayPart
from bot.service.premoves import PremovesPart
from bot.service.queries import QueriesPart
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
from bot.service.settings import SettingsPart
from bot.service.web_sessions import WebSessionsPart
from bot.store import Store, open_store

__all__ = [
    "AnalysisPart",
    "BadOption",
    "Challenge",
    "ChallengeClosed",
    "ChallengeRequest",
    "ChallengeUpdate",
    "ChallengesPart",
    "ChannelBusy",
    "Clock",
    "ClockError",
    "ClocksPart",
    "Core",
    "DeadlineWarning",
    "Delivery",
    "Digest",
    "GameStats",
    "GuildSettings",
    "HeldNotices",
    "IllegalMoveError",
    "InChannel",
    "LeagueNews",
    "LeagueTable",
    "LeaguesPart",
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
    "MemberSettings",
    "MoveChoice",
    "NextGame",
    "NoProposal",
    "NotAllowed",
    "NotFound",
    "NotYourTurn",
    "Notices",
    "NoticesPart",
    "PlayPart",
    "PlayerStats",
    "PositionChanged",
    "Post",
    "PremovesPart",
    "Proposal",
    "QueriesPart",
    "RatingChange",
    "Reminder",
    "ReplayError",
    "Request",
    "Seat",
    "ServiceError",
    "SettingsPart",
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


class MatchService:
    """The match service over one store: its parts, built once on one `Core` (the store,
    the bot's settings, the clock). A face calls the parts it needs:
    `service.play.act(...)`, `service.challenges.create_challenge(...)`."""

    def __init__(
        self,
        store: Store,
        config: Settings,
        *,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
    ) -> None:
        self.core = Core(store, config, clock=clock, rng=rng)
        self.store = store
        #: The bot's settings (members' and servers' own are the `settings` part).
        self.config = config
        self.queries = QueriesPart(self.core)
        self.play = PlayPart(self.core, self.queries)
        self.challenges = ChallengesPart(self.core)
        self.leagues = LeaguesPart(self.core, self.challenges)
        self.settings = SettingsPart(self.core)
        self.clocks = ClocksPart(self.core, self.settings)
        self.notices = NoticesPart(self.core)
        self.analysis = AnalysisPart(self.core)
        self.premoves = PremovesPart(self.core)
        self.web_sessions = WebSessionsPart(self.core)

    @classmethod
    async def open(
        cls,
        config: Settings,
        *,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
    ) -> MatchService:
        """Open (creating and migrating if needed) the database named by the settings, and
        compute the matches' due times from what is stored where they were computed for
        other reminder settings, or never (`bot.store.clocks.compute_due`)."""
        service = cls(await open_store(config), config, clock=clock, rng=rng)
        try:
            await service.clocks.keep_due_basis()
        except BaseException:
            await service.store.close()
            raise
        return service

    def now(self) -> datetime:
        """The service's current time (its clock: injectable for tests)."""
        return self.core.now()

    async def close(self) -> None:
        """Give back the background work this process holds, then close the database
        connection (`Core.close`)."""
        await self.core.close()
