"""Benchmark of the handheld link: ``python -m hardware.link_bench``.

Prints one ``name: value`` a line:

- ``move_round_trip_ms``: the host's ``SerialHandheldLink`` sends a ``choose_move``
  over a real pseudo-terminal pair; an ``Endpoint("handheld")`` on the other end
  answers with a ``move``; the time until the host has the move (median). Both ends
  are polled back to back, so this is the link's own cost, not the console loop's
  30 Hz cadence or a USB cable's.
- ``decoder_frames_per_s``: frames carrying a full ``choose_move`` that the decoder
  turns back into messages per second (COBS, CRC-32, JSON).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import tty

from firmware.link import Endpoint
from firmware.wire import Decoder, encode_frame
from hardware.config import HandheldConfig
from hardware.serial_link import SerialHandheldLink, serial_opener

CHOOSE_MOVE = {
    "type": "choose_move", "round": 9, "station": 67, "tickets": {"taxi": 2, "bus": 1, "underground": 2, "black": 4, "double": 1},
    "moves": [[s, t] for s, t in [(51, "taxi"), (52, "taxi"), (68, "taxi"), (84, "taxi"), (23, "bus"), (65, "bus"), (102, "bus"),
                                  (82, "bus"), (13, "underground"), (79, "underground"), (89, "underground"), (111, "underground")]],
    "can_double": True, "reveal_next": False, "log": [["taxi", None], ["bus", 53], ["black", None]] * 3,
}
MOVE = {"type": "move", "station": 51, "ticket": "taxi"}


def bench_round_trip(seconds: float) -> float:
    """Median milliseconds from the host sending a choose_move to the host receiving the move."""
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
            if message["type"] == "choose_move":
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
            link.send(CHOOSE_MOVE)
            while not any(message["type"] == "move" for message in link.receive()):
                step_handheld()
            times.append(time.perf_counter() - sent)
        return 1000 * statistics.median(times)
    finally:
        link.close()
        os.close(master)
        os.close(slave)


def bench_decoder(seconds: float) -> float:
    frame = encode_frame(0, 1, 0, "0123456789abcdef", CHOOSE_MOVE)
    chunk = frame * 50
    decoder = Decoder()
    frames = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        frames += len(decoder.feed(chunk))
    return frames / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Times the handheld link.")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure (default 2)")
    args = parser.parse_args(argv)
    print(f"move_round_trip_ms: {bench_round_trip(args.seconds):.3f}")
    print(f"decoder_frames_per_s: {bench_decoder(args.seconds):.0f}")


if __name__ == "__main__":
    main()
