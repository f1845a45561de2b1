"""Location categorization: how likely Mister X is to stand on each possible station, learned from his games.

The detectives know only the possible set, but its stations are not equally
likely: a strong Mister X stands far from the pieces, on stations with room to
run and lines to leave by. Nijssen and Winands (IEEE TCIAIG 2012) put each
possible station in a category and weigh it by how often Mister X was found in
that category in played games, against how often the category was possible.
Here a category is three facts any detective can see (``category``):

- the distance to the nearest piece (1, 2, 3, 4 or more);
- the best line at the station (taxi only, a bus, the underground);
- his safe exits: the stations his tickets take him to that no piece reaches
  next (none, one to three, four or more).

``WEIGHTS`` holds the learned weights; ``python -m benchmarks.categories``
plays the games and prints them again.

>>> from engine import london
>>> from engine.ai.model import tables
>>> from engine.editions import CLASSIC
>>> t = tables(london(), CLASSIC.transports)
>>> category(t, 1, [198, 171], blocked_by(t, [198, 171], [7, 7]), (4, 3, 3, 5, 2), None)    # 6 moves from both, the underground, free exits
(3, 2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.model import FAR, Tables
from engine.board import Station, StationSet

Category = tuple[int, int, int]
"""(nearest piece 0..3 for 1..4+, best line 0..2, safe exits 0..2)."""

NEAR = 4
"""Distances to the nearest piece counted apart: 1, 2, 3 and 4 or more."""


def blocked_by(t: Tables, stations: Sequence[Station], masks: Sequence[int]) -> StationSet:
    """The stations pieces on *stations* holding ticket *masks* stand on or reach next: no safe exit for Mister X."""
    blocked = 0
    for s, m in zip(stations, masks):
        blocked |= 1 << s | t.detectives.reach[s << 3 | m]
    return blocked


def category(t: Tables, station: Station, stations: Sequence[Station], blocked: StationSet, own: Sequence[int],
             supply: Sequence[int] | None) -> Category:
    """The category of a possible *station*, the pieces standing on *stations* and *blocked* (``blocked_by``)."""
    near = min((t.dist[s][station] for s in stations), default=FAR)
    exits = (t.mister_x.reach(station, own, supply) & ~blocked).bit_count()
    return min(max(near, 1), NEAR) - 1, t.line[station], 0 if exits == 0 else 1 if exits <= 3 else 2


WEIGHTS: dict[Category, float] = {
    (0, 0, 0): 0.32, (0, 0, 1): 0.14, (0, 0, 2): 0.12, (0, 1, 0): 0.32,
    (0, 1, 1): 0.1, (0, 1, 2): 0.17, (0, 2, 0): 1.37, (0, 2, 1): 0.12,
    (0, 2, 2): 0.68, (1, 0, 0): 0.59, (1, 0, 1): 0.58, (1, 0, 2): 1.01,
    (1, 1, 0): 1.11, (1, 1, 1): 1.12, (1, 1, 2): 2.81, (1, 2, 0): 1.13,
    (1, 2, 1): 0.75, (1, 2, 2): 6.2, (2, 0, 1): 0.35, (2, 0, 2): 0.61,
    (2, 1, 1): 0.31, (2, 1, 2): 2.17, (2, 2, 1): 0.03, (2, 2, 2): 4.38,
    (3, 0, 1): 0.13, (3, 0, 2): 0.3, (3, 1, 1): 0.04, (3, 1, 2): 1.17,
    (3, 2, 1): 0.0, (3, 2, 2): 2.74,
}
"""How often Mister X stood in each category per time it was possible, the mean over possible stations 1 (a category
missing here was never possible). Learned from 1000 games of ``hard`` Mister X against ``normal`` detectives (classic,
five detectives), 19,158 detectives' rounds counted 396,592 possible stations."""
