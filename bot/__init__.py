"""The Shiftcord application: settings, the store (SQLite or PostgreSQL), the match service
and Discord."""
