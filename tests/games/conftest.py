"""The test games (tests/testgames) join the generic tests of this package: they are
registered, pictures included, while its tests run, and removed after them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.testgames import installed


@pytest.fixture(autouse=True, scope="package")
def test_games_installed() -> Iterator[None]:
    """Register every test game for this package's tests."""
    with installed():
        yield
