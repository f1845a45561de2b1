"""Types of firmware/messages.py (the module itself is MicroPython-compatible and unannotated)."""

from collections.abc import Mapping, Sequence
from typing import Literal, NotRequired, TypeAlias, TypedDict

TO_HANDHELD: tuple[str, ...]
TO_CONSOLE: tuple[str, ...]
TYPES: tuple[str, ...]
SCREENS: tuple[str, ...]
KIND_FIELDS: tuple[str, ...]

Text: TypeAlias = str | list[str]
"""A string shown as it is, or a phrase of the words: ``[key]`` or ``[key, arg]``."""
Heading: TypeAlias = list[list[Text]]
"""``[left, right]`` alternatives, the first that fits shown."""
Count: TypeAlias = list[str | int | None]
"""``[kind, count or None]``."""
Choice: TypeAlias = list[str]
"""``[answer, label]``."""
Group: TypeAlias = list[str | list[Choice]]
"""``[kind, [choice, ...]]``."""
Entry: TypeAlias = list[str]
"""A log line: ``[kind, label]``."""

class Words(TypedDict):
    type: Literal["words"]
    kinds: dict[str, list[str]]
    phrases: dict[str, str]

class Show(TypedDict):
    type: Literal["show"]
    who: Text
    heading: Heading
    counts: list[Count]
    lines: list[Text]
    note: Text
    log: NotRequired[list[Entry]]

class Ask(TypedDict):
    type: Literal["ask"]
    who: Text
    heading: Heading
    counts: list[Count]
    lines: list[Text]
    warning: Text
    groups: list[Group]
    option: NotRequired[list[Text]]
    caution: Text
    hand_over: bool
    hint: NotRequired[str]
    """A guided game's lesson: what to choose and why (left out, or ``""``: none)."""

class Accepted(TypedDict):
    type: Literal["accepted"]
    note: Text

class Refused(TypedDict):
    type: Literal["refused"]
    reason: str

class Wait(TypedDict):
    type: Literal["wait"]

class GameOver(TypedDict):
    type: Literal["game_over"]
    result: str

class Answer(TypedDict):
    type: Literal["answer"]
    choice: str
    option: NotRequired[bool]

class Unreadable(TypedDict):
    type: Literal["unreadable"]
    reason: str

ToHandheld: TypeAlias = Words | Show | Ask | Accepted | Refused | Wait | GameOver
ToConsole: TypeAlias = Answer | Unreadable
Message: TypeAlias = ToHandheld | ToConsole

class MessageError(ValueError): ...

# The constructors take lists or tuples where a message holds lists (any other sequence is refused).

def check(message: object) -> Message: ...
def phrase(key: str, arg: object = None) -> list[str]: ...
def words(kinds: Mapping[str, Sequence[str]], phrases: Mapping[str, str]) -> Words: ...
def show(
    who: Text,
    heading: Sequence[Sequence[Text]],
    counts: Sequence[Sequence[str | int | None]],
    lines: Sequence[Text],
    note: Text,
    log: Sequence[Sequence[str]] | None = None,
) -> Show: ...
def ask(
    who: Text,
    heading: Sequence[Sequence[Text]],
    counts: Sequence[Sequence[str | int | None]],
    lines: Sequence[Text],
    warning: Text,
    groups: Sequence[Sequence[str | Sequence[Sequence[str]]]],
    caution: Text,
    hand_over: bool,
    option: Sequence[Text] | None = None,
    hint: str = "",
) -> Ask: ...
def accepted(note: Text = "") -> Accepted: ...
def refused(reason: str) -> Refused: ...
def wait() -> Wait: ...
def game_over(result: str) -> GameOver: ...
def answer(choice: str, option: bool = False) -> Answer: ...
def unreadable(reason: str) -> Unreadable: ...
