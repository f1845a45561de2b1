"""Mister X's own phone as his private handheld: a page served on the local network, end-to-end sealed.

The console serves one page over plain HTTP; the phone pairs by scanning a QR code
on the console's screen, and everything between them is encrypted and
authenticated with a key that travels only in that code. ``PhoneLink``
(``link``) is the ``HandheldLink``; ``server`` runs the web server on a thread of
its own, ``channel`` seals and opens frames, ``qr_matrix`` (``qr``) draws the code.
Importing this package loads aiohttp and PyNaCl: the console does it only when a
phone game starts.

The wire protocol, version 1 (the page in ``static/`` speaks it):

- **URL** (the QR code): ``http://HOST:PORT/#k=KEY``. KEY is base64url without
  padding of 32 random bytes, new for each new game and each "pair again". The
  fragment is never sent to the server.
- **Served**: ``GET /`` (index.html, in the console's language), ``/app.js``,
  ``/style.css``, ``/nacl-fast.min.js`` (tweetnacl-js 1.0.3), ``/words.json``
  (the page's words in the language the console speaks: ``{"language": CODE,
  "words": {ENGLISH: WORDS}, "counted": {ENGLISH: [WORDS for each count]}}``, see
  ``words``) and the WebSocket ``/ws``; every other path is 404. Every response
  has ``Cache-Control: no-store`` and ``Referrer-Policy: no-referrer`` (and
  ``X-Content-Type-Options: nosniff``). The files hold no game data.
- **Frames**: WebSocket text frames, each standard base64 (padded) of
  ``nonce (24 random bytes) || secretbox(plaintext)`` under KEY (NaCl secretbox,
  XSalsa20-Poly1305: ``nacl.secretbox`` in tweetnacl). A frame longer than 16384
  characters is dropped unread.
- **Plaintext**: the UTF-8 JSON object ``{"from": "phone"|"console", "seq": N,
  "phone": ID, "body": {"type": ..., ...}}`` with exactly these four keys.

  - ``from``: a frame from the receiver's own side is dropped (reflected).
  - ``seq``: an integer >= 1, strictly increasing per sender for the whole
    pairing; one not above the last accepted from that sender is dropped
    (replayed). The phone keeps its next seq, and the last console seq it
    accepted, in ``sessionStorage`` under the key.
  - ``phone``: the phone's id, 16 lower-case hex characters the page picks at
    random the first time it sees the key (kept in ``sessionStorage``); the
    console's frames carry the paired phone's id.
  - ``body``, phone to console: ``{"type": "hello"}`` on every (re)connection,
    ``{"type": "ping"}`` every second while connected, or a handheld message of
    ``firmware.messages`` (``move``, ``step``, ``unreadable``).
  - ``body``, console to phone: ``{"type": "paired", "language": CODE}`` (answer
    to the paired phone's hello, with the language the console speaks),
    ``{"type": "language", "language": CODE}`` (the console's language changed: the
    page fetches ``/words.json`` again), ``{"type": "taken"}`` (another phone is
    paired: the page says so and stops; the console closes the socket), or a
    handheld message of ``firmware.messages`` (``state``, ``choose_move``,
    ``choose_second_leg``, ``rogue_state``, ``choose_step``, ``accepted``,
    ``refused``, ``wait``, ``game_over``, with the optional ``hint``).

- **Pairing**: the first phone id whose hello authenticates is the game's; any
  other id gets ``taken``. "Pair again" makes a new KEY: the old phone's frames no
  longer authenticate.
- **Resuming**: after the paired phone's hello the console sends ``paired``, then
  again the last screen-setting message (``state``, ``choose_move``,
  ``choose_second_leg``, ``rogue_state``, ``choose_step``, ``wait``,
  ``game_over``) and every message sent after it, each in a new frame with a new
  seq: a reloaded page rebuilds its screen from them.
- **Connected**: the paired phone's socket is open and a frame from it
  authenticated within the last 3 seconds.
- **Counted drops** (``PhoneLink.counters``): ``unauthentic`` (does not open
  under the key), ``replayed``, ``reflected``, ``malformed`` (not the JSON above),
  ``too_big``, ``other_phone`` (a frame from a phone that is not the paired one).
"""

from hardware.phone.link import PhoneLink
from hardware.phone.qr import qr_matrix

__all__ = ["PhoneLink", "qr_matrix"]
