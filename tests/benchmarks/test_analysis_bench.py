"""benchmarks/analysis.py: the figures it judges the analysis by."""

from __future__ import annotations

import pytest

from benchmarks.analysis import JUMP, figures


def test_the_mean_change_and_the_share_of_jumps() -> None:
    assert figures([]) == (0.0, 0.0)
    mean, jumps = figures([0.05, 0.1, JUMP, JUMP + 0.01])  # a jump is more than 40 points
    assert mean == pytest.approx((0.15 + 2 * JUMP + 0.01) / 4) and jumps == 0.25
