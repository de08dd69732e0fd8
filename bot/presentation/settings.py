"""What players read about their settings and a server's: reminders, picture theme,
preview, refused challengers, notices, warnings and vacation; a server's clock, challenge
channel, theme, timeouts, weekends, vacation allowance and language. Whole sentences with
named placeholders, then the functions that fill them.
"""

from __future__ import annotations

from bot.presentation.catalogue import fill
from bot.presentation.clocks import format_clock
from bot.presentation.composer import PREVIEW_SETTING
from bot.presentation.deadlines import (
    timeouts_line,
    vacation_allowance_line,
    warnings_line,
    weekends_line,
)
from bot.presentation.language import LANGUAGE_NAMES
from bot.presentation.writing import Style, listed
from bot.service import GuildSettings, MemberSettings, Notices

REMINDERS = {True: "Reminders: on.", False: "Reminders: off."}
OWN_THEME = "Pictures shown only to you: the {theme} theme."
SERVER_THEME = "Pictures shown only to you: each server's theme."
REFUSE_EVERYONE = "You refuse challenges from everyone (open challenges you may still join)."
REFUSE_MEMBERS = "You refuse challenges from {members}."
REFUSE_MEMBERS_AND_MORE = "You refuse challenges from {members} and {more} more."
ON_VACATION_UNTIL = "On vacation until {until}."
VACATION_DAYS_LEFT = "Vacation days left this year: {days}."
NOTICES = "Time zone: {zone}. Turn notices: {how}. Daily digest: {digest}. Quiet hours: {quiet}."
#: How turn notices reach a member (by their choice), and when their DMs were closed.
NOTICES_BY = {
    "off": "thread pings only",
    "also": "DMs and thread pings",
    "instead": "DMs",
}
NOTICES_DMS_CLOSED = "thread pings (your DMs were closed to me)"
DIGEST_AT = "at {hour:02d}:00"
QUIET_FROM_TO = "{start:02d}:00 to {end:02d}:00"
NONE = "none"
SERVER_SETTINGS = "Default clock: {clock}. Challenges: {where}. Pictures: the {theme} theme."
ANY_CHANNEL = "any channel"
LANGUAGE_CHOSEN = "Public posts are written in {language}, as the admins chose."
LANGUAGE_AUTO = "Public posts are written in {language}, the server's language on Discord."


def settings_text(member: MemberSettings, style: Style) -> str:
    """A member's settings in words."""
    theme = member.picture_theme
    lines = [
        fill(REMINDERS[member.reminders]),
        fill(OWN_THEME, theme=theme) if theme else fill(SERVER_THEME),
        fill(PREVIEW_SETTING[member.skip_preview]),
    ]
    if member.refuses_everyone:
        lines.append(fill(REFUSE_EVERYONE))
    if member.refuses:
        names = listed([style.mention(m) for m in member.refuses[:20]])
        if len(member.refuses) > 20:
            more = len(member.refuses) - 20
            lines.append(fill(REFUSE_MEMBERS_AND_MORE, members=names, more=more))
        else:
            lines.append(fill(REFUSE_MEMBERS, members=names))
    lines.append(notices_line(member.notices))
    lines.append(warnings_line(member.notices))
    if member.vacation is not None:
        lines.append(fill(ON_VACATION_UNTIL, until=style.when(member.vacation.ends_at)))
    lines.append(fill(VACATION_DAYS_LEFT, days=f"{member.vacation_days_left:g}"))
    return "\n".join(lines)


def notices_line(notices: Notices) -> str:
    """A member's notices in one sentence."""
    how = fill(NOTICES_BY[notices.dm])
    if notices.dm != "off" and notices.dm_refused:
        how = fill(NOTICES_DMS_CLOSED)
    digest = fill(NONE)
    if notices.digest_hour is not None:
        digest = fill(DIGEST_AT, hour=notices.digest_hour)
    quiet = fill(NONE)
    if notices.quiet_start is not None and notices.quiet_end is not None:
        quiet = fill(QUIET_FROM_TO, start=notices.quiet_start, end=notices.quiet_end)
    return fill(NOTICES, zone=notices.time_zone, how=how, digest=digest, quiet=quiet)


def guild_settings_text(guild: GuildSettings, style: Style, public: str | None = None) -> str:
    """A server's defaults in words; `public`, the language its public posts are written
    in where its admins chose none (a face that knows it), names it too."""
    channel = guild.challenge_channel_id
    where = style.channel(channel) if channel else fill(ANY_CHANNEL)
    settings = fill(
        SERVER_SETTINGS,
        clock=format_clock(guild.clock_hours),
        where=where,
        theme=guild.picture_theme,
    )
    timeouts, weekends = timeouts_line(guild.auto_timeout), weekends_line(guild.weekend_pause)
    allowance = vacation_allowance_line(guild.vacation_days)
    text = f"{settings} {timeouts} {weekends} {allowance}"
    if guild.language is not None:
        language = LANGUAGE_NAMES.get(guild.language, guild.language)
        return f"{text} {fill(LANGUAGE_CHOSEN, language=language)}"
    if public is not None:
        return f"{text} {fill(LANGUAGE_AUTO, language=LANGUAGE_NAMES[public])}"
    return text


#: Told once, privately, to a member whose direct messages Discord refused (every face
#: that answers a member says it: `PrivateAnswer.tell_dm_refused`, Discord's replies).
DMS_REFUSED = (
    "I could not send you a direct message (your DMs are closed to me), so your turn "
    "notices come as pings in the match threads; open your DMs and set `/settings notices` "
    "again to get them by message."
)
