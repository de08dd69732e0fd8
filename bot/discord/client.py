"""The Discord client: a `commands.AutoShardedBot` with Shiftcord's cogs, buttons and background
task."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord.buttons import DYNAMIC_ITEMS
from bot.discord.cogs import COGS
from bot.discord.cogs.common import servers_only
from bot.discord.command_texts import CommandTranslator
from bot.discord.leagues import LeaguePoster
from bot.discord.match_commands import action_commands
from bot.discord.parts import DiscordParts
from bot.discord.posting import Poster
from bot.discord.reminders import ReminderTask
from bot.discord.replies import ShiftcordTree
from bot.discord.speech import Languages
from bot.match.records import Match, MatchUpdate
from bot.presentation import language
from bot.service import MatchService
from bot.service.engine_player import EnginePlayer
from bot.web.oauth import OAuth
from bot.web.server import Running, WebHost, serve
from bot.web.tokens import NOTICE_LIFETIME

log = logging.getLogger("shiftcord.discord")


def intents() -> discord.Intents:
    """The gateway events the bot needs: only servers, channels and threads (no privileged
    intent: slash commands and buttons bring the members and their input with them)."""
    return discord.Intents(guilds=True)


def _shards(settings: Settings) -> dict[str, Any]:
    """The sharding options of the client: those the settings name (none: discord.py asks
    Discord how many shards to run and runs them all)."""
    options: dict[str, Any] = {}
    if settings.shard_count is not None:
        options["shard_count"] = settings.shard_count
    if settings.shard_ids is not None:
        options["shard_ids"] = list(settings.shard_ids)
    return options


class ShiftcordClient(commands.AutoShardedBot):
    """Shiftcord on Discord. `service` is the match service (None only to upload commands,
    and then there is no `poster`, `reminders` or `engine_player` either): the client, the
    face's entry, keeps it to hand the bot player and the web board their parts, and
    gives its own modules the parts they use (`DiscordParts`); `background`
    starts the reminder task when the bot logs in (its first round finds the moves the
    bot owes). It runs the shards the settings name (SHARD_COUNT, SHARD_IDS), or as many
    as Discord recommends when they are unset."""

    def __init__(
        self,
        settings: Settings,
        service: MatchService | None,
        *,
        background: bool = True,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            tree_cls=ShiftcordTree,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            **_shards(settings),
        )
        self.settings = settings
        #: The whole service, handed on only (to the bot player and the web board).
        self._service = service
        #: What the face's modules call of the service (commands: through `service_of`).
        self.service: DiscordParts | None = service
        self.languages = Languages(self, None if service is None else service.settings)
        self.poster: Poster | None = None
        self.reminders: ReminderTask | None = None
        self.leagues: LeaguePoster | None = None
        self.engine_player: EnginePlayer | None = None
        if service is not None:
            self.engine_player = EnginePlayer(
                service, self.post_bot_action, workers=settings.bot_workers
            )
            self.poster = Poster(
                self, service, self.languages, engine=self.engine_player, then=self
            )
            self.leagues = LeaguePoster(self.poster)
            self.reminders = ReminderTask(
                service,
                self.poster,
                settings.reminder_check_seconds,
                self.leagues,
                self.engine_player,
            )
        self._background = background
        #: The web board, when served (WEB_URL and WEB_PORT set).
        self.web: Running | None = None

    async def setup_hook(self) -> None:
        """Add the cogs, the restart-proof buttons and the commands' translator (their
        names and descriptions in the members' languages); read the translations and the
        servers' languages; start the reminder task."""
        for cog in COGS:
            await self.add_cog(cog(self))
        for command in action_commands():
            self.tree.add_command(command)
        for each in self.tree.get_commands():
            if not isinstance(each, app_commands.ContextMenu):
                servers_only(each)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CommandTranslator())
        await asyncio.to_thread(language.load)
        await self.languages.load()
        if self._background and self.reminders is not None:
            self.reminders.start()
        if self.settings.web_on and self._service is not None:
            await self._serve_board()

    async def _serve_board(self) -> None:
        """Serve the web board: names as the pictures draw them, news posted as a
        Discord action's are."""
        poster, service = self.poster, self._service
        assert poster is not None and service is not None and self.settings.web_url
        secure = self.settings.web_url.startswith("https://")

        async def names(match: Match) -> Mapping[int, str]:
            return await poster.picture_names(self.get_guild(match.guild_id), match.members)

        async def may_watch(match: Match, member: int) -> bool:
            """A member of the match's server, who sees its public posts there."""
            guild = self.get_guild(match.guild_id)
            if guild is None:
                return False
            if guild.get_member(member) is not None:
                return True
            try:
                await guild.fetch_member(member)
            except discord.HTTPException:
                return False
            return True

        host = WebHost(
            service,
            names,
            poster.post_update,
            self.settings.web_secret,
            secure,
            engine=self.engine_player,
            oauth=_oauth(self.settings),
            may_watch=may_watch,
        )
        self.web = await serve(host, self.settings.web_host, self.settings.web_port)
        log.info("web board served on port %s for %s", self.web.port, self.settings.web_url)

    async def post_bot_action(self, update: MatchUpdate) -> None:
        """Post what the bot did as a player, as a member's action is posted."""
        assert self.poster is not None  # (the bot plays only beside its poster)
        await self.poster.post_update(update)

    async def result_posted(self, match: Match) -> None:
        """A match's result was posted: its league, if any, records it."""
        if self.leagues is not None:
            await self.leagues.after_match(match)

    def board_link(self, member: int, match: int) -> str | None:
        """A one-time link to the web board for `member` and `match` (None: not served)."""
        if self.web is None or self.settings.web_url is None:
            return None
        token = self.web.board.host.signer.grant(member, match, NOTICE_LIFETIME)
        return f"{self.settings.web_url}open#{token}"

    async def close(self) -> None:
        """Stop the reminder task and the bot's play (its worker processes exit), finish
        posting and storing locales, then disconnect."""
        if self.reminders is not None:
            await self.reminders.stop()
        if self.web is not None:
            await self.web.stop()
        if self.engine_player is not None:
            await self.engine_player.close()
        if self.poster is not None:
            await self.poster.idle()
        await self.languages.idle()
        await super().close()

    async def on_ready(self) -> None:
        """Log who we are once connected."""
        me = self.user
        assert me is not None  # set by login, before READY
        log.info("connected as %s (id %s) to %d servers", me, me.id, len(self.guilds))

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its matches wait, clocks stopped, until the bot is back."""
        if self.service is not None:
            await self.service.clocks.guild_left(guild.id)
            log.info("removed from server %s: its matches wait for the bot's return", guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added to a server (again): matches that waited for the bot go on."""
        if self.service is not None and await self.service.clocks.guild_back(guild.id):
            log.info("back in server %s: its matches go on", guild.id)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        """A server is there at connecting: matches that waited for the bot go on."""
        await self.on_guild_join(guild)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A match's thread was deleted: the match goes on in a new thread on a new message
        in the same channel (or, where that cannot be, by number)."""
        if self.service is None or self.poster is None:
            return
        for match in await self.service.play.matches_living_in(payload.thread_id):
            if match.channel_id == payload.thread_id:
                await self.poster.rehome(match, payload.parent_id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted with the threads of its matches: they are played by number
        (`/move match:N`) from then on."""
        if self.service is None:
            return
        for match in await self.service.play.matches_living_in(channel.id):
            await self.service.play.lose_channel(match.id)
            log.info("match %s lost its channel %s: it is played by number", match.id, channel.id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Log each interaction on one line (autocomplete only at DEBUG: it comes with every
        key pressed); no option values, no token."""
        data: Mapping[str, object] = interaction.data or {}
        what = data.get("name") or data.get("custom_id") or interaction.type.name
        typing = interaction.type is discord.InteractionType.autocomplete
        log.log(
            logging.DEBUG if typing else logging.INFO,
            "interaction %s %s by %s in %s",
            interaction.type.name,
            what,
            interaction.user.id,
            interaction.channel_id,
        )


async def command_payload(bot: commands.Bot | commands.AutoShardedBot) -> list[dict[str, Any]]:
    """What `sync` uploads: the global commands as Discord's API receives them, with their
    names and descriptions in our other languages (the tree's translator)."""
    tree, translator = bot.tree, bot.tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in tree.get_commands()]
    return [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]


async def built_payload(settings: Settings) -> list[dict[str, Any]]:
    """The global commands of a bot that is built but never connects."""
    async with ShiftcordClient(settings, None, background=False) as bot:
        await bot.setup_hook()
        return await command_payload(bot)


async def upload_commands(
    bot: commands.Bot | commands.AutoShardedBot, guild_id: int | None = None
) -> list[app_commands.AppCommand]:
    """Upload the commands to Discord, globally or to one server (which shows them at once)."""
    if guild_id is None:
        return await bot.tree.sync()
    guild = discord.Object(guild_id)
    bot.tree.copy_global_to(guild=guild)
    return await bot.tree.sync(guild=guild)


def _oauth(settings: Settings) -> OAuth | None:
    """Sign in with Discord on the web board, when the admin gave the client secret."""
    if not (settings.discord_client_id and settings.discord_client_secret and settings.web_url):
        return None
    redirect = f"{settings.web_url}discord-login"
    return OAuth(settings.discord_client_id, settings.discord_client_secret, redirect)
