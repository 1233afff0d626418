"""A Great War in the East campaign before play: its scenario, the players' DEPLOY orders and
the closing of each side's deployment."""
