"""Tickets, and a piece's holding of them.

``Ticket`` values 0-2 equal the ``Transport`` they pay for, so a ticket and its
line index the same tables.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from engine.board import Transport


class Ticket(IntEnum):
    """A ticket: one of the three detective transports, black, or double-move."""

    TAXI = 0
    BUS = 1
    UNDERGROUND = 2
    BLACK = 3
    DOUBLE = 4

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, name: str) -> Ticket:
        """The ticket called *name* (``"taxi"``, ``"bus"``, ``"underground"``, ``"black"``, ``"double"``)."""
        try:
            return cls[name.upper()]
        except (KeyError, AttributeError):
            raise ValueError(f"no such ticket: {name!r}") from None

    @property
    def transport(self) -> Transport:
        """The transport a taxi, bus or underground ticket pays for."""
        if self > Ticket.UNDERGROUND:
            raise ValueError(f"a {self} ticket is not tied to one transport")
        return Transport(self.value)


TRANSPORT_TICKETS = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)
"""The tickets detectives hold, one per transport (the ferry has none)."""


class Tickets(NamedTuple):
    """Counts of each kind of ticket, indexable by ``Ticket``.

    >>> Tickets(taxi=11, bus=8, underground=4)[Ticket.BUS]
    8
    """

    taxi: int = 0
    bus: int = 0
    underground: int = 0
    black: int = 0
    double: int = 0

    def as_dict(self) -> dict[str, int]:
        """The counts by ticket name, leaving out zeros (for records and configs)."""
        return {name: count for name, count in self._asdict().items() if count}

    @classmethod
    def from_dict(cls, counts: dict[str, int]) -> Tickets:
        """The inverse of ``as_dict``; unknown names and non-integer counts are refused."""
        values = [0] * len(Ticket)
        for name, count in counts.items():
            if not isinstance(count, int) or isinstance(count, bool):
                raise ValueError(f"ticket count for {name!r} is not a whole number: {count!r}")
            values[Ticket.parse(name)] = count
        return cls(*values)

    def __str__(self) -> str:
        return ", ".join(f"{count} {name}" for name, count in self.as_dict().items()) or "no tickets"
