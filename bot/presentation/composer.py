"""What the move composer says (the Play button's private helper that builds a move by
taps): whole sentences with named placeholders, one constant each, ready for translation.

`{match}` is a match's number, `{move}` a notation, `{words}` a move in words, `{steps}`
the steps chosen so far, `{player}` who is to act, `{actions}` the turn's actions so far.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.match.shown import shorten
from bot.presentation.language import localised
from games.steps import Step

# The buttons of Discord and the web board (the console types confirm, back, cancel).
CONFIRM = "Confirm"
BACK = "Back"
CANCEL = "Cancel"
PREVIOUS = "Previous"
NEXT = "Next"

HEADER = "Your move in match #{match}."
SO_FAR = "So far: {steps}."
NEXT_STEP = "Choose the next step; each choice leads to a legal move."
FIRST_STEP = "Choose what to do; each choice leads to a legal move."
TURN_SO_FAR = "This turn so far: {actions}."
PREVIEW = (
    "After `{move}` ({words}), not played yet. Confirm plays it if the position has not "
    "changed meanwhile."
)
PREVIEW_HIDDEN = (
    "`{move}` ({words}) brings something hidden to light, so it is shown without a "
    "picture. Confirm plays it if the position has not changed meanwhile."
)
CANCELLED = "Nothing was played."
NOT_YOUR_TURN = "It is {player}'s turn in match #{match}; nothing was changed."
OVER = "Match #{match} is over; nothing was changed."
NOT_PLAYING = "You are not playing in match #{match}; nothing was changed."
STALE = (
    "The position changed since this composer was opened (another action was played or "
    "taken back), so nothing was played. Here is a fresh one."
)
NOT_COMPLETE = "The move is not complete yet: choose its next step by number."
#: What /settings says about the preview of composed moves.
PREVIEW_SETTING = {
    False: "Moves made with Play: shown before they count (Confirm plays them).",
    True: "Moves made with Play: played at the last tap, without a preview.",
}


def says_notation(label: str, notation: str) -> bool:
    """Whether `label` already says `notation` as a word of its own ("pawn on b3", "b3")."""
    return re.search(rf"(?<!\w){re.escape(notation)}(?!\w)", label) is not None


def trail_text(steps: Sequence[Step]) -> str:
    """The steps chosen so far, as one phrase: their words, the notation beside the last
    unless its words already say it ("column a › a1", not "column a › a1 (`a1`)")."""
    labels = [localised(step.label) for step in steps]
    words = " › ".join(labels)
    last = steps[-1].notation if steps else ""
    return f"{words} (`{last}`)" if last and not says_notation(labels[-1], last) else words


def choice_label(step: Step, limit: int | None = None) -> str:
    """A choice as shown on a button or in a menu: its words and, beside them, its notation
    unless the words already say it ("pawn on b3", not "pawn on b3 · b3"); within `limit`
    characters (a button's 80) the words are cut, never the notation (unless it alone is
    too long)."""
    label = localised(step.label)
    if not step.notation or says_notation(label, step.notation):
        return label if limit is None else shorten(label, limit)
    tail = f" · {step.notation}"
    if limit is None or len(label) + len(tail) <= limit:
        return label + tail
    if len(tail) + 2 > limit:  # (no room for a word and its "…")
        return shorten(step.notation, limit)
    return shorten(label, limit - len(tail)) + tail
