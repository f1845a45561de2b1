"""The station tiles' parts, read from ``catalog.toml``: land patterns, what the fab needs to order them, their prices.

>>> catalog = load_catalog()
>>> catalog["switch"].lcsc, catalog["switch"].placed_by, len(catalog["hc165"].pads)
('C318884', 'fab', 16)
>>> catalog["led"].pin_number("DIN")
'3'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hardware.pack import PackError

CATALOG_FILE = Path(__file__).with_name("catalog.toml")


@dataclass(frozen=True)
class PadShape:
    """One pad of a land pattern at rotation 0: its number ("" for a mechanical pad), centre and size (mm)."""

    number: str
    x: float
    y: float
    width: float
    height: float
    shape: str
    drill: float = 0.0

    @property
    def through_hole(self) -> bool:
        return self.drill > 0


@dataclass(frozen=True)
class CatalogPart:
    """A kind of part on the tiles: what it is, how to order it, its land pattern."""

    key: str
    what: str
    value: str
    maker: str
    mpn: str
    lcsc: str
    part_class: str
    placed_by: str
    populated: bool
    unit_price: float
    price_date: str
    price_estimated: bool
    footprint: str
    pins: dict[str, str]
    pads: tuple[PadShape, ...]
    courtyard: tuple[float, float, float, float]
    body: tuple[float, float, float]
    cpl_rotation: float
    source: str
    alternative: str = ""
    milliamps_per_channel: float = 0.0
    actuator: tuple[float, float] = (0.0, 0.0)
    """A switch's button: diameter, height above the body (mm)."""
    travel: tuple[float, float] = (0.0, 0.0)
    """A switch's travel: to the click, to the end (mm)."""

    def pin_number(self, name: str) -> str:
        """The pin number of the pin called *name* (the part's datasheet name)."""
        for number, pin in self.pins.items():
            if pin == name:
                return number
        raise KeyError(f"{self.key} has no pin {name!r}")

    @property
    def through_hole(self) -> bool:
        return any(pad.through_hole for pad in self.pads)


@dataclass(frozen=True)
class Catalog:
    currency: str
    fab: str
    price_note: str
    parts: dict[str, CatalogPart]

    def __getitem__(self, key: str) -> CatalogPart:
        return self.parts[key]


def _part(key: str, item: dict[str, Any]) -> CatalogPart:
    try:
        pads = tuple(PadShape(str(p[0]), float(p[1]), float(p[2]), float(p[3]), float(p[4]), str(p[5]), float(p[6]))
                     for p in item["pads"])
        part = CatalogPart(key, item["what"], item["value"], item["maker"], item["mpn"], item["lcsc"], item["class"],
                           item["placed_by"], bool(item["populated"]), float(item["unit_price"]), item["price_date"],
                           bool(item.get("price_estimated", False)), item["footprint"], dict(item["pins"]), pads,
                           tuple(item["courtyard"]), tuple(item["body"]), float(item["cpl_rotation"]), item["source"],
                           item.get("alternative", ""), float(item.get("milliamps_per_channel", 0.0)),
                           tuple(item.get("actuator", (0.0, 0.0))), tuple(item.get("travel", (0.0, 0.0))))
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise PackError(f"catalog.toml [part.{key}]: {error!r}") from None
    numbered = {pad.number for pad in pads if pad.number}
    if numbered != set(part.pins):
        raise PackError(f"catalog.toml [part.{key}]: pads {sorted(numbered)} but pins {sorted(part.pins)}")
    if part.placed_by not in ("fab", "maker") or part.part_class not in ("basic", "extended"):
        raise PackError(f"catalog.toml [part.{key}]: placed_by fab or maker, class basic or extended")
    return part


@cache
def load_catalog(path: Path = CATALOG_FILE) -> Catalog:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Catalog(data["currency"], data["fab"], data["price_note"], {key: _part(key, item) for key, item in data["part"].items()})
