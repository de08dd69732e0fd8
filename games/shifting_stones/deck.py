"""Decks: reading and checking a deck file, the built-in standard deck, the solo deck.

A deck file is text, one card a line in the form of `cards.read_card` ("2: sun any / any
moon"); lines starting with "#" and empty lines are skipped. A bad file is refused with
ValueError naming the file, the line and the reason.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from importlib import resources
from pathlib import Path

from games.base import FREE_OPTION_WORD
from games.shifting_stones.cards import VALUES, Card, read_card

#: The name of the built-in deck (the `deck` option's default).
STANDARD = "standard"
#: A deck file's name ends with this.
SUFFIX = ".txt"
#: How many cards a deck may hold.
MIN_CARDS, MAX_CARDS = 30, 200
#: The longest deck file read, in bytes (far above 200 cards of 3x3 patterns).
MAX_BYTES = 64_000
#: The solo deck: how many cards of each value (rulings: 8 one-point, 4 two-point,
#: 3 three-point and 1 five-point card).
SOLO_MIX = {1: 8, 2: 4, 3: 3, 5: 1}


def read_deck(text: str, source: str) -> tuple[Card, ...]:
    """The cards of a deck file's `text`; `source` names the file in refusals."""
    cards: list[Card] = []
    first_seen: dict[Card, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            card = read_card(line)
        except ValueError as error:
            raise ValueError(f"Line {number} of {source}: {error}.") from None
        if card in first_seen:
            raise ValueError(
                f"Line {number} of {source}: the same card as line {first_seen[card]}."
            )
        first_seen[card] = number
        cards.append(card)
        if len(cards) > MAX_CARDS:
            raise ValueError(f"Line {number} of {source}: a deck holds at most {MAX_CARDS} cards.")
    if len(cards) < MIN_CARDS:
        raise ValueError(
            f"{source} holds {len(cards)} cards; a deck needs {MIN_CARDS} to {MAX_CARDS}."
        )
    counts = Counter(card.value for card in cards)
    for value, needed in SOLO_MIX.items():
        if counts[value] < needed:
            raise ValueError(
                f"{source} holds {counts[value]} cards worth {value}; a deck needs at least "
                f"{needed}, for the solo game."
            )
    return tuple(cards)


@lru_cache(maxsize=1)
def standard_deck() -> tuple[Card, ...]:
    """The built-in deck (`standard.txt` beside this module)."""
    text = resources.files(__package__).joinpath(STANDARD + SUFFIX).read_text("utf-8")
    return read_deck(text, STANDARD + SUFFIX)


def load_deck(name: str, folder: Path | None) -> tuple[Card, ...]:
    """The deck called `name`: the standard one, or `<folder>/<name>.txt` put there by the
    server admin. A bad name, a missing or bad file raises ValueError saying why."""
    if name == STANDARD:
        return standard_deck()
    if not FREE_OPTION_WORD.fullmatch(name):
        raise ValueError(
            f"A deck name is letters, digits, - and _ (a file name without folders), not {name!r}."
        )
    if folder is None:
        raise ValueError(f"There is no deck {name!r}: this server keeps no deck files.")
    path = folder / (name + SUFFIX)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError:
        raise ValueError(f"There is no deck {name!r}: the file {path.name} is missing.") from None
    if len(data) > MAX_BYTES:
        raise ValueError(f"The deck file {path.name} is longer than {MAX_BYTES} bytes.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"The deck file {path.name} is not UTF-8 text.") from None
    return read_deck(text, path.name)


def solo_deck(cards: tuple[Card, ...], rng: random.Random) -> tuple[Card, ...]:
    """The solo game's 16 cards: of each value, as many as `SOLO_MIX` says, drawn at random
    (by the match's seed) from `cards`, in deck order."""
    chosen: set[int] = set()
    for value in VALUES:
        of_value = [index for index, card in enumerate(cards) if card.value == value]
        chosen.update(rng.sample(of_value, SOLO_MIX[value]))
    return tuple(card for index, card in enumerate(cards) if index in chosen)
