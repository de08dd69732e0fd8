"""How Shifting Stones' learned value reads a position (`games.shifting_stones.value`):
each card as the grid makes it, hands sorted, the lead with the bonus, the race to the
end; the other hand unseen in a view; two players only."""

from __future__ import annotations

from dataclasses import replace

from games.shifting_stones import SHIFTING_STONES
from games.shifting_stones.odds import FAR
from games.shifting_stones.value import (
    EMPTY,
    LEAD,
    MOST_LEAD,
    OTHER,
    OTHER_LEFT,
    OWN,
    OWN_LEFT,
    TRIGGERED,
    UNSEEN,
)
from tests.games.shifting_stones_helpers import FILLER, position

#   a     b     c
# 1 sun   fish  horse
# 2 bird  boat  seed
# 3 horse tree  seed
NOW_TWO = "2: sun fish"  # shows at a1: distance 0, worth 2
NOW_ONE = "1: bird / horse"  # shows at a2: distance 0, worth 1
ONE_AWAY_FIVE = "5: fish sun"  # swapping a1 and b1: distance 1, worth 5
FAR_THREE = "3: seed moon horse"  # far off, worth 3


def card_cell(away: int, value: int) -> int:
    """The cell of a card `away` changes from scoring and worth `value` points."""
    return 2 + 4 * away + {5: 0, 3: 1, 2: 2, 1: 3}[value]


def hands(cells: list[int]) -> tuple[list[int], list[int]]:
    """The seat's own hand's cells and the other's."""
    return cells[OWN : OWN + 4], cells[OTHER : OTHER + 4]


def test_a_hand_reads_nearest_then_dearest_whatever_its_order() -> None:
    mine = [FAR_THREE, NOW_ONE, ONE_AWAY_FIVE, NOW_TWO]
    state = position(2, [mine, [FILLER] * 4])
    again = position(2, [list(reversed(mine)), [FILLER] * 4])
    expected = [card_cell(0, 2), card_cell(0, 1), card_cell(1, 5), card_cell(FAR, 3)]
    assert hands(state.value_cells(0))[0] == expected
    assert hands(again.value_cells(0))[0] == expected


def test_each_seat_reads_its_own_hand_first() -> None:
    state = position(2, [[NOW_TWO] * 4, [ONE_AWAY_FIVE] * 4])
    assert hands(state.value_cells(0)) == ([card_cell(0, 2)] * 4, [card_cell(1, 5)] * 4)
    assert hands(state.value_cells(1)) == ([card_cell(1, 5)] * 4, [card_cell(0, 2)] * 4)


def test_a_view_reads_the_other_hand_as_unseen_and_used_places_as_empty() -> None:
    state = position(2, [[NOW_TWO] * 4, [NOW_ONE] * 4])
    used = replace(state, hands=((None, None, *state.hands[0][2:]), state.hands[1]))
    assert hands(used.view(0).value_cells(0)) == (
        [card_cell(0, 2)] * 2 + [EMPTY] * 2,
        [UNSEEN] * 4,
    )


def test_a_hand_of_six_after_a_skip_reads_its_best_four() -> None:
    state = position(2, [[FAR_THREE] * 4 + [NOW_ONE, NOW_TWO], [FILLER] * 4])
    assert (
        hands(state.value_cells(0))[0]
        == [card_cell(0, 2), card_cell(0, 1)] + [card_cell(FAR, 3)] * 2
    )


def test_the_lead_counts_the_bonus_and_is_told_apart_up_to_nine() -> None:
    # seat 0 has scored 5 + 1 (the bonus: the only 1-point card), seat 1 has scored 3
    scored = [[ONE_AWAY_FIVE, NOW_ONE], [FAR_THREE]]
    state = position(2, [[FILLER] * 4, [FILLER] * 4], scored=scored)
    assert state.value_cells(0)[LEAD] == MOST_LEAD + (6 + 3 - 3)
    assert state.value_cells(1)[LEAD] == MOST_LEAD - (6 + 3 - 3)
    far_ahead = position(2, [[FILLER] * 4, [FILLER] * 4], scored=[[ONE_AWAY_FIVE] * 2, []])
    assert far_ahead.value_cells(0)[LEAD] == 2 * MOST_LEAD
    assert far_ahead.value_cells(1)[LEAD] == 0


def test_the_race_to_the_end_is_read_for_both_seats() -> None:
    scored = [[FILLER] * 7, [FILLER] * 10]
    state = position(2, [[FILLER] * 4, [FILLER] * 4], scored=scored, triggered=True)
    cells = state.value_cells(0)
    assert (cells[OWN_LEFT], cells[OTHER_LEFT], cells[TRIGGERED]) == (3, 0, 1)
    start = SHIFTING_STONES.new(2, seed=5).value_cells(1)
    assert (start[OWN_LEFT], start[OTHER_LEFT], start[TRIGGERED]) == (10, 10, 0)


def test_only_two_player_games_running_have_a_learned_value() -> None:
    assert SHIFTING_STONES.new(1, seed=5).value_cells(0) is None
    assert SHIFTING_STONES.new(3, seed=5).value_cells(0) is None
    ended = replace(SHIFTING_STONES.new(2, seed=5), ending="round")
    assert ended.value_cells(0) is None
