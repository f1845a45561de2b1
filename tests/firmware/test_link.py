"""The link's session layer (firmware/link.py): two Endpoints over a lossy in-memory wire."""

from __future__ import annotations

import random
import struct
from binascii import crc32
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from firmware import link, wire
from firmware.link import DEAD_MS, HEARTBEAT_MS, RESEND_MS, Endpoint

GAME = "0123456789abcdef"
OTHER_GAME = "fedcba9876543210"
STEP_MS = 10


class Wire:
    """One direction of the cable: frames lost, duplicated and delayed (so reordered) at seeded rates."""

    def __init__(self, rng: random.Random, loss: float = 0.0, duplicate: float = 0.0, jitter_ms: int = 0) -> None:
        self.rng, self.loss, self.duplicate, self.jitter_ms = rng, loss, duplicate, jitter_ms
        self.cut = False
        self.in_flight: list[tuple[int, int, bytes]] = []
        self.frames_carried = 0
        self._order = 0

    def carry(self, data: bytes, now: int) -> None:
        for frame in data.split(b"\x00")[:-1]:
            self.frames_carried += 1
            if self.cut or self.rng.random() < self.loss:
                continue
            for _ in range(2 if self.rng.random() < self.duplicate else 1):
                self._order += 1
                self.in_flight.append((now + self.rng.randint(0, self.jitter_ms), self._order, frame + b"\x00"))

    def arrived(self, now: int) -> bytes:
        due = sorted(item for item in self.in_flight if item[0] <= now)
        self.in_flight = [item for item in self.in_flight if item[0] > now]
        return b"".join(frame for _, _, frame in due)


class Pair:
    """A host and a handheld endpoint, a wire each way, and a clock stepped by hand."""

    def __init__(self, host: Endpoint, handheld: Endpoint, seed: int = 0, *, now: int = 0, **lossy: Any) -> None:
        rng = random.Random(seed)
        self.host, self.handheld = host, handheld
        self.down, self.up = Wire(rng, **lossy), Wire(rng, **lossy)
        self.now = now
        self.at_host: list[dict[str, Any]] = []
        self.at_handheld: list[dict[str, Any]] = []

    def step(self) -> None:
        self.now = (self.now + STEP_MS) & 0x3FFFFFFF  # the handheld's time.ticks_ms() wraps at 2**30
        self.down.carry(self.host.poll(self.now), self.now)
        self.at_handheld += self.handheld.feed(self.down.arrived(self.now), self.now)
        self.up.carry(self.handheld.poll(self.now), self.now)
        self.at_host += self.host.feed(self.up.arrived(self.now), self.now)

    def run(self, ms: int) -> None:
        for _ in range(ms // STEP_MS):
            self.step()

    def run_until(self, done: Callable[[], bool], limit_ms: int = 20_000) -> int:
        """Step until *done*; the milliseconds it took."""
        for steps in range(limit_ms // STEP_MS):
            if done():
                return steps * STEP_MS
            self.step()
        raise AssertionError(f"not done after {limit_ms} ms")

    def connected(self) -> bool:
        return self.host.connected(self.now) and self.handheld.connected(self.now)


def new_pair(token: str = GAME, *, new_game: bool = True, handheld_token: str = "", **options: Any) -> Pair:
    host = Endpoint("host")
    host.start_session(token, new_game)
    return Pair(host, Endpoint("handheld", handheld_token), **options)


def connected_pair(**options: Any) -> Pair:
    pair = new_pair(**options)
    pair.run_until(pair.connected)
    return pair


# ---------------------------------------------------------------- hello and connection


def test_a_fresh_pair_connects_with_three_hellos_and_the_handheld_adopts_the_token() -> None:
    pair = new_pair()
    assert not pair.host.connected(0) and not pair.handheld.connected(0)
    assert pair.run_until(pair.connected) <= 3 * STEP_MS
    assert pair.handheld.token == GAME
    assert pair.down.frames_carried + pair.up.frames_carried == 3
    assert pair.host.counters == pair.handheld.counters == {}


def test_link_level_frames_never_reach_the_application() -> None:
    pair = connected_pair()
    pair.run(5 * HEARTBEAT_MS)
    assert pair.at_host == pair.at_handheld == []


def test_idle_ends_send_heartbeats_and_stay_connected() -> None:
    pair = connected_pair()
    before = pair.down.frames_carried, pair.up.frames_carried
    pair.run(10 * HEARTBEAT_MS)
    assert pair.down.frames_carried - before[0] == pair.up.frames_carried - before[1] == 10
    assert pair.connected()


def test_silence_disconnects_after_dead_ms_and_the_link_comes_back() -> None:
    pair = connected_pair()
    pair.down.cut = pair.up.cut = True
    pair.run(DEAD_MS - HEARTBEAT_MS)
    assert pair.connected()
    pair.run(HEARTBEAT_MS + STEP_MS)
    assert not pair.host.connected(pair.now) and not pair.handheld.connected(pair.now)
    pair.handheld.send({"type": "move", "leg": "T1"})
    pair.down.cut = pair.up.cut = False
    pair.run_until(lambda: pair.at_host != [] and pair.connected())
    assert pair.at_host == [{"type": "move", "leg": "T1"}]


# ---------------------------------------------------------------- delivery


@pytest.mark.parametrize("seed", range(6))
def test_delivery_is_once_and_in_order_under_loss_duplicates_and_reordering(seed: int) -> None:
    pair = new_pair(seed=seed, loss=0.3, duplicate=0.2, jitter_ms=80)
    down = [{"type": "state", "n": n, "pad": "x" * (n * 37 % 300)} for n in range(40)]
    up = [{"type": "move", "n": n} for n in range(40)]
    for n in range(40):
        pair.host.send(down[n])
        pair.handheld.send(up[n])
        pair.run(30)
    pair.run_until(lambda: len(pair.at_handheld) == len(pair.at_host) == 40, limit_ms=60_000)
    pair.run(2 * RESEND_MS)
    assert pair.at_handheld == down and pair.at_host == up
    dropped = pair.host.counters.get("duplicate", 0) + pair.handheld.counters.get("duplicate", 0)
    assert dropped > 0  # the wire did duplicate, and the copies were dropped


def test_a_lost_frame_is_resent_after_resend_ms_and_delivered_once() -> None:
    pair = connected_pair()
    pair.down.cut = True
    pair.host.send({"type": "wait"})
    pair.step()
    pair.down.cut = False
    sent = pair.down.frames_carried
    pair.run(RESEND_MS - 2 * STEP_MS)
    assert pair.at_handheld == [] and pair.down.frames_carried == sent
    pair.run(2 * STEP_MS)
    assert pair.at_handheld == [{"type": "wait"}]
    pair.run(3 * RESEND_MS)
    assert pair.at_handheld == [{"type": "wait"}]


def test_a_lost_ack_makes_a_duplicate_that_is_dropped_counted_and_acked() -> None:
    pair = connected_pair()
    pair.up.cut = True
    pair.host.send({"type": "wait"})
    pair.run(STEP_MS)
    pair.up.cut = False
    pair.run(RESEND_MS + 2 * STEP_MS)
    pair.run(3 * RESEND_MS)
    assert pair.at_handheld == [{"type": "wait"}]
    assert pair.handheld.counters == {"duplicate": 1}


def test_only_window_messages_are_in_flight_and_the_rest_follow() -> None:
    pair = connected_pair()
    pair.down.cut = True
    for n in range(3 * link.WINDOW):
        pair.host.send({"type": "state", "n": n})
    carried = pair.down.frames_carried
    pair.step()
    assert pair.down.frames_carried - carried == link.WINDOW
    pair.down.cut = False
    pair.run_until(lambda: len(pair.at_handheld) == 3 * link.WINDOW)
    assert [m["n"] for m in pair.at_handheld] == list(range(3 * link.WINDOW))


def test_a_frame_ahead_of_a_lost_one_is_dropped_as_out_of_order_then_resent() -> None:
    pair = connected_pair()
    pair.down.cut = True
    pair.host.send({"type": "state", "n": 0})
    pair.step()
    pair.down.cut = False
    pair.host.send({"type": "state", "n": 1})
    pair.run_until(lambda: len(pair.at_handheld) == 2)
    assert pair.at_handheld == [{"type": "state", "n": 0}, {"type": "state", "n": 1}]
    assert pair.handheld.counters["out_of_order"] == 1


def test_sequence_numbers_and_the_tick_clock_wrap_around(monkeypatch: pytest.MonkeyPatch) -> None:
    near_the_end = iter([bytes(6), b"\x00\x00\x00\x04\xff\xf0", b"\x00\x00\x00\x08\xff\xf5"])  # host (twice), handheld
    monkeypatch.setattr(link, "os", SimpleNamespace(urandom=lambda n: next(near_the_end)))
    pair = new_pair(now=0x3FFFFFFF - 300, seed=3, loss=0.2)
    pair.run_until(pair.connected)
    down = [{"type": "state", "n": n} for n in range(40)]
    for message in down:
        pair.host.send(message)
        pair.handheld.send(dict(message, type="move"))
    pair.run_until(lambda: len(pair.at_handheld) == len(pair.at_host) == 40)
    assert pair.now < 0x3FFFFFFF - 300  # the clock wrapped
    assert pair.at_handheld == down and pair.at_host == [dict(m, type="move") for m in down]


def test_data_before_a_hello_is_dropped_as_unsynced() -> None:
    handheld = Endpoint("handheld", GAME)
    assert handheld.feed(wire.encode_frame(0, 1, 0, GAME, {"type": "wait"}), 0) == []
    assert handheld.counters == {"unsynced": 1}
    assert not handheld.connected(0)


def test_an_end_drops_its_own_frames_coming_back() -> None:
    pair = connected_pair()
    pair.host.send({"type": "wait"})
    echo = pair.host.poll(pair.now + 1)
    assert pair.host.feed(echo, pair.now + 1) == []
    assert pair.host.counters == {"echo": 1}


def test_garbage_on_the_wire_is_counted_and_the_session_carries_on() -> None:
    pair = connected_pair()
    assert pair.handheld.feed(b"\x07noise\x00\x01\x02\x03\x00", pair.now) == []
    pair.host.send({"type": "wait"})
    pair.run_until(lambda: pair.at_handheld != [])
    assert pair.handheld.counters == {"garbled": 2}


# ---------------------------------------------------------------- restarts


def test_a_restarted_handheld_gets_what_the_host_had_not_got_through() -> None:
    pair = connected_pair(seed=1)
    pair.host.send({"type": "state", "n": 0})
    pair.run_until(lambda: pair.at_handheld != [])
    pair.down.cut = True
    pair.host.send({"type": "choose_move", "n": 1})
    pair.run(RESEND_MS)
    pair.handheld = Endpoint("handheld")  # unplugged: the Pico lost power and starts afresh
    pair.at_handheld = []
    pair.down.cut = False
    pair.run_until(lambda: pair.at_handheld != [] and pair.connected())
    pair.run(3 * RESEND_MS)
    assert pair.at_handheld == [{"type": "choose_move", "n": 1}]
    assert pair.handheld.token == GAME


def test_a_restarted_host_of_the_same_game_gets_the_handheld_s_pending_move() -> None:
    pair = connected_pair()
    pair.up.cut = True
    pair.handheld.send({"type": "move", "leg": "T13"})
    pair.run(RESEND_MS)
    pair.host = Endpoint("host")  # the console restarted and resumed the game
    pair.host.start_session(GAME, False)
    pair.up.cut = False
    pair.run_until(lambda: pair.at_host != [])
    pair.run(3 * RESEND_MS)
    assert pair.at_host == [{"type": "move", "leg": "T13"}] and pair.connected()


# ---------------------------------------------------------------- session tokens


def test_a_handheld_of_another_game_is_refused_and_both_ends_say_so() -> None:
    pair = new_pair(handheld_token=OTHER_GAME, new_game=False)
    pair.handheld.send({"type": "move", "leg": "T13"})
    pair.host.send({"type": "choose_move"})
    pair.run(4 * DEAD_MS)
    assert pair.at_host == pair.at_handheld == []
    assert pair.host.other_game and pair.handheld.other_game
    assert pair.host.counters["token"] > 0 and pair.handheld.counters["token"] > 0
    assert not pair.host.connected(pair.now) and pair.handheld.token == OTHER_GAME


def as_version(data: bytes, version: int) -> bytes:
    """*data*'s frames as an end of protocol *version* sends them (its version byte, and a CRC that holds)."""
    frames = []
    for encoded in data.split(wire.DELIMITER)[:-1]:
        frame = bytearray(wire.cobs_decode(encoded)[: -wire.CRC_SIZE])
        frame[0] = version
        frames.append(wire.cobs_encode(bytes(frame) + struct.pack(">I", crc32(frame))) + wire.DELIMITER)
    return b"".join(frames)


def test_a_handheld_of_an_older_protocol_is_never_heard_and_the_host_says_which() -> None:
    """A handheld flashed before this protocol greets in frames of its version: the host drops them, stays unconnected,
    and names the version (the console asks for the handheld to be flashed again); once a current one speaks, it is gone."""
    pair = new_pair()
    old = Endpoint("handheld")
    for _ in range(40):
        pair.now += STEP_MS
        pair.host.poll(pair.now)
        assert pair.host.feed(as_version(old.poll(pair.now), wire.VERSION - 1), pair.now) == []
    assert pair.host.other_version == wire.VERSION - 1 and not pair.host.connected(pair.now)
    assert pair.host.counters["version"] > 0
    pair.run_until(pair.connected)
    assert pair.host.other_version == 0


def test_a_new_game_takes_over_a_handheld_of_another_game_without_its_old_messages() -> None:
    pair = new_pair(handheld_token=OTHER_GAME, new_game=True)
    pair.handheld.send({"type": "move", "leg": "T13"})  # for the other game: never delivered to this one
    pair.host.send({"type": "choose_move"})
    pair.run_until(lambda: pair.at_handheld != [])
    pair.handheld.send({"type": "move", "leg": "T67"})
    pair.run_until(lambda: pair.at_host != [])
    pair.run(3 * RESEND_MS)
    assert pair.at_handheld == [{"type": "choose_move"}] and pair.at_host == [{"type": "move", "leg": "T67"}]
    assert pair.handheld.token == GAME and not pair.host.other_game and not pair.handheld.other_game


def test_a_resumed_game_finds_its_own_handheld() -> None:
    pair = connected_pair(handheld_token=GAME, new_game=False)
    pair.host.send({"type": "state"})
    pair.run_until(lambda: pair.at_handheld != [])
    assert not pair.host.other_game and pair.host.counters == {}


def test_game_over_frees_the_handheld_for_any_next_game() -> None:
    pair = connected_pair()
    pair.host.send({"type": "game_over", "result": "caught"})
    pair.run_until(lambda: pair.at_handheld != [])
    assert pair.handheld.token == ""
    pair.run(3 * HEARTBEAT_MS)
    assert pair.connected()  # a handheld without a token still talks to the host
    pair.host.start_session(OTHER_GAME, False)  # another, resumed game: no new_game needed
    pair.host.send({"type": "state"})
    pair.run_until(lambda: len(pair.at_handheld) == 2)
    assert pair.handheld.token == OTHER_GAME and pair.at_handheld[-1] == {"type": "state"}


def test_a_new_session_drops_the_old_game_s_queue() -> None:
    pair = connected_pair()
    pair.down.cut = True
    pair.host.send({"type": "state", "game": "old"})
    pair.step()
    pair.host.start_session(OTHER_GAME, True)
    pair.host.send({"type": "state", "game": "new"})
    pair.down.cut = False
    pair.run_until(lambda: pair.at_handheld != [])
    pair.run(3 * RESEND_MS)
    assert pair.at_handheld == [{"type": "state", "game": "new"}] and pair.handheld.token == OTHER_GAME


# ---------------------------------------------------------------- what the application may send


@pytest.mark.parametrize("message", [{"station": 1}, {"type": 5}, ["type", "move"], {"type": "x", "pad": "y" * wire.MAX_BODY}])
def test_send_refuses_what_is_not_a_message(message: Any) -> None:
    with pytest.raises(ValueError):
        Endpoint("host").send(message)


def test_roles_and_sessions() -> None:
    with pytest.raises(ValueError, match="role"):
        Endpoint("pi")
    with pytest.raises(ValueError, match="host"):
        Endpoint("handheld").start_session(GAME, True)
    with pytest.raises(ValueError, match="hex"):
        Endpoint("host", "not a token")


def test_well_formed_frames_that_break_the_protocol_are_counted_not_delivered() -> None:
    handheld = Endpoint("handheld")
    host_hello = wire.HELLO | wire.ANSWER
    assert handheld.feed(wire.encode_frame(host_hello, 100, 0, GAME, {"epoch": "five"}), 0) == []
    assert handheld.feed(wire.encode_frame(host_hello, 100, 0, GAME, {"epoch": 5, "heard": None}), 0) == []
    assert handheld.feed(wire.encode_frame(0, 101, 0, GAME, {"no": "type"}), 0) == []
    assert handheld.feed(wire.encode_frame(0, 102, 0, GAME, {"type": "wait"}), 0) == [{"type": "wait"}]
    assert handheld.counters == {"body": 2}


# ---------------------------------------------------------------- the console's language


def test_the_host_s_language_reaches_the_handheld_in_the_hellos_that_connect_them() -> None:
    host = Endpoint("host")
    host.start_session(GAME, True)
    host.set_language("ko")
    pair = Pair(host, Endpoint("handheld"))
    assert pair.handheld.language == ""  # nothing heard yet: English
    assert pair.run_until(pair.connected) <= 3 * STEP_MS
    assert pair.handheld.language == "ko" and pair.down.frames_carried + pair.up.frames_carried == 3


@pytest.mark.parametrize("seed", range(4))
def test_a_change_of_language_mid_game_reaches_the_handheld_over_a_lossy_wire_then_the_hellos_stop(seed: int) -> None:
    pair = connected_pair(seed=seed, loss=0.4)
    for language in ("ko", "en", "ko"):
        pair.host.set_language(language)
        pair.run_until(lambda language=language: pair.handheld.language == language)
    pair.down.loss = pair.up.loss = 0.0
    pair.run(3 * RESEND_MS)  # the handheld's last hello naming it gets through
    before = pair.down.frames_carried
    pair.run(10 * HEARTBEAT_MS)
    assert pair.down.frames_carried - before == 10  # heartbeats only: the host heard that the handheld heard
    assert pair.handheld.language == "ko" and pair.connected()


def test_a_change_of_language_is_told_at_once_not_a_resend_later() -> None:
    pair = connected_pair()
    pair.run(HEARTBEAT_MS // 2)
    pair.host.set_language("ko")
    pair.step()
    assert pair.handheld.language == "ko"


class OlderHandheld(Endpoint):
    """A handheld flashed before languages: its hellos name none."""

    def _hello(self) -> bytes:
        flags = wire.HELLO | wire.FROM_HANDHELD | (0 if self._peer_knows_us else wire.ANSWER)
        return wire.encode_frame(flags, self._base, self._delivered, self.token, {"epoch": self._epoch, "heard": self._peer_epoch})


def test_an_older_handheld_s_hello_naming_no_language_stops_the_host_asking() -> None:
    host = Endpoint("host")
    host.start_session(GAME, True)
    host.set_language("ko")
    pair = Pair(host, OlderHandheld("handheld"))
    pair.run_until(pair.connected)
    before = pair.down.frames_carried
    pair.run(10 * HEARTBEAT_MS)
    assert pair.down.frames_carried - before == 10


@pytest.mark.parametrize("hello", [{"epoch": 5, "heard": None}, {"epoch": 5, "heard": None, "language": 7},
                                   {"epoch": 5, "heard": None, "language": None}])
def test_an_older_host_s_hello_or_a_language_that_is_no_string_leaves_the_handheld_in_english(hello: dict[str, Any]) -> None:
    handheld = Endpoint("handheld")
    handheld.feed(wire.encode_frame(wire.HELLO | wire.ANSWER, 100, 0, GAME, {"epoch": 4, "heard": None, "language": "ko"}), 0)
    assert handheld.language == "ko"
    handheld.feed(wire.encode_frame(wire.HELLO | wire.ANSWER, 100, 0, GAME, hello), 1)
    assert handheld.language == "" and handheld.counters == {}


def test_only_the_host_says_the_language() -> None:
    with pytest.raises(ValueError, match="host"):
        Endpoint("handheld").set_language("ko")
