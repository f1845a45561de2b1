"""The benches' shared pieces: timing loops, their command line and their ``name: value`` lines.

A bench yields its figures as it measures them; ``show`` prints each one a line
at once, a rate (a name ending in ``_per_s``) in whole units, anything else (a
time) with three decimals, then its note if any:

>>> show(iter([Figure("answers_per_s", 41.6), Figure("answer_ms", 0.25), Figure("answer_max_s", 0.5, "budget 1.00")]))
answers_per_s: 42
answer_ms: 0.250
answer_max_s: 0.500 (budget 1.00)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, Protocol, TypeVar

T = TypeVar("T")


class Figure(NamedTuple):
    """One measured figure: its name, its value, and a note printed after it."""

    name: str
    value: float
    note: str = ""

    def line(self) -> str:
        value = f"{self.value:.0f}" if self.name.endswith("_per_s") else f"{self.value:.3f}"
        return f"{self.name}: {value}" + (f" ({self.note})" if self.note else "")


class Command(Protocol):
    """A bench's ``main``: run it with the command line *argv* (default: the process's)."""

    def __call__(self, argv: Sequence[str] | None = None) -> None: ...


def timed(work: Callable[[int], object], seconds: float) -> tuple[float, int]:
    """Call *work(0)*, *work(1)*, ... for about *seconds*; return the seconds taken and the calls made."""
    calls = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        work(calls)
        calls += 1
    return elapsed, calls


def per_second(work: Callable[[int], object], seconds: float) -> tuple[float, int]:
    """Calls of *work* per second over about *seconds*, and the calls made."""
    elapsed, calls = timed(work, seconds)
    return calls / elapsed, calls


def ms_per_call(work: Callable[[int], object], seconds: float) -> float:
    """Milliseconds a call of *work*, over about *seconds*."""
    elapsed, calls = timed(work, seconds)
    return 1000 * elapsed / calls


def seconds_each(work: Callable[[int, T], object], items: Sequence[T]) -> list[float]:
    """The seconds of each call *work(n, item)*, for the *n*-th of *items*."""
    times = []
    for n, item in enumerate(items):
        began = time.perf_counter()
        work(n, item)
        times.append(time.perf_counter() - began)
    return times


def command(name: str, doc: str | None) -> argparse.ArgumentParser:
    """The command line of ``python -m benchmarks.NAME``, described by the first line of its *doc*."""
    return argparse.ArgumentParser(prog=f"python -m benchmarks.{name}", description=(doc or "").splitlines()[0])


def show(figures: Iterable[Figure]) -> None:
    """Print each figure as ``name: value``, as soon as it is measured."""
    for figure in figures:
        print(figure.line())


def timed_command(name: str, doc: str | None, seconds: float, figures: Callable[[float], Iterable[Figure]]) -> Command:
    """The ``main`` of a bench whose one option is ``--seconds``, the time per figure (default *seconds*)."""

    def main(argv: Sequence[str] | None = None) -> None:
        parser = command(name, doc)
        parser.add_argument("--seconds", type=float, default=seconds, help=f"time per figure (default {seconds:g})")
        show(figures(parser.parse_args(argv).seconds))

    return main
