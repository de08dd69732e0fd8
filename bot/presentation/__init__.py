"""What players read and see, the same on every face (Discord, the console, the web board).

The words come in one catalogue module per subject, each holding its whole sentences
(named placeholders, translated as they are) and the pure functions that fill them from
the match service's records: `matches` (a match's thread and the private answer to an
action), `results`, `challenges`, `clocks`, `deadlines` (and reminders), `history`,
`stats`, `game_rules`, `options`, `settings`, `league_words`, `composer` (with
`composing`, the composer's pages), `hints` and `analysis`; the keyed refusals are in
`refusals`, written by `catalogue`, and `errors` says which errors are the player's.
`writing` shapes every text (the face's `Style`, lists, the message limits); `parsing`
reads what players type (clocks, options, warning hours); `pictures` draws boards with
their alt text; `language` speaks each player's language and `extraction` makes the
translators' templates.

Nothing here knows a face: a face gives a `writing.Style` that writes members, channels
and times its own way, and keeps its own words in `bot/<face>/words.py`.
"""
