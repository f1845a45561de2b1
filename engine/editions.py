"""Editions of the game as data: a ``Ruleset`` says everything an edition changes.

The three shipped editions are the columns of the edition table in
``docs/RULES.md``; a custom ruleset is any of them with fields replaced:

>>> from dataclasses import replace
>>> short = replace(REISSUE, name="short", length=10, reveal_moves=frozenset({2, 5, 9}))
>>> short.is_last_round(10, moves_made=10)
True
>>> find_ruleset("classic").mister_x_tickets(detectives=4).black
4
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from types import MappingProxyType
from typing import Any

from engine.board import Station, Transport
from engine.tickets import Tickets


class Length(Enum):
    """What the game length counts: rounds played, or Mister X's moves."""

    ROUNDS = "rounds"
    MOVES = "moves"


class TicketFlow(Enum):
    """Where a detective's used ticket goes (rule 10)."""

    SUPPLY = "supply"
    MISTER_X = "mister_x"


class StartDeal(Enum):
    """How start stations are dealt (rule 1)."""

    SPLIT = "split"
    """Detectives and bobbies draw from the 'D' cards, Mister X from the 'X' cards."""
    SHARED = "shared"
    """Everyone draws from one deck."""
    FIXED = "fixed"
    """Detectives then bobbies take the detective stations in order; Mister X the first X station."""


@dataclass(frozen=True)
class Ruleset:
    """Everything that differs between editions. Shipped editions: ``EDITIONS``."""

    name: str
    length: int
    """The number of rounds or of Mister X's moves, as ``length_unit`` says."""
    length_unit: Length
    reveal_moves: frozenset[int]
    transports: frozenset[Transport]
    """The lines in use; nobody travels a line of another transport, not even by black ticket."""
    detective_tickets: Tickets
    mister_x_own_tickets: Tickets
    """Mister X's tickets at the start (black is replaced per detective when ``black_per_detective``)."""
    box_tickets: Tickets | None
    """The box's taxi/bus/underground tickets; what detectives do not hold is the general supply.
    ``None``: no general supply."""
    ticket_flow: TicketFlow
    players: tuple[int, int]
    """Fewest and most players, Mister X included."""
    bobbies_by_players: Mapping[int, int]
    detective_starts: tuple[Station, ...]
    mister_x_starts: tuple[Station, ...]
    start_deal: StartDeal
    black_per_detective: bool = False
    min_detectives: int = 2
    max_detectives: int = 5
    description: str = field(default="", compare=False)

    uses: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    """Whether each transport's lines are in use, indexed by ``Transport`` (for hot loops)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "bobbies_by_players", MappingProxyType(dict(self.bobbies_by_players)))
        object.__setattr__(self, "uses", tuple(t in self.transports for t in Transport))
        if self.length < 1:
            raise ValueError(f"ruleset {self.name!r}: the game length must be at least 1")
        if any(move < 1 for move in self.reveal_moves):
            raise ValueError(f"ruleset {self.name!r}: reveal moves are counted from 1")
        if not 1 <= self.min_detectives <= self.max_detectives:
            raise ValueError(f"ruleset {self.name!r}: detective limits {self.min_detectives}..{self.max_detectives}")
        if Transport.TAXI not in self.transports:
            raise ValueError(f"ruleset {self.name!r}: a game without taxis cannot be played")
        if self.detective_tickets.black or self.detective_tickets.double:
            raise ValueError(f"ruleset {self.name!r}: detectives never hold black or double-move tickets")

    def __reduce__(self) -> tuple[Callable[..., Ruleset], tuple[Any, ...]]:
        """Pickled by its fields (a read-only mapping does not pickle): views travel to a computer player's worker."""
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.init}
        values["bobbies_by_players"] = dict(self.bobbies_by_players)
        return _ruleset_from, (values,)

    def detectives_for(self, players: int) -> int:
        """Detectives in a game of *players* (Mister X counted): players - 1, at least the minimum."""
        return max(players - 1, self.min_detectives)

    def bobbies_for(self, players: int) -> int:
        """Bobbies in a game of *players*, by the edition's table (0 when it has none)."""
        return self.bobbies_by_players.get(players, 0)

    def mister_x_tickets(self, detectives: int) -> Tickets:
        """Mister X's tickets at the start of a game with *detectives* detectives."""
        if self.black_per_detective:
            return self.mister_x_own_tickets._replace(black=detectives)
        return self.mister_x_own_tickets

    def supply_for(self, detectives: int) -> Tickets | None:
        """The general supply at the start: the box less what the detectives hold."""
        if self.box_tickets is None:
            return None
        held = self.detective_tickets
        return Tickets(*(self.box_tickets[i] - detectives * held[i] for i in range(3)))

    def is_last_round(self, round_number: int, moves_made: int) -> bool:
        """Whether the game ends when the detectives' part of this round ends (rule 14)."""
        if self.length_unit is Length.ROUNDS:
            return round_number >= self.length
        return moves_made >= self.length

    def moves_left(self, moves_made: int) -> int | None:
        """Travel-log entries Mister X may still fill, where the length counts moves (rule 8)."""
        if self.length_unit is Length.MOVES:
            return self.length - moves_made
        return None


_BOBBIES = {2: 2, 3: 2, 4: 1}
_ALL_LINES = frozenset(Transport)

REISSUE = Ruleset(
    name="reissue",
    description="The current Ravensburger rules: 22 rounds, reveals after moves 3, 8 and 13.",
    length=22,
    length_unit=Length.ROUNDS,
    reveal_moves=frozenset({3, 8, 13}),
    transports=_ALL_LINES,
    detective_tickets=Tickets(taxi=11, bus=8, underground=4),
    mister_x_own_tickets=Tickets(black=5, double=2),
    box_tickets=Tickets(taxi=57, bus=45, underground=23),
    ticket_flow=TicketFlow.SUPPLY,
    players=(2, 6),
    bobbies_by_players=_BOBBIES,
    detective_starts=(13, 26, 29, 34, 50, 53, 91, 94, 103, 112, 117, 123, 138, 141, 155, 174),
    mister_x_starts=(35, 45, 51, 71, 78, 104, 106, 127, 132, 146, 166, 170, 172),
    start_deal=StartDeal.SPLIT,
)

_SHARED_DECK = (13, 26, 29, 34, 50, 53, 91, 94, 103, 112, 117, 132, 138, 141, 155, 174, 197, 198)

CLASSIC = Ruleset(
    name="classic",
    description="The 1983 rules: 24 moves, reveals after moves 3, 8, 13, 18 and 24.",
    length=24,
    length_unit=Length.MOVES,
    reveal_moves=frozenset({3, 8, 13, 18, 24}),
    transports=_ALL_LINES,
    detective_tickets=Tickets(taxi=10, bus=8, underground=4),
    mister_x_own_tickets=Tickets(taxi=4, bus=3, underground=3, double=2),
    black_per_detective=True,
    box_tickets=None,
    ticket_flow=TicketFlow.MISTER_X,
    players=(2, 6),
    bobbies_by_players={},
    detective_starts=_SHARED_DECK,
    mister_x_starts=_SHARED_DECK,
    start_deal=StartDeal.SHARED,
)

BEGINNER = Ruleset(
    name="beginner",
    description="The Beginner's Game: 13 rounds, no underground, fixed starts.",
    length=13,
    length_unit=Length.ROUNDS,
    reveal_moves=frozenset({3, 8, 13}),
    transports=frozenset({Transport.TAXI, Transport.BUS, Transport.FERRY}),
    detective_tickets=Tickets(taxi=11, bus=8),
    mister_x_own_tickets=Tickets(black=1, double=1),
    box_tickets=Tickets(taxi=57, bus=45, underground=23),
    ticket_flow=TicketFlow.SUPPLY,
    players=(2, 5),
    bobbies_by_players=_BOBBIES,
    detective_starts=(41, 46, 124, 142),
    mister_x_starts=(82,),
    start_deal=StartDeal.FIXED,
    max_detectives=4,
)

FIVE_REVEALS = frozenset({3, 8, 13, 18, 24})
"""Reveals after moves 3, 8, 13, 18 and 24, as some printings have them: the setup's five-reveal option for any edition."""

EDITIONS: dict[str, Ruleset] = {ruleset.name: ruleset for ruleset in (REISSUE, CLASSIC, BEGINNER)}


def find_ruleset(name: str) -> Ruleset:
    """The shipped edition called *name*."""
    try:
        return EDITIONS[name]
    except KeyError:
        raise ValueError(f"no edition called {name!r}; the editions are {', '.join(EDITIONS)}") from None


def _ruleset_from(values: dict[str, Any]) -> Ruleset:
    return Ruleset(**values)
