"""The order language of docs/orders.md: Lark grammar and transformer (issue 3)."""
