"""What players read about the matches they play and played: their active matches (where
each is played, whose turn it is), their finished ones, and a match's record (its moves a
turn a line, and what its replay shows). Whole sentences with named placeholders, then
the functions that fill them.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.match.replay import standing_turns
from bot.presentation import results
from bot.presentation.catalogue import fill
from bot.presentation.matches import players_text, turn_text
from bot.presentation.writing import Style, clip, listed
from bot.service import Match, MatchRecord

# ---- a match's replay (its pictures are drawn in `pictures`)
#: What a console or a thread says when not even the smallest replay fits an upload.
TOO_LONG_TO_REPLAY = (
    "The match is too long for a replay that fits in one upload; its record as text has every move."
)
REPLAY_COMPLETE = "Replay of match #{match}: {moves}, a frame each."
REPLAY_SAMPLED = (
    "Replay of match #{match}: {moves} in {frames} frames, the positions evenly spread and "
    "the last {positions} one by one."
)

# ---- a member's active matches, and finished ones
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

# ---- a match's record: its moves, a turn a line
RECORD_HEAD = "Match #{match}, {game}. {players}."
#: A turn of /history, by whether seats are only numbered (the player alone).
RECORD_TURN = {False: "{number}. {seat} ({player}): {moves}", True: "{number}. {player}: {moves}"}
NO_MOVES_YET = "No moves yet."


def match_place(match: Match, style: Style) -> str:
    """Where a match is played: a link to its thread (or how to play it without one)."""
    if match.channel_id is None:
        return fill(NO_THREAD, match=match.id)
    return fill(IN_CHANNEL, channel=style.channel(match.channel_id))


def matches_text(matches: Sequence[Match], member_id: int, style: Style) -> str:
    """A member's active matches: game, opponents, where, whose turn, deadline."""
    if not matches:
        return fill(NO_ACTIVE_MATCHES)
    lines = []
    for m in matches:
        others = listed([style.mention(o) for o in m.members if o != member_id])
        if m.to_act == member_id:
            turn = fill(YOUR_MOVE_MARK)
        elif m.to_act:
            turn = fill(OTHER_TO_MOVE, player=style.mention(m.to_act))
        else:
            turn = fill(WAITING)
        if m.deadline is not None:
            turn = fill(TURN_DEADLINE, turn=turn, deadline=style.when(m.deadline))
        place = match_place(m, style)
        line = fill(
            ACTIVE_MATCH,
            match=m.id,
            game=m.game_title,
            opponents=others,
            place=place,
            turn=turn,
        )
        lines.append(line)
    return "\n".join(lines)


def history_text(matches: Sequence[Match], style: Style) -> str:
    """Finished matches, newest first, one line each."""
    if not matches:
        return fill(NO_FINISHED)
    lines = []
    for m in matches:
        result = m.result
        if m.solo and result is not None and result.how not in ("abort", "cancel"):
            outcome = fill(SOLO_WON) if result.winners else fill(SOLO_LOST_OUTCOME)
        elif result is None or not (result.winners or result.draw):
            outcome = fill(OUTCOME_NONE)
        elif result.draw:
            outcome = fill(OUTCOME_DRAW)
        else:
            winners = listed([style.mention(w) for w in result.winners])
            outcome = fill(results.WON, players=winners)
        casual = len(m.seats) > 1 and not m.rules.rated
        line = fill(
            FINISHED_CASUAL if casual else FINISHED_MATCH,
            match=m.id,
            game=m.game_title,
            players=" vs ".join(style.mention(x) for x in m.members),
            outcome=outcome,
            moves=m.moves_played,
            ended=style.when(m.ended_at) if m.ended_at else "",
        )
        lines.append(line.rstrip())
    return clip("\n".join(lines))


def record_text(record: MatchRecord, style: Style) -> str:
    """A match's moves (without those taken back) a turn a line, numbered, each with its
    seat and the member who played it (a turn of several actions on one line), and its
    state, for /history with a match (as long as the match: Discord shows it in `pages`)."""
    match = record.match
    players = players_text(match, style)
    lines = [fill(RECORD_HEAD, match=match.id, game=match.game_title, players=players)]
    turns = standing_turns(record)
    for turn in turns:
        first = turn.moves[0]
        line = fill(
            RECORD_TURN[match.numbered_seats],
            number=turn.number,
            seat=match.in_words(turn.start).seat_name(first.seat),  # the side played then
            player=style.mention(first.member_id),
            moves=", ".join(e.notation for e in turn.moves),
        )
        lines.append(line)
    if not turns:
        lines.append(fill(NO_MOVES_YET))
    lines.append(turn_text(match, style))
    return "\n".join(lines)
