"""The bottom layer, common to every game system: errors, the dice, YAML with line numbers,
and what every game state has (gm.core.state)."""
