"""Where a move composer's choices sit on a board picture, for faces that play by taps on
it (the web board).

A game's pictures may declare `spots` (`render.pictures.Pictures.spots`): for a state
drawn from a seat's view at a width and theme, a function from a composer path to the
shapes of the next steps drawn on the picture, by step key (a square, a stone, a lane's
slot at the edge). `board_places` joins them to the composer: each choice after a path
with a spot is a `Place`; a choice without one (an edge, a column, "place a stone") is
looked through, so that one tap on the square or lane it leads to takes every step on the
way. A spot reached along two different paths (a stone that may be shifted or flipped)
is left out: its first step is chosen by a button, then the stone is a place. Choices
with no place stay buttons; a game that declares no spots plays by buttons alone.

Shapes are polygons in picture pixels, from the top-left corner of the picture `draw`
makes at that width (the players strip, when there is one, comes under it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.base import GameState
from games.steps import Composer, Path, Step
from render import modules
from render.pictures import Shape, SpotsAt
from render.theme import Theme, get_theme
from render.words import Words, written_with

#: How deep a choice without a place is looked through (a pie choice, a kind of move, a
#: column, then the point: four steps).
DEPTH = 4


def _area(shape: Shape) -> float:
    """The area a shape covers (the shoelace formula)."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(shape, shape[1:] + shape[:1], strict=True):
        total += x0 * y1 - x1 * y0
    return abs(total) / 2


@dataclass(frozen=True)
class Place:
    """A choice drawn on the picture: the `keys` a tap on it takes from the path it was
    asked at (one step, or those on the way to it), the `step` it ends with (its label
    and notation) and its `shape`."""

    keys: Path
    step: Step
    shape: Shape


def board_places(
    state: GameState,
    composer: Composer,
    path: Sequence[str],
    *,
    seat: int | None = None,
    size: int,
    theme: str | Theme = "default",
    words: Words | None = None,
) -> list[Place]:
    """The places of the choices after `path` on the picture of `state` (the position
    the composer's player sees) drawn `size` wide from `seat`'s view in `theme` with
    `words`; the largest first, so that a small place drawn over a large one (a piece on
    its tile) is the one tapped. None for a game that declares no spots."""
    declared = modules.pictures_of(state).spots
    if declared is None:
        return []
    with written_with(words):
        spots_at = declared(state, seat, size, get_theme(theme))
        found: dict[Shape, list[Place]] = {}
        _walk(composer, tuple(path), (), spots_at, found)
    places = [reached[0] for reached in found.values() if len(reached) == 1]
    return sorted(places, key=lambda place: -_area(place.shape))


def _walk(
    composer: Composer,
    path: Path,
    taken: Path,
    spots_at: SpotsAt,
    found: dict[Shape, list[Place]],
) -> None:
    """Collect the places after `path` (`taken`: the keys already looked through)."""
    spots = spots_at(path)
    for choice in composer.choices(path):
        key = choice.step.key
        shape = spots.get(key)
        if shape is not None:
            place = Place((*taken, key), choice.step, shape)
            found.setdefault(shape, [])
            if all(other.keys != place.keys for other in found[shape]):
                found[shape].append(place)
        elif choice.move is None and len(taken) + 1 < DEPTH:
            _walk(composer, (*path, key), (*taken, key), spots_at, found)
