"""Rate limits for the console's log, and no log file of its own."""

from __future__ import annotations

import logging
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.appliance.log_limits import FORMAT, RateLimit, log_to_journal, rate_limited
from hardware.sim.script import ManualClock

ROOT = Path(__file__).resolve().parents[2]


class Kept(logging.Handler):
    """A handler that keeps the messages it emits."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def limited() -> Iterator[tuple[logging.Logger, Kept, ManualClock]]:
    clock = ManualClock()
    kept = Kept()
    rate_limited(kept, burst=3, window_s=60.0, clock=clock)
    log = logging.getLogger("test.limits")
    log.propagate = False
    log.setLevel(logging.INFO)
    log.addHandler(kept)
    yield log, kept, clock
    log.removeHandler(kept)


def test_a_burst_goes_through_then_one_count_per_window(limited: tuple[logging.Logger, Kept, ManualClock]) -> None:
    log, kept, clock = limited
    for n in range(100):  # a stuck button, one message a frame
        log.warning("button %d is stuck", n)
        clock.now += 0.1  # 10 s of flood in all
    assert kept.lines == ["button 0 is stuck", "button 1 is stuck", "button 2 is stuck"]
    clock.now = 61.0
    log.warning("button %d is stuck", 100)
    assert kept.lines[3:] == ["97 similar messages suppressed in 60 s: 'button %d is stuck'", "button 100 is stuck"]


def test_each_kind_has_its_own_window(limited: tuple[logging.Logger, Kept, ManualClock]) -> None:
    log, kept, _ = limited
    for _ in range(5):
        log.warning("handheld unplugged")
        log.info("handheld plugged in")
        log.warning("handheld plugged in")  # another level: another kind
    assert kept.lines.count("handheld unplugged") == 3 and kept.lines.count("handheld plugged in") == 6


def test_the_count_of_a_flood_that_stopped_comes_with_the_next_message_of_any_kind(
        limited: tuple[logging.Logger, Kept, ManualClock]) -> None:
    log, kept, clock = limited
    for _ in range(10):
        log.error("disk error writing the journal")
    clock.now = 120.0
    log.info("handheld port open")
    assert kept.lines[-2:] == ["7 similar messages suppressed in 60 s: 'disk error writing the journal'", "handheld port open"]
    clock.now = 300.0
    log.info("handheld port open")
    assert kept.lines[-1] == "handheld port open"  # nothing was dropped since: no count


def test_a_window_that_dropped_nothing_says_nothing(limited: tuple[logging.Logger, Kept, ManualClock]) -> None:
    log, kept, clock = limited
    for minute in range(5):
        clock.now = 61.0 * minute
        log.warning("round %d", minute)
        log.warning("round %d", minute)
    assert kept.lines == [f"round {minute}" for minute in range(5) for _ in range(2)]


def test_the_count_names_the_message_s_form_never_the_dropped_arguments(limited: tuple[logging.Logger, Kept, ManualClock]) -> None:
    log, kept, clock = limited
    for station in (13, 14, 15, 16, 17, 18):
        log.warning("a detective pressed station %d", station)
    clock.now = 61.0
    log.warning("something else")
    count = kept.lines[-2]
    assert count.startswith("3 similar messages suppressed") and not re.search(r"1[678]", count)


def test_records_from_many_threads_are_all_passed_or_counted() -> None:
    clock = ManualClock()
    kept = Kept()
    limit = RateLimit(kept, burst=50, window_s=60.0, clock=clock)
    kept.addFilter(limit)
    log = logging.getLogger("test.limits.threads")
    log.propagate = False
    log.addHandler(kept)

    def flood() -> None:
        for _ in range(500):
            log.warning("handheld port lost")

    threads = [threading.Thread(target=flood) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    clock.now = 61.0
    log.warning("done")
    log.removeHandler(kept)
    assert kept.lines[:50] == ["handheld port lost"] * 50
    assert kept.lines[50:] == ["1950 similar messages suppressed in 60 s: 'handheld port lost'", "done"]


def test_play_logs_to_standard_error_rate_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logging.root, "handlers", [])
    level = logging.root.level
    try:
        log_to_journal()
        (handler,) = logging.root.handlers
        assert type(handler) is logging.StreamHandler and handler.stream is sys.stderr
        assert any(isinstance(f, RateLimit) for f in handler.filters)
        assert handler.formatter is not None and handler.formatter._fmt == FORMAT
        assert logging.root.level == logging.INFO  # Mister X's moves are logged at DEBUG only
    finally:
        logging.root.setLevel(level)


def test_the_console_writes_no_log_file() -> None:
    """Logs go to systemd's journal, which bounds its size; a log file of our own would grow on the SD card."""
    opens_a_log_file = re.compile(r"FileHandler|basicConfig\([^)]*filename|\.log['\"]")
    found = [str(path.relative_to(ROOT)) for folder in ("console", "hardware", "language", "engine", "firmware")
             for path in (ROOT / folder).rglob("*.py") if opens_a_log_file.search(path.read_text(encoding="utf-8"))]
    assert found == []
