"""Handheld links that need no device: an in-memory pipe to a far end.

The console is built and tested against these before (and besides) the real
handheld: the far end is a scripted Mister X that answers the console's
requests with prepared replies, and the link can be unplugged and plugged
back to test the pause.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence

from hardware.interfaces import Message

FarEnd = Callable[[Message], Sequence[Message]]
"""The device end of a link: takes one message, returns its replies."""


class MemoryHandheldLink:
    """A ``HandheldLink`` whose far end is a Python callable, in the same process."""

    def __init__(self, far_end: FarEnd | None = None, *, connected: bool = True) -> None:
        self.far_end = far_end
        self._connected = connected and far_end is not None
        self._outbox: deque[Message] = deque()
        self._inbox: deque[Message] = deque()
        self.token = ""
        """The session token of the game the link talks for (in memory, no device refuses it)."""

    @property
    def connected(self) -> bool:
        return self._connected

    @property
    def other_game(self) -> bool:
        return False

    @property
    def other_version(self) -> int:
        return 0

    def plug(self) -> None:
        """The handheld comes back: what was sent while it was away is delivered."""
        if self.far_end is None:
            raise ValueError("a link without a far end cannot be plugged in")
        self._connected = True
        while self._outbox:
            self._deliver(self._outbox.popleft())

    def unplug(self) -> None:
        self._connected = False

    def send(self, message: Message) -> None:
        if self._connected:
            self._deliver(message)
        else:
            self._outbox.append(message)

    def receive(self) -> list[Message]:
        messages = list(self._inbox)
        self._inbox.clear()
        return messages

    def start_session(self, token: str, *, new_game: bool) -> None:
        self.token = token

    def inject(self, message: Message) -> None:
        """A message from the far end that was not a reply (e.g. a button press on the device)."""
        self._inbox.append(message)

    def close(self) -> None:
        self._connected = False

    def _deliver(self, message: Message) -> None:
        assert self.far_end is not None
        self._inbox.extend(self.far_end(message))


class ScriptedFarEnd:
    """A scripted Mister X: answers each request of the listed types with the next prepared reply.

    Every message it gets is kept in ``received``; ``script`` runs out loudly so a
    test never waits for an answer that will not come.
    """

    def __init__(self, script: Iterable[Message], answers: frozenset[str] = frozenset({"ask"})) -> None:
        self._script = deque(script)
        self.answers = answers
        self.received: list[Message] = []

    def __call__(self, message: Message) -> Sequence[Message]:
        self.received.append(message)
        if message.get("type") not in self.answers:
            return []
        if not self._script:
            raise LookupError(f"the scripted handheld has no reply left for {message.get('type')!r}")
        return [self._script.popleft()]

    @property
    def replies_left(self) -> int:
        return len(self._script)
