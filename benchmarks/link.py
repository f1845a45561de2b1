"""Benchmark of the handheld link: ``python -m benchmarks.link``.

Prints one ``name: value`` a line:

- ``move_round_trip_ms``: the host's ``SerialHandheldLink`` sends Mister X's turn (an
  ``ask``) over a real pseudo-terminal pair; an ``Endpoint("handheld")`` on the other
  end answers with his move (an ``answer``); the time until the host has it (median).
  Both ends are polled back to back, so this is the link's own cost, not the console
  loop's 30 Hz cadence or a USB cable's.
- ``decoder_frames_per_s``: frames carrying a full turn that the decoder turns back
  into messages per second (COBS, CRC-32, JSON).
"""

from __future__ import annotations

import os
import statistics
import time
import tty
from collections.abc import Iterator

from benchmarks.figures import Figure, timed, timed_command
from console.games.classic.talk import turn
from firmware.link import Endpoint
from firmware.messages import answer
from firmware.wire import Decoder, encode_frame
from hardware.config import HandheldConfig
from hardware.drivers.serial_link import SerialHandheldLink, serial_opener

TURN = dict(turn(9, 67, {"taxi": 2, "bus": 1, "underground": 2, "black": 4, "double": 1},
                 [letter + str(s) for letter, stations in [("T", (51, 52, 68, 84)), ("B", (23, 65, 102, 82)), ("U", (13, 79, 89, 111))]
                  for s in stations], True, False))
"""Mister X's turn at a busy station, as the console asks it."""
MOVE = dict(answer("T51"))


def bench_round_trip(seconds: float) -> float:
    """Median milliseconds from the host sending a turn to the host receiving the move."""
    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    os.set_blocking(master, False)
    link = SerialHandheldLink(serial_opener(HandheldConfig(port=os.ttyname(slave))))
    handheld = Endpoint("handheld")

    def step_handheld() -> None:
        now_ms = int(time.monotonic() * 1000)
        try:
            data = os.read(master, 65536)
        except BlockingIOError:
            data = b""
        for message in handheld.feed(data, now_ms):
            if message["type"] == "ask":
                handheld.send(MOVE)
        os.write(master, handheld.poll(now_ms))

    try:
        link.start_session("0123456789abcdef", new_game=True)
        while not link.connected:
            link.receive()
            step_handheld()
        times: list[float] = []
        start = time.perf_counter()
        while time.perf_counter() - start < seconds or len(times) < 3:
            sent = time.perf_counter()
            link.send(TURN)
            while not any(message["type"] == "answer" for message in link.receive()):
                step_handheld()
            times.append(time.perf_counter() - sent)
        return 1000 * statistics.median(times)
    finally:
        link.close()
        os.close(master)
        os.close(slave)


def bench_decoder(seconds: float) -> float:
    frame = encode_frame(0, 1, 0, "0123456789abcdef", TURN)
    chunk = frame * 50
    decoder = Decoder()
    frames = 0

    def feed(_: int) -> None:
        nonlocal frames
        frames += len(decoder.feed(chunk))

    elapsed = timed(feed, seconds)[0]
    return frames / elapsed


def figures(seconds: float) -> Iterator[Figure]:
    yield Figure("move_round_trip_ms", bench_round_trip(seconds))
    yield Figure("decoder_frames_per_s", bench_decoder(seconds))


main = timed_command("link", __doc__, 2.0, figures)


if __name__ == "__main__":
    main()
