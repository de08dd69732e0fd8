"""The catalogue of what players read about a match's events and challenges: whole
sentences with named placeholders, one constant each (a mapping by proposal kind where the
sentence depends on it), so that they can be translated as they are.

`bot.presentation.text` fills them in; the placeholders are what a translation may move.
"""

from __future__ import annotations

# ---- what happened, as the match's thread says it ({player}: who did it)

# ---- what the member who acted is told privately

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
