"""The order language of this game: orders.lark, the transformer to typed orders, names."""
