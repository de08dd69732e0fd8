"""The web board, a face of its own beside Discord and the console: a page where a tap on
the board picture plays, live as others move, with the moves to step through.

It is built on the presentation and the service only (`bot.web.board` says what a page
shows its viewer, `bot.web.server` serves it through aiohttp, `bot.web.live` keeps open
pages current, `bot.web.tokens` and `bot.web.guard` sign members in and bound what they
ask); nothing here names a game: where choices sit on a picture is each game's picture
module's knowledge (`render.board_places`). The page itself is a plain script served from
`static/`, no build step.
"""
