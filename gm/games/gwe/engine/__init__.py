"""One Phase of a Game-Turn adjudicated from the players' written orders (docs/cases-gwe.md)."""
