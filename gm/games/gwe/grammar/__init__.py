"""Great War in the East's order language (docs/orders-gwe.md): its Lark grammar and the
transformer to typed orders."""
