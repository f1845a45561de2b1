"""Computer detectives: the moves of a whole round, planned jointly from the public view.

Nothing here is given Mister X's station. A round is planned as one problem
(``RoundPlan``): where should every piece still to move stand so that

- the chance of landing on him now is high (the possible set, weighted by a
  belief that he keeps away from the pieces: ``BIAS``);
- every possible station is close to *some* piece (coverage: the pieces spread
  over the set instead of all chasing its nearest corner);
- from each possible station he has few safe escapes (stations no piece can
  reach next round), and the area he can reach unthreatened is small;
- no piece is idle: each one also closes in on the set (no "lazy" detective
  leaving the capture to the others).

Plans are built piece by piece in several orders (a piece's move is chosen
knowing where the earlier ones went), improved, then the best few are tried
by determinized playouts (``engine.ai.playout``) within the level's budget.
The order of a plan is an order in which its moves are legal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.ai.categories import Category, blocked_by, category
from engine.ai.model import FAR, Tables, bits, tables
from engine.ai.stopping import Stop, never
from engine.board import Board, Station, StationSet, station_set
from engine.movegen import ticket_mask
from engine.moves import DetectiveMove
from engine.tickets import TRANSPORT_TICKETS
from engine.views import PublicView

BIAS = (0.05, 0.35, 1.0, 1.4, 1.7, 1.9, 2.0, 2.0)
"""Belief weight of a possible station by its distance to the nearest piece (Mister X keeps away)."""

MINIMUM_BELIEF = 0.02
"""Added to every learned category's weight: one never seen in the games is unlikely, not impossible."""

ESCAPE = (4.0, 2.0, 1.2, 0.7, 0.4, 0.2, 0.1, 0.0)
"""Reward by the number of safe escapes Mister X would have from a possible station (0 escapes: trapped)."""


@dataclass(frozen=True)
class DetectiveWeights:
    """The terms of a plan's value (higher is better for the detectives)."""

    capture: float = 12.0
    coverage: float = 1.0
    escape: float = 1.0
    lazy: float = 0.25
    area: float = 0.6


WEIGHTS = DetectiveWeights()


class RoundPlan:
    """The detectives' round as a planning problem over public facts only."""

    def __init__(
        self,
        t: Tables,
        board: Board,
        view: PublicView,
        movers: Sequence[str],
        weights: DetectiveWeights | None = None,
        possible: StationSet | None = None,
        categories: Mapping[Category, float] | None = None,
    ) -> None:
        self.t = t
        self.board = board
        self.view = view
        self.weights = weights or WEIGHTS
        pieces = view.pieces
        self.names = [p.name for p in pieces]
        self.bobby = [p.bobby for p in pieces]
        self.stations = [p.station for p in pieces]
        self.tickets = [list(p.tickets) for p in pieces]
        self.masks = [ticket_mask(p.tickets, p.bobby) for p in pieces]
        index = {name: i for i, name in enumerate(self.names)}
        self.movers = [index[name] for name in movers]
        self.occupied = sum(1 << s for s in self.stations)
        self.possible = (view.possible if possible is None else possible) & ~self.occupied
        own = list(view.mister_x_tickets)
        supply = list(view.supply) if view.supply is not None else None
        self.escapes = {s: t.mister_x.reach(s, own, supply) for s in bits(self.possible)}
        self.transports = view.ruleset.transports
        self.belief = self._belief(categories, own, supply)

    def _belief(self, categories: Mapping[Category, float] | None, own: list[int], supply: list[int] | None) -> dict[Station, float]:
        """Each possible station's chance: by its distance to the nearest piece (``BIAS``), or by its learned
        *categories* (location categorization, ``engine.ai.categories``)."""
        if categories is not None:
            blocked = blocked_by(self.t, self.stations, self.masks)
            weights = {s: categories.get(category(self.t, s, self.stations, blocked, own, supply), 1.0) + MINIMUM_BELIEF
                       for s in bits(self.possible)}
        else:
            rows = [self.t.dist[s] for s in self.stations]
            weights = {s: BIAS[min(7, min((row[s] for row in rows), default=7))] for s in bits(self.possible)}
        total = sum(weights.values()) or 1.0
        return {s: w / total for s, w in weights.items()}

    # ------------------------------------------------------------------ options

    def options(self, i: int, station: Station, occupied: StationSet) -> list[tuple[Station, int, int]]:
        """Piece *i*'s moves from *station* as (destination, ticket, ticket mask after): the engine's moves
        (``DetectiveMoves``), one a destination, by the ticket he holds most of (a bobby: the first line)."""
        moves = self.t.detectives
        mask = self.masks[i]
        targets = moves.reach[station << 3 | mask] & ~occupied
        out = []
        tickets = self.tickets[i]
        bobby = self.bobby[i]
        while targets:
            low = targets & -targets
            dest = low.bit_length() - 1
            targets ^= low
            best = -1
            for line in moves.tickets(station, dest, mask):
                if best < 0 or (not bobby and tickets[line] > tickets[best]):
                    best = line
            if bobby:
                out.append((dest, best, 7))
            else:
                left = tickets.copy()
                left[best] -= 1
                out.append((dest, best, ticket_mask(left, False)))
        return out

    # -------------------------------------------------------------------- value

    def value(self, stations: list[Station], masks: list[int]) -> float:
        """How good it is for the detectives to stand on *stations* (holding *masks*) after their move."""
        w = self.weights
        t = self.t
        occupied = 0
        threat = 0
        reach = t.detectives.reach
        for s, m in zip(stations, masks):
            occupied |= 1 << s
            threat |= reach[s << 3 | m]
        belief = self.belief
        caught = 0.0
        hit = self.possible & occupied
        for s in bits(hit):
            caught += belief[s]
        rest = self.possible & ~occupied
        blocked = occupied | threat
        open_ = ~blocked
        rows = [t.dist[s] for s in stations]
        nearest_of = [FAR] * len(rows)
        coverage = 0.0
        escape = 0.0
        escapes = self.escapes
        for s in bits(rest):
            ws = belief[s]
            near = FAR
            for k, row in enumerate(rows):
                d = row[s]
                if d < near:
                    near = d
                if d < nearest_of[k]:
                    nearest_of[k] = d
            coverage += ws * near
            e = (escapes[s] & open_).bit_count()
            escape += ws * ESCAPE[min(7, e)]
        lazy = sum(d for d in nearest_of if d < FAR) / max(len(rows), 1)
        area = (self.board.reach_any(rest, self.transports) & open_).bit_count() if rest else 0
        return w.capture * caught - w.coverage * coverage + w.escape * escape - w.lazy * lazy - w.area * math.log2(1 + area)

    # ------------------------------------------------------------------- plans

    def build(self, order: Sequence[int], rng: random.Random | None = None, epsilon: float = 0.0) -> Plan:
        """Choose the pieces' moves one by one in *order*, each the best given the earlier ones."""
        stations = list(self.stations)
        masks = list(self.masks)
        occupied = self.occupied
        moves: list[tuple[int, Station, int]] = []
        waiting = []
        for i in order:
            options = self.options(i, stations[i], occupied)
            if not options:
                waiting.append(i)
                continue
            choice = self._pick(i, options, stations, masks, rng, epsilon)
            dest, ticket, mask = choice
            occupied ^= (1 << stations[i]) | (1 << dest)
            stations[i], masks[i] = dest, mask
            moves.append((i, dest, ticket))
        for i in waiting:  # a piece blocked at its turn may be free once the others have moved
            options = self.options(i, stations[i], occupied)
            if options:
                dest, ticket, mask = self._pick(i, options, stations, masks, rng, epsilon)
                occupied ^= (1 << stations[i]) | (1 << dest)
                stations[i], masks[i] = dest, mask
                moves.append((i, dest, ticket))
        return Plan(tuple(moves), self.value(stations, masks))

    def _pick(
        self,
        i: int,
        options: list[tuple[Station, int, int]],
        stations: list[Station],
        masks: list[int],
        rng: random.Random | None,
        epsilon: float,
    ) -> tuple[Station, int, int]:
        if rng is not None and epsilon and rng.random() < epsilon:
            return options[rng.randrange(len(options))]
        best = options[0]
        best_value = -math.inf
        here, mask = stations[i], masks[i]
        for option in options:
            stations[i], masks[i] = option[0], option[2]
            v = self.value(stations, masks)
            if v > best_value:
                best, best_value = option, v
        stations[i], masks[i] = here, mask
        return best

    def improve(self, plan: Plan) -> Plan:
        """Move each piece again, the others' moves fixed, keeping the plan's order legal."""
        moves = list(plan.moves)
        stations, masks = self._after(moves)
        value = plan.value
        for k, (i, dest, ticket) in enumerate(moves):
            # when piece i plays: earlier pieces stand on their new stations, later ones on their old
            blocked = 0
            for j, (other, other_dest, _) in enumerate(moves):
                if other != i:
                    blocked |= (1 << other_dest) | ((1 << self.stations[other]) if j > k else 0)
            for s, p in zip(self.stations, range(len(self.stations))):
                if p != i and all(m[0] != p for m in moves):
                    blocked |= 1 << s
            best = (dest, ticket)
            for option_dest, option_ticket, option_mask in self.options(i, self.stations[i], blocked):
                if option_dest == dest:
                    continue
                stations[i], masks[i] = option_dest, option_mask
                v = self.value(stations, masks)
                if v > value:
                    value, best = v, (option_dest, option_ticket)
            stations[i], masks[i] = best[0], self._mask_after(i, best[1])
            moves[k] = (i, best[0], best[1])
        return Plan(tuple(moves), value)

    def revalued(self, plan: Plan) -> Plan:
        """*plan* (made for another problem of the same round) with this problem's value."""
        return Plan(plan.moves, self.value(*self._after(plan.moves)))

    def _after(self, moves: Sequence[tuple[int, Station, int]]) -> tuple[list[Station], list[int]]:
        """The pieces' stations and ticket masks once *moves* are played."""
        stations = list(self.stations)
        masks = list(self.masks)
        for i, dest, ticket in moves:
            stations[i] = dest
            masks[i] = self._mask_after(i, ticket)
        return stations, masks

    def _mask_after(self, i: int, ticket: int) -> int:
        if self.bobby[i]:
            return 7
        left = self.tickets[i].copy()
        left[ticket] -= 1
        return ticket_mask(left, False)

    def orders(self) -> list[list[int]]:
        """Orders worth trying: nearest to the set first, farthest first, and as listed."""
        rows = self.t.dist
        possible = list(bits(self.possible))

        def nearness(i: int) -> int:
            row = rows[self.stations[i]]
            return min((row[s] for s in possible), default=FAR)

        near_first = sorted(self.movers, key=nearness)
        out = [near_first, near_first[::-1], list(self.movers)]
        unique: list[list[int]] = []
        for order in out:
            if order not in unique:
                unique.append(order)
        return unique

    def moves(self, plan: Plan) -> list[DetectiveMove]:
        return [DetectiveMove(self.names[i], dest, TRANSPORT_TICKETS[ticket]) for i, dest, ticket in plan.moves]


@dataclass(frozen=True)
class Plan:
    """A round's moves as (piece index, destination, ticket), in a legal order, and their value."""

    moves: tuple[tuple[int, Station, int], ...]
    value: float

    @property
    def destinations(self) -> frozenset[tuple[int, Station]]:
        """Where the plan sends each piece: two plans alike in this are the same plan."""
        return frozenset((i, dest) for i, dest, _ in self.moves)


def movers_of(view: PublicView, pieces: Sequence[str] | None) -> list[str]:
    """The pieces to plan for: those given, else every detective and bobby yet to move this round."""
    names = [p.name for p in view.pieces]
    if pieces is None:
        return [name for name in names if name not in view.moved]
    unknown = [name for name in pieces if name not in names]
    if unknown:
        raise ValueError(f"no detective or bobby called {unknown[0]!r}")
    return [name for name in names if name in pieces and name not in view.moved]


def heuristic_round(board: Board, view: PublicView, movers: Sequence[str], rng: random.Random, candidates: int,
                    improve: bool, categories: Mapping[Category, float] | None = None,
                    intercepts: int = 0, stop: Stop = never) -> tuple[RoundPlan, list[Plan]]:
    """The plan problem (its belief by *categories* when given) and its best plans by value (at most *candidates*),
    with up to *intercepts* more (``intercepting``), best first; once *stop*, the plans built so far (one at least)."""
    t = tables(board, view.ruleset.transports)
    problem = RoundPlan(t, board, view, movers, categories=categories)
    plans: list[Plan] = []
    for order in problem.orders():
        if plans and stop():
            break
        plans.append(problem.build(order))
    if improve:
        plans = [plan if stop() else problem.improve(plan) for plan in plans]
    while len(plans) < candidates and not stop():
        order = list(problem.movers)
        rng.shuffle(order)
        plans.append(problem.build(order, rng, epsilon=0.3))
    unique: dict[frozenset[tuple[int, Station]], Plan] = {}
    for plan in plans:
        key = plan.destinations
        if key not in unique or unique[key].value < plan.value:
            unique[key] = plan
    ranked = sorted(unique.values(), key=lambda p: -p.value)[:candidates]
    if intercepts and not stop():
        ranked = sorted(ranked + intercepting(problem, rng, intercepts, improve, categories, ranked), key=lambda p: -p.value)
    return problem, ranked


INTERCEPT_RADIUS = 1
"""How far from a drawn station the possible stations an intercepting plan is made for lie (``intercepting``)."""

INTERCEPT_FROM = 4
"""The fewest possible stations worth intercepting plans: fewer, and the plan for all of them is the plan for each."""


def intercepting(problem: RoundPlan, rng: random.Random, count: int, improve: bool,
                 categories: Mapping[Category, float] | None, known: Sequence[Plan]) -> list[Plan]:
    """Up to *count* plans each made for a part of the possible set only: the stations near one drawn by the belief.

    When the set is spread out (after a hidden underground or ferry ride), the plan best on average over all of it
    can guard no part of it well; a plan that bets on one part may catch him, and the playouts, which draw his
    station from the whole set, judge it beside the others. Each plan is valued for the whole set; plans already
    among *known* are left out."""
    if problem.possible.bit_count() < INTERCEPT_FROM:
        return []
    view = problem.view
    movers = [problem.names[i] for i in problem.movers]
    population = list(problem.belief)
    weights = [problem.belief[s] for s in population]
    seen = {plan.destinations for plan in known}
    plans = []
    for _ in range(count):
        row = problem.t.dist[rng.choices(population, weights=weights)[0]]
        near = station_set(s for s in bits(problem.possible) if row[s] <= INTERCEPT_RADIUS)
        part = RoundPlan(problem.t, problem.board, view, movers, categories=categories, possible=near)
        plan = part.build(part.orders()[0])
        if improve:
            plan = part.improve(plan)
        destinations = plan.destinations
        if destinations not in seen:
            seen.add(destinations)
            plans.append(problem.revalued(plan))
    return plans
