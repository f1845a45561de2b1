"""The hand-wired build's underside plan: one route for the LED chain, and the buttons wired along it.

Under the board, the LED chain runs one short path through every station (``hardware.pack.pcb.layout.chain_order``),
from the corner nearest the Pi. The button modules follow the same path: module k reads the path's stations 7k to
7k + 6, on its inputs G, F, E, D, C, B, A in that order, and sits among them. Wired so, the n-th station along the
path is pixel n - 1 and the n-th station input of the chain: the pack writes that station map, so the builder checks it
with ``hw-test --walk`` instead of calibrating (and calibration, if a station was wired otherwise, guesses each light
right from the button just pressed). The strip's power branches (40 pixels each, fed at their middles) are marked on
the path.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from xml.sax.saxutils import escape

from hardware.pack.board import Placement, Point, station_centres
from hardware.pack.pcb.layout import chain_order
from hardware.pack.schematics import injection_points, power_branches
from hardware.station_map import STATION_INPUTS, StationMap, chips_for, station_bits

BRANCH_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


@dataclass(frozen=True)
class UndersidePlan:
    """The stations in the chain's order, and the modules along it."""

    path: tuple[int, ...]
    centres: Mapping[int, Point]

    @property
    def modules(self) -> list[tuple[int, ...]]:
        """Each module's stations, in its inputs' order (G first)."""
        per = len(STATION_INPUTS)
        return [self.path[i:i + per] for i in range(0, len(self.path), per)]

    def module_centre(self, index: int) -> Point:
        stations = self.modules[index]
        return (sum(self.centres[s][0] for s in stations) / len(stations), sum(self.centres[s][1] for s in stations) / len(stations))

    def station_map(self) -> StationMap:
        """The map of a board wired as the plan says: pixel n - 1 and the n-th station input for the n-th station."""
        bits = station_bits(chips_for(len(self.path)))
        return StationMap({s: i for i, s in enumerate(self.path)}, {s: bits[i] for i, s in enumerate(self.path)})

    def length_mm(self) -> float:
        return sum(math.dist(self.centres[a], self.centres[b]) for a, b in zip(self.path, self.path[1:]))


def underside_plan(placement: Placement, board_mm: Point) -> UndersidePlan:
    """The plan for a board of *board_mm*: the path starts at the corner nearest the Pi (bottom left, seen from below the
    board it is the bottom right) and ends wherever it is shortest."""
    centres = station_centres(placement)
    start = (0.0, board_mm[1])
    nearest = min(centres.values(), key=lambda p: math.dist(p, start))
    end = max(centres.values(), key=lambda p: math.dist(p, nearest))
    return UndersidePlan(tuple(chain_order(centres, start, end)), centres)


def underside_svg(plan: UndersidePlan, board_mm: Point) -> str:
    """The plan drawn at true scale, seen from above (the wiring lies under it): the path coloured by power branch,
    each branch's feed, each module and the stations it reads."""
    w, h = board_mm
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}mm" height="{h + 30:.0f}mm" viewBox="0 0 {w:.2f} {h + 30:.2f}">',
           "<title>The hand-wired build's underside: the LED chain and the button modules</title>",
           "<style>text{font-family:Helvetica,Arial,sans-serif}</style>",
           f'<rect x="0" y="0" width="{w:.2f}" height="{h:.2f}" fill="white" stroke="black" stroke-width="0.5"/>']
    pixels = len(plan.path)
    for index, (first, last) in enumerate(power_branches(pixels)):
        points = " ".join(f"{plan.centres[s][0]:.1f},{plan.centres[s][1]:.1f}" for s in plan.path[first:last + 1])
        out.append(f'<polyline class="branch" points="{points}" fill="none" stroke="{BRANCH_COLOURS[index % len(BRANCH_COLOURS)]}" '
                   'stroke-width="1.2"/>')
    for tap in injection_points(pixels):
        x, y = plan.centres[plan.path[tap]]
        out.append(f'<rect class="tap" x="{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" fill="none" stroke="black" '
                   'stroke-width="0.6"/>')
        out.append(f'<text x="{x + 4:.1f}" y="{y + 1:.1f}" font-size="3.5">5 V in (pixel {tap})</text>')
    for index, stations in enumerate(plan.modules):
        mx, my = plan.module_centre(index)
        for station in stations:
            sx, sy = plan.centres[station]
            out.append(f'<line x1="{mx:.1f}" y1="{my:.1f}" x2="{sx:.1f}" y2="{sy:.1f}" stroke="#999" stroke-width="0.25" '
                       'stroke-dasharray="1 1"/>')
        out.append(f'<rect class="module" x="{mx - 5:.1f}" y="{my - 3:.1f}" width="10" height="6" fill="#eee" stroke="black" '
                   'stroke-width="0.4"/>')
        out.append(f'<text x="{mx:.1f}" y="{my + 1.3:.1f}" font-size="3.5" text-anchor="middle">M{index}</text>')
    for position, station in enumerate(plan.path):
        x, y = plan.centres[station]
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.2" fill="black"/>')
        out.append(f'<text x="{x + 1.6:.1f}" y="{y - 1.6:.1f}" font-size="2.6">{station}·{position}</text>')
    start_x, start_y = plan.centres[plan.path[0]]
    out.append(f'<text x="{start_x + 2:.1f}" y="{start_y + 5:.1f}" font-size="4" font-weight="bold">start: pixel 0, module M0</text>')
    notes = [f"The LED chain: {len(plan.path)} pixels along one path ({plan.length_mm() / 1000:.1f} m), coloured by power branch; "
             "each small square is a branch's 5 V feed.",
             f"Modules M0-M{len(plan.modules) - 1}: each reads the 7 stations it is joined to, in the path's order, on inputs "
             "G, F, E, D, C, B, A. Labels: station·pixel.",
             "Wire it so and station-map-hand-wired.json is the board's map: check it with scotland-yard hw-test --walk."]
    for index, note in enumerate(notes):
        out.append(f'<text x="5" y="{h + 8 + index * 7:.1f}" font-size="4.5">{escape(note)}</text>')
    return "\n".join([*out, "</svg>"]) + "\n"
