"""/challenge: invite members to a match, or post an open challenge anyone may join."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import words as chat_words
from bot.discord.actions import here_of, open_thread, post_challenge, service_of, started_in
from bot.discord.autocomplete import GameOption, clock_choices, option_choices
from bot.discord.cogs.common import anywhere
from bot.discord.deliveries import after_earlier_deliveries
from bot.discord.markup import STYLE
from bot.discord.posting import Messageable
from bot.discord.private import Answering, outside_servers, server_of
from bot.discord.replies import CHALLENGE_PERMISSIONS, answer, begin, require_permissions
from bot.match.engine_seats import DEFAULT_LEVEL, LEVELS, MAX_ENGINE_SEATS, engine_members
from bot.match.records import Challenge, MatchRules
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal
from bot.presentation.parsing import parse_clock, parse_options
from bot.presentation.refusals import REFUSALS
from bot.service import ChallengeRequest

#: The most seats a challenge offers (the largest game's).
MAX_SEATS = 5


class Challenges(commands.Cog):
    """Challenges: the start of every match."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot

    @app_commands.command(name="challenge")
    @anywhere
    @app_commands.describe(
        game="The game to play",
        opponent="Whom to challenge (leave empty for an open challenge anyone may join)",
        opponent2="A second opponent, for games of three or more",
        opponent3="A third opponent, for games of four or more",
        opponent4="A fourth opponent, for games of five",
        players="How many players in all (1: play alone); seats beyond those named are open",
        options="The game's options as name=value words, e.g. variant=expert (see /rules)",
        clock="Time per move: 3d, 12h or none; a time bank: 3d+1d max 7d; empty: server's default",
        takebacks="Whether a player may ask to take back their last move (default: yes)",
        auto_timeout="End the match when time runs out (False: the waiting player claims it; "
        "default: the server's choice)",
        weekend_pause="Stop clocks on Saturday and Sunday where the player to move lives "
        "(default: the server's choice)",
        rated="Whether the result counts for ratings (default: yes; no for a casual match)",
        bots="How many seats I play myself (or name me as the opponent)",
        level="How well I play: easy, medium, hard or master (thinks up to 30 s a move); "
        "default: medium",
    )
    @app_commands.autocomplete(options=option_choices, clock=clock_choices)
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in LEVELS])
    async def challenge(
        self,
        interaction: discord.Interaction,
        game: GameOption,
        opponent: discord.User | None = None,
        opponent2: discord.User | None = None,
        opponent3: discord.User | None = None,
        opponent4: discord.User | None = None,
        players: app_commands.Range[int, 1, MAX_SEATS] | None = None,
        options: str | None = None,
        clock: str | None = None,
        takebacks: bool = True,
        auto_timeout: bool | None = None,
        weekend_pause: bool | None = None,
        rated: bool = True,
        bots: app_commands.Range[int, 1, MAX_ENGINE_SEATS] | None = None,
        level: str | None = None,
    ) -> None:
        """Challenge members (or me) to a match, post an open challenge, or play alone."""
        game_options = parse_options(game, options)
        chosen_clock = parse_clock(clock)
        named = (opponent, opponent2, opponent3, opponent4)
        opponents = list(dict.fromkeys(m for m in named if m))
        me = interaction.client.user
        people = [m for m in opponents if me is None or m.id != me.id]
        if any(m.bot for m in people):
            raise Refusal(fill(chat_words.OTHER_BOTS))
        seats_for_me = (bots or 0) + len(opponents) - len(people)
        if level is not None and not seats_for_me:
            raise Refusal(fill(chat_words.LEVEL_WITHOUT_BOTS))
        mine = engine_members([level or DEFAULT_LEVEL] * seats_for_me)
        guild_id = server_of(interaction)
        channel = here_of(interaction)
        if isinstance(channel, Answering):  # a DM or group DM: one match at a time there
            _require_members_here(interaction, people)
            await _require_no_match(interaction, channel.id)
        elif isinstance(channel, discord.TextChannel):
            require_permissions(interaction.app_permissions, CHALLENGE_PERMISSIONS)
        else:
            raise Refusal(fill(chat_words.NOT_IN_A_THREAD))
        await begin(interaction)
        request = ChallengeRequest(
            guild_id,
            channel.id,
            interaction.user.id,
            game.name,
            opponents=[m.id for m in people] + mine,
            players=players,
            options=game_options,
            rules=MatchRules(
                0 if chosen_clock is None else chosen_clock.hours,
                auto_timeout is not False,
                takebacks,
                rated,
                None if chosen_clock is None else chosen_clock.increment_hours,
                None if chosen_clock is None else chosen_clock.cap_hours,
                weekend_pause=weekend_pause is True,
            ),
            server_clock=chosen_clock is None,
            server_timeout=auto_timeout is None,
            server_weekends=weekend_pause is None,
            request_id=f"discord:{interaction.id}",
        )
        create = service_of(interaction).challenges.create_challenge
        async with after_earlier_deliveries(interaction.id):
            await _posted_and_answered(interaction, channel, await create(request))


def _require_members_here(interaction: discord.Interaction, named: list[discord.User]) -> None:
    """Refuse a challenge in a DM or group DM to someone not in it (they could not see it),
    where Discord says who is in it."""
    recipients = getattr(interaction.channel, "recipients", None) or []
    here = {user.id for user in recipients} | {interaction.user.id}
    strangers = [m for m in named if m.id not in here]
    if recipients and strangers:
        raise Refusal(fill(chat_words.NOT_IN_CONVERSATION, player=STYLE.mention(strangers[0].id)))


async def _require_no_match(interaction: discord.Interaction, channel_id: int) -> None:
    """Refuse a challenge in a DM or group DM where a match is being played: its commands
    act on the conversation's match, so there is one at a time."""
    playing = await service_of(interaction).queries.match_in_channel(channel_id)
    if playing is not None:
        raise Refusal(fill(REFUSALS["match.channel_busy"], match=playing.id))


async def _posted_and_answered(
    interaction: discord.Interaction, channel: Messageable, posted: Challenge
) -> None:
    """Post the challenge just made in `channel` (a solo match in a thread on it) and tell
    its challenger; where an earlier delivery of the interaction posted it, only tell."""
    message: discord.PartialMessage
    if posted.message_id is None:
        message = await post_challenge(interaction, channel, posted)
    elif isinstance(channel, Answering):  # delivered again: answer as the first time
        message = interaction.client.get_partial_messageable(channel.id).get_partial_message(
            posted.message_id
        )
    else:  # the interaction delivered again: answer as the first time, post nothing
        message = channel.get_partial_message(posted.message_id)
    if posted.match_id is None:
        await answer(
            interaction,
            fill(chat_words.CHALLENGE_POSTED, challenge=posted.id, link=message.jump_url),
        )
        return
    match = await service_of(interaction).queries.get_match(posted.match_id)  # solo: at once
    if outside_servers(interaction):
        if match.channel_id is None:
            await open_thread(interaction, message, match)
        await answer(interaction, started_in(interaction, match, channel.id))
        return
    if match.channel_id is None:
        thread = STYLE.channel(await open_thread(interaction, message, match))
    else:  # started by the first delivery
        thread = STYLE.channel(match.channel_id)
    await answer(interaction, fill(chat_words.YOUR_MATCH_STARTED_IN, thread=thread))
