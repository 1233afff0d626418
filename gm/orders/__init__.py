"""What every game system's orders share: the order base class (gm.orders.order) and the
refusal of an order that breaks a rule, with the rule case it cites (gm.orders.refusal)."""
