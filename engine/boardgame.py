"""The protocol every game of the engine keeps: Scotland Yard (``Game``) and Junior (``JuniorGame``) alike.

As python-chess's boards do for every variant, each game answers whose turn it
is and whether it is over, shows its legal moves (a live ``LegalMoves`` view,
as python-chess's ``board.legal_moves``: ``move in game.legal_moves()`` asks
``game.is_legal(move)``), plays and takes back
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

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from itertools import islice
from typing import Protocol, Self, TypeVar

from engine.outcome import Side

M = TypeVar("M")
"""A game's move (``engine.Move``, Junior's ``Step``)."""
M_co = TypeVar("M_co", covariant=True)
"""A game's move, as a ``LegalMoves`` view gives it (a view is only read: covariant)."""
V_co = TypeVar("V_co", covariant=True)
"""A game's public view (``engine.PublicView``, Junior's ``JuniorView``)."""


class LegalMoves(Collection[M_co]):
    """Every legal move of a game's side to move, as a live view: python-chess's ``board.legal_moves``.

    It holds no list: iterating it generates the moves (the cheap ones first, and
    a move that needs more work, such as Mister X's hundreds of double moves,
    only when the iteration reaches it), ``len`` counts them, and ``move in
    moves`` asks the rules (``game.is_legal``, so anything that is no move is
    not in them). The three agree with ``is_legal`` at every moment, and a view
    kept while the game moves on answers for the game as it is then.

    >>> from engine import Game
    >>> game = Game.new("reissue", players=3, seed=1)
    >>> moves = game.legal_moves()
    >>> len(moves) == len(list(moves)) == len(set(moves)), all(game.is_legal(move) for move in moves)
    (True, True)
    >>> first = next(iter(moves))
    >>> first in moves, "T46" in moves
    (True, False)
    >>> game.push(first)
    >>> first in moves, next(iter(moves)).piece      # the detectives' turn now: the same view says so
    (False, 'red')

    As with a dict, change the game only between iterations, or push a move and
    pop it again before the next one is asked (a search's make and unmake).
    """

    __slots__ = ("_count", "_generate", "_is_legal")

    def __init__(self, generate: Callable[[], Iterable[M_co]], is_legal: Callable[[object], bool],
                 count: Callable[[], int] | None = None) -> None:
        """*generate*: the game's moves now, each once; *count*: how many there are, when the game counts them faster
        than they are made."""
        self._generate, self._is_legal, self._count = generate, is_legal, count

    def __iter__(self) -> Iterator[M_co]:
        return iter(self._generate())

    def __len__(self) -> int:
        return self._count() if self._count is not None else sum(1 for _ in self._generate())

    def __contains__(self, move: object) -> bool:
        return self._is_legal(move)

    def __bool__(self) -> bool:
        """Whether there is any legal move: the first one generated says so, without counting them all."""
        for _ in self._generate():
            return True
        return False

    def __repr__(self) -> str:
        shown = [str(move) for move in islice(self._generate(), 7)]
        return f"<LegalMoves ({len(self)}): {', '.join(shown[:6])}{', ...' if len(shown) > 6 else ''}>"


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
        """The moves the side to move may play now; iteration, ``len`` and ``in`` agree with the rules (the engine's games
        answer with a live ``LegalMoves`` view)."""

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


__all__ = ["BoardGame", "LegalMoves", "Playable"]
