"""The interface every game implements: a game description and immutable game states.

The bot, the renderer and the tests use only what is defined here, so a new game
plugs in by subclassing `Game` and `GameState` and registering itself with
`games.register`.

What a game declares about itself (the match engine reads nothing else):

- `min_players` / `max_players`: seat counts, from 1 (a solo game).
- `rated`: whether matches of two or more players may move ratings (solo never does).
- `hidden_information`: some players may not see everything (cards in a hand); only
  `state.view(None)` is ever shown in public, `state.view(seat)` to that seat alone.
- `chance`: the seed decides things during play (a shuffled deck), not only at setup.
- `state.seat_name(seat)`: what a seat is called in that position; a game whose sides
  can be swapped (a pie rule) answers from the state, so names follow the swap.
- `numbered_seats`: the seats have no names of their own (no `seat_names`: "Player 1");
  such a game's `state.named(names)` is the position whose words and pictures call its
  seats `names` (the players' own), which the bot and the renderer pass.
- Turns: `state.current_player` says who acts next. When the same seat is to act again
  after its action, that is one turn going on (one ping, one clock), unless
  `state.turns_ended` grew (a solo game, where the one seat plays turn after turn);
  `state.reveals(move)` says whether an action brought something hidden or left to
  chance to light (a card drawn), which its player cannot then take back alone.
- `state.move_steps(move)`: how a move is chosen by taps, step by step (`games.steps`:
  a key, words and notation per step); the default makes each move one step.
- `notation_help`: how to type the game's moves, with examples: Markdown in the game's
  own `help.txt` (`help_beside(__file__)`), shown by `/rules` and in docs/players.md.
- `typical_turns`: for a game whose turns may be several actions, how many turns each
  player typically plays in a whole game (None: a turn is one move); the bot reads it to
  tell a match's opening.

Optional knowledge for the playing engine (`ai/`); the defaults know nothing about the
game, so a game without them is still played, only less well:

- `state.heuristic(seat)`: a static estimate in [0, 1] of `seat`'s result, or None.
- `state.playout_move(rng)`: a quick, plausible move for simulated play (default random).
- `state.search_moves()`: the legal moves worth searching (default all of them).
- `game.playout_plies`: a shorter simulated play than the level's, for a game whose
  heuristic judges better than random play (default None: the level's).
- `state.determinize(rng)`: from a view, a full state consistent with what it shows.
- `state.hint_reason(move)`: why the engine's preferred move is good, in the game's own
  words, for a hint (default None: the bot explains it in general terms).
- `game.value_shape` with `state.value_cells(seat)`: how a learned value (an n-tuple
  network trained by self-play, `ai.value`) reads the game's positions (`ValueShape`:
  the cells, the tuples of cells it looks at, the symmetries under which a position is
  worth the same, the rules' version the weights were trained for, and where the trained
  weights ship); default None: the engine judges with `heuristic` alone.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from games.steps import Step
from games.wording import (
    NO_OPTION,
    NO_OPTIONS,
    OPTION_ONE_OF,
    OPTION_WHOLE,
    OPTION_WORD,
    PLAYERS_BETWEEN,
    PLAYERS_EXACTLY,
    Phrasebook,
    Written,
    quoted,
    written_beside,
)


def help_beside(module_file: str) -> Written:
    """The help text `help.txt` in the folder of `module_file` (a game's own module), with
    its translations beside it (`help.de.txt`, ...)."""
    return written_beside(module_file, "help.txt")


class InvalidMove(ValueError):
    """The text cannot be read as a move of this game."""


class IllegalMove(ValueError):
    """The move can be read but the rules forbid it now; the message names the rule."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (empty on a draw), why, and final scores if any.

    `reason` is one or more whole sentences, each ending with a full stop.
    """

    winners: tuple[int, ...]
    draw: bool
    reason: str
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True)
class ValueShape:
    """How a learned value reads a game's positions: an n-tuple network (`ai.value`).

    `state.value_cells(seat)` writes a position as `cells` small numbers, each below
    `states` (a square's content seen from `seat`: empty, the seat's own, another's),
    for positions the weights were trained for (else None). Each tuple of `tuples` is a
    few cell indices whose joint content looks up one learned weight; `symmetries` are
    permutations of the cells (the identity among them, closed under composition) that
    map a position to one worth the same to every seat (a board's rotations and
    reflections), so the network weighs every symmetric image of a tuple alike. `rules`
    names the version of the rules the weights were trained for: change it with any rule
    that changes what a position is worth, and the engine refuses the old weights until
    they are trained again. `weights`: the file of trained weights, in the game's own
    folder (shipped with the package); a game without one yet plays by its heuristic.
    """

    rules: str
    cells: int
    states: int
    tuples: tuple[tuple[int, ...], ...]
    symmetries: tuple[tuple[int, ...], ...]
    weights: Path


#: The longest value of a free-text option (see `Option`).
MAX_FREE_OPTION = 40
#: What a free-text option's value may be: one lower-case word of letters, digits, - and _,
#: so it reads back from every position's text and can name a file without leaving its folder.
FREE_OPTION_WORD = re.compile(r"[a-z0-9][a-z0-9_-]*")


@dataclass(frozen=True)
class Option:
    """One setting a match may choose: its type, default, allowed values and a line of help.

    `names_player` marks an int option whose value is a player in join order (0 = the
    challenger); the match service maps it to that player's seat when it seats them.
    Empty `choices` on a str option means any short word (`FREE_OPTION_WORD`: a name the
    game checks itself when it makes the position, raising ValueError saying why).
    """

    name: str
    type: type
    default: Any
    choices: tuple[Any, ...]
    help: str
    names_player: bool = False

    def check(self, value: Any, say: Phrasebook | None = None) -> Any:
        """Return `value` converted to this option's type, or raise ValueError saying why,
        in the words of `say` (its game's phrasebook, `Game.say`; plain English without)."""
        say = say or Phrasebook(__name__)
        if self.type is bool and isinstance(value, str):
            lowered = value.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                value = True
            elif lowered in ("false", "no", "off", "0"):
                value = False
        elif self.type is int and isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise ValueError(say(OPTION_WHOLE, option=self.name)) from None
        elif self.type is str and isinstance(value, str):
            value = value.strip().lower()
        if isinstance(value, bool) and self.type is not bool:
            value = None  # True is an int to Python, never a number of turns
        free = self.type is str and not self.choices
        if (
            free
            and isinstance(value, str)
            and len(value) <= MAX_FREE_OPTION
            and FREE_OPTION_WORD.fullmatch(value)
        ):
            return value
        if not isinstance(value, self.type) or value not in self.choices:
            got = quoted(value) if isinstance(value, str) else repr(value)[:30]
            if free:
                raise ValueError(say(OPTION_WORD, option=self.name, most=MAX_FREE_OPTION, got=got))
            allowed = ", ".join(str(c) for c in self.choices)
            raise ValueError(say(OPTION_ONE_OF, option=self.name, allowed=allowed, got=got))
        return value


class Game(ABC):
    """A game's description and its factories: `new`, `from_json` and `from_text`."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    summary: ClassVar[str] = ""
    #: How to type the game's moves, with examples (Markdown, wrapped lines): the one
    #: source of `/rules` and of the players' documentation; see `help_beside`.
    notation_help: ClassVar[str] = ""
    seat_names: ClassVar[tuple[str, ...]] = ()
    #: Where the game stands in lists of games (help, autocomplete): lowest first, then
    #: by name.
    rank: ClassVar[int] = 100
    #: Whether matches of two or more players may be rated (solo matches never are).
    rated: ClassVar[bool] = True
    #: Whether some players may not see everything (then only views are ever shown).
    hidden_information: ClassVar[bool] = False
    #: Whether the seed decides things during play (a shuffled deck), not only the setup.
    chance: ClassVar[bool] = False
    #: A game whose turns may be several actions: how many turns each player typically
    #: plays in a whole game. None (the default): a turn is one move.
    typical_turns: ClassVar[int | None] = None
    #: For the playing engine: at most this many plies of simulated play before the
    #: game's heuristic judges a position (0: judge new positions at once, where the
    #: heuristic knows better than random play does); None: as long as the level says.
    playout_plies: ClassVar[int | None] = None
    #: For the playing engine: how many times as deep as their level says the levels that
    #: look past the reply (a `lookahead` over 1 ply: hard, master) check new positions
    #: for a win in one. More than 1 where threats build over several plies and the game
    #: finds a win in one cheaply (`winning_move`).
    lookahead_factor: ClassVar[int] = 1
    #: For the playing engine: how a learned value reads positions (see `ValueShape`),
    #: with `GameState.value_cells`; None: the game has no learned value.
    value_shape: ClassVar[ValueShape | None] = None
    #: Where the server admin may put files for this game (decks), or None; set by the
    #: application with `games.use_data_folder`. Games that read no files ignore it.
    data_folder: Path | None = None

    def seat_name(self, seat: int) -> str:
        """What `seat` is called at the start: the game's own name for it (a colour), else
        "Player N". During a match ask the state (`GameState.seat_name`): sides may swap."""
        if 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"Player {seat + 1}"

    @property
    def numbered_seats(self) -> bool:
        """Whether the seats have no names of their own, only numbers ("Player 1"): the
        bot and the renderer then call them by their players' names (`GameState.named`)."""
        return not self.seat_names

    @property
    def say(self) -> Phrasebook:
        """The phrasebook of the game's own package (games/<name>/), in whose catalogue the
        refusals every game shares (`games.wording.SHARED_REFUSALS`) are translated."""
        return Phrasebook(".".join(type(self).__module__.split(".")[:2]))

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every option of the game with its checked value; unknown names raise ValueError."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            option = quoted(unknown[0])
            if not known:
                raise ValueError(self.say(NO_OPTIONS, game=self.title, option=option))
            names = ", ".join(known)
            raise ValueError(self.say(NO_OPTION, game=self.title, option=option, options=names))
        return {name: o.check(given.get(name, o.default), self.say) for name, o in known.items()}

    def check_players(self, players: int) -> None:
        """Raise ValueError unless `players` seats is a count this game can be played with."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                said = self.say(
                    PLAYERS_EXACTLY, game=self.title, count=self.min_players, players=players
                )
            else:
                said = self.say(
                    PLAYERS_BETWEEN,
                    game=self.title,
                    low=self.min_players,
                    high=self.max_players,
                    players=players,
                )
            raise ValueError(said)

    @abstractmethod
    def new(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> GameState:
        """The starting position; a bad player count or option raises ValueError saying why."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state from `GameState.to_json`; corrupt data raises ValueError."""

    @abstractmethod
    def from_text(self, text: str) -> GameState:
        """Rebuild a state from `GameState.to_text`; unreadable text raises ValueError."""


class GameState(ABC):
    """One immutable position of a game. `play` returns a new state.

    Subclasses set `game` (their Game), `players` (the seat count) and `options`
    (the resolved option values) and compare equal when the positions are equal.
    `format_move`, `describe_move` and `play` raise InvalidMove for a value that is no
    move of the game (moves are read from text by `parse_move`).
    """

    game: ClassVar[Game]
    players: int
    options: Mapping[str, Any]

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat (0-based) of the player to act; None once the game is over."""

    @property
    @abstractmethod
    def ply(self) -> int:
        """How many moves have been played to reach this position."""

    @abstractmethod
    def legal_moves(self) -> Sequence[Hashable]:
        """Every legal move of the current player (empty once the game is over)."""

    @abstractmethod
    def parse_move(self, text: str) -> Hashable:
        """Read a move typed by a player; raises InvalidMove or IllegalMove."""

    @abstractmethod
    def format_move(self, move: Hashable) -> str:
        """The canonical notation of a legal move: parse_move(format_move(m)) == m.

        Notation is public (it is logged, announced and exported), so it never reveals
        what `view(None)` hides; the move's hidden effects follow from the seeded state.
        """

    @abstractmethod
    def describe_move(self, move: Hashable) -> str:
        """A short phrase in words, for autocomplete and announcements."""

    @abstractmethod
    def play(self, move: Hashable) -> GameState:
        """The position after `move`; raises IllegalMove if it is not legal here."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game runs, else how it ended."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A lossless JSON-ready dict; `game.from_json` rebuilds an equal state."""

    @abstractmethod
    def to_text(self) -> str:
        """A readable position, for tests, bug reports and export."""

    def seat_name(self, seat: int) -> str:
        """What `seat` is called in this position. A game whose players can swap sides
        (a pie rule) overrides this, so every text, picture and stored result follows."""
        return self.game.seat_name(seat)

    def named(self, names: Sequence[str]) -> GameState:
        """This position with its seats called `names` (one per seat) in every text it
        writes (moves in words, the outcome's reason) and in its pictures, for a game with
        `numbered_seats`; such a game must override this (its views and the positions
        played from it keep the names). A game whose seats have names of their own keeps
        them: the default returns the position itself."""
        return self

    @property
    def turns_ended(self) -> int | None:
        """How many turns have ended, for games where one seat may play turn after turn
        (solo games, turns of several actions ended by a move of their own). None (the
        default): a turn ends exactly when another seat is to act."""
        return None

    def points_so_far(self, seat: int) -> int | None:
        """`seat`'s points so far, in a game that keeps a score while it runs (points for
        the cards or lines it has scored; a bonus the final count adds is not in them);
        None (the default): the game keeps no score."""
        return None

    def reveals(self, move: Hashable) -> bool:
        """Whether playing `move` here brings to light something hidden or left to chance
        (a card drawn). Its player may take back, alone, only actions that reveal nothing,
        and only within the turn they are still playing. Default: nothing is revealed."""
        return False

    def move_steps(self, move: Hashable) -> Sequence[Step]:
        """How the legal `move` is chosen by taps: its steps, first to last (see
        `games.steps`). The default, none declared, makes each move one step."""
        return ()

    def view(self, seat: int | None) -> GameState:
        """What `seat` (None: the public) may see. Games without secrets return self;
        games with `hidden_information` mask everything else (the public view masks all
        secrets) and the view must still answer `current_player`, `ply`, `outcome`,
        `seat_name`, `format_move` and `describe_move`."""
        return self

    def retire(self, seat: int) -> GameState | None:
        """The position after `seat` leaves (resigns or times out) and the others play on.

        None where the game cannot go on without that seat; the match then ends.
        """
        return None

    # --- optional knowledge for the playing engine (ai/) ---------------------------------

    def heuristic(self, seat: int) -> float | None:
        """A static estimate of `seat`'s result from this running position, in [0, 1]
        (1: sure to win alone, 0: sure to lose; a float, never a bool), or None when the
        game offers none (the default). The engine uses it to cut simulated play short, so
        it must be cheap (about as fast as listing the legal moves) and raise nothing."""
        return None

    def search_moves(self) -> Sequence[Hashable]:
        """The moves the engine searches here: some of `legal_moves`, at least one while
        the game runs (the default: all of them). A game may leave out moves that are
        never better than one it keeps (spending a card on a change that prepares
        nothing), or, where there are too many to search, those its knowledge judges
        beside the point (a stone far from every shortest chain), so the search spends
        itself on the rest; where it keeps a single move, the engine plays it without
        searching. Called only while the game runs, on views
        as on full states."""
        return self.legal_moves()

    def winning_move(self) -> Hashable | None:
        """The first legal move (in `legal_moves`' order) after which the seat to act has
        won alone, or None. The default plays every legal move; the engine asks this of
        many positions, so a game may answer faster from its own knowledge, with the same
        move. Called only while the game runs."""
        seat = self.current_player
        for move in self.legal_moves():
            outcome = self.play(move).outcome()
            if outcome is not None and outcome.winners == (seat,):
                return move
        return None

    def playout_move(self, rng: random.Random) -> Hashable:
        """A legal move for simulated play, drawn with `rng` (the only randomness used):
        the default is uniform among `legal_moves`. A game may prefer plausible moves (score
        a card that scores) so that simulated games look like real ones and end soon.
        Called only while the game runs."""
        return rng.choice(self.legal_moves())

    def hint_reason(self, move: Hashable) -> str | None:
        """Why the legal `move` is a good one here, in a few words of the game's own that
        follow "because" ("it scores card 3 for 5 points", "it blocks White's line on row
        4"), for a hint to the seat to act; called on that seat's view. None (the
        default): the game has nothing to say, and the bot explains the move in general
        terms (it wins, it stops a win, its search rates it best)."""
        return None

    def value_cells(self, seat: int) -> Sequence[int] | None:
        """This running position as `seat` sees it, written as the game's `value_shape`
        says (`cells` numbers, each below `states`), for its learned value; None where the
        learned value does not apply (the default; a variant or seat count the weights were
        not trained for). Whose turn it is the engine adds itself. Called on views as on
        full states; cheap, and raises nothing."""
        return None

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with everything this state shows, the rest drawn with
        `rng`: called on `view(seat)` of a game with `hidden_information` or `chance`, it
        deals the unseen cards at random and gives the state a fresh seed for the chance
        to come, so `determinize(rng).view(seat) == view(seat)`. The default (games
        without secrets or chance) returns the state itself."""
        return self
