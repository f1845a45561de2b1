"""Hide and guess: a toy game that keeps the engine's protocol of every game (``engine.Playable``), for the console's tests.

Each round the hider hides on one of a few stations, in secret; then the
detectives guess one station. A right guess catches the hider (the detectives
win); a hider not caught in ``ROUNDS`` rounds wins. Moves print in a notation of
their own (``H12``: hide at 12, ``G12``: guess 12) and read back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from engine import IllegalMoveError, Misreading, NotationError, Refusal, Side

ROUNDS = 3


@dataclass(frozen=True)
class Hide:
    station: int

    def __str__(self) -> str:
        return f"H{self.station}"


@dataclass(frozen=True)
class Guess:
    station: int

    def __str__(self) -> str:
        return f"G{self.station}"


ToyMove = Hide | Guess


class ToyView(NamedTuple):
    """What everyone sees: the places, the round, the guesses so far, where the hider was caught (or at the end, hid)."""

    places: tuple[int, ...]
    round: int
    guesses: tuple[int, ...]
    hidden_at: int | None
    winner: Side | None


class ToyGame:
    """A game of hide and guess among *places* (stations of the board)."""

    def __init__(self, places: tuple[int, ...]) -> None:
        self.places = places
        self._actions: list[ToyMove] = []

    @classmethod
    def deal(cls, seed: int, count: int = 3) -> ToyGame:
        return cls(tuple(sorted(random.Random(seed).sample(range(1, 200), count))))

    @property
    def actions(self) -> tuple[ToyMove, ...]:
        return tuple(self._actions)

    @property
    def round(self) -> int:
        return min(len(self._actions) // 2 + 1, ROUNDS)

    @property
    def turn(self) -> Side:
        return Side.MISTER_X if len(self._actions) % 2 == 0 else Side.DETECTIVES

    @property
    def winner(self) -> Side | None:
        for hide, guess in zip(self._actions[::2], self._actions[1::2]):
            if hide.station == guess.station:
                return Side.DETECTIVES
        return Side.MISTER_X if len(self._actions) == 2 * ROUNDS else None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def hidden_at(self) -> int | None:
        """Where the hider hid this round: his own secret, until the round's guess."""
        return self._actions[-1].station if self.turn is Side.DETECTIVES else None

    def legal_moves(self) -> list[ToyMove]:
        if self.is_over:
            return []
        move = Hide if self.turn is Side.MISTER_X else Guess
        return [move(station) for station in self.places]

    def is_legal(self, move: ToyMove) -> bool:
        return move in self.legal_moves()

    def push(self, move: ToyMove) -> None:
        if self.is_over:
            raise IllegalMoveError(Refusal.GAME_OVER, outcome=self.winner)
        if move not in self.legal_moves():
            raise IllegalMoveError(Refusal.NO_SUCH_STATION, station=move.station)
        self._actions.append(move)

    def pop(self) -> ToyMove:
        return self._actions.pop()

    def undo(self) -> ToyMove:
        raise IllegalMoveError(Refusal.NOTHING_TO_TAKE_BACK)

    def copy(self) -> ToyGame:
        twin = ToyGame(self.places)
        twin._actions = self._actions.copy()
        return twin

    @staticmethod
    def parse_move(text: str) -> ToyMove:
        kind, number = text[:1].upper(), text[1:]
        if kind not in "HG" or not number.isdigit():
            raise NotationError(Misreading.NO_MOVE_SHAPE, text, text, shapes="H12 (hide) or G12 (guess)")
        return (Hide if kind == "H" else Guess)(int(number))

    def public_view(self) -> ToyView:
        guesses = tuple(move.station for move in self._actions[1::2])
        caught = next((hide.station for hide, guess in zip(self._actions[::2], self._actions[1::2]) if hide.station == guess.station),
                      None)
        return ToyView(self.places, self.round, guesses, caught, self.winner)
