"""Typed orders (model.py) and their static legality, each kind checked by its own rule."""
