"""Determinized playouts: a few rounds of cheap epsilon-greedy play from a position.

A playout state is plain lists and ints (``State``): Mister X's station (true in
a Mister X search; sampled from the possible set in a detectives' search, the
determinization), the public possible set, every piece's station and tickets.
Every move a policy picks is one of the engine's (``engine.movegen``: a piece's
reach by ticket mask and the tickets it may pay, Mister X's legs), and so is
every payment. The policies are cheap greedy ones, with a chance ``epsilon``
of a random move:

- detectives and bobbies step onto a possible station when they can, else
  towards a target drawn from the possible set: the public set only, so the
  simulated detectives are as blind as real ones; a ``Simulator`` with
  ``cover`` has each piece head for the possible station, of a few drawn, that
  it is nearest to compared with the other pieces, so that they spread over
  the set as real detectives do;
- Mister X steps to the station farthest from the nearest piece, off the
  pieces' next reach when he can, keeping black tickets for ties; a
  ``Simulator`` with ``doubles`` has him play a double move when every single
  one lands in their reach, as the computer Mister X does.

A playout ends with a capture (0 for Mister X), at the end of the game (1) or
at the horizon, where the position is scored by Mister X's distance to the
nearest piece and the size of the possible set (between 0 and 1).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.model import FAR, Tables
from engine.board import Board, Station, StationSet
from engine.deduction import after_move
from engine.editions import Ruleset
from engine.movegen import pay, pay_detective, ticket_mask
from engine.tickets import Ticket

_TICKETS = tuple(Ticket)
_DOUBLE = int(Ticket.DOUBLE)


@dataclass
class State:
    """A position for playouts (mutable: a playout works on a copy)."""

    x: Station
    possible: StationSet
    stations: list[Station]
    tickets: list[list[int]]
    bobby: list[bool]
    own: list[int]
    supply: list[int] | None
    made: int
    round: int

    def copy(self) -> State:
        return State(
            self.x,
            self.possible,
            self.stations.copy(),
            [t.copy() for t in self.tickets],
            self.bobby,
            self.own.copy(),
            self.supply.copy() if self.supply is not None else None,
            self.made,
            self.round,
        )


COVER_SAMPLES = 3
"""Possible stations a covering piece weighs before heading for one (``Simulator`` with ``cover``)."""


def _pick(bitset: StationSet, rng: random.Random) -> Station:
    """A random station of a non-empty bitset."""
    count = bitset.bit_count()
    k = rng.randrange(count)
    while k:
        bitset &= bitset - 1
        k -= 1
    return (bitset & -bitset).bit_length() - 1


class Simulator:
    """Plays playouts on one board and edition."""

    def __init__(self, t: Tables, board: Board, ruleset: Ruleset, doubles: bool = False, cover: bool = False) -> None:
        self.t = t
        self.doubles = doubles
        self.cover = cover
        self.board = board
        self.ruleset = ruleset
        self.flow = ruleset.ticket_flow

    # ------------------------------------------------------------ detectives

    def detectives_move(self, s: State, rng: random.Random, epsilon: float, skip: int = 0) -> bool:
        """Every piece (from index *skip*) makes its playout move; True if one lands on Mister X."""
        t = self.t
        reach = t.detectives.reach
        tickets_to = t.detectives.tickets
        dist = t.dist
        stations = s.stations
        occupied = 0
        for st in stations:
            occupied |= 1 << st
        possible = s.possible
        for i in range(skip, len(stations)):
            here = stations[i]
            tickets = s.tickets[i]
            bobby = s.bobby[i]
            mask = ticket_mask(tickets, bobby)
            options = reach[here << 3 | mask] & ~occupied
            if not options:
                continue
            if epsilon and rng.random() < epsilon:
                dest = _pick(options, rng)
            elif options & possible:
                dest = _pick(options & possible, rng)
            elif possible:
                row = dist[self._target(i, stations, possible, rng)]
                dest = -1
                best = FAR + 1
                bits_ = options
                while bits_:
                    low = bits_ & -bits_
                    d = low.bit_length() - 1
                    bits_ ^= low
                    if row[d] < best:
                        best, dest = row[d], d
            else:
                dest = _pick(options, rng)
            if not bobby:  # the ticket he holds most of
                line = -1
                for ln in tickets_to(here, dest, mask):
                    if line < 0 or tickets[ln] > tickets[line]:
                        line = ln
                pay_detective(line, tickets, s.own, s.supply, self.flow)
            occupied ^= (1 << here) | (1 << dest)
            stations[i] = dest
            if dest == s.x:
                return True
            possible &= ~(1 << dest)
        s.possible = possible
        return False

    def _target(self, i: int, stations: list[Station], possible: StationSet, rng: random.Random) -> Station:
        """The possible station piece *i* heads for: any one, or (``cover``) of ``COVER_SAMPLES`` drawn, the one it
        is nearest to compared with the other pieces, so that the pieces spread over the set."""
        if not self.cover:
            return _pick(possible, rng)
        dist = self.t.dist
        mine = dist[stations[i]]
        target = -1
        best = FAR * 2
        for _ in range(COVER_SAMPLES):
            candidate = _pick(possible, rng)
            others = FAR
            for j, station in enumerate(stations):
                if j != i and dist[station][candidate] < others:
                    others = dist[station][candidate]
            gap = mine[candidate] - others
            if gap < best:
                best, target = gap, candidate
        return target

    # ------------------------------------------------------------- Mister X

    def mister_x_move(self, s: State, rng: random.Random, epsilon: float) -> bool:
        """Mister X makes his playout move, a double one when every single leg is in the pieces' reach and he
        may double (with ``doubles``); False if he cannot move (cornered)."""
        t = self.t
        occupied = 0
        threat = 0
        reach = t.detectives.reach
        for st, tickets, bobby in zip(s.stations, s.tickets, s.bobby):
            occupied |= 1 << st
            threat |= reach[st << 3 | ticket_mask(tickets, bobby)]
        options = t.mister_x.legs(s.x, s.own, s.supply, occupied)
        if not options:
            return False
        if (self.doubles and s.own[_DOUBLE] and (self.ruleset.moves_left(s.made) or 2) >= 2
                and all(threat >> dest & 1 for dest, _ in options)):
            pay(_DOUBLE, s.own, s.supply)
            self._leg(s, rng, epsilon, options, occupied, threat)
            options = t.mister_x.legs(s.x, s.own, s.supply, occupied)
            if not options:
                return True
        self._leg(s, rng, epsilon, options, occupied, threat)
        return True

    def _leg(self, s: State, rng: random.Random, epsilon: float, options: Sequence[tuple[Station, int]], occupied: StationSet,
             threat: StationSet) -> None:
        """Mister X travels one of *options*: the one farthest from the pieces and off their *threat* (or, by chance
        *epsilon*, any)."""
        if epsilon and rng.random() < epsilon:
            x, ticket = options[rng.randrange(len(options))]
        else:
            rows = [self.t.dist[st] for st in s.stations]
            best = -1.0
            x, ticket = options[0]
            for dest, tk in options:
                near = FAR
                for row in rows:
                    if row[dest] < near:
                        near = row[dest]
                score = near + (0 if threat >> dest & 1 else 3) - (0.5 if tk == 3 else 0) + rng.random() * 0.4
                if score > best:
                    best, x, ticket = score, dest, tk
        pay(ticket, s.own, s.supply)
        s.made += 1
        s.x = x
        if s.made in self.ruleset.reveal_moves:
            s.possible = 1 << x
        else:
            s.possible = after_move(self.board, self.ruleset, s.possible, _TICKETS[ticket], occupied)

    # --------------------------------------------------------------- playout

    def playout(self, s: State, rng: random.Random, horizon: int, epsilon: float, detectives_first: bool = True) -> float:
        """Play up to *horizon* rounds from *s* (changed in place); Mister X's reward in [0, 1]."""
        ruleset = self.ruleset
        for step in range(horizon):
            if (step or not detectives_first) and not self.mister_x_move(s, rng, epsilon):
                return 0.0
            if self.detectives_move(s, rng, epsilon):
                return 0.0
            if ruleset.is_last_round(s.round, s.made):
                return 1.0
            s.round += 1
        return self.score(s)

    def score(self, s: State) -> float:
        """Mister X's prospects at a playout's horizon, between 0 and 1."""
        near = min((self.t.dist[st][s.x] for st in s.stations), default=FAR)
        doubt = s.possible.bit_count()
        return min(1.0, 0.25 + 0.15 * min(near, 4) + 0.03 * min(doubt, 5)) if near > 1 else 0.3 + 0.02 * min(doubt, 10)
