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


# ---- pictures
TOO_LONG_TO_REPLAY = (
    "The match is too long for a replay that fits in one upload; its record as text has every move."
)
REPLAY_COMPLETE = "Replay of match #{match}: {moves}, a frame each."
REPLAY_SAMPLED = (
    "Replay of match #{match}: {moves} in {frames} frames, the positions evenly spread and "
    "the last {positions} one by one."
)

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
