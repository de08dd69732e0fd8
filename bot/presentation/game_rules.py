"""What players read about a game's rules for /rules: its summary and player counts, its
options (each written by `options.describe_option`) and how to type its moves. Whole
sentences with named placeholders, then the function that fills them.
"""

from __future__ import annotations

import games
from bot.presentation.catalogue import fill
from bot.presentation.language import localised
from bot.presentation.options import describe_option
from bot.presentation.writing import unwrapped

RULES_HEAD = "**{game}** ({player_count})\n{summary}"
RULES_HEAD_RANGE = "**{game}** ({least} to {most} players)\n{summary}"
HOW_TO_MOVE = "**How to type moves**"
OPTIONS_HEAD = "Options for `/challenge options:`"
OPTION_LINE = "- {option}"


def rules_text(game: games.Game) -> str:
    """A game's summary, player counts, options and how to type its moves, for /rules (it
    may be longer than one message)."""
    summary = localised(game.kind.summary).strip()
    if game.kind.min_players == game.kind.max_players:
        head, counts = RULES_HEAD, {"player_count": game.kind.min_players}
    else:
        head, counts = (
            RULES_HEAD_RANGE,
            {"least": game.kind.min_players, "most": game.kind.max_players},
        )
    text = fill(head, game=game.title, summary=summary, **counts)
    if game.kind.options:
        options = [fill(OPTION_LINE, option=describe_option(o)) for o in game.kind.options]
        text += "\n\n" + "\n".join([fill(OPTIONS_HEAD), *options])
    if game.kind.notation_help:
        text += "\n\n" + "\n".join(
            [fill(HOW_TO_MOVE), unwrapped(localised(game.kind.notation_help))]
        )
    return text.strip()
