"""Requests turned down: which errors are the player's to read, and in which words.

Anything a player asked that cannot be done is raised as one of `PLAYER_ERRORS` before
anything changes; each face shows `refusal_text` to that player alone.
"""

from __future__ import annotations

from bot.presentation.language import localised
from bot.presentation.parsing import ClockText, OptionsError, TypedWrong
from bot.presentation.writing import Style
from bot.service import ServiceError
from games import IllegalMove, InvalidMove
from games.wording import reason_of


class Refusal(Exception):
    """A request the bot turns down; the message is shown to the player as it is."""


PLAYER_ERRORS = (Refusal, ServiceError, OptionsError, ClockText, InvalidMove, IllegalMove)


def refusal_text(error: BaseException, style: Style) -> str | None:
    """What to tell the player about `error` (a refusal of the service names members in
    `style`), or None when it is none of `PLAYER_ERRORS`."""
    if isinstance(error, (ServiceError, TypedWrong)):
        return style.words(error.sentence)
    if isinstance(error, PLAYER_ERRORS):
        return localised(reason_of(error))
    return None
