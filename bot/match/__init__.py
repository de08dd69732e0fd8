"""The match rules: pure, typed decisions about matches (no SQL, no Discord, no clocks).

- `records`: matches, challenges and results as immutable records.
- `actions`: every match action, defined once (`MatchAction`), and `Request`.
- `events`: what an action did, as typed events.
- `rules.decide`: given a match, who acts and what they ask, the `Decision` (the record
  after it, the new position, log lines, events) or a refusal (`errors`) in words.
- `consent`: draw offers and takebacks; `seating`: who sits where; `ratings`: places
  and openskill ratings; `replay`: positions rebuilt from a log; `phrases`: what they
  say as a key of the presentation's catalogue and named values (members by id).
"""
