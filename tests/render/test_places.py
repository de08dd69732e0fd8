"""Where the composer's choices sit on the pictures (`render.board_places`): for every
registered game, each place leads to a legal move, lies on the picture and is tapped
alone; pieces are tapped where they are drawn."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
import render
import render.modules
from games.steps import Composer
from render.places import Place, board_places
from tests.render.positions import playout
from tests.testgames import installed

with installed():
    NAMES = games.names()
SIZE = 640


def _inside(point: tuple[float, float], place: Place) -> bool:
    """Whether `point` lies in the place's shape (ray casting)."""
    x, y = point
    inside = False
    corners = place.shape
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _mid_game(name: str, players: int) -> list:
    states = playout(name, 40, seed=players, players=players)
    return [state for state in states[1:-1:7] if state.current_player is not None]


@pytest.mark.parametrize("name", NAMES)
def test_every_place_leads_to_a_legal_move_on_the_picture(name: str) -> None:
    game = games.get(name)
    declared = render.has_picture(name) and render.modules.pictures_of(
        game.new(game.kind.min_players)
    )
    for players in sorted({game.kind.min_players, game.kind.max_players}):
        for state in _mid_game(name, players):
            seat = state.current_player
            view = state.view(seat)
            composer = Composer(view)
            png = render.board_png(view, seat=seat, size=SIZE)
            width, height = Image.open(io.BytesIO(png)).size
            paths = [()]
            paths += [composer.forward((c.step.key,)) for c in composer.choices(())][:3]
            for path in paths:
                places = board_places(view, composer, path, seat=seat, size=SIZE)
                if not declared or declared.spots is None:
                    assert places == []
                    continue
                shapes = [place.shape for place in places]
                assert len(set(shapes)) == len(shapes)
                for place in places:
                    assert composer.leads_somewhere((*path, *place.keys))
                    assert composer.trail((*path, *place.keys))[-1] == place.step
                    assert all(0 <= x <= width and 0 <= y <= height for x, y in place.shape)


@pytest.mark.parametrize("name", [n for n in NAMES if render.has_picture(n)])
def test_a_piece_is_tapped_on_its_smallest_place(name: str) -> None:
    """Where places overlap (a piece on its tile), the tap lands on the smallest: the
    last drawn of those holding the piece's centre."""
    game = games.get(name)
    pictures = render.modules.pictures_of(game.new(game.kind.min_players))
    if pictures.pieces is None or pictures.spots is None:
        pytest.skip(f"{name} draws no pieces or declares no spots")
    for state in _mid_game(name, game.kind.min_players):
        seat = state.current_player
        composer = Composer(state.view(seat))
        places = board_places(state.view(seat), composer, (), seat=seat, size=SIZE)
        theme = render.get_theme("default")
        for _, centre in pictures.pieces(state, SIZE, theme):
            holding = [place for place in places if _inside(centre, place)]
            if holding:
                areas = [abs(p.shape[2][0] - p.shape[0][0]) for p in holding]
                assert areas[-1] == min(areas)


def test_skift_pieces_and_their_destinations_are_places() -> None:
    """Skift: a tap on a piece of the player to act chooses it; then its destinations."""
    state = next(s for s in _mid_game("skift", 2))
    seat = state.current_player
    composer = Composer(state.view(seat))
    places = board_places(state, composer, (), seat=seat, size=SIZE)
    squares = {p.keys[0]: p for p in places if p.keys[0][0].islower()}
    own = [q for q, piece in state.pieces.items() if piece.seat == seat]
    assert squares and set(squares) <= {state.square_name(q) for q in own}
    square = next(iter(squares))
    then = board_places(state, composer, (square,), seat=seat, size=SIZE)
    steps = {c.step.key for c in composer.choices((square,))}
    assert {p.keys[0] for p in then} == steps
