"""The console's line to systemd: READY, WATCHDOG pings from the loop, STATUS, STOPPING, on a fake notify socket."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path

import pytest

from console.appliance.watchdog import HEALTHY_AFTER_S, Watchdog
from console.program.loop import Console
from hardware.interfaces import Key
from hardware.sim.script import ManualClock
from tests.support.program import Console as ProgramConsole
from tests.support.program import fake_hardware
from tests.support.systemd import FakeSystemd, Message, pings


@pytest.fixture
def systemd() -> Iterator[FakeSystemd]:
    with FakeSystemd() as fake:
        yield fake


class Idle:
    """An activity that does nothing; a tick can hang the loop (advance the clock without a frame in between)."""

    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.hang_at: float | None = None
        self.hang_s = 0.0

    def station_pressed(self, station: int, now: float) -> None: ...
    def key_pressed(self, key: Key, now: float) -> None: ...
    def handheld_message(self, message: object, now: float) -> None: ...
    def handheld_connected(self, connected: bool, now: float) -> None: ...
    def button_stuck(self, station: int, now: float) -> None: ...
    def present(self, presenter: object, now: float) -> None: ...

    def tick(self, now: float) -> None:
        if self.hang_at is not None and now >= self.hang_at:
            self.hang_at = None
            self.clock.now += self.hang_s


def run_loop(systemd: FakeSystemd, environ: dict[str, str], seconds: float, *, hang: tuple[float, float] | None = None,
             status: str = "") -> list[tuple[float, Message]]:
    """The console's real loop for *seconds* of a manual clock (8 frames a second), with the watchdog systemd asks for
    in *environ*; each message with the clock's time when it was sent."""
    clock = ManualClock()
    activity = Idle(clock)
    if hang is not None:
        activity.hang_at, activity.hang_s = hang
    loop = Console(fake_hardware(), activity, clock=clock)
    watchdog = Watchdog.from_environment(environ, status=lambda: status, clock=clock)
    heard: list[tuple[float, Message]] = []

    def each_frame() -> None:
        watchdog.frame()
        heard.extend((clock.now, message) for message in systemd.messages())

    def sleep(seconds: float) -> None:
        clock.now += 0.125  # exact in binary: the pings' times compare exactly

    with watchdog:
        loop.run(lambda: clock.now >= seconds, sleep, each_frame)
    heard.extend((clock.now, message) for message in systemd.messages())
    return heard


def ping_times(heard: list[tuple[float, Message]]) -> list[float]:
    return [at for at, message in heard if message.get("WATCHDOG") == "1"]


def test_ready_once_after_the_first_frame_then_pings_at_half_the_timeout(systemd: FakeSystemd) -> None:
    heard = run_loop(systemd, systemd.environment(watchdog_usec=1_000_000), 10.0, status="Start menu")
    assert [message.get("READY") for _, message in heard].count("1") == 1
    assert heard[0] == (0.0, {"READY": "1", "WATCHDOG": "1", "STATUS": "Start menu"})  # after the first step, before any sleep
    assert ping_times(heard) == [n * 0.5 for n in range(20)]
    assert heard[-1][1] == {"STOPPING": "1"}


@pytest.mark.parametrize("usec, every", [(30_000_000, 15.0), (3_000_000, 1.5)])
def test_the_ping_rate_follows_watchdog_usec(systemd: FakeSystemd, usec: int, every: float) -> None:
    times = ping_times(run_loop(systemd, systemd.environment(watchdog_usec=usec), 60.0))
    assert times == [n * every for n in range(round(60 / every))]


def test_no_ping_while_the_loop_is_blocked(systemd: FakeSystemd) -> None:
    """The step at 2.0 s hangs for 5 s: nothing is sent meanwhile, and one ping (not a catch-up burst) follows it."""
    times = ping_times(run_loop(systemd, systemd.environment(watchdog_usec=1_000_000), 10.0, hang=(2.0, 5.0)))
    assert times == [0.0, 0.5, 1.0, 1.5, 7.0, 7.5, 8.0, 8.5, 9.0, 9.5]


def test_status_is_sent_when_it_changes_on_one_line(systemd: FakeSystemd) -> None:
    said = ["Start menu"]
    watchdog = Watchdog.from_environment(systemd.environment(), status=lambda: said[0], clock=ManualClock())
    watchdog.frame()
    watchdog.frame()
    said[0] = "Playing\na game"  # a newline would be a second assignment of the protocol
    watchdog.frame()
    assert systemd.messages() == [{"READY": "1", "STATUS": "Start menu"}, {"STATUS": "Playing a game"}]


def test_a_program_s_status_names_what_it_does_in_public_words(tmp_path: Path) -> None:
    console = ProgramConsole(tmp_path)
    assert console.program.status == "Start menu"
    console.deal_and_place()
    assert console.program.status == "Playing a game"
    console.keys(Key.MENU)
    console.choose("Leave")
    assert console.program.status == "Start menu"
    console.choose("Hardware test")
    assert console.program.status == "Hardware test"


@pytest.mark.parametrize("exit_by, says_stopping", [(None, True), (KeyboardInterrupt, True), (RuntimeError, False)])
def test_stopping_at_a_clean_stop_only(systemd: FakeSystemd, exit_by: type[BaseException] | None, says_stopping: bool) -> None:
    """The loop ending or SIGTERM (a KeyboardInterrupt in the console) is a clean stop; a crash is systemd's to see."""
    with pytest.raises(exit_by) if exit_by else nullcontext(), Watchdog.from_environment(systemd.environment()) as watchdog:
        watchdog.frame()
        if exit_by:
            raise exit_by
    assert ({"STOPPING": "1"} in systemd.messages()) is says_stopping


def test_an_abstract_socket_name_is_reached() -> None:
    with FakeSystemd(abstract=True) as systemd:
        assert systemd.address.startswith("@")
        watchdog = Watchdog.from_environment(systemd.environment(watchdog_usec=2_000_000), clock=ManualClock())
        watchdog.frame()
        assert systemd.messages() == [{"READY": "1", "WATCHDOG": "1", "STATUS": ""}]
        watchdog.notifier.close()


def test_the_variables_are_taken_from_the_environment_so_child_processes_do_not_ping(systemd: FakeSystemd) -> None:
    environ = {**systemd.environment(watchdog_usec=1_000_000, pid=os.getpid()), "HOME": "/home/family"}
    watchdog = Watchdog.from_environment(environ)
    assert environ == {"HOME": "/home/family"}
    assert watchdog.ping_every_s == 0.5


def test_another_process_s_watchdog_gets_no_pings_but_ready_still_goes(systemd: FakeSystemd) -> None:
    other = os.getpid() + 1
    watchdog = Watchdog.from_environment(systemd.environment(watchdog_usec=1_000_000, pid=other), clock=ManualClock())
    assert watchdog.ping_every_s is None
    for _ in range(3):
        watchdog.frame()
    heard = systemd.messages()
    assert heard[0]["READY"] == "1" and pings(heard) == 0


@pytest.mark.parametrize("usec", ["abc", "0", "-5", ""])
def test_a_bad_watchdog_usec_means_no_pings_and_says_why(systemd: FakeSystemd, usec: str, caplog: pytest.LogCaptureFixture) -> None:
    watchdog = Watchdog.from_environment(systemd.environment(watchdog_usec=usec), clock=ManualClock())
    watchdog.frame()
    assert pings(systemd.messages()) == 0 and watchdog.ping_every_s is None
    assert "WATCHDOG_USEC" in caplog.text


def test_without_notify_socket_nothing_is_sent(systemd: FakeSystemd) -> None:
    """A PC, the simulator: WATCHDOG_USEC alone is no reason to send anything anywhere."""
    watchdog = Watchdog.from_environment({"WATCHDOG_USEC": "1000000"}, clock=ManualClock())
    assert not watchdog.notifier.enabled and watchdog.ping_every_s is None
    with watchdog:
        watchdog.frame()
    assert systemd.messages() == []


@pytest.mark.parametrize("address", ["notify", "@", "vsock:2:1234"])
def test_a_notify_socket_that_is_no_address_is_refused_with_a_warning(address: str, caplog: pytest.LogCaptureFixture) -> None:
    watchdog = Watchdog.from_environment({"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "1000000"}, clock=ManualClock())
    watchdog.frame()
    assert not watchdog.notifier.enabled and "NOTIFY_SOCKET" in caplog.text


def test_a_socket_nobody_listens_on_is_logged_once_and_never_raised(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock = ManualClock()
    watchdog = Watchdog.from_environment({"NOTIFY_SOCKET": str(tmp_path / "gone"), "WATCHDOG_USEC": "1000000"}, clock=clock)
    with caplog.at_level(logging.WARNING), watchdog:
        for _ in range(10):
            watchdog.frame()
            clock.now += 1.0
    assert caplog.text.count("refused a message") == 1


def test_the_healthy_hook_is_called_once_a_minute_after_ready() -> None:
    clock = ManualClock()
    calls: list[float] = []
    clock.now = 5.0
    watchdog = Watchdog(Watchdog.from_environment({}).notifier, None, on_healthy=lambda: calls.append(clock.now), clock=clock)
    while clock.now < 5.0 + 3 * HEALTHY_AFTER_S:
        watchdog.frame()
        clock.now += 0.25
    assert calls == [5.0 + HEALTHY_AFTER_S]


def test_a_console_on_its_problem_screen_is_fed_but_not_counted_healthy_until_it_plays() -> None:
    clock = ManualClock()
    calls: list[float] = []
    troubled = [True]
    watchdog = Watchdog(Watchdog.from_environment({}).notifier, None, on_healthy=lambda: calls.append(clock.now), clock=clock)
    watchdog.well = lambda: not troubled[0]
    while clock.now < 3 * HEALTHY_AFTER_S:
        watchdog.frame()
        clock.now += 0.25
    assert calls == []
    troubled[0] = False  # started with default settings, or calibrated
    began = clock.now
    while clock.now < began + 2 * HEALTHY_AFTER_S:
        watchdog.frame()
        clock.now += 0.25
    assert calls == [began + HEALTHY_AFTER_S]


def test_a_healthy_hook_the_disk_refuses_is_logged_and_the_loop_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    def refuse() -> None:
        raise OSError(28, "No space left on device")

    clock = ManualClock()
    watchdog = Watchdog(Watchdog.from_environment({}).notifier, None, on_healthy=refuse, clock=clock)
    watchdog.frame()
    clock.now = HEALTHY_AFTER_S
    watchdog.frame()
    watchdog.frame()
    assert caplog.text.count("could not be recorded") == 1

