"""A computer player's thinking, off the console's loop: one worker process, polled, cancellable, capped.

The console's loop must keep the lights and keys alive while a computer player
searches (up to 2 s a move on a Pi 4), so the search runs in a worker process,
one for the whole program (Mister X and the detectives never think at once).
The loop asks ``result()`` each frame; the game can ``cancel()`` a search it no
longer wants (a move taken back, the game left), which stops the worker at
once; a search past its time cap is cancelled the same way (its caller then
thinks again at once, in-process: ``console.games.classic.seats``).

>>> thinker = Thinker(inline=True)
>>> thinker.start(sum, [1, 2, 3], cap_s=1.0)
>>> thinker.result()
6
"""

from __future__ import annotations

import atexit
import multiprocessing
import time
from collections.abc import Callable
from multiprocessing.pool import AsyncResult, Pool
from typing import Any

_NOTHING = object()
_pool: Pool | None = None
"""The worker, started with the first job (spawned: no copy of the window or the GPIO) and after a cancel."""


def _worker() -> Pool:
    global _pool
    if _pool is None:
        _pool = multiprocessing.get_context("spawn").Pool(1)
    return _pool


@atexit.register
def _stop_worker() -> None:
    global _pool
    if _pool is not None:
        _pool.terminate()
        _pool = None


class TimedOut(Exception):
    """The search ran past its cap and was stopped."""


class Thinker:
    """Runs one job at a time in a worker process (or in-process, for tests and doctests)."""

    def __init__(self, *, inline: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.inline = inline
        self.clock = clock
        self._job: AsyncResult[Any] | None = None
        self._inline_result: object = _NOTHING
        self._deadline = 0.0

    @property
    def clocked(self) -> bool:
        """Whether its searches play against the clock (in the worker) rather than do their whole work (in-process)."""
        return not self.inline

    @property
    def busy(self) -> bool:
        return self._job is not None or self._inline_result is not _NOTHING

    def start(self, job: Callable[..., Any], *args: Any, cap_s: float) -> None:
        """Begin *job(*args)* (a module-level function: it is sent to the worker by name); cancels any running one."""
        self.cancel()
        self._deadline = self.clock() + cap_s
        if self.inline:
            self._inline_result = job(*args)
            return
        self._job = _worker().apply_async(job, args)

    def result(self) -> Any:
        """The job's result once it is done (then the thinker is free), or None while it runs.

        Raises ``TimedOut`` (after stopping the worker) once the cap has passed,
        and whatever the job raised.
        """
        if self._inline_result is not _NOTHING:
            result, self._inline_result = self._inline_result, _NOTHING
            return result
        if self._job is None:
            return None
        if self._job.ready():
            job, self._job = self._job, None
            return job.get()
        if self.clock() > self._deadline:
            self.cancel()
            raise TimedOut("the computer player took too long")
        return None

    def wait(self) -> None:
        """Block until the running job is done or its cap has passed (a script or a test waits on the job, not on a clock)."""
        if self._job is not None:
            self._job.wait(max(0.0, self._deadline - self.clock()))

    def cancel(self) -> None:
        """Forget the running job; a worker still busy with it is stopped (a new one starts with the next job)."""
        self._inline_result = _NOTHING
        if self._job is not None and not self._job.ready():
            _stop_worker()
        self._job = None
