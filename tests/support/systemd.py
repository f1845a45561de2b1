"""systemd's end of the notify protocol, for tests: a bound AF_UNIX datagram socket that reads what the console says."""

from __future__ import annotations

import secrets
import socket
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Self

Message = dict[str, str]
"""One datagram's ``NAME=value`` lines."""


class FakeSystemd:
    """A notify socket in a short temporary folder (a socket path must fit in 108 bytes), or in the abstract namespace."""

    def __init__(self, *, abstract: bool = False) -> None:
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        if abstract:
            name = f"scotland-yard-test-{secrets.token_hex(6)}"
            self._socket.bind("\0" + name)
            self.address = "@" + name
        else:
            self._folder = tempfile.TemporaryDirectory(prefix="sd-")
            self.address = str(Path(self._folder.name) / "notify")
            self._socket.bind(self.address)
        self.received: list[Message] = []

    def environment(self, watchdog_usec: int | str | None = None, pid: int | str | None = None) -> dict[str, str]:
        """The variables systemd sets for a ``Type=notify`` service (with a watchdog if *watchdog_usec*)."""
        environ = {"NOTIFY_SOCKET": self.address}
        if watchdog_usec is not None:
            environ["WATCHDOG_USEC"] = str(watchdog_usec)
        if pid is not None:
            environ["WATCHDOG_PID"] = str(pid)
        return environ

    def messages(self, wait_s: float = 0.0) -> list[Message]:
        """The datagrams that arrived (waiting up to *wait_s* for the first), each as its ``NAME=value`` pairs."""
        got = []
        self._socket.settimeout(wait_s)  # 0: do not wait
        while True:
            try:
                data = self._socket.recv(4096)
            except (BlockingIOError, TimeoutError):
                break
            got.append(dict(line.split("=", 1) for line in data.decode("utf-8").splitlines()))
            self._socket.settimeout(0.0)
        self.received += got
        return got

    def wait_for(self, name: str, value: str, timeout_s: float) -> Message:
        """The first message (from now on) that sets *name* to *value*; AssertionError after *timeout_s*."""
        deadline = time.monotonic() + timeout_s
        while (left := deadline - time.monotonic()) > 0:
            for message in self.messages(min(left, 0.5)):
                if message.get(name) == value:
                    return message
        raise AssertionError(f"no {name}={value} within {timeout_s} s; received {self.received[-5:]}")

    def close(self) -> None:
        self._socket.close()
        if self._folder is not None:
            self._folder.cleanup()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()


def pings(messages: list[Message]) -> int:
    return sum(message.get("WATCHDOG") == "1" for message in messages)

