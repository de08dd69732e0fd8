"""What players read and see, the same on every face (Discord and the console).

The words (`text`; its event and challenge sentences kept whole, with named placeholders,
in the catalogue `messages`), game options typed as text (`options`), pictures with their
alt text (`pictures`) and refusals (`errors`; the lower layers' keyed `Message`s are
written from `refusals` by `catalogue`), as pure functions of the match service's
records. Nothing here knows Discord: a face supplies a `text.Style` that writes members,
channels and times its way.
"""
