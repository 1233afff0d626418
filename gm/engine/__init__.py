"""What every game system's engine shares: the results of orders and the timeline of a phase
(gm.engine.results), and the sequence of play as data (gm.engine.sequence). No I/O, no clock."""
