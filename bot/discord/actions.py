"""What commands and buttons do, shared: post or answer a challenge, ask for a rematch, act
in a match, show a hand.

Each function answers the interaction itself: it defers, asks the match service (which
refuses with a typed error and changes nothing), posts the public news in the match's
thread and confirms privately to the user.
"""

from __future__ import annotations

import logging

import discord

from bot.discord import words as chat_words
from bot.discord.deliveries import after_earlier_deliveries
from bot.discord.markup import STYLE
from bot.discord.parts import DiscordParts
from bot.discord.posting import Messageable, Poster, as_file, pings
from bot.discord.private import Answering, outside_servers, server_of
from bot.discord.replies import (
    CHALLENGE_PERMISSIONS,
    THREAD_PERMISSIONS,
    answer,
    begin,
    require_permissions,
)
from bot.discord.served import bot_of
from bot.discord.speech import languages_of
from bot.discord.views import challenge_view, disabled, next_game_view, rematch_id, view_keyword
from bot.match.actions import MOVE, MatchAction
from bot.match.records import NO_SERVER
from bot.presentation import matches
from bot.presentation.announcements import Announcement
from bot.presentation.catalogue import fill
from bot.presentation.challenges import challenge_text
from bot.presentation.errors import Refusal
from bot.presentation.language import speaking
from bot.presentation.matches import confirmation
from bot.presentation.pictures import board_picture, members_named
from bot.presentation.refusals import REFUSALS
from bot.service import (
    Challenge,
    InChannel,
    Match,
    Request,
    ServiceError,
    ShownBefore,
)
from bot.service.engine_player import EnginePlayer
from games import GameState

log = logging.getLogger("shiftcord.discord")
#: Why a command that acts in the match of its thread was refused elsewhere.
NO_MATCH_HERE = REFUSALS["match.not_in_channel"]


def service_of(interaction: discord.Interaction) -> DiscordParts:
    """The parts of the match service the Discord face uses, of the bot that received
    the interaction."""
    service = bot_of(interaction).service
    if service is None:
        raise RuntimeError(fill(chat_words.UPLOAD_ONLY))
    return service


async def named_for(interaction: discord.Interaction, match: Match, state: GameState) -> GameState:
    """`state` of `match` for a picture without the players strip: seats only numbered
    called by their members' display names (`members_named`)."""
    names = await poster_of(interaction).picture_names(interaction.guild, match.members)
    return members_named(match, state, names.__getitem__)


def poster_of(interaction: discord.Interaction) -> Poster:
    """The poster of the bot that received the interaction."""
    poster = bot_of(interaction).poster
    if poster is None:
        raise RuntimeError(fill(chat_words.UPLOAD_ONLY))
    return poster


def engine_player_of(interaction: discord.Interaction) -> EnginePlayer:
    """The engine player of the bot that received the interaction."""
    engine_player = bot_of(interaction).engine_player
    if engine_player is None:
        raise RuntimeError(fill(chat_words.UPLOAD_ONLY))
    return engine_player


def guild_id_of(interaction: discord.Interaction) -> int:
    """The id of the server a (server-only) command was used in; Refusal in a DM."""
    if interaction.guild_id is None:
        raise Refusal(fill(chat_words.SERVERS_ONLY))
    return interaction.guild_id


def here_of(interaction: discord.Interaction) -> Messageable | None:
    """Where the news of an interaction's action are posted: its channel or thread; in a
    DM or group DM, the conversation as the interaction can post in it."""
    if not outside_servers(interaction):
        channel = interaction.channel
        return channel if isinstance(channel, Messageable) else None
    poster = poster_of(interaction)
    return poster.answering.open(interaction, poster.service.now())


async def match_here(interaction: discord.Interaction) -> Match:
    """The active match of the channel or thread the interaction came from; else Refusal
    (`NO_MATCH_HERE`)."""
    match = await active_match_here(interaction)
    if match is None:
        raise Refusal(fill(NO_MATCH_HERE))
    return match


async def active_match_here(interaction: discord.Interaction) -> Match | None:
    """The active match of the channel or thread the interaction came from, or None."""
    if interaction.channel_id is None:
        return None
    return await service_of(interaction).queries.match_in_channel(interaction.channel_id)


async def last_match_here(interaction: discord.Interaction) -> Match | None:
    """The match of the thread the interaction came from, finished ones included (the
    active one, else the last one played there), or None."""
    if interaction.channel_id is None:
        return None
    return await service_of(interaction).queries.last_match_in_channel(interaction.channel_id)


async def match_of_thread(interaction: discord.Interaction, refusal: str) -> Match:
    """The match of the thread the interaction came from, finished ones included (the
    active one, else the last one played there); else Refusal with the words `refusal`."""
    match = await last_match_here(interaction)
    if match is None:
        raise Refusal(refusal)
    return match


async def private_theme(interaction: discord.Interaction) -> str:
    """The picture theme of an answer only the user sees: their own, else the server's."""
    guild_id = NO_SERVER if interaction.guild_id is None else interaction.guild_id
    return await service_of(interaction).settings.picture_theme(guild_id, interaction.user.id)


async def match_of_server(interaction: discord.Interaction, match_id: int) -> Match:
    """Match number `match_id`, if it was played in the interaction's server (matches of
    other servers are refused as unknown); in a DM or group DM, one played there or by
    the member."""
    match = await service_of(interaction).queries.get_match(match_id)
    mine = interaction.user.id in match.members or match.channel_id == interaction.channel_id
    if match.guild_id != server_of(interaction) or (outside_servers(interaction) and not mine):
        raise Refusal(fill(REFUSALS["match.none_here"], match=match_id))
    return match


async def chosen_match(interaction: discord.Interaction, number: int | None) -> int | None:
    """The match a command names by number (one of this server's), or None: the thread's."""
    if number is None:
        return None
    return (await match_of_server(interaction, number)).id


async def named_or_here(interaction: discord.Interaction, number: int | None) -> Match:
    """The match a command names by number (one of this server's), else this thread's."""
    if number is None:
        return await match_here(interaction)
    return await match_of_server(interaction, number)


async def act(
    interaction: discord.Interaction,
    match_id: int | None,
    action: MatchAction,
    *,
    text: str = "",
    hours: int = 0,
    ply: int | None = None,
) -> None:
    """Do a match action for the user, post the news in the match's thread and confirm
    privately. `match_id` None: this thread's match. `ply` is the position the user acted
    on (a button's, a preview's); None: the last board shown before they acted. The
    request's id is the interaction's, so that it counts once however often it arrives."""
    await begin(interaction)
    if interaction.channel is not None and isinstance(interaction.channel, discord.Thread):
        require_permissions(interaction.app_permissions, THREAD_PERMISSIONS)
    service, poster = service_of(interaction), poster_of(interaction)
    target = InChannel(interaction.channel_id or 0) if match_id is None else match_id
    seen = ShownBefore(interaction.id) if ply is None else ply
    request = Request(action, text, hours, ply=seen, request_id=f"discord:{interaction.id}")
    update = await service.play.act(target, interaction.user.id, request, deliver=True)
    after_move = next_game_view() if action is MOVE else None
    if update.repeated:  # done when it first arrived, and told then
        await answer(interaction, confirmation(update), view=after_move)
        return
    told = await poster.announcement(update)
    done = told.answer.text + await announce(interaction, told, poster)
    if update.back_from_vacation:  # their move ended it: their opponents are told
        back = poster.vacation_notice(interaction.user.id, None)
        poster.in_background(back, f"vacation end of {interaction.user.id}")
    own = told.answer.picture
    await answer(
        interaction,
        done,
        files=[] if own is None else [as_file(own)],
        view=after_move,
        dms_refused=told.answer.tell_dm_refused,
    )


async def announce(interaction: discord.Interaction, told: Announcement, poster: Poster) -> str:
    """Deliver an action's announcement in its match's thread, through the bot's
    `poster`. The action is done whatever happens here, so a failure is not an error for
    the player: it returns a sentence to add to their answer ("" when all went well)."""
    try:  # the action, then the premove that answered it
        await poster.deliver(told, here_of(interaction))
    except (discord.HTTPException, Refusal) as error:
        log.warning("match %s: could not post its news: %s", told.match.id, error)
        if isinstance(error, discord.NotFound):
            why = fill(chat_words.POST_GONE)
        elif isinstance(error, discord.Forbidden):
            why = fill(chat_words.POST_FORBIDDEN, ask_admin=fill(chat_words.ASK_ADMIN))
        else:
            why = str(error)
        return " " + fill(chat_words.NOT_POSTED, why=why)
    return ""


async def answer_challenge(
    interaction: discord.Interaction, challenge_id: int, action: str
) -> None:
    """Accept (or join) a challenge, or decline it; the challenger's Decline withdraws it.

    The answer that fills the last seat starts the match in a thread on the challenge message.
    The interaction delivered again while the first delivery is at work waits for it.
    """
    await begin(interaction)
    async with after_earlier_deliveries(interaction.id):
        await _answered_challenge(interaction, challenge_id, action)


async def _answered_challenge(
    interaction: discord.Interaction, challenge_id: int, action: str
) -> None:
    """`answer_challenge` once no earlier delivery of the interaction is at work."""
    service = service_of(interaction)
    user = interaction.user.id
    match = None
    if action == "accept":
        if not outside_servers(interaction):
            require_permissions(interaction.app_permissions, CHALLENGE_PERMISSIONS)
        update = await service.challenges.accept_challenge(challenge_id, user)
        challenge, match = update.challenge, update.match
        done = fill(chat_words.JOINED, challenge=challenge_id)
    else:
        challenge = await service.challenges.get_challenge(challenge_id)
        if challenge.challenger_id == user:
            done = fill(chat_words.WITHDREW, challenge=challenge_id)
            challenge = await service.challenges.cancel_challenge(challenge_id, user)
        else:
            invited = user in challenge.invited
            request_id = f"discord:{interaction.id}"
            challenge = await service.challenges.decline_challenge(challenge_id, user, request_id)
            left = chat_words.DECLINED if invited else chat_words.LEFT
            done = fill(left, challenge=challenge_id)
    if match is None:
        await refresh_pressed(interaction, challenge)
        await answer(interaction, done)
        return
    if match.channel_id is not None:  # accepted before: its thread is open
        await answer(interaction, started_in(interaction, match, match.channel_id))
        return
    where = await open_thread(interaction, interaction.message, match)
    await refresh_pressed(interaction, challenge)
    await answer(interaction, started_in(interaction, match, where))


def started_in(interaction: discord.Interaction, match: Match, channel_id: int) -> str:
    """The answer telling where a match just started: its thread, or this conversation."""
    if outside_servers(interaction):
        return fill(chat_words.STARTED_HERE, match=match.id)
    return fill(chat_words.STARTED_IN, thread=STYLE.channel(channel_id))


async def refresh_pressed(interaction: discord.Interaction, challenge: Challenge) -> None:
    """Show a challenge's new state on the message whose button was pressed; in a DM or
    group DM, through the press's own answer (the only way to edit a message there)."""
    poster = poster_of(interaction)
    if not outside_servers(interaction):
        await poster.refresh_challenge(challenge, interaction.message)
        return
    with speaking(poster.languages.public(None)):
        content = challenge_text(challenge, STYLE)
    try:
        await interaction.edit_original_response(
            content=content, allowed_mentions=pings(()), **view_keyword(challenge_view(challenge))
        )
    except discord.HTTPException as error:
        log.warning("could not update challenge %s: %s", challenge.id, error)


async def post_challenge(
    interaction: discord.Interaction,
    channel: discord.abc.Messageable | Answering,
    posted: Challenge,
) -> discord.Message:
    """Post a challenge just made in `channel` and remember its message; if it cannot be
    posted, withdraw it (or cancel the solo match it started), so that nothing is half-made,
    and say so (a missing permission as such). The interaction delivered again after
    that is told the same, and nothing is posted."""
    service = service_of(interaction)
    solo = None if posted.match_id is None else await service.queries.get_match(posted.match_id)
    if posted.never_shown(solo):
        raise Refusal(fill(chat_words.CHALLENGE_NOT_POSTED, challenge=posted.id))
    with languages_of(interaction).publicly(channel):
        text = challenge_text(posted, STYLE)
    try:
        message = await channel.send(
            text,
            allowed_mentions=pings(posted.invited),
            **view_keyword(challenge_view(posted)),
        )
    except discord.HTTPException as error:
        if solo is None:
            await service.challenges.cancel_challenge(posted.id, posted.challenger_id)
        else:
            await cancel_unstarted(interaction, solo)
        if isinstance(error, discord.Forbidden):
            raise
        log.warning("could not post challenge %s, withdrawn: %s", posted.id, error)
        raise Refusal(fill(chat_words.CHALLENGE_NOT_POSTED, challenge=posted.id)) from error
    await service.challenges.set_challenge_message(posted.id, message.id)
    return message


async def rematch(interaction: discord.Interaction, match_id: int) -> None:
    """Challenge the other players of an ended match again (the Rematch button): post the
    challenge where the match was challenged, and grey the button out; a rematch against
    the bot alone starts at once, in a thread on the challenge. The interaction delivered
    again (after the first delivery, or while it is still posting) is answered with the
    challenge it posted."""
    await begin(interaction)
    async with after_earlier_deliveries(interaction.id):
        await _rematched(interaction, match_id)


async def _rematched(interaction: discord.Interaction, match_id: int) -> None:
    """`rematch` once no earlier delivery of the interaction is at work."""
    service = service_of(interaction)
    posted = await service.challenges.rematch(
        match_id, interaction.user.id, f"discord:{interaction.id}"
    )
    if posted.message_id is not None:  # asked and posted before
        await answer(interaction, fill(chat_words.REMATCH_ASKED, challenge=posted.id))
        return
    client = interaction.client
    here = here_of(interaction)
    channel: object = here if isinstance(here, Answering) and here.id == posted.channel_id else None
    channel = (
        channel
        or client.get_channel(posted.channel_id)
        or await client.fetch_channel(posted.channel_id)
    )
    if not isinstance(channel, discord.abc.Messageable | Answering):
        await service.challenges.cancel_challenge(posted.id, posted.challenger_id)
        raise Refusal(fill(chat_words.CANNOT_POST_WHERE_CHALLENGED, match=match_id))
    message = await post_challenge(interaction, channel, posted)
    if interaction.message is not None:
        used = discord.ui.View.from_message(interaction.message, timeout=None)
        greyed = disabled(used, only=rematch_id(match_id))
        if outside_servers(interaction):  # (acknowledged as an update of the pressed message)
            await interaction.edit_original_response(view=greyed)
        else:
            await interaction.message.edit(view=greyed)
    if posted.match_id is not None:  # against the bot alone: it accepted at once
        thread = await open_thread(
            interaction, message, await service.queries.get_match(posted.match_id)
        )
        await answer(interaction, fill(chat_words.REMATCH_STARTED_IN, thread=STYLE.channel(thread)))
        return
    await answer(
        interaction,
        fill(chat_words.REMATCH_POSTED, challenge=posted.id, link=message.jump_url),
    )


async def open_thread(
    interaction: discord.Interaction, message: discord.PartialMessage | None, match: Match
) -> int:
    """Start the match's thread on the challenge `message` (in a DM or group DM, the match
    is played in the conversation itself); if that fails, cancel the match (nothing
    half-made). The id of the thread or conversation."""
    try:
        here = here_of(interaction)
        if isinstance(here, Answering):
            await poster_of(interaction).start_in(here, match)
            return here.id
        if message is None:
            raise Refusal(fill(chat_words.CHALLENGE_MESSAGE_GONE))
        return (await poster_of(interaction).start_thread(message, match)).id
    except Exception:
        await cancel_unstarted(interaction, match)
        raise


async def cancel_unstarted(interaction: discord.Interaction, match: Match) -> None:
    """Cancel a match that could not be given its thread (logged if even that fails)."""
    me = interaction.client.user
    assert me is not None  # set by login, before any interaction arrives
    try:
        await service_of(interaction).play.cancel_match(match.id, match.guild_id, me.id)
    except ServiceError as error:
        log.warning("could not cancel match %s after a failed start: %s", match.id, error)


async def show_hand(interaction: discord.Interaction, match_id: int | None) -> None:
    """Show the user, and only them, the position as their seat sees it."""
    await begin(interaction)
    service = service_of(interaction)
    match = await (
        match_here(interaction) if match_id is None else service.queries.get_match(match_id)
    )
    seat = match.seat_of(interaction.user.id)
    if seat is None:
        raise Refusal(fill(chat_words.NO_HAND, match=match.id))
    if not match.has_secrets:
        await answer(interaction, fill(matches.NO_HIDDEN_INFORMATION, game=match.game_title))
        return
    state = await named_for(
        interaction, match, await service.queries.view(match.id, interaction.user.id)
    )
    picture = await board_picture(state, seat=seat, theme=await private_theme(interaction))
    await answer(interaction, fill(chat_words.YOUR_VIEW, match=match.id), files=[as_file(picture)])
