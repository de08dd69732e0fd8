"""What players read about a match as it is played: its thread's name and first message,
who is to move and until when, the caption of a board, each event of an action in the
thread's words, and the private answer to the member who acted (what their action did,
or that a request seen twice was done once). Whole sentences with named placeholders,
then the functions that fill them; a result is in `results`, a challenge in `challenges`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.match import actions
from bot.match.engine_seats import thinks_long
from bot.match.events import (
    DRAW,
    TAKEBACK,
    Agreed,
    Declined,
    Ended,
    Event,
    Left,
    Played,
    Proposed,
    TakenBack,
    TimeGiven,
    TurnPassed,
    Withdrawn,
)
from bot.match.shown import shorten
from bot.presentation import hints
from bot.presentation.catalogue import fill
from bot.presentation.challenges import game_line, rules_words
from bot.presentation.clocks import banks_text, span_words
from bot.presentation.results import result_text
from bot.presentation.writing import MAX_THREAD_NAME, Style, listed
from bot.service import Match, MatchUpdate

# ---- the thread: its name, its first message, whose turn it is, a board's caption
#: A seat and its player, by whether seats are only numbered (then the player alone) and
#: whether they are out.
SEAT_PLAYER = {
    (False, False): "{seat}: {player}",
    (False, True): "{seat}: {player} (out)",
    (True, False): "{player}",
    (True, True): "{player} (out)",
}
PLAYERS = "{players}."
MATCH_START = "Match #{match}: {game}, {rules}."
#: Who is to move, by whether seats are only numbered (the player alone) and whether it is
#: the same turn going on.
TO_MOVE = {
    (False, False): "{player} ({seat}) to move",
    (False, True): "{player} ({seat}) to move again",
    (True, False): "{player} to move",
    (True, True): "{player} to move again",
}
TURN_PAUSED = "{to_move}; their clock is paused (vacation)."
TURN_BEFORE = "{to_move}, before {deadline}."
TURN_PLAIN = "{to_move}."
CAPTION_FINAL = "Match #{match}, final position after {moves}."
CAPTION_AFTER = "Match #{match}, after {moves}."
CAPTION_FIRST = "Match #{match}, before the first move."
AGREED_TAKEN_BACK = "{player} agreed: the move `{move}` was taken back."
AGREED_TAKEN_BACK_WITH_REPLIES = (
    "{player} agreed: the move `{move}` and {replies} after it were taken back."
)
THREAD_NAME = "{game} #{match}: {players}"
NO_HIDDEN_INFORMATION = "{game} has no hidden information: everything is on the board."
CONFIRM_RESIGN = "Do you really resign match #{match}? This cannot be undone."

# ---- what happened, as the match's thread says it ({player}: who did it)
PLAYED = "{player} played `{move}`: {words}."
RESIGNED_OTHERS_PLAY_ON = "{player} resigned; the others play on."
TIMED_OUT_OTHERS_PLAY_ON = "{player} ran out of time; the others play on."
PROPOSED = {
    DRAW: "{player} offers a draw.",
    TAKEBACK: "{player} asks to take back their last move.",
}
AGREED = {DRAW: "{player} agrees to the draw.", TAKEBACK: "{player} agrees to the takeback."}
DECLINED = {DRAW: "{player} declined the draw.", TAKEBACK: "{player} refused the takeback."}
WITHDRAWN = {
    DRAW: "{player} withdrew their draw offer.",
    TAKEBACK: "{player} withdrew their takeback request.",
}
NEWCOMER_HINT = (
    "{player}, your first {game} match: press **Play** under the board to make your move "
    "by taps, or type it with `/move`; `/rules game:{name}` says how moves are written."
)
TOOK_BACK = "{player} took back `{move}`."
TAKEN_BACK = "The move `{move}` was taken back."
GAVE_TIME = "{player} gave each opponent {time} more on their clock."
WAITING_FOR = {
    DRAW: "Waiting for {players} to answer the draw offer.",
    TAKEBACK: "Waiting for {players} to answer the takeback request.",
}

# ---- what the member who acted is told privately
YOU_PLAYED = "Played `{move}`."
YOU_PROPOSED = {DRAW: "You offered a draw.", TAKEBACK: "You asked to take back your last move."}
YOU_AGREED = {DRAW: "You agreed to the draw.", TAKEBACK: "You agreed to the takeback."}
YOU_DECLINED = {DRAW: "You declined the draw.", TAKEBACK: "You refused the takeback."}
YOU_WITHDREW = {
    DRAW: "You withdrew your draw offer.",
    TAKEBACK: "You withdrew your takeback request.",
}
YOU_TOOK_BACK = "You took back `{move}`."
YOU_GRANTED_TAKEBACK = "You granted the takeback: `{move}` is taken back."
YOU_GAVE_TIME = "You gave each opponent {time} more."
YOU_RESIGNED = "You resigned."
YOU_CLAIMED_ON_TIME = "You claimed the match on time."
YOU_AGREED_DRAWN = "You agreed: the match is drawn."
YOU_ABORTED = "You aborted the match."
MATCH_CANCELLED = "The match is cancelled."
DONE = "Done."
ALREADY_DONE = "This was already done when it first arrived; nothing was done again. {done}"


def thread_name(match: Match, names: Callable[[int], str]) -> str:
    """The match thread's name, within Discord's 100 characters."""
    players = " vs ".join(names(m) for m in match.members)
    title = fill(THREAD_NAME, game=match.game_title, match=match.id, players=players)
    return shorten(title, MAX_THREAD_NAME)


def players_text(match: Match, style: Style) -> str:
    """Players in seat order with their colours: "White: @a, Black: @b" (seats only
    numbered: "@a, @b")."""
    numbered = match.numbered_seats
    return ", ".join(
        fill(
            SEAT_PLAYER[numbered, s.retired],
            seat=match.seat_name(s.seat),
            player=style.mention(s.member_id),
        )
        for s in match.seats
    )


def start_text(match: Match, style: Style) -> str:
    """The first message in a match's thread."""
    game = game_line(match.game, match.game_title, dict(match.options))
    rules = rules_words(match.rules, len(match.seats), match.members)
    lines = [
        fill(MATCH_START, match=match.id, game=game, rules=rules),
        fill(PLAYERS, players=players_text(match, style)),
        banks_text(match, style),
        turn_text(match, style),
    ]
    return "\n".join(line for line in lines if line)


def turn_text(match: Match, style: Style, *, goes_on: bool = False) -> str:
    """Who acts next and until when; with `goes_on`, that the player to act is still
    playing their turn (a turn of several actions); for an ended match, its result."""
    if not match.active:
        return result_text(match, style)
    if match.to_act is None or match.current_seat is None:
        return ""
    seat = match.seat_name(match.current_seat)
    player = style.mention(match.to_act)
    if thinks_long(match.to_act):
        return fill(hints.THINKING[match.numbered_seats], player=player, seat=seat)
    to_move = fill(TO_MOVE[match.numbered_seats, goes_on], player=player, seat=seat)
    if match.paused:
        return fill(TURN_PAUSED, to_move=to_move)
    if match.deadline is not None:
        return fill(TURN_BEFORE, to_move=to_move, deadline=style.when(match.deadline))
    return fill(TURN_PLAIN, to_move=to_move)


def board_caption(match: Match, style: Style) -> str:
    """The caption of a board posted on request."""
    if not match.active:
        when = fill(CAPTION_FINAL, match=match.id, moves=match.moves_played)
    elif match.moves_played:
        when = fill(CAPTION_AFTER, match=match.id, moves=match.moves_played)
    else:
        when = fill(CAPTION_FIRST, match=match.id)
    lines = [when, banks_text(match, style), turn_text(match, style)]
    return "\n".join(line for line in lines if line)


def event_line(event: Event, style: Style) -> str:
    """One event of an action in words ("" for those the turn line or result tells)."""
    match event:
        case Played(member=member, notation=notation, words=words):
            player, words = style.mention(member), style.named(words)
            return fill(PLAYED, player=player, move=notation, words=words)
        case Left(member=member, how=how):
            left = RESIGNED_OTHERS_PLAY_ON
            if how != "resign":
                left = TIMED_OUT_OTHERS_PLAY_ON
            return fill(left, player=style.mention(member))
        case Proposed(kind=kind, member=member):
            return fill(PROPOSED[kind], player=style.mention(member))
        case Agreed(kind=kind, member=member):
            return fill(AGREED[kind], player=style.mention(member))
        case Declined(kind=kind, member=member):
            return fill(DECLINED[kind], player=style.mention(member))
        case Withdrawn(kind=kind, member=member):
            return fill(WITHDRAWN[kind], player=style.mention(member))
        case TakenBack(member=member, notation=notation, alone=True):
            return fill(TOOK_BACK, player=style.mention(member), move=notation)
        case TakenBack(notation=notation, agreed_by=None):  # (stored before it was named)
            return fill(TAKEN_BACK, move=notation)
        case TakenBack(notation=notation, replies=replies, agreed_by=int(agreed_by)):
            line = AGREED_TAKEN_BACK_WITH_REPLIES
            if not replies:
                line = AGREED_TAKEN_BACK
            player = style.mention(agreed_by)
            return fill(line, player=player, move=notation, replies=replies)
        case TimeGiven(member=member, hours=hours):
            given = span_words(timedelta(hours=hours))
            return fill(GAVE_TIME, player=style.mention(member), time=given)
        case _:  # TurnPassed and Ended: the turn line or the result says it
            return ""


def update_text(update: MatchUpdate, style: Style) -> str:
    """What an action did, then who acts next (or the result)."""
    match = update.match
    lines = [event_line(event, style) for event in update.events]
    pending = match.proposal if match.active else None
    if pending is not None and pending.waiting_for:
        waiting = listed([style.mention(m) for m in pending.waiting_for])
        lines.append(fill(WAITING_FOR[pending.kind], players=waiting))
    passed = any(isinstance(e, TurnPassed) for e in update.events)
    goes_on = update.action is actions.MOVE and not passed
    if update.action is actions.GIVE_TIME:
        lines.append(banks_text(match, style))
    # An offer or a request changes nothing of the turn, and its answer says who moves then.
    proposed = any(isinstance(e, Proposed) for e in update.events)
    if not proposed and (pending is None or pending.kind != TAKEBACK):
        lines.append(turn_text(match, style, goes_on=goes_on))
    return "\n".join(line for line in lines if line)


def newcomer_hint(match: Match, member_id: int, style: Style) -> str:
    """How to play, for a member on their first turn of their first match of the game."""
    return fill(
        NEWCOMER_HINT,
        player=style.mention(member_id),
        game=match.game_title,
        name=match.game,
    )


def already_done(update: MatchUpdate) -> str:
    """The answer to a request seen again (`MatchUpdate.repeated`) where the member saw
    the first answer: it was done then, and not again."""
    return fill(ALREADY_DONE, done=confirmation(update))


def confirmation(update: MatchUpdate) -> str:
    """The private answer to the member who acted: what their action did."""
    for event in update.events:
        match event:
            case Played(notation=notation):
                return fill(YOU_PLAYED, move=notation)
            case Proposed(kind=kind):
                return fill(YOU_PROPOSED[kind])
            case Agreed(kind=kind):
                return fill(YOU_AGREED[kind])
            case Declined(kind=kind):
                return fill(YOU_DECLINED[kind])
            case Withdrawn(kind=kind):
                return fill(YOU_WITHDREW[kind])
            case TakenBack(notation=notation, alone=True):
                return fill(YOU_TOOK_BACK, move=notation)
            case TakenBack(notation=notation):
                return fill(YOU_GRANTED_TAKEBACK, move=notation)
            case TimeGiven(hours=hours):
                return fill(YOU_GAVE_TIME, time=span_words(timedelta(hours=hours)))
            case Left(how="resign") | Ended(how="resign"):
                return fill(YOU_RESIGNED)
            case Left(how="timeout") | Ended(how="timeout"):
                return fill(YOU_CLAIMED_ON_TIME)
            case Ended(how="draw"):
                return fill(YOU_AGREED_DRAWN)
            case Ended(how="abort"):
                return fill(YOU_ABORTED)
            case Ended(how="cancel"):
                return fill(MATCH_CANCELLED)
    return fill(DONE)
