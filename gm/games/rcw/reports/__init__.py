"""The reports of this game: the report model of a phase, the position, the map."""
