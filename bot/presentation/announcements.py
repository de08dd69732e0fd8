"""One announcement per action: what a match's news says to everybody and to each member,
written once here and delivered whole by every face (Discord, the console, the web board's
host).

A match's board posted apart from any action is a `PublicPost` too: the first one, in
the new thread (`start_post`), and the board shown again (`board_again`).

`announcement(update, audience, now)` turns an action the service applied (with what
posting it needs, its `Delivery`) into an `Announcement`:

- its `news`, one for the action and one for the premove that answered it: each a
  `PublicPost` (the words, the board picture with its alt text when the position changed
  or the match ended, which `Controls` go under it, whom it pings) and the
  `PrivateNotice`s it sends (to whom, by which `Channel`, in which language, the words,
  and the thread ping that replaces a refused direct message);
- its `answer`, what only the member who acted sees: what their action did and, in a game
  with hidden information, their own view after a move.

Who is pinged and who is told privately is decided here, once: a post pings whom its
news calls (`bot.match.delivery.called`), except members who chose a direct message
instead of the ping; of those given the turn, the members who chose direct messages get
one (held back until their quiet hours end, where those hold it), in the language of their
last interaction, else the public one. Public words are in the public language; the
answer in the language being spoken when it is written (the member's own). A public post
never draws a secret: its picture is the public view.

A match with no channel the face can post in now (a DM or group DM that only answers to
interactions reach: its `Audience.privately` says so, with each player's language) has
its result told to each player by a private notice instead, in their language: that it
ended, where, and the post's words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from bot.match.delivery import called, news, turn_receivers
from bot.match.engine_seats import people
from bot.match.events import Played
from bot.match.records import Delivery, Direct, Match, MatchUpdate
from bot.presentation.catalogue import fill
from bot.presentation.clocks import clock_line
from bot.presentation.language import language_of, speaking
from bot.presentation.matches import (
    board_caption,
    confirmation,
    newcomer_hint,
    start_text,
    update_text,
)
from bot.presentation.pictures import (
    Picture,
    board_picture,
    label_names,
    members_named,
    seat_labels,
    update_board,
)
from bot.presentation.writing import Style, listed


class Controls(Enum):
    """The buttons under a public post: those that act in the match while it is played
    (Play, answers to a proposal, "My hand"), or the result's (Rematch, Analysis)."""

    PLAY = "play"
    RESULT = "result"


class Channel(Enum):
    """How a private notice reaches its member: a direct message now, or held until their
    quiet hours end (then sent with the others held, in one message)."""

    DIRECT = "direct"
    HELD = "held"


@dataclass(frozen=True)
class PublicPost:
    """What an update shows everybody in the match's thread: its `text`, its board
    `picture` (with its alt text; None when the position did not change) and the position
    it shows (`ply`, which a later action carries as the one its player last saw), the
    `controls` under it, and the members it `pings`. `match` is the match after the
    update."""

    match: Match
    text: str
    picture: Picture | None
    ply: int | None
    controls: Controls
    pings: tuple[int, ...]


@dataclass(frozen=True)
class PrivateNotice:
    """A notice for one member alone: their turn came, or the result of a match that has
    no channel to post it in (`Audience.privately`). `text` is in `language`;
    `ping_instead` (in the public language) is posted in the thread when the member, who
    chose a direct message instead of the thread's ping, cannot be sent one (None: they
    are pinged there anyway)."""

    member_id: int
    match: Match
    channel: Channel
    language: str
    text: str
    ping_instead: str | None


@dataclass(frozen=True)
class News:
    """One update's news: its public post and the private notices it sends."""

    post: PublicPost
    notices: tuple[PrivateNotice, ...]


@dataclass(frozen=True)
class PrivateAnswer:
    """What only the member who acted sees: what their action did (`text`), their own
    view after a move in a game with hidden information (`picture`), and whether they are
    to be told now that Discord refused them a direct message (`tell_dm_refused`)."""

    text: str
    picture: Picture | None
    tell_dm_refused: bool


@dataclass(frozen=True)
class Announcement:
    """Everything an action announces: the `news` in order (the action, then the premove
    that answered it), in the public `language`, and the `answer` to the member who
    acted; `match` as the last news leaves it, and whether the news `ended` it (its
    result is posted)."""

    news: tuple[News, ...]
    language: str
    answer: PrivateAnswer
    match: Match
    ended: bool


@dataclass(frozen=True)
class FaceWords:
    """The sentences of an announcement that are a face's own words (its
    `bot/<face>/words.py`), given by the face and filled here: the turn notice, by whether
    it names the moves that gave the turn and a deadline (`turn_notice[moves, deadline]`;
    placeholders {match}, {game}, {moves}, {deadline}, {link}), the thread's ping that
    replaces a refused direct message (`ping_instead`: {player}, {match}), the line
    under a match's first board where nobody is a newcomer (`how_to_play`), and the head
    of a result told privately (`ended_notice`: {match}, {game}, {link})."""

    turn_notice: Mapping[tuple[bool, bool], str]
    ping_instead: str
    how_to_play: str
    ended_notice: str


@dataclass(frozen=True)
class Audience:
    """How a face names what an announcement mentions: its `style` (members, channels,
    times), the members' names as pictures draw them (`names`), the `language` of what
    everybody reads, and `link(match)`: where a notice sends its member to play.
    `words`: the face's own sentences of private notices and first boards (None: a face
    that tells nobody privately, as the console, whose terminal every player shares; then
    everybody called is pinged). `newcomers`: whether a member on their first turn of
    their first match of a game is told under the board how to play it (Discord's Play
    and `/move`; the console says how to play its own way when a match starts).
    `privately`: where the match has no channel the face can post in now, each player's
    language (member id to language), to tell them its result by a private notice (None:
    the news is posted; it needs `words`); its public posts then draw no board.
    `drawn`: whether the announcement draws its pictures (False: a face that draws each
    viewer's board itself, as the web board, whose page shows a player their own hand; the
    posts and the answer then carry words alone)."""

    style: Style
    names: Callable[[int], str]
    language: str
    link: Callable[[Match], str]
    words: FaceWords | None = None
    newcomers: bool = True
    privately: Mapping[int, str] | None = None
    drawn: bool = True


async def announcement(update: MatchUpdate, audience: Audience, now: datetime) -> Announcement:
    """The announcement of `update`, which carries its `Delivery` (`service.play.act(...,
    deliver=True)` or `service.play.delivery`), at `now`."""
    delivery = update.delivery
    assert delivery is not None, "an announcement needs what its delivery read"
    told = tuple([await _news(each, delivery, audience, now) for each in news(update)])
    answer = await _answer(update, delivery, audience)
    last = told[-1].post
    ended = any(n.post.controls is Controls.RESULT for n in told)
    return Announcement(told, audience.language, answer, last.match, ended)


async def _news(update: MatchUpdate, delivery: Delivery, audience: Audience, now: datetime) -> News:
    """The public post of one update and its turn notices."""
    match, style = update.match, audience.style
    calling = called(update)
    receivers = turn_receivers(update, calling)
    words = audience.words
    chosen = [d for d in delivery.direct if d.member_id in receivers] if words else []
    instead = {d.member_id for d in chosen if d.instead}
    with speaking(audience.language):
        picture = None
        if audience.drawn and audience.privately is None:  # (privately: nothing posts it)
            players = seat_labels(match, audience.names, delivery.ratings, now)
            clock = clock_line(match, now, label_names(match, players))
            picture = await update_board(update, delivery.theme, clock, players)
        newcomers = delivery.newcomers if audience.newcomers else ()
        hints = [newcomer_hint(match, m, style) for m in newcomers if m in receivers]
        text = "\n".join([update_text(update, style), *hints])
    post = PublicPost(
        match,
        text,
        picture,
        None if picture is None else match.ply,
        Controls.PLAY if update.result is None else Controls.RESULT,
        tuple(sorted(m for m in calling if m not in instead)),
    )
    notices = tuple(_notice(update, d, audience, words) for d in chosen if words)
    if audience.privately is not None and words is not None and update.result is not None:
        notices += _result_notices(update, audience.privately, audience, words)
    return News(post, notices)


def _result_notices(
    update: MatchUpdate, languages: Mapping[int, str], audience: Audience, words: FaceWords
) -> tuple[PrivateNotice, ...]:
    """The result of a match with no channel to post it in, told to each of its players
    (in `languages`, else the public language) by a direct message: that it ended, where,
    and the post's words."""
    match, notices = update.match, []
    for member_id in people(match.members):
        language = languages.get(member_id, audience.language)
        with speaking(language):
            head = fill(
                words.ended_notice, match=match.id, game=match.game_title, link=audience.link(match)
            )
            text = f"{head}\n{update_text(update, audience.style)}"
        notices.append(PrivateNotice(member_id, match, Channel.DIRECT, language, text, None))
    return tuple(notices)


def _notice(
    update: MatchUpdate, direct: Direct, audience: Audience, words: FaceWords
) -> PrivateNotice:
    """The turn notice of one member who chose direct messages."""
    match = update.match
    language = language_of(direct.locale) or audience.language
    with speaking(language):
        text = turn_notice(update, audience.style, audience.link(match), words)
    ping = None
    if direct.instead:
        with speaking(audience.language):
            player = audience.style.mention(direct.member_id)
            ping = fill(words.ping_instead, player=player, match=match.id)
    channel = Channel.HELD if direct.quiet else Channel.DIRECT
    return PrivateNotice(direct.member_id, match, channel, language, text, ping)


def turn_notice(update: MatchUpdate, style: Style, link: str, words: FaceWords) -> str:
    """The notice telling a player their turn has come, in the face's `words`: the
    match, the moves that gave it to them, their deadline, and `link` (where to play)."""
    match = update.match
    moves = listed([f"`{e.notation}`" for e in update.events if isinstance(e, Played)])
    deadline = style.when(match.deadline) if match.deadline else ""
    notice = words.turn_notice[bool(moves), bool(deadline)]
    return fill(
        notice, match=match.id, game=match.game_title, moves=moves, deadline=deadline, link=link
    )


async def _answer(update: MatchUpdate, delivery: Delivery, audience: Audience) -> PrivateAnswer:
    """The answer to the member who acted, in the language spoken now."""
    own = await own_view(update, delivery.own_theme, audience.names) if audience.drawn else None
    return PrivateAnswer(confirmation(update), own, delivery.tell_dm_refused)


async def own_view(update: MatchUpdate, theme: str, names: Callable[[int], str]) -> Picture | None:
    """After a move in a game with hidden information, the mover's own view (their hand,
    with the cards just drawn) in their `theme`, for them alone; None otherwise."""
    match = update.match
    seat = None if update.actor_id is None else match.seat_of(update.actor_id)
    if update.move is None or not match.active or not match.has_secrets or seat is None:
        return None
    own = members_named(match, match.view_for(seat), names)
    return await board_picture(own, seat=seat, theme=theme)


async def start_post(
    match: Match,
    newcomers: Iterable[int],
    audience: Audience,
    now: datetime,
    *,
    theme: str,
    ratings: Mapping[int, str],
) -> PublicPost:
    """The first post of a match's thread: how it starts, how to play it (each of
    `newcomers` told where the face asks, else everybody in a line), its board in the
    server's `theme` with the players' `ratings`; it pings every player."""
    style, words = audience.style, audience.words
    with speaking(audience.language):
        told = newcomers if audience.newcomers else ()
        hints = [newcomer_hint(match, m, style) for m in told]
        if not hints and words is not None:
            hints = [fill(words.how_to_play)]
        text = "\n".join([start_text(match, style), *hints])
    return await _board_post(match, text, people(match.members), audience, now, theme, ratings)


async def board_again(
    match: Match, audience: Audience, now: datetime, *, theme: str, ratings: Mapping[int, str]
) -> PublicPost:
    """A match's board shown again, with whose turn it is; it pings nobody."""
    with speaking(audience.language):
        text = board_caption(match, audience.style)
    return await _board_post(match, text, (), audience, now, theme, ratings)


async def _board_post(
    match: Match,
    text: str,
    pings: Iterable[int],
    audience: Audience,
    now: datetime,
    theme: str,
    ratings: Mapping[int, str],
) -> PublicPost:
    """A post of `match`'s public board as it stands, under `text`."""
    with speaking(audience.language):
        players = seat_labels(match, audience.names, ratings, now)
        clock = clock_line(match, now, label_names(match, players))
        picture = await board_picture(
            match.public_view(), theme=theme, clock=clock, players=players
        )
    return PublicPost(match, text, picture, match.ply, Controls.PLAY, tuple(pings))
