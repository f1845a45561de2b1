"""What the fab's assembly service reads: the BOM and the placement (CPL) file, in JLCPCB's columns.

The BOM groups a tile's parts by what they are, with the maker's part number and the distributor's code (LCSC); the
CPL gives each part's centre and rotation as the fab's machines take them: in the Gerbers' frame (y up, so the
board's y negated), turned by the catalog's ``cpl_rotation`` where the fab's library holds a package turned from
KiCad's. Parts the maker solders (the through-hole connectors) and parts left empty (the sensors, unless the tiles
are ordered to see the pieces) are in neither: they are listed for the maker instead.

>>> from hardware.pack.pcb.geometry import Placed
>>> cpl_row(Placed("U201", "hc165", 10.0, 20.0, 0))
['U201', '10.0000mm', '-20.0000mm', 'Top', '270']
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hardware.pack.pcb.catalog import Catalog, load_catalog
from hardware.pack.pcb.geometry import Placed

BOM_COLUMNS = ("Comment", "Designator", "Footprint", "LCSC Part #", "Manufacturer", "Manufacturer Part #", "Quantity")
CPL_COLUMNS = ("Designator", "Mid X", "Mid Y", "Layer", "Rotation")
MAX_DESIGNATORS = 200
"""JLCPCB reads at most this many designators on one BOM row; more are split over rows."""


@dataclass(frozen=True)
class Placement:
    """Which of a tile's parts the fab places: those it places by default, plus the sensing parts if asked."""

    parts: tuple[Placed, ...]
    sensing: frozenset[str]

    def by_fab(self, with_sensors: bool, catalog: Catalog | None = None) -> list[Placed]:
        catalog = catalog or load_catalog()
        return [part for part in self.parts if catalog[part.key].placed_by == "fab"
                and (with_sensors or (part.ref not in self.sensing and catalog[part.key].populated))]

    def by_maker(self, catalog: Catalog | None = None) -> list[Placed]:
        catalog = catalog or load_catalog()
        return [part for part in self.parts if catalog[part.key].placed_by == "maker"]


def cpl_rotation(part: Placed, catalog: Catalog | None = None) -> int:
    """The rotation the fab's machine turns *part* by: KiCad's, plus the fab library's offset; on the underside, seen
    from below (KiCad's fab plugins write 180 minus the top's)."""
    offset = int((catalog or load_catalog())[part.key].cpl_rotation)
    if part.bottom:
        return (180 - part.rotation + offset) % 360
    return (part.rotation + offset) % 360


def cpl_row(part: Placed, catalog: Catalog | None = None) -> list[str]:
    return [part.ref, f"{part.x:.4f}mm", f"{-part.y:.4f}mm", "Bottom" if part.bottom else "Top", str(cpl_rotation(part, catalog))]


def cpl_csv(parts: Iterable[Placed], catalog: Catalog | None = None) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CPL_COLUMNS)
    for part in sorted(parts, key=lambda p: _ref_key(p.ref)):
        writer.writerow(cpl_row(part, catalog))
    return out.getvalue()


def bom_rows(parts: Iterable[Placed], catalog: Catalog | None = None) -> list[list[str]]:
    """One row per kind of part (split where it has more designators than the fab reads on a row)."""
    catalog = catalog or load_catalog()
    groups: dict[str, list[str]] = {}
    for part in parts:
        groups.setdefault(part.key, []).append(part.ref)
    rows = []
    for key in sorted(groups, key=lambda k: (catalog[k].value, k)):
        kind = catalog[key]
        refs = sorted(groups[key], key=_ref_key)
        for start in range(0, len(refs), MAX_DESIGNATORS):
            chunk = refs[start:start + MAX_DESIGNATORS]
            rows.append([kind.value, ",".join(chunk), kind.footprint.split(":", 1)[1], kind.lcsc, kind.maker, kind.mpn, str(len(chunk))])
    return rows


def bom_csv(parts: Iterable[Placed], catalog: Catalog | None = None) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(BOM_COLUMNS)
    writer.writerows(bom_rows(parts, catalog))
    return out.getvalue()


def part_cost(parts: Sequence[Placed], catalog: Catalog | None = None) -> float:
    """What the parts of one tile cost at the catalog's prices."""
    catalog = catalog or load_catalog()
    return sum(catalog[part.key].unit_price for part in parts)


def joints(parts: Sequence[Placed], catalog: Catalog | None = None) -> int:
    """Solder joints the fab makes (each pad, mechanical ones too): its placement fee is per joint."""
    catalog = catalog or load_catalog()
    return sum(len(catalog[part.key].pads) for part in parts)


def _ref_key(ref: str) -> tuple[str, int]:
    letters = ref.rstrip("0123456789")
    return letters, int(ref[len(letters):] or 0)
