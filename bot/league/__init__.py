"""Server leagues, pure and typed (no SQL, no Discord, no clock reads): who plays whom in
each round, in which seat order, and the standings.

- `records`: `Pairing` (seats[0] moves first), `Round`, `Result` (places by seat) and
  points (win 1, draw 1/2, bye 1; tables by place); each player's `History`.
- `plan`: `LeagueFormat` and `next_round`, the entry point over the pairing modules:
  `roundrobin` (circle method), `swiss` (score groups, no repeats, colours) with
  `matching` (Edmonds' blossom algorithm keeps a round pairable), `tables` (three to five
  seats).
- `leagues`: a `League` as the bot keeps it (its format and status), its `Entrant`s and
  the `Board`s of its rounds.
- `standings`: points, Sonneborn-Berger, Buchholz and median Buchholz, shared places.
- `forfeits`: a player who leaves forfeits the games they have not played.
- `deadlines`: when a round ends, and the adjudication of matches still going then.
"""
