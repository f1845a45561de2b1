"""Rate limits for the console's log: a burst of one kind of message, then a count.

The console logs to standard error, which systemd keeps in its journal; it
writes no log file of its own (the SD card wears with every write). A stuck
button, a handheld that plugs in and out, or a failing disk could still repeat
one message many times a second, so ``RateLimit`` lets ``burst`` records of a
kind through per ``window_s``, drops the rest, and says how many it dropped in
one line once the window is over. A kind is one call site's message: its
logger, level and format string (so the count can be written without the
dropped records' arguments).

>>> import logging, sys
>>> now = [0.0]
>>> handler = rate_limited(logging.StreamHandler(sys.stdout), burst=2, window_s=60, clock=lambda: now[0])
>>> handler.setFormatter(logging.Formatter("%(message)s"))
>>> log = logging.getLogger("example.port")
>>> log.addHandler(handler)
>>> for attempt in range(5):
...     log.warning("handheld port lost: try %d", attempt)
handheld port lost: try 0
handheld port lost: try 1
>>> now[0] = 61.0
>>> log.warning("handheld port lost: try %d", 5)
3 similar messages suppressed in 60 s: 'handheld port lost: try %d'
handheld port lost: try 5
>>> log.removeHandler(handler)
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

BURST = 10
"""Records of one kind let through in a window."""
WINDOW_S = 60.0
FORMAT = "%(levelname)s %(name)s: %(message)s"
"""systemd's journal adds the time and the process."""


@dataclass
class _Window:
    started: float
    passed: int = 0
    dropped: int = 0


class RateLimit(logging.Filter):
    """A handler's filter: ``burst`` records of a kind per ``window_s``, then one line counting the ones dropped.

    The count goes out through *handler* (the one the filter is on) as soon
    as any record reaches it after the window is over: the next message, of
    that kind or another.
    """

    def __init__(self, handler: logging.Handler, *, burst: int = BURST, window_s: float = WINDOW_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.handler = handler
        self.burst, self.window_s, self.clock = burst, window_s, clock
        self._windows: dict[tuple[str, int, str], _Window] = {}
        self._lock = threading.Lock()  # gpiozero's and pyserial's threads may log too

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "suppressed_count", None) is not None:
            return True  # the filter's own count
        now = self.clock()
        kind = (record.name, record.levelno, str(record.msg))
        with self._lock:
            ended = self._ended(now)
            window = self._windows.get(kind)
            if window is None:
                window = self._windows[kind] = _Window(now)
            window.passed += 1
            passes = window.passed <= self.burst
            window.dropped += not passes
        for summary in ended:
            self.handler.handle(summary)
        return passes

    def _ended(self, now: float) -> list[logging.LogRecord]:
        """Forget the windows that are over; a count for each that dropped records."""
        over = [kind for kind, window in self._windows.items() if now - window.started >= self.window_s]
        summaries = []
        for kind in over:
            window = self._windows.pop(kind)
            if window.dropped:
                summaries.append(self._summary(kind, window.dropped))
        return summaries

    def _summary(self, kind: tuple[str, int, str], dropped: int) -> logging.LogRecord:
        name, level, text = kind
        message = f"{dropped} similar messages suppressed in {self.window_s:g} s: {text[:100]!r}"
        record = logging.LogRecord(name, level, __file__, 0, message, None, None)
        record.suppressed_count = dropped
        return record


def rate_limited(handler: logging.Handler, *, burst: int = BURST, window_s: float = WINDOW_S,
                 clock: Callable[[], float] = time.monotonic) -> logging.Handler:
    """*handler* with a ``RateLimit`` on it."""
    handler.addFilter(RateLimit(handler, burst=burst, window_s=window_s, clock=clock))
    return handler


def log_to_journal(level: int = logging.INFO) -> None:
    """The board's logging: records of *level* and above to standard error (systemd's journal), rate-limited; no file."""
    logging.basicConfig(level=level, format=FORMAT, handlers=[rate_limited(logging.StreamHandler())])
