"""The host's end of the handheld link: an ``Endpoint("host")`` over a byte transport that may come and go.

``SerialHandheldLink`` is the ``HandheldLink`` the console talks to. Its protocol
(frames, acks, resends, hellos, session tokens) is ``firmware.link``, the same code
the handheld runs; this module only moves bytes and survives the cable:

- the transport is opened by an injected *opener*: pyserial on the configured port,
  or on the first USB device with a Pico's vendor and product id when the port is
  ``auto`` (``serial_opener``), or one end of an in-process ``PipeTransport``;
- ``receive()``, called by the console loop about 30 times a second, reads what is
  waiting, feeds the endpoint, writes what the endpoint wants written, and returns the
  messages delivered; nothing blocks;
- the endpoint's hellos tell the handheld the language in use (``language``), looked at on every
  ``send`` and ``receive``: the handheld shows its own words in it, and the console's words come in it too (they
  become words when sent), so a change of language reaches the handheld within a few hellos;
- an error on the transport (the handheld unplugged) closes it: ``connected`` turns
  false and opening is retried at most once a second. Messages sent meanwhile stay in
  the endpoint's queue and are delivered after the handheld is back. A port that is
  lost is a fault, logged as a warning; a cable pulled on purpose (``Unplugged``: the
  simulator's Unplug key) is an event, logged for information only.

The simulator runs the host link and a simulated handheld in one process over the
same bytes::

    host_end, device_end = PipeTransport.pair()
    link = SerialHandheldLink(lambda: host_end)
    handheld = Endpoint("handheld")  # fed from device_end.read(), writing to device_end.write()

Closing either end of a pipe unplugs it; to plug back in, make a new pair and let
the opener return its host end (the opener raises ``OSError`` while unplugged).
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import serial  # type: ignore[import-untyped, unused-ignore]
from serial.tools import list_ports  # type: ignore[import-untyped, unused-ignore]

from firmware.link import Endpoint
from firmware.wire import DELIMITER, MAX_FRAME
from hardware.config import HandheldConfig
from hardware.interfaces import Message
from language import current

log = logging.getLogger(__name__)

AUTO_PORT = "auto"
"""The port setting that means: the first USB serial device with the Pico's ids."""
PICO_VID = 0x2E8A
"""USB vendor id of a Raspberry Pi Pico (Raspberry Pi Ltd)."""
PICO_PID = 0x0005
"""USB product id of a Pico running MicroPython (what ``hardware/install``'s udev rule matches too)."""
REOPEN_S = 1.0
"""Least time between attempts to open the transport."""
MAX_PENDING = 16 * MAX_FRAME
"""Bytes kept for a handheld that stopped reading; beyond this they are dropped (the endpoint resends)."""


class ByteTransport(Protocol):
    """The part of pyserial's ``Serial`` the link uses; errors are ``OSError`` (``SerialException`` is one)."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes, /) -> int | None: ...

    def close(self) -> None: ...


class Unplugged(OSError):
    """The transport was closed on purpose (the simulator's cable pulled by its Unplug key): expected, not a fault."""


Opener = Callable[[], ByteTransport]
"""Opens the transport, or raises ``OSError`` when the handheld is not there."""


class SerialHandheldLink:
    """Mister X's handheld over USB serial (or any ``ByteTransport``); never blocks, survives unplugging."""

    def __init__(self, opener: Opener, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._opener = opener
        self._clock = clock
        self._endpoint = Endpoint("host")
        self._transport: ByteTransport | None = None
        self._pending = bytearray()
        self._next_open = clock()
        self._closed = False
        self._open_failed = False
        self._try_open()

    @property
    def connected(self) -> bool:
        return self._transport is not None and self._endpoint.connected(self._now_ms())

    @property
    def other_game(self) -> bool:
        """The handheld plugged in holds another game's session token and refuses this one."""
        return self._endpoint.other_game

    @property
    def other_version(self) -> int:
        return self._endpoint.other_version

    @property
    def counters(self) -> Mapping[str, int]:
        """Frames dropped, by reason (``firmware.wire`` and ``firmware.link`` name them)."""
        return self._endpoint.counters

    def send(self, message: Message) -> None:
        """Queue *message* for the handheld and write it now if the port is open."""
        self._endpoint.send(dict(message))
        self._write(self._poll(self._now_ms()))

    def receive(self) -> Sequence[Message]:
        if self._transport is None:
            self._try_open()
        now_ms = self._now_ms()
        messages = self._endpoint.feed(self._read(), now_ms)
        self._write(self._poll(now_ms))
        return messages

    def start_session(self, token: str, *, new_game: bool) -> None:
        self._endpoint.start_session(token, new_game)

    def close(self) -> None:
        self._closed = True
        self._drop_transport()

    def _poll(self, now_ms: int) -> bytes:
        """The endpoint's bytes to write now, its hellos saying the language in use."""
        self._endpoint.set_language(current())
        return self._endpoint.poll(now_ms)

    def _now_ms(self) -> int:
        return int(self._clock() * 1000)

    def _try_open(self) -> None:
        now = self._clock()
        if self._closed or now < self._next_open:
            return
        self._next_open = now + REOPEN_S
        try:
            self._transport = self._opener()
        except OSError as error:
            if not self._open_failed:
                log.info("waiting for the handheld: %s", error)
            self._open_failed = True
            return
        self._open_failed = False
        log.info("handheld port open")
        # Zero bytes end any frame cut off by the last unplugging, at both ends.
        self._pending = bytearray(DELIMITER)
        self._endpoint.feed(DELIMITER, self._now_ms())

    def _read(self) -> bytes:
        if self._transport is None:
            return b""
        try:
            waiting = self._transport.in_waiting
            return self._transport.read(waiting) if waiting else b""
        except OSError as error:
            self._lost(error)
            return b""

    def _write(self, data: bytes) -> None:
        """Write *data* after what is still pending; what the port does not take now waits for the next call."""
        if self._transport is None:
            return  # the endpoint resends whatever was not acknowledged
        self._pending += data
        if len(self._pending) > MAX_PENDING:
            self._pending = bytearray(DELIMITER)  # start again at a frame boundary; unacked messages are resent
        if not self._pending:
            return
        try:
            written = self._transport.write(bytes(self._pending))
        except OSError as error:
            self._lost(error)
            return
        del self._pending[: len(self._pending) if written is None else written]

    def _lost(self, error: OSError) -> None:
        if isinstance(error, Unplugged):
            log.info("handheld unplugged: %s", error)
        else:
            log.warning("handheld port lost: %s", error)
        self._drop_transport()
        self._next_open = self._clock() + REOPEN_S

    def _drop_transport(self) -> None:
        transport, self._transport = self._transport, None
        self._pending = bytearray()
        if transport is not None:
            with contextlib.suppress(OSError):  # closing a vanished port can fail; it is gone either way
                transport.close()


def find_port(vid: int = PICO_VID, pid: int = PICO_PID) -> str | None:
    """The device path of the first USB serial port with vendor id *vid* and product id *pid*."""
    for port in list_ports.comports():
        if port.vid == vid and port.pid == pid:
            return str(port.device)
    return None


def serial_opener(config: HandheldConfig) -> Opener:
    """Opens the configured port (or, for ``auto``, the Pico found by its USB ids) without blocking reads or writes."""

    def open_port() -> ByteTransport:
        port = config.port
        if port == AUTO_PORT:
            found = find_port()
            if found is None:
                raise serial.SerialException(f"no USB serial device {PICO_VID:04x}:{PICO_PID:04x} "
                                             "(a Pico running MicroPython) is plugged in")
            port = found
        return SerialPort(serial.Serial(port, config.baud, timeout=0, write_timeout=0, exclusive=True))

    return open_port


class SerialPort:
    """A pyserial port whose writes never wait: pyserial's own ``write`` spins while the device's buffer is full."""

    def __init__(self, port: Any) -> None:
        self.port = port

    @property
    def in_waiting(self) -> int:
        return int(self.port.in_waiting)

    def read(self, size: int = 1) -> bytes:
        return bytes(self.port.read(size))

    def write(self, data: bytes, /) -> int:
        """As many bytes of *data* as the device takes now (pyserial opens the port non-blocking)."""
        try:
            return os.write(self.port.fileno(), data)
        except BlockingIOError:
            return 0

    def close(self) -> None:
        self.port.close()


def open_handheld(config: HandheldConfig) -> SerialHandheldLink:
    """The handheld link for *config*; it waits for the handheld if it is not plugged in yet."""
    return SerialHandheldLink(serial_opener(config))


class PipeTransport:
    """One end of an in-process byte pipe (the simulator's USB cable); see the module docstring.

    What one end writes the other reads. Closing either end closes both: reads and
    writes then raise ``OSError`` (``Unplugged``: someone closed it), as they do on a serial port that vanished.
    """

    def __init__(self, incoming: bytearray, outgoing: bytearray, plugged: list[bool]) -> None:
        self._incoming = incoming
        self._outgoing = outgoing
        self._plugged = plugged

    @classmethod
    def pair(cls) -> tuple[PipeTransport, PipeTransport]:
        """Two connected ends."""
        one_way, other_way, plugged = bytearray(), bytearray(), [True]
        return cls(one_way, other_way, plugged), cls(other_way, one_way, plugged)

    @property
    def is_open(self) -> bool:
        return self._plugged[0]

    @property
    def in_waiting(self) -> int:
        self._check()
        return len(self._incoming)

    def read(self, size: int = 1) -> bytes:
        self._check()
        data = bytes(self._incoming[:size])
        del self._incoming[:size]
        return data

    def write(self, data: bytes, /) -> int:
        self._check()
        self._outgoing += data
        return len(data)

    def close(self) -> None:
        self._plugged[0] = False

    def _check(self) -> None:
        if not self._plugged[0]:
            raise Unplugged("the pipe is unplugged")
