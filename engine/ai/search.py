"""The root searches: flat Monte-Carlo over the filtered candidates, by successive halving.

Both sides work the same way. The candidates (Mister X's best options by the
cheap score; the detectives' best joint plans) each get playouts
(``engine.ai.playout``); after each stage the worse half is dropped and the
budget goes to the rest. A candidate's score is its mean playout reward plus a
small prior from the cheap score, which also breaks ties. The budget is a
number of playouts, so a choice depends only on the seed; a caller's ``stop``
(``engine.ai.stopping``) ends it sooner, with the best candidate so far.

For the detectives every playout is a determinization: Mister X's station is
drawn from the possible set, weighted by the same distance belief the plans
use, and the simulated detectives only see the simulated public set.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, MutableMapping, Sequence
from typing import TypeVar

from engine.ai.detectives import Plan, RoundPlan
from engine.ai.playout import Simulator, State
from engine.ai.stopping import Stop, never
from engine.board import Station
from engine.movegen import pay_detective
from engine.views import PublicView

_C = TypeVar("_C")


Tally = MutableMapping[Hashable, list[float]]
"""Each candidate's playout reward total and number of playouts, kept from one pass of a deepening search to the next."""


def successive_halving(candidates: Sequence[_C], prior: Sequence[float], budget: int, trial: Callable[[_C], float],
                       stop: Stop = never, tally: Tally | None = None) -> _C:
    """The candidate with the best mean *trial* reward plus *prior*, spending about *budget* trials.

    Anytime: the trials of a stage go round the candidates left, one each in turn, and *stop* is asked before each
    trial; once it says stop, the best of the candidates left so far wins (by *prior* alone, before any trial).

    >>> successive_halving(["a", "b", "c"], [0.0, 0.0, 0.0], 30, lambda c: {"a": 0.1, "b": 0.9, "c": 0.5}[c])
    'b'
    >>> successive_halving(["a", "b", "c"], [0.0, -0.1, -0.2], 30, lambda c: 1.0, stop=lambda: True)
    'a'

    A *tally* carries the trials of an earlier call over (a deeper pass of the same search: the trials of a
    candidate are the same draws whichever pass made them): a candidate runs only the trials its stage asks beyond
    those it has, and the tally keeps the new ones. A pass twice as deep then costs about what it adds:

    >>> tally, trials = {}, []
    >>> def trial(c):
    ...     trials.append(c)
    ...     return {"a": 0.1, "b": 0.9, "c": 0.5, "d": 0.3}[c]
    >>> successive_halving(["a", "b", "c", "d"], [0.0] * 4, 40, trial, tally=tally), len(trials)
    ('b', 40)
    >>> successive_halving(["a", "b", "c", "d"], [0.0] * 4, 80, trial, tally=tally), len(trials) - 40
    ('b', 40)
    """
    tally = {} if tally is None else tally
    record = [tally.setdefault(candidate, [0.0, 0]) for candidate in candidates]
    alive = list(range(len(candidates)))
    stages = max(1, math.ceil(math.log2(len(candidates))))
    per_stage = budget // stages

    def score(k: int) -> float:
        total, count = record[k]
        return (total / count if count else 0.0) + prior[k]

    def best() -> _C:
        tried = [k for k in alive if record[k][1]] or alive
        return candidates[max(tried, key=score)]

    target = 0
    """The trials each candidate left has had by the end of this stage."""
    for _ in range(stages):
        if len(alive) == 1 or per_stage < len(alive):
            break
        rounds = per_stage // len(alive)
        target += rounds
        for _ in range(rounds):
            for k in alive:
                if record[k][1] >= target:
                    continue
                if stop():
                    return best()
                record[k][0] += trial(candidates[k])
                record[k][1] += 1
        alive.sort(key=lambda k: -score(k))
        alive = alive[: max(1, (len(alive) + 1) // 2)]
    return best()


def detective_search(view: PublicView, problem: RoundPlan, plans: list[Plan], iterations: int, horizon: int, epsilon: float,
                     rng: random.Random, prior_weight: float, doubles: bool = False, cover: bool = False, stop: Stop = never,
                     tally: Tally | None = None) -> Plan:
    """The detectives' plan: the best *plans* by value, tried by determinized playouts (whose Mister X plays double
    moves with *doubles*, whose detectives spread over the possible set with *cover*); the best so far once *stop*.
    A *tally* keeps each plan's playouts (by ``Plan.destinations``) for a deeper pass of the same round."""
    if iterations <= 0 or len(plans) == 1:
        return plans[0]
    sim = Simulator(problem.t, problem.board, view.ruleset, doubles, cover)
    population = list(problem.belief)
    if not population:
        return plans[0]
    weights = [problem.belief[s] for s in population]
    cumulative = []
    running = 0.0
    for w in weights:
        running += w
        cumulative.append(running)
    own = list(view.mister_x_tickets)
    supply = list(view.supply) if view.supply is not None else None
    every_piece_done = set(problem.movers) | {i for i, name in enumerate(problem.names) if name in view.moved}
    round_ends = len(every_piece_done) == len(problem.names)
    outcomes = []
    for plan in plans:
        stations = list(problem.stations)
        tickets = [t[:3] for t in problem.tickets]
        mister_x_own = own.copy()
        mister_x_supply = supply.copy() if supply is not None else None
        for i, dest, ticket in plan.moves:
            stations[i] = dest
            if not problem.bobby[i]:
                tickets[i] = tickets[i].copy()
                pay_detective(ticket, tickets[i], mister_x_own, mister_x_supply, sim.flow)
        occupied = sum(1 << s for s in stations)
        outcomes.append((stations, tickets, mister_x_own, mister_x_supply, occupied))
    last = round_ends and view.ruleset.is_last_round(view.round, view.moves_made)

    def trial(k: int) -> float:
        stations, tickets, mister_x_own, mister_x_supply, occupied = outcomes[k]
        x: Station = rng.choices(population, cum_weights=cumulative)[0]
        if occupied >> x & 1:
            return 1.0
        if last:
            return 0.0
        state = State(
            x,
            problem.possible & ~occupied,
            stations.copy(),
            [t.copy() for t in tickets],
            problem.bobby,
            mister_x_own.copy(),
            mister_x_supply.copy() if mister_x_supply is not None else None,
            view.moves_made,
            view.round + 1 if round_ends else view.round,
        )
        return 1.0 - sim.playout(state, rng, horizon, epsilon, detectives_first=False)

    best_value = plans[0].value
    prior = [prior_weight * (plan.value - best_value) for plan in plans]
    index = {plan.destinations: k for k, plan in enumerate(plans)}
    chosen = successive_halving(list(index), [prior[k] for k in index.values()], iterations, lambda key: trial(index[key]),
                                stop, tally)
    return plans[index[chosen]]
