"""Shifting Stones' phrasebook: the game's texts players read are phrases of its catalogue
(`locales/<language>.po` beside this module), written with `say`."""

from __future__ import annotations

from games.wording import Phrasebook

say = Phrasebook(__package__ or __name__)
