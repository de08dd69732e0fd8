"""The Shiftcord application: settings, the SQLite store, the match service and Discord."""
