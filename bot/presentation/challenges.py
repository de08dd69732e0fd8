"""What players read about a challenge: its terms (the clock, what a timeout does,
takebacks, rated or casual: `rules_words`, also the first line of the match it starts),
its public message (who challenges whom to what, which seats are free, until when) and how
it ended. Whole sentences with named placeholders, then the functions that fill them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import games
from bot.match.engine_seats import engine_name, takeback_refuser
from bot.presentation.catalogue import fill
from bot.presentation.clocks import clock_words
from bot.presentation.deadlines import RULES_WEEKENDS
from bot.presentation.options import format_options
from bot.presentation.writing import Style, listed
from bot.service import Challenge, MatchRules

# ---- a challenge's terms, as its match's first line repeats them
TIMEOUT_ENDS = "a timeout ends the match"
TIMEOUT_LOSES_SOLO = "running out of time loses the solo match"
TIMEOUT_LEAVES = "a player out of time leaves the match and the others play on"
TIMEOUT_CLAIMED = "a timeout can be claimed"
TAKEBACKS_REFUSED_BY = "takebacks refused by {engine}"
TAKEBACKS_ALLOWED = "takebacks allowed"
NO_TAKEBACKS = "no takebacks"
RATED = "rated"
CASUAL = "casual (unrated)"

# ---- the public challenge message
GAME_WITH_OPTIONS = "**{game}** ({options})"
GAME_PLAIN = "**{game}**"
PLAYS_ALONE = "{player} plays {game} alone: {rules}."
CHALLENGES = "{player} challenges {opponents} to {game}: {rules}."
CHALLENGED = "{player} challenged {opponents} to {game}: {rules}."
ANYONE = "anyone"
OPEN_SEATS_MORE = "{seats} more"
JOINED_SO_FAR = "Joined so far: {players}."
SEATS_TO_FILL = "{seats} to fill; the challenge expires {expires}."

# ---- how a closed challenge ended ({match}: the new match's number)
CHALLENGE_CLOSED = {
    "started": "Accepted: match #{match} has started.",
    "declined": "Declined.",
    "cancelled": "Withdrawn by the challenger.",
    "expired": "Expired: nobody filled the seats in time.",
}
CHALLENGE_CLOSED_OTHERWISE = "Closed ({status})."


def rules_words(rules: MatchRules, players: int = 2, members: Sequence[int] = ()) -> str:
    """The service-level rules of a match in words: clock, timeouts (a solo player's late
    turn can only end by itself: nobody is there to claim it), takebacks (refused by a
    bot seat among `members` whose level refuses them all), rated."""
    words = [clock_words(rules.clock_hours, rules.increment_hours, rules.cap_hours)]
    if rules.clock_hours and rules.auto_timeout:
        ending = TIMEOUT_ENDS if players == 2 else TIMEOUT_LEAVES
        words.append(fill(TIMEOUT_LOSES_SOLO if players == 1 else ending))
    elif rules.clock_hours and players > 1:
        words.append(fill(TIMEOUT_CLAIMED))
    if rules.clock_hours and rules.weekend_pause:
        words.append(fill(RULES_WEEKENDS))
    if players > 1:
        refuser = takeback_refuser(members)
        if rules.takebacks and refuser is not None:
            words.append(fill(TAKEBACKS_REFUSED_BY, engine=engine_name(refuser)))
        else:
            words.append(fill(TAKEBACKS_ALLOWED) if rules.takebacks else fill(NO_TAKEBACKS))
        words.append(fill(RATED) if rules.rated else fill(CASUAL))
    return ", ".join(words)


def game_line(game_name: str, title: str, options: dict[str, Any]) -> str:
    chosen = format_options(games.get(game_name), options)
    if chosen:
        return fill(GAME_WITH_OPTIONS, game=title, options=chosen)
    return fill(GAME_PLAIN, game=title)


def challenge_text(ch: Challenge, style: Style) -> str:
    """The public challenge message: who, what, which seats are free, until when."""
    who = style.mention(ch.challenger_id)
    game = game_line(ch.game, ch.game_title, dict(ch.options))
    others = [style.mention(m) for m in ch.opponents]
    if ch.pending and ch.open_seats and others:
        others.append(fill(OPEN_SEATS_MORE, seats=ch.open_seats))
    opponents = listed(others) or fill(ANYONE)
    rules = rules_words(ch.rules, ch.players, (*ch.joined, *ch.invited))
    if ch.players == 1:
        lines = [fill(PLAYS_ALONE, player=who, game=game, rules=rules)]
    else:
        head = CHALLENGES if ch.pending else CHALLENGED
        lines = [fill(head, player=who, opponents=opponents, game=game, rules=rules)]
    free = len(ch.invited) + ch.open_seats
    if ch.pending:
        if ch.open_seats and len(ch.joined) > 1:
            joined = listed([style.mention(m) for m in ch.joined])
            lines.append(fill(JOINED_SO_FAR, players=joined))
        expires = style.when(ch.expires_at)
        lines.append(fill(SEATS_TO_FILL, seats=free, expires=expires))
    else:
        lines.append(challenge_status(ch))
    return "\n".join(lines)


def challenge_status(ch: Challenge) -> str:
    """One sentence on how a closed challenge ended."""
    sentence = CHALLENGE_CLOSED.get(ch.status, CHALLENGE_CLOSED_OTHERWISE)
    return fill(sentence, match=ch.match_id, status=ch.status)
