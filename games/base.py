"""The contract every game keeps: a declared type (`GameType`), a game (`Game`: the type
and three factories) and immutable positions (`GameState`).

The bot, the renderer, the engine and the tests use only what is defined here. A game is
a package `games/<name>/` that declares its `Game` object as `GAME`; importing `games`
finds it (`games.discover`), so adding a game touches only its own folders (its pictures:
`render/<name>/`, see `render.pictures`). What a game is, `GameType` declares in one
record: seats, chance, hidden information, rating, seat names, the shape of a turn,
options, help, languages, and what the playing engine may know.

The rules every game is held to by the generic tests (`tests/games/test_conformance.py`,
`test_bad_input.py`, `test_stored_states.py`, `tests/render/test_pictures.py`,
`tests/bot/presentation/test_game_translations.py`, `tests/bot/discord/test_composer.py`),
which pick up every registered game without naming it:

Declaring:
- `GameType`'s own checks: a lower-case name, a title and a summary, 1 <= min_players <=
  max_players, a seat name for every seat or none, option names unique and each default
  among its choices, at least `MIN_HELP_EXAMPLES` examples in the help (lines starting
  "- `", each a typed move and what it does), language codes of two letters.
- `notation_help`: how to type the game's moves, with examples: Markdown in the game's own
  `help.txt` (`help_beside(__file__)`), shown by `/rules` (each reply within Discord's
  2,000 characters, a code block never cut in two) and repeated word for word in
  docs/players.md.
- Options: each `Option` has a default among its `choices` (or, for a free-text option,
  a `FREE_OPTION_WORD`); every combination drawn from the choices either makes a game or
  raises ValueError from `new`; the JSON snapshot (`to_json`) keeps the options under
  "options", and any value stored there is refused at load (ValueError) or survives both
  round trips. A game may have no options at all.
- Translations: a game writes its texts with its phrasebook (`Game.say`,
  `games.wording.Phrasebook`); its catalogue (`games/<name>/locales/`) is extracted from
  them and kept current by `./scripts/translations`. For each language in
  `GameType.languages` its catalogue translates every entry (same placeholders), its
  help exists as `help.<language>.txt` with the same code spans, and its pictures' words
  are translated (`render/<name>/locales/`); no language outside `languages` keeps a
  file that would be half read. Every other language reads the game in English.

Playing (random playouts of every seating, with options drawn from their choices):
- Every game ends within 5,000 plies; once over, `current_player` is None, `legal_moves`
  is empty, and `outcome()` gives a reason (whole sentences). With two or more players a
  draw is exactly an outcome without winners; a solo game is won or lost, never drawn.
- A running position offers at least one legal move; `parse_move(format_move(m)) == m`
  and `describe_move(m)` is a non-empty phrase for every legal move; `play` returns a new
  position and leaves its input unchanged; a record of moves typed again from a new game
  (same players, seed and options) replays to an equal position.
- Moves from text: whatever a player types is either read as a legal move or refused with
  `InvalidMove` (unreadable: empty, punctuation, a million characters) or `IllegalMove`
  (against a rule), never another error; a value that is no move of the game (None, a
  number, a string, an object) passed to `play`, `format_move` or `describe_move` raises
  `InvalidMove`. A move legal a ply earlier but not now is refused by `play` with
  `IllegalMove`, a whole sentence (a capital first, a full stop last) naming the rule.
- Storing: `to_json` is plain JSON and `game.from_json(state.to_json()) == state`, and the
  same for `to_text` / `from_text`, at every position, finished ones included. For ANY
  input (a damaged or hand-edited row: a value of another type, a list of 100,000
  entries, a line missing or cut short) `from_json` and `from_text` raise only
  ValueError (with a sentence), or give a state that plays, round-trips and is no bigger
  than the game itself makes them (no list over 5,000 entries, each value of a type a
  real snapshot has at that place). `new` refuses a player count outside the type's and
  an unknown option with ValueError.
- Views: `view(None)` (the public) and `view(seat)` answer `current_player`, `ply`,
  `outcome`, `seat_name` like the full state; `view(x).view(None) == view(None)`; a game
  without `hidden_information` shows everything (every view equals the state). With
  hidden information, no secret leaks into `view(None)`, its JSON or anything computed
  from one: two seeds that deal the same public start but different secrets keep equal
  public views under the same moves, and so do a position and the acting seat's view of
  it dealt again by `determinize`, before and after that seat's move. Notation never
  reveals what the public view hides.
- Seats: every seat has a non-empty name in every view (`state.seat_name`); a game whose
  sides can be swapped (a pie rule) answers from the state, so names follow the swap. A
  game with `numbered_seats` overrides `state.named(names)`: the named position equals
  the unnamed, calls its seats `names` in every text it writes (moves in words, the
  outcome) and keeps them in its views and the positions played from it.
- Turns: `state.current_player` says who acts next. When the same seat is to act again
  after its action, that is one turn going on (one ping, one clock), unless
  `state.turns_ended` grew (a solo game, where the one seat plays turn after turn);
  a game whose turns may be several actions numbers its turns (`state.turn_number`);
  `state.reveals(move)` answers a bool: whether an action brought something hidden or
  left to chance to light (a card drawn), which its player cannot then take back alone.
- Leaving: `state.retire(seat)` gives None (the match ends) or a position of the same
  type that round-trips, from which the game still ends without that seat acting again;
  a game of three seats or more lets the others play on at least sometimes.
- Taps: `state.move_steps(move)` says how a move is chosen by taps, step by step
  (`games.steps`); the composer built from a seat's view offers exactly the legal moves,
  every choice leading to one, each key a `games.steps.KEY` with a label, each path
  within `games.steps.MAX_PATH` (a Discord custom id). The default makes each move one
  step.
- Points: `state.points_so_far(seat)` is None for every seat or a whole number for every
  seat, the same in every view, never falling, and at most the final score.
- Pictures: `render/<name>/` draws the start and random positions of every seating in
  every theme, as wide as asked (see `render.pictures`).

Optional knowledge for the playing engine (`ai/`); the defaults know nothing about the
game, so a game without them is still played, only less well. The generic tests hold each
to its docstring: `heuristic` None or a float in [0, 1] (two seats' adding up to 1),
`playout_move` legal, `winning_move` the default's answer, `search_moves` a non-empty
subset of the legal moves, `determinize(rng).view(seat) == view(seat)`:

- `state.heuristic(seat)`: a static estimate in [0, 1] of `seat`'s result, or None.
- `state.playout_move(rng)`: a quick, plausible move for simulated play (default random).
- `state.search_moves()`: the legal moves worth searching (default all of them).
- `state.winning_move()`: the first move that wins at once, answered faster from the
  game's own knowledge (default: every move played).
- `GameType.engine`: how long simulated play runs, how deep wins are looked for.
- `state.determinize(rng)`: from a view, a full state consistent with what it shows.
- `state.hint_reason(move)`: why the engine's preferred move is good, in the game's own
  words, for a hint (default None: the bot explains it in general terms).
- `Engine.value_shape` with `state.value_cells(seat)`: how a learned value (an n-tuple
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
    SEAT_NUMBERED,
    SHARED,
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


def square_symmetries(side: int) -> tuple[tuple[int, ...], ...]:
    """The eight rotations and reflections of a `side` by `side` grid whose cells are
    numbered row by row: for each (0-7: four rotations, each with or without a flip), where
    it takes every cell (for `ValueShape.symmetries`)."""

    def mapped(transform: int, index: int) -> int:
        x, y = index % side, index // side
        if transform & 4:
            x = side - 1 - x
        for _ in range(transform & 3):
            x, y = side - 1 - y, x
        return y * side + x

    return tuple(tuple(mapped(t, i) for i in range(side * side)) for t in range(8))


def one_per_orbit(
    tuples: Sequence[tuple[int, ...]], symmetries: Sequence[tuple[int, ...]]
) -> tuple[tuple[int, ...], ...]:
    """`tuples` without those that are a symmetric image of one kept before (as sets of
    cells): a network reads every tuple in every image of a position, so an image of a
    tuple would only read the same cells again (for `ValueShape.tuples`)."""
    seen: set[frozenset[int]] = set()
    kept = []
    for tup in tuples:
        if frozenset(tup) in seen:
            continue
        kept.append(tup)
        seen.update(frozenset(symmetry[c] for c in tup) for symmetry in symmetries)
    return tuple(kept)


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

    def check(self, value: Any) -> Any:
        """Return `value` converted to this option's type, or raise ValueError saying why
        (a phrase of the shared catalogue, `games.wording.SHARED`)."""
        say = SHARED
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


#: What a game's name may be: a lower-case word (with - between parts), as players type
#: it in `/challenge` and as it names the game's folders.
GAME_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
#: What a language code in `GameType.languages` looks like ("de"); English is the source.
LANGUAGE_CODE = re.compile(r"[a-z]{2}")
#: The fewest examples of typed moves a game's help shows (lines starting "- `").
MIN_HELP_EXAMPLES = 4


@dataclass(frozen=True)
class Engine:
    """What a game tells the playing engine (`ai/`) about searching it; the defaults say
    nothing, and the engine plays the game all the same, only less well.

    - `playout_plies`: at most this many plies of simulated play before the game's
      heuristic judges a position (0: judge new positions at once, where the heuristic
      knows better than random play does); None: as long as the level says.
    - `lookahead_factor`: how many times as deep as their level says the levels that look
      past the reply (a `lookahead` over 1 ply: hard, master) check new positions for a
      win in one. More than 1 where threats build over several plies and the game finds
      a win in one cheaply (`GameState.winning_move`).
    - `value_shape`: how a learned value reads the game's positions (`ValueShape`), with
      `GameState.value_cells`; None: the game has no learned value.
    """

    playout_plies: int | None = None
    lookahead_factor: int = 1
    value_shape: ValueShape | None = None

    def __post_init__(self) -> None:
        """ValueError unless the plies are None or at least 0 and the factor at least 1."""
        if self.playout_plies is not None and self.playout_plies < 0:
            raise ValueError("Engine.playout_plies is None or at least 0.")
        if self.lookahead_factor < 1:
            raise ValueError("Engine.lookahead_factor is at least 1.")


@dataclass(frozen=True)
class GameType:
    """What a game is, declared once (as OpenSpiel's `GameType`): every fact about a game
    that the bot, the renderer, the engine and the generic tests read, and nothing they
    compute. Its checks (`__post_init__`) raise ValueError when the game is imported.

    Who plays:
    - `min_players` / `max_players`: seat counts, from 1 (a solo game) up.
    - `seat_names`: what each seat is called at the start (a colour), one for every seat
      up to `max_players`; empty: the seats are only numbered (`numbered_seats`).

    Its nature:
    - `rated` (utility): whether matches of two or more players may move ratings (solo
      never does).
    - `hidden_information`: some players may not see everything (cards in a hand).
    - `chance`: the seed decides things during play (a shuffled deck), not only at setup.
    - `typical_turns` (the shape of a turn): None, a turn is one move; else a turn may be
      several actions, and this is how many turns each player typically plays in a whole
      game (the bot reads it to tell a match's opening).

    How it is offered:
    - `name`: a lower-case word (`GAME_NAME`), what players type; `title`: as written.
    - `summary`: the rules in a paragraph, a phrase of the game's phrasebook.
    - `notation_help`: how to type the game's moves (`help_beside`, see there).
    - `options`: the settings a match may choose (`Option`), each with its default.
    - `rank`: where the game stands in lists of games (lowest first, then by name).
    - `languages`: the languages besides English its own texts are complete in (its
      catalogue, its help and its pictures' words); the tests hold it to exactly those,
      and every other language reads its texts in English.
    - `engine`: what the playing engine may know about it (`Engine`).
    """

    name: str
    title: str
    summary: str
    notation_help: str
    min_players: int
    max_players: int
    seat_names: tuple[str, ...] = ()
    rated: bool = True
    hidden_information: bool = False
    chance: bool = False
    typical_turns: int | None = None
    options: tuple[Option, ...] = ()
    rank: int = 100
    languages: tuple[str, ...] = ()
    engine: Engine = Engine()

    def __post_init__(self) -> None:
        """ValueError naming the first fact that breaks the contract."""
        problems = (
            (not GAME_NAME.fullmatch(self.name), f"the name {self.name!r} is no lower-case word"),
            (not self.title.strip(), "the title is empty"),
            (not self.summary.strip(), "the summary is empty"),
            (
                not 1 <= self.min_players <= self.max_players,
                "the player counts are not 1 <= min <= max",
            ),
            (
                bool(self.seat_names) and len(self.seat_names) < self.max_players,
                "seat_names name fewer seats than max_players",
            ),
            (self.typical_turns is not None and self.typical_turns < 1, "typical_turns is below 1"),
            (
                len({o.name for o in self.options}) != len(self.options),
                "two options have the same name",
            ),
            (
                any(o.choices and o.default not in o.choices for o in self.options),
                "an option's default is not among its choices",
            ),
            (
                any(not LANGUAGE_CODE.fullmatch(code) or code == "en" for code in self.languages),
                "languages holds something other than two-letter codes besides en",
            ),
            (
                len(examples(self.notation_help)) < MIN_HELP_EXAMPLES,
                "the help shows too few examples",
            ),
        )
        for broken, problem in problems:
            if broken:
                raise ValueError(f"The game type of {self.name!r} is not valid: {problem}.")

    @property
    def numbered_seats(self) -> bool:
        """Whether the seats have no names of their own, only numbers ("Player 1"): the
        bot and the renderer then call them by their players' names (`GameState.named`)."""
        return not self.seat_names


def examples(notation_help: str) -> list[str]:
    """The examples of typed moves in a game's help: its lines starting "- `"."""
    return [line for line in notation_help.split("\n") if line.startswith("- `")]


class Game(ABC):
    """A game: its declared type (`kind`, a `GameType`) and its factories, `new`,
    `from_json` and `from_text`."""

    #: What the game is: everything the rest of the project reads about it.
    kind: ClassVar[GameType]
    #: Where the server admin may put files for this game (decks), or None; set by the
    #: application with `games.use_data_folder`. Games that read no files ignore it.
    data_folder: Path | None = None

    @property
    def name(self) -> str:
        """The game's name (`GameType.name`), by which every layer finds it."""
        return self.kind.name

    @property
    def title(self) -> str:
        """The game's title (`GameType.title`), as players read it."""
        return self.kind.title

    def seat_name(self, seat: int) -> str:
        """What `seat` is called at the start: the game's own name for it (a colour), else
        "Player N" (a phrase, in the reader's language). During a match ask the state
        (`GameState.seat_name`): sides may swap."""
        names = self.kind.seat_names
        return names[seat] if 0 <= seat < len(names) else SHARED(SEAT_NUMBERED, number=seat + 1)

    @property
    def say(self) -> Phrasebook:
        """The phrasebook of the game's own package (games/<name>/); the refusals every
        game shares are written with `games.wording.SHARED`, once for all."""
        return Phrasebook(".".join(type(self).__module__.split(".")[:2]))

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every option of the game with its checked value; unknown names raise ValueError."""
        given = dict(options or {})
        known = {o.name: o for o in self.kind.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            option = quoted(unknown[0])
            if not known:
                raise ValueError(SHARED(NO_OPTIONS, game=self.title, option=option))
            names = ", ".join(known)
            raise ValueError(SHARED(NO_OPTION, game=self.title, option=option, options=names))
        return {name: o.check(given.get(name, o.default)) for name, o in known.items()}

    def check_players(self, players: int) -> None:
        """Raise ValueError unless `players` seats is a count this game can be played with."""
        low, high = self.kind.min_players, self.kind.max_players
        if not isinstance(players, int) or not low <= players <= high:
            if low == high:
                said = SHARED(PLAYERS_EXACTLY, game=self.title, count=low, players=players)
            else:
                said = SHARED(PLAYERS_BETWEEN, game=self.title, low=low, high=high, players=players)
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
    def turn_number(self) -> int:
        """The number, from 1, of the turn this position is in: its next action is part of
        that turn; once the game is over, one past the last turn. Every place that numbers
        a match's moves counts by it (/history's lines, a picture's "Move N", the
        analysis), so they all count the same way. Default: a turn is one move."""
        return self.ply + 1

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
        """This running position as `seat` sees it, written as the game's
        `Engine.value_shape` says (`cells` numbers, each below `states`), for its learned
        value; None where the learned value does not apply (the default; a variant or seat
        count the weights were not trained for). Whose turn it is the engine adds itself.
        Called on views as on full states; cheap, and raises nothing."""
        return None

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with everything this state shows, the rest drawn with
        `rng`: called on `view(seat)` of a game with `hidden_information` or `chance`, it
        deals the unseen cards at random and gives the state a fresh seed for the chance
        to come, so `determinize(rng).view(seat) == view(seat)`. The default (games
        without secrets or chance) returns the state itself."""
        return self
