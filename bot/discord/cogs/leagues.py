"""/league: server leagues (round robin, double round robin, Swiss) played by
correspondence in threads of the league's channel."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import words as chat_words
from bot.discord.actions import guild_id_of, poster_of, service_of
from bot.discord.autocomplete import GameOption, clock_choices, option_choices, quiet
from bot.discord.cogs.common import server_group
from bot.discord.leagues import LeaguePoster
from bot.discord.markup import STYLE
from bot.discord.posting import as_file
from bot.discord.replies import answer, begin
from bot.discord.served import bot_of
from bot.league.deadlines import CLOCK, DRAW
from bot.league.plan import DOUBLE_ROUND_ROBIN, ROUND_ROBIN, SWISS
from bot.presentation import league_words
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal
from bot.presentation.parsing import parse_clock, parse_options

KIND_CHOICES = [
    app_commands.Choice(name=k, value=k) for k in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN, SWISS)
]
RULE_CHOICES = [
    app_commands.Choice(name="a draw", value=DRAW),
    app_commands.Choice(name="a loss for whoever used the most time", value=CLOCK),
]


def leagues_of(interaction: discord.Interaction) -> LeaguePoster:
    """The league poster of the bot that received the interaction."""
    leagues = bot_of(interaction).leagues
    if leagues is None:
        raise RuntimeError(fill(chat_words.UPLOAD_ONLY))
    return leagues


async def may_manage(interaction: discord.Interaction) -> bool:
    """Whether the member may create and start leagues: Manage Server, or the role the
    server's admins named with /league role."""
    if interaction.permissions.manage_guild:
        return True
    role = await service_of(interaction).leagues.league_role(guild_id_of(interaction))
    member = interaction.user
    return (
        role is not None
        and isinstance(member, discord.Member)
        and any(r.id == role for r in member.roles)
    )


@quiet
async def league_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The server's leagues whose name contains what was typed, newest first."""
    if interaction.guild_id is None:
        return []
    found = await service_of(interaction).leagues.leagues(interaction.guild_id)
    typed = current.casefold()
    return [
        app_commands.Choice(name=f"{league.name} ({league.status})", value=league.name)
        for league in found
        if typed in league.name.casefold()
    ][:25]


class Leagues(commands.Cog):
    """Leagues: sign up, play each round's matches in their threads, follow the standings."""

    league = server_group("league", description="Server leagues: round robin and Swiss")

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    @league.command(name="create")
    @app_commands.describe(
        name="The league's name (players type it to join)",
        game="The game to play",
        format="Round robin, double round robin or Swiss",
        rounds="Swiss only: how many rounds",
        seats="Players per match, for games of three or more (tables)",
        options="The game's options as name=value words (see /rules)",
        clock="Time per move: 3d, 12h or none; empty: the server's default",
        signup_days="Days of sign-up; the league starts by itself then (or with /league start)",
        round_days="Days each round lasts",
        adjudication="What a match still going at its round's deadline counts as",
        vacation_cap="The most days of a round a vacation pauses a player's clock (empty: no cap)",
    )
    @app_commands.choices(format=KIND_CHOICES, adjudication=RULE_CHOICES)
    @app_commands.autocomplete(options=option_choices, clock=clock_choices)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 40],
        game: GameOption,
        format: str,
        rounds: app_commands.Range[int, 0, 50] = 0,
        seats: app_commands.Range[int, 2, 5] = 2,
        options: str | None = None,
        clock: str | None = None,
        signup_days: app_commands.Range[int, 1, 60] = 7,
        round_days: app_commands.Range[int, 1, 60] = 7,
        adjudication: str = DRAW,
        vacation_cap: app_commands.Range[int, 0, 60] | None = None,
    ) -> None:
        """Open a league for sign-up in this channel (admins, or the league role)."""
        if not await may_manage(interaction):
            raise Refusal(fill(league_words.ONLY_ADMINS_OR_ROLE))
        chosen = parse_clock(clock)
        if chosen is not None and chosen.increment_hours is not None:
            raise Refusal(fill(league_words.CLOCK_PER_MOVE))
        if interaction.channel_id is None or isinstance(interaction.channel, discord.Thread):
            raise Refusal(fill(league_words.IN_A_TEXT_CHANNEL))
        await begin(interaction)
        league = await service_of(interaction).leagues.create_league(
            guild_id_of(interaction),
            interaction.channel_id,
            interaction.user.id,
            name,
            game.name,
            kind=format,
            rounds=rounds,
            seats=seats,
            options=parse_options(game, options),
            clock_hours=None if chosen is None else chosen.hours,
            signup_days=signup_days,
            round_days=round_days,
            adjudication=adjudication,
            vacation_cap_days=vacation_cap,
        )
        table = await service_of(interaction).leagues.league_table_of(league.id)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        await channel.send(
            league_words.standings_text(table, STYLE)
            + "\n"
            + fill(league_words.JOIN_WITH, league=league.name),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await answer(interaction, fill(league_words.CREATED, league=league.name))

    @league.command(name="join")
    @app_commands.describe(name="The league's name")
    @app_commands.autocomplete(name=league_choices)
    async def join(self, interaction: discord.Interaction, name: str) -> None:
        """Sign up for a league before it starts."""
        await begin(interaction)
        league = await service_of(interaction).leagues.join_league(
            guild_id_of(interaction), name, interaction.user.id
        )
        await answer(interaction, fill(league_words.SIGNED_UP, league=league.name))

    @league.command(name="leave")
    @app_commands.describe(name="The league's name")
    @app_commands.autocomplete(name=league_choices)
    async def leave(self, interaction: discord.Interaction, name: str) -> None:
        """Leave a league: before its start, or later (you resign the match you are
        playing and forfeit your later games; your games played stand)."""
        await begin(interaction)
        league, updates = await service_of(interaction).leagues.leave_league(
            guild_id_of(interaction), name, interaction.user.id
        )
        for update in updates:
            await poster_of(interaction).post_update(update)
        started = league.status != "signup"
        left = league_words.LEFT_FORFEITED if started else league_words.LEFT
        await answer(interaction, fill(left, league=league.name))

    @league.command(name="start")
    @app_commands.describe(name="The league's name")
    @app_commands.autocomplete(name=league_choices)
    async def start(self, interaction: discord.Interaction, name: str) -> None:
        """Start a league now: round 1 is paired and all its matches start (its creator,
        an admin or the league role)."""
        await begin(interaction)
        news = await service_of(interaction).leagues.start_league(
            guild_id_of(interaction),
            name,
            interaction.user.id,
            may_manage=await may_manage(interaction),
        )
        await leagues_of(interaction).post_news(news)
        await answer(interaction, fill(league_words.STARTED, league=news.league.name))

    @league.command(name="standings")
    @app_commands.describe(name="The league's name")
    @app_commands.autocomplete(name=league_choices)
    async def standings(self, interaction: discord.Interaction, name: str) -> None:
        """A league's standings, with tie-breaks, as text and a picture."""
        await begin(interaction)
        table = await service_of(interaction).leagues.league_table(guild_id_of(interaction), name)
        files = None
        if table.rounds:
            files = [as_file(await leagues_of(interaction).standings_picture(table))]
        await answer(interaction, league_words.standings_text(table, STYLE), files=files)

    @league.command(name="schedule")
    @app_commands.describe(name="The league's name")
    @app_commands.autocomplete(name=league_choices)
    async def schedule(self, interaction: discord.Interaction, name: str) -> None:
        """A league's rounds: who plays whom, the scores, the byes and each deadline."""
        await begin(interaction)
        table = await service_of(interaction).leagues.league_table(guild_id_of(interaction), name)
        await answer(interaction, league_words.schedule_text(table, STYLE))

    @league.command(name="role")
    @app_commands.describe(role="Members with this role may create leagues; empty: admins only")
    @app_commands.default_permissions(manage_guild=True)
    async def role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        """Name the role whose members may create leagues (Manage Server)."""
        if not interaction.permissions.manage_guild:
            raise app_commands.MissingPermissions(["manage_guild"])
        await begin(interaction)
        await service_of(interaction).leagues.set_league_role(
            guild_id_of(interaction), None if role is None else role.id
        )
        if role is None:
            await answer(interaction, fill(league_words.ONLY_ADMINS_CREATE))
        else:
            await answer(interaction, fill(league_words.ROLE_MAY_CREATE, role=role.mention))
