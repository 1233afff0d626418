"""The game systems: the seam (gm.games.system), each system in its own package
(gm/games/rcw: Russian Civil War), and the registry that finds a campaign's system by name."""
