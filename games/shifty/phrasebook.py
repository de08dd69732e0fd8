"""Shifty's phrasebook: every text of the game players read is a phrase of its catalogue
(`locales/<language>.po` beside this module), written with `say`."""

from __future__ import annotations

from games.wording import Phrasebook

say = Phrasebook(__package__ or __name__)
