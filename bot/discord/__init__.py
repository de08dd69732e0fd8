"""Shiftcord on Discord: slash commands, buttons, a thread per match and reminders.

`bot.discord.client.ShiftcordClient` is the bot; what players read and see comes from
`bot.presentation`, shared with the local console.
"""
