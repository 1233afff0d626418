"""The phase engine: the working Board, one module per step, the postal mode (postal.py)."""
