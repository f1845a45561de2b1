"""The board data and the board's queries.

The project's board (``engine/data/london.json``) must be the reference board in
``tests/fixtures/board`` (its README.md says what the files are and where they
come from) edge for edge and station for station.
"""

from __future__ import annotations

import csv
import json
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Board, Transport, london, station_set, stations_of
from engine.board import iter_stations, load_board

REFERENCE = Path(__file__).resolve().parents[1] / "fixtures" / "board"
EDGES_CSV = REFERENCE / "edges.csv"
STATIONS_CSV = REFERENCE / "stations.csv"

TRANSPORT_NAMES = {str(t): t for t in Transport}  # "taxi" -> Transport.TAXI, ...


def board_edges(board: Board) -> list[tuple[int, int, str]]:
    """The board's lines as (a, b, transport name) rows with a < b, sorted as in edges.csv."""
    return sorted((a, b, str(t)) for t, pairs in board.lines.items() for a, b in pairs)


@pytest.fixture(scope="module")
def board() -> Board:
    return london()


# ---------------------------------------------------------------- totals (always)


def test_199_stations_numbered_1_to_199(board: Board) -> None:
    assert len(board.stations) == 199
    assert board.stations == tuple(range(1, 200))
    assert stations_of(board.all_stations) == list(range(1, 200))
    assert 0 not in board and 200 not in board and 1 in board and 199 in board


@pytest.mark.parametrize(
    ("transport", "count"),
    [(Transport.TAXI, 346), (Transport.BUS, 99), (Transport.UNDERGROUND, 20), (Transport.FERRY, 3)],
)
def test_line_totals(board: Board, transport: Transport, count: int) -> None:
    pairs = board.lines[transport]
    assert len(pairs) == count
    assert len(set(pairs)) == count, f"duplicate {transport} lines"


def test_468_lines_in_all(board: Board) -> None:
    assert len(board_edges(board)) == 468
    assert len({(a, b) for a, b, _ in board_edges(board)}) == 436  # the reference's README: 436 distinct station pairs


def test_ferry_is_exactly_the_river_route(board: Board) -> None:
    assert set(board.lines[Transport.FERRY]) == {(108, 115), (115, 157), (157, 194)}
    assert stations_of(board.neighbours(115, Transport.FERRY)) == [108, 157]
    assert stations_of(board.neighbours(108, Transport.FERRY)) == [115]
    assert stations_of(board.neighbours(194, Transport.FERRY)) == [157]


def test_lines_are_normalised_and_on_the_board(board: Board) -> None:
    for transport, pairs in board.lines.items():
        for a, b in pairs:
            assert a < b, f"{transport} line {a}-{b} is not written low-high"
            assert a in board and b in board


def test_every_station_has_a_taxi_line(board: Board) -> None:
    for station in board.stations:
        assert Transport.TAXI in board.transports_at(station), station


def test_neighbours_are_the_lines_both_ways(board: Board) -> None:
    for transport in Transport:
        expected: dict[int, set[int]] = {s: set() for s in board.stations}
        for a, b in board.lines[transport]:
            expected[a].add(b)
            expected[b].add(a)
        for station in board.stations:
            assert set(stations_of(board.neighbours(station, transport))) == expected[station], (station, transport)
            assert (transport in board.transports_at(station)) == bool(expected[station])


def test_package_data_file_loads_to_the_same_board(board: Board) -> None:
    text = resources.files("engine").joinpath("data/london.json").read_text(encoding="utf-8")
    again = load_board(text)
    assert again.positions == board.positions
    assert again.lines == board.lines


# ---------------------------------------------------------------- the reference board


def test_edges_equal_the_reference_edge_for_edge(board: Board) -> None:
    with EDGES_CSV.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames == ["a", "b", "transport"]
        reference = [(int(row["a"]), int(row["b"]), row["transport"]) for row in reader]
    assert len(reference) == len(set(reference)) == 468
    ours = board_edges(board)
    missing = sorted(set(reference) - set(ours))
    extra = sorted(set(ours) - set(reference))
    assert not missing and not extra, f"missing from london.json: {missing}; not in edges.csv: {extra}"
    assert ours == sorted(reference)


def test_station_positions_equal_the_reference(board: Board) -> None:
    with STATIONS_CSV.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames == ["station", "x", "y"]
        reference = {int(row["station"]): (int(row["x"]), int(row["y"])) for row in reader}
    assert len(reference) == 199
    differing = {s: (board.positions.get(s), reference[s]) for s in reference if board.positions.get(s) != reference[s]}
    assert not differing, f"positions differing (ours, reference): {differing}"
    assert set(board.positions) == set(reference)


# ---------------------------------------------------------------- reach vs a naive union

station_sets = st.frozensets(st.integers(min_value=1, max_value=199), max_size=60)
transport_sets = st.frozensets(st.sampled_from(list(Transport)))


def naive_reach(board: Board, stations: frozenset[int], transports: frozenset[Transport]) -> set[int]:
    out: set[int] = set()
    for transport in transports:
        for a, b in board.lines[transport]:
            if a in stations:
                out.add(b)
            if b in stations:
                out.add(a)
    return out


@given(stations=station_sets, transport=st.sampled_from(list(Transport)))
def test_reach_is_the_union_of_neighbours(stations: frozenset[int], transport: Transport) -> None:
    board = london()
    got = board.reach(station_set(stations), transport)
    assert set(stations_of(got)) == naive_reach(board, stations, frozenset({transport}))
    per_station = 0
    for station in stations:
        per_station |= board.neighbours(station, transport)
    assert got == per_station


@given(stations=station_sets, transports=transport_sets)
def test_reach_any_is_the_union_over_transports(stations: frozenset[int], transports: frozenset[Transport]) -> None:
    board = london()
    bits = station_set(stations)
    got = board.reach_any(bits, transports)
    assert set(stations_of(got)) == naive_reach(board, stations, transports)
    union = 0
    for transport in transports:
        union |= board.reach(bits, transport)
    assert got == union


def test_reach_of_nothing_is_nothing() -> None:
    board = london()
    assert board.reach(0, Transport.TAXI) == 0
    assert board.reach_any(0, frozenset(Transport)) == 0
    assert board.reach_any(board.all_stations, frozenset()) == 0


def test_reach_everywhere_by_taxi_is_every_station() -> None:
    board = london()
    assert board.reach(board.all_stations, Transport.TAXI) == board.all_stations
    assert board.reach_any(board.all_stations, frozenset(Transport)) == board.all_stations


# ---------------------------------------------------------------- station sets


@given(st.sets(st.integers(min_value=0, max_value=400)))
def test_station_set_round_trips(stations: set[int]) -> None:
    bits = station_set(stations)
    assert stations_of(bits) == sorted(stations)
    assert list(iter_stations(bits)) == sorted(stations)
    assert (bits).bit_count() == len(stations)
    assert station_set(stations_of(bits)) == bits


@given(st.integers(min_value=0, max_value=2**260))
def test_stations_of_round_trips(bits: int) -> None:
    stations = stations_of(bits)
    assert stations == sorted(set(stations))
    assert station_set(stations) == bits


def test_station_set_of_duplicates() -> None:
    assert station_set([5, 5, 7]) == station_set([7, 5]) == (1 << 5) | (1 << 7)
    assert stations_of(0) == []
    assert station_set([]) == 0


# ---------------------------------------------------------------- load_board refuses foreign files


def _london_data() -> dict:
    return json.loads(resources.files("engine").joinpath("data/london.json").read_text(encoding="utf-8"))


def test_load_board_accepts_a_small_board() -> None:
    text = json.dumps(
        {
            "name": "tiny",
            "format": "scotland-yard-board",
            "version": 1,
            "stations": {"1": [0, 0], "2": [10, 0], "3": [0, 10]},
            "lines": {"taxi": [[1, 2], [3, 2]], "ferry": [[1, 3]]},
        }
    )
    tiny = load_board(text)
    assert tiny.stations == (1, 2, 3)
    assert tiny.lines[Transport.TAXI] == ((1, 2), (2, 3))
    assert tiny.lines[Transport.BUS] == ()
    assert stations_of(tiny.neighbours(2, Transport.TAXI)) == [1, 3]


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"format": "scotland-yard-record"}, id="a game record"),
        pytest.param({"format": "something-else"}, id="foreign format"),
        pytest.param({"format": None}, id="no format"),
        pytest.param({"version": 2}, id="version 2"),
        pytest.param({"version": "1"}, id="version as text"),
        pytest.param({"version": None}, id="no version"),
    ],
)
def test_load_board_refuses_a_foreign_file(change: dict) -> None:
    data = _london_data()
    data.update(change)
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(ValueError, match="scotland-yard-board"):
        load_board(json.dumps(data))


@pytest.mark.parametrize("text", ["[1, 2, 3]", '"london"', "42", "null"], ids=["list", "string", "number", "null"])
def test_load_board_refuses_json_that_is_not_an_object(text: str) -> None:
    with pytest.raises(ValueError, match="scotland-yard-board"):
        load_board(text)


def test_load_board_refuses_broken_json() -> None:
    with pytest.raises(ValueError):
        load_board('{"format": "scotland-yard-board", "version": 1, "stations": {')


def test_load_board_refuses_a_line_to_a_missing_station() -> None:
    data = _london_data()
    data["lines"]["taxi"].append([199, 200])
    with pytest.raises(ValueError, match="200"):
        load_board(json.dumps(data))
