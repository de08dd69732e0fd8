"""Shifting Stones turns: shift and flip costs, scoring, skips, refills and reshuffles."""

from __future__ import annotations

import random

import pytest

from games import IllegalMove, InvalidMove
from games.shifting_stones import SHIFTING_STONES, End, Flip, Score, Shift, Skip, StonesState
from games.shifting_stones.stones import cell_index
from tests.games.shifting_stones_helpers import FILLER, grid, play, position

CARD = "1: sun fish"  # matches the helpers' GRID at a1


def two_players(**fields: object) -> StonesState:
    return position(
        2,
        [[CARD, FILLER, FILLER, FILLER], [FILLER] * 4],
        draw=[FILLER] * 6,
        **fields,  # type: ignore[arg-type]
    )


def test_a_shift_costs_the_named_card_and_swaps_the_stones() -> None:
    start = two_players()
    after = play(start, "shift a1 b1 pay 2")
    assert after.grid[0] == start.grid[1] and after.grid[1] == start.grid[0]
    assert after.hands[0] == (0, None, 2, 3)
    assert after.discard == (1,)
    assert after.current_player == 0, "the turn goes on"
    assert after.recent[-1].card == 1


def test_a_flip_costs_a_card_and_turns_the_stone_over() -> None:
    after = play(two_players(), "flip b2 pay 1")
    assert after.grid[cell_index("b2")] == grid("boat")[0] ^ 1  # boat -> horse
    assert after.discard == (0,)


def test_diagonal_shifts_are_refused_naming_the_rule() -> None:
    with pytest.raises(IllegalMove, match="side by side"):
        two_players().parse_move("shift a1 b2 pay 1")


def test_without_cards_there_is_nothing_to_pay_with() -> None:
    state = play(two_players(), *(f"flip a1 pay {n}" for n in (1, 2, 3, 4)))
    assert state.hand_size(0) == 0
    for text in ("flip a1 pay 1", "shift a1 b1 pay 2"):
        with pytest.raises(IllegalMove, match="costs a card"):
            state.play(Flip(0, 0) if "flip" in text else Shift(0, 1, 1))
    with pytest.raises(IllegalMove, match="no card left"):
        state.play(Score(0))
    assert [m for m in state.legal_moves()] == [End()]


def test_a_used_card_keeps_its_number_until_the_turn_ends() -> None:
    state = play(two_players(), "flip c3 pay 2")
    with pytest.raises(IllegalMove, match="Card 2 has been used already"):
        state.parse_move("flip c3 pay 2")
    with pytest.raises(IllegalMove, match="no card 5"):
        state.parse_move("score 5")
    assert state.parse_move("flip c3 pay 3") == Flip(8, 2)


def test_the_paying_card_may_be_left_out_only_when_one_card_is_left() -> None:
    state = play(two_players(), "flip a1 pay 1", "flip a1 pay 2", "flip a1 pay 3")
    assert state.parse_move("shift b1 c1") == Shift(1, 2, 3)
    with pytest.raises(InvalidMove, match="which card"):
        two_players().parse_move("shift b1 c1")


def test_scoring_a_matching_card_and_refusing_one_that_does_not_match() -> None:
    start = two_players()
    with pytest.raises(IllegalMove, match="does not match the grid"):
        start.parse_move("score 2")
    after = play(start, "score 1")
    assert after.scored[0] == (0,) and after.hands[0][0] is None
    flipped = play(start, "shift a1 b1 pay 3")  # fish sun: no longer sun fish
    with pytest.raises(IllegalMove, match="never turned"):
        flipped.parse_move("score 1")


def test_ending_the_turn_refills_to_four_from_the_top_of_the_draw_pile() -> None:
    state = play(two_players(), "flip c3 pay 2", "score 1", "end")
    assert state.hands[0] == (2, 3, 8, 9)
    assert state.draw == (10, 11, 12, 13)
    assert state.current_player == 1
    assert state.recent[-1].drew == 2


def test_a_skip_draws_two_and_cannot_follow_a_skip_or_an_action() -> None:
    start = two_players()
    with pytest.raises(IllegalMove, match="whole turn"):
        play(start, "flip a1 pay 2").parse_move("skip")
    state = play(start, "skip")
    assert state.hand_size(0) == 6 and state.current_player == 1
    state = play(state, "end")
    assert Skip() not in state.legal_moves()
    with pytest.raises(IllegalMove, match="two turns in a row"):
        state.parse_move("skip")
    later = play(state, "end", "end")  # a turn that was no skip clears the rule
    assert Skip() in later.legal_moves()


def test_an_empty_draw_pile_is_refilled_by_shuffling_the_discards() -> None:
    state = position(2, [[CARD] * 1 + [FILLER] * 3, [FILLER] * 4], discard=[FILLER] * 5)
    state = play(state, "flip a1 pay 2", "flip a1 pay 3", "end")
    assert state.recent[-1].reshuffled and state.recent[-1].drew == 2
    assert state.hand_size(0) == 4
    assert len(state.draw) == 5 and state.discard == ()
    assert sorted(state.draw + state.hands[0][2:]) == [1, 2, 8, 9, 10, 11, 12]
    assert state.shuffles == 1


def test_reshuffles_come_from_the_seed() -> None:
    def reshuffled(seed: int) -> tuple[int, ...]:
        state = position(2, [[FILLER] * 4, [FILLER] * 4], discard=[FILLER] * 9, seed=seed)
        return play(state, "flip a1 pay 1", "end").draw

    assert reshuffled(1) == reshuffled(1)
    assert len({reshuffled(seed) for seed in range(6)}) > 1


def test_with_both_piles_empty_fewer_cards_are_drawn() -> None:
    state = play(position(2, [[CARD, FILLER], [FILLER]]), "score 1", "end")
    assert state.hands[0] == (1,) and state.recent[-1].drew == 0


def test_only_ending_and_skipping_reveal() -> None:
    state = two_players()
    assert state.reveals(End()) and state.reveals(Skip())
    assert not any(state.reveals(m) for m in (Shift(0, 1, 0), Flip(0, 0), Score(0)))


def test_the_record_of_the_turn() -> None:
    state = play(two_players(), "flip a1 pay 2", "flip a1 pay 3")
    assert [a.move for a in state.recent] == [Flip(0, 1), Flip(0, 2)]
    state = play(state, "end")
    assert [a.move for a in state.recent] == [Flip(0, 1), Flip(0, 2), End()]
    state = play(state, "flip b1 pay 1")
    assert [(a.seat, a.move) for a in state.recent] == [(1, Flip(1, 0))]


def _end_label(state: StonesState) -> str:
    (step,) = state.move_steps(End())
    return str(step.label)


def test_ending_a_turn_says_how_many_cards_it_draws_and_never_zero() -> None:
    full = two_players()
    assert _end_label(full) == "end the turn"
    assert str(full.describe_move(End())).endswith("ends the turn")  # not "draws 0 cards"
    paid = play(full, "shift a1 b1 pay 2")
    assert _end_label(paid) == "end the turn and draw 1 card"
    assert str(paid.describe_move(End())).endswith("ends the turn and draws 1 card")


def test_ending_a_solo_turn_without_scoring_says_it_costs_a_strike() -> None:
    solo = position(1, [[CARD, FILLER, FILLER, FILLER]], draw=[FILLER] * 6)
    assert _end_label(solo) == "end the turn (a strike: no card scored this turn)"
    (skip,) = solo.move_steps(Skip())
    assert str(skip.label).endswith("(a strike: no card scored this turn)")
    scored = play(solo, "score 1")
    assert _end_label(scored) == "end the turn and draw 1 card"  # a card scored: no strike
    assert "strike" not in _end_label(two_players())  # only the solo game has strikes


def _undoes(move: object, last: object) -> bool:
    if isinstance(move, Shift) and isinstance(last, Shift):
        return (move.first, move.second) == (last.first, last.second)
    return isinstance(move, Flip) and isinstance(last, Flip) and move.cell == last.cell


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_engine_never_searches_or_plays_out_a_change_undoing_the_last(players) -> None:
    """The easy level shifted b2-b3 and then b3-b2 back: two cards for nothing."""
    rng = random.Random(players)
    offered = 0
    for game in range(10):
        state = SHIFTING_STONES.new(players, seed=game)
        while state.outcome() is None and state.ply < 200:
            done = state.this_turn()
            last = done[-1].move if done else None
            if isinstance(last, Shift | Flip):
                offered += 1
                assert not any(_undoes(m, last) for m in state.search_moves()), state.to_text()
                for _ in range(5):
                    assert not _undoes(state.playout_move(rng), last)
            # any legal action (a player's) or one the engine would search
            moves = state.legal_moves() if rng.random() < 0.5 else state.search_moves()
            state = state.play(rng.choice(list(moves)))
    assert offered > 20  # changes were played, and what came next was looked at
