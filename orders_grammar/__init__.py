"""The order language of shared/spec/orders.md: Lark grammar and transformer (issue 3)."""
