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

VECTORS_FILE = Path(messages.__file__).with_name("message_vectors.json")
VECTORS: list[dict[str, Any]] = json.loads(VECTORS_FILE.read_text(encoding="utf-8"))

JUNIOR_TICKETS = {"taxi": 1, "bus": 1, "underground": 1, "boat": 1}
CONSTRUCTED: dict[str, Callable[[], Any]] = {
    "state": lambda: messages.state(9, 60, {"taxi": 2}, [["taxi", 10], ["black", None]]),
    "choose_move": lambda: messages.choose_move(4, 117, {"taxi": 4, "double": 2}, [[116, "taxi"], [88, "black"]], True, False,
                                                [["bus", 117]]),
    "choose_second_leg": lambda: messages.choose_second_leg([88, "black"], [[89, "taxi"]], True),
    "rogue_state": lambda: messages.rogue_state("ROXy", 3, 60, dict(JUNIOR_TICKETS)),
    "choose_step": lambda: messages.choose_step("Mister FOX", 3, 138, dict(JUNIOR_TICKETS), [[194, "boat"], [138, "stay"]], True),
    "accepted": lambda: messages.accepted([3]),
    "refused": lambda: messages.refused("that ticket is spent"),
    "wait": lambda: messages.wait(),
    "game_over": lambda: messages.game_over("Mister X wins"),
    "move": lambda: messages.move(88, "black", True),
    "step": lambda: messages.step(138, "stay"),
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
    assert {"missing field", "extra field", "wrong type", "bool as int", "int as bool", "bad list shape", "unknown type"} <= faults
    assert any(not isinstance(vector["message"], dict) for vector in VECTORS)


def test_errors_name_the_message_type_and_the_field() -> None:
    for vector in VECTORS:
        message = vector["message"]
        if vector["error"] is None or not isinstance(message, dict) or message.get("type") not in messages.TYPES:
            continue
        error = verdict(message)
        assert error is not None and error.startswith(message["type"] + ": "), vector["name"]
    assert verdict({"type": "choose_move", "round": 4, "station": 117, "tickets": {}, "moves": [[1, "taxi"], [2, "bus"], [3]],
                    "can_double": False, "reveal_next": False, "log": []}) == "choose_move: moves[2] is not [station, ticket]"
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
    message = messages.choose_move(4, 117, tickets, ((116, "taxi"),), False, True, (("bus", 117),))
    assert message["moves"] == [[116, "taxi"]] and message["log"] == [["bus", 117]]
    tickets["taxi"] = 0
    assert message["tickets"] == {"taxi": 4}
    incoming = {"type": "accepted", "seen": [1]}
    checked = messages.check(incoming)
    checked["seen"].append(2)  # type: ignore[typeddict-item]
    assert incoming == {"type": "accepted", "seen": [1]}


def test_a_move_says_double_only_when_it_is_one() -> None:
    assert messages.move(108, "bus") == {"type": "move", "station": 108, "ticket": "bus"}
    assert messages.move(88, "black", True) == {"type": "move", "station": 88, "ticket": "black", "double": True}
    assert messages.check({"type": "move", "station": 108, "ticket": "bus", "double": False})["type"] == "move"


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: messages.move(0, "taxi"), "move: station is not a station (1..199)"),
        (lambda: messages.move(108, "bus", 1), "move: double is not true or false"),  # type: ignore[arg-type]
        (lambda: messages.step(True, "stay"), "step: station is not a station"),
        (lambda: messages.choose_step("ROXy", 3, 60, {}, [[60]], False), "choose_step: steps[0] is not [station, ticket]"),
        (lambda: messages.rogue_state("", 3, 60, {}), "rogue_state: who is not a name"),
        (lambda: messages.accepted([0]), "accepted: seen[0] is not a move number"),
        (lambda: messages.refused(None), "refused: reason is not a string"),  # type: ignore[arg-type]
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


@settings(max_examples=400)
@given(JSON | st.dictionaries(st.sampled_from(["type", "station", "ticket", "round"]), JSON))
def test_check_raises_only_message_error_on_any_json(message: object) -> None:
    _check_behaves(message)


@settings(max_examples=600)
@given(near_misses())
def test_check_raises_only_message_error_on_near_misses(message: dict[str, Any]) -> None:
    _check_behaves(message)


@settings(max_examples=200)
@given(st.sampled_from(sorted(messages.TYPES)).flatmap(lambda kind: st.dictionaries(st.text(max_size=10), JSON, max_size=6).map(
    lambda fields: {**fields, "type": kind})))
def test_check_raises_only_message_error_on_any_fields_of_a_known_type(message: dict[str, Any]) -> None:
    _check_behaves(message)
