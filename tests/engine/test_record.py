"""Game records: versioned JSON that replays to the identical game, and refuses anything else.

A corrupt record of any kind must raise ``engine.RecordError`` with a message
that says what is wrong, and never any other exception.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    BEGINNER,
    CLASSIC,
    EDITIONS,
    REISSUE,
    DetectiveMove,
    DoubleMove,
    Game,
    Move,
    Position,
    RecordError,
    Ruleset,
    Side,
    Tickets,
    Transport,
    deal,
    record,
)
from engine.editions import FIVE_REVEALS, Length, TicketFlow
from tests.conftest import SETUPS, new_game, play_random_game, play_until, scaled, seeds


def same_game(a: Game, b: Game) -> None:
    assert a.mister_x_view() == b.mister_x_view()
    assert a.outcome == b.outcome
    assert a.actions == b.actions
    assert a.ruleset == b.ruleset


def mid_game(edition: str = "reissue", players: int = 3, seed: int = 1, actions: int = 12) -> Game:
    """A game still going after *actions* random moves (the first such seed from *seed* on)."""
    for attempt in range(seed, seed + 100):
        game = play_until(new_game(edition, players, attempt), random.Random(attempt), actions)
        if not game.is_over:
            return game
    raise AssertionError(f"no {edition} game of {players} players lasts {actions} actions")


# ====================================================================== the format


def test_record_is_versioned_json() -> None:
    game = mid_game()
    text = record.dumps(game)
    data = json.loads(text)
    assert set(data) == {"format", "version", "start", "moves"}
    assert data["format"] == "scotland-yard-record"
    assert data["version"] == 2
    assert data["moves"] == [move.notation for move in game.actions]
    assert " " not in data["moves"][0] and " " in data["moves"][1]  # Mister X's leg, then a detective's move
    assert record.to_dict(game) == data


def test_a_double_move_is_one_record_entry() -> None:
    game = new_game("reissue", 4, seed=2)
    first = game.single_moves()[0]
    second = game.second_legs(first)[0]
    game.play(DoubleMove(first, second))
    data = record.to_dict(game)
    assert data["moves"] == [f"{first.notation}+{second.notation}"]
    same_game(record.loads(record.dumps(game)), game)


@pytest.mark.parametrize(("edition", "players"), SETUPS)
def test_round_trip_new_mid_and_finished_games(edition: str, players: int) -> None:
    for seed in range(3):
        game = new_game(edition, players, seed)
        same_game(record.loads(record.dumps(game)), game)
        play_until(game, random.Random(seed), 9)
        text = record.dumps(game)
        same_game(record.loads(text), game)
        assert record.dumps(record.loads(text)) == text
        finished = play_random_game(edition, players, seed)
        assert finished.is_over
        text = record.dumps(finished)
        again = record.loads(text)
        same_game(again, finished)
        assert record.dumps(again) == text


def test_a_reloaded_game_goes_on_like_the_original() -> None:
    game = mid_game(seed=4)
    copy_ = record.loads(record.dumps(game))
    rng = random.Random(4)
    while not game.is_over:
        moves = game.single_moves()
        move = rng.choice(moves)
        game.play(move)
        copy_.play(move)
        same_game(copy_, game)


def test_undone_moves_are_not_recorded() -> None:
    game = mid_game(seed=2, actions=1)
    assert game.turn is Side.DETECTIVES
    text = record.dumps(game)
    game.play(game.single_moves()[0])
    game.undo()
    assert record.dumps(game) == text


# ====================================================================== corrupt records


def version_1(move: Move) -> dict[str, Any]:
    """A move as records of version 1 held it: an object."""
    if isinstance(move, DoubleMove):
        return {"piece": "mister_x", "double": [version_1(move.first), version_1(move.second)]}
    return {"piece": move.piece if isinstance(move, DetectiveMove) else "mister_x", "station": move.station, "ticket": str(move.ticket)}


def _base() -> dict[str, Any]:
    """A mid-game reissue record of version 1 (the damage below edits its moves' fields): Mister X's move, then detective
    and bobby moves."""
    game = mid_game("reissue", 3, seed=1, actions=7)
    return record.to_dict(game) | {"version": 1, "moves": [version_1(move) for move in game.actions]}


BASE = _base()


def expect_record_error(text: str, match: str | None = None) -> RecordError:
    try:
        record.loads(text)
    except RecordError as error:
        message = str(error)
        assert message, "a RecordError without a message"
        if match is not None:
            assert match.lower() in message.lower(), f"unclear message {message!r} (expected it to mention {match!r})"
        return error
    except Exception as error:
        pytest.fail(f"{type(error).__name__} instead of RecordError: {error}")
    pytest.fail("a corrupt record was accepted")


def mutated(change: Callable[[dict[str, Any]], Any]) -> str:
    data = copy.deepcopy(BASE)
    change(data)
    return json.dumps(data)


def test_the_base_record_is_good() -> None:
    assert record.loads(json.dumps(BASE)).actions


def test_a_record_of_version_1_loads_as_the_same_game() -> None:
    game = mid_game("reissue", 4, seed=5, actions=20)
    assert any(isinstance(move, DoubleMove) for move in game.actions), "the seed should give a double move"
    old = record.to_dict(game) | {"version": 1, "moves": [version_1(move) for move in game.actions]}
    same_game(record.from_dict(old), game)


@pytest.mark.parametrize("move", ["T", "Q46", "46", 46, None, ["T46"], {"move": "T46"}, "red T46 taxi", "T46+", "T46+X47+B1", "red  ",
                                  "mister_x T46"])
def test_a_move_in_no_notation_is_refused(move: Any) -> None:
    data = record.to_dict(mid_game("reissue", 3, seed=1, actions=7))
    data["moves"][0] = move
    expect_record_error(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty"),
        pytest.param(json.dumps(BASE)[:-7], id="truncated"),
        pytest.param(json.dumps(BASE).replace(":", "=", 1), id="garbled"),
        pytest.param("{'format': 'scotland-yard-record'}", id="python not JSON"),
        pytest.param("\x00\x01binary", id="binary"),
    ],
)
def test_broken_json(text: str) -> None:
    expect_record_error(text, match="JSON")


@pytest.mark.parametrize("depth", [10_000, 200_000])
def test_absurdly_nested_json(depth: int) -> None:
    expect_record_error("[" * depth + "]" * depth)
    expect_record_error('{"a":' * depth)


@pytest.mark.parametrize("text", ["[]", "null", "3", '"scotland-yard-record"', "true", "[" + json.dumps(BASE) + "]"])
def test_json_that_is_not_a_record_object(text: str) -> None:
    expect_record_error(text, match="not a Scotland Yard game record")


@pytest.mark.parametrize(
    ("change", "match"),
    [
        pytest.param(lambda d: d.update(format="scotland-yard-board"), "format", id="a board file"),
        pytest.param(lambda d: d.update(format="SCOTLAND-YARD-RECORD"), "format", id="format in capitals"),
        pytest.param(lambda d: d.pop("format"), "format", id="no format"),
        pytest.param(lambda d: d.update(format=None), "format", id="null format"),
        pytest.param(lambda d: d.update(version=3), "version", id="version 3"),
        pytest.param(lambda d: d.update(version=0), "version", id="version 0"),
        pytest.param(lambda d: d.update(version="1"), "version", id="version as text"),
        pytest.param(lambda d: d.update(version=True), "version", id="version as boolean"),
        pytest.param(lambda d: d.update(version=1.0), "version", id="version as float"),
        pytest.param(lambda d: d.update(version=None), "version", id="null version"),
        pytest.param(lambda d: d.pop("version"), "version", id="no version"),
    ],
)
def test_wrong_format_or_version(change: Callable[[dict[str, Any]], Any], match: str) -> None:
    expect_record_error(mutated(change), match=match)


def _pop(*path: str | int) -> Callable[[dict[str, Any]], Any]:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        node.pop(path[-1])

    return change


def _set(value: Any, *path: str | int) -> Callable[[dict[str, Any]], Any]:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


MISSING_KEYS = [
    ("start",),
    ("moves",),
    ("start", "ruleset"),
    ("start", "ruleset", "edition"),
    ("start", "mister_x"),
    ("start", "mister_x", "station"),
    ("start", "mister_x", "tickets"),
    ("start", "pieces"),
    ("start", "pieces", 0, "name"),
    ("start", "pieces", 0, "station"),
    ("start", "supply"),
    ("start", "log"),
    ("start", "round"),
    ("start", "turn"),
    ("start", "moved"),
    ("start", "possible"),
    ("moves", 0, "station"),
    ("moves", 0, "ticket"),
    ("moves", 0, "piece"),
    ("moves", 1, "station"),
]


@pytest.mark.parametrize("path", MISSING_KEYS, ids=["/".join(map(str, p)) for p in MISSING_KEYS])
def test_missing_keys(path: tuple[str | int, ...]) -> None:
    expect_record_error(mutated(_pop(*path)))


WRONG_TYPES: list[tuple[Any, tuple[str | int, ...]]] = [
    ([], ("start",)),
    ("everything", ("start",)),
    ({"0": {}}, ("moves",)),
    ("moves", ("moves",)),
    (7, ("moves",)),
    (None, ("moves",)),
    (["taxi"], ("moves", 0)),
    ("2", ("start", "round")),
    (1.0, ("start", "round")),
    (True, ("start", "round")),
    (None, ("start", "round")),
    ("sideways", ("start", "turn")),
    (1, ("start", "turn")),
    ("172", ("start", "mister_x", "station")),
    (172.0, ("start", "mister_x", "station")),
    ([172], ("start", "mister_x", "station")),
    ({"black": "5"}, ("start", "mister_x", "tickets")),
    ({"black": 5.0}, ("start", "mister_x", "tickets")),
    ({"black": True}, ("start", "mister_x", "tickets")),
    ({"gold": 1}, ("start", "mister_x", "tickets")),
    (["black", 5], ("start", "mister_x", "tickets")),
    ("red", ("start", "pieces")),
    ({"name": "red"}, ("start", "pieces")),
    ([None], ("start", "pieces")),
    ("50", ("start", "pieces", 0, "station")),
    (None, ("start", "pieces", 0, "station")),
    ([11, 8, 4], ("start", "pieces", 0, "tickets")),
    (["taxi"], ("start", "supply")),
    ({"taxi": -1}, ("start", "supply")),
    ({"ticket": "taxi"}, ("start", "log")),
    ([{"ticket": "taxi"}], ("start", "log")),
    (["35"], ("start", "possible")),
    ([-1], ("start", "possible")),
    ([10**30], ("start", "possible")),
    (35, ("start", "possible")),
    ("red", ("start", "moved")),
    ([None], ("start", "dealt")),
    ("reissue", ("start", "ruleset")),
    ({"edition": "monopoly"}, ("start", "ruleset")),
    ({"edition": None}, ("start", "ruleset")),
    ({"edition": "reissue", "changes": {"length": 0}}, ("start", "ruleset")),
    ({"edition": "reissue", "changes": {"length": "long"}}, ("start", "ruleset")),
    ({"edition": "reissue", "changes": {"colour": "red"}}, ("start", "ruleset")),
    ({"edition": "reissue", "changes": {"transports": ["taxi", "hovercraft"]}}, ("start", "ruleset")),
    ({"edition": "reissue", "changes": {"ticket_flow": "bank"}}, ("start", "ruleset")),
    ({"edition": "reissue", "changes": ["length", 5]}, ("start", "ruleset")),
    ("137", ("moves", 0, "station")),
    (None, ("moves", 0, "station")),
    (137.5, ("moves", 0, "station")),
    ("gold", ("moves", 0, "ticket")),
    (3, ("moves", 0, "ticket")),
    (None, ("moves", 0, "ticket")),
    ([{"piece": "mister_x", "station": 1, "ticket": "taxi"}], ("moves", 0, "double")),
    ("both", ("moves", 0, "double")),
    ([{"piece": "red", "station": 1, "ticket": "taxi"}] * 2, ("moves", 0, "double")),
]


@pytest.mark.parametrize(("value", "path"), WRONG_TYPES, ids=[f"{'/'.join(map(str, p))}={v!r}"[:60] for v, p in WRONG_TYPES])
def test_wrong_types(value: Any, path: tuple[str | int, ...]) -> None:
    expect_record_error(mutated(_set(value, *path)))


def _first(data: dict[str, Any], piece: str) -> dict[str, Any]:
    return next(m for m in data["moves"] if m.get("piece") == piece)


def test_a_move_that_does_not_replay_names_the_move() -> None:
    # Mister X's first move goes nowhere near where he stands.
    text = mutated(lambda d: d["moves"][0].update(station=1 if d["start"]["mister_x"]["station"] != 1 else 199))
    expect_record_error(text, match="move 1")


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda d: d["moves"][1].update(station=d["start"]["mister_x"]["station"] % 199 + 1), id="detective jumps"),
        pytest.param(lambda d: d["moves"][1].update(ticket="black"), id="detective rides black"),
        pytest.param(lambda d: d["moves"][1].update(piece="mister_x"), id="Mister X moves twice in a row"),
        pytest.param(lambda d: d["moves"][1].update(piece="purple"), id="a detective who is not there"),
        pytest.param(lambda d: d["moves"].insert(2, d["moves"][1]), id="a detective moves twice in a round"),
        pytest.param(lambda d: d["moves"].insert(0, d["moves"][1]), id="a detective moves before Mister X"),
        pytest.param(lambda d: d["moves"][0].update(ticket="double"), id="a single move on a double-move ticket"),
        pytest.param(lambda d: d["moves"][0].update(station=d["start"]["pieces"][0]["station"]), id="Mister X onto a detective"),
        pytest.param(lambda d: d["moves"][0].update(station=-3), id="a negative station"),
        pytest.param(lambda d: d["moves"][0].update(station=0), id="station 0"),
        pytest.param(lambda d: d["moves"][0].update(station=10**40), id="a huge station"),
        pytest.param(lambda d: d["moves"][1].update(station=-3), id="a detective to a negative station"),
        pytest.param(lambda d: d["moves"].append(d["moves"][-1]), id="the last move twice"),
    ],
)
def test_moves_that_do_not_replay(change: Callable[[dict[str, Any]], Any]) -> None:
    expect_record_error(mutated(change), match="move")


def test_moves_after_the_end_do_not_replay() -> None:
    game = play_random_game("beginner", 3, seed=9)
    data = record.to_dict(game)
    data["moves"].append(data["moves"][-1])
    expect_record_error(json.dumps(data), match=f"move {len(data['moves'])}")


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda d: d["start"]["mister_x"].update(station=d["start"]["pieces"][0]["station"]), id="Mister X on a detective"),
        pytest.param(lambda d: d["start"]["pieces"][1].update(station=d["start"]["pieces"][0]["station"]),
                     id="two detectives on one station"),
        pytest.param(lambda d: d["start"]["mister_x"].update(station=1), id="Mister X off his start cards"),
        pytest.param(lambda d: d["start"]["mister_x"].update(station=200), id="Mister X off the board"),
        pytest.param(lambda d: d["start"]["pieces"][0].update(station=0), id="a detective off the board"),
        pytest.param(lambda d: d["start"]["pieces"][0]["tickets"].update(taxi=-1), id="negative tickets"),
        pytest.param(lambda d: d["start"]["pieces"][0]["tickets"].update(black=1), id="a detective with a black ticket"),
        pytest.param(lambda d: d["start"]["pieces"][2].update(tickets={"taxi": 3}, bobby=True), id="a bobby with tickets"),
        pytest.param(lambda d: d["start"]["pieces"][1].update(name="red"), id="two red detectives"),
        pytest.param(lambda d: d["start"]["pieces"][0].update(name="Sherlock"), id="a detective without a colour"),
        pytest.param(lambda d: d["start"].update(pieces=d["start"]["pieces"][:1]), id="one detective"),
        pytest.param(lambda d: d["start"].update(supply=None), id="no supply in the reissue"),
        pytest.param(lambda d: d["start"].update(round=0), id="round 0"),
        pytest.param(lambda d: d["start"].update(round=5), id="round 5 with an empty log"),
        pytest.param(lambda d: d["start"].update(round=23), id="round 23"),
        pytest.param(lambda d: d["start"].update(turn="detectives"), id="detectives first with an empty log"),
        pytest.param(lambda d: d["start"].update(moved=["red"]), id="moved before Mister X"),
        pytest.param(lambda d: d["start"].update(moved=["mister_x"]), id="Mister X marked as moved"),
        pytest.param(lambda d: d["start"].update(possible=[1, 2, 3]), id="possible set without Mister X"),
        pytest.param(lambda d: d["start"].update(possible=[d["start"]["pieces"][0]["station"], d["start"]["mister_x"]["station"]]),
                     id="possible set on a detective"),
        pytest.param(lambda d: d["start"].update(possible=[]), id="empty possible set"),
        pytest.param(lambda d: d["start"].update(log=[{"ticket": "double", "station": d["start"]["mister_x"]["station"]}],
                                                 turn="detectives"),
                     id="a log entry on a double-move ticket"),
        pytest.param(lambda d: d["start"].update(log=[{"ticket": "taxi", "station": 1}], turn="detectives"),
                     id="the log disagrees with Mister X's station"),
        pytest.param(lambda d: d["start"]["ruleset"].update(edition="classic"), id="classic edition with a supply"),
    ],
)
def test_a_tampered_start_position(change: Callable[[dict[str, Any]], Any]) -> None:
    expect_record_error(mutated(change), match="start")


# ---------------------------------------------------------------- fuzz: anything but RecordError is a bug

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["taxi", "bus", "underground", "black", "double", "mister_x", "red", "bobby1", "reissue", "classic", "detectives"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=8,
)

RECORDS = [
    BASE,
    record.to_dict(new_game("classic", 4, seed=3)),
    record.to_dict(mid_game("classic", 5, seed=3, actions=15)),
    record.to_dict(mid_game("beginner", 2, seed=5, actions=10)),
    record.to_dict(play_random_game("reissue", 6, seed=8)),
]


def _nodes(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path into a JSON tree (the root is the empty path)."""
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _nodes(value, (*path, index))
    return out


@st.composite
def corrupted_records(draw: st.DrawFn) -> str:
    data = copy.deepcopy(draw(st.sampled_from(RECORDS)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        paths = [p for p in _nodes(data) if p]
        path = draw(st.sampled_from(paths))
        parent: Any = data
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["delete", "replace", "nudge"]))
        if action == "delete":
            parent.pop(path[-1])
        elif action == "nudge" and isinstance(parent[path[-1]], int) and not isinstance(parent[path[-1]], bool):
            parent[path[-1]] += draw(st.integers(min_value=-3, max_value=3))
        else:
            parent[path[-1]] = draw(json_values)
    return json.dumps(data)


@settings(max_examples=scaled(150))
@given(text=corrupted_records())
def test_any_corruption_gives_record_error_or_a_valid_game(text: str) -> None:
    try:
        game = record.loads(text)
    except RecordError as error:
        assert str(error)
        return
    # Some corruptions are harmless (e.g. a nudged count that is still consistent): the game must then be whole.
    again = record.loads(record.dumps(game))
    same_game(again, game)


@settings(max_examples=scaled(100))
@given(source=st.sampled_from(RECORDS), cut=st.floats(min_value=0, max_value=1, exclude_max=True))
def test_any_truncation_gives_record_error(source: dict[str, Any], cut: float) -> None:
    text = json.dumps(source)
    expect_record_error(text[: int(len(text) * cut)])


# ====================================================================== custom rulesets


CUSTOM_RULESETS = [
    replace(REISSUE, name="short", length=10, reveal_moves=frozenset({2, 5, 9}), detective_tickets=Tickets(taxi=6, bus=4, underground=2)),
    replace(REISSUE, name="five reveals", reveal_moves=FIVE_REVEALS),
    replace(REISSUE, length=15),  # still called "reissue", but not the reissue
    replace(CLASSIC, name="classic-short", length=12, reveal_moves=frozenset({1, 6, 12}),
            mister_x_own_tickets=Tickets(taxi=2, bus=2, underground=1, double=1)),
    replace(BEGINNER, name="beginner-plus", length=16, mister_x_own_tickets=Tickets(black=3, double=2), bobbies_by_players={2: 1, 3: 1}),
    replace(REISSUE, name="to mister x", ticket_flow=TicketFlow.MISTER_X, box_tickets=Tickets(taxi=80, bus=60, underground=30)),
    replace(REISSUE, name="counted in moves", length_unit=Length.MOVES, length=14,
            transports=frozenset({Transport.TAXI, Transport.BUS, Transport.FERRY})),
]


@pytest.mark.parametrize("ruleset", CUSTOM_RULESETS, ids=[r.name + str(i) for i, r in enumerate(CUSTOM_RULESETS)])
def test_custom_ruleset_round_trips(ruleset: Ruleset) -> None:
    assert ruleset not in EDITIONS.values()
    data = json.loads(json.dumps(record.ruleset_to_dict(ruleset)))
    assert record.ruleset_from_dict(data) == ruleset
    for seed in range(3):
        players = min(4, ruleset.players[1])
        game = new_game(ruleset, players, seed)
        play_until(game, random.Random(seed), 9 + seed * 20)
        text = record.dumps(game)
        again = record.loads(text)
        assert again.ruleset == ruleset
        assert again.ruleset.name == ruleset.name
        same_game(again, game)
        assert record.dumps(again) == text


@pytest.mark.parametrize("ruleset", list(EDITIONS.values()), ids=list(EDITIONS))
def test_shipped_editions_are_recorded_by_name(ruleset: Ruleset) -> None:
    assert record.ruleset_to_dict(ruleset) == {"edition": ruleset.name}
    assert record.ruleset_from_dict({"edition": ruleset.name}) is ruleset


@settings(max_examples=scaled(40))
@given(
    base=st.sampled_from(list(EDITIONS.values())),
    name=st.text(min_size=1, max_size=10),
    length=st.integers(min_value=1, max_value=30),
    reveals=st.frozensets(st.integers(min_value=1, max_value=30), max_size=8),
    taxi=st.integers(min_value=0, max_value=12),
    bus=st.integers(min_value=0, max_value=10),
    underground=st.integers(min_value=0, max_value=5),
    black=st.integers(min_value=0, max_value=6),
    double=st.integers(min_value=0, max_value=3),
    seed=seeds,
)
def test_any_custom_ruleset_round_trips(
    base: Ruleset, name: str, length: int, reveals: frozenset[int], taxi: int, bus: int, underground: int, black: int, double: int,
    seed: int
) -> None:
    ruleset = replace(
        base,
        name=name,
        length=length,
        reveal_moves=reveals,
        detective_tickets=Tickets(taxi, bus, underground),
        mister_x_own_tickets=base.mister_x_own_tickets._replace(black=black, double=double),
    )
    assert record.ruleset_from_dict(json.loads(json.dumps(record.ruleset_to_dict(ruleset)))) == ruleset
    game = new_game(ruleset, ruleset.players[0] + seed % 3, seed)
    play_until(game, random.Random(seed), seed % 40)
    same_game(record.loads(record.dumps(game)), game)


# ====================================================================== explicit positions


def position_round_trip(position: Position) -> Position:
    data = json.loads(json.dumps(record.position_to_dict(position)))
    again = record.position_from_dict(data)
    assert again == position
    assert again.dealt == position.dealt
    return again


@pytest.mark.parametrize(("edition", "players"), SETUPS)
def test_dealt_positions_round_trip(edition: str, players: int) -> None:
    for seed in range(5):
        position = deal(EDITIONS[edition], players, seed=seed)
        again = position_round_trip(position)
        same_game(Game(again), Game(position))


@settings(max_examples=scaled(60))
@given(setup=st.sampled_from(SETUPS), seed=seeds, actions=st.integers(min_value=0, max_value=120))
def test_positions_of_played_games_round_trip(setup: tuple[str, int], seed: int, actions: int) -> None:
    edition, players = setup
    game = play_until(new_game(edition, players, seed), random.Random(seed), actions)
    if game.is_over:
        return
    position = game.position()
    again = position_round_trip(position)
    rebuilt = Game(again)
    assert rebuilt.mister_x_view() == game.mister_x_view()
    assert rebuilt == game and list(rebuilt.legal_moves()) == list(game.legal_moves())


def test_position_without_a_possible_set_round_trips() -> None:
    position = replace(deal(REISSUE, 4, seed=3), possible=None)
    again = position_round_trip(position)
    assert again.possible is None
    assert Game(again).possible_locations == Game(position).possible_locations


def test_position_with_a_custom_ruleset_round_trips() -> None:
    ruleset = CUSTOM_RULESETS[0]
    position = deal(ruleset, 3, seed=2)
    assert position_round_trip(position).ruleset == ruleset
