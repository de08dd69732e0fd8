"""The catalogue of what players read about a match's events and challenges: whole
sentences with named placeholders, one constant each (a mapping by proposal kind where the
sentence depends on it), so that they can be translated as they are.

`bot.presentation.text` fills them in; the placeholders are what a translation may move.
"""

from __future__ import annotations

from bot.match.events import DRAW, TAKEBACK

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

# ---- how a closed challenge ended ({match}: the new match's number)

# ---- a member's settings, and a server's
REMINDERS = {True: "Reminders: on.", False: "Reminders: off."}
OWN_THEME = "Pictures shown only to you: the {theme} theme."
SERVER_THEME = "Pictures shown only to you: each server's theme."
REFUSE_EVERYONE = "You refuse challenges from everyone (open challenges you may still join)."
REFUSE_MEMBERS = "You refuse challenges from {members}."
REFUSE_MEMBERS_AND_MORE = "You refuse challenges from {members} and {more} more."
ON_VACATION_UNTIL = "On vacation until {until}."
VACATION_DAYS_LEFT = "Vacation days left this year: {days}."
NOTICES = "Time zone: {zone}. Turn notices: {how}. Daily digest: {digest}. Quiet hours: {quiet}."
#: How turn notices reach a member (by their choice), and when their DMs were closed.
NOTICES_BY = {
    "off": "thread pings only",
    "also": "DMs and thread pings",
    "instead": "DMs",
}
NOTICES_DMS_CLOSED = "thread pings (your DMs were closed to me)"
DIGEST_AT = "at {hour:02d}:00"
QUIET_FROM_TO = "{start:02d}:00 to {end:02d}:00"
NONE = "none"
SERVER_SETTINGS = "Default clock: {clock}. Challenges: {where}. Pictures: the {theme} theme."
ANY_CHANNEL = "any channel"
LANGUAGE_CHOSEN = "Public posts are written in {language}, as the admins chose."
LANGUAGE_AUTO = "Public posts are written in {language}, the server's language on Discord."
