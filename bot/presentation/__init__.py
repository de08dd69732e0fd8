"""What players read and see, the same on every face (Discord and the console).

The words (`text`), game options typed as text (`options`) and pictures with their alt
text (`pictures`), as pure functions of the match service's records. Nothing here knows
Discord: a face supplies a `text.Style` that writes members, channels and times its way.
"""
