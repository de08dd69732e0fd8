"""How a match that its game did not end is said in its stored result: one whole English
sentence per way of ending, with a named placeholder for the seat that ended it.

The result keeps the sentence as written (`MatchResult.reason`, read by every later view
and by exports); the presentation says it in the reader's language by finding which of
these sentences a stored reason is (`reading`).
"""

from __future__ import annotations

import re

RESIGNED = "{seat} resigned."
TIMED_OUT = "{seat} ran out of time."
ABORTED = "{seat} aborted the match."
AGREED_DRAW = "The players agreed to a draw."
ADMIN_CANCELLED = "A server admin cancelled the match."
LEAGUE_SCORES = "The league round's deadline has passed: the league scores this match."

#: Every sentence a result may be stored with, besides the games' own.
ENDINGS = (RESIGNED, TIMED_OUT, ABORTED, AGREED_DRAW, ADMIN_CANCELLED, LEAGUE_SCORES)


def reading(reason: str) -> tuple[str, str | None] | None:
    """Which of `ENDINGS` a stored `reason` is, with the seat it names (None where the
    sentence names none); None for any other reason (a game's own, or an older one)."""
    for sentence in ENDINGS:
        pattern = re.escape(sentence).replace(re.escape("{seat}"), "(?P<seat>.+)")
        found = re.fullmatch(pattern, reason)
        if found:
            return sentence, found.groupdict().get("seat")
    return None
