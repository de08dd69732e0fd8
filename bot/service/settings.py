"""The settings part of the service: member and server settings (reminders, default
clock, challenge channel, picture themes, languages, a member's vacation days left).

A server's picture theme is used for every public picture of its matches; a member's own
theme (if they chose one) for everything shown to them privately, otherwise the server's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import render
from bot.config import MAX_VACATION_DAYS
from bot.match.errors import BadOption, NotAllowed
from bot.match.phrases import Message
from bot.service.base import Core, known_theme
from bot.service.checks import check_clock
from bot.service.notices import notices_from
from bot.service.reports import GuildSettings, MemberSettings, Vacation
from bot.store import clocks as clock_rows
from bot.store import members as member_rows
from bot.store import notices as notice_rows
from bot.store.sql import Connection

#: The longest locale stored (Discord's have at most 6 characters: "es-419").
LOCALE_MOST = 16


def check_theme(name: str) -> str:
    """A picture theme's name as stored, or BadOption listing the themes there are."""
    wanted = name.strip().lower()
    if wanted not in render.THEMES:
        known = ", ".join(render.THEMES)
        raise BadOption(Message("settings.theme", theme=repr(name), themes=known))
    return wanted


class SettingsPart:
    """Members' and servers' settings, over the service's core (a member's include their
    vacation and notices)."""

    def __init__(self, core: Core) -> None:
        self._core = core

    async def member_settings(self, member_id: int, guild_id: int | None = None) -> MemberSettings:
        """A member's reminders setting, picture theme, vacation and vacation days left
        (of the allowance of the server asked in, `guild_id`)."""
        return await self._core.store.read(
            lambda conn: self.member_in(conn, member_id, self._core.now(), guild_id)
        )

    async def set_reminders(self, member_id: int, enabled: bool) -> MemberSettings:
        """Turn the member's reminder pings on or off."""
        return await self._set_member(member_id, "reminders", int(enabled))

    async def set_skip_preview(self, member_id: int, skip: bool) -> MemberSettings:
        """Play moves composed by taps at once (`skip`), or after their preview."""
        return await self._set_member(member_id, "skip_preview", int(skip))

    async def set_member_theme(self, member_id: int, theme: str | None) -> MemberSettings:
        """Choose the picture theme of what the member is shown privately (None: each
        server's own). Raises BadOption for a theme that does not exist."""
        return await self._set_member(
            member_id, "picture_theme", None if theme is None else check_theme(theme)
        )

    async def _set_member(self, member_id: int, column: str, value: Any) -> MemberSettings:
        async def write(conn: Connection) -> MemberSettings:
            await member_rows.upsert(conn, "members", "member_id", member_id, column, value)
            return await self.member_in(conn, member_id, self._core.now())

        return await self._core.store.transact(write)

    async def set_block(self, member_id: int, blocked: int | None, on: bool) -> MemberSettings:
        """Refuse challenges from `blocked` (None: from everyone), or accept them again
        (`on` False). Raises NotAllowed for blocking oneself."""
        if blocked == member_id:
            raise NotAllowed(Message("settings.block_yourself"))
        target = member_rows.EVERYONE if blocked is None else blocked

        async def write(conn: Connection) -> MemberSettings:
            await member_rows.set_block(conn, member_id, target, on)
            return await self.member_in(conn, member_id, self._core.now())

        return await self._core.store.transact(write)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's default clock, challenge channel, picture theme and timeouts."""
        return await self._core.store.read(lambda conn: self._guild(conn, guild_id))

    async def set_guild_clock(self, guild_id: int, clock_hours: int) -> GuildSettings:
        """Set the server's default clock in hours per turn (0: no clock). Raises BadOption."""
        check_clock(clock_hours)
        return await self._set_guild(guild_id, "clock_hours", clock_hours)

    async def set_challenge_channel(self, guild_id: int, channel_id: int | None) -> GuildSettings:
        """Restrict challenges to one channel (None: any channel)."""
        return await self._set_guild(guild_id, "challenge_channel_id", channel_id)

    async def set_guild_theme(self, guild_id: int, theme: str) -> GuildSettings:
        """Set the picture theme of the server's public pictures. Raises BadOption."""
        return await self._set_guild(guild_id, "picture_theme", check_theme(theme))

    async def set_guild_auto_timeout(self, guild_id: int, enabled: bool) -> GuildSettings:
        """Whether a late turn ends the server's new matches by itself (True, the default)
        or waits for a waiting player's claim (a challenge may still choose either)."""
        return await self._set_guild(guild_id, "auto_timeout", int(enabled))

    async def set_guild_weekend_pause(self, guild_id: int, enabled: bool) -> GuildSettings:
        """Whether the clocks of the server's new matches stop on Saturday and Sunday in the
        time zone of the player to act (off by default; a challenge may still choose)."""
        return await self._set_guild(guild_id, "weekend_pause", int(enabled))

    async def set_guild_vacation_days(self, guild_id: int, days: int) -> GuildSettings:
        """The vacation days a year each member may spend pausing the server's matches
        (0 to 366). Raises BadOption."""
        if not 0 <= days <= MAX_VACATION_DAYS:
            raise BadOption(Message("vacation.allowance", most=MAX_VACATION_DAYS))

        async def write(conn: Connection) -> GuildSettings:
            await member_rows.upsert(conn, "guilds", "guild_id", guild_id, "vacation_days", days)
            await clock_rows.look_again_paused(conn, guild_id, self._core.now())  # (pauses' ends)
            return await self._guild(conn, guild_id)

        return await self._core.store.transact(write)

    async def set_guild_language(self, guild_id: int, language: str | None) -> GuildSettings:
        """Choose the language of the server's public posts (one of the presentation's
        languages; None: Discord's preferred locale of the server)."""
        return await self._set_guild(guild_id, "language", language)

    async def guild_languages(self) -> dict[int, str]:
        """Every server's chosen language (`set_guild_language`), by server."""
        return await self._core.store.read(member_rows.guild_languages)

    async def remember_locale(self, member_id: int, locale: str) -> None:
        """Remember the Discord locale of the member's latest interaction, to write in its
        language what is sent to them later unprompted (direct messages). A locale longer
        than `LOCALE_MOST` or with a character that is not printable (a NUL) is no
        locale: it is not stored."""
        if len(locale) > LOCALE_MOST or not locale.isprintable():
            return

        async def write(conn: Connection) -> None:
            await member_rows.upsert(conn, "members", "member_id", member_id, "locale", locale)

        await self._core.store.transact(write)

    async def member_locales(self, member_ids: list[int]) -> dict[int, str]:
        """The remembered locales of these members (`remember_locale`), by member."""
        return await self._core.store.read(
            lambda conn: member_rows.member_locales(conn, member_ids)
        )

    async def _set_guild(self, guild_id: int, column: str, value: Any) -> GuildSettings:
        async def write(conn: Connection) -> GuildSettings:
            await member_rows.upsert(conn, "guilds", "guild_id", guild_id, column, value)
            return await self._guild(conn, guild_id)

        return await self._core.store.transact(write)

    async def _guild(self, conn: Connection, guild_id: int) -> GuildSettings:
        defaults = await self._core.guild_defaults(conn, guild_id)
        auto = await member_rows.guild_auto_timeout(conn, guild_id)
        weekends = await member_rows.guild_weekend_pause(conn, guild_id)
        return GuildSettings(
            guild_id,
            *defaults,
            auto_timeout=auto,
            weekend_pause=weekends,
            vacation_days=await self._core.allowance(conn, guild_id),
            language=await member_rows.guild_language(conn, guild_id),
        )

    async def picture_theme(self, guild_id: int, member_id: int | None = None) -> str:
        """The theme to draw in: for a public picture of the server's (`member_id` None)
        the server's theme; for a picture shown to one member privately, the member's own
        theme, or the server's when they chose none."""
        own, server = await self._core.store.read(
            lambda conn: member_rows.themes(conn, guild_id, member_id)
        )
        return own if own in render.THEMES else known_theme(server)

    async def days_left(
        self, conn: Connection, member_id: int, now: datetime, guild_id: int | None
    ) -> float:
        """The vacation days the member has left this year, of the allowance of
        `guild_id` (or the bot's default), read in the caller's transaction."""
        used = await member_rows.days_used(conn, member_id, now)
        return max(0.0, round(await self._core.allowance(conn, guild_id) - used, 2))

    async def member_in(
        self, conn: Connection, member_id: int, now: datetime, guild_id: int | None = None
    ) -> MemberSettings:
        """A member's settings with their vacation and the vacation days left (of the
        allowance of `guild_id`, or the bot's default), read in the caller's
        transaction."""
        reminders, theme, skip_preview = await member_rows.member_row(conn, member_id)
        running = await member_rows.running_vacation(conn, member_id, now)
        refused = await member_rows.blocks(conn, member_id)
        return MemberSettings(
            member_id=member_id,
            reminders=reminders,
            vacation=None if running is None else Vacation(*running),
            vacation_days_left=await self.days_left(conn, member_id, now, guild_id),
            picture_theme=theme,
            skip_preview=skip_preview,
            refuses_everyone=member_rows.EVERYONE in refused,
            refuses=tuple(m for m in refused if m != member_rows.EVERYONE),
            notices=notices_from(await notice_rows.notice_row(conn, member_id)),
        )
