"""The protocol every game of the engine keeps: Scotland Yard (``Game``) and Junior (``JuniorGame``) alike.

As python-chess's boards do for every variant, each game answers whose turn it
is and whether it is over, lists its legal moves (``move in
game.legal_moves()`` asks ``game.is_legal(move)``), plays and takes back
(``push``/``pop``: make and unmake, exact; ``undo``: the table's take-back),
copies itself, writes its moves in one notation (``str(move)``) and reads them
back (``game.parse_move(str(move)) == move``), keeps the moves played since its
start (``actions``: what a record replays) and shows the public view. Code that
works on any game takes a ``Playable``:

>>> from engine import Game
>>> from engine.junior import JuniorGame
>>> def round_trips(game: Playable) -> bool:
...     return all(game.parse_move(str(move)) == move and move in game.legal_moves() for move in game.legal_moves())
>>> round_trips(Game.new("reissue", players=4, seed=1)), round_trips(JuniorGame.new(rogues=2, seed=1))
(True, True)

``BoardGame`` is the part that does not name the moves' type: what a program
holding a game of any kind may ask of it without knowing which.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol, Self, TypeVar

from engine.outcome import Side

M = TypeVar("M")
"""A game's move (``engine.Move``, Junior's ``Step``)."""
V_co = TypeVar("V_co", covariant=True)
"""A game's public view (``engine.PublicView``, Junior's ``JuniorView``)."""


class BoardGame(Protocol):
    """What may be asked of any game without knowing its kind (its moves and view are ``object`` here)."""

    @property
    def turn(self) -> Side:
        """Whose turn it is: ``Side.MISTER_X`` for the hidden side (Mister X, Junior's rogues), or the detectives."""

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> Side | None:
        """The side that won (``Side.MISTER_X``: the hidden side), or None while the game goes on."""

    @property
    def actions(self) -> Sequence[object]:
        """Every move played since the start, in order; each prints in the game's notation."""

    def legal_moves(self) -> Collection[object]:
        """The moves the side to move may play now (``in`` asks the rules)."""

    def pop(self) -> object:
        """Take back the last move, whoever played it, exactly (``IndexError`` when none was played)."""

    def undo(self) -> object:
        """The table's take-back: the last move of the detectives' turn (the engine refuses any other)."""

    def copy(self) -> Self:
        """An independent twin, its moves included."""

    def public_view(self) -> object:
        """What everyone at the table may see."""


class Playable(BoardGame, Protocol[M, V_co]):
    """A game whose moves are *M* and whose public view is *V_co*: everything ``BoardGame`` answers, and playing."""

    @property
    def actions(self) -> Sequence[M]: ...

    def legal_moves(self) -> Collection[M]: ...

    def is_legal(self, move: M) -> bool:
        """Whether ``push(move)`` would play *move* (the same answer, without playing it)."""

    def push(self, move: M) -> None:
        """Play *move* (a ``RulesError`` naming the rule, and nothing changed, if the rules forbid it)."""

    def pop(self) -> M: ...

    def parse_move(self, text: str) -> M:
        """The move *text* writes in the game's notation: ``NotationError`` for text that is no move, or that names a piece or
        a station the game does not have (the rules are not asked: ``is_legal``)."""

    def public_view(self) -> V_co: ...


__all__ = ["BoardGame", "Playable"]
