"""The computer players' worker: results arrive off the loop; a search can be cancelled; one past its cap is stopped."""

from __future__ import annotations

import time

import pytest

from console.thinker import Thinker, TimedOut


def wait_for(thinker: Thinker, seconds: float = 30.0) -> object:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = thinker.result()
        if result is not None:
            return result
        time.sleep(0.01)
    raise AssertionError("no result")


def test_a_job_runs_in_the_worker_and_its_result_is_polled() -> None:
    thinker = Thinker()
    thinker.start(sum, [1, 2, 3], cap_s=30)
    assert wait_for(thinker) == 6 and not thinker.busy


def test_a_job_past_its_cap_is_stopped_and_the_worker_starts_afresh() -> None:
    thinker = Thinker()
    thinker.start(time.sleep, 30, cap_s=0.3)
    with pytest.raises(TimedOut):
        wait_for(thinker, seconds=20)
    thinker.start(max, [4, 9], cap_s=30)
    assert wait_for(thinker) == 9


def test_a_cancelled_job_never_answers() -> None:
    thinker = Thinker()
    thinker.start(time.sleep, 30, cap_s=60)
    assert thinker.busy
    thinker.cancel()
    assert not thinker.busy and thinker.result() is None
    thinker.start(len, "four", cap_s=30)
    assert wait_for(thinker) == 4
