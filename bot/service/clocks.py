"""Clocks and settings: reminders, timeouts, vacation, member and server settings."""

from __future__ import annotations

from datetime import datetime

from bot.service.base import ServiceBase
from bot.service.records import GuildSettings, MemberSettings, TickReport


class ClockMixin(ServiceBase):
    """Time-driven methods and settings of the match service."""

    async def tick(self) -> TickReport:
        """Do everything due now: expire challenges, end finished vacations, end matches
        whose time ran out (auto-timeout ones), and return the reminders to send (each
        marked sent in the same transaction, so no turn is reminded twice)."""
        raise NotImplementedError

    async def next_due(self) -> datetime | None:
        """When `tick` next has something to do (None: nothing scheduled)."""
        raise NotImplementedError

    async def start_vacation(self, member_id: int, days: float) -> MemberSettings:
        """Pause all the member's clocks for `days` (within the yearly allowance); it ends
        early when they move or call `end_vacation`. Raises ClockError."""
        raise NotImplementedError

    async def end_vacation(self, member_id: int) -> MemberSettings:
        """End the member's vacation now; unused days return to the allowance."""
        raise NotImplementedError

    async def member_settings(self, member_id: int) -> MemberSettings:
        """A member's reminders setting, vacation and vacation days left this year."""
        raise NotImplementedError

    async def set_reminders(self, member_id: int, enabled: bool) -> MemberSettings:
        """Turn the member's reminder pings on or off."""
        raise NotImplementedError

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's default clock and challenge channel."""
        raise NotImplementedError

    async def set_guild_clock(self, guild_id: int, clock_hours: int) -> GuildSettings:
        """Set the server's default clock in hours per move (0: no clock). Raises BadOption."""
        raise NotImplementedError

    async def set_challenge_channel(self, guild_id: int, channel_id: int | None) -> GuildSettings:
        """Restrict challenges to one channel (None: any channel)."""
        raise NotImplementedError
