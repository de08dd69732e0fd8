"""The catalogue of what players read about leagues: what a league plays, its standings and
schedule, and its news in its channel, as whole sentences with named placeholders (filled
through `catalogue.fill`; `{player}` and `{players}` are names the face wrote).
"""

from __future__ import annotations

# ---- what a league plays
FORMAT = "{game}, {kind}, {clock}, {round_days} days a round (then {adjudication} adjudication)"
FORMAT_TABLES = (
    "{game}, {kind}, tables of {seats}, {clock}, {round_days} days a round "
    "(then {adjudication} adjudication)"
)
SWISS_OF = "Swiss of {rounds} rounds"
HOURS_A_MOVE = "{hours}h a move"
NO_CLOCK = "no clock"
CLOCK_AND_VACATION_CAP = "{clock}, {cap}"

# ---- standings
FINAL_STANDINGS = "final standings"
AFTER_ROUND_OF = "standings after round {played} of {rounds}"
AFTER_ROUND = "standings after round {played}"
OPEN_FOR_SIGNUP = "League **{league}** ({format}) is open for sign-up until {until}: {players}."
NOBODY_YET = "nobody yet"
STANDINGS_HEAD = "League **{league}**: {title}."
TIE_BREAK = "{name} {value}"
STANDING = "{place}. {player}: {points} ({breaks}; {games} games)"
STANDING_BYES = "{place}. {player}: {points} ({breaks}; {games} games, {byes})"
STANDING_LEFT = "{place}. {player} (left): {points} ({breaks}; {games} games)"
STANDING_LEFT_BYES = "{place}. {player} (left): {points} ({breaks}; {games} games, {byes})"
LEAGUE_OVER = "The league is over."
JOIN_WITH = "Join with `/league join name:{league}`."

# ---- the standings picture
PICTURE_TITLE = "{league}: {title}"
PICTURE_HEADINGS = ("#", "Player", "Points")
PICTURE_GAMES = "Games"
PICTURE_LINE = "{place}. {player} {points}"
PICTURE_ALT = "Standings of league {league}: {lines}"

# ---- schedule
PLAYING = "playing"
TO_PLAY = "to play"
FORFEIT = "{score} (forfeit)"
NOT_STARTED = "League **{league}** has not started yet."
SCHEDULE_HEAD = "League **{league}** ({format}):"
ROUND_HEAD = "**Round {round}** (deadline {deadline}):"
BOARD = "- {players}: {result}"
BOARD_MATCH = "- {players}: {result} (match #{match})"
BYE = "- bye: {players}"

# ---- news in the league's channel, and answers
CALLED_OFF = (
    "League **{league}** is called off: too few players signed up before its sign-up ended."
)
PAIRED = "League **{league}**: round {round} is paired; its matches start now."
PAIRED_BYES = "League **{league}**: round {round} is paired; its matches start now. Bye: {players}."
NOT_A_TEXT_CHANNEL = "League {league}'s channel is not a text channel."
NEW_MATCH = "League **{league}**: {players}, match #{match}."
ONLY_ADMINS_OR_ROLE = "Only the server's admins, or members with its league role, create leagues."
CLOCK_PER_MOVE = "A league's clock is a time per move (3d, 12h or none)."
IN_A_TEXT_CHANNEL = "Create a league in a text channel: its matches get threads there."
CREATED = "League {league} is open for sign-up; you are in it."
SIGNED_UP = "You are signed up for league {league}."
LEFT = "You left league {league}."
LEFT_FORFEITED = "You left league {league}. Your later games are forfeited."
STARTED = "League {league} has started."
ONLY_ADMINS_CREATE = "Only admins may create leagues here."
ROLE_MAY_CREATE = "Members with {role} may create leagues here."
