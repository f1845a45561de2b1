"""The computer players' worker: results arrive off the loop; a search can be cancelled; one past its cap is stopped."""

from __future__ import annotations

import time

import pytest

from console.games.thinker import Thinker, TimedOut

HANG_GUARD_S = 600
"""Caps for jobs that finish at once: only a hung worker reaches them, however busy the machine."""


def wait_for(thinker: Thinker) -> object:
    """The job's result, waited for on the job itself (until its cap)."""
    result = None
    while result is None:
        thinker.wait()
        result = thinker.result()
    return result


def test_a_job_runs_in_the_worker_and_its_result_is_polled() -> None:
    thinker = Thinker()
    thinker.start(sum, [1, 2, 3], cap_s=HANG_GUARD_S)
    assert thinker.busy
    assert wait_for(thinker) == 6 and not thinker.busy


def test_a_job_past_its_cap_is_stopped_and_the_worker_starts_afresh() -> None:
    thinker = Thinker()
    thinker.start(time.sleep, 3600, cap_s=0.3)
    with pytest.raises(TimedOut):
        wait_for(thinker)
    thinker.start(max, [4, 9], cap_s=HANG_GUARD_S)
    assert wait_for(thinker) == 9


def test_a_cancelled_job_never_answers() -> None:
    thinker = Thinker()
    thinker.start(time.sleep, 3600, cap_s=HANG_GUARD_S)
    assert thinker.busy
    thinker.cancel()
    assert not thinker.busy and thinker.result() is None
    thinker.start(len, "four", cap_s=HANG_GUARD_S)
    assert wait_for(thinker) == 4
