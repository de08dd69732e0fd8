"""The words pictures draw, in the reader's language.

Every text a picture draws is a whole English template with named placeholders, declared
as a constant where it is drawn: the shared ones here and in `render.seats`, each game's in
its `render/<game>/words.py` as `DRAWN` (given to the registry as `Pictures.drawn`), so
that a translator's tools find them all. What a picture draws is written with `say` and
`count`, through the `Words` its caller gave (`board_png(..., words=...)`); the default is
English, the templates themselves.

`render` is pure: it knows no language. A caller that speaks others (the bot's
presentation) gives a `Words` that looks each template up in its translations; the
drawing functions set it for the time they draw (`written_with`), so that the games' code
need not pass it along.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from games.wording import plural_noun

#: A drawn text's English template, or the two English forms of a counted one
#: ("{count} move", "{count} moves").
Drawn = str | tuple[str, str]


def _english(text: str) -> str:
    return text


def _english_count(count: int, singular: str, plural: str) -> str:
    return singular if count == 1 else plural


def _as_given(value: str) -> str:
    return value


@dataclass(frozen=True)
class Words:
    """How a picture writes its words: `text(template)` is an English template in the
    reader's language; `counted(count, singular, plural)` the form of a counted one for
    `count`; `value(text)` a text that fills a placeholder (a game's phrase: a seat's
    colour, a move in words) in the reader's language. All English by default."""

    text: Callable[[str], str] = _english
    counted: Callable[[int, str, str], str] = _english_count
    value: Callable[[str], str] = _as_given


ENGLISH = Words()

_words: ContextVar[Words] = ContextVar("words", default=ENGLISH)


@contextmanager
def written_with(words: Words | None) -> Iterator[None]:
    """Draw everything within with `words` (None: English)."""
    token = _words.set(words or ENGLISH)
    try:
        yield
    finally:
        _words.reset(token)


def say(template: str, **values: object) -> str:
    """A drawn template in the reader's language, its placeholders filled in (written in
    it too)."""
    words = _words.get()
    return words.text(template).format(**_written(words, values))


def count(forms: tuple[str, str], number: int, **values: object) -> str:
    """The form of a counted template (`forms`: singular, plural) for `number`, filled in
    (`{count}` is the number)."""
    words = _words.get()
    return words.counted(number, *forms).format(count=number, **_written(words, values))


def phrase(text: str) -> str:
    """A game's phrase drawn alone (a symbol's name) in the reader's language."""
    return _words.get().value(text)


def _written(words: Words, values: Mapping[str, object]) -> dict[str, object]:
    """A template's values, each text among them in the reader's language."""
    return {name: words.value(v) if isinstance(v, str) else v for name, v in values.items()}


def counted_forms(noun: str, nouns: str | None = None) -> tuple[str, str]:
    """The English forms of a count of `noun`: ("{count} move", "{count} moves")."""
    return f"{{count}} {noun}", f"{{count}} {plural_noun(noun, nouns)}"


def listed(names: list[str]) -> str:
    """Names joined as a drawn text joins them: "a", "a and b", "a, b and c"."""
    if len(names) <= 1:
        return "".join(names)
    return say(AND, first=", ".join(names[:-1]), last=names[-1])


#: Whose turn and the result, in the header of every game (`render.header`).
MOVE_NUMBER = "Move {number}"
TO_MOVE = "{seat} to move"
DRAW = "Draw"
GAME_OVER = "Game over"
WINS = "{seat} wins"
WINS_BECAUSE = "{seat} wins: {reason}"
MOVES = counted_forms("move")
AND = "{first} and {last}"
#: The alt text's first words where a face shows the clocks with the picture.
CLOCKS = "Clocks: {clock}."
#: The players strip's mark of the seat to act (`render.seats`).
TO_ACT = "to act"
#: The players strip's mark of a seat that won the match (`render.seats`).
WON = "won"
#: The alt text's first sentence of an ended game, in every game's words (`title`: the
#: game and its variant; `moves`: a count of `MOVES`).
OVER_ENDING = "{title}, over after {moves}: {ending}"
OVER_DRAW = "{title}, over after {moves}: a draw. {reason}"
OVER_WON = "{title}, over after {moves}: {seat} wins. {reason}"
#: The alt text's other shared words.
LAST_ACTION = "Last action: {action}."
LEFT_GAME = "{player} (left the game)"
POINTS = counted_forms("point")
#: The last row of a table cut short (`render.table`).
MORE_ROWS = ("… {count} more", "… {count} more")
#: The key under a chart of estimates with marked moves (`render.chart`): lichess' symbols.
MARK_KEY = "?! inaccuracy   ? mistake   ?? blunder"

#: Every shared drawn text, by name (the games' own are their `Pictures.drawn`).
SHARED: Mapping[str, Drawn] = {
    "MOVE_NUMBER": MOVE_NUMBER,
    "TO_MOVE": TO_MOVE,
    "DRAW": DRAW,
    "GAME_OVER": GAME_OVER,
    "WINS": WINS,
    "WINS_BECAUSE": WINS_BECAUSE,
    "MOVES": MOVES,
    "AND": AND,
    "CLOCKS": CLOCKS,
    "TO_ACT": TO_ACT,
    "WON": WON,
    "OVER_ENDING": OVER_ENDING,
    "OVER_DRAW": OVER_DRAW,
    "OVER_WON": OVER_WON,
    "LAST_ACTION": LAST_ACTION,
    "LEFT_GAME": LEFT_GAME,
    "POINTS": POINTS,
    "MORE_ROWS": MORE_ROWS,
    "MARK_KEY": MARK_KEY,
}
