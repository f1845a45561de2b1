"""One family of exceptions for everything the engine refuses.

Each refusal of a move names the rule that forbids it, numbered as in the
project's rules page, ``docs/RULES.md``, and the game is unchanged after it.
Every class also subclasses ``ValueError`` so that callers who only care about
"bad input" can catch that.
"""

from __future__ import annotations

from engine.versions import NewerVersionError


class ScotlandYardError(ValueError):
    """The root of the engine's exceptions."""


class IllegalMoveError(ScotlandYardError):
    """A move (or undo) that the rules forbid. ``rule`` names the rule of docs/RULES.md: a number 1-16, or a Junior rule ("J3")."""

    def __init__(self, message: str, rule: int | str | None = None) -> None:
        self.rule = rule
        super().__init__(f"rule {rule}: {message}" if rule is not None else message)


class IllegalPositionError(ScotlandYardError):
    """A setup or explicit position that cannot occur in a game."""


class RecordError(ScotlandYardError):
    """A game record that is corrupt, foreign, of another version, or does not replay."""


class NewerRecordError(RecordError, NewerVersionError):
    """A game record a newer console wrote: refused here, and kept (the newer console replays it)."""
