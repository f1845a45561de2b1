"""Computer players for Scotland Yard Junior: the rogues' secret steps and the detectives' open ones.

Both are pure functions of the public view (``JuniorView``) and a seed: a
rogue's player knows where everyone stands, as every rogue at the table does,
and the detectives' player never sees a rogue's choice (the view has none).
The work is a fixed iteration count, never a clock.

- ``choose_rogue_steps(view, level, seed)``: a step for each rogue still to
  choose this round, in ``view.rogues`` order;
- ``choose_detective_steps(view, level, seed)``: a step for each detective still
  to move, Willy Watson first;
- ``legal_steps(view, piece)``: the steps the engine allows *piece* this round.

The levels (``JUNIOR_LEVELS``):

- ``normal`` plays each round as what it is, a simultaneous-move game: the
  rogues' options (jointly, with two rogues) against the detectives' pairs of
  steps. A cell pays the detectives 1 for a capture (of either rogue: that is
  their token) plus ``FUTURE`` times the danger of the position it leaves
  (``DANGER``): the next round's capture chance when a rogue has no option
  out of the detectives' reach, how much of his escape room they could cover,
  how few safe options he keeps, and how near they stand. Fictitious play
  (``ITERATIONS`` rounds) solves the game for both sides' mixed strategies,
  and the seed draws from them.
- ``easy`` plays like a child: detectives chase the nearest rogue (now and
  then a random step); a rogue keeps out of the detectives' reach only
  about half of the time, but never steps onto a detective's station.

>>> from engine.junior import JuniorGame
>>> game = JuniorGame.new(rogues=1, seed=3)
>>> steps = choose_rogue_steps(game.public_view(), "normal", seed=1)
>>> [step in game.steps_of("fox") for step in steps]
[True]
>>> game.choose(steps[0])
>>> moves = choose_detective_steps(game.public_view(), "easy", seed=1)
>>> [step.piece for step in moves]
['watson', 'marble']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from engine.ai.stopping import Stop, never
from engine.board import Station, Transport, iter_stations
from engine.junior.district import District
from engine.junior.game import DETECTIVES, JuniorView, Phase, Step, steps_from

__all__ = ["JUNIOR_LEVELS", "choose_detective_steps", "choose_rogue_steps", "legal_steps", "round_strategies"]

JUNIOR_LEVELS = ("easy", "normal")
"""The computer players' levels, weakest first."""

FUTURE = 0.6
"""The weight of the position a round leaves, against 1 for a capture in it."""
DANGER = (0.6, 0.1, 0.25, 0.05)
"""The weights of the danger's parts: the next round's capture chance (when the rogue has no safe option), the
share of his options the detectives could cover, how few safe options he has, and the detectives' nearness."""
NEAR = 5
"""Nearness counts from this many steps down to 0."""
ITERATIONS = 400
"""Fictitious-play iterations per decision."""
NEGLIGIBLE = 0.03
"""Mixed-strategy probabilities below this are dropped (fictitious play's early, poor replies)."""
EASY_CAREFUL = 0.5
"""How often an easy rogue keeps out of the detectives' reach when he can."""
EASY_WANDER = 0.25
"""How often an easy detective takes a random step instead of chasing."""

_FAR = 99


@dataclass(frozen=True)
class _Tables:
    """A district's neighbourhoods and distances, for the players' inner loops."""

    options: dict[Station, tuple[Station, ...]]
    """Where a piece at a station may end the round: the station itself, then its neighbours."""
    closed: dict[Station, int]
    """The same as a bitset."""
    size: dict[Station, int]
    """How many options."""
    distance: dict[Station, dict[Station, int]]
    """Fewest steps between two stations, along any line of the district."""


@cache
def _tables(district: District) -> _Tables:
    board = district.board
    near = dict.fromkeys(district.stations, 0)
    for transport in Transport:
        for s in district.stations:
            near[s] |= board.neighbours(s, transport)
    options = {s: (s, *iter_stations(near[s] & ~(1 << s))) for s in district.stations}
    closed = {s: near[s] | 1 << s for s in district.stations}
    distance: dict[Station, dict[Station, int]] = {}
    for source in district.stations:
        found = {source: 0}
        frontier = [source]
        while frontier:
            reached = []
            for here in frontier:
                for there in options[here][1:]:
                    if there not in found:
                        found[there] = found[here] + 1
                        reached.append(there)
            frontier = reached
        distance[source] = found
    return _Tables(options, closed, {s: len(o) for s, o in options.items()}, distance)


def legal_steps(view: JuniorView, piece: str) -> list[Step]:
    """The steps *piece* may take this round, as the engine lists them (``JuniorGame.steps_of``)."""
    return steps_from(view.district, piece, view.station(piece))


def _step_to(view: JuniorView, place: District, piece: str, station: Station, rng: random.Random) -> Step:
    """A legal step of *piece* to *station* (any of the lines there, when several lead there)."""
    steps = [step for step in steps_from(place, piece, view.station(piece)) if step.station == station]
    return steps[0] if len(steps) == 1 else rng.choice(steps)


def _check(level: str) -> None:
    if level not in JUNIOR_LEVELS:
        raise ValueError(f"no such Junior level: {level!r} (there are {', '.join(JUNIOR_LEVELS)})")


def _to_choose(view: JuniorView) -> list[str]:
    if view.phase is not Phase.ROGUES:
        return []
    return [rogue for rogue in view.rogues if rogue not in view.chosen]


def _to_move(view: JuniorView) -> list[str]:
    if view.phase is not Phase.DETECTIVES:
        return []
    moved = {step.piece for step in view.moved}
    return [detective for detective in DETECTIVES if detective not in moved]


def choose_rogue_steps(view: JuniorView, level: str, seed: int, stop: Stop = never) -> tuple[Step, ...]:
    """A step for each rogue of *view* still to choose this round, in ``view.rogues`` order (none when none is);
    anytime: the round's game solved as far as it got by *stop*."""
    _check(level)
    rogues = _to_choose(view)
    if not rogues:
        return ()
    place = view.district
    rng = random.Random(seed)
    if level == "easy":
        return tuple(_easy_rogue(view, place, rogue, rng) for rogue in rogues)
    rows, _, row_p, _ = round_strategies(view, stop)
    pick = rows[_draw(row_p, rng)]
    ends = dict(zip(view.rogues, pick))
    return tuple(_step_to(view, place, rogue, ends[rogue], rng) for rogue in rogues)


def choose_detective_steps(view: JuniorView, level: str, seed: int, stop: Stop = never) -> tuple[Step, ...]:
    """A step for each detective of *view* still to move this round, Willy Watson first (none when none is); anytime
    as ``choose_rogue_steps``."""
    _check(level)
    detectives = _to_move(view)
    if not detectives:
        return ()
    place = view.district
    rng = random.Random(seed)
    if level == "easy":
        return _easy_detectives(view, place, detectives, rng)
    _, cols, _, col_p = round_strategies(view, stop)
    ends = dict(zip(DETECTIVES, cols[_draw(col_p, rng)]))
    return tuple(_step_to(view, place, detective, ends[detective], rng) for detective in detectives)


# ---------------------------------------------------------------- normal: the round as a matrix game


def round_strategies(view: JuniorView, stop: Stop = never) -> tuple[
        list[tuple[Station, ...]], list[tuple[Station, Station]], list[float], list[float]]:
    """The round's game solved: the rogues' joint options (their stations after the round), the detectives' pairs,
    and each side's mixed strategy over them.

    A detective who has already stepped this round has one option: where he went.
    """
    place = view.district
    t = _tables(place)
    stations = dict(view.stations)
    moved = {step.piece: step.station for step in view.moved}
    rogue_options = [t.options[stations[rogue]] for rogue in view.rogues]
    watson, marble = ((moved[d],) if d in moved else t.options[stations[d]] for d in DETECTIVES)
    cols = [(x, y) for x in watson for y in marble]
    caught = [1 << x | 1 << y for x, y in cols]
    # danger[k][a][j]: how bad the position after the round is for rogue k at his option a, against pair j
    dangers = [[[_danger(t, a, x, y) for x, y in cols] for a in options] for options in rogue_options]
    rows: list[tuple[Station, ...]] = list(product(*rogue_options))
    payoff: list[list[float]] = []
    if len(rogue_options) == 1:
        for a, danger in zip(rogue_options[0], dangers[0]):
            bit = 1 << a
            payoff.append([(1.0 if bit & catch else 0.0) + FUTURE * d for catch, d in zip(caught, danger)])
    else:
        for (i, a), (k, b) in product(enumerate(rogue_options[0]), enumerate(rogue_options[1])):
            both = 1 << a | 1 << b
            payoff.append([(1.0 if both & catch else 0.0) + FUTURE * (1 - (1 - d1) * (1 - d2))
                           for catch, d1, d2 in zip(caught, dangers[0][i], dangers[1][k])])
    row_p, col_p = _fictitious_play(payoff, ITERATIONS, stop)
    return rows, cols, row_p, col_p


def _danger(t: _Tables, a: Station, x: Station, y: Station) -> float:
    """How bad it is for a rogue to stand at *a* with the detectives at *x* and *y*, from 0 to 1."""
    room, size = t.closed[a], t.size[a]
    watson, marble = room & t.closed[x], room & t.closed[y]
    covered = watson | marble
    chance = 0.0
    if covered == room:  # nowhere safe next round: roughly the chance of a capture in the round's game
        only_w, only_m = (watson & ~marble).bit_count(), (marble & ~watson).bit_count()
        chance = min(1.0, 2 / size, 1 / only_w if only_w else 1.0, 1 / only_m if only_m else 1.0)
    steps = min(t.distance[a].get(x, _FAR), t.distance[a].get(y, _FAR))
    w_chance, w_cover, w_few, w_near = DANGER
    return (w_chance * chance + w_cover * covered.bit_count() / size + w_few / (1 + size - covered.bit_count())
            + w_near * max(0.0, 1 - steps / NEAR))


def _fictitious_play(payoff: list[list[float]], iterations: int, stop: Stop = never) -> tuple[list[float], list[float]]:
    """Approximate equilibrium of the zero-sum game *payoff* (rows minimise, columns maximise): each side's mixed strategy.

    Each iteration, each side plays its best reply to the other's empirical mix so far;
    the mixes' frequencies, with the negligible ones dropped, are the answer (the first replies', once *stop*).
    """
    columns = [list(column) for column in zip(*payoff)]
    n_rows, n_cols = len(payoff), len(columns)
    row_total = [sum(row) for row in payoff]
    col_total = [sum(column) for column in columns]
    i = row_total.index(min(row_total))
    j = col_total.index(max(col_total))
    row_score = [0.0] * n_rows  # each row's payoff summed over the columns played so far
    col_score = [0.0] * n_cols
    row_count = [0] * n_rows
    col_count = [0] * n_cols
    for _ in range(iterations):
        if row_count[i] and stop():
            break
        row_count[i] += 1
        col_count[j] += 1
        col_score = [s + v for s, v in zip(col_score, payoff[i])]
        row_score = [s + v for s, v in zip(row_score, columns[j])]
        i = row_score.index(min(row_score))
        j = col_score.index(max(col_score))
    return _mix(row_count), _mix(col_count)


def _mix(counts: list[int]) -> list[float]:
    floor = min(NEGLIGIBLE * sum(counts), max(counts))
    kept = [c if c >= floor else 0 for c in counts]
    total = sum(kept)
    return [c / total for c in kept]


def _draw(weights: Sequence[float], rng: random.Random) -> int:
    return rng.choices(range(len(weights)), weights)[0]


# ---------------------------------------------------------------- easy: a child's play


def _easy_rogue(view: JuniorView, place: District, rogue: str, rng: random.Random) -> Step:
    t = _tables(place)
    hunters = [view.station(d) for d in DETECTIVES]
    reach = 0
    for hunter in hunters:
        reach |= t.closed[hunter]
    options = t.options[view.station(rogue)]
    safe = [a for a in options if not reach >> a & 1]
    if safe and rng.random() < EASY_CAREFUL:
        return _step_to(view, place, rogue, rng.choice(safe), rng)
    not_on = [a for a in options if a not in hunters] or list(options)
    return _step_to(view, place, rogue, rng.choice(not_on), rng)


def _easy_detectives(view: JuniorView, place: District, detectives: list[str], rng: random.Random) -> tuple[Step, ...]:
    t = _tables(place)
    targets = [view.station(rogue) for rogue in view.rogues]
    taken = {step.station for step in view.moved}
    steps = []
    for detective in detectives:
        here = view.station(detective)
        options = t.options[here]
        if rng.random() < EASY_WANDER:
            end = rng.choice(options)
        else:
            target = min(targets, key=lambda r: (t.distance[here].get(r, _FAR), r))
            best = min(t.distance[a].get(target, _FAR) for a in options)
            ends = [a for a in options if t.distance[a].get(target, _FAR) == best]
            end = rng.choice([a for a in ends if a not in taken] or ends)
        taken.add(end)
        steps.append(_step_to(view, place, detective, end, rng))
    return tuple(steps)
