"""The game's data: map and counters read from data files, validated by a schema."""
