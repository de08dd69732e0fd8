"""The catalogue of refusals: why the match rules, the service or the store did nothing,
one whole sentence per key, with named placeholders, as the lower layers' `Message`s name
them. Members (`{player}`) and channels (`{channel}`) are written by the face's `Style`;
counted placeholders (`catalogue.COUNTED`) come with their noun.
"""

from __future__ import annotations

REFUSALS = {
    # ---- a match and who plays in it
    "match.none": "There is no match #{match}.",
    "match.none_here": "There is no match #{match} in this server.",
    "match.not_in_channel": (
        "There is no active match here. Use this command in a match's thread; "
        "`/matches` lists yours with links."
    ),
    "match.not_playing": "You are not playing in match #{match}.",
    "match.left": "You have left match #{match}; the others play on.",
    "match.over.finished": "Match #{match} is already over.",
    "match.over.aborted": "Match #{match} was aborted.",
    "match.over.cancelled": "Match #{match} was cancelled.",
    "match.position_changed": (
        "The position changed since you looked (move {then} then, {now} now), so nothing "
        "was done. Look at the board again."
    ),
    "match.changed_meanwhile": (
        "The match changed while you were acting (someone else moved or answered first). "
        "Look at the board again and retry."
    ),
    "match.channel_busy": (
        "Match #{match} is already being played here; one match per channel or thread."
    ),
    # ---- moves
    "move.too_long": (
        "That is not a move: moves are at most {most} characters, and you typed {typed:,}."
    ),
    "move.not_your_turn": "It is {player}'s turn in match #{match}, not yours.",
    "move.illegal": "{reason}",
    "preview.reveals": (
        "That move brings to light something hidden or left to chance, so it has no "
        "preview: play it without one."
    ),
    # ---- draws and takebacks
    "draw.solo": "You play this match alone, so there is nobody to offer a draw to.",
    "draw.already_offered": "You have already offered a draw; wait for the answer.",
    "draw.after_takeback.own": (
        "Your takeback request is waiting for answers in match #{match}; "
        "a draw can be offered once it is settled."
    ),
    "draw.after_takeback.other": (
        "A takeback request is waiting for answers in match #{match}; "
        "a draw can be offered once it is settled."
    ),
    "takeback.revealed": (
        "`{move}` brought hidden information or chance to light, so it cannot be taken back."
    ),
    "takeback.solo": (
        "In a solo match only the actions of the turn you are playing can be taken back, "
        "and only those that revealed nothing."
    ),
    "takeback.off": "Takebacks are turned off in match #{match}.",
    "takeback.already_asked": "You have already asked for a takeback; wait for the answer.",
    "takeback.after.draw.own": (
        "Your draw offer is waiting for answers in match #{match}; "
        "a takeback can be asked once it is settled."
    ),
    "takeback.after.draw.other": (
        "A draw offer is waiting for answers in match #{match}; "
        "a takeback can be asked once it is settled."
    ),
    "takeback.after.takeback.own": (
        "Your takeback request is waiting for answers in match #{match}; "
        "a takeback can be asked once it is settled."
    ),
    "takeback.after.takeback.other": (
        "A takeback request is waiting for answers in match #{match}; "
        "a takeback can be asked once it is settled."
    ),
    "takeback.not_last": (
        "You can only take back your own move, and only while it is the last one (or only "
        "the bot has answered it)."
    ),
    "takeback.moved_on": "The move asked back is no longer the last one.",
    "proposal.own.draw": (
        "You made this draw offer yourself; it waits for the other players' answers."
    ),
    "proposal.own.takeback": (
        "You made this takeback request yourself; it waits for the other players' answers."
    ),
    "proposal.agreed.draw": "You have already agreed to the draw offer.",
    "proposal.agreed.takeback": "You have already agreed to the takeback request.",
    "proposal.none.draw.answer": "There is no draw offer to answer in match #{match}.",
    "proposal.none.draw.turn_down": "There is no draw offer to decline in match #{match}.",
    "proposal.none.takeback.answer": ("There is no takeback request to answer in match #{match}."),
    "proposal.none.takeback.turn_down": (
        "There is no takeback request to refuse in match #{match}."
    ),
    "proposal.agreed_cannot_drop.draw": (
        "You have already agreed to the draw offer; only the players who have not answered "
        "yet can decline it."
    ),
    "proposal.agreed_cannot_drop.takeback": (
        "You have already agreed to the takeback request; only the players who have not "
        "answered yet can refuse it."
    ),
    "abort.too_late": (
        "A match can only be aborted before every player has played a first turn; resign "
        "or offer a draw instead."
    ),
    # ---- clocks, time given, timeouts and vacations
    "clock.no_longer_out": "Match #{match} is no longer out of time.",
    "clock.ran_out": "Your time in match #{match} ran out: it ends on time, so nothing was done.",
    "clock.ran_out_other": (
        "The time of {player} in match #{match} ran out: it ends on time, so nothing was done."
    ),
    "clock.not_whole": "A clock's times are whole numbers of hours, not {figure}.",
    "clock.too_long": "Each time in a clock can be at most {days} days, not {figure} hours.",
    "clock.cap_without_bank": (
        "Only a time bank has a cap: give an increment too, like 3d+1d max 7d."
    ),
    "clock.empty_bank": "A time bank starts with some time: 3d+1d, not 0d+1d.",
    "clock.cap_below_start": (
        "A time bank's cap (after max) cannot be less than the time it starts with."
    ),
    "clock.bank_needs_start": "A time bank needs the time it starts with, like 3d+1d.",
    "give_time.no_clock": "Match #{match} has no clock, so there is no time to give.",
    "give_time.nobody": "Nobody else is playing in match #{match}: there is nobody to give time.",
    "give_time.range": "You can give from 1 hour up to {days} days at a time.",
    "give_time.own_turn": (
        "It is your turn, and with a fixed time per move only the player to move has a "
        "clock running: give time when it is theirs."
    ),
    "claim.no_clock": "Match #{match} has no clock, so there is no timeout to claim.",
    "claim.own_turn": "It is your own turn: move instead of claiming a timeout.",
    "claim.on_vacation": "{player} is on vacation; their clock is paused.",
    "claim.no_clock_running": "{player} has no clock running, so there is no timeout.",
    "claim.still_has_time": "{player} still has time until {until}.",
    "vacation.already": "You are already on vacation until {until}.",
    "vacation.zero": "A vacation must last longer than zero days.",
    "vacation.used_up": "You have used all {days} vacation days of this year.",
    "vacation.too_long": (
        "Only {left} of your {days} vacation days are left this year, so you cannot take {asked}."
    ),
    "vacation.none": "You are not on vacation.",
    "vacation.allowance": "A server may allow from 0 to {most} vacation days a year.",
    "league.vacation_cap": "A league's vacation cap is from 0 to {most} days a round.",
    # ---- premoves
    "premove.game_has.hidden_information": (
        "Premoves are only for games without hidden information or chance, and {game} has "
        "hidden information: an answer chosen in advance could depend on what you cannot "
        "know yet."
    ),
    "premove.game_has.chance": (
        "Premoves are only for games without hidden information or chance, and {game} has "
        "chance: an answer chosen in advance could depend on what you cannot know yet."
    ),
    "premove.two_players": (
        "Premoves are only for matches of two players, and match #{match} has {players}."
    ),
    "premove.your_turn": "It is your turn in match #{match}: play your move with /move instead.",
    "premove.theirs_illegal": "Your opponent cannot play that now: {reason}",
    "premove.ends_match": "`{move}` would end the match, so there is nothing to answer.",
    "premove.not_your_turn_after": (
        "After `{move}` it is not your turn, so a premove cannot answer it."
    ),
    "premove.answer_illegal": "You could not answer `{move}` with that: {reason}",
    "premove.too_many": (
        "You already have {premoves} in match #{match}, the most there can be; clear them "
        "with /premove clear first."
    ),
    # ---- challenges and rematches
    "game.refused": "{reason}",
    "challenge.none": "There is no challenge #{challenge}.",
    "challenge.no_room": "A challenge for {players} players has no room for you and {opponents}.",
    "challenge.option_player": (
        "Option {option} names player {player}, but only {players} will play."
    ),
    "challenge.yourself": "You cannot challenge yourself.",
    "challenge.wrong_channel": "Challenges in this server go in {channel}.",
    "challenge.seat_order": "A fixed seat order names every player of the challenge once.",
    "challenge.no_seat": "This challenge has no open seat for you.",
    "challenge.decline_own": "You cannot decline your own challenge; withdraw it instead.",
    "challenge.not_part": "You are not part of this challenge.",
    "challenge.withdraw_not_yours": "Only the challenger can withdraw this challenge.",
    "challenge.blocked": "{player} does not take challenges from you.",
    "challenge.closed.started": "Challenge #{challenge} has already been accepted.",
    "challenge.closed.declined": "Challenge #{challenge} was declined.",
    "challenge.closed.cancelled": "Challenge #{challenge} was withdrawn.",
    "challenge.closed.expired": "Challenge #{challenge} has expired.",
    "rematch.not_player": "Only the players of match #{match} can ask for a rematch.",
    "rematch.no_result": "Match #{match} did not end with a result, so it has no rematch.",
    "rematch.already_asked": (
        "A rematch of match #{match} was already asked for: challenge #{challenge}."
    ),
    "limit.they_play": (
        "{player} already plays {matches}, the most allowed at once, so this match cannot "
        "start until they finish one."
    ),
    "limit.you_play": "You already play {matches}, the most allowed at once; finish one first.",
    "limit.cooldown": (
        "You challenged {player} a moment ago; you can challenge them again in {minutes}."
    ),
    "limit.open_challenges": (
        "You already have {open_challenges}, the most allowed; wait for answers or withdraw one."
    ),
    # ---- text typed for the presentation to read
    "clock.at_most": "Each time in a clock can be at most {days} days.",
    "clock.unreadable": (
        "I cannot read the clock {clock}: give days like 3d, hours like 12h, a time bank "
        "like 3d+1d max 7d, or none."
    ),
    "clock.time_unreadable": (
        "I cannot read the time {time}: give days like 1d or hours like 12h."
    ),
    "options.no_game": "There is no game called {game}; choose one of: {games}.",
    "options.unknown": "{game} has no option {option}; its options are: {options}.",
    "options.no_value": "Give option {option} a value, for example {example}.",
    "options.twice": "Option {option} is given twice; give it once.",
    # ---- records read back
    "replay.entry": "Entry {entry} ({kind} {move}) does not replay: {reason}.",
    "record.not_header": "Line {line} of the record is not a header: {text}.",
    "record.not_move": "Line {line} of the record is not a move: {text}.",
    "record.hidden_seed": (
        "This record was exported while its match was running, and the game hides "
        "information, so the seed is left out and it cannot be replayed; export the match "
        "again once it has ended."
    ),
    "record.refused": "The record cannot be replayed: {reason}",
    "record.no_game": "The record names no game: its 'Game:' line is missing or empty.",
    "record.options": "The record's 'Options:' line must hold a JSON object ({{...}}).",
    "record.whole_number": "The record's '{header}:' line must hold a whole number.",
    # ---- leagues
    "league.none": "There is no league called {league} in this server.",
    "league.name_length": "A league's name has 1 to {most} characters.",
    "league.kind": "A league is one of: {kinds}.",
    "league.format": "{reason}",
    "league.plan.kind": "A league is one of: {kinds}.",
    "league.plan.seats": "A league match seats from 2 to {most} players.",
    "league.plan.rounds": "A Swiss, and only a Swiss, is played over a number of rounds.",
    "league.plan.smallest_table": "The smallest table seats from 2 players up to the seats chosen.",
    "league.plan.players": "This league needs at least {least} players.",
    "league.plan.swiss_rounds": "A Swiss of two-player games has fewer rounds than players.",
    "league.adjudication": "The adjudication rule is one of: {rules}.",
    "league.days": "Sign-up and rounds last from 1 to {most} days.",
    "league.exists": "This server already has a league called {league}.",
    "league.signup_closed": "League {league} has started: sign-up is closed.",
    "league.already_in": "You are already signed up for league {league}.",
    "league.not_in": "You are not playing in league {league}.",
    "league.start_not_yours": "Only whoever created league {league} can start it.",
    "league.started": "League {league} has already started.",
    "league.cannot_start": "League {league} cannot start yet: {reason}",
    # ---- settings
    "settings.zone": "There is no time zone {zone}; pick one from the list, like Europe/Berlin.",
    "settings.hour.digest": "The digest hour must be an hour from 0 to 23.",
    "settings.hour.quiet_start": "The start of quiet hours must be an hour from 0 to 23.",
    "settings.hour.quiet_end": "The end of quiet hours must be an hour from 0 to 23.",
    "settings.warning_hours": "Warnings come from 1 to {most} hours before a deadline.",
    "settings.dm": "Direct messages must be one of: {choices}.",
    "settings.theme": "There is no picture theme {theme}; choose one of: {themes}.",
    "settings.block_yourself": "You never get challenges from yourself.",
    "snooze.not_playing": "You do not play in match #{match}.",
    # ---- the bot's analysis of an ended match
    "analysis.running": (
        "Match #{match} is still being played: the bot analyses a match only once it is over."
    ),
    "analysis.no_moves": (
        "Match #{match} ended before any move was played: there is nothing to analyse."
    ),
    "analysis.unavailable": (
        "The bot could not analyse the match just now; nothing changed. Try again."
    ),
    # ---- the database
    "store.cannot_save": (
        "The bot cannot save right now, so nothing was changed. Please try again later."
    ),
    "store.cannot_reach": (
        "The bot cannot reach its database right now, so nothing was changed. Please try "
        "again later."
    ),
    "store.commit_lost": (
        "The connection to the database was lost while saving, so the bot cannot tell "
        "whether that was saved. Look at the match before you try again."
    ),
}
