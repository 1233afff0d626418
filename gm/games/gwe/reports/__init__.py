"""What Great War in the East shows the GM: for now, its map drawn (`gm data map --game gwe`)."""
