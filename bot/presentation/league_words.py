"""What players read about leagues: what a league plays, its standings (as text and as a
picture) and schedule, and its news in its channel. Whole sentences with named
placeholders (`{player}` and `{players}` are names the face wrote), then the functions
that fill them, in the face's `Style`.
"""

from __future__ import annotations

from fractions import Fraction

from bot.league.leagues import OVER, SIGNUP, Board, League
from bot.league.plan import SWISS
from bot.league.standings import format_points
from bot.presentation.catalogue import fill
from bot.presentation.deadlines import vacation_cap_words
from bot.presentation.pictures import Picture, picture_words
from bot.presentation.writing import Style
from bot.service import LeagueTable
from render.table import draw_table

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


def format_line(league: League) -> str:
    """What a league plays, in one line: "Pie Lines, round robin, 7 days a round"."""
    kind = league.kind
    if kind == SWISS:
        kind = fill(SWISS_OF, rounds=league.format.swiss_rounds)
    clock = fill(NO_CLOCK)
    if league.clock_hours:
        clock = fill(HOURS_A_MOVE, hours=league.clock_hours)
    if league.vacation_cap_days is not None:
        cap = vacation_cap_words(league.vacation_cap_days)
        clock = fill(CLOCK_AND_VACATION_CAP, clock=clock, cap=cap)
    tables = league.format.seats > 2
    return fill(
        FORMAT_TABLES if tables else FORMAT,
        game=league.game,
        kind=kind,
        seats=league.format.seats,
        clock=clock,
        round_days=league.round_days,
        adjudication=league.adjudication,
    )


def plain_points(points: Fraction) -> str:
    """Points for the picture (its font has no ½): "2.5", "3", or two decimals."""
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.1f}" if points.denominator == 2 else f"{float(points):.2f}"


def _standings_title(table: LeagueTable) -> str:
    """ "final standings", or "standings after round 2 (of 3)"."""
    league = table.league
    if league.status == OVER:
        return fill(FINAL_STANDINGS)
    played = len(table.rounds)
    if league.kind == SWISS:
        rounds = league.format.swiss_rounds
        return fill(AFTER_ROUND_OF, played=played, rounds=rounds)
    return fill(AFTER_ROUND, played=played)


def standings_text(table: LeagueTable, style: Style) -> str:
    """The standings as a message: place, player, points, tie-breaks, games and byes."""
    league = table.league
    if league.status == SIGNUP:
        names = ", ".join(style.mention(e.member_id) for e in table.entrants)
        return fill(
            OPEN_FOR_SIGNUP,
            league=league.name,
            format=format_line(league),
            until=style.when(league.signup_ends),
            players=names or fill(NOBODY_YET),
        )
    lines = [fill(STANDINGS_HEAD, league=league.name, title=_standings_title(table))]
    left = {e.member_id for e in table.entrants if e.left_at is not None}
    for line in table.lines:
        breaks = ", ".join(
            fill(TIE_BREAK, name=name, value=format_points(value))
            for name, value in zip(table.tie_breaks, line.tie_breaks, strict=True)
        )
        standing = {
            (False, False): STANDING,
            (False, True): STANDING_BYES,
            (True, False): STANDING_LEFT,
            (True, True): STANDING_LEFT_BYES,
        }[line.player in left, bool(line.byes)]
        written = fill(
            standing,
            place=line.place,
            player=style.mention(line.player),
            points=format_points(line.points),
            breaks=breaks,
            games=line.games,
            byes=line.byes,
        )
        lines.append(written)
    if league.status == OVER:
        lines.append(fill(LEAGUE_OVER))
    return "\n".join(lines)


def board_result(board: Board) -> str:
    """A board's score in seat order ("1–0", "½–½"; forfeits marked), or "playing"."""
    result = board.result
    if result is None:
        return fill(PLAYING) if board.match_id is not None else fill(TO_PLAY)
    score = "–".join(format_points(result.points(p)) for p in board.pairing.seats)
    return fill(FORFEIT, score=score) if result.forfeited else score


def schedule_text(table: LeagueTable, style: Style) -> str:
    """Every round so far: its deadline, its boards with their scores, its byes."""
    league = table.league
    if not table.rounds:
        return fill(NOT_STARTED, league=league.name)
    lines = [fill(SCHEDULE_HEAD, league=league.name, format=format_line(league))]
    for round_, deadline in table.rounds:
        when = style.when(deadline)
        lines.append(fill(ROUND_HEAD, round=round_.number, deadline=when))
        for board in (b for b in table.boards if b.round == round_.number):
            players = " vs ".join(style.mention(p) for p in board.pairing.seats)
            line = BOARD if board.match_id is None else BOARD_MATCH
            result = board_result(board)
            lines.append(fill(line, players=players, result=result, match=board.match_id))
        if round_.byes:
            byes = ", ".join(style.mention(p) for p in round_.byes)
            lines.append(fill(BYE, players=byes))
    return "\n".join(lines)


def standings_picture(table: LeagueTable, names: dict[int, str], theme: str) -> Picture:
    """The standings as a picture (a table in `theme`, players called by `names`) with its
    alt text."""
    headings = [
        *(fill(heading) for heading in PICTURE_HEADINGS),
        *table.tie_breaks,
        fill(PICTURE_GAMES),
    ]
    rows = [
        [
            str(line.place),
            names.get(line.player, str(line.player)),
            plain_points(line.points),
            *(plain_points(v) for v in line.tie_breaks),
            str(line.games),
        ]
        for line in table.lines
    ]
    title = fill(PICTURE_TITLE, league=table.league.name, title=_standings_title(table))
    numeric = [True, False, *[True] * (len(headings) - 2)]
    data = draw_table(title, headings, rows, numeric=numeric, theme=theme, words=picture_words())
    description = "; ".join(
        fill(
            PICTURE_LINE,
            place=line.place,
            player=names.get(line.player, line.player),
            points=plain_points(line.points),
        )
        for line in table.lines
    )
    alt = fill(PICTURE_ALT, league=table.league.name, lines=description)
    return Picture(data, "standings.png", alt[:1000])
