"""Types of firmware/messages.py (the module itself is MicroPython-compatible and unannotated)."""

from collections.abc import Sequence
from typing import Literal, NotRequired, TypeAlias, TypedDict

FIRST_STATION: int
LAST_STATION: int
CLASSIC: tuple[str, ...]
JUNIOR: tuple[str, ...]
TO_HANDHELD: tuple[str, ...]
TO_CONSOLE: tuple[str, ...]
TYPES: tuple[str, ...]
CLASSIC_LETTERS: str
JUNIOR_LETTERS: str
TICKET_NAMES: dict[str, str]

Leg: TypeAlias = str
"""A move, a step, a double move's first leg, in the move notation: ``"T46"``, ``"X157"``, ``"F157"``, ``"S82"``."""
Pair: TypeAlias = list[int | str]
"""``[station, ticket name]``: a leg as the handheld's screens show it (``leg_to_pair``)."""

class State(TypedDict):
    type: Literal["state"]
    round: int
    station: int
    tickets: dict[str, int]
    log: list[Leg]

class ChooseMove(TypedDict):
    type: Literal["choose_move"]
    round: int
    station: int
    tickets: dict[str, int]
    moves: list[Leg]
    can_double: bool
    reveal_next: bool
    log: list[Leg]
    hint: NotRequired[str]
    """A guided game's lesson: what to choose and why (left out, or ``""``: none)."""

class ChooseSecondLeg(TypedDict):
    type: Literal["choose_second_leg"]
    first: Leg
    moves: list[Leg]
    reveal_next: bool
    hint: NotRequired[str]

class RogueState(TypedDict):
    type: Literal["rogue_state"]
    who: str
    round: int
    station: int
    tickets: dict[str, int]

class ChooseStep(TypedDict):
    type: Literal["choose_step"]
    who: str
    round: int
    station: int
    tickets: dict[str, int]
    steps: list[Leg]
    hand_over: bool
    hint: NotRequired[str]

class Accepted(TypedDict):
    type: Literal["accepted"]
    seen: list[int]

class Refused(TypedDict):
    type: Literal["refused"]
    reason: str

class Wait(TypedDict):
    type: Literal["wait"]

class GameOver(TypedDict):
    type: Literal["game_over"]
    result: str

class Move(TypedDict):
    type: Literal["move"]
    leg: Leg
    double: NotRequired[bool]

class Step(TypedDict):
    type: Literal["step"]
    leg: Leg

class Unreadable(TypedDict):
    type: Literal["unreadable"]
    reason: str

ToHandheld: TypeAlias = State | ChooseMove | ChooseSecondLeg | RogueState | ChooseStep | Accepted | Refused | Wait | GameOver
ToConsole: TypeAlias = Move | Step | Unreadable
Message: TypeAlias = ToHandheld | ToConsole

class MessageError(ValueError): ...

# The constructors take lists or tuples where a message holds lists (any other sequence is refused).

def leg_to_pair(leg: str) -> Pair: ...
def pair_to_leg(pair: Sequence[int | str]) -> Leg: ...
def check(message: object) -> Message: ...
def state(round: int, station: int, tickets: dict[str, int], log: Sequence[str]) -> State: ...
def choose_move(
    round: int,
    station: int,
    tickets: dict[str, int],
    moves: Sequence[str],
    can_double: bool,
    reveal_next: bool,
    log: Sequence[str],
    hint: str = "",
) -> ChooseMove: ...
def choose_second_leg(first: str, moves: Sequence[str], reveal_next: bool, hint: str = "") -> ChooseSecondLeg: ...
def rogue_state(who: str, round: int, station: int, tickets: dict[str, int]) -> RogueState: ...
def choose_step(
    who: str, round: int, station: int, tickets: dict[str, int], steps: Sequence[str], hand_over: bool, hint: str = ""
) -> ChooseStep: ...
def accepted(seen: Sequence[int]) -> Accepted: ...
def refused(reason: str) -> Refused: ...
def wait() -> Wait: ...
def game_over(result: str) -> GameOver: ...
def move(leg: str, double: bool = False) -> Move: ...
def step(leg: str) -> Step: ...
def unreadable(reason: str) -> Unreadable: ...
