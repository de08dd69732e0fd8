"""Shifting Stones endings: the trigger by player count, equal turns, the bonus, shared wins,
every solo ending, and players leaving."""

from __future__ import annotations

import pytest

from games.shifting_stones import StonesState
from games.shifting_stones.rules import END_TRIGGER
from tests.games.shifting_stones_helpers import FILLER, play, position

CARD = "1: sun fish"  # matches the helpers' GRID
TWO = "2: horse tree seed"  # matches too, worth 2


def racing(players: int, seat: int, scored: list[list[str]] | None = None) -> StonesState:
    """`seat` to act, one card short of the end trigger, holding a card that scores."""
    piles = scored or [
        [TWO] * (END_TRIGGER[players] - 1 if s == seat else 0) for s in range(players)
    ]
    hands = [[CARD if s == seat else FILLER] + [FILLER] * 3 for s in range(players)]
    return position(players, hands, draw=[FILLER] * 30, scored=piles, turn=seat)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("first", [True, False])
def test_the_trigger_plays_the_round_out_so_all_have_equal_turns(players: int, first: bool) -> None:
    seat = 0 if first else players - 1
    state = play(racing(players, seat), "score 1")
    assert state.triggered and state.outcome() is None, "the trigger ends nothing at once"
    assert len(state.scored[seat]) == END_TRIGGER[players]
    state = play(state, "end")
    for later in range(seat + 1, players):
        assert state.current_player == later
        state = play(state, "end")
    assert state.outcome() is not None and state.current_player is None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_card_short_does_not_trigger(players: int) -> None:
    state = racing(players, 0, [[TWO] * (END_TRIGGER[players] - 2)] + [[]] * (players - 1))
    state = play(state, "score 1")
    assert not state.triggered
    for _ in range(players):
        state = play(state, "end")
    assert state.outcome() is None and state.current_player == 0


def finish(scored: list[list[str]]) -> StonesState:
    """Two players; the last seat scores its tenth card and ends: the game is over."""
    return play(racing(2, 1, scored), "score 1", "end")


def test_the_bonus_goes_to_the_most_one_point_cards_and_the_highest_total_wins() -> None:
    final = finish([["1: sun fish"] * 4 + [TWO] * 3, [TWO] * 9])
    result = final.outcome()
    assert result is not None
    # Player 1: 4 + 6 + 3 bonus = 13; Player 2: 18 + the card 1 scored now = 19, with 1 one.
    assert result.scores == (13, 19)
    assert result.winners == (1,) and not result.draw
    assert "Player 1 gains 3 points" in result.reason
    assert "Player 2 wins with 19 points." in result.reason
    assert "scored 10 or more cards" in result.reason


def test_tied_one_point_counts_all_get_the_bonus() -> None:
    final = finish([["1: sun fish"] * 1 + [TWO] * 2, [TWO] * 9])
    result = final.outcome()
    assert result is not None
    assert result.scores == (1 + 4 + 3, 18 + 1 + 3)
    assert "Player 1 and Player 2 each gain 3 points" in result.reason


def test_equal_totals_share_the_win() -> None:
    # Player 2 ends with 9 twos and a one: 19 + 3 bonus = 22; Player 1 the same.
    final = finish([[TWO] * 9 + ["1: sun fish"], [TWO] * 9])
    result = final.outcome()
    assert result is not None
    assert result.scores == (22, 22)
    assert result.winners == (0, 1) and not result.draw
    assert "Player 1 and Player 2 share the win with 22 points." in result.reason


def test_no_bonus_without_one_point_cards() -> None:
    state = position(2, [[FILLER], [TWO]], scored=[[TWO] * 3, [TWO] * 9], turn=1)
    result = play(state, "score 1", "end").outcome()
    assert result is not None and result.scores == (6, 20)
    assert "bonus" not in result.reason and "gain" not in result.reason


# ----- solo -----------------------------------------------------------------------------


def solo(hand: list[str], scored: int = 0, strikes: int = 0) -> StonesState:
    return position(1, [hand], draw=[FILLER] * 6, scored=[[TWO] * scored], strikes=strikes)


def test_solo_a_turn_without_scoring_is_a_strike_and_the_fourth_loses() -> None:
    state = solo([CARD, FILLER, FILLER, FILLER])
    for strike in (1, 2, 3):
        state = play(state, "flip c3 pay 2" if strike == 1 else "end")
        if strike == 1:
            state = play(state, "end")
        assert state.strikes == strike and state.recent[-1].strike
        assert state.current_player == 0
    state = play(state, "end")
    result = state.outcome()
    assert result is not None
    assert result.winners == () and result.draw is False
    assert "strike 4" in result.reason and "lost" in result.reason
    assert result.scores == (0,)


def test_solo_a_skip_is_a_strike_too() -> None:
    state = play(solo([FILLER] * 4, strikes=3), "skip")
    assert state.outcome() is not None and state.outcome().winners == ()  # type: ignore[union-attr]


def test_solo_a_turn_that_scores_is_no_strike() -> None:
    state = play(solo([CARD, FILLER]), "score 1", "end")
    assert state.strikes == 0 and not state.recent[-1].strike


def test_solo_scoring_every_card_wins_at_once() -> None:
    state = position(1, [[CARD]], scored=[[TWO] * 15], strikes=3)
    assert len(state.cards) == 16
    state = play(state, "score 1")
    result = state.outcome()
    assert result is not None and state.current_player is None
    assert result.winners == (0,) and not result.draw
    assert result.scores == (31,)
    assert "all 16 cards with 3 strikes" in result.reason


def test_solo_games_are_dealt_the_rulings_sixteen_cards() -> None:
    from games.shifting_stones import SHIFTING_STONES

    for seed in range(5):
        state = SHIFTING_STONES.new(1, seed=seed)
        values = sorted(card.value for card in state.cards)
        assert values == [1] * 8 + [2] * 4 + [3] * 3 + [5]
        assert len(state.draw) == 12 and state.hand_size(0) == 4
    assert SHIFTING_STONES.new(1, seed=1).cards != SHIFTING_STONES.new(1, seed=2).cards


# ----- leaving --------------------------------------------------------------------------


def test_a_player_who_leaves_discards_the_hand_and_the_others_play_on() -> None:
    state = racing(3, 0)
    left = state.retire(1)
    assert left is not None and left.retired == (False, True, False)
    assert left.hands[1] == () and set(state.hands[1]) <= set(left.discard)
    assert left.current_player == 0
    after = play(left, "end")
    assert after.current_player == 2, "the seat that left is passed over"
    alone = after.retire(0)
    assert alone is not None
    result = alone.outcome()
    assert result is not None and result.winners == (2,)
    assert "last player left" in result.reason


def test_leaving_ends_two_player_and_solo_games() -> None:
    assert racing(2, 0).retire(0) is None
    assert solo([FILLER]).retire(0) is None


def test_the_seat_to_act_leaving_passes_the_turn_and_may_finish_the_round() -> None:
    state = play(racing(3, 1), "score 1")
    assert state.triggered
    left = state.retire(1)
    assert left is not None and left.current_player == 2
    final = left.retire(2)
    assert final is not None and final.outcome() is not None
