"""The last call of a pure function, remembered: every reader's report of a phase asks for the
same map, the same shared parts and the same SVG, one after another."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def _same(a: object, b: object) -> bool:
    return a is b or a == b  # the same object first: states and data sets compare deep


def last_call(function: Callable[P, R]) -> Callable[P, R]:
    """`function` (pure) again with the same arguments gives the result it gave last."""
    last: list[tuple[tuple[object, ...], dict[str, object], R]] = []

    @functools.wraps(function)
    def remembered(*args: P.args, **kwargs: P.kwargs) -> R:
        if last:
            known_args, known_kwargs, result = last[0]
            if len(known_args) == len(args) and known_kwargs.keys() == kwargs.keys() and all(
                    _same(a, b) for a, b in zip(known_args, args, strict=True)) and all(
                    _same(known_kwargs[k], v) for k, v in kwargs.items()):
                return result
        result = function(*args, **kwargs)
        last[:] = [(tuple(args), dict(kwargs), result)]
        return result

    return remembered
