"""The Shiftago game description: options, the rules summary, and the state factories."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Engine, Game, GameType, Option, help_beside
from games.shiftago.codec import state_from_json, state_from_text
from games.shiftago.phrasebook import say
from games.shiftago.rules import MARBLES
from games.shiftago.state import ShiftagoState, empty_board, seat_to_play
from games.shiftago.value import SHAPE as VALUE_SHAPE
from games.shiftago.words import COLOURS

SUMMARY = say(
    """\
Shiftago (Witter and Warneke): 2 to 4 players, 22 marbles each, on a 7x7 tray. On your turn \
enter one marble from any edge into any row or column; the marbles touching that edge are \
pushed one square inward, up to the first gap. A full lane cannot be entered: no marble ever \
leaves the tray. Lines are straight runs of one colour (across, down or diagonal), and only \
the lines of the player who just inserted count.
Express: a line of 5 (2 players) or 4 (3-4 players) wins at once; out of marbles or a full \
tray is a draw.
Expert: after your insertion, a line of yours that scores must be scored, at its full \
length, one line per insertion, your choice among several. 2 players: 5 = 2, 6 = 5, \
7 = 10 points; 3-4 players: 4 = 2, 5 = 5, 6 = 8, 7 = 10. The line's marbles go back to your \
supply except both end marbles (2 players) or one end of your choice (3-4 players); then you \
insert again. 10 points wins at once; when the player to move has no marbles or the tray is \
full, most points wins and a tie is a draw.
Extreme: as Expert, and a line of 4 (2 players) or 3 (3-4 players) must be scored for 0.
Our rulings (the rule text lost its tables and leaves some gaps): the score tables above; \
a line is a maximal run, scored anywhere on the tray after its owner's own insertion, even \
when another player's push made it; play goes in seat order from a first player drawn at \
random; a player who leaves a 3-4 player game leaves their marbles on the tray, the others \
play on with the line lengths of the starting player count, and the last one left wins. \
Options: \
the handicap (one player sits out 1 to 6 of their first turns) and the lone-colour rule \
(on by default: while only one colour is on the tray, a marble may not enter a square next \
to another marble, and may not push, since the entering marble would touch the run it \
pushes)."""
)


class ShiftagoGame(Game):
    """Shiftago: Express, Expert and Extreme for 2 to 4 players."""

    kind = GameType(
        name="shiftago",
        title="Shiftago",
        rank=1,
        min_players=2,
        max_players=4,
        notation_help=help_beside(__file__),
        summary=SUMMARY,
        seat_names=COLOURS,
        engine=Engine(
            # A few random insertions before the open stretches are judged: judged at once,
            # more search stopped helping (medium beat easy 9 of 20, with 4 plies 19 of 20).
            playout_plies=4,
            # Wins in one are read off bitboards, and a double threat is set up plies
            # ahead: hard looking 4 plies deep, not 2, beat medium in 55 of 60 games, not
            # 42 (medium looking 2 deep, not 1, it won 47); looking 8, not 4, it beat plain
            # UCT given four times its time in 26 of 30 games, not 17 of 30 (played on: 64
            # of 90; see docs/developers.md).
            lookahead_factor=4,
            # Two-player Express positions, as the learned value reads them (`value`).
            value_shape=VALUE_SHAPE,
        ),
        languages=("de", "fr", "es"),
        options=(
            Option(
                "variant",
                str,
                "express",
                ("express", "expert", "extreme"),
                say(
                    "Express: first line of 5 (4 with 3-4 players) wins; Expert and Extreme: "
                    "score lines for points, first to 10."
                ),
            ),
            Option(
                "handicap_turns",
                int,
                0,
                tuple(range(7)),
                say(
                    "Handicap: how many of their first turns the handicapped player sits out "
                    "(0 to 6)."
                ),
            ),
            Option(
                "handicap_player",
                int,
                0,
                (0, 1, 2, 3),
                say("Handicap: which player sits out those turns (0 = the challenger)."),
                names_player=True,
            ),
            Option(
                "lone_colour",
                bool,
                True,
                (True, False),
                say(
                    "While only one colour is on the tray, its marbles may not touch side by side."
                ),
            ),
        ),
    )

    def checked_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The resolved options for `players` seats; raise ValueError when one does not fit."""
        self.check_players(players)
        resolved = self.resolve_options(options)
        if resolved["handicap_player"] >= players:
            raise ValueError(
                f"Option handicap_player must name one of the {players} players "
                f"(0 to {players - 1})."
            )
        return resolved

    def new(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> ShiftagoState:
        """An empty tray, every supply full; seat 0 plays first (unless handicapped)."""
        resolved = self.checked_options(players, options)
        sit_out = [0] * players
        sit_out[resolved["handicap_player"]] = resolved["handicap_turns"]
        retired = (False,) * players
        turn, left, sat_out = seat_to_play(0, tuple(sit_out), retired)
        return ShiftagoState(
            players=players,
            options=resolved,
            board=empty_board(),
            supply=(MARBLES,) * players,
            scores=(0,) * players,
            turn=turn,
            sit_out=left,
            retired=retired,
            sat_out=sat_out,
        )

    def from_json(self, data: Mapping[str, Any]) -> ShiftagoState:
        """Rebuild a state from `to_json`; corrupt data raises ValueError saying what."""
        return state_from_json(data, self.checked_options)

    def from_text(self, text: str) -> ShiftagoState:
        """Rebuild a state from `to_text`; unreadable text raises ValueError."""
        return state_from_text(text, self.checked_options)


SHIFTAGO = ShiftagoGame()
ShiftagoState.game = SHIFTAGO
