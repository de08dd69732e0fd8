"""Public messages: the match thread, the board after every action, challenge messages.

Public pictures are drawn in the server's picture theme (`/admin theme`).

Everything a match posts goes to its own public thread, which the bot unarchives first when
Discord has archived it. Pings are explicit: a message mentions only the members it means to
call (allowed mentions), never @everyone or a role.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Coroutine, Iterable, Mapping
from datetime import datetime
from typing import Any, Final, Protocol

import discord

from bot.discord import words as chat_words
from bot.discord.markup import STYLE
from bot.discord.names import KnownName, NameCache
from bot.discord.notices import Notifier, thread_link
from bot.discord.parts import DiscordParts
from bot.discord.private import Answering, AnsweringChannels
from bot.discord.speech import Languages
from bot.discord.views import (
    challenge_view,
    disabled,
    match_view,
    result_view,
    view_keyword,
)
from bot.match.engine_seats import engine_name, people
from bot.match.records import NO_SERVER
from bot.match.shown import clean_name
from bot.presentation.announcements import (
    Announcement,
    Audience,
    Controls,
    FaceWords,
    PublicPost,
    announcement,
    board_again,
    start_post,
)
from bot.presentation.catalogue import fill
from bot.presentation.challenges import challenge_text
from bot.presentation.errors import Refusal
from bot.presentation.history import TOO_LONG_TO_REPLAY
from bot.presentation.language import speaking
from bot.presentation.matches import thread_name
from bot.presentation.pictures import (
    UPLOAD_LIMIT,
    Picture,
    picture_name,
    replay_labels,
    replay_picture,
    seat_labels,
)
from bot.service import Challenge, Match, MatchUpdate, Post
from bot.service.engine_player import EnginePlayer
from render import SeatLabel

log = logging.getLogger("shiftcord.discord")

#: Discord's own sentences of an announcement (turn notices by DM, the ping that replaces a
#: refused one, the line under a first board), which the presentation fills.
WORDS = FaceWords(
    turn_notice={
        (False, False): chat_words.TURN_NOTICE,
        (True, False): chat_words.TURN_NOTICE_AFTER,
        (False, True): chat_words.TURN_NOTICE_UNTIL,
        (True, True): chat_words.TURN_NOTICE_AFTER_UNTIL,
    },
    ping_instead=chat_words.YOUR_MOVE_PING,
    how_to_play=chat_words.MOVE_HINT,
    ended_notice=chat_words.MATCH_ENDED_NOTICE,
)
BACKGROUND_PREFIX = "shiftcord-post: "  # names of the tasks that post in the background
WEEK_MINUTES: Final = 10080  # the longest auto-archive Discord offers
#: Where a match posts: its thread, a DM with the bot, or a DM or group DM through an
#: interaction (`bot.discord.private`).
Messageable = discord.Thread | discord.TextChannel | discord.DMChannel | Answering


def pings(member_ids: Iterable[int]) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these members and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(m) for m in member_ids]
    )


def as_file(picture: Picture) -> discord.File:
    """A picture as a Discord attachment, its alt text as the attachment's description."""
    return discord.File(
        io.BytesIO(picture.data), filename=picture.filename, description=picture.description
    )


class Then(Protocol):
    """What the poster's work leads to besides the bot's play, given when it is made (the
    client): a league's record, the web board's links."""

    async def result_posted(self, match: Match) -> None:
        """A match's result was posted: its league, if any, records it."""

    def board_link(self, member: int, match: int) -> str | None:
        """A one-time link to the web board for `member` and `match` (None: not served)."""


class Poster:
    """Posts a match's news into its thread; shared by commands, buttons and the reminder
    task. After news that leaves a match going, `engine` (the bot as a player; None: the
    bot plays no seat here) plays where its seats owe; after a result, `then` is told
    (see `Then`)."""

    def __init__(
        self,
        client: discord.Client,
        service: DiscordParts,
        languages: Languages,
        *,
        engine: EnginePlayer | None,
        then: Then,
    ) -> None:
        self.client = client
        self.service = service
        self.languages = languages
        self.engine = engine
        self.then = then
        self.notifier = Notifier(
            client, service.notices, service.clocks, languages, then.board_link
        )
        #: DMs and group DMs as the latest interaction there can post in them.
        self.answering = AnsweringChannels()
        #: Members' display names by (server, member), for the pictures' players strips.
        self.known_names = NameCache()
        self._background: set[asyncio.Task[None]] = set()

    async def member_name(self, guild: discord.Guild | None, member_id: int) -> str:
        """A member's display name (a bot seat: "Shiftcord (hard)"): from the names this
        poster knows (`NameCache`), else from discord.py's cache or asked of Discord, else
        the name last known, else their id."""
        return (await self._known_name(guild, member_id)).name

    async def _known_name(self, guild: discord.Guild | None, member_id: int) -> KnownName:
        """`member_name`'s name with the username of the member's account where known."""
        bot = engine_name(member_id)
        if bot is not None:
            return KnownName(bot, fresh=True)
        key = (guild.id if guild else 0, member_id)
        known = self.known_names.get(key)
        if known is not None and known.fresh:
            return known
        member = guild.get_member(member_id) if guild else None
        if member is None and guild is not None:
            try:
                member = await guild.fetch_member(member_id)
            except discord.HTTPException as error:
                log.info("could not fetch the name of member %s: %s", member_id, error)
                member = None
        shown = clean_name(member.display_name) if member else ""
        if member is not None and shown:
            self.known_names.put(key, shown, member.name)
            return KnownName(shown, fresh=True, account=member.name)
        if known is not None:
            return known
        return KnownName(fill(chat_words.UNKNOWN_MEMBER, member=member_id), fresh=False)

    async def names(self, guild: discord.Guild | None, member_ids: Iterable[int]) -> dict[int, str]:
        """Display names of several members, by id."""
        return {m: await self.member_name(guild, m) for m in member_ids}

    async def picture_names(
        self, guild: discord.Guild | None, member_ids: Iterable[int]
    ) -> dict[int, str]:
        """Names of several members as pictures draw them, by id (`picture_name`: a display
        name the pictures' font can draw nothing of gives way to the account's username)."""
        known = {m: await self._known_name(guild, m) for m in member_ids}
        return {m: picture_name(k.name, k.account) for m, k in known.items()}

    async def seat_labels(
        self, guild: discord.Guild | None, match: Match, ratings: Mapping[int, str]
    ) -> tuple[SeatLabel, ...]:
        """Who sits at each seat of `match`, for the players strip of its pictures."""
        names = await self.picture_names(guild, match.members)
        return seat_labels(match, names.__getitem__, ratings, self.service.now())

    async def channel_of(
        self, match: Match, here: discord.abc.Snowflake | None = None
    ) -> Messageable:
        """The match's thread, unarchived; `here` (the interaction's channel) saves a request.
        A match whose thread was never made (or is no thread or text channel) raises Refusal."""
        if match.channel_id is None:
            raise Refusal(fill(chat_words.NO_THREAD_TO_POST_IN, match=match.id))
        channel: object = here if here is not None and here.id == match.channel_id else None
        if channel is None and match.guild_id == NO_SERVER:  # only in answers there
            channel = self.answering.live(match.channel_id, self.service.now())
        channel = channel or self.client.get_channel(match.channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(match.channel_id)
        if not isinstance(channel, Messageable):
            raise Refusal(fill(chat_words.NOT_A_THREAD, match=match.id))
        if isinstance(channel, discord.Thread) and channel.archived:
            channel = await channel.edit(archived=False)
        return channel

    async def start_thread(self, message: discord.PartialMessage, match: Match) -> discord.Thread:
        """Open the match's public thread on the challenge message and post the first board."""
        with self.languages.publicly(message):
            names = await self.names(message.guild, match.members)
            thread = await message.create_thread(
                name=thread_name(match, names.__getitem__), auto_archive_duration=WEEK_MINUTES
            )
        await self.start_in(thread, match)
        return thread

    async def start_in(self, channel: Messageable, match: Match) -> None:
        """Make `channel` the match's and post its first board there, calling the players."""
        match = await self.service.play.attach_channel(match.id, channel.id)
        newcomers = await self.service.queries.newcomers(match)
        theme, ratings = await self._board_reads(match)
        audience = await self._audience(match)
        post = await start_post(
            match, newcomers, audience, self.service.now(), theme=theme, ratings=ratings
        )
        await self._send_board(channel, post, audience.language)
        if self.engine is not None:
            self.engine.notice(match)

    async def rehome(self, match: Match, parent_id: int) -> None:
        """Give a match whose thread was deleted a new one on a new message in the same
        channel, and post its board there, calling whoever is to act; if that cannot be
        done, the match is played by number (`/move match:N`)."""
        try:
            parent = self.client.get_channel(parent_id) or await self.client.fetch_channel(
                parent_id
            )
            if not isinstance(parent, discord.TextChannel):
                raise Refusal(f"channel {parent_id} is no text channel")
            with self.languages.publicly(parent):
                text = fill(chat_words.THREAD_DELETED, match=match.id)
            message = await parent.send(text, allowed_mentions=pings(()))
            thread = await self.start_thread(message, match)
        except (discord.HTTPException, Refusal) as error:
            await self.service.play.lose_channel(match.id)
            log.warning("match %s lost its thread and got no new one: %s", match.id, error)
            return
        log.info("match %s lost its thread and goes on in %s", match.id, thread.id)

    async def post_update(
        self, update: MatchUpdate, here: discord.abc.Snowflake | None = None
    ) -> discord.Message:
        """Announce an action in the match's thread (`announcement`, then `deliver`); the
        action's message."""
        return await self.deliver(await self.announcement(update), here)

    async def announcement(self, update: MatchUpdate, *, privately: bool = False) -> Announcement:
        """The presentation's announcement of an action, for this server: what posting it
        needs comes with the update (read in the action's transaction; else read here
        once), the members named as the server names them, public words in its language.
        `privately`: the match has no channel the bot can post in now (a DM or group DM
        no interaction is answering), so its result is told to each player by DM, in the
        language the bot writes to them in (`tell_privately`)."""
        if update.delivery is None:
            update = await self.service.play.delivery(update)
        audience = await self._audience(update.match, privately)
        return await announcement(update, audience, self.service.now())

    async def _audience(self, match: Match, privately: bool = False) -> Audience:
        """How this server reads a match's news: Discord's markup, the members' names as
        pictures draw them, the server's language, links to threads; where it is told
        `privately`, each player's own language."""
        guild = self.client.get_guild(match.guild_id)
        names = await self.picture_names(guild, match.members)
        language = self.languages.public(guild)
        own = None
        if privately:
            languages = self.notifier.language_of
            own = {m: await languages(m, match.guild_id) for m in people(match.members)}
        return Audience(STYLE, names.__getitem__, language, thread_link, WORDS, privately=own)

    async def tell_privately(self, update: MatchUpdate) -> None:
        """Announce an action of a match with no channel the bot can post in now (a DM or
        group DM no interaction is answering; the conversation shows it to the next
        command or button used there): only the announcement's private notices are
        delivered, each by DM, a refusal remembered."""
        told = await self.announcement(update, privately=True)
        for news in told.news:
            sent = await self.notifier.send_notices(news.notices)
            for member_id in sent.refused:
                await self.service.notices.dm_refused(member_id)

    async def deliver(
        self, told: Announcement, here: discord.abc.Snowflake | None = None
    ) -> discord.Message:
        """Deliver an announcement's news in the match's thread (`here`, the interaction's
        channel, saves a request), each post followed by its turn notices (a member who
        wanted a direct message instead of the ping, and was refused one, is pinged after
        all); remember in one transaction what the posts show, the notices held and the
        refusals; grey out the buttons that no longer act; then, at the end, post the
        replay in the background (`post_replay`) and let a league record the result, else
        let the bot play. Returns the first post's message (the action's)."""
        first = told.news[0].post.match
        channel = await self.channel_of(first, here)
        messages: list[discord.Message] = []
        posts: list[Post] = []
        held: list[tuple[int, str]] = []
        refused: list[int] = []
        for news in told.news:
            post = news.post
            with speaking(told.language):
                view = match_view(post.match) if post.controls is Controls.PLAY else None
                view = result_view(post.match) if post.controls is Controls.RESULT else view
            message = await channel.send(
                post.text,
                files=[] if post.picture is None else [as_file(post.picture)],
                allowed_mentions=pings(post.pings),
                **view_keyword(view),
            )
            messages.append(message)
            posts.append(Post(message.id, post.ply, buttons=view is not None))
            if not news.notices:
                continue
            sent = await self.notifier.send_notices(news.notices)
            held += sent.held
            refused += sent.refused
            for notice in news.notices:
                if notice.member_id in sent.refused and notice.ping_instead is not None:
                    mention = pings([notice.member_id])
                    await channel.send(notice.ping_instead, allowed_mentions=mention)
        stale = await self.service.notices.posted_news(first.id, posts, held=held, refused=refused)
        await self._disable(channel, first, stale)
        if told.ended:
            self.in_background(self.post_replay(first.id, channel), f"replay {first.id}")
            await self.then.result_posted(told.match)
        elif self.engine is not None:
            self.engine.notice(told.match)
        return messages[0]

    async def vacation_notice(self, member_id: int, ends_at: datetime | None) -> None:
        """Tell the opponents, in the thread of each of the member's active matches, that the
        member went on vacation (until `ends_at`) or came back (`ends_at` None); not in a
        DM or group DM, where the bot posts only in answers."""
        who = STYLE.mention(member_id)
        for match in await self.service.queries.active_matches(member_id):
            if match.channel_id is None or len(match.members) < 2 or match.guild_id == NO_SERVER:
                continue
            try:
                channel = await self.channel_of(match)
                with self.languages.publicly(channel):
                    text = (
                        fill(chat_words.BACK_FROM_VACATION, player=who)
                        if ends_at is None
                        else fill(chat_words.ON_VACATION, player=who, until=STYLE.when(ends_at))
                    )
                await channel.send(text, allowed_mentions=pings(()))
            except (discord.HTTPException, Refusal) as error:
                log.warning("match %s: could not post the vacation notice: %s", match.id, error)

    async def post_replay(self, match_id: int, channel: Messageable) -> None:
        """Post the replay animation of an ended match in its thread, within the server's
        upload limit; when not even the smallest replay fits, the record as text."""
        record = await self.service.queries.match_record(match_id)
        theme = await self.service.settings.picture_theme(record.match.guild_id)
        limit = channel.guild.filesize_limit if channel.guild else UPLOAD_LIMIT
        names = await self.picture_names(channel.guild, record.match.members)
        players = replay_labels(record, names.__getitem__)
        with self.languages.publicly(channel):
            picture = await replay_picture(record, theme, max_bytes=limit, players=players)
        if picture is not None:
            with self.languages.publicly(channel):
                words, upload = fill(chat_words.REPLAY, match=match_id), as_file(picture)
        else:
            text = await self.service.queries.export(match_id, names)
            with self.languages.publicly(channel):
                why = fill(TOO_LONG_TO_REPLAY)
                words = fill(chat_words.NO_REPLAY, match=match_id, why=why)
            upload = discord.File(io.BytesIO(text.encode()), filename=f"match-{match_id}.txt")
        await channel.send(words, file=upload, allowed_mentions=pings(()))

    def in_background(self, work: Coroutine[Any, Any, None], what: str) -> None:
        """Run slow posting (a replay) after the interaction has been answered; failures
        are logged. `idle()` waits for all of it."""
        task = asyncio.create_task(work, name=f"{BACKGROUND_PREFIX}{what}")
        self._background.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s failed: %r", task.get_name(), task.exception())

    async def idle(self) -> None:
        """Wait until every background posting has finished."""
        while self._background:
            await asyncio.gather(*self._background, return_exceptions=True)

    async def post_board(self, match: Match, here: discord.abc.Snowflake | None) -> None:
        """Post the current board again, with whose turn it is (nobody is pinged)."""
        channel = await self.channel_of(match, here)
        theme, ratings = await self._board_reads(match)
        audience = await self._audience(match)
        post = await board_again(match, audience, self.service.now(), theme=theme, ratings=ratings)
        await self._send_board(channel, post, audience.language)

    async def _board_reads(self, match: Match) -> tuple[str, dict[int, str]]:
        """What a board post apart from an action reads: the server's picture theme and
        the players' ratings."""
        theme = await self.service.settings.picture_theme(match.guild_id)
        return theme, await self.service.queries.seat_ratings(match)

    async def _send_board(self, channel: Messageable, post: PublicPost, language: str) -> None:
        """Deliver a board post (its buttons' labels in `language`)."""
        assert post.picture is not None  # (a board post shows the board)
        with speaking(language):
            view = match_view(post.match)
        message = await channel.send(
            post.text,
            file=as_file(post.picture),
            allowed_mentions=pings(post.pings),
            **view_keyword(view),
        )
        await self._posted(channel, post.match, message, board=True, view=view)

    async def _posted(
        self,
        channel: Messageable,
        match: Match,
        message: discord.Message,
        *,
        board: bool,
        view: discord.ui.View | None,
    ) -> None:
        """Remember what a post showed (its board's position, so that an action carries the
        position its player last saw) and grey out the buttons it replaces."""
        post = Post(message.id, match.ply if board else None, buttons=view is not None)
        await self._disable(
            channel, match, await self.service.notices.posted_news(match.id, [post])
        )

    async def _disable(self, channel: Messageable, match: Match, stale: list[int]) -> None:
        """Grey out the buttons of earlier messages, which can no longer do anything (an
        answered offer, a past position). Outside servers they cannot be edited: a press on
        one is refused as out of date."""
        if isinstance(channel, Answering):
            return
        for message_id in stale:
            try:
                old = await channel.fetch_message(message_id)
                await old.edit(view=disabled(discord.ui.View.from_message(old, timeout=None)))
            except discord.HTTPException as error:  # deleted meanwhile: nothing to grey out
                log.info(
                    "match %s: could not disable the buttons of %s: %s", match.id, message_id, error
                )

    async def refresh_challenge(
        self, challenge: Challenge, message: discord.Message | None
    ) -> None:
        """Show a challenge's new state on its message (buttons only while it is pending);
        outside servers only on the message given (a press's), none other can be edited."""
        target: discord.Message | discord.PartialMessage
        if message is not None:
            target = message
        elif challenge.message_id is None or challenge.guild_id == NO_SERVER:
            return
        else:
            channel = self.client.get_partial_messageable(challenge.channel_id)
            target = channel.get_partial_message(challenge.message_id)
        with speaking(self.languages.public(self.client.get_guild(challenge.guild_id))):
            content = challenge_text(challenge, STYLE)
        try:
            await target.edit(
                content=content,
                view=challenge_view(challenge),
                allowed_mentions=pings(()),
            )
        except discord.HTTPException as error:
            log.warning("could not update challenge %s: %s", challenge.id, error)
