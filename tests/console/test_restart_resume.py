"""The test plays systemd's part: a hung console is killed by its watchdog, restarted, and is back in the game at once.

The console is the real program with its real loop and clock (``scotland-yard
sim`` with a window on SDL's dummy driver), in a process of its own, talking to
a fake notify socket. It is frozen (SIGSTOP) as a hung loop would be; its
pings stop; it is killed as systemd kills it (SIGABRT, then SIGKILL) and started
again, and it goes straight back into the interrupted game without a key
pressed: the status line says so and the game's journal is untouched.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.program import session
from console.records.journal import load
from tests.support.program import Console
from tests.support.systemd import FakeSystemd, pings

ROOT = Path(__file__).resolve().parents[2]
WATCHDOG_USEC = 400_000
"""systemd's timeout for the test: pings every 0.2 s."""
START_S = 30.0
"""How long a start may take on a busy machine (importing pygame, drawing the board)."""


@pytest.fixture
def systemd() -> Iterator[FakeSystemd]:
    with FakeSystemd() as fake:
        yield fake


def start_console(data: Path, systemd: FakeSystemd) -> subprocess.Popen[bytes]:
    config = data.parent / "config.toml"
    config.write_text('profile = "sim"\n')
    environ = {**os.environ, **systemd.environment(watchdog_usec=WATCHDOG_USEC),
               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "DISPLAY": ":test",  # the dummy driver needs none, but the simulator asks for one before it opens a window
               "SCOTLAND_YARD_CONFIG": str(config)}
    return subprocess.Popen([sys.executable, "-m", "console.cli", "sim", "--data-dir", str(data)], cwd=ROOT, env=environ,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def ready(process: subprocess.Popen[bytes], systemd: FakeSystemd) -> dict[str, str]:
    """The console's READY message; if it never comes, why (its standard error)."""
    try:
        return systemd.wait_for("READY", "1", START_S)
    except AssertionError:
        process.kill()
        _, errors = process.communicate()
        raise AssertionError(f"the console never said READY; it said: {errors.decode(errors='replace')[-2000:]}") from None


def stopped(process: subprocess.Popen[bytes]) -> int:
    try:
        return process.wait(timeout=START_S)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.slow
def test_a_hung_console_is_restarted_by_its_watchdog_and_goes_straight_back_into_the_game(tmp_path: Path, systemd: FakeSystemd) -> None:
    data = tmp_path / "games"
    before = Console(data)
    before.deal_and_place()  # a game at the detectives' turn, its console gone
    journal = (data / session.JOURNAL).read_bytes()
    actions = load(data / session.JOURNAL).game.actions

    console = start_console(data, systemd)
    try:
        assert ready(console, systemd).get("STATUS") == "Playing a game"  # straight back in, no key pressed
        systemd.wait_for("WATCHDOG", "1", 5.0)
        systemd.wait_for("WATCHDOG", "1", 5.0)

        console.send_signal(signal.SIGSTOP)  # the loop hangs
        time.sleep(0.05)
        systemd.messages()  # a ping sent as it froze
        time.sleep(3 * WATCHDOG_USEC / 1e6)
        assert pings(systemd.messages()) == 0  # past systemd's timeout without a ping: systemd acts
        console.send_signal(signal.SIGABRT)  # systemd's WatchdogSignal (pending while stopped) ...
        console.send_signal(signal.SIGKILL)  # ... and, after TimeoutAbortSec, SIGKILL
        assert stopped(console) == -signal.SIGKILL
    finally:
        if console.poll() is None:
            console.kill()
            console.wait()
    assert (data / session.JOURNAL).read_bytes() == journal

    again = start_console(data, systemd)  # Restart=always
    try:
        assert ready(again, systemd).get("STATUS") == "Playing a game"
        systemd.wait_for("WATCHDOG", "1", 5.0)
        again.send_signal(signal.SIGTERM)  # systemctl stop: a clean stop
        systemd.wait_for("STOPPING", "1", START_S)
        assert stopped(again) == 130, again.stderr.read().decode() if again.stderr else ""
    finally:
        if again.poll() is None:
            again.kill()
            again.wait()
    assert (data / session.JOURNAL).read_bytes() == journal  # the same game, where it was: nothing dealt, filed or lost
    assert load(data / session.JOURNAL).game.actions == actions and not (data / session.HISTORY).exists()
