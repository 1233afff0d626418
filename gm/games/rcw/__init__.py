"""SPI's Russian Civil War 1918-1922 as a game system: everything of this game, and only here
(its system value: gm.games.rcw.system.RUSSIAN_CIVIL_WAR)."""
