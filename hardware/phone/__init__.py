"""Mister X's own phone as his private handheld: a page served on the local network, end-to-end sealed.

The console serves one page over plain HTTP; the phone pairs by scanning a QR code
on the console's screen, and everything between them is encrypted and
authenticated. ``PhoneLink`` (``link``) is the ``HandheldLink``; ``server`` runs
the web server on a thread of its own, ``channel`` seals and opens frames,
``pairing`` makes the keys, ``qr_matrix`` (``qr``) draws the code. Importing this
package loads aiohttp and PyNaCl: the console does it only when a phone game
starts. What the design protects against, and what not, is in hardware/PHONE.md.

The wire protocol, version 3 (the page in ``static/`` speaks it; version 3 carries the kind-neutral handheld
conversation of ``firmware.messages``, where version 2 carried Scotland Yard's own messages; the console serves
its own page, so the two never differ but for a page left open across an update, which answers ``unreadable``
until it is reloaded):

- **URL** (the QR code): ``http://HOST:PORT/#k=KEY``. KEY, the code's key, is
  base64url without padding of 32 random bytes, new for each new game and each
  "pair again" (a console restarted in the middle of a game keeps it). The
  fragment is never sent to the server.
- **Served**: ``GET /`` (index.html, in the console's language), ``/app.js``,
  ``/style.css``, ``/nacl-fast.min.js`` (tweetnacl-js 1.0.3), ``/words.json``
  (the page's words in the language the console speaks: ``{"language": CODE,
  "words": {ENGLISH: WORDS}, "counted": {ENGLISH: [WORDS for each count]}}``, see
  ``words``) and the WebSocket ``/ws``; every other path is 404. Every response
  has ``Cache-Control: no-store`` and ``Referrer-Policy: no-referrer`` (and
  ``X-Content-Type-Options: nosniff``). The files hold no game data.
- **Frames**: WebSocket text frames, each standard base64 (padded) of
  ``nonce (24 random bytes) || secretbox(plaintext)`` under one of three keys
  (NaCl secretbox, XSalsa20-Poly1305: ``nacl.secretbox`` in tweetnacl). A frame
  longer than 16384 characters is dropped unread.
- **Plaintext**: the UTF-8 JSON object ``{"from": "phone"|"console", "seq": N,
  "phone": ID, "body": {"type": ..., ...}}`` with exactly these four keys,
  followed by spaces up to the smallest of 1024, 2048, 4096 or 8192 bytes that
  holds it (a plaintext of another length is dropped). Every message of a game
  fits 1024 bytes, so every frame of a game is 1420 characters long, whatever it
  says (a guided game's long lesson takes a larger size, and so do the game's
  words in Korean: the same in every game of a kind).

  - ``from``: a frame from the receiver's own side is dropped (reflected).
  - ``seq``: 0 on the handshake's frames (under the code's key or the session
    key), whose replay does no harm; on a connection's frames an integer from 1
    up to 2**53 - 1, strictly increasing per sender on that connection: one not
    above the last accepted from that sender is dropped (replayed).
  - ``phone``: the phone's id, 16 lower-case hex characters the page picks at
    random the first time it sees the code's key; the console's frames carry
    the paired phone's id.

- **Keys** (``pairing``):

  - the *code's key* (KEY) seals only ``join`` and its answers;
  - the *session key* is NaCl's box key (X25519 then HSalsa20,
    ``crypto_box_beforenm``: ``nacl.box.before`` in tweetnacl) between the page's
    key pair and the console's for this pairing; it seals only ``hello`` and its
    answer;
  - a *connection's key* is the first 32 bytes of SHA-512(session key || the
    hello's nonce || the answer's nonce), and seals everything else on that
    connection.

- **Handshake**, on every WebSocket connection (keys and nonces are standard
  base64 fields):

  1. Until the page knows the console's public key: phone ``{"type": "join",
     "key": PHONE_PUBLIC_KEY}`` under the code's key. The first join pairs its
     phone; the console answers the paired phone's join (the same id and key)
     with ``{"type": "session", "key": CONSOLE_PUBLIC_KEY}``, and any other with
     ``{"type": "taken"}`` (the page says so and stops; the console closes the
     socket). The page keeps the console's key.
  2. Phone ``{"type": "hello", "nonce": 16 random bytes}`` under the session
     key; the console answers ``{"type": "paired", "language": CODE, "nonce":
     16 random bytes}`` with the language the console speaks.
  3. Phone ``{"type": "ping"}``, the first frame under the connection's key: the
     socket it comes on is the paired phone's from now on. A socket of its
     before is sent ``{"type": "elsewhere"}`` (another tab of the phone took the
     game: the page says so and stops) and closed; the new one is sent again
     the last ``words`` (the game's vocabulary), then the last screen-setting
     message (``firmware.messages.SCREENS``: ``show``, ``ask``, ``wait``,
     ``game_over``) and every message sent after it: a reloaded page rebuilds
     its screen from them.

- **body**, under a connection's key: phone to console, ``{"type": "ping"}``
  every second or a handheld message of ``firmware.messages`` (``answer``,
  ``unreadable``); console to phone, ``{"type": "language", "language":
  CODE}`` (the console's language changed: the page fetches ``/words.json``
  again, its own words), ``elsewhere``, or a handheld message of
  ``firmware.messages`` (``words``, ``show``, ``ask``, ``accepted``,
  ``refused``, ``wait``, ``game_over``), made for the phone's page: the game's
  words in its sentences (``console.games.handheld.Screen.PHONE``).
- **The page keeps** in its local storage, under a name made from a hash of the
  code's key (never the key itself): the phone's id, its secret key and the
  console's public key; nothing of the game. A new tab or a reload of the same
  browser is the same phone. Once paired, it forgets the records of other keys.
- **The console keeps** in its journal the pairing (``PhoneLink.pairing``: the
  code's key, the phone's id and public key, the console's secret key, or
  zeros before a phone pairs; one length whatever it holds): a restarted console
  shows the same code and the same phone comes back without a new scan.
  "Pair again" makes a new code's key: the old phone's frames no longer open.
- **Connected**: the paired phone's socket is open and a frame from it
  authenticated within the last 3 seconds.
- **Counted drops** (``PhoneLink.counters``): ``unauthentic`` (opens under no
  key), ``replayed``, ``reflected``, ``malformed`` (not the JSON above, or a
  handshake message that is not one), ``too_big``, ``other_phone`` (a join from
  a phone that is not the paired one), ``no_session`` (a frame under the code's
  key that is not a join: someone who saw the code, without the session key).
"""

from hardware.phone.link import PhoneLink
from hardware.phone.qr import qr_matrix

__all__ = ["PhoneLink", "qr_matrix"]
