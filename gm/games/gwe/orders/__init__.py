"""Great War in the East's typed orders (docs/orders-gwe.md), each checking itself against the
state and data and citing the rule case of every refusal."""
