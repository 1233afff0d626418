"""The phase engine: (state, orders, dice) -> (new state, results, log). No I/O, no clock."""
