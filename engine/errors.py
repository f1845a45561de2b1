"""One family of exceptions for everything the engine refuses.

Each refusal of a move or a position is a ``RulesError``: it says which case
it is (``refusal``, an ``engine.refusals.Refusal``), the facts of the case
(``fields``: the pieces, tickets, stations... involved) and the rule that
forbids it (``rule``), numbered as in the project's rules page,
``docs/RULES.md``. The game is unchanged after it. Its message is the English
words, for logs and programs:

>>> from engine import Game, DetectiveMove, Ticket
>>> game = Game.new("reissue", players=3, seed=4)
>>> try:
...     game.play(DetectiveMove("red", 93, Ticket.TAXI))
... except IllegalMoveError as error:
...     refused = error
>>> str(refused)
'rule 2: Mister X moves first in round 1; the red detective must wait'
>>> refused.refusal, refused.rule, refused.fields["round"]
(<Refusal.MISTER_X_FIRST: 'Mister X moves first in round {round}; {piece} must wait'>, 2, 1)

Every class also subclasses ``ValueError`` so that callers who only care about
"bad input" can catch that.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.refusals import Refusal
from engine.versions import NewerVersionError


class ScotlandYardError(ValueError):
    """The root of the engine's exceptions."""


class RulesError(ScotlandYardError):
    """An action or a position the rules refuse: which case (``refusal``), its facts (``fields``) and its rule.

    ``rule`` names the rule of docs/RULES.md: a number 1-16, a Junior rule ("J3"), or None where no rule is
    needed to say no (a piece that does not exist, a game that is over).
    """

    def __init__(self, refusal: Refusal, /, rule: int | str | None = None, **fields: object) -> None:
        self.refusal = refusal
        self.rule = rule
        self.fields: Mapping[str, object] = MappingProxyType(fields)
        message = refusal.english(fields)
        super().__init__(f"rule {rule}: {message}" if rule is not None else message)

    def describe(self) -> str:
        """The refusal in English words, without its rule (how a refusal inside another one reads)."""
        return self.refusal.english(self.fields)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its parts (a computer player's refusal comes back from its worker process whole)."""
        return _rebuilt, (type(self), self.refusal, self.rule, dict(self.fields))


def _rebuilt(kind: type[RulesError], refusal: Refusal, rule: int | str | None, fields: dict[str, object]) -> RulesError:
    return kind(refusal, rule, **fields)


class IllegalMoveError(RulesError):
    """A move (or undo) that the rules forbid."""


class IllegalPositionError(RulesError):
    """A setup or explicit position that cannot occur in a game."""


class RecordError(ScotlandYardError):
    """A game record that is corrupt, foreign, of another version, or does not replay."""


class NewerRecordError(RecordError, NewerVersionError):
    """A game record a newer console wrote: refused here, and kept (the newer console replays it)."""
