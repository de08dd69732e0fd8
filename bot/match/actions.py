"""The actions of a match, each defined once: commands, buttons, the console and the
texts all name an action by these objects, never by a method name in a string.

Adding an action is one `MatchAction` here, its decision in `bot.match.rules`, and its
words in the faces' texts; the Discord commands and the console's table are made from
`PLAYER_ACTIONS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class MatchAction:
    """One thing that can be done in a match.

    `key` names it in button ids, the console and logs ("draw-accept"); `command` is the
    slash command that does it ("draw accept"; "" when players have none: the clock's
    timeout, an admin's cancel); `help` is that command's description; `button` the
    label of the button that does it under a match message ("" when there is none).
    """

    key: str
    command: str
    help: str
    button: str = ""


MOVE = MatchAction(
    "move", "move", "Play your move in this thread's match (the list shows your legal moves)"
)
RESIGN = MatchAction("resign", "resign", "Resign this thread's match (you confirm with a button)")
OFFER_DRAW = MatchAction("draw-offer", "draw offer", "Offer your opponents a draw")
ACCEPT_DRAW = MatchAction(
    "draw-accept", "draw accept", "Accept the draw you were offered", "Accept draw"
)
DECLINE_DRAW = MatchAction(
    "draw-decline",
    "draw decline",
    "Decline the draw you were offered (or withdraw your own offer)",
    "Decline draw",
)
ASK_TAKEBACK = MatchAction(
    "takeback-ask",
    "takeback ask",
    "Take back your last action: within your own turn at once, else ask the others",
)
GRANT_TAKEBACK = MatchAction(
    "takeback-grant",
    "takeback grant",
    "Let your opponent take back their last move",
    "Grant takeback",
)
REFUSE_TAKEBACK = MatchAction(
    "takeback-refuse",
    "takeback refuse",
    "Refuse the takeback (or withdraw your own request)",
    "Refuse takeback",
)
ABORT = MatchAction(
    "abort", "abort", "Call off this thread's match before everyone has played a turn (unrated)"
)
CLAIM = MatchAction("claim", "claim", "Claim the win when the player to move has run out of time")
GIVE_TIME = MatchAction(
    "clock-give", "clock give", "Give your opponents more time on their clocks (like 1d or 12h)"
)
TIME_OUT = MatchAction("timeout", "", "The clock ends the turn of a player whose time ran out")
CANCEL = MatchAction("cancel", "", "A server admin cancels the match (unrated)")
ADJUDICATE = MatchAction(
    "adjudicate", "", "A league round's deadline stops the match (unrated; the league scores it)"
)

#: Every action, in the order help lists them.
ACTIONS: tuple[MatchAction, ...] = (
    MOVE,
    RESIGN,
    OFFER_DRAW,
    ACCEPT_DRAW,
    DECLINE_DRAW,
    ASK_TAKEBACK,
    GRANT_TAKEBACK,
    REFUSE_TAKEBACK,
    ABORT,
    CLAIM,
    GIVE_TIME,
    TIME_OUT,
    CANCEL,
    ADJUDICATE,
)
#: The actions a player starts with a command of its own and no option (a move needs its
#: notation, resigning a confirmation, giving time its amount: their commands are written
#: out by each face).
PLAYER_ACTIONS: tuple[MatchAction, ...] = tuple(
    a for a in ACTIONS if a.command and a not in (MOVE, RESIGN, GIVE_TIME)
)
#: The actions that buttons under match messages start.
BUTTON_ACTIONS: tuple[MatchAction, ...] = tuple(a for a in ACTIONS if a.button) + (RESIGN,)


def action_named(key: str) -> MatchAction:
    """The action whose `key` this is; KeyError for any other text."""
    for action in ACTIONS:
        if action.key == key:
            return action
    raise KeyError(key)


@dataclass(frozen=True)
class ShownBefore:
    """The position of the last board of the match that was shown before `moment` (an id
    that tells when it was made, as Discord's ids do): what a player who typed a command
    in the match's thread was looking at."""

    moment: int


@dataclass(frozen=True)
class InChannel:
    """The active match living in channel or thread `channel_id` (where a command was
    typed), instead of a match's number."""

    channel_id: int


@dataclass(frozen=True)
class Request:
    """An action asked of a match: what, the move's text (for MOVE) or the time given (for
    GIVE_TIME, in `hours`), and, always given:

    `ply`, the position the one who asked saw when choosing it (a number, or the last
    board `ShownBefore` they acted, which the service reads in the action's own
    transaction): an action that arrives after the match moved on is refused (actions
    that stand whatever the position, and the clock's and admins', are not checked
    against it);
    `request_id`, the request's own unique id, where it came from ("discord:" and the
    interaction's id, "console:" and a counter, the bot's duty, the clock's timeout of one
    version of the match): an action asked twice under one id is applied once, and the
    second time answered with what it did.
    """

    action: MatchAction
    text: str = ""
    hours: int = 0
    ply: int | ShownBefore = field(kw_only=True)
    request_id: str = field(kw_only=True)
