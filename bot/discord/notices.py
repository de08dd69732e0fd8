"""Notices by direct message: a member's turn notices (as well as or instead of the thread
ping), what was held back during their quiet hours (after them, in one message), and the
daily digest, each in the member's own language (that of their last interaction, see
`bot.discord.speech`).

When Discord refuses a DM (the member closed their DMs: 403, code 50007), their notices
fall back to thread pings, and they are told so once, privately, in the answer to their
next command or button (`bot.discord.replies.answer`). Changing `/settings notices` tries
DMs again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import discord

from bot.discord import words as chat_words
from bot.discord.speech import Languages
from bot.discord.views import board_button, play_view, view_keyword
from bot.match.records import NO_SERVER
from bot.presentation.announcements import Channel, PrivateNotice
from bot.presentation.catalogue import fill
from bot.presentation.language import speaking
from bot.presentation.writing import Style
from bot.service import ClocksPart, Digest, HeldNotices, Match, NoticesPart

log = logging.getLogger("shiftcord.notices")

DMS_CLOSED = 50007  # Discord's code for "Cannot send messages to this user"


def thread_link(match: Match) -> str:
    """A link to the match's thread, or its DM or group DM (or how to play it without one)."""
    if match.channel_id is None:
        return fill(chat_words.NO_THREAD_LINK, match=match.id)
    return channel_link(match.guild_id, match.channel_id)


def channel_link(guild_id: int, channel_id: int) -> str:
    """A link to a channel or thread of a server, or to a DM or group DM (`NO_SERVER`)."""
    server = "@me" if guild_id == NO_SERVER else guild_id
    return f"https://discord.com/channels/{server}/{channel_id}"


def held_text(held: HeldNotices) -> str:
    """The one message with what waited during a member's quiet hours."""
    lines = [fill(chat_words.HELD_HEAD), *(fill(chat_words.LISTED, item=t) for t in held.texts)]
    return "\n".join(lines)


def digest_text(digest: Digest, style: Style) -> str:
    """A member's daily digest: their moves to make, then the challenges waiting."""
    lines = [fill(chat_words.DIGEST_HEAD, day=digest.day)]
    for m in digest.matches:
        line = chat_words.DIGEST_MOVE_UNTIL if m.deadline else chat_words.DIGEST_MOVE
        deadline = f"<t:{int(m.deadline.timestamp())}:R>" if m.deadline else ""
        link = thread_link(m)
        lines.append(fill(line, match=m.id, game=m.game_title, deadline=deadline, link=link))
    for c in digest.challenges:
        link = channel_link(c.guild_id, c.channel_id)
        if c.message_id is not None:
            link += f"/{c.message_id}"
        by = style.mention(c.challenger_id)
        until = style.when(c.expires_at)
        lines.append(
            fill(chat_words.DIGEST_CHALLENGE, player=by, game=c.game_title, until=until, link=link)
        )
    return "\n".join(lines)


@dataclass
class TurnNotices:
    """What sending turn notices left to remember: the notices `held` back by quiet hours
    (member, text) and the members whose DM Discord `refused`."""

    held: list[tuple[int, str]] = field(default_factory=list)
    refused: list[int] = field(default_factory=list)


class Notifier:
    """Sends direct messages on behalf of the poster and the reminder task; it records
    what it sent and what was refused through the service's `notices` and `clocks` parts."""

    def __init__(
        self,
        client: discord.Client,
        notices: NoticesPart,
        clocks: ClocksPart,
        languages: Languages,
        board_link: Callable[[int, int], str | None] = lambda member, match: None,
    ) -> None:
        self.client = client
        self.notices = notices
        self.clocks = clocks
        self.languages = languages
        #: A link to the web board for (member, match), when it is served.
        self.board_link = board_link

    async def language_of(self, member_id: int, guild_id: int | None = None) -> str:
        """The language to write to `member_id` in unprompted (see `Languages.private`)."""
        return await self.languages.private_of(member_id, guild_id)

    async def send_dm(
        self, member_id: int, text: str, view: discord.ui.View | None = None
    ) -> bool | None:
        """Send a DM (with `view`'s buttons): True sent, False refused by the member
        (recorded), None failed otherwise (try again later)."""
        try:
            channel = await self.client.create_dm(discord.Object(member_id))
            await channel.send(
                text, allowed_mentions=discord.AllowedMentions.none(), **view_keyword(view)
            )
        except discord.Forbidden as error:
            if error.code != DMS_CLOSED:
                log.warning("could not DM member %s: %s", member_id, error)
                return None
            return False
        except discord.HTTPException as error:
            log.warning("could not DM member %s: %s", member_id, error)
            return None
        return True

    async def send_notices(self, notices: Iterable[PrivateNotice]) -> TurnNotices:
        """Deliver an announcement's private notices: by direct message now (with Play, and
        the web board's link when it is served), or held back by quiet hours. What to
        remember (the notices held, the direct messages Discord refused) is returned, for
        the poster to write with the rest of the news."""
        told = TurnNotices()
        for notice in notices:
            if notice.channel is Channel.HELD:
                told.held.append((notice.member_id, notice.text))
                continue
            with speaking(notice.language):
                view = self._turn_view(notice)
            if await self.send_dm(notice.member_id, notice.text, view) is False:
                told.refused.append(notice.member_id)
        return told

    def _turn_view(self, notice: PrivateNotice) -> discord.ui.View | None:
        """Play under a turn notice, and the web board's link when it is served."""
        view = play_view(notice.match)
        link = self.board_link(notice.member_id, notice.match.id)
        if view is not None and link is not None:
            view.add_item(board_button(link))
        return view

    async def send_held(self, held: HeldNotices) -> None:
        """Send what waited during quiet hours, once (a refused DM drops it)."""
        with speaking(await self.language_of(held.member_id)):
            text = held_text(held)
        sent = await self.send_dm(held.member_id, text)
        if sent is False:
            await self.notices.dm_refused(held.member_id)
        if sent is None:
            await self.clocks.give_back(held)
        else:
            await self.notices.release_held(held)

    async def send_digest(self, digest: Digest, style: Style) -> None:
        """Send a daily digest; it counts as sent only once Discord took it (or refused)."""
        with speaking(await self.language_of(digest.member_id)):
            text = digest_text(digest, style)
        sent = await self.send_dm(digest.member_id, text)
        if sent is False:
            await self.notices.dm_refused(digest.member_id)
        if sent is None:
            await self.clocks.give_back(digest)
        else:
            await self.notices.mark_digest_sent(digest)
