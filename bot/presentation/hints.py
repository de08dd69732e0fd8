"""What players read about the bot's thinking and its hints: whole sentences with named
placeholders, one constant each, so that they can be translated as they are.

`bot.presentation.text` fills in `THINKING`; the faces fill in the hint's sentences.
"""

from __future__ import annotations

# ---- the thread, while a level that thinks long (master) chooses its move
THINKING = "{player} ({seat}) is thinking about its move; that takes up to about half a minute."

# ---- /hint, to the member alone
HINT = "Hint for match #{match}: `{move}`, {why}."
HINT_NOT_YOUR_TURN = "It is not your turn in match #{match}: a hint is for the player to act."
HINT_RATED = (
    "Match #{match} is rated, so the bot gives no hints in it: hints are for casual and "
    "solo matches."
)
HINT_UNAVAILABLE = "The bot could not think about a hint just now; nothing changed. Try again."
