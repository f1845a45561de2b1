"""The phone's web server: the page's files and its WebSocket, on a thread of their own.

``PhoneServer`` runs an aiohttp application in a background thread with its own
event loop, so the console's loop never waits on the network. It knows nothing of
keys or games: it moves frames. What arrives is queued as events (``Frame``,
``Unread``, ``Closed``) for the console to take with ``events()``; what the console
sends is handed to the loop with ``call_soon_threadsafe``. Each WebSocket is named
by a connection number, and writes to it keep their order. The page's words come
in the language the console speaks at the moment they are asked for
(``hardware.phone.words``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import logging
import queue
import threading
from dataclasses import dataclass
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web

from hardware.phone.channel import MAX_FRAME
from hardware.phone.words import page_html, page_words
from language import current

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
"""The page's files (``hardware/phone/static/``)."""
FILES = {
    "/": ("index.html", "text/html"),
    "/app.js": ("app.js", "text/javascript"),
    "/style.css": ("style.css", "text/css"),
    "/nacl-fast.min.js": ("nacl-fast.min.js", "text/javascript"),
}
"""Every file served: its path, its file in ``STATIC`` and its content type. Besides them: ``/ws`` and ``/words.json``."""
PAGE = "index.html"
"""The file served in the console's language (``page_html``)."""
HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}
"""On every response: nothing kept in a cache, no URL handed on to another site."""
WS_LIMIT = 2 * MAX_FRAME
"""Bytes of the longest WebSocket message aiohttp reads: longer ones end the socket (counted ``too_big`` all the same)."""
STOP_S = 1.0
"""Seconds a socket's closing handshake or the server's shutdown may take before they are cut short."""
START_S = 10.0
"""Seconds the server may take to start listening."""


@dataclass(frozen=True)
class Frame:
    """A text frame that arrived on connection *conn*."""

    conn: int
    text: str


@dataclass(frozen=True)
class Unread:
    """A message on *conn* that is no text frame of the protocol: *reason* is ``too_big`` or ``malformed``."""

    conn: int
    reason: str


@dataclass(frozen=True)
class Closed:
    """Connection *conn* is gone."""

    conn: int


Event = Frame | Unread | Closed


class PhoneServer:
    """The page and its WebSocket on *host* and *port* (0: any free port; ``port`` tells which was bound)."""

    def __init__(self, host: str, port: int, static: Path = STATIC) -> None:
        self._static = static
        self._events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self._sockets: dict[int, tuple[web.WebSocketResponse, asyncio.Queue[str | None]]] = {}
        self._ids = itertools.count(1)
        self._closed = False
        started: concurrent.futures.Future[tuple[asyncio.AbstractEventLoop, asyncio.Event, int]] = concurrent.futures.Future()
        self._thread = threading.Thread(target=asyncio.run, args=(self._serve(host, port, started),), name="phone-server",
                                        daemon=True)
        self._thread.start()
        try:
            self._loop, self._stop, self.port = started.result(timeout=START_S)
        except BaseException:
            self._thread.join(timeout=START_S)
            raise
        log.info("phone server listening on %s port %d", host or "every address", self.port)

    def events(self) -> list[Event]:
        """What happened since the last call, in order; never waits."""
        happened = []
        while True:
            try:
                happened.append(self._events.get_nowait())
            except queue.Empty:
                return happened

    def send(self, conn: int, frame: str) -> None:
        """Write *frame* on connection *conn* (nothing if it is gone); never waits."""
        self._post(conn, frame)

    def hang_up(self, conn: int) -> None:
        """Close connection *conn* once what was sent on it before is written."""
        self._post(conn, None)

    def close(self) -> None:
        """Close every connection, stop listening and end the thread."""
        if self._closed:
            return
        self._closed = True
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join()

    def _post(self, conn: int, item: str | None) -> None:
        if not self._closed:
            self._loop.call_soon_threadsafe(self._queue, conn, item)

    def _queue(self, conn: int, item: str | None) -> None:
        if conn in self._sockets:
            self._sockets[conn][1].put_nowait(item)

    async def _serve(self, host: str, port: int,
                     started: concurrent.futures.Future[tuple[asyncio.AbstractEventLoop, asyncio.Event, int]]) -> None:
        app = web.Application()
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/words.json", _words)
        for path in FILES:
            app.router.add_get(path, self._file)
        app.on_response_prepare.append(_headers)
        app.on_shutdown.append(self._close_sockets)
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=STOP_S)
        try:
            await runner.setup()
            # One address: "" binds IPv4's any-address alone, so that port 0 is one port.
            await web.TCPSite(runner, host or "0.0.0.0", port).start()
        except BaseException as error:
            await runner.cleanup()
            started.set_exception(error)
            return
        stop = asyncio.Event()
        started.set_result((asyncio.get_running_loop(), stop, runner.addresses[0][1]))
        await stop.wait()
        await runner.cleanup()

    async def _file(self, request: web.Request) -> web.Response:
        name, content_type = FILES[request.path]
        try:
            body = (self._static / name).read_bytes()
        except FileNotFoundError:
            raise web.HTTPNotFound() from None
        if name == PAGE:
            body = page_html(body.decode("utf-8"), current()).encode("utf-8")
        return web.Response(body=body, content_type=content_type, charset="utf-8")

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        # No compression: sealed frames do not shrink, and the Pi is spared the work.
        socket = web.WebSocketResponse(max_msg_size=WS_LIMIT, timeout=STOP_S, compress=False)
        await socket.prepare(request)
        conn = next(self._ids)
        outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._sockets[conn] = (socket, outbox)
        writer = asyncio.create_task(_write(socket, outbox))
        try:
            async for message in socket:
                if message.type == WSMsgType.TEXT:
                    self._events.put(Frame(conn, message.data))
                elif message.type == WSMsgType.ERROR:
                    too_big = getattr(message.data, "code", None) == WSCloseCode.MESSAGE_TOO_BIG
                    self._events.put(Unread(conn, "too_big" if too_big else "malformed"))
                else:
                    self._events.put(Unread(conn, "malformed"))
        finally:
            writer.cancel()
            del self._sockets[conn]
            self._events.put(Closed(conn))
        return socket

    async def _close_sockets(self, app: web.Application) -> None:
        await asyncio.gather(*(socket.close(code=WSCloseCode.GOING_AWAY) for socket, _ in list(self._sockets.values())))


async def _write(socket: web.WebSocketResponse, outbox: asyncio.Queue[str | None]) -> None:
    """Write what is queued for *socket*, in order, until ``None`` (hang up) or the socket is gone."""
    try:
        while (frame := await outbox.get()) is not None:
            await socket.send_str(frame)
        await socket.close()
    except ConnectionError:
        pass  # the phone went away: the reader sees the socket close


async def _words(request: web.Request) -> web.Response:
    """The page's words in the language the console speaks now."""
    return web.json_response(page_words(current()))


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
