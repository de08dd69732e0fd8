"""/settings: a member's reminders, notices (time zone, DMs, digest, quiet hours, warnings
before deadlines), private picture theme, vacation and whose challenges they refuse;
/snooze in a match's thread."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import words as chat_words
from bot.discord.actions import match_here, poster_of, service_of
from bot.discord.autocomplete import theme_choices
from bot.discord.cogs.common import server_group
from bot.discord.markup import STYLE
from bot.discord.replies import answer, begin
from bot.presentation.catalogue import fill
from bot.presentation.deadlines import WARNING_HOURS_FORMS
from bot.presentation.errors import Refusal
from bot.presentation.parsing import parse_warning_hours
from bot.presentation.settings import settings_text
from bot.service.notices import KEEP, Keep, time_zones

#: The choices of an hour option: off, or 0 to 23 (Discord's 25 choices exactly).
HOURS = [app_commands.Choice(name="off", value=-1)] + [
    app_commands.Choice(name=f"{h:02d}:00", value=h) for h in range(24)
]
DM_MODES = [
    app_commands.Choice(name="off: pings in the thread only", value="off"),
    app_commands.Choice(name="also: a DM as well as the ping", value="also"),
    app_commands.Choice(name="instead: a DM instead of the ping", value="instead"),
]


async def zone_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Up to 25 time zone names containing what was typed (those starting with it first)."""
    typed = current.strip().lower().replace(" ", "_")
    found = [z for z in time_zones() if typed in z.lower()]
    found.sort(key=lambda z: (not z.lower().startswith(typed), z))
    return [app_commands.Choice(name=z, value=z) for z in found[:25]]


def _hour(choice: int | None) -> int | None | Keep:
    """An hour option as the service takes it: left out keeps, "off" (-1) turns off."""
    return KEEP if choice is None else None if choice < 0 else choice


#: The choice of following each server's picture theme.
SERVER_THEME = app_commands.Choice(name="server (each server's own theme)", value="server")


class MemberSettingsCog(commands.Cog, name="Settings"):
    """A member's own settings; they apply to all their matches everywhere."""

    settings = server_group(
        "settings",
        description="Your reminders, picture theme, vacation and whose challenges you take",
    )

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    @settings.command(name="show")
    async def show(self, interaction: discord.Interaction) -> None:
        """Show your reminder setting, vacation and vacation days left this year (of the
        days this server allows)."""
        await begin(interaction)
        service = service_of(interaction)
        mine = await service.settings.member_settings(interaction.user.id, interaction.guild_id)
        await answer(interaction, settings_text(mine, STYLE))

    @settings.command(name="reminders")
    @app_commands.describe(enabled="Whether the bot pings you when a turn has waited long")
    async def reminders(self, interaction: discord.Interaction, enabled: bool) -> None:
        """Turn reminder pings about your turns on or off."""
        await begin(interaction)
        mine = await service_of(interaction).settings.set_reminders(interaction.user.id, enabled)
        await answer(interaction, settings_text(mine, STYLE))

    @settings.command(name="timezone")
    @app_commands.describe(zone="Your time zone, like Europe/Berlin: pick from the list")
    @app_commands.autocomplete(zone=zone_choices)
    async def timezone(self, interaction: discord.Interaction, zone: str) -> None:
        """Set your time zone, for your daily digest and quiet hours."""
        await begin(interaction)
        service = service_of(interaction)
        await service.notices.set_time_zone(interaction.user.id, zone)
        await answer(
            interaction,
            settings_text(await service.settings.member_settings(interaction.user.id), STYLE),
        )

    @settings.command(name="notices")
    @app_commands.describe(
        dm="Turn notices by direct message: off, also (with the ping) or instead of the ping",
        digest_hour="The hour of your daily digest by DM, in your time zone (off: none)",
        quiet_start="From this hour nothing is sent to you (what waits comes after, at once)",
        quiet_end="Until this hour (22 to 7 runs across midnight)",
        warnings="Hours before each deadline to warn you, like 24 8 1 (none: no warnings)",
    )
    @app_commands.choices(dm=DM_MODES)
    @app_commands.choices(digest_hour=HOURS, quiet_start=HOURS, quiet_end=HOURS)
    async def notices(
        self,
        interaction: discord.Interaction,
        dm: str | None = None,
        digest_hour: int | None = None,
        quiet_start: int | None = None,
        quiet_end: int | None = None,
        warnings: str | None = None,
    ) -> None:
        """Choose how you are told: DMs, a daily digest, quiet hours, deadline warnings."""
        hours = KEEP if warnings is None else parse_warning_hours(warnings)
        if hours is None:
            raise Refusal(WARNING_HOURS_FORMS)
        await begin(interaction)
        service = service_of(interaction)
        await service.notices.set_notices(
            interaction.user.id,
            dm=KEEP if dm is None else dm,
            digest_hour=_hour(digest_hour),
            quiet_start=_hour(quiet_start),
            quiet_end=_hour(quiet_end),
            warnings=hours,
        )
        await answer(
            interaction,
            settings_text(await service.settings.member_settings(interaction.user.id), STYLE),
        )

    @app_commands.command(name="snooze")
    @app_commands.guild_only()
    async def snooze(self, interaction: discord.Interaction) -> None:
        """No reminders for you in this thread's match for a day."""
        await begin(interaction)
        match = await match_here(interaction)
        until = await service_of(interaction).notices.snooze(match.id, interaction.user.id)
        await answer(
            interaction,
            fill(chat_words.NO_REMINDERS_UNTIL, match=match.id, until=STYLE.when(until)),
        )

    @settings.command(name="preview")
    @app_commands.describe(show="Whether a move made with Play is shown before it counts")
    async def preview(self, interaction: discord.Interaction, show: bool) -> None:
        """Show moves made with Play before they count (Confirm), or play them at once."""
        await begin(interaction)
        mine = await service_of(interaction).settings.set_skip_preview(
            interaction.user.id, not show
        )
        await answer(interaction, settings_text(mine, STYLE))

    @settings.command(name="theme")
    @app_commands.describe(theme="The picture theme of what the bot shows only you")
    @app_commands.choices(theme=theme_choices(SERVER_THEME))
    async def theme(self, interaction: discord.Interaction, theme: str) -> None:
        """Choose the picture theme of boards and replays shown only to you, in every server."""
        await begin(interaction)
        chosen = None if theme == SERVER_THEME.value else theme
        mine = await service_of(interaction).settings.set_member_theme(interaction.user.id, chosen)
        await answer(interaction, settings_text(mine, STYLE))

    @settings.command(name="block")
    @app_commands.describe(
        member="Refuse challenges from this member",
        everyone="Refuse challenges from everyone (open challenges stay yours to join)",
    )
    async def block(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        everyone: bool = False,
    ) -> None:
        """Refuse challenges that name you, from one member or from everyone."""
        await self._block(interaction, member, everyone, True)

    @settings.command(name="unblock")
    @app_commands.describe(
        member="Take challenges from this member again",
        everyone="Take challenges from everyone again (members you blocked stay blocked)",
    )
    async def unblock(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        everyone: bool = False,
    ) -> None:
        """Take challenges again, from one member or from everyone."""
        await self._block(interaction, member, everyone, False)

    async def _block(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None,
        everyone: bool,
        on: bool,
    ) -> None:
        await begin(interaction)
        if (member is None) == (not everyone):
            raise Refusal(fill(chat_words.NAME_ONE_MEMBER))
        target = None if everyone else member.id if member else None
        mine = await service_of(interaction).settings.set_block(interaction.user.id, target, on)
        await answer(interaction, settings_text(mine, STYLE))

    @settings.command(name="vacation")
    @app_commands.describe(days="Days to pause all your clocks; 0 ends your vacation now")
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 366]
    ) -> None:
        """Pause all your clocks for some days (your next move ends the vacation)."""
        await begin(interaction)
        service = service_of(interaction)
        if days == 0:
            mine = await service.clocks.end_vacation(interaction.user.id, interaction.guild_id)
        else:
            mine = await service.clocks.start_vacation(
                interaction.user.id, days, interaction.guild_id
            )
        await answer(interaction, settings_text(mine, STYLE))
        ends = mine.vacation.ends_at if mine.vacation else None
        await poster_of(interaction).vacation_notice(interaction.user.id, ends)
