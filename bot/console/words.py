"""The catalogue of what the local console says of its own: its help texts, its answers
and why it cannot read a typed line, as whole sentences with named placeholders (filled
through `bot.presentation.catalogue.fill`). What a match or a challenge says is the same on
every face and lives in the presentation's catalogues by subject. Only the console imports
this module (as `console_words`); `bot.translations` extracts it.
"""

from __future__ import annotations

# ---- the console's own answers
WELCOME = "Shiftcord local console ({database}). Type help for the commands."
PROMPT = "{player}> "
REFUSED = "Refused: {reason}"
NOW_PLAYING_AS = "You are now {player}."
NOW_CURRENT = "Match #{match} is now the current match."
ANSWER_CHALLENGE = "(answer with: accept {challenge} or decline {challenge})"
PLAY_WITH = (
    "Play with: play (your move step by step, by numbers), or move NOTATION "
    "(moves PREFIX lists your legal moves)."
)
MOVE_WITH_WORDS = "{move}: {words}"
MORE_MOVES = "... and {more} more: type moves PREFIX to narrow them."
NO_LEGAL_MOVES = "No legal moves match."
RECORD_WRITTEN = "[record: {path}]"
PICTURE_WRITTEN = "[picture: {path}]\nAlt text: {alt}"
PICTURE_WRITTEN_ALONE = "[picture: {path}]"
ALT_TEXT_ON = "Each picture is followed by its alt text, which describes it in words."
ALT_TEXT_OFF = (
    "Pictures are written without their alt text (settings alttext show:yes brings it back)."
)
PLAYED_ON_ENDED = "Match #{match}, which only the bot played on, has ended. {result}"
BACK_IN_CHANNEL = "You are back in the channel: there is no current match."
TIME_NOW = "The time is now {time}, {ahead} ahead."
NOTHING_DUE = "Nothing is due."
TYPE_YES_TO_RESIGN = "Type yes to resign; anything else cancels."
DID_NOT_RESIGN = "You did not resign match #{match}."
NAMES_UNREADABLE = (
    "The names file {path} cannot be read, so players of earlier sessions show as numbers "
    "until their names are typed again."
)
UNKNOWN_PLAYER = "player {member}"
THE_CHANNEL = "the channel"
MATCH_THREAD = "the thread of match #{match} (use {match})"

# ---- why a typed line is not done
UNREADABLE_LINE = "I cannot read that line: {error}."
NO_COMMAND = "There is no command {command}; type help for the list."
OPTIONS_IN_ONE_VALUE = (
    "{command} has no option for {word}: give all the game's options as one quoted value, "
    'options:"{together}".'
)
NO_SUCH_OPTION = "{command} has no option for {word}; its options are {options}."
NO_OPTIONS = "{command} has no option for {word}; it takes no options."
NEEDS = "{command} needs {missing}; type help for the options."
GIVE_A_NAME = 'Give a name, quoted if it has spaces: as "Mary Jane".'
NAME_TOO_LONG = "A name has at most {most} characters, as on Discord."
NOT_A_NUMBER = "Give {what} as a whole number, not {typed}."
NUMBER_TOO_LARGE = "Give {what} as a whole number up to {most:,}, not {typed}."
YES_OR_NO = "Answer yes or no, not {typed}."
NO_HINTS = "The bot is not playing in this console, so it gives no hints."
NO_ANALYSIS = "The bot is not playing in this console, so it analyses no matches."
LEVELS = "The level is easy, medium, hard or master, not {typed}."
LEVEL_WITHOUT_BOTS = "A level is for a match against the bot: add bots:1."
BOTS_RANGE = "bots is a number from 1 to {most}."
NO_PENDING_CHALLENGE = "There is no pending challenge to answer."
MATCH_HAS_ENDED = "Match #{match} has ended."
NOT_YOUR_TURN = "It is not your turn: {turn}"
RESIGN_YES = "Type resign confirm (or resign yes) to resign, or resign to be asked."
NO_CURRENT_MATCH = "There is no current match: give its number, or type use N."
NO_CURRENT_MATCH_YET = "There is no current match: accept a challenge or type use N."
UNREADABLE_TIME = "I cannot read the time {typed}: give days like 2d, hours like 12h, or both."
TICK_AT_MOST = "tick moves time forward at most {days} days at once."
TICK_NOTHING = "tick moves time forward: give more than 0 hours."

# ---- help
HELP_HEAD = (
    "Commands (options as name:value, or in this order without names; "
    "help COMMAND says what one does):"
)
HELP_LINE = "  {usage}"
HELP_NUMBER = "A number alone chooses in the composer that play opens (choose N)."
HELP_GAMES = "Games: {games}."
HELP_COMMAND = "{usage}\n{help}"
HELP_ACTION = "{command}\n{help}."
#: What `help` says of the console's own commands: how each is typed, and what it does.
SESSION_HELP = {
    "as": ("as NAME", 'Play as another player (quote names with spaces: as "Mary Jane").'),
    "use": ("use N", "Go into match N's thread: it becomes the current match."),
    "help": ("help [COMMAND]", "The commands, or what one command does and its options."),
    "quit": ("quit", "End the console (the end of the input does too)."),
}
#: What `help COMMAND` says of each command of the table, beside its options.
HELP = {
    "challenge": (
        "Challenge members to a game, or post an open challenge anyone may take. game: "
        "the game (help lists them). opponent to opponent4: members by name, quoted if "
        'they have spaces (opponent:"Mary Jane"). players: how many seats, for open '
        "seats or a solo match (players:1). options: the game's options as one quoted "
        'value, options:"variant=expert handicap_turns=2" (rules GAME lists them). '
        'clock: time per move, 3d, 12h or none, or a time bank, "3d+1d max 7d". '
        "takebacks, auto_timeout (yes: the clock ends a late turn by itself; no: a waiting "
        "player claims it; default: the server's choice), weekend_pause (yes: the clock "
        "stops on Saturday and Sunday in the time zone of the player to move; default: the "
        "server's choice), rated: yes or no. bots: how many seats the bot plays (1 to 4), at "
        "level easy, medium, hard or master (default medium)."
    ),
    "accept": (
        "Accept a challenge, or take an open seat in it (challenge: its number; without "
        "it, the latest pending challenge). The match starts when every seat is taken, "
        "and becomes the current match."
    ),
    "decline": (
        "Decline a challenge, leave the seat you took in it, or, as the challenger, "
        "withdraw it (challenge: its number; without it, the latest pending challenge)."
    ),
    "move": (
        "Play a move in the current match; the notation is the rest of the line, spaces "
        "and all (move x g3-g6 keep g3). moves lists the legal ones."
    ),
    "moves": (
        "Your legal moves in the current match that start with the prefix (case, spaces "
        "and dashes ignored): the first 25, as the autocomplete shows them, and how "
        "many more there are."
    ),
    "play": (
        "Build your move in the current match step by step: each step's choices are "
        "numbered, with their notation beside them. Type a number to choose, back for one "
        "step back, cancel to leave. A complete move is shown before it counts: type "
        "confirm to play it (settings preview show:no plays it at the last number). In a "
        "turn of several actions the composer comes back after each, and undo takes back "
        "the last."
    ),
    "choose": (
        "Choose a step of the composer that play opened, by its number (a number alone "
        "does the same)."
    ),
    "back": ("Go one step back in the composer that play opened."),
    "confirm": (
        "Play the move the composer shows, if the match has not moved on since it was shown."
    ),
    "undo": ("Take back the last action of your turn, from the composer that play opened."),
    "cancel": ("Close the composer that play opened: nothing is played."),
    "hint": (
        "The bot's choice of move for you in the current match, and why (casual and solo "
        "matches only)."
    ),
    "board": (
        "Write the current match's board again, with its description (theme: draw it in "
        "that theme, for you only)."
    ),
    "resign": (
        "Resign the current match: you are asked to confirm (type yes), or confirm at "
        "once with resign confirm (or resign yes). In a match of three or more the others "
        "play on."
    ),
    "hand": (
        "What only you may see in the current match (your hand), as a picture and its description."
    ),
    "matches": ("Your active matches, with the number to use each."),
    "history": (
        "Finished matches, of a member or a game; or the moves of one match (match: its "
        "number; with no options in a match, that match's)."
    ),
    "export": (
        "Write a match's record (text) and replay next to the pictures (match: its "
        "number; without it, the current match, even when it has ended)."
    ),
    "analysis": (
        "The bot's analysis of an ended match (match: its number; without it, the current "
        "match): each player's chances move by move as a chart, and the moments they swung "
        "most with the move played, the bot's choice and the board, written next to the "
        "pictures."
    ),
    "standings": ("The ratings table of a game."),
    "stats": ("A member's ratings and results (without member: yours)."),
    "rules": ("A game in short, with an example position as a picture and its description."),
    "settings show": ("Your reminders, picture theme and vacation."),
    "settings reminders": ("Turn your reminders on (enabled:yes) or off (enabled:no)."),
    "settings preview": (
        "Whether a move made with play is shown before it counts (show:yes, confirm plays "
        "it) or played at the last number (show:no)."
    ),
    "settings alttext": (
        "Whether each picture is followed by its alt text, which describes it in words "
        "(show:yes, the default) or not (show:no, for sighted players)."
    ),
    "settings vacation": ("Pause all your clocks for some days (days:0 ends the vacation)."),
    "settings theme": (
        "The picture theme of what only you see: default, contrast, or server for the server's."
    ),
    "admin theme": ("The picture theme of the server's public pictures: default or contrast."),
    "leave": ("Go back from the match's thread to the channel: no match is current."),
    "tick": (
        "Send what is due now: reminders, timeouts, expired challenges. With a time "
        "(tick 2d, tick 12h, tick 1d 6h), first move the console's clock that far "
        "forward, to try clocks, reminders and timeouts; it stays ahead until the "
        "console ends."
    ),
}

# ---- the web board beside the console (--web)
WEB_BOARD = "The web board, for you alone (the link works once): {link}"

# ---- the composer that play opens (its words on every face are the presentation's)
#: The console's composer (`play`): a choice by its number, and what may be typed next.
NUMBERED = "  {number}. {choice}"
TYPE_A_NUMBER = "Type a number to choose; back goes one step back, cancel leaves."
TYPE_UNDO = "undo takes back this turn's last action."
TYPE_CONFIRM = "Type confirm to play it; back goes one step back, cancel leaves."
NO_COMPOSER = "No composer is open for you in the console: type play to open one."
NO_SUCH_CHOICE = "Choose a number from 1 to {last}; nothing was changed."
NOTHING_TO_UNDO = "This turn has no action to undo yet; nothing was changed."
