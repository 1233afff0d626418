"""Players' orders: typed order objects, their normal form and their static legality."""
