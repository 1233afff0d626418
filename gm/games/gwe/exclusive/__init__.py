"""The four games of Great War in the East, each a package of its own Exclusive Rules (15.0 on),
scenarios, rulebook index and data sets, declaring itself as one value on the seam
(gm.games.gwe.rules.exclusive); gm/games/gwe/games.py catalogues them."""
