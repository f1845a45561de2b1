"""The handheld link's session layer: messages delivered once and in order over a lossy wire.

One ``Endpoint`` class serves both ends (``"host"``: the Pi; ``"handheld"``: the Pico).
It does no I/O and reads no clock: the caller feeds it the bytes it read with
``feed(data, now_ms)``, writes what ``poll(now_ms)`` returns, and passes any millisecond
clock (on the handheld ``time.ticks_ms()``: differences are taken modulo 2**30, as
``time.ticks_diff`` does).

Design
------
- Sequence numbers and cumulative acks. Each message gets the next 16-bit sequence
  number; every frame carries ``ack``, the last sequence number delivered in order from
  the other end. A message stays queued until acked; up to ``WINDOW`` are in flight, each
  resent ``RESEND_MS`` after it was last sent (go-back-N: a receiver delivers only the
  next number and drops the rest). Delivery is exactly once and in order; frames may be
  lost, corrupted, duplicated or reordered (a serial line only loses and corrupts).
- Drops. A frame already delivered (a resend, a duplicate, a replay) is counted
  ``duplicate``, one that skips ahead ``out_of_order``, data from an end whose hello has
  not arrived ``unsynced``, another game's ``token``, an end's own frame coming back
  (``FROM_HANDHELD`` tells the ends apart) ``echo``. A duplicate or out-of-order message
  is answered with an ack, so the sender stops resending or resends from the right one.
  The wire module counts corrupt frames.
- Heartbeats. An end that has sent nothing for ``HEARTBEAT_MS`` sends an empty frame
  (an ack). ``connected`` is true while the other end is synced and was heard within
  ``DEAD_MS``.
- Hello. Each incarnation of an end (a start, a restart, a new session) has a random
  ``epoch`` (from ``os.urandom``) and a random first sequence number, so frames of an
  earlier incarnation almost surely fail the sequence check. A hello carries the sender's epoch, the epoch it has heard from
  the other end, ``seq`` = its last acked number (the other end delivers from the next
  one) and ``ack``. A hello with a new epoch resets the receiver's sequence state for
  that end; one with a known epoch changes nothing, so resent or duplicated hellos are
  harmless. Until an end knows the other end has heard its epoch it sends hellos flagged
  ``ANSWER`` every ``RESEND_MS`` and sends no messages; a hello flagged ``ANSWER`` is
  answered with a hello. A restart of either end, or a reconnect after a restart, thus
  costs three hellos, after which queued messages flow.
- Language. The host's hello also carries the language the console speaks
  (``"language": "ko"``), the handheld's the language it last heard; the handheld takes
  it from every hello it accepts. When the host's language changes (``set_language``)
  it sends a hello at once, flagged ``ANSWER``, and again every ``RESEND_MS`` until a
  hello of the handheld names the new language, so a change mid-game reaches the
  handheld over a lossy wire too. Older ends ignore the field: the handheld of an older
  host hears no language (English), and an older handheld's hello, naming none, ends
  the host's asking.
- Session token (16 hex characters; "" for none). Every frame carries the sender's
  token. The host's hello carries the game's token and, for a new game, ``NEW_GAME``.
  A handheld with no token takes any host's frames and adopts the token of its hello;
  one holding another game's token adopts the new one only from a ``NEW_GAME`` hello
  (dropping the old game's unsent messages) and otherwise refuses it. The host takes
  frames without a token and drops those with another game's; the handheld's hello with
  one sets ``other_game`` on the host (a refused hello sets it on the handheld), so the
  console can say the handheld belongs to another game. A handheld clears its token when
  it delivers a ``game_over`` message: the finished game no longer claims it.

Link-level frames (hellos, acks, heartbeats) never reach the application; any JSON
object with a ``"type"`` string is carried. Written in the MicroPython subset (plus
``os.urandom``, which the unix and rp2 ports have).
"""

import os

try:
    from . import wire
except ImportError:  # on the handheld the firmware files are top-level modules
    import wire

RESEND_MS = 250
HEARTBEAT_MS = 500
DEAD_MS = 1500
WINDOW = 8
"""Messages in flight at once: far fewer than half the sequence space, so numbers compare without ambiguity."""
_TICKS = 0x3FFFFFFF
_SEQ = 0xFFFF


def _after(seq, base):
    """How many numbers *seq* comes after *base* (0 to 65535, modulo 2**16)."""
    return (seq - base) & _SEQ


def _elapsed(now_ms, then_ms):
    return (now_ms - then_ms) & _TICKS


def _count(counters, reason):
    counters[reason] = counters.get(reason, 0) + 1


class Endpoint:
    """One end of the link; ``role`` is "host" or "handheld"."""

    def __init__(self, role, token=""):
        if role not in ("host", "handheld"):
            raise ValueError("role is 'host' or 'handheld', not %r" % (role,))
        self.role = role
        self._own_flag = wire.FROM_HANDHELD if role == "handheld" else 0
        self.token = _checked(token)
        self.new_game = False
        """Host: the game is new, so a handheld holding another game's token may join it."""
        self.other_game = False
        """The other end's hello holds another game's token (host), or was refused (handheld)."""
        self.language = ""
        """Host: the language the console speaks (a code, ``"ko"``; "" for none said). Handheld: the one the host's last
        hello named ("": none, which is English)."""
        self._language_heard = True
        """Host: the handheld's last hello named ``language`` (or was an older handheld's, which names none)."""
        self.counters = {}
        """Frames dropped, by reason (the wire module's and this module's)."""
        self._decoder = wire.Decoder(self.counters)
        self._peer_epoch = None
        self._delivered = 0
        self._heard_ms = None
        self._sent_ms = None
        self._hello_ms = None
        self._owe_ack = False
        self._owe_hello = False
        self._restart()

    def start_session(self, token, new_game):
        """Host: talk for the game whose token is *token*; a new token starts a new incarnation."""
        if self.role != "host":
            raise ValueError("only the host starts sessions; a handheld adopts them")
        token = _checked(token)
        if token != self.token:
            self.token = token
            self._restart()
        self.new_game = bool(new_game)
        self.other_game = False

    def set_language(self, language):
        """Host: the console speaks *language* now; hellos tell the handheld until it says it heard."""
        if self.role != "host":
            raise ValueError("only the host says the language; a handheld hears it")
        if language != self.language:
            self.language = language
            self._language_heard = False
            self._owe_hello = True  # at the next poll, not a resend later

    def send(self, message):
        """Queue *message* (a dict with a "type" string) for delivery to the other end."""
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise ValueError("a message is a dict with a 'type' string, not %r" % (message,))
        body = wire.encode_body(message)
        if len(body) > wire.MAX_BODY:
            raise ValueError("a %r message of %d bytes is over the %d-byte limit" % (message["type"], len(body), wire.MAX_BODY))
        self._queue.append([body, None])

    def feed(self, data, now_ms):
        """The application messages delivered by the bytes *data* read from the wire, in order."""
        delivered = []
        for frame in self._decoder.feed(data):
            message = self._receive(frame, now_ms)
            if message is not None:
                delivered.append(message)
        return delivered

    def poll(self, now_ms):
        """The bytes to write now: hellos, new messages, resends, acks and heartbeats."""
        frames = []
        if self._owe_hello or (not self._greeted_back() and self._due(self._hello_ms, now_ms, RESEND_MS)):
            frames.append(self._hello())
            self._owe_hello = False
            self._hello_ms = now_ms
        if self._peer_knows_us:
            for index in range(min(len(self._queue), WINDOW)):
                entry = self._queue[index]
                if self._due(entry[1], now_ms, RESEND_MS):
                    seq = (self._base + 1 + index) & _SEQ
                    frames.append(wire.pack_frame(self._own_flag, seq, self._delivered, self.token, entry[0]))
                    entry[1] = now_ms
        if not frames and (self._owe_ack or self._due(self._sent_ms, now_ms, HEARTBEAT_MS)):
            frames.append(wire.pack_frame(self._own_flag, 0, self._delivered, self.token, b""))
        if frames:
            self._owe_ack = False
            self._sent_ms = now_ms
        return b"".join(frames)

    @property
    def other_version(self):
        """The protocol version of the other end's frames, when it is not this end's and nothing of this version came
        since (0: none): its firmware is older or newer."""
        return self._decoder.other_version

    def connected(self, now_ms):
        """Whether the other end is synced and was heard within DEAD_MS."""
        return self._peer_knows_us and self._heard_ms is not None and _elapsed(now_ms, self._heard_ms) < DEAD_MS

    def _restart(self):
        """A new incarnation of the sending side: random epoch and numbering, nothing queued."""
        seed = os.urandom(6)
        self._epoch = int.from_bytes(seed[:4], "big") >> 2
        self._base = int.from_bytes(seed[4:], "big")
        """The last sequence number the other end acked; the queue's first message is the next."""
        self._queue = []
        """Unacked messages, oldest first: [body bytes, when last sent or None]."""
        self._peer_knows_us = False

    def _greeted_back(self):
        """Whether the other end's hellos say it heard this end's epoch and (the host's) language: no more hellos needed."""
        return self._peer_knows_us and self._language_heard

    def _due(self, then_ms, now_ms, interval):
        return then_ms is None or _elapsed(now_ms, then_ms) >= interval

    def _hello(self):
        flags = wire.HELLO | self._own_flag
        if not self._greeted_back():
            flags |= wire.ANSWER
        if self.new_game:
            flags |= wire.NEW_GAME
        body = wire.encode_body({"epoch": self._epoch, "heard": self._peer_epoch, "language": self.language})
        return wire.pack_frame(flags, self._base, self._delivered, self.token, body)

    def _receive(self, frame, now_ms):
        """The application message *frame* delivers, or None; drops are counted."""
        if frame["flags"] & wire.FROM_HANDHELD == self._own_flag:
            _count(self.counters, "echo")
            return None
        if not self._token_accepted(frame):
            _count(self.counters, "token")
            return None
        self._heard_ms = now_ms
        self._decoder.other_version = 0  # a frame of this version: whoever spoke another is gone
        if frame["flags"] & wire.HELLO:
            self._greeted(frame)
            return None
        if self._peer_epoch is None:
            _count(self.counters, "unsynced")
            return None
        if self._peer_knows_us:
            self._acked(frame["ack"])
        message = frame["message"]
        if message is None:
            return None
        self._owe_ack = True
        step = _after(frame["seq"], self._delivered)
        if step != 1:
            _count(self.counters, "out_of_order" if 1 < step < 0x8000 else "duplicate")
            return None
        self._delivered = frame["seq"]
        if not isinstance(message.get("type"), str):
            _count(self.counters, "body")
            return None
        if self.role == "handheld" and message["type"] == "game_over":
            self.token = ""
        return message

    def _token_accepted(self, frame):
        """Whether *frame*'s token lets it in; a handheld adopts a host's token here."""
        token = frame["token"]
        hello = frame["flags"] & wire.HELLO
        if token == self.token:
            accepted = True
        elif self.role == "host":
            accepted = token == ""
        elif self.token == "":
            accepted = True
            if hello:
                self._adopt(token)
        else:
            accepted = bool(hello and frame["flags"] & wire.NEW_GAME)
            if accepted:
                self._adopt(token)
        if hello:
            self.other_game = not accepted
        return accepted

    def _adopt(self, token):
        """Handheld: join the host's game; messages not yet through for another game go with it."""
        if self.token and self._queue:
            self._restart()
        self.token = token

    def _greeted(self, frame):
        hello = frame["message"] or {}
        epoch, heard = hello.get("epoch"), hello.get("heard")
        if not isinstance(epoch, int) or isinstance(epoch, bool):
            _count(self.counters, "body")
            return
        knows_us = heard == self._epoch
        self._hear_language(hello)
        if epoch != self._peer_epoch:
            self._peer_epoch = epoch
            self._delivered = frame["seq"]
            self._peer_knows_us = knows_us
        elif knows_us:
            self._peer_knows_us = True
        if self._peer_knows_us:
            self._acked(frame["ack"])
        if frame["flags"] & wire.ANSWER:
            self._owe_hello = True

    def _hear_language(self, hello):
        """The language in the other end's *hello*: the handheld takes the host's; the host sees whether it was heard."""
        language = hello.get("language")
        if self.role == "handheld":
            self.language = language if isinstance(language, str) else ""
        else:
            self._language_heard = language is None or language == self.language

    def _acked(self, ack):
        count = _after(ack, self._base)
        if 0 < count <= min(len(self._queue), WINDOW):
            del self._queue[:count]
            self._base = ack


def _checked(token):
    """*token* in its one spelling (lower-case hex, "" for none); ValueError if it is not one."""
    return wire.token_text(wire.token_bytes(token))
