"""What a move composer shows after a path of steps, the same on both faces: who may use
it, its text, the choices of the next step, or the move it completes with the picture of
the position that move makes (`games.steps` groups the legal moves by their steps; the
words are in `bot.presentation.composer`). Each face lays the page out its own way:
buttons and menus on Discord, numbered choices in the console."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache

from bot.match.phrases import Namer
from bot.match.records import Snapshot
from bot.match.replay import standing_entries
from bot.presentation import composer as words
from bot.presentation.catalogue import fill
from bot.presentation.errors import Refusal
from bot.presentation.pictures import Picture, board_picture, members_named
from bot.presentation.writing import Style
from bot.service import Match, QueriesPart, SettingsPart
from games import GameState
from games.steps import Choice, Composer, Path


@dataclass(frozen=True)
class ComposerPage:
    """The composer of `match` after `path` (single choices already taken): its `text`,
    then either the next step's `choices` or the `move` the path completes, with the
    `picture` of the position it makes (the state drawn, `after`; both None when the move
    brings something hidden to light). `turn`: the actions of the turn so far (Undo takes
    back the last)."""

    match: Match
    path: Path
    text: str
    choices: list[Choice]
    move: Hashable | None
    picture: Picture | None
    after: GameState | None
    turn: list[str]


async def member_to_act(queries: QueriesPart, match_id: int, user: int, style: Style) -> Match:
    """The match, if `user` is the member to act in it; else a Refusal saying whose turn
    it is in the face's `style` (or that the match is over, or that they are not
    playing)."""
    match = await queries.get_match(match_id)
    if not match.active or match.to_act is None:
        raise Refusal(fill(words.OVER, match=match.id))
    if match.seat_of(user) is None:
        raise Refusal(fill(words.NOT_PLAYING, match=match.id))
    if match.to_act != user:
        assert match.current_seat is not None
        player = style.named(match.seat_name(match.current_seat))
        raise Refusal(fill(words.NOT_YOUR_TURN, player=player, match=match.id))
    return match


def composer_of(match: Match, user: int) -> Composer:
    """The composer of the legal moves of `user`, the member to act, as they see them
    (built once for each position and seat: every tap of a turn reuses it)."""
    seat = match.seat_of(user)
    assert seat is not None  # checked by member_to_act
    return _composer(match.game, match.snapshot.text, seat)


@lru_cache(maxsize=64)
def _composer(game: str, position: str, seat: int) -> Composer:
    """The composer of `seat` in the stored position `position` (its text names the
    state whole, so equal texts are equal positions)."""
    return Composer(Snapshot(game, position).state.view(seat))


def composer_returns(match: Match, user: int, *, undone: bool) -> bool:
    """Whether a fresh composer follows an action of `user` (`undone`: an undo): while it
    is still their turn and the turn goes on (several actions a turn) or was undone."""
    goes_on = undone or match.ply > match.turn_ply
    return match.active and match.to_act == user and goes_on


async def skips_preview(settings: SettingsPart, user: int) -> bool:
    """Whether the member plays a composed move without its preview (`/settings`)."""
    return (await settings.member_settings(user)).skip_preview


async def composer_page(
    queries: QueriesPart,
    settings: SettingsPart,
    match: Match,
    user: int,
    path: Path,
    name: Namer,
    composer: Composer | None = None,
    *,
    drawn: bool = True,
) -> ComposerPage:
    """The composer after `path` (from the start when `path` leads nowhere): the next
    choices, or the move's preview; a game's seats only numbered are called by their
    members' `name` (plain names, as pictures draw them). Without `drawn`, the preview's
    picture is left for later (the web board fetches it apart)."""
    composer = composer or composer_of(match, user)
    if not composer.leads_somewhere(path):
        path = ()
    path = composer.forward(path)
    lines = [fill(words.HEADER, match=match.id)]
    turn = await _turn_so_far(queries, match)
    if turn:
        lines.append(fill(words.TURN_SO_FAR, actions=", ".join(f"`{n}`" for n in turn)))
    move = composer.move_at(path)
    if move is None:
        trail = composer.trail(path)
        if trail:
            lines.append(fill(words.SO_FAR, steps=words.trail_text(trail)))
        lines.append(fill(words.NEXT_STEP) if trail else fill(words.FIRST_STEP))
        offered = composer.choices(path)
        return ComposerPage(match, path, "\n".join(lines), offered, None, None, None, turn)
    state = members_named(match, composer.state, name)
    notation, described = state.format_move(move), state.describe_move(move)
    if match.state.reveals(move):
        lines.append(fill(words.PREVIEW_HIDDEN, move=notation, words=described))
        return ComposerPage(match, path, "\n".join(lines), [], move, None, None, turn)
    seat = match.seat_of(user) if match.has_secrets else None
    after = members_named(match, match.state.play(move).view(seat), name)
    picture = None
    if drawn:
        theme = await settings.picture_theme(match.guild_id, user)
        picture = await board_picture(after, seat=seat, theme=theme)
    lines.append(fill(words.PREVIEW, move=notation, words=described))
    return ComposerPage(match, path, "\n".join(lines), [], move, picture, after, turn)


async def _turn_so_far(queries: QueriesPart, match: Match) -> list[str]:
    """The notations of the actions of the turn going on (none at a turn's start)."""
    count = match.ply - match.turn_ply
    if count <= 0:
        return []
    log = standing_entries((await queries.match_record(match.id)).log)
    return [entry.notation for entry in log[-count:]]
