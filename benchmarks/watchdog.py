"""The watchdog's and the log limit's cost in the loop, and how soon a restarted console is back. ``python -m benchmarks.watchdog``.

One ``name: value`` a line:

- ``watchdog_frame_us``: ``Watchdog.frame`` after a step of the loop, with
  systemd's 30 s timeout (a ping every 15 s: most frames send nothing);
- ``watchdog_ping_us``: a frame that sends a ping (a datagram to a real socket);
- ``log_flood_record_us``: one record of a flood through the rate-limited
  handler, past its burst (dropped and counted);
- ``restart_to_ready_s``: from starting the simulator's real loop (``sim`` on
  SDL's dummy driver) on an interrupted game to its ``READY=1``, back in the
  game; systemd waits ``RestartSec`` (2 s) before that start. The median of
  ``--starts`` starts (0: not measured).

A frame of the loop lasts 33 ms; a Raspberry Pi 4 core counts as four times slower than this machine.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from benchmarks.figures import Figure, command, show, timed
from console.appliance.log_limits import rate_limited
from console.appliance.watchdog import Notifier, Watchdog

ROOT = Path(__file__).resolve().parents[1]
DEAL = "key confirm\nkey confirm\nwait 1\n"
"""The simulator's script of a game begun: New game, deal (a first run: against the computer)."""


def frame_us(every_s: float, seconds: float) -> float:
    """Microseconds a ``Watchdog.frame``, pinging every *every_s* of a clock that moves 1/30 s a frame."""
    with tempfile.TemporaryDirectory(prefix="sd-") as folder, socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        address = str(Path(folder) / "notify")
        systemd.bind(address)
        systemd.setblocking(False)
        now = [0.0]
        watchdog = Watchdog(Notifier(address), every_s, status=lambda: "Playing a game", clock=lambda: now[0])

        def frame(n: int) -> None:
            now[0] += 1 / 30
            watchdog.frame()
            with contextlib.suppress(BlockingIOError):  # systemd reads what came
                systemd.recv(4096)

        elapsed, calls = timed(frame, seconds)
        watchdog.notifier.close()
    return 1e6 * elapsed / calls


def log_record_us(seconds: float) -> float:
    """Microseconds a record of a flood (past the burst: counted, not written)."""
    handler = rate_limited(logging.StreamHandler(io.StringIO()))
    log = logging.getLogger("benchmarks.watchdog.flood")
    log.propagate = False
    log.setLevel(logging.INFO)
    log.addHandler(handler)
    try:
        elapsed, calls = timed(lambda n: log.warning("handheld port lost: %s", "[Errno 5] Input/output error"), seconds)
    finally:
        log.removeHandler(handler)
    return 1e6 * elapsed / calls


def restart_to_ready_s() -> float:
    """Seconds from starting ``scotland-yard sim`` on an interrupted game to its READY."""
    with tempfile.TemporaryDirectory(prefix="sd-") as folder, socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        base = Path(folder)
        (base / "config.toml").write_text('profile = "sim"\n')
        (base / "deal.script").write_text(DEAL)
        environ = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "DISPLAY": ":bench",
                   "SCOTLAND_YARD_CONFIG": str(base / "config.toml")}
        sim = [sys.executable, "-m", "console.cli", "sim", "--data-dir", str(base / "games")]
        subprocess.run([*sim, "--headless", "--script", str(base / "deal.script"), "--screenshots", folder], cwd=ROOT, env=environ,
                       check=True, stdout=subprocess.DEVNULL)  # a game dealt, then the console gone
        systemd.bind(str(base / "notify"))
        started = time.perf_counter()
        process = subprocess.Popen(sim, cwd=ROOT, env={**environ, "NOTIFY_SOCKET": str(base / "notify")},
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            systemd.settimeout(60)
            while b"READY=1" not in systemd.recv(4096):
                pass
            return time.perf_counter() - started
        finally:
            process.terminate()
            process.wait()


def figures(seconds: float, starts: int) -> Iterator[Figure]:
    yield Figure("watchdog_frame_us", frame_us(15.0, seconds))
    yield Figure("watchdog_ping_us", frame_us(0.0, seconds))
    yield Figure("log_flood_record_us", log_record_us(seconds))
    if starts:
        yield Figure("restart_to_ready_s", statistics.median(restart_to_ready_s() for _ in range(starts)), "after RestartSec=2")


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("watchdog", __doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per timed figure (default 1)")
    parser.add_argument("--starts", type=int, default=3, help="starts of the simulator to time (default 3; 0: none)")
    args = parser.parse_args(argv)
    show(figures(args.seconds, args.starts))


if __name__ == "__main__":
    main()
