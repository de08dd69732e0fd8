"""The catalogue of what players read about clocks, challenges, turns, results, lists and
stats: whole sentences with named placeholders, one constant each (a mapping by kind where
the sentence depends on it), filled by `bot.presentation.text` through `catalogue.fill`.

A placeholder named in `catalogue.COUNTED` is given a number and written with its noun by
the one plural helper; `{player}`, `{players}` and the like are names the face wrote.
"""

from __future__ import annotations

# ---- spans of time and clocks

# ---- challenges

# ---- a match, its turns and its result
#: A seat and its player, by whether seats are only numbered (then the player alone) and
#: whether they are out.
SEAT_PLAYER = {
    (False, False): "{seat}: {player}",
    (False, True): "{seat}: {player} (out)",
    (True, False): "{player}",
    (True, True): "{player} (out)",
}
PLAYERS = "{players}."
MATCH_START = "Match #{match}: {game}, {rules}."
#: Who is to move, by whether seats are only numbered (the player alone) and whether it is
#: the same turn going on.
TO_MOVE = {
    (False, False): "{player} ({seat}) to move",
    (False, True): "{player} ({seat}) to move again",
    (True, False): "{player} to move",
    (True, True): "{player} to move again",
}
TURN_PAUSED = "{to_move}; their clock is paused (vacation)."
TURN_BEFORE = "{to_move}, before {deadline}."
TURN_PLAIN = "{to_move}."
CAPTION_FINAL = "Match #{match}, final position after {moves}."
CAPTION_AFTER = "Match #{match}, after {moves}."
CAPTION_FIRST = "Match #{match}, before the first move."
AGREED_TAKEN_BACK = "{player} agreed: the move `{move}` was taken back."
AGREED_TAKEN_BACK_WITH_REPLIES = (
    "{player} agreed: the move `{move}` and {replies} after it were taken back."
)
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

NO_HIDDEN_INFORMATION = "{game} has no hidden information: everything is on the board."
CONFIRM_RESIGN = "Do you really resign match #{match}? This cannot be undone."

# ---- pictures
TOO_LONG_TO_REPLAY = (
    "The match is too long for a replay that fits in one upload; its record as text has every move."
)
REPLAY_COMPLETE = "Replay of match #{match}: {moves}, a frame each."
REPLAY_SAMPLED = (
    "Replay of match #{match}: {moves} in {frames} frames, the positions evenly spread and "
    "the last {positions} one by one."
)
SEATS_WIN = {True: "{seats} wins", False: "{seats} win"}
WON_BECAUSE = "{won}. {reason}"
THREAD_NAME = "{game} #{match}: {players}"

# ---- reminders
CLAIMABLE = "{player}: {late} has run out of time in match #{match}; `/claim` wins it."
THE_PLAYER_TO_MOVE = "The player to move"
LOW_TIME = "{player}, your time in match #{match} runs out {deadline}."
YOUR_MOVE_UNTIL = "{player}, it is your move in match #{match}; your time runs out {deadline}."
YOUR_MOVE = "{player}, it is your move in match #{match}."

# ---- lists
IN_CHANNEL = "in {channel}"
NO_THREAD = "(it has no thread: play it with `/move match:{match}`)"
NO_ACTIVE_MATCHES = "You have no active matches. Start one with `/challenge`."
ACTIVE_MATCH = "#{match} {game} vs {opponents} {place}: {turn}"
YOUR_MOVE_MARK = "**your move**"
OTHER_TO_MOVE = "{player} to move"
WAITING = "waiting"
TURN_DEADLINE = "{turn}, before {deadline}"
NO_FINISHED = "No finished matches yet."
FINISHED_MATCH = "#{match} {game}, {players}: {outcome} ({moves}) {ended}"
FINISHED_CASUAL = "#{match} {game}, {players}: {outcome} ({moves}, casual) {ended}"
SOLO_WON = "won"
SOLO_LOST_OUTCOME = "lost"
OUTCOME_NONE = "no result"
OUTCOME_DRAW = "draw"
RECORD_HEAD = "Match #{match}, {game}. {players}."
#: A turn of /history, by whether seats are only numbered (the player alone).
RECORD_TURN = {False: "{number}. {seat} ({player}): {moves}", True: "{number}. {player}: {moves}"}
NO_MOVES_YET = "No moves yet."
NO_STANDINGS = "Nobody has finished a rated {game} match here yet."
STANDINGS_HEAD = "**{game} standings**"
STANDING = "{rank}. {player}: {rating} ({played} played: {wins} won, {draws} drawn, {losses} lost)"

# ---- stats
STATS_HEAD = "{player}: {active_matches}."
GAME_STATS = "{game}: rating {rating}; {played} played, {wins} won, {draws} drawn, {losses} lost."
GAME_STATS_RANKED = (
    "{game}: rating {rating}, rank {rank}; {played} played, {wins} won, {draws} drawn, "
    "{losses} lost."
)
SOLO_STATS = "{game} solo: {played} played, {won} won, {lost} lost."
SOLO_STATS_BEST = "{game} solo: {played} played, {won} won, {lost} lost, best score {best}."
NO_RATED_YET = "No finished rated matches yet."
PROVISIONAL = "A rating with ? is provisional: fewer than {games} rated games."

# ---- a game's rules
RULES_HEAD = "**{game}** ({player_count})\n{summary}"
RULES_HEAD_RANGE = "**{game}** ({least} to {most} players)\n{summary}"
HOW_TO_MOVE = "**How to type moves**"
OPTIONS_HEAD = "Options for `/challenge options:`"
OPTION_LINE = "- {option}"
OPTION_CHOICES = "{option} ({choices}; default {default}): {help}"
OPTION_FREE = "{option} (default {default}): {help}"
