"""Mister X's phone as his private handheld: a ``HandheldLink`` over the phone's page.

``PhoneLink`` starts the page's server (``hardware.phone.server``) when it is made
and talks to the page by the wire protocol of ``hardware.phone``: the code's key
opens only the join, which pairs the first phone and tells any other it is taken;
each connection of the paired phone says hello under the session key agreed at
the join and is answered with the nonce of its own connection's key
(``hardware.phone.pairing``), under which everything else goes. The socket the
paired phone last spoke on under its connection's key is its own; it is sent the
last words and the last screen-setting message again, with everything sent after
it, so that a reloaded page rebuilds its screen, and a socket it left open elsewhere (another
tab) is told so and closed. The link never waits on the network: ``receive()``
takes what the server queued, and ``send`` hands frames to the server's thread.

A session token new to the link (a new game) makes a new code and forgets the
pairing; the first token the link is given keeps the code it was made with, so a
phone paired while the game was being set up stays paired when it starts. The
pairing (``pairing``) is kept by the console's journal and taken up again by a
restarted console (``restore``): the same phone comes back without a new scan.

The page speaks the console's language: ``paired`` names it, and when it changes
the next message to the phone is preceded by a ``language`` message (the page then
asks the server for its words again).
"""

from __future__ import annotations

import logging
import secrets
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from firmware.messages import SCREENS
from hardware.interfaces import Message
from hardware.phone.channel import DROP_REASONS, Channel, Dropped, Opened, key_text
from hardware.phone.pairing import KEY_BYTES, NONCE_BYTES, Pairing, connection_key, field_key, key_field
from hardware.phone.server import Closed, Frame, PhoneServer
from language import current

log = logging.getLogger(__name__)

PRESENCE_S = 3.0
"""Seconds after the paired phone's last authentic frame that it still counts as connected (it pings every second)."""
ANSWERED = 8
"""Sockets answered with a connection's key and kept, the paired phone's own among them; a newer one closes the oldest."""
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


@dataclass
class Connection:
    """A socket of the paired phone's that said hello: the channel under its connection's key, and the language it was told."""

    channel: Channel
    told: str


class PhoneLink:
    """Mister X's phone, paired by the QR code of ``url``, served on *host* ("" for every address) and *port*."""

    def __init__(self, host: str, port: int, *, clock: Callable[[], float] = time.monotonic, server: PhoneServer | None = None) -> None:
        """*server*: the page's server (default: a new one on *host* and *port*; a test's stands in for it)."""
        self._server = server or PhoneServer(host, port)
        self._host = host or lan_address()
        self._clock = clock
        self._token: str | None = None
        self._counters = dict.fromkeys(DROP_REASONS, 0)
        self._words: dict[str, Any] | None = None
        """The last ``words`` sent: a resumed page is sent them first."""
        self._since_screen: list[dict[str, Any]] = []
        """The last screen-setting message sent and every message after it: what a resumed page is sent again, after the
        words."""
        self._connections: dict[int, Connection] = {}
        """The sockets the paired phone said hello on, oldest first."""
        self._conn: int | None = None
        """The paired phone's own socket: the last one a frame came on under its connection's key, while it is open."""
        self._heard = 0.0
        self._use(Pairing.new())

    @property
    def url(self) -> str:
        """The pairing URL, the QR code's text: the key travels in the fragment, which a browser never sends."""
        host = f"[{self._host}]" if ":" in self._host else self._host
        return f"http://{host}:{self._server.port}/#k={key_text(self._pairing.code_key)}"

    @property
    def paired(self) -> bool:
        return self._pairing.paired is not None

    @property
    def connected(self) -> bool:
        return self._conn is not None and self._clock() - self._heard < PRESENCE_S

    @property
    def other_game(self) -> bool:
        """Never: a phone pairs with one game's code, and another game's frames do not authenticate."""
        return False

    @property
    def other_version(self) -> int:
        """Never: the console serves the page, so the page is always its own version."""
        return 0

    @property
    def counters(self) -> Mapping[str, int]:
        """Frames dropped, by reason (``hardware.phone.channel.DROP_REASONS``)."""
        return dict(self._counters)

    @property
    def pairing(self) -> str:
        """The pairing as the journal keeps it (``hardware.phone.pairing.Pairing.text``): one length whatever it holds."""
        return self._pairing.text

    def restore(self, pairing: str) -> bool:
        """Take up the *pairing* a journal kept: its code, and its phone, who comes back without a new scan.

        False (and the code as it was) if *pairing* is not a record this console reads.
        """
        try:
            kept = Pairing.from_text(pairing)
        except ValueError as error:
            log.warning("the phone's pairing kept in the journal is not used (%s): the phone scans a new code", error)
            return False
        self._use(kept)
        return True

    def send(self, message: Message) -> None:
        """Send *message* to the paired phone now if it has a connection; on its next hello anyway, if it still counts."""
        body = dict(message)
        if body.get("type") == "words":
            self._words = body
        else:
            if body.get("type") in SCREENS:
                self._since_screen = []
            self._since_screen.append(body)
        self._tell_language()
        self._deliver(body)

    def receive(self) -> Sequence[Message]:
        messages = []
        for event in self._server.events():
            if isinstance(event, Frame):
                message = self._read(event)
                if message is not None:
                    messages.append(message)
            elif isinstance(event, Closed):
                self._connections.pop(event.conn, None)
                if event.conn == self._conn:
                    self._conn = None
            else:
                self._counters[event.reason] += 1
        return messages

    def start_session(self, token: str, *, new_game: bool) -> None:
        """Talk for the game *token*: a token other than the last one is a new game, with a new code to pair again."""
        if self._token is not None and token != self._token:
            self._words, self._since_screen = None, []
            self._use(Pairing.new())
        self._token = token

    def pair_again(self) -> None:
        """A new code: the paired phone is forgotten, and its frames no longer authenticate."""
        self._use(Pairing.new())

    def close(self) -> None:
        self._server.close()

    def _use(self, pairing: Pairing) -> None:
        """Talk by *pairing* from now on: every socket of the one before is closed."""
        self._pairing = pairing
        self._code = Channel(pairing.code_key, "console", ordered=False)
        self._session = Channel(pairing.paired.session_key, "console", ordered=False) if pairing.paired is not None else None
        for conn in self._connections:
            self._server.hang_up(conn)
        self._connections, self._conn = {}, None

    def _read(self, frame: Frame) -> dict[str, Any] | None:
        """The game message *frame* carries, once what is the link's own (the handshake, pings) is handled."""
        connection = self._connections.get(frame.conn)
        if connection is not None:
            try:
                opened = connection.channel.open(frame.text)
            except Dropped as drop:
                if drop.reason != "unauthentic":  # else not under this connection's key: under a key of the handshake?
                    self._counters[drop.reason] += 1
                    return None
            else:
                return self._from_phone(frame.conn, opened)
        for channel, step in ((self._session, self._hello), (self._code, self._join)):
            if channel is None:
                continue
            try:
                opened = channel.open(frame.text)
            except Dropped as drop:
                if drop.reason == "unauthentic":
                    continue
                self._counters[drop.reason] += 1
                return None
            step(frame.conn, opened)
            return None
        self._counters["unauthentic"] += 1
        return None

    def _join(self, conn: int, opened: Opened) -> None:
        """A frame under the code's key: a phone joins with its public key, and is answered with the console's (or "taken")."""
        body = opened.body
        if body["type"] != "join":  # the code's key speaks for no phone: whoever sent this only saw the code
            self._counters["no_session"] += 1
            log.warning("a frame under the QR code's key alone was dropped: someone who saw the code, without the session key")
            return
        try:
            if set(body) != {"type", "key"}:
                raise ValueError("a join holds its type and key")
            phone_key = field_key(body["key"], KEY_BYTES)
            if self._pairing.paired is None:
                self._use(self._pairing.pair(opened.phone_id, phone_key))
                log.info("Mister X's phone is paired")
        except ValueError:
            self._counters["malformed"] += 1
            return
        paired = self._pairing.paired
        assert paired is not None
        if not self._pairing.is_paired_phone(opened.phone_id, phone_key):
            self._counters["other_phone"] += 1
            log.warning("another phone tried to join the game: it is told the game is taken")
            self._server.send(conn, self._code.seal({"type": "taken"}, opened.phone_id))
            self._server.hang_up(conn)
            return
        self._server.send(conn, self._code.seal({"type": "session", "key": key_field(paired.console_key)}, paired.phone_id))

    def _hello(self, conn: int, opened: Opened) -> None:
        """A frame under the session key: the paired phone says hello on a socket, and is answered with its connection's key."""
        paired = self._pairing.paired
        assert paired is not None and self._session is not None
        body = opened.body
        try:
            if body["type"] != "hello" or set(body) != {"type", "nonce"} or opened.phone_id != paired.phone_id:
                raise ValueError("a hello holds its type and nonce, from the paired phone")
            phone_nonce = field_key(body["nonce"], NONCE_BYTES)
        except ValueError:
            self._counters["malformed"] += 1
            return
        console_nonce = secrets.token_bytes(NONCE_BYTES)
        told = current()
        answer = {"type": "paired", "language": told, "nonce": key_field(console_nonce)}
        self._server.send(conn, self._session.seal(answer, paired.phone_id))
        self._connections.pop(conn, None)
        self._connections[conn] = Connection(Channel(connection_key(paired.session_key, phone_nonce, console_nonce), "console"), told)
        while len(self._connections) > ANSWERED:  # a page that reconnects again and again: its oldest sockets go
            oldest = next(old for old in self._connections if old != self._conn)
            del self._connections[oldest]
            self._server.hang_up(oldest)

    def _from_phone(self, conn: int, opened: Opened) -> dict[str, Any] | None:
        """A frame under a connection's key: from the paired phone, on this socket. Its game message, if it is one."""
        paired = self._pairing.paired
        assert paired is not None
        if opened.phone_id != paired.phone_id:
            self._counters["other_phone"] += 1
            return None
        self._heard = self._clock()
        if conn != self._conn:
            self._take(conn)
        kind = opened.body["type"]
        if kind in ("hello", "join"):  # the handshake's, not a connection's
            self._counters["malformed"] += 1
            return None
        return None if kind == "ping" else opened.body

    def _take(self, conn: int) -> None:
        """The paired phone speaks on *conn* now: its socket before is told so and closed, and its screen is rebuilt here."""
        old, self._conn = self._conn, conn
        if old is not None:
            self._deliver_on(old, {"type": "elsewhere"})
            self._server.hang_up(old)
            del self._connections[old]
        self._tell_language()
        for body in ([self._words] if self._words is not None else []) + self._since_screen:
            self._deliver(body)

    def _tell_language(self) -> None:
        """Tell the phone's socket the language the console speaks, if it was told another."""
        live = self._connections.get(self._conn) if self._conn is not None else None
        if live is not None and live.told != current():
            live.told = current()
            self._deliver({"type": "language", "language": live.told})

    def _deliver(self, body: Mapping[str, Any]) -> None:
        if self._conn is not None:
            self._deliver_on(self._conn, body)

    def _deliver_on(self, conn: int, body: Mapping[str, Any]) -> None:
        paired = self._pairing.paired
        assert paired is not None, "a connection of the paired phone's"
        self._server.send(conn, self._connections[conn].channel.seal(body, paired.phone_id))
