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

HEADING = [[["round", "4"], ["at", "117"]]]
GROUPS = [["T", [["T116", "116"]]], ["X", [["X88", "88"]]]]
CONSTRUCTED: dict[str, Callable[[], Any]] = {
    "words": lambda: messages.words({"T": ["taxi", "taxi:", "Taxi to %s?", "Taxi to %s", "yellow"]}, {"at": "at %s"}),
    "show": lambda: messages.show(["who"], HEADING, [["T", 4]], [], "", [["T", "10"]]),
    "ask": lambda: messages.ask(["who"], HEADING, [["T", 4], ["D", 2]], [], ["warning"], GROUPS, ["caution"], False,
                                [["no"], ["yes"], ["first of two"]]),
    "accepted": lambda: messages.accepted(["seen", "105"]),
    "refused": lambda: messages.refused("that ticket is spent"),
    "wait": lambda: messages.wait(),
    "game_over": lambda: messages.game_over("Mister X wins"),
    "answer": lambda: messages.answer("X88", True),
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
    assert {"missing field", "extra field", "wrong type", "bool as int", "int as bool", "bad list shape", "bad text",
            "unknown type"} <= faults
    assert any(not isinstance(vector["message"], dict) for vector in VECTORS)
    old = {vector["message"]["type"] for vector in VECTORS if vector["name"].startswith("unknown type: a version-1")}
    assert old == {"choose_move", "move", "step"}  # a handheld or console of the protocol before is refused by name


def test_errors_name_the_message_type_and_the_field() -> None:
    for vector in VECTORS:
        message = vector["message"]
        if vector["error"] is None or not isinstance(message, dict) or message.get("type") not in messages.TYPES:
            continue
        error = verdict(message)
        assert error is not None and error.startswith(message["type"] + ": "), vector["name"]
    assert verdict({"type": "ask", "who": "x", "heading": [["a", "b"]], "counts": [], "lines": [], "warning": "",
                    "groups": [["T", [["T1", "1"], ["T2", 2]]]], "caution": "", "hand_over": False}) == (
        "ask: groups[0][1][1][1] is not a string")
    assert verdict({"type": "answer", "choice": 3}) == "answer: choice is not a key (a string, not empty)"
    assert verdict({"type": "foo"}) == "unknown message type 'foo'"
    assert isinstance(MessageError("x"), ValueError)


def test_the_vocabulary() -> None:
    assert set(messages.TO_HANDHELD) | set(messages.TO_CONSOLE) == set(messages.TYPES) == set(CONSTRUCTED)
    assert not set(messages.TO_HANDHELD) & set(messages.TO_CONSOLE)
    assert set(messages.SCREENS) < set(messages.TO_HANDHELD) and "words" not in messages.SCREENS


@pytest.mark.parametrize("kind", sorted(CONSTRUCTED))
def test_every_constructor_makes_a_checked_message_that_checks_the_same(kind: str) -> None:
    message = CONSTRUCTED[kind]()
    assert message["type"] == kind
    assert messages.check(message) == message
    assert json.loads(json.dumps(message)) == message  # plain JSON on the wire


def test_constructors_take_tuples_and_give_lists_and_copies() -> None:
    counts = [("T", 4)]
    message = messages.show(("who",), ((("round", "4"), "at 117"),), counts, (), "", (("T", "10"),))
    assert message["heading"] == [[["round", "4"], "at 117"]] and message["counts"] == [["T", 4]]
    assert message["who"] == ["who"] and message["log"] == [["T", "10"]]
    counts.append(("B", 3))
    assert message["counts"] == [["T", 4]]
    incoming = {"type": "accepted", "note": ["seen", "105"]}
    checked = messages.check(incoming)
    checked["note"].append("x")  # type: ignore[union-attr]
    assert incoming == {"type": "accepted", "note": ["seen", "105"]}


def test_a_phrase_names_its_key_and_its_arg_as_a_string() -> None:
    assert messages.phrase("at", 117) == ["at", "117"] and messages.phrase("who") == ["who"]
    assert messages.accepted(messages.phrase("seen", "105,108")) == {"type": "accepted", "note": ["seen", "105,108"]}


def test_an_answer_says_its_option_only_when_it_is_on() -> None:
    assert messages.answer("B108") == {"type": "answer", "choice": "B108"}
    assert messages.answer("X88", True) == {"type": "answer", "choice": "X88", "option": True}
    assert messages.check({"type": "answer", "choice": "B108", "option": False})["type"] == "answer"


def test_an_ask_carries_an_option_and_a_hint_only_when_there_are_some() -> None:
    plain = messages.ask("x", [["a", "b"]], [], [], "", GROUPS, "", False)
    assert "option" not in plain and "hint" not in plain
    hinted = messages.ask("x", [["a", "b"]], [], [], "", GROUPS, "", False, [["no"], ["yes"], ""], "Take the taxi.")
    assert hinted["option"] == [["no"], ["yes"], ""] and hinted["hint"] == "Take the taxi."
    assert messages.check({**plain, "hint": ""}) == {**plain, "hint": ""}  # an empty hint: no lesson, and valid


def test_a_show_leaves_out_a_log_the_game_does_not_keep() -> None:
    assert "log" not in messages.show("x", [["a", "b"]], [], [], "")
    assert messages.show("x", [["a", "b"]], [], [], "", [])["log"] == []


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: messages.answer(""), "answer: choice is not a key (a string, not empty)"),
        (lambda: messages.answer("B108", 1), "answer: option is not true or false"),  # type: ignore[arg-type]
        (lambda: messages.accepted(5), "accepted: note is not a text"),  # type: ignore[arg-type]
        (lambda: messages.refused(None), "refused: reason is not a string"),  # type: ignore[arg-type]
        (lambda: messages.ask("x", [], [], [], "", [], "", False), "ask: heading is empty"),
        (lambda: messages.ask("x", [["a", "b"]], [], [], "", [], "", False, [["no"]]), "ask: option is not [off, on, note]"),
        (lambda: messages.ask("x", [["a", "b"]], [], [], "", [], "", False, hint=None), "ask: hint is not a string"),  # type: ignore[arg-type]
        (lambda: messages.show("x", [["a", "b"]], [["T", -1]], [], ""), "show: counts[0][1] is not a count"),
        (lambda: messages.words({"T": ["taxi"]}, {}), "words: kinds['T'] is not [name, title, ask, say, tone]"),
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
    else:  # an item of a list field, or a value of an object field, replaced
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
@given(JSON | st.dictionaries(st.sampled_from(["type", "choice", "note", "heading"]), JSON))
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
