"""What players read about the bot's thinking and its hints: whole sentences with named
placeholders, one constant each, so that they can be translated as they are.

`bot.presentation.text` fills in `THINKING`; `hint_text` writes a hint (in the language
spoken, through `translated`: the catalogue, which holds `HINT_REFUSALS`, is not imported
here); the refusals of a hint join the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.presentation.language import translated
from bot.service.hints import Hint

# ---- the thread, while a level that thinks long (master) chooses its move
#: The bot thinking, by whether seats are only numbered (the player alone).
THINKING = {
    False: "{player} ({seat}) is thinking about its move; that takes up to about half a minute.",
    True: "{player} is thinking about its move; that takes up to about half a minute.",
}

# ---- /hint, to the member alone
HINT = "Hint for match #{match}: `{move}`, because {why}."
WHY_WINS = "it wins the game at once"
WHY_STOPS = "it keeps {seat} from winning on their next move"
WHY_ONLY = "it is the only move worth playing here"
WHY_SEARCHED = "the bot's search rates it best: about {percent}% for you"

HINT_REFUSALS: Mapping[str, str] = {
    "hint.rated": (
        "Match #{match} is rated, so the bot gives no hints in it: hints are for casual "
        "and solo matches."
    ),
    "hint.over": "Match #{match} is over: there is no move to hint at.",
    "hint.unavailable": (
        "The bot could not think about a hint just now; nothing changed. Try again."
    ),
}


def hint_text(match_id: int, hint: Hint) -> str:
    """The hint in one line: the move and why, in the game's own words where it has them."""
    if hint.reason is not None:
        why = hint.reason
    elif hint.wins:
        why = translated(WHY_WINS)
    elif hint.stops is not None:
        why = translated(WHY_STOPS).format(seat=hint.stops)
    elif hint.estimate is None:
        why = translated(WHY_ONLY)
    else:
        why = translated(WHY_SEARCHED).format(percent=round(100 * hint.estimate))
    return translated(HINT).format(match=match_id, move=hint.notation, why=why)
