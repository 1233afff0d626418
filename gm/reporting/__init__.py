"""The GM report: one model per phase (and player), rendered to text, HTML with a map, JSON."""
