"""What players read about the bot's thinking and its hints: whole sentences with named
placeholders, one constant each, so that they can be translated as they are.

`bot.presentation.matches` fills in `THINKING`; `hint_text` writes a hint (in the language
spoken, through `translated`: the catalogue, which holds `HINT_REFUSALS`, is not imported
here); the refusals of a hint join the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.presentation.language import localised, translated
from bot.service.hints import Hint

# ---- the thread, while a level that thinks long (master) chooses its move
#: The bot thinking, by whether seats are only numbered (the player alone).
THINKING = {
    False: "{player} ({seat}) is thinking about its move; that takes up to about half a minute.",
    True: "{player} is thinking about its move; that takes up to about half a minute.",
}

# ---- /hint, to the member alone
#: One whole sentence by what explains the move; HINT with the game's own reason (`why`:
#: its words, which follow "because").
HINT = "Hint for match #{match}: `{move}`, because {why}."
HINT_WINS = "Hint for match #{match}: `{move}`, because it wins the game at once."
HINT_STOPS = (
    "Hint for match #{match}: `{move}`, because it keeps {seat} from winning on their next move."
)
HINT_ONLY = "Hint for match #{match}: `{move}`, because it is the only move worth playing here."
#: A searched move, by how sure the search is: the move took at least twice the part of
#: the search the next one did (`SURE_MARGIN`), or the next one came close.
HINT_SURE = (
    "Hint for match #{match}: `{move}`, because the bot's search rates it best, and "
    "clearly: it spent {share}% of its thought on it. Your chance: about {percent}%."
)
HINT_CLOSE = (
    "Hint for match #{match}: `{move}`, because the bot's search rates it best, but only "
    "just: `{other}` came close ({share}% of its thought against {other_share}%). Your "
    "chance: about {percent}%."
)

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


#: How many times the next move's part of the search the preferred one must have for the
#: bot to call it clear.
SURE_MARGIN = 2.0


def _percent(value: float | None) -> int:
    return round(100 * (value or 0.0))


def hint_text(match_id: int, hint: Hint) -> str:
    """The hint in one sentence: the move and why: that it wins at once or stops the next
    player's win in one, else in the game's own words where it has them (written in the
    language spoken, as is the seat a move stops), else that the search rates it best,
    how sure it is and the player's chance."""
    shown = {"match": match_id, "move": hint.notation}
    if hint.wins:
        return translated(HINT_WINS).format(**shown)
    if hint.stops is not None:
        return translated(HINT_STOPS).format(seat=localised(hint.stops), **shown)
    if hint.reason is not None:
        return translated(HINT).format(why=localised(hint.reason), **shown)
    if hint.estimate is None:
        return translated(HINT_ONLY).format(**shown)
    searched = {"percent": _percent(hint.estimate), "share": _percent(hint.share), **shown}
    second = hint.runner_up_share
    if hint.runner_up is None or second is None or (hint.share or 0.0) >= SURE_MARGIN * second:
        return translated(HINT_SURE).format(**searched)
    return translated(HINT_CLOSE).format(
        other=hint.runner_up, other_share=_percent(second), **searched
    )
