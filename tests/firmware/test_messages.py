"""The protocol's messages (``firmware.messages``): the shared vectors, the constructors, and ``check`` on any input.

The same vectors run under MicroPython in ``test_firmware_micropython``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware import messages
from firmware.messages import MessageError
from tests.conftest import scaled

VECTORS_FILE = Path(messages.__file__).with_name("message_vectors.json")
VECTORS: list[dict[str, Any]] = json.loads(VECTORS_FILE.read_text(encoding="utf-8"))

JUNIOR_TICKETS = {"taxi": 1, "bus": 1, "underground": 1, "boat": 1}
CONSTRUCTED: dict[str, Callable[[], Any]] = {
    "state": lambda: messages.state(9, 60, {"taxi": 2}, ["T10", "X46"]),
    "choose_move": lambda: messages.choose_move(4, 117, {"taxi": 4, "double": 2}, ["T116", "X88"], True, False, ["B117"]),
    "choose_second_leg": lambda: messages.choose_second_leg("X88", ["T89"], True),
    "rogue_state": lambda: messages.rogue_state("ROXy", 3, 60, dict(JUNIOR_TICKETS)),
    "choose_step": lambda: messages.choose_step("Mister FOX", 3, 138, dict(JUNIOR_TICKETS), ["F194", "S138"], True),
    "accepted": lambda: messages.accepted([3]),
    "refused": lambda: messages.refused("that ticket is spent"),
    "wait": lambda: messages.wait(),
    "game_over": lambda: messages.game_over("Mister X wins"),
    "move": lambda: messages.move("X88", True),
    "step": lambda: messages.step("S138"),
    "unreadable": lambda: messages.unreadable("unknown message type 'foo'"),
}


def verdict(message: object) -> str | None:
    """None when *message* is one of the protocol's, else the text of the ``MessageError``."""
    try:
        messages.check(message)
    except MessageError as error:
        return str(error)
    return None


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["name"] for vector in VECTORS])
def test_vector(vector: dict[str, Any]) -> None:
    error = verdict(vector["message"])
    if vector["error"] is None:
        assert error is None
        assert messages.check(vector["message"]) == vector["message"]
    else:
        assert error is not None and vector["error"] in error


def test_the_vectors_cover_every_type_and_every_kind_of_fault() -> None:
    names = [vector["name"] for vector in VECTORS]
    assert len(set(names)) == len(names)
    valid = {vector["message"]["type"] for vector in VECTORS if vector["error"] is None}
    assert valid == set(messages.TYPES)
    faults = {vector["name"].split(":")[0] for vector in VECTORS if vector["error"] is not None}
    assert {"missing field", "extra field", "wrong type", "bool as int", "int as bool", "bad list shape", "bad leg",
            "unknown type"} <= faults
    assert any(not isinstance(vector["message"], dict) for vector in VECTORS)


def test_errors_name_the_message_type_and_the_field() -> None:
    for vector in VECTORS:
        message = vector["message"]
        if vector["error"] is None or not isinstance(message, dict) or message.get("type") not in messages.TYPES:
            continue
        error = verdict(message)
        assert error is not None and error.startswith(message["type"] + ": "), vector["name"]
    assert verdict({"type": "choose_move", "round": 4, "station": 117, "tickets": {}, "moves": ["T1", "B2", "F3"],
                    "can_double": False, "reveal_next": False, "log": []}) == (
        "choose_move: moves[2] is not a leg (T, B, U or X and a station 1..199, as in T46)")
    assert verdict({"type": "step", "leg": "X3"}) == "step: leg is not a leg (T, B, U, F or S and a station 1..199, as in T46)"
    assert verdict({"type": "foo"}) == "unknown message type 'foo'"
    assert isinstance(MessageError("x"), ValueError)


def test_the_vocabulary() -> None:
    assert set(messages.TO_HANDHELD) | set(messages.TO_CONSOLE) == set(messages.TYPES) == set(CONSTRUCTED)
    assert not set(messages.TO_HANDHELD) & set(messages.TO_CONSOLE)
    assert set(messages.CLASSIC) | set(messages.JUNIOR) < set(messages.TO_HANDHELD)


@pytest.mark.parametrize("kind", sorted(CONSTRUCTED))
def test_every_constructor_makes_a_checked_message_that_checks_the_same(kind: str) -> None:
    message = CONSTRUCTED[kind]()
    assert message["type"] == kind
    assert messages.check(message) == message
    assert json.loads(json.dumps(message)) == message  # plain JSON on the wire


def test_constructors_take_tuples_and_give_lists_and_copies() -> None:
    tickets = {"taxi": 4}
    message = messages.choose_move(4, 117, tickets, ("T116",), False, True, ("B117",))
    assert message["moves"] == ["T116"] and message["log"] == ["B117"]
    tickets["taxi"] = 0
    assert message["tickets"] == {"taxi": 4}
    incoming = {"type": "accepted", "seen": [1]}
    checked = messages.check(incoming)
    checked["seen"].append(2)  # type: ignore[typeddict-item]
    assert incoming == {"type": "accepted", "seen": [1]}


def test_a_move_says_double_only_when_it_is_one() -> None:
    assert messages.move("B108") == {"type": "move", "leg": "B108"}
    assert messages.move("X88", True) == {"type": "move", "leg": "X88", "double": True}
    assert messages.check({"type": "move", "leg": "B108", "double": False})["type"] == "move"


def test_a_choice_carries_a_hint_only_when_there_is_one() -> None:
    """An empty hint is left out, so a console without lessons sends what an older handheld reads; a hint travels as given."""
    tickets = dict(JUNIOR_TICKETS)
    plain = (messages.choose_move(4, 117, {"taxi": 4}, ["T116"], False, False, []), messages.choose_second_leg("X88", ["T89"], True),
             messages.choose_step("ROXy", 3, 60, tickets, ["T76", "S60"], True))
    hinted = (messages.choose_move(4, 117, {"taxi": 4}, ["T116"], False, False, [], hint="Take the taxi."),
              messages.choose_second_leg("X88", ["T89"], True, hint="Now the taxi."),
              messages.choose_step("ROXy", 3, 60, tickets, ["T76", "S60"], True, hint="Stay."))
    assert all("hint" not in message for message in plain)
    assert [message.get("hint") for message in hinted] == ["Take the taxi.", "Now the taxi.", "Stay."]
    for without, with_hint in zip(plain, hinted):
        assert {key: value for key, value in with_hint.items() if key != "hint"} == without
        assert messages.check(with_hint) == with_hint
    assert messages.check({**plain[0], "hint": ""}) == {**plain[0], "hint": ""}  # an empty hint: no lesson, and valid


def test_moves_travel_in_the_engines_notation() -> None:
    """Every leg the engine writes, classic's and Junior's, is one the messages carry, and the engine reads it back."""
    from engine import MisterXMove, Ticket, Transport
    from engine.junior import Step
    from engine.junior.game import parse_leg as parse_step_leg
    from engine.moves import parse_leg

    for station in (1, 46, 199):
        for ticket in (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND, Ticket.BLACK):
            leg = MisterXMove(station, ticket).notation
            assert messages.check({"type": "move", "leg": leg}) == messages.move(leg)
            assert parse_leg(messages.move(leg)["leg"]) == (station, ticket)
        for transport in (Transport.TAXI, Transport.BUS, Transport.UNDERGROUND, Transport.FERRY, None):
            step = Step("fox", station, transport)
            assert parse_step_leg("fox", messages.step(step.leg)["leg"]) == step


@pytest.mark.parametrize(
    ("leg", "pair"),
    [("T46", [46, "taxi"]), ("B14", [14, "bus"]), ("U115", [115, "underground"]), ("X157", [157, "black"]), ("F157", [157, "boat"]),
     ("S82", [82, "stay"]), ("T1", [1, "taxi"]), ("X199", [199, "black"])],
)
def test_a_leg_and_what_the_screens_show_turn_into_each_other(leg: str, pair: list[int | str]) -> None:
    assert messages.leg_to_pair(leg) == pair
    assert messages.pair_to_leg(pair) == leg
    assert messages.pair_to_leg(tuple(pair)) == leg


@pytest.mark.parametrize("leg", ["t46", "Q46", "T0", "T200", "T046", "T", "46", "", " T46", "T 46", "T46+X47", 46, None, [46, "taxi"]])
def test_leg_to_pair_refuses_what_is_not_a_leg(leg: object) -> None:
    with pytest.raises(MessageError, match="is not a leg"):
        messages.leg_to_pair(leg)  # type: ignore[arg-type]


@pytest.mark.parametrize("pair", [[46, "ferry"], [0, "taxi"], [200, "bus"], [True, "taxi"], ["46", "taxi"], [46], [46, "taxi", 1],
                                  "T46", None, [46, ["taxi"]], [46, "double"]])
def test_pair_to_leg_refuses_what_the_screens_do_not_show(pair: object) -> None:
    with pytest.raises(MessageError, match=re.escape("is not [station, ticket name]")):
        messages.pair_to_leg(pair)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: messages.move("T0"), "move: leg is not a leg (T, B, U or X and a station 1..199, as in T46)"),
        (lambda: messages.move("F108"), "move: leg is not a leg (T, B, U or X"),
        (lambda: messages.move("B108", 1), "move: double is not true or false"),  # type: ignore[arg-type]
        (lambda: messages.step(True), "step: leg is not a leg (T, B, U, F or S"),  # type: ignore[arg-type]
        (lambda: messages.step("s60"), "step: leg is not a leg"),
        (lambda: messages.choose_step("ROXy", 3, 60, {}, ["S60", "X60"], False), "choose_step: steps[1] is not a leg"),
        (lambda: messages.choose_second_leg("F88", [], False), "choose_second_leg: first is not a leg"),
        (lambda: messages.rogue_state("", 3, 60, {}), "rogue_state: who is not a name"),
        (lambda: messages.accepted([0]), "accepted: seen[0] is not a move number"),
        (lambda: messages.refused(None), "refused: reason is not a string"),  # type: ignore[arg-type]
        (lambda: messages.choose_move(4, 117, {}, ["T116"], False, False, [], hint=None), "choose_move: hint is not a string"),  # type: ignore[arg-type]
        (lambda: messages.choose_second_leg("X88", ["T89"], False, hint=["Now", "the taxi"]),  # type: ignore[arg-type]
         "choose_second_leg: hint is not a string"),
        (lambda: messages.choose_step("ROXy", 3, 60, {}, ["S60"], False, hint=1), "choose_step: hint is not a string"),  # type: ignore[arg-type]
    ],
)
def test_constructors_refuse_what_check_refuses(make: Callable[[], object], error: str) -> None:
    with pytest.raises(MessageError, match=re.escape(error)):
        make()


# ------------------------------------------------------------ any input

SCALARS = st.none() | st.booleans() | st.integers(-5, 300) | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)
VALID = [vector["message"] for vector in VECTORS if vector["error"] is None]


@st.composite
def near_misses(draw: st.DrawFn) -> dict[str, Any]:
    """A valid message with one field dropped, replaced by any JSON, or one field too many."""
    message = dict(draw(st.sampled_from(VALID)))
    fields = sorted(message)
    action = draw(st.sampled_from(["drop", "replace", "add", "deep"]))
    if action == "drop":
        del message[draw(st.sampled_from(fields))]
    elif action == "replace":
        message[draw(st.sampled_from(fields))] = draw(JSON)
    elif action == "add":
        message[draw(st.text(max_size=8))] = draw(JSON)
    else:  # an item of a list field, or a value of the tickets, replaced
        name = draw(st.sampled_from(fields))
        value = message[name]
        if isinstance(value, list) and value:
            value = list(value)
            index = draw(st.integers(0, len(value) - 1))
            value[index] = draw(JSON | st.lists(JSON, min_size=2, max_size=2))
        elif isinstance(value, dict):
            value = dict(value)
            value[draw(st.text(max_size=8))] = draw(JSON)
        message[name] = value
    return message


def _check_behaves(message: object) -> None:
    try:
        checked = messages.check(message)
    except MessageError as error:
        assert str(error)
        return
    assert checked == message  # JSON-like input comes back equal, as a copy
    assert messages.check(checked) == checked


@settings(max_examples=scaled(100))
@given(JSON | st.dictionaries(st.sampled_from(["type", "station", "leg", "round"]), JSON))
def test_check_raises_only_message_error_on_any_json(message: object) -> None:
    _check_behaves(message)


@settings(max_examples=scaled(150))
@given(near_misses())
def test_check_raises_only_message_error_on_near_misses(message: dict[str, Any]) -> None:
    _check_behaves(message)


@settings(max_examples=scaled(50))
@given(st.sampled_from(sorted(messages.TYPES)).flatmap(lambda kind: st.dictionaries(st.text(max_size=10), JSON, max_size=6).map(
    lambda fields: {**fields, "type": kind})))
def test_check_raises_only_message_error_on_any_fields_of_a_known_type(message: dict[str, Any]) -> None:
    _check_behaves(message)


CLASSIC_LEGS = {letter + str(station) for letter in "TBUX" for station in range(1, 200)}
JUNIOR_LEGS = {letter + str(station) for letter in "TBUFS" for station in range(1, 200)}


@settings(max_examples=scaled(100))
@given(st.text(alphabet="TBUXFSQtbxfs0123456789 +.-\u0664", max_size=6) | st.sampled_from(sorted(CLASSIC_LEGS | JUNIOR_LEGS)))
def test_a_leg_is_taken_exactly_as_the_engine_writes_it(text: str) -> None:
    """Of any text, the answers take exactly the legs written one way (upper case, no leading zero), each of its kind of game."""
    assert (verdict({"type": "move", "leg": text}) is None) == (text in CLASSIC_LEGS)
    assert (verdict({"type": "step", "leg": text}) is None) == (text in JUNIOR_LEGS)
    if text in CLASSIC_LEGS | JUNIOR_LEGS:
        assert messages.pair_to_leg(messages.leg_to_pair(text)) == text
