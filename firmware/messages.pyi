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

Pair: TypeAlias = list[int | str]
"""``[station, ticket]``: a move, a step, a double move's first leg."""
LogEntry: TypeAlias = list[str | int | None]
"""``[ticket, station or None]``: one line of Mister X's travel log."""

class State(TypedDict):
    type: Literal["state"]
    round: int
    station: int
    tickets: dict[str, int]
    log: list[LogEntry]

class ChooseMove(TypedDict):
    type: Literal["choose_move"]
    round: int
    station: int
    tickets: dict[str, int]
    moves: list[Pair]
    can_double: bool
    reveal_next: bool
    log: list[LogEntry]

class ChooseSecondLeg(TypedDict):
    type: Literal["choose_second_leg"]
    first: Pair
    moves: list[Pair]
    reveal_next: bool

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
    steps: list[Pair]
    hand_over: bool

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
    station: int
    ticket: str
    double: NotRequired[bool]

class Step(TypedDict):
    type: Literal["step"]
    station: int
    ticket: str

class Unreadable(TypedDict):
    type: Literal["unreadable"]
    reason: str

ToHandheld: TypeAlias = State | ChooseMove | ChooseSecondLeg | RogueState | ChooseStep | Accepted | Refused | Wait | GameOver
ToConsole: TypeAlias = Move | Step | Unreadable
Message: TypeAlias = ToHandheld | ToConsole

class MessageError(ValueError): ...

# The constructors take lists or tuples where a message holds lists (any other sequence is refused).

def check(message: object) -> Message: ...
def state(round: int, station: int, tickets: dict[str, int], log: Sequence[Sequence[str | int | None]]) -> State: ...
def choose_move(
    round: int,
    station: int,
    tickets: dict[str, int],
    moves: Sequence[Sequence[int | str]],
    can_double: bool,
    reveal_next: bool,
    log: Sequence[Sequence[str | int | None]],
) -> ChooseMove: ...
def choose_second_leg(first: Sequence[int | str], moves: Sequence[Sequence[int | str]], reveal_next: bool) -> ChooseSecondLeg: ...
def rogue_state(who: str, round: int, station: int, tickets: dict[str, int]) -> RogueState: ...
def choose_step(
    who: str, round: int, station: int, tickets: dict[str, int], steps: Sequence[Sequence[int | str]], hand_over: bool
) -> ChooseStep: ...
def accepted(seen: Sequence[int]) -> Accepted: ...
def refused(reason: str) -> Refused: ...
def wait() -> Wait: ...
def game_over(result: str) -> GameOver: ...
def move(station: int, ticket: str, double: bool = False) -> Move: ...
def step(station: int, ticket: str) -> Step: ...
def unreadable(reason: str) -> Unreadable: ...
