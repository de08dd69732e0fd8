"""Every registered game against the `games.base` interface, by fixed-seed random playouts.

Two tiers keep the run time honest:

- many light playouts (PLAYOUTS per game, shared among its player counts): at every
  step the chosen move's notation round-trips and `current_player`, `legal_moves` and
  `outcome` agree; every game must end within MAX_PLIES, and its final position
  round-trips through JSON and text;
- fewer full playouts (FULL_PLAYOUTS per game, shared likewise): at every step JSON and
  text round-trips, the notation round-trip and a phrase for EVERY legal move, `play`
  leaving its input unchanged, garbage refused with InvalidMove; at the end the record
  of moves, typed again from a new game, replays to the same final position.

Random options are drawn from each option's allowed values, so variants join too. The
test games (tests/testgames: solo, five seats, a pie rule, secret hands) join every check;
this package's conftest registers them while the tests run.

A random move is chosen in two steps: first a verb (the first word of a legal move's
notation), then a move with that verb. Where every move starts differently (Skift,
Shiftago's insertions) that is a uniform choice; a game with many moves of one kind
(Shifting Stones' hundred shifts and flips against a single `end`) still has its turns end
and its cards scored. Long games play fewer playouts: each game's playouts stop once they
have used its share of LIGHT_PLIES (FULL_PLIES for the full tier) plies.

Then the move composer (`games.steps`): at sampled positions of random playouts, seen as
the player to act sees them, its leaves are exactly the legal moves, every choice it offers
leads to one, and its keys fit in Discord's custom ids.

Then what the match engine relies on beyond moves: views (`view`), seats leaving
(`retire`), seat names (`seat_name`, and `named` for seats only numbered) and `reveals`,
each over seeded random playouts.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import games
from games import Game, GameState, IllegalMove, InvalidMove
from games.steps import KEY, MAX_PATH, Composer, Path, write_path
from tests.testgames import installed

PLAYOUTS = 2000
FULL_PLAYOUTS = 90
#: Skift and Shiftago games end in well under 200 random plies, Shifting Stones in under
#: 2,000; a cap far above that.
MAX_PLIES = 5000
#: Plies each game's light (full) playouts may use in all, shared among its player counts.
LIGHT_PLIES = 30_000
FULL_PLIES = 3_000
GARBAGE = ("", "   ", "!!!", "@#$%^&", "\x00\x01", "🙂🙂", "((", "<script>", "ÿÿÿ", "?" * 300)

with installed():  # the test games join; conftest.py registers them while tests run
    NAMES = games.names()
    SEATINGS = [
        (name, players)
        for name in NAMES
        for players in range(games.get(name).kind.min_players, games.get(name).kind.max_players + 1)
    ]
#: Random playouts per seating for the view, seat-name and reveals checks.
VIEW_PLAYOUTS = 3
#: The other seeds tried for a start's twin (the same public view, other secrets).
TWIN_TRIES = 30
#: Positions of a playout dealt again from the acting seat's view (several turns).
DEALT_POSITIONS = 40


def share(total: int, name: str) -> int:
    """A game's share of `total` playouts (or plies) for each of its player counts."""
    game = games.get(name)
    return total // (game.kind.max_players - game.kind.min_players + 1)


def choose(rng: random.Random, state: GameState, moves: Sequence[Any]) -> Any:
    """A random legal move: a verb (first word of the notation) first, then a move of it."""
    verbs: dict[str, list[Any]] = {}
    for move in moves:
        verbs.setdefault(state.format_move(move).split()[0], []).append(move)
    return rng.choice(verbs[rng.choice(sorted(verbs))])


def random_options(game: Game, rng: random.Random, players: int) -> dict[str, Any]:
    """Option values drawn at random from their allowed values (free-text options keep
    their default), valid for `players`."""
    for _ in range(20):
        options = {
            o.name: rng.choice(o.choices) if o.choices else o.default for o in game.kind.options
        }
        try:
            game.new(players=players, options=options)
        except ValueError:
            continue
        return options
    return {}


def playout(
    game: Game, players: int, seed: int, check: Callable[[GameState, Any], None]
) -> tuple[GameState, list[str], dict[str, Any]]:
    """Play random legal moves until the game ends; `check(state, move)` runs before each play.

    Returns the final state, the record of moves as typed, and the options used.
    """
    rng = random.Random(seed)
    options = random_options(game, rng, players)
    state = game.new(players=players, seed=seed, options=options)
    record = []
    while state.outcome() is None:
        assert state.ply < MAX_PLIES, f"{game.name} seed {seed} did not end"
        assert state.current_player is not None
        moves = state.legal_moves()
        assert moves, "a running game must offer a move"
        move = choose(rng, state, moves)
        check(state, move)
        record.append(state.format_move(move))
        state = state.play(move)
    assert state.current_player is None and list(state.legal_moves()) == []
    return state, record, options


def light_check(state: GameState, move: Any) -> None:
    """The chosen move's notation reads back as the same move."""
    assert state.parse_move(state.format_move(move)) == move


def full_check(state: GameState, move: Any) -> None:
    """Round-trips, notation and phrases of every legal move, immutability, garbage refused."""
    game = state.game
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data, "to_json must be plain JSON"
    assert game.from_json(data) == state
    assert game.from_text(state.to_text()) == state
    for legal in state.legal_moves():
        assert state.parse_move(state.format_move(legal)) == legal
        phrase = state.describe_move(legal)
        assert isinstance(phrase, str) and phrase
    for text in GARBAGE:
        with pytest.raises(InvalidMove):
            state.parse_move(text)
    after = state.play(move)
    assert after is not state
    assert state.to_json() == data, "play must leave its input unchanged"
    assert game.from_json(data) == state


def final_round_trips(state: GameState) -> None:
    """A finished game's position survives JSON and text, and still reports its outcome."""
    game = state.game
    for copy in (game.from_json(state.to_json()), game.from_text(state.to_text())):
        assert copy == state
        assert copy.outcome() == state.outcome()


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_light_random_playouts_end_and_round_trip(name: str, players: int) -> None:
    game = games.get(name)
    plies = 0
    for seed in range(share(PLAYOUTS, name)):
        if plies >= share(LIGHT_PLIES, name):
            break
        final, _, _ = playout(game, players, seed, light_check)
        plies += final.ply
        final_round_trips(final)
        result = final.outcome()
        assert result is not None and result.reason
        if players > 1:
            assert result.draw == (not result.winners)
        else:  # a solo game is won or lost, never drawn
            assert not result.draw and result.winners in ((), (0,))
        assert all(0 <= seat < players for seat in result.winners)


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_full_random_playouts_and_replayed_records(name: str, players: int) -> None:
    game = games.get(name)
    start = share(PLAYOUTS, name)
    plies = 0
    for seed in range(start, start + share(FULL_PLAYOUTS, name)):
        if plies >= share(FULL_PLIES, name):
            break
        final, record, options = playout(game, players, seed, full_check)
        plies += final.ply
        replay = game.new(players=players, seed=seed, options=options)
        for text in record:
            replay = replay.play(replay.parse_move(text))
        assert replay == final


@pytest.mark.parametrize("name", NAMES)
def test_options_and_factories_refuse_nonsense(name: str) -> None:
    game = games.get(name)
    with pytest.raises(ValueError):
        game.new(players=game.kind.max_players + 1)
    with pytest.raises(ValueError):
        game.new(players=game.kind.min_players, options={"no such option": 1})
    for corrupt in ({}, {"game": name}, [], "text", None):
        with pytest.raises(ValueError):
            game.from_json(corrupt)  # type: ignore[arg-type]
    for corrupt_text in ("", "nonsense", "\x00" * 10):
        with pytest.raises(ValueError):
            game.from_text(corrupt_text)


@pytest.mark.parametrize("name", NAMES)
def test_values_that_are_no_moves_are_invalid_moves(name: str) -> None:
    game = games.get(name)
    state = game.new(players=game.kind.min_players)
    notation = state.format_move(state.legal_moves()[0])
    for value in (None, 7, notation, (notation,), object()):
        for use in (state.play, state.format_move, state.describe_move):
            with pytest.raises(InvalidMove):
                use(value)


@pytest.mark.parametrize("name", NAMES)
def test_illegal_moves_raise_illegal_move_naming_a_rule(name: str) -> None:
    """Moves legal a ply earlier but not now are refused by `play` with a whole sentence."""
    game = games.get(name)
    refused = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new(players=game.kind.min_players, seed=seed)
        while state.outcome() is None and state.ply < 40:
            legal = set(state.legal_moves())
            after = state.play(rng.choice(list(legal)))
            if after.outcome() is not None:
                break
            for stale in legal - set(after.legal_moves()):
                with pytest.raises(IllegalMove) as error:
                    after.play(stale)
                message = str(error.value)
                assert message.endswith(".") and message[0].isupper()
                refused += 1
            state = after
    assert refused > 0


def view_check(state: GameState, move: Any) -> None:
    """Views answer like the full state and are views of one public position; every seat
    has a name; `reveals` answers a bool; a game without secrets shows everything."""
    public = state.view(None)
    seats = range(state.players)
    views = [public, *(state.view(seat) for seat in seats)]
    assert public.view(None) == public
    for view in views:
        assert view.view(None) == public
        assert view.current_player == state.current_player and view.ply == state.ply
        assert view.outcome() == state.outcome()
        for seat in seats:
            name = view.seat_name(seat)
            assert isinstance(name, str) and name.strip()
            assert name == state.seat_name(seat)
    if not state.game.kind.hidden_information:
        assert all(view == state for view in views)
    names_check(state)
    for legal in state.legal_moves():
        assert public.format_move(legal) == state.format_move(legal)
        assert isinstance(state.reveals(legal), bool)


def names_check(state: GameState) -> None:
    """A game whose seats are only numbered calls them by the names it is given, in its
    views and after a move too, and in its words; the names are no part of the position.
    A game with seat names of its own keeps them."""
    names = [f"Name {seat} Q" for seat in range(state.players)]
    named = state.named(names)
    assert named == state
    own = [state.seat_name(seat) for seat in range(state.players)]
    if not state.game.kind.numbered_seats:
        assert [named.seat_name(seat) for seat in range(state.players)] == own
        return
    assert [named.seat_name(seat) for seat in range(state.players)] == names
    assert [named.view(None).seat_name(seat) for seat in range(state.players)] == names
    seat, legal = state.current_player, state.legal_moves()
    if seat is None or not legal:
        outcome = named.outcome()
        assert outcome is not None and not any(name in outcome.reason for name in own)
        return
    said = named.describe_move(legal[0])
    assert names[seat] in said and own[seat] not in said
    assert named.play(legal[0]).seat_name(seat) == names[seat]


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_views_seat_names_and_reveals_answer_at_every_position(name: str, players: int) -> None:
    game = games.get(name)
    for seed in range(VIEW_PLAYOUTS):
        final, _, _ = playout(game, players, seed, view_check)
        view_check(final, None)


#: Random playouts per seating for the composer check, and how often it samples a position.
COMPOSER_PLAYOUTS = 2
COMPOSER_EVERY = 3


def composer_check(state: GameState, move: Any) -> None:
    """At every COMPOSER_EVERY-th ply: the composer of the mover's view offers exactly
    the legal moves, each choice on the way to at least one, with short, safe keys."""
    if state.ply % COMPOSER_EVERY:
        return
    seat = state.current_player
    assert seat is not None
    composer = Composer(state.view(seat))
    legal = list(state.legal_moves())
    assert sorted(map(repr, composer.moves.values())) == sorted(map(repr, legal))
    reached: list[Any] = []
    waiting: list[Path] = [()]
    while waiting:
        path = waiting.pop()
        offered = composer.choices(path)
        assert offered, f"{path} leads nowhere"
        for choice in offered:
            step = choice.step
            assert KEY.fullmatch(step.key), step.key
            assert step.label.strip(), step
            longer = (*path, step.key)
            assert len(write_path(longer)) <= MAX_PATH
            if choice.move is None:
                waiting.append(longer)
            else:
                assert composer.move_at(longer) == choice.move and not composer.choices(longer)
                reached.append(choice.move)
    assert sorted(map(repr, reached)) == sorted(map(repr, legal))
    assert move in composer.moves.values()


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_the_composer_offers_exactly_the_legal_moves(name: str, players: int) -> None:
    game = games.get(name)
    for seed in range(COMPOSER_PLAYOUTS):
        playout(game, players, seed, composer_check)


def public_steps(first: GameState, second: GameState, rng: random.Random) -> int:
    """Play the same random moves (by notation) on both; assert their public views agree
    after each; return how many positions were compared."""
    compared = 0
    while first.outcome() is None and first.ply < MAX_PLIES:
        move = rng.choice(first.legal_moves())
        try:
            twin = second.parse_move(first.format_move(move))
        except (InvalidMove, IllegalMove):
            break  # the secrets made a difference to what is legal: stop here
        first, second = first.play(move), second.play(twin)
        assert first.view(None).to_json() == second.view(None).to_json()
        compared += 1
    return compared


def seed_twin(game: Game, state: GameState, seed: int, options: dict[str, Any]) -> GameState | None:
    """Another seed's start with the same public view as `state` but other secrets, or None
    (no such seed among the next few, as when the seed deals the public start too: a
    shuffled grid in view of all)."""
    public = state.view(None).to_json()
    for other in range(seed + 1, seed + TWIN_TRIES):
        twin = game.new(players=state.players, seed=other, options=options)
        if twin != state and twin.view(None).to_json() == public:
            return twin
    return None


def dealt_steps(state: GameState, rng: random.Random) -> int:
    """Along a random playout, up to DEALT_POSITIONS positions: at each, the acting seat's
    view dealt again by the game's own `determinize` (the others' secrets and the unseen
    cards drawn anew) shows the same public view, and still does after the acting seat's
    move (typed) on both; return how many positions were compared (none when
    `determinize` deals nothing new)."""
    compared = 0
    while state.outcome() is None and state.ply < MAX_PLIES and compared < DEALT_POSITIONS:
        acting = state.current_player
        assert acting is not None
        view = state.view(acting)
        dealt = view.determinize(rng)
        if dealt in (state, view):
            return compared  # the game's `determinize` deals nothing (the default)
        assert dealt.view(None).to_json() == state.view(None).to_json()
        compared += 1
        move = rng.choice(state.legal_moves())
        after = state.play(move)
        try:
            twin = dealt.play(dealt.parse_move(state.format_move(move)))
        except (InvalidMove, IllegalMove):
            pass  # the others' secrets made a difference to what is legal
        else:
            assert after.view(None).to_json() == twin.view(None).to_json()
        state = after
    return compared


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_public_views_do_not_change_when_only_the_secrets_do(name: str, players: int) -> None:
    """Starts and positions with the same public view but different secrets (hands, decks).

    Each start's twin is another seed's start with the same public view (`seed_twin`): the
    same moves, typed, are played on both, and the public views must stay equal as long
    as the moves are legal in both. Along a playout, each position is dealt again from
    the acting seat's view (`dealt_steps`), which covers games whose seed deals the public
    start too. A public view that shows a secret, or anything computed from one, tells the
    twins apart; a game whose starts find no twin and that deals nothing new fails too.
    """
    game = games.get(name)
    if not game.kind.hidden_information:
        pytest.skip(f"{name} has no secrets (its views are the full state)")
    compared = 0
    for seed in range(5):
        rng = random.Random(seed)
        options = random_options(game, rng, players)
        state = game.new(players=players, seed=seed, options=options)
        twin = seed_twin(game, state, seed, options)
        if twin is not None:
            compared += public_steps(state, twin, rng)
        compared += dealt_steps(state, rng)
    assert compared, f"no two positions of {name} showed the same public view: secrets shown?"


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_a_retired_seat_never_acts_again_and_the_game_still_ends(name: str, players: int) -> None:
    """Seats retire at random moments. `retire` gives None (the match ends) or a valid
    position, from which the game still ends without that seat ever acting again; games
    of three seats or more must let the others play on at least sometimes."""
    game = games.get(name)
    retirements = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new(players=players, seed=seed, options=random_options(game, rng, players))
        gone: set[int] = set()
        while state.outcome() is None:
            assert state.ply < MAX_PLIES, f"{name} seed {seed} did not end"
            assert state.current_player not in gone, "a retired seat acted"
            seat = rng.randrange(players)
            after = state.retire(seat) if seat not in gone and rng.random() < 0.1 else None
            if after is None:
                state = state.play(choose(rng, state, state.legal_moves()))
                continue
            assert type(after) is type(state)
            assert game.from_json(after.to_json()) == after
            gone.add(seat)
            retirements += 1
            state = after
    if players >= 3:
        assert retirements, f"{name} with {players} seats never let the others play on"


def engine_hooks_check(state: GameState, move: Any) -> None:
    """The optional hooks of the playing engine keep their contract: `heuristic` is None
    or a float in [0, 1] for every seat (in the full state and in that seat's view; with
    two players the two seats' values add up to 1), `playout_move` draws a legal move,
    a game's own `winning_move` finds the move that playing every move finds (the
    default), `search_moves` keeps at least one legal move and nothing else (in the full
    state and in the acting seat's view), and `determinize` of a seat's view shows that
    seat the same view."""
    rng = random.Random(state.ply)
    for seat in range(state.players):
        for judged in (state, state.view(seat)):
            value = judged.heuristic(seat)
            assert value is None or (type(value) is float and 0.0 <= value <= 1.0), value
        view = state.view(seat)
        assert view.determinize(rng).view(seat) == view
    if state.players == 2 and (first := state.heuristic(0)) is not None:
        assert first + (state.heuristic(1) or 0.0) == pytest.approx(1.0)
    assert state.playout_move(rng) in state.legal_moves()
    if type(state).winning_move is not GameState.winning_move:  # the default plays every move
        assert state.winning_move() == GameState.winning_move(state)
    acting = state.current_player
    assert acting is not None
    for searched in (state, state.view(acting)):
        worth = searched.search_moves()
        assert worth and set(worth) <= set(searched.legal_moves()), worth


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_engine_hooks_answer_within_their_contract(name: str, players: int) -> None:
    game = games.get(name)
    for seed in range(VIEW_PLAYOUTS):
        playout(game, players, seed, engine_hooks_check)


def points_check(players: int) -> Callable[[GameState, Any], None]:
    """A check for one game: every seat's points or none, the same in every seat's view,
    and never lower than at the position before."""
    before: list[int | None] = [None] * players

    def check(state: GameState, move: Any) -> None:
        points = [state.points_so_far(seat) for seat in range(players)]
        assert all(p is None for p in points) or all(type(p) is int and p >= 0 for p in points)
        for seat in range(players):
            assert [state.view(seat).points_so_far(s) for s in range(players)] == points
            earlier, now = before[seat], points[seat]
            assert earlier is None or (now is not None and now >= earlier)
        before[:] = points

    return check


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_points_so_far_are_public_never_fall_and_count_in_the_final_scores(
    name: str, players: int
) -> None:
    """A game keeps a running score for every seat or for none (`points_check`), and the
    final scores are at least as high (a game may add a bonus at its end)."""
    game = games.get(name)
    for seed in range(VIEW_PLAYOUTS):
        final, _, _ = playout(game, players, seed, points_check(players))
        outcome = final.outcome()
        assert outcome is not None
        for seat in range(players):
            points = final.points_so_far(seat)
            if points is not None:
                assert outcome.scores is not None and outcome.scores[seat] >= points
