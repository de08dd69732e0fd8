"""Shiftcord on Discord: slash commands, buttons, a thread per match and reminders.

`bot.discord.client.ShiftcordBot` is the bot; the words (`text`), options (`options`) and
pictures (`pictures`) are shared with the local console.
"""
