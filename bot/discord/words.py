"""The catalogue of what the Discord face says of its own: its answers, threads, direct
messages, buttons, previews, pages, help and the permissions it misses, as whole sentences
with named placeholders (filled through `bot.presentation.catalogue.fill`). Mentions, links
and timestamps are written by the face and given as values; what a match or a challenge
says is the same on every face and lives in the presentation's catalogues by subject
(`bot.presentation.matches`, `challenges`, ...). Only the Discord face imports this module
(as `chat_words`); `bot.translations` extracts it.
"""

from __future__ import annotations

# ---- answers to a command or a button
UPLOAD_ONLY = "This bot was started only to upload commands; it plays no matches."
SERVERS_ONLY = "Shiftcord's commands work in a server, not in direct messages."
NOT_IN_THIS_SERVER = (
    "I am not a member of this server, so I cannot post here: ask an admin to add me, "
    "or play in a DM or group DM."
)
ONLY_IN_ANSWERS = (
    "I can post in this conversation only in answer to a command or a button: "
    "use /board to see the match."
)
POSTING_HERE = "Posting in this conversation…"
STARTED_HERE = "Match {match} has started: its board is posted in this conversation."
MANAGERS_ONLY = "Only members who may manage the server can use this command."
NOT_HERE = "You cannot use this command here."
OUR_FAULT = "Something went wrong on my side; it has been logged. Please try again."
ASK_ADMIN = (
    "A server admin can check my role's permissions: View Channels, Send Messages, Send "
    "Messages in Threads, Create Public Threads, Attach Files and Read Message History."
)
FORBIDDEN = (
    "Discord refused what I tried to do here: I am missing a permission ({details}). {ask_admin}"
)
NO_DETAILS = "no details given"
MISSING_PERMISSION = (
    "I am missing the permission {permissions} in this channel. A server admin can grant "
    "it in the channel's or my role's settings."
)
MISSING_PERMISSIONS = (
    "I am missing the permissions {permissions} in this channel. A server admin can grant "
    "them in the channel's or my role's settings."
)
NOT_POSTED = "I could not post it in the match's thread, though: {why}"
POST_GONE = "it is gone, or I cannot see it."
POST_FORBIDDEN = "I am missing a permission there. {ask_admin}"
CHALLENGE_NOT_POSTED = (
    "Discord did not take the message of challenge #{challenge}, so I withdrew it: nothing "
    "changed. Please try again."
)
JOINED = "You joined challenge #{challenge}; the match starts when every seat is taken."
WITHDREW = "You withdrew challenge #{challenge}."
DECLINED = "You declined challenge #{challenge}."
LEFT = "You left challenge #{challenge}."
STARTED_IN = "The match has started in {thread}."
YOUR_MATCH_STARTED_IN = "Your match has started in {thread}."
REMATCH_STARTED_IN = "Your rematch has started in {thread}."
REMATCH_POSTED = "You asked for a rematch: challenge #{challenge} is posted: {link}"
REMATCH_ASKED = "You asked for a rematch: challenge #{challenge} is posted."
CHALLENGE_POSTED = "Challenge #{challenge} is posted: {link}"
CANNOT_POST_WHERE_CHALLENGED = "I cannot post in the channel where match #{match} was challenged."
CHALLENGE_MESSAGE_GONE = "The challenge message is gone, so the match has no thread."
NO_HAND = "You are not playing in match #{match}, so you have no hand in it."
YOUR_VIEW = "Your view of match #{match}."
BOARD_POSTED = "The board is posted."
CANCELLED = "Match #{match} is cancelled."
GIVE_A_CLOCK = "Give a clock: days like 3d, hours like 12h, or none."
SERVER_CLOCK_PER_MOVE = (
    "The server's default clock is a time per move (3d, 12h or none); "
    "players choose a time bank in /challenge."
)
OTHER_BOTS = "Other bots cannot play; challenge a person, or me."
NOT_IN_CONVERSATION = (
    "Only members of this conversation can be challenged here, and {player} is not one."
)
LEVEL_WITHOUT_BOTS = "A level is for a match against me: name me as opponent, or add bots."
NOT_IN_A_THREAD = (
    "Post challenges in a text channel, not in a thread: every match gets a thread of its own."
)
NO_MATCH_PLAYED_HERE = (
    "No match has been played here: give the match's number, as in `/export match:12` "
    "(`/history` lists the finished ones)."
)
EXPORTED = "Match #{match}: its record as text (any Shiftcord can replay it {when})."
EXPORTED_ANIMATED = (
    "Match #{match}: its record as text (any Shiftcord can replay it {when}) and an "
    "animation of every move."
)
EXPORTED_SAMPLED = (
    "Match #{match}: its record as text (any Shiftcord can replay it {when}) and an "
    "animation of it, in fewer frames than moves to fit in an upload."
)
EXPORTED_NO_REPLAY = (
    "Match #{match}: its record as text (any Shiftcord can replay it {when}). {why}"
)
REPLAYABLE = {False: "now", True: "once the match has ended"}
NO_REMINDERS_UNTIL = "No reminders for you in match #{match} until {until}."
NAME_ONE_MEMBER = "Name one member, or choose everyone: True."
ABOUT = (
    "**Shiftcord {version}**\nRunning for {uptime}.\nLatency to Discord's gateway: "
    "{latency}.\nServers: {servers}."
)
LATENCY_MS = "{ms} ms"
NOT_MEASURED_YET = "not measured yet"

# ---- premoves
NO_PREMOVES = "You have no premoves in match #{match}."
PREMOVES_HEAD = "Your premoves in match #{match} (only you see them):"
PREMOVE = "- If they play `{if_move}`, you play `{then_move}`."
PREMOVES_DROPPED = "Any other move of theirs drops them all."
PREMOVES_DELETED = "Deleted {premoves} in match #{match}."
HAD_NO_PREMOVES = "You had no premoves in match #{match}."

# ---- previews
PREVIEW_TOO_LONG = (
    "The notation of that move is too long to carry in a Confirm button, so it has no "
    "preview: play it without one."
)
PREVIEW = (
    "After `{move}` in match #{match} (not played yet): Confirm plays it if the position "
    "has not changed meanwhile."
)
NOTHING_PLAYED = "Nothing was played."

# ---- threads and what is posted in them
MOVE_HINT = "Play with `/move` in this thread: the list shows your legal moves as you type."
NO_THREAD_TO_POST_IN = "Match #{match} has no thread to post in."
NOT_A_THREAD = "I cannot post in the channel of match #{match}: it is not a thread."
THREAD_DELETED = (
    "The thread of match #{match} was deleted; the match goes on in a new thread on this message."
)
YOUR_MOVE_PING = "{player}, it is your move in match #{match}."
BACK_FROM_VACATION = "{player} is back from vacation; their clocks run again."
ON_VACATION = "{player} is on vacation until {until}; their clocks are paused."
REPLAY = "Replay of match #{match}."
NO_REPLAY = "Match #{match}: {why}"
UNKNOWN_MEMBER = "member {member}"

# ---- direct messages
NO_THREAD_LINK = "it has no thread: play it with `/move match:{match}`"
TURN_NOTICE = "Your move in match #{match} ({game}): {link}"
MATCH_ENDED_NOTICE = "Match #{match} ({game}) has ended: {link}"
TURN_NOTICE_AFTER = "Your move in match #{match} ({game}) after {moves}: {link}"
TURN_NOTICE_UNTIL = "Your move in match #{match} ({game}); your time runs out {deadline}: {link}"
TURN_NOTICE_AFTER_UNTIL = (
    "Your move in match #{match} ({game}) after {moves}; your time runs out {deadline}: {link}"
)
HELD_HEAD = "While your quiet hours lasted:"
LISTED = "- {item}"
DIGEST_HEAD = "Your Shiftcord digest for {day}:"
DIGEST_MOVE = "- Your move in match #{match} ({game}): {link}"
DIGEST_MOVE_UNTIL = "- Your move in match #{match} ({game}), your time runs out {deadline}: {link}"
DIGEST_CHALLENGE = "- {player} challenges you to {game}, until {until}: {link}"

# ---- autocomplete choices (at most 100 characters)
GAME_CHOICE = "{game} ({players} players)"
MATCH_CHOICES = {
    "ended": "#{match} {game}, move {number}: ended",
    "your_move": "#{match} {game}, move {number}: your move",
    "playing": "#{match} {game}, move {number}: playing",
}

# ---- buttons and pages
ACCEPT = "Accept"
JOIN = "Join"
DECLINE = "Decline"
MY_HAND = "My hand"
RESIGN_MATCH = "Resign match #{match}"
REMATCH = "Rematch"
CONFIRM = "Confirm"
CANCEL = "Cancel"
PREVIOUS = "Previous"
NEXT = "Next"
PAGE_OF = "(page {page} of {pages})"
#: The link to the web board under the Play composer and a turn notice.
OPEN_BOARD = "Open the board"

# ---- /help
HELP_INTRO = (
    "**Shiftcord: how to play**\n"
    "Challenge someone with `/challenge`; when every seat is taken the match gets its own "
    "thread, where you play with `/move` (the list shows your legal moves). Answers to you "
    "alone, like this one, are seen by nobody else."
)
HELP_PLAYERS = "**Commands**"
HELP_ADMINS = "**For server admins** (Manage Server)"
HELP_GAMES = "**Games** (their rules: `/rules game:`)"
HELP_GROUP = "- `/{command}` {subcommands}: {description}"
HELP_COMMAND = "- `/{command}`: {description}"
HELP_GAME = "- {game}: `/rules game:{name}`"

# ---- the composer's own buttons and menus on Discord, and the answer while a move is played
#: The label of the button that opens the composer.
PLAY = "Play"
UNDO = "Undo last action"
#: A select menu's placeholder: which of a step's choices it holds.
CHOICES_FROM_TO = "Choose ({first} to {last} of {total})"
PLAYING = "Playing `{move}`."
