"""Mister X's phone as his private handheld: a ``HandheldLink`` over the phone's page.

``PhoneLink`` starts the page's server (``hardware.phone.server``) when it is made
and seals and opens every frame with the game's key (``hardware.phone.channel``).
It pairs the first phone whose hello authenticates, answers any other with
``taken``, and on each hello of the paired phone sends the last screen-setting
message again with everything sent after it, so that a reloaded page rebuilds
its screen. It never waits on the network: ``receive()`` takes what the server
queued, and ``send`` hands frames to the server's thread.

A session token new to the link (a new game) makes a new key and forgets the
pairing; the first token the link is given keeps the key it was made with, so a
phone paired while the game was being set up stays paired when it starts.

The page speaks the console's language: ``paired`` names it, and when it changes
the next message to the phone is preceded by a ``language`` message (the page then
asks the server for its words again).
"""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hardware.interfaces import Message
from hardware.language import current
from hardware.phone.channel import DROP_REASONS, Channel, Dropped, key_text, new_key
from hardware.phone.server import Closed, Frame, PhoneServer

log = logging.getLogger(__name__)

PRESENCE_S = 3.0
"""Seconds after the paired phone's last authentic frame that it still counts as connected (it pings every second)."""
SCREENS = frozenset({"state", "choose_move", "choose_second_leg", "rogue_state", "choose_step", "wait", "game_over"})
"""Messages that set the phone's whole screen: a resumed page needs the last of them and what followed."""
PROBE = "10.255.255.255"
"""A private address to 'connect' a UDP socket to, which sends nothing, to learn the LAN address a phone would reach."""


def lan_address(probe: str = PROBE) -> str:
    """This machine's address on the network that routes to *probe* (no packet is sent); 127.0.0.1 without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        try:
            udp.connect((probe, 1))
            return str(udp.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class PhoneLink:
    """Mister X's phone, paired by the QR code of ``url``, served on *host* ("" for every address) and *port*."""

    def __init__(self, host: str, port: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._server = PhoneServer(host, port)
        self._host = host or lan_address()
        self._clock = clock
        self._token: str | None = None
        self._counters = dict.fromkeys(DROP_REASONS, 0)
        self._since_screen: list[dict[str, Any]] = []
        """The last screen-setting message sent and every message after it: what a resumed page is sent again."""
        self._conn: int | None = None
        """The paired phone's connection: the one its last hello came on, while it is open."""
        self._heard = 0.0
        self._told: str | None = None
        """The language the connected phone was last told (None: not told on this connection)."""
        self._new_key()

    @property
    def url(self) -> str:
        """The pairing URL, the QR code's text: the key travels in the fragment, which a browser never sends."""
        host = f"[{self._host}]" if ":" in self._host else self._host
        return f"http://{host}:{self._server.port}/#k={key_text(self._key)}"

    @property
    def paired(self) -> bool:
        return self._phone is not None

    @property
    def connected(self) -> bool:
        return self._conn is not None and self._clock() - self._heard < PRESENCE_S

    @property
    def other_game(self) -> bool:
        """Never: a phone pairs with one game's key, and another game's frames do not authenticate."""
        return False

    @property
    def counters(self) -> Mapping[str, int]:
        """Frames dropped, by reason (``hardware.phone.channel.DROP_REASONS``)."""
        return dict(self._counters)

    def send(self, message: Message) -> None:
        """Send *message* to the paired phone now if it has a connection; on its next hello anyway, if it still counts."""
        body = dict(message)
        if body.get("type") in SCREENS:
            self._since_screen = []
        self._since_screen.append(body)
        if self._told is not None and self._told != current():
            self._tell_language("language")
        self._deliver(body)

    def receive(self) -> Sequence[Message]:
        messages = []
        for event in self._server.events():
            if isinstance(event, Frame):
                message = self._read(event)
                if message is not None:
                    messages.append(message)
            elif isinstance(event, Closed):
                if event.conn == self._conn:
                    self._conn, self._told = None, None
            else:
                self._counters[event.reason] += 1
        return messages

    def start_session(self, token: str, *, new_game: bool) -> None:
        """Talk for the game *token*: a token other than the last one is a new game, with a new key to pair again."""
        if self._token is not None and token != self._token:
            self._since_screen = []
            self._new_key()
        self._token = token

    def pair_again(self) -> None:
        """A new key (a new QR code): the paired phone is forgotten, its frames no longer authenticate."""
        self._new_key()

    def close(self) -> None:
        self._server.close()

    def _new_key(self) -> None:
        self._key = new_key()
        self._channel = Channel(self._key, "console")
        self._phone: str | None = None
        if self._conn is not None:
            self._server.hang_up(self._conn)
            self._conn, self._told = None, None

    def _read(self, frame: Frame) -> dict[str, Any] | None:
        """The game message *frame* carries, after handling what is the link's own (hello, ping, pairing)."""
        try:
            opened = self._channel.open(frame.text)
        except Dropped as drop:
            self._counters[drop.reason] += 1
            return None
        kind = opened.body["type"]
        if self._phone is None and kind == "hello":
            self._phone = opened.phone_id
            log.info("Mister X's phone is paired")
        if opened.phone_id != self._phone:
            self._counters["other_phone"] += 1
            if self._phone is not None:
                log.warning("another phone tried to join the game: it is told the game is taken")
                self._server.send(frame.conn, self._channel.seal({"type": "taken"}, opened.phone_id))
                self._server.hang_up(frame.conn)
            return None
        self._heard = self._clock()
        if kind == "hello":
            self._resume(frame.conn)
            return None
        return None if kind == "ping" else opened.body

    def _resume(self, conn: int) -> None:
        """The paired phone said hello on *conn*: talk on it, and rebuild its screen."""
        if self._conn is not None and self._conn != conn:
            self._server.hang_up(self._conn)  # the phone's old socket, left when it lost the network
        self._conn = conn
        self._tell_language("paired")
        for body in self._since_screen:
            self._deliver(body)

    def _tell_language(self, kind: str) -> None:
        """Send ``paired`` or ``language`` with the language the console speaks now."""
        self._told = current()
        self._deliver({"type": kind, "language": self._told})

    def _deliver(self, body: Mapping[str, Any]) -> None:
        if self._conn is not None and self._phone is not None:
            self._server.send(self._conn, self._channel.seal(body, self._phone))
