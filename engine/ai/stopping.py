"""When a computer player's search stops: at the end of its work budget, or sooner when its caller says so.

Every search works in stages, each leaving a best move so far, and asks
``stop()`` between steps of work: the searches are anytime. The engine never
reads a clock: a caller that plays against the clock (the console, whose table
must never wait longer than a level promises) passes a ``stop`` that does;
tests and tournaments pass none (``never``), so their moves depend only on the
seed and the work budget.

>>> never()
False
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Stop = Callable[[], bool]
"""Asked between steps of a search's work: True once it must give its best move so far."""

T = TypeVar("T")


def never() -> bool:
    """The stop of a search that runs its whole work budget (deterministic for its seed)."""
    return False


class Latch:
    """A *stop* that stays stopped once it has said so, and remembers whether it did (a pass cut short)."""

    def __init__(self, stop: Stop) -> None:
        self.stop = stop
        self.fired = False

    def __call__(self) -> bool:
        self.fired = self.fired or self.stop()
        return self.fired


DEEPEST = 64.0
"""The most work a deepening search does, as a multiple of its first pass's (a position with few options saturates)."""


def deepening(search: Callable[[float, Stop], tuple[T, bool]], stop: Stop, budget: float = 1.0) -> T:
    """The answer of *search* (a pass: ``search(budget, stop)`` gives its answer and whether it finished) run at
    *budget*, then twice as much work, and again, until *stop* (or ``DEEPEST`` times the first pass's work): the last
    finished pass's answer, or the first pass's best so far when even it was cut short.

    >>> passes = []
    >>> def search(budget, stop):
    ...     passes.append(budget)
    ...     return f"answer of {budget:g}", budget < 8
    >>> deepening(search, lambda: len(passes) >= 4)
    'answer of 4'
    >>> passes
    [1.0, 2.0, 4.0, 8.0]
    """
    answer, finished = search(budget, stop)
    first = budget
    while finished and not stop() and budget * 2 <= first * DEEPEST:
        budget *= 2
        deeper, finished = search(budget, stop)
        if finished:
            answer = deeper
    return answer
