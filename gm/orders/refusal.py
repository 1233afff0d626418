"""An order that breaks a rule: what the player is told and the rule case it cites."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from gm.orders.order import Order


@dataclass(frozen=True)
class Breach:
    """A rule an order breaks: the reason, in the player's words, and the rule case cited
    (`7.11`, or several: `5.14, 7.22, 13.25`)."""

    message: str
    rule: str

    def __post_init__(self) -> None:
        if not self.rule:
            raise ValueError(f"a refusal cites its rule case: {self.message!r}")


Breaches = Iterator[Breach]
OrderT = TypeVar("OrderT", bound=Order)


@dataclass(frozen=True)
class Refusal(Generic[OrderT]):
    """An order refused whole, and why."""

    order: OrderT
    breach: Breach

    @property
    def message(self) -> str:
        return self.breach.message

    @property
    def rule(self) -> str:
        return self.breach.rule
