"""The Skift picture: marks where the last action happened, and nowhere else."""

from __future__ import annotations

from PIL import Image, ImageChops

import render
from games.skift import SKIFT, PieceMove, Rotation, TileMove
from games.skift.model import SEAT_NAMES
from render import skift
from render.theme import CONTRAST, DEFAULT, Theme
from tests.games.skift_positions import GAP
from tests.render.positions import PUSH_OFF, SPLINTER, STACKED, playout, without_last

SIZE = 800


def _rgb(state, theme: Theme = DEFAULT) -> Image.Image:
    return render.board_image(state, size=SIZE, theme=theme).convert("RGB")


def _grid(state, theme: Theme = DEFAULT) -> skift.Grid:
    return skift.layout(state, size=SIZE, theme=theme)


def _point(xy: tuple[float, float]) -> tuple[int, int]:
    return round(xy[0]), round(xy[1])


def _changed(state, theme: Theme = DEFAULT) -> Image.Image:
    """Where the picture with the last action differs from the same position without it."""
    return ImageChops.difference(_rgb(state, theme), _rgb(without_last(state), theme))


def _inside(box, outer, slack: float) -> bool:
    return (
        box[0] >= outer[0] - slack
        and box[1] >= outer[1] - slack
        and box[2] <= outer[2] + slack
        and box[3] <= outer[3] + slack
    )


def test_a_piece_move_marks_its_squares_and_the_fallen_piece_only() -> None:
    before = SKIFT.from_text(GAP)
    after = before.play(PieceMove((0, 0), (1, 0)))
    assert after.last.fallen, "the scenario pushes a piece off"
    changed = _changed(after)
    grid = _grid(after)
    (src, _), *_ = after.last.displaced
    fell_at = after.last.fallen[0][0]
    for quadrant in (src, fell_at):
        assert changed.getpixel(_point(grid.centre(quadrant))) != (0, 0, 0), quadrant
    # Everything changed lies on the row of the move, between its first and last squares.
    first, last = grid.quad_box(src), grid.quad_box(fell_at)
    assert _inside(changed.getbbox(), (first[0], first[1], last[2], last[3]), grid.quad * 0.3)


def test_a_piece_pushed_off_the_edge_is_drawn_faint_where_it_fell() -> None:
    after = SKIFT.from_text(PUSH_OFF).play(PieceMove((0, 0), (1, 0)))
    where, piece = after.last.fallen[0]
    assert where[0] > after.bounds()[2], "it fell off the east edge"
    image = _rgb(after)
    colour = image.getpixel(_point(_grid(after).centre(where)))
    fill = DEFAULT.style(SEAT_NAMES[piece.seat]).fill
    assert colour not in (fill, DEFAULT.background), "faint: neither the piece nor the table"


def test_a_diagonal_step_across_a_tile_edge_is_not_hidden_by_the_tile_name() -> None:
    after = SKIFT.from_text(STACKED).play(PieceMove((1, 1), (0, 2)))
    image = _rgb(after)
    grid = _grid(after)
    (sx, sy), (dx, dy) = grid.centre((1, 1)), grid.centre((0, 2))
    for t in (0.35, 0.45, 0.55, 0.62):
        spot = _point((sx + (dx - sx) * t, sy + (dy - sy) * t))
        assert image.getpixel(spot) == DEFAULT.highlight, t


def test_a_tile_move_outlines_the_tile_and_marks_its_old_place() -> None:
    moved = SKIFT.new(2).play(TileMove("A", "n"))
    changed = _changed(moved)
    grid = _grid(moved)
    name, old, new = moved.last.tiles_moved[0]
    x0, y0, x1, y1 = grid.tile_box(old)
    assert changed.getpixel(_point(((x0 + x1) / 2, (y0 + y1) / 2))) != (0, 0, 0)
    nx0, ny0, _, _ = grid.tile_box(new)
    assert changed.getpixel(_point((nx0 - 1, ny0 + grid.pitch / 2))) != (0, 0, 0)


def test_a_rotation_marks_the_turned_tile() -> None:
    turned = SKIFT.from_text(SPLINTER).play(Rotation("B"))
    changed = _changed(turned)
    box = changed.getbbox()
    assert box is not None
    assert _inside(box, _grid(turned).tile_box(turned.tiles["B"]), 12)


def test_a_turned_tile_carries_the_turning_mark_on_its_middle() -> None:
    turned = SKIFT.from_text(SPLINTER).play(Rotation("B"))
    x0, y0, x1, y1 = _grid(turned).tile_box(turned.tiles["B"])
    middle = _point(((x0 + x1) / 2 + 3, (y0 + y1) / 2 + 3))
    assert _rgb(turned).getpixel(middle) == DEFAULT.highlight
    assert _rgb(without_last(turned)).getpixel(middle) != DEFAULT.highlight


def test_a_splinter_shows_the_lost_tile_and_its_pieces_as_ghosts() -> None:
    after = SKIFT.from_text(SPLINTER).play(TileMove("A", "w"))
    assert after.last.tiles_removed and after.last.pieces_removed
    grid = _grid(after)
    image = _rgb(after)
    name, cell = after.last.tiles_removed[0]
    assert name not in after.tiles
    x0, y0, x1, y1 = (round(v) for v in grid.tile_box(cell))
    ghost = image.crop((x0, y0, x1 + 1, y1 + 1))
    colours = {colour for _, colour in ghost.getcolors(4096)}
    assert DEFAULT.removed in colours, "a dashed outline in the colour of removed things"
    assert DEFAULT.board not in colours, "no tile face: the tile is gone"
    badge = image.crop((round((x0 + x1) / 2 - 8), y0, round((x0 + x1) / 2 + 8), y0 + 30))
    reds = sum(n for n, colour in badge.getcolors(4096) if colour == DEFAULT.removed)
    assert reds > 40, "the lost tile's name on a badge at its north edge"
    for quadrant, piece in after.last.pieces_removed:
        colour = image.getpixel(_point(grid.centre(quadrant)))
        assert colour not in (DEFAULT.background, DEFAULT.style(SEAT_NAMES[piece.seat]).fill), (
            "faint"
        )


def test_the_palette_keeps_theme_colours_exact() -> None:
    state = SKIFT.new(2)
    for theme in (DEFAULT, CONTRAST):
        image = _rgb(state, theme)
        grid = _grid(state, theme)
        king = next(q for q, p in state.pieces.items() if p.kind == "K" and p.seat == 1)
        assert image.getpixel(_point(grid.centre(king))) == theme.style("Black").fill
        assert image.getpixel((1, image.height - 2)) == theme.background


def test_coordinates_follow_the_notation_after_the_table_moves() -> None:
    start = SKIFT.new(2)
    moved = start.play(TileMove("A", "w"))
    assert moved.origin == (start.origin[0] - 2, start.origin[1])
    grid = _grid(moved)
    image = _rgb(moved)
    min_x, min_y, max_x, max_y = moved.bounds()
    band = image.crop((0, round(grid.top - grid.margin), SIZE, round(grid.top)))
    columns = _runs(band, across=True)
    assert len(columns) == max_x - min_x + 1
    assert abs(sum(columns[0]) / 2 - grid.centre(moved.origin)[0]) < 3, "a1 is column a"
    band = image.crop((0, round(grid.top), round(grid.left), round(grid.bottom)))
    assert len(_runs(band, across=False)) == max_y - min_y + 1


def _runs(band: Image.Image, across: bool) -> list[tuple[int, int]]:
    """Spans along the band (x if `across`, else y) holding anything but the background."""
    length = band.width if across else band.height
    marked = []
    for i in range(length):
        line = band.crop((i, 0, i + 1, band.height) if across else (0, i, band.width, i + 1))
        marked.append(line.getcolors() != [(line.width * line.height, DEFAULT.background)])
    runs, start = [], None
    for i, hit in enumerate([*marked, False]):
        if hit and start is None:
            start = i
        elif not hit and start is not None:
            runs.append((start, i - 1))
            start = None
    return runs


def test_a_long_thin_table_stays_within_the_tallest_shape() -> None:
    states = playout("skift", 120, seed=11)
    tallest = max(states, key=lambda s: s.bounds()[3] - s.bounds()[1])
    image = _rgb(tallest)
    assert image.height <= SIZE * skift.MAX_ASPECT + 1
