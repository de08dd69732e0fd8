"""What players read about a match's result: who won (or a draw, or no result) and why,
in the game's own words or an ending's; the final scores; each rating it moved, once (the
bot's shared rating said as such); and the words the end picture writes under the board.
Whole sentences with named placeholders, then the functions that fill them.
"""

from __future__ import annotations

from bot.match import endings
from bot.match.engine_seats import engine_name, rating_member
from bot.match.ratings import rating_label
from bot.match.records import RatingChange
from bot.presentation.catalogue import fill
from bot.presentation.language import localised
from bot.presentation.writing import Style, listed
from bot.service import Match, MatchResult

MATCH_ENDED = "Match #{match} has ended."
RESULT = "**{head}.** {reason}"
DRAWN = "Drawn"
#: A winner, by whether seats are only numbered (the player alone).
WINNER = {False: "{player} ({seat})", True: "{player}"}
WON = "{players} won"
SOLO_LOST = "{player} lost"
NO_RESULT = "Ended without a result"
SCORES = "Final scores: {scores}."
SCORE = "{player} with {score_points}"
RATINGS = "Ratings: {changes}."
RATING_CHANGE = "{player} {before} → {after} ({delta:+d})"
#: The bot's rating at one level, which all its seats in a match share; the first seat's
#: result alone moves it (`bot.store.ratings`).
RATING_CHANGE_SHARED = (
    "{player} {before} → {after} ({delta:+d}; one rating for its {seats}, moved by its first "
    "seat's result)"
)
SOLO_NEVER_RATED = "Solo matches are never rated."
UNRATED = "Unrated."
CASUAL_UNRATED = "Casual: unrated."
# ---- on the end picture: who won, and why
SEATS_WIN = {True: "{seats} wins", False: "{seats} win"}
WON_BECAUSE = "{won}. {reason}"


def ending_reason(match: Match, result: MatchResult) -> str:
    """Why `match` ended, in the language spoken (a stored result keeps only the English
    sentence): where the game ended it, the game's own words from the final position;
    where a seat, an agreement or an admin ended it, that sentence of `endings` with the
    seat it names; else the result's sentence as it is."""
    outcome = match.in_words(match.state).outcome() if result.how == "game" else None
    if outcome is not None and outcome.reason == result.reason:
        return localised(outcome.reason)
    read = endings.reading(result.reason)
    if read is None:
        return result.reason
    sentence, named = read
    seats = [match.seat_name(seat) for seat in range(len(match.seats))]
    seat = next((name for name in seats if name == named), named)
    return fill(sentence, seat=seat)


def result_text(match: Match, style: Style) -> str:
    """The result of an ended match and the rating changes."""
    result: MatchResult | None = match.result
    if result is None:
        return fill(MATCH_ENDED, match=match.id)
    if result.draw:
        head = fill(DRAWN)
    elif result.winners:
        winners = [
            fill(
                WINNER[match.numbered_seats],
                player=style.mention(m),
                seat=match.seat_name(match.seat_of(m) or 0),
            )
            for m in result.winners
        ]
        head = fill(WON, players=listed(winners))
    elif match.solo and result.how not in ("abort", "cancel"):
        head = fill(SOLO_LOST, player=style.mention(match.members[0]))
    else:
        head = fill(NO_RESULT)
    lines = [fill(RESULT, head=head, reason=style.named(ending_reason(match, result)))]
    if result.scores is not None:
        scores = [
            fill(
                SCORE,
                player=style.mention(s.member_id),
                score_points=result.scores[s.seat],
            )
            for s in match.seats
        ]
        lines.append(fill(SCORES, scores=", ".join(scores)))
    if result.rating_changes:
        lines.append(fill(RATINGS, changes=", ".join(_rating_changes(result, style))))
    elif match.solo:
        lines.append(fill(SOLO_NEVER_RATED))
    elif not result.rated:
        ended = result.how in ("abort", "cancel")
        lines.append(fill(UNRATED) if ended else fill(CASUAL_UNRATED))
    return "\n".join(lines)


def _rating_changes(result: MatchResult, style: Style) -> list[str]:
    """Each rating the result moved, once: a person's, and the bot's level's, which all its
    seats in the match share and its first seat's result alone moves (said as such)."""
    moved: dict[int, list[RatingChange]] = {}
    for change in result.rating_changes:
        moved.setdefault(rating_member(change.member_id), []).append(change)
    written = []
    for member, changes in moved.items():
        first = changes[0]
        values = {
            "before": first.before,
            "after": rating_label(first.mu_after, first.games_after),
            "delta": first.delta,
        }
        if len(changes) > 1:
            engine = engine_name(member)
            line = RATING_CHANGE_SHARED
            written.append(fill(line, player=engine, seats=len(changes), **values))
        else:
            written.append(fill(RATING_CHANGE, player=style.mention(member), **values))
    return written
