"""The console's line to systemd: ready, alive, what it is doing, stopping.

The service is ``Type=notify`` with a ``WatchdogSec=``: systemd waits for
``READY=1`` before it counts the console as started, and restarts it when the
``WATCHDOG=1`` pings stop, so a loop that hangs is restarted (and the restarted
console goes back into the game, ``console.program.straight_back``). The pings come
from the console's loop itself (``Watchdog.frame`` runs after every step), so
they stop exactly when the loop does.

The protocol is systemd's notify protocol (``sd_notify(3)``): newline-separated
``NAME=value`` lines in one datagram to the AF_UNIX socket named by
``$NOTIFY_SOCKET`` (a name starting with ``@`` is in the abstract namespace).
``$WATCHDOG_USEC`` is the timeout, and ``$WATCHDOG_PID``, when set, the process
meant to ping. Without ``$NOTIFY_SOCKET`` (a PC, the simulator, a test) nothing
is sent. ``STATUS=`` lines are for ``systemctl status``, which anyone on the
machine can read: they say only what the console is doing in public words.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, MutableMapping
from types import TracebackType
from typing import Self

log = logging.getLogger(__name__)

HEALTHY_AFTER_S = 60.0
"""How long the loop runs after ``READY`` before the console counts as healthy (``on_healthy``)."""
_ENVIRONMENT = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID")


class Notifier:
    """Sends notify messages to systemd's socket; does nothing without one."""

    def __init__(self, address: str | None) -> None:
        """*address*: ``$NOTIFY_SOCKET`` (an absolute path, or ``@name`` for the abstract namespace); None: no systemd."""
        self.address = _socket_address(address) if address else None
        self._socket: socket.socket | None = None
        self._warned = False

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def send(self, *lines: str) -> None:
        """One datagram of ``NAME=value`` *lines*; a refusal is logged (the first one), never raised."""
        if self.address is None or not lines:
            return
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
                self._socket.setblocking(False)  # a busy systemd must not stall the loop: the next ping comes soon
            self._socket.sendto("\n".join(lines).encode("utf-8"), self.address)
        except OSError as error:
            if not self._warned:
                log.warning("systemd's notify socket refused a message (%s): the watchdog may restart the console", error)
            self._warned = True

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None


class Watchdog:
    """The loop's hook (``frame``): READY after the first frame, WATCHDOG pings, STATUS on change; STOPPING at a clean stop.

    *ping_every_s* is how often to ping (half systemd's timeout; None: no
    watchdog). *status* names what the console is doing, in public words.
    *on_healthy* is called once, from the loop, when it has run for
    ``HEALTHY_AFTER_S`` after READY, and *well* all that time (a console on its
    problem screen is up, and fed, but not well); a disk that refuses what it
    does is logged, not raised: the console keeps running.
    """

    def __init__(self, notifier: Notifier, ping_every_s: float | None, *, status: Callable[[], str] = lambda: "",
                 on_healthy: Callable[[], object] | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.notifier = notifier
        self.ping_every_s = ping_every_s
        self.status = status
        self.on_healthy = on_healthy
        self.well: Callable[[], bool] = lambda: True
        self.clock = clock
        self._ready_at: float | None = None
        self._well_since: float | None = None
        self._pinged_at: float | None = None
        self._said: str | None = None

    @classmethod
    def from_environment(cls, environ: MutableMapping[str, str] | None = None, *, status: Callable[[], str] = lambda: "",
                         on_healthy: Callable[[], object] | None = None, clock: Callable[[], float] = time.monotonic) -> Watchdog:
        """The watchdog systemd asks for in *environ* (default: this process's).

        The variables are taken out of *environ*, so the processes the console
        starts (the computer players' worker, the simulated handheld) neither
        inherit them nor speak for it.
        """
        environ = os.environ if environ is None else environ
        address, timeout, pid = (environ.pop(name, None) for name in _ENVIRONMENT)
        notifier = Notifier(address)
        ping_every_s = ping_interval(timeout, pid, os.getpid()) if notifier.enabled else None
        return cls(notifier, ping_every_s, status=status, on_healthy=on_healthy, clock=clock)

    def frame(self) -> None:
        """After each step of the loop: what systemd should hear now."""
        now = self.clock()
        lines = []
        if self._ready_at is None:
            self._ready_at = now
            lines.append("READY=1")
        if self.ping_every_s is not None and (self._pinged_at is None or now - self._pinged_at >= self.ping_every_s):
            self._pinged_at = now
            lines.append("WATCHDOG=1")
        if self.notifier.enabled:
            status = " ".join(self.status().split())  # one line: a newline would start another assignment
            if status != self._said:
                self._said = status
                lines.append(f"STATUS={status}")
        self.notifier.send(*lines)
        self._well_since = (self._well_since if self._well_since is not None else now) if self.well() else None
        if self.on_healthy is not None and self._well_since is not None and now - self._well_since >= HEALTHY_AFTER_S:
            healthy, self.on_healthy = self.on_healthy, None
            try:
                healthy()
            except OSError as error:
                log.warning("the console runs well, but that could not be recorded: %s", error)

    def stopping(self) -> None:
        self.notifier.send("STOPPING=1")

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        """STOPPING at a clean stop (the loop ended, or SIGTERM / Ctrl-C); a crash says nothing, and systemd sees it."""
        if kind is None or issubclass(kind, KeyboardInterrupt):
            self.stopping()
        self.notifier.close()


def ping_interval(timeout_usec: str | None, pid: str | None, own_pid: int) -> float | None:
    """Seconds between pings for systemd's ``$WATCHDOG_USEC`` and ``$WATCHDOG_PID``: half the timeout; None for no pings.

    >>> ping_interval("30000000", None, 42)
    15.0
    >>> ping_interval("30000000", "41", 42) is None  # the watchdog is another process's
    True
    """
    if timeout_usec is None:
        return None
    if pid is not None and pid.strip() != str(own_pid):
        return None
    try:
        usec = int(timeout_usec)
    except ValueError:
        usec = 0
    if usec <= 0:
        log.warning("WATCHDOG_USEC=%r is not a number of microseconds above 0: no watchdog pings", timeout_usec)
        return None
    return usec / 2_000_000


def _socket_address(name: str) -> str | None:
    """``$NOTIFY_SOCKET`` as an address for ``sendto``: a path, or ``@name`` in the abstract namespace; None if it is neither."""
    if name.startswith("@") and len(name) > 1:
        return "\0" + name[1:]
    if name.startswith("/"):
        return name
    log.warning("NOTIFY_SOCKET=%r is neither an absolute path nor an @abstract name: systemd is not told anything", name)
    return None
