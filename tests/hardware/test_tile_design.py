"""The station tiles' design, before KiCad: the cut, the cells, the layout, the circuit and the router's copper."""

from __future__ import annotations

import itertools
import math

import pytest
from shapely.geometry import LineString, Point, box

from hardware.config import SPI_BUS_PINS, Config
from hardware.pack import buildpack
from hardware.pack.board import default_placement, station_centres
from hardware.pack.circuits import Netlist
from hardware.pack.parts import load_tile_parts
from hardware.pack.pcb.board import TileBoard
from hardware.pack.pcb.catalog import load_catalog
from hardware.pack.pcb.circuit import INPUT_PAIRS, LINK_PINS, tile_circuit
from hardware.pack.pcb.fab import Placement, bom_rows, cpl_row
from hardware.pack.pcb.geometry import Placed, PlacedPad, courtyard, placed_pads
from hardware.pack.pcb.router import Keepout, Router, Rules, Track, Via
from hardware.pack.pcb.station import cell_room, cell_rotations
from hardware.pack.pcb.tiling import CELL_REACH_MM, TILE_LIMIT_MM, cut_board
from hardware.pack.schematics import GROUND_PINS, HEADER_PIN
from hardware.station_map import MapError, StationMap
from tests.support.tiles import DEFAULT_TILES, routed_tile

pytestmark = pytest.mark.xdist_group("tiles")  # one worker lays the board out and routes its tile once

CENTRES = station_centres(default_placement((545.0, 420.0)))


@pytest.fixture(scope="module")
def tiles() -> list:  # type: ignore[type-arg]
    return cut_board(CENTRES)


@pytest.fixture(scope="module")
def rotations() -> dict[int, int]:
    return cell_rotations(CENTRES)


@pytest.fixture(scope="module")
def smallest() -> TileBoard:
    """The tile with the fewest stations, laid out and routed (shared with test_tiles' build of it)."""
    return routed_tile(DEFAULT_TILES[0])


def test_the_tiles_cover_every_station_once_each_within_the_fab_s_size(tiles: list) -> None:  # type: ignore[type-arg]
    assert len(tiles) == 6
    stations = [s for tile in tiles for s in tile.stations]
    assert sorted(stations) == sorted(CENTRES)
    for tile in tiles:
        assert max(tile.size) <= TILE_LIMIT_MM
        for station in tile.stations:  # a station's whole cell on its tile, clear of the cut
            assert tile.outline.contains(Point(CENTRES[station]).buffer(CELL_REACH_MM - 1.0))
    for a, b in itertools.combinations(tiles, 2):
        assert a.outline.distance(b.outline) >= 0.99  # the gap between tiles
    assert [t.number for t in tiles] == [1, 2, 3, 4, 5, 6]
    assert [(t.row, t.column) for t in tiles] == [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]  # a snake from the Pi


def test_each_tile_s_link_meets_the_next_one_s(tiles: list) -> None:  # type: ignore[type-arg]
    for a, b in itertools.pairwise(tiles):
        assert math.dist(a.exit, b.entry) < 2.0  # on the cut they share, across the gap


def test_every_cell_keeps_its_spacer_web_and_its_parts_apart(rotations: dict[int, int]) -> None:
    tile = load_tile_parts()
    room = cell_room(CENTRES, rotations)
    assert min(web for _, _, web, _ in room) >= tile.stack.min_web
    assert min(gap for _, _, _, gap in room) >= 0.5
    assert sum(r != 0 for r in rotations.values()) < 10  # most cells keep one orientation, as a board looks best
    upright = cell_room(CENTRES, dict.fromkeys(CENTRES, 0))  # every cell turned alike: the turns chosen do no worse
    assert sorted(web for *_, web, _ in room)[:20] >= sorted(web for *_, web, _ in upright)[:20]


def test_the_circuit_reads_each_station_s_switch_and_sensor_on_one_chip() -> None:
    circuit = tile_circuit([10, 11, 12, 13], [(10, 11, 12), (13,)])
    assert isinstance(circuit.netlist, Netlist)  # every pin in one net (or left unconnected on purpose), checked as built
    nets = circuit.netlist
    for station, (reader, button, sensor) in circuit.inputs.items():
        chip = load_catalog()["hc165"]
        assert nets.net_of(f"U{201 + reader}", chip.pin_number(button)) == f"BTN{station}"
        assert nets.net_of(f"U{201 + reader}", chip.pin_number(sensor)) == f"SENSE{station}"
        assert nets.net_of(f"SW{station}", "1") == f"BTN{station}"
        assert nets.net_of(f"U{station}", "2") == f"SENSE{station}"  # the sensor's OUT
    assert nets.net_of("U201", "6") == "GND"  # H, the sentinel
    assert nets.net_of("U201", "9") == "CHAIN0" == nets.net_of("J1", "8")  # reader 0's data leaves towards the Pi
    assert nets.net_of("U202", "10") == "SER_IN" == nets.net_of("J2", "8")  # the last reader's SER from the next tile
    assert [nets.net_of(f"D{s}", "3") for s in (10, 11, 12, 13)] == ["DATA0", "DATA1", "DATA2", "DATA3"]
    assert nets.net_of("D13", "1") == "DATA_OUT" == nets.net_of("J2", "2")
    assert set(circuit.sensing) == {f"{p}{s}" for p in ("U", "CS") for s in (10, 11, 12, 13)}
    assert list(INPUT_PAIRS) == [("A", "B"), ("C", "D"), ("E", "F")]
    assert [(number, into) for number, into, _ in LINK_PINS if into != "GND"] == [("2", "DATA_IN"), ("4", "CLK_IN"),
                                                                                  ("6", "LOAD_IN"), ("8", "CHAIN0")]
    with pytest.raises(ValueError, match="exactly one reader"):
        tile_circuit([1, 2], [(1,)])


def test_the_layout_keeps_every_part_on_the_tile_and_apart(smallest: TileBoard) -> None:
    layout = smallest.layout
    inside = layout.tile.outline.buffer(-1.0, join_style="mitre")
    for side in (False, True):
        yards = [(part.ref, courtyard(part)) for part in layout.parts if part.bottom == side]
        for ref, yard in yards:
            assert inside.contains(yard), ref
        for (a, ya), (b, yb) in itertools.combinations(yards, 2):
            assert ya.intersection(yb).area < 1e-9, (a, b)
    for hole in layout.holes:
        keep = Point(hole.x, hole.y).buffer(hole.keepout)
        assert not any(keep.intersects(courtyard(part)) for part in layout.parts if not part.bottom), hole
    for station in layout.circuit.stations:  # the switch on the station, exactly
        switch = layout.part(f"SW{station}")
        assert (switch.x, switch.y) == pytest.approx(CENTRES[station], abs=1e-4)


def _copper(board: TileBoard) -> list[tuple[str, str, object]]:
    """Every piece of copper as (net, layer, shape): pads, tracks (with their width), vias (on both layers)."""
    items: list[tuple[str, str, object]] = []
    for pad, net in board.pads():
        shape = Point(pad.x, pad.y).buffer(pad.width / 2) if pad.shape == "circle" else box(*pad.box)
        items += [(net or f"{pad.ref}.{pad.number}", layer, shape) for layer in pad.layers]
    for track in board.routing.tracks:
        items.append((track.net, track.layer, LineString([track.start, track.end]).buffer(track.width / 2)))
    for via in board.routing.vias:
        items += [(via.net, layer, Point(via.x, via.y).buffer(via.diameter / 2)) for layer in ("F.Cu", "B.Cu")]
    return items


def test_the_routed_copper_keeps_its_clearance_without_kicad(smallest: TileBoard) -> None:
    """An independent check of the router's own: no two pieces of copper of different nets nearer than the rules'
    clearance on any layer, and every net one connected piece."""
    from shapely.strtree import STRtree

    rules = smallest.rules
    copper = _copper(smallest)
    for layer in ("F.Cu", "B.Cu"):
        mine = [(net, shape) for net, lay, shape in copper if lay == layer]
        tree = STRtree([shape for _, shape in mine])
        for i, (net, shape) in enumerate(mine):
            for j in tree.query(shape.buffer(rules.clearance - 0.01)):
                if j != i and mine[j][0] != net:
                    assert shape.distance(mine[j][1]) >= rules.clearance - 1e-6, (layer, net, mine[j][0])


def test_every_signal_net_is_one_piece_of_copper(smallest: TileBoard) -> None:
    """Joined through the vias: each signal net's pads, tracks and vias make one connected whole."""
    import networkx as nx
    from shapely.strtree import STRtree

    pieces: dict[str, list[tuple[str, object]]] = {}
    for net, layer, shape in _copper(smallest):
        if net not in ("GND", "+5V") and "." not in net:  # the planes' nets; mechanical pads
            pieces.setdefault(net, []).append((layer, shape))
    for net, mine in pieces.items():
        graph = nx.Graph()
        graph.add_nodes_from(range(len(mine)))
        tree = STRtree([shape for _, shape in mine])
        for i, (layer, shape) in enumerate(mine):
            for j in tree.query(shape, predicate="intersects"):
                if mine[j][0] == layer or mine[j][1].equals(shape):  # type: ignore[attr-defined]
                    graph.add_edge(i, int(j))  # touching on one layer, or a via's (or a hole's) two ends
        assert nx.number_connected_components(graph) == 1, net


def test_a_walled_in_pad_is_freed_by_taking_up_the_wall() -> None:
    """Two nets on a small board: A's track is routed first straight across, B's pad is behind it; B is still joined."""
    outline = box(0, 0, 20, 10)
    pads = [(PlacedPad("P1", "1", 2.0, 5.0, 0.8, 0.8, "rect", 0.0, ("F.Cu",)), "A"),
            (PlacedPad("P2", "1", 18.0, 5.0, 0.8, 0.8, "rect", 0.0, ("F.Cu",)), "A"),
            (PlacedPad("P3", "1", 10.0, 2.0, 0.8, 0.8, "rect", 0.0, ("F.Cu",)), "B"),
            (PlacedPad("P4", "1", 10.0, 8.0, 0.8, 0.8, "rect", 0.0, ("F.Cu",)), "B")]
    router = Router(outline, [Keepout(10.0, 5.0, 0.1)], pads, ())
    router.route(["A", "B"])
    routing = router.routing
    assert routing.failed == []
    assert {t.net for t in routing.tracks} == {"A", "B"}
    assert all(isinstance(t, Track) for t in routing.tracks) and all(isinstance(v, Via) for v in routing.vias)


def test_the_router_fails_plainly_when_a_pad_cannot_be_reached() -> None:
    outline = box(0, 0, 20, 10)
    pads = [(PlacedPad("P1", "1", 2.0, 5.0, 0.8, 0.8, "rect", 0.0, ("F.Cu",)), "A"),
            (PlacedPad("P2", "1", 18.0, 5.0, 0.8, 0.8, "rect", 0.0, ("F.Cu",)), "A")]
    walls = [Keepout(18.0, 5.0, 3.0)]  # a keep-out over the second pad's surroundings
    router = Router(outline, walls, pads, (), Rules())
    router.route()
    assert router.routing.failed == ["A"]


def test_the_fab_lists_every_placed_part_once_with_its_code(smallest: TileBoard) -> None:
    catalog = load_catalog()
    placement = Placement(smallest.layout.parts, smallest.layout.circuit.sensing)
    placed = placement.by_fab(False)
    rows = bom_rows(placed)
    designators = [ref for row in rows for ref in row[1].split(",")]
    assert sorted(designators) == sorted(part.ref for part in placed)
    assert all(row[3].startswith("C") for row in rows)  # every part the fab places has its LCSC code
    assert not any(ref.startswith(("U", "CS")) and ref[len(ref.rstrip("0123456789")):].isdigit()
                   and int(ref.lstrip("UCS")) < 200 for ref in designators)  # no sensor, no sensor capacitor
    with_sensors = placement.by_fab(True)
    assert len(with_sensors) - len(placed) == 2 * len(smallest.layout.circuit.stations)
    assert {part.ref for part in placement.by_maker()} == {"J1", "J2", "J3"}
    assert all(catalog[p.key].placed_by == "fab" for p in with_sensors)


def test_a_placement_row_is_in_the_gerbers_frame_turned_as_the_fab_holds_the_part() -> None:
    assert cpl_row(Placed("C1", "c-decouple", 10.0, 20.0, 90)) == ["C1", "10.0000mm", "-20.0000mm", "Top", "90"]
    assert cpl_row(Placed("U201", "hc165", 10.0, 20.0, 180)) == ["U201", "10.0000mm", "-20.0000mm", "Top", "90"]
    assert cpl_row(Placed("U5", "hall", 1.0, 2.0, 0, bottom=True))[3:] == ["Bottom", "0"]


def test_a_station_map_with_sensors_reads_back_and_refuses_a_shared_bit() -> None:
    the_map = StationMap({1: 0, 2: 1}, {1: 1, 2: 3}, {1: 2, 2: 4})
    assert StationMap.from_json(the_map.to_json()) == the_map
    assert "sensors" not in StationMap({1: 0}, {1: 1}).to_json()  # a map without sensors reads as before
    with pytest.raises(MapError, match="share the chain's bit 3"):
        StationMap.from_json(StationMap({1: 0, 2: 1}, {1: 1, 2: 3}, {1: 3, 2: 4}).to_json())


def test_the_catalog_s_pads_are_what_its_pins_name() -> None:
    for key, part in load_catalog().parts.items():
        numbered = [pad for pad in part.pads if pad.number]
        assert {pad.number for pad in numbered} == set(part.pins), key
        x0, y0, x1, y1 = part.courtyard
        for pad in part.pads:  # every pad inside its courtyard
            assert x0 <= pad.x - pad.width / 2 and pad.x + pad.width / 2 <= x1, key
            assert y0 <= pad.y - pad.height / 2 and pad.y + pad.height / 2 <= y1, key
        placed = placed_pads(Placed("X1", key, 0.0, 0.0, 90))
        assert len(placed) == len(part.pads)


def test_the_station_map_is_the_tiles_circuits() -> None:
    """Each station's LED is the pixel the map says, its switch and sensor the chain inputs it says: read from each
    tile's netlist, chip by chip along the chain (the copper is the netlist: KiCad's DRC checks that, test_tiles)."""
    import tomllib

    from hardware.pack.pcb.circuit import reader_ref
    from hardware.pack.pcb.pack import chips, console_settings, station_map
    from hardware.station_map import INPUT_ORDER, sentinel_bits
    from tests.support.tiles import board_layouts

    layouts = board_layouts()
    the_map = StationMap.from_json(station_map(layouts).to_json())
    settings = tomllib.loads(console_settings(layouts))
    total = settings["buttons"]["chips"]
    assert total == chips(layouts) == sum(len(layout.circuit.readers) for layout in layouts)
    assert sorted(the_map.pixels) == sorted(the_map.buttons) == sorted(the_map.sensors) == sorted(CENTRES)
    assert sorted(the_map.pixels.values()) == list(range(settings["leds"]["count"]))
    bits = [*the_map.buttons.values(), *the_map.sensors.values()]
    assert len(set(bits)) == len(bits) and max(bits) < 8 * total and not set(bits) & set(sentinel_bits(total))
    hc165 = load_catalog()["hc165"]
    pixel = chip = 0
    for layout in layouts:
        nets = layout.circuit.netlist
        chain = sorted(layout.circuit.stations, key=lambda s: the_map.pixels[s])
        assert chain == list(layout.circuit.stations)  # the map's pixel order is the tile's LED chain
        for index, station in enumerate(chain):
            assert the_map.pixels[station] == pixel + index
            assert nets.net_of(f"D{station}", "3") == f"DATA{index}"  # its DIN: the tile's index-th LED's
            for what, bit in (("BTN", the_map.buttons[station]), ("SENSE", the_map.sensors[station])):
                reader, name = bit // 8 - chip, INPUT_ORDER[bit % 8]
                assert 0 <= reader < len(layout.circuit.readers)
                assert nets.net_of(reader_ref(reader), hc165.pin_number(name)) == f"{what}{station}"
        pixel += len(chain)
        chip += len(layout.circuit.readers)


def test_the_schematic_labels_every_pin_it_draws_with_its_net() -> None:
    import xml.etree.ElementTree as ET

    from hardware.pack.pcb.schematic import tile_schematic
    from tests.support.tiles import board_layouts

    circuit = board_layouts()[0].circuit
    root = ET.fromstring(tile_schematic(circuit, 1))
    texts = ["".join(node.itertext()) for node in root.iter() if node.tag.rsplit("}", 1)[-1] == "text"]
    station = circuit.stations[0]
    drawn = [part for part in circuit.netlist.parts if part.ref in {f"D{station}", f"SW{station}", f"RB{station}", "U201", "J1", "J2",
                                                                    "U901", "U902", "U903"}]
    for part in drawn:
        assert any(text.startswith(part.ref) for text in texts), part.ref
        for number in part.pins:
            net = circuit.netlist.net_of(part.ref, number) or "(not connected)"
            assert net in texts or f"{number}: {net}" in texts, (part.ref, number, net)
    assert f"A station's cell (station {station}: one of {len(circuit.stations)} on this tile)" in texts


def _table_rows(text: str, heading_cell: str) -> list[list[str]]:
    """The rows of the Markdown table whose header row starts with *heading_cell*, as lists of cells."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {heading_cell} |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_tiles_md_gives_the_links_as_the_netlist_and_the_config_have_them() -> None:
    """The link table against LINK_PINS, and the Pi's link against the default pins and the header."""
    text = buildpack.BUILDS["tiles"].read_text(encoding="utf-8")
    grounds = {pin for pin, into, out in LINK_PINS if into == out == "GND"}
    signals = {pin: into for pin, into, _ in LINK_PINS if pin not in grounds}
    link = {row[0]: row for row in _table_rows(text, "link pin")}
    assert set(link) == set(signals) | {", ".join(sorted(grounds, key=int))}
    words = {"DATA_IN": "LEDs' data", "CLK_IN": "clock", "LOAD_IN": "load", "CHAIN0": "towards the Pi"}
    assert all(words[net] in link[pin][1] for pin, net in signals.items())
    pi = {row[0]: row for row in _table_rows(text.split("make one more link", 1)[1], "link pin")}
    config = Config()
    gpio = {"DATA_IN": config.leds.pin, "CLK_IN": SPI_BUS_PINS[config.buttons.spi_bus]["sclk"],
            "LOAD_IN": config.buttons.load_pin, "CHAIN0": SPI_BUS_PINS[config.buttons.spi_bus]["miso"]}
    for pin, net in signals.items():
        assert pi[pin][1] == str(HEADER_PIN[gpio[net]]) and pi[pin][2].startswith(f"GPIO{gpio[net]}"), pin
    ground_row = next(row for pin, row in pi.items() if " and " in pin)
    assert all(int(header) in GROUND_PINS for header in ground_row[1].split(" and "))
    assert all(pin in grounds for pin in ground_row[0].split(" and "))
