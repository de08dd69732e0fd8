"""What the web board says of its own (its buttons, headings and plain refusals), as
whole sentences with named placeholders, filled through `bot.presentation.catalogue.fill`.
The composer's words (Confirm, Back, the preview) are the composer's, in
`bot.presentation.composer`; a match's, in the presentation's catalogues by subject. Only
the web face imports this module (as `web_words`); `bot.translations` extracts it."""

from __future__ import annotations

MATCH_TITLE = "Match #{match}: {game}"
MY_MATCHES = "My matches"
YOUR_TURN = "Your turn"
THEIR_TURN = "Waiting for the others"
NO_MATCHES = "You are playing no match now. Challenge someone with /challenge in Discord."
MOVES = "Moves"
START = "Start"
PREVIOUS = "Previous move"
NEXT = "Next move"
LATEST = "Back to the game"
SHOWING = "Showing the position after move {number} of {total}: {move}."
SHOWING_START = "Showing the starting position."
MOVE_BY = "{number}. {move} ({player})"
TAP_THE_BOARD = "Tap the board or choose below."
CHOOSE_BELOW = "Choose below."
WATCHING = "You are watching this match."
OFFLINE = "The connection was lost; trying again."
LINK_EXPIRED = (
    "This link has expired or was used already. Open a fresh one from the Play button or "
    "the turn notice in Discord."
)
SIGN_IN_FIRST = (
    "You are not signed in. Open the board from the Play button or the turn notice in Discord."
)
NOT_IN_MATCH = "You are not playing in match #{match}, so you cannot act in it."
NO_MATCH = "There is no match #{match}."
PRIVATE_MATCH = "Match #{match} is private to its players."
TOO_MANY = "Too many requests at once; wait a moment and try again. Nothing was changed."
FORM_EXPIRED = "This page has expired: reload it. Nothing was changed."
TOO_MANY_PAGES = "Too many pages are open; close one and reload this one."
NO_PAGE = "There is nothing at this address."
BOARD_FOR = "The board of match #{match}"
TRY_MOVES = "Try moves"
TRYING = "Trying moves on a copy of the board: nothing is played or sent. {player} to move."
TRIED_END = "Trying moves on a copy of the board: the game would be over here."
STOP_TRYING = "Stop trying"
TRIED_BACK = "Undo tried move"
TRIED_FORWARD = "Redo tried move"
ESTIMATE = "Bot's estimate"
NO_EXPLORE = "Only its players can try moves in this game: it hides their cards."
TRIED_GUESS = (
    "The others' hands and the draw pile in this copy are a guess dealt from the cards "
    "you cannot see, not the real ones."
)
ESTIMATE_OWN_TURN = (
    "In a tried line with hidden cards, the bot estimates only your own turns: "
    "the others' cards are a guess."
)
LINE_TOO_LONG = "A tried line holds at most {most} moves."
LINE_ILLEGAL = "The tried move {move} is not legal there any more; start again."
NO_ENGINE = "The bot is not here to estimate positions."
SIGN_IN_WITH_DISCORD = "Sign in with Discord"
LOGIN_FAILED = "Signing in with Discord did not work; nothing was changed. Try again."
ANALYSIS = "Analysis"
ASK_ANALYSIS = "Ask the bot for its analysis (about {seconds} seconds)"
SHOW_BEFORE = "Show the position before move {number}"
#: Inside Discord (the board as an Activity).
ACTIVITY_DECLINED = (
    "To play here, Shiftcord needs to know who you are (your Discord name, nothing more). "
    "Tap Try again and choose Authorize."
)
TRY_AGAIN = "Try again"
ACTIVITY_OFF = (
    "The board cannot open inside Discord yet: the bot's admin has not set it up. "
    "Use the Open the board link instead."
)
