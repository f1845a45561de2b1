"""The firmware under a real MicroPython: it compiles, agrees with the shared vectors, survives fuzzing,
and talks to the host's serial link over a real pseudo-terminal."""

from __future__ import annotations

import json
import os
import subprocess
import time
import tty
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from firmware import messages
from hardware.config import HandheldConfig
from hardware.drivers.serial_link import SerialHandheldLink, serial_opener
from tests.support.micropython import FIRMWARE, micropython_command, micropython_env, mpy_cross_command, run_micropython

GAME = "0123456789abcdef"


@pytest.mark.parametrize("source", sorted(FIRMWARE.glob("*.py")), ids=lambda path: path.name)
def test_every_firmware_file_compiles_with_mpy_cross(source: Path, tmp_path: Path) -> None:
    result = subprocess.run([mpy_cross_command(), "-o", str(tmp_path / "out.mpy"), str(source)], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr


VECTORS_AND_FUZZ = r"""
import binascii, json, random, sys
import wire
from link import Endpoint

vectors = json.load(open(sys.argv[1]))
for vector in vectors:
    frame = vector["frame"]
    data = wire.encode_frame(frame["flags"], frame["seq"], frame["ack"], frame["token"], frame["message"])
    assert binascii.hexlify(data).decode() == vector["bytes"], vector["name"]
    assert wire.Decoder().feed(binascii.unhexlify(vector["bytes"])) == [frame], vector["name"]

random.seed(int(sys.argv[2]))
rounds = int(sys.argv[3])

def noise(size, low=0):
    return bytes(low + random.getrandbits(8) % (256 - low) for _ in range(size))

def mutated(data):
    kind = random.randrange(4)
    if kind == 0:  # a bit flipped
        index = random.randrange(len(data))
        return data[:index] + bytes([data[index] ^ (1 << random.randrange(8))]) + data[index + 1:]
    if kind == 1:  # cut short
        return data[:random.randrange(len(data))]
    if kind == 2:  # junk in front
        return noise(1 + random.randrange(20), low=1) + data
    return noise(random.randrange(300))  # zeros and all

decoder = wire.Decoder()
for _ in range(rounds):
    bad = binascii.unhexlify(random.choice(vectors)["bytes"])[:-1]
    good = random.choice(vectors)
    stream = mutated(bad) + b"\x00" + binascii.unhexlify(good["bytes"])
    frames, start = [], 0
    while start < len(stream):
        size = 1 + random.randrange(64)
        frames += decoder.feed(stream[start:start + size])
        start += size
    assert frames == [good["frame"]], (frames, good["name"])

host, handheld = Endpoint("host"), Endpoint("handheld")
host.start_session("0123456789abcdef", True)
down = [{"type": "state", "n": n} for n in range(30)]
up = [{"type": "move", "n": n} for n in range(30)]
for n in range(30):
    host.send(down[n])
    handheld.send(up[n])

def lossy(data):
    out = b""
    for frame in data.split(b"\x00")[:-1]:
        if random.random() < 0.3:
            continue
        out += (frame + b"\x00") * (2 if random.random() < 0.1 else 1)
    return out

at_handheld, at_host, now = [], [], 0
for _ in range(3000):
    now += 20
    at_handheld += handheld.feed(lossy(host.poll(now)), now)
    at_host += host.feed(lossy(handheld.poll(now)), now)
assert at_handheld == down and at_host == up, (len(at_handheld), len(at_host))
print(json.dumps({"vectors": len(vectors), "rounds": rounds, "dropped": decoder.counters, "link": handheld.counters}))
"""


@pytest.mark.parametrize(("seed", "rounds"), [(7, 1500), pytest.param(11, 200_000, marks=pytest.mark.slow)])
def test_vectors_decoder_fuzz_and_a_lossy_session_under_micropython(seed: int, rounds: int, tmp_path: Path) -> None:
    script = tmp_path / "vectors_and_fuzz.py"
    script.write_text(VECTORS_AND_FUZZ)
    report = json.loads(run_micropython(script, str(FIRMWARE / "vectors.json"), str(seed), str(rounds), timeout=300))
    assert report["vectors"] > 20 and report["rounds"] == rounds
    assert sum(report["dropped"].values()) >= 0.95 * rounds  # each mutated frame dropped (a frame cut to nothing leaves none)


MESSAGE_VECTORS = r"""
import json, sys
import messages

vectors = json.load(open(sys.argv[1]))
verdicts = []
for vector in vectors:
    try:
        checked = messages.check(vector["message"])
    except messages.MessageError as error:
        verdicts.append(str(error))
    else:
        assert checked == vector["message"], vector["name"]
        verdicts.append(None)
print(json.dumps({"verdicts": verdicts}))
"""


def test_message_vectors_under_micropython(tmp_path: Path) -> None:
    """Every shared message vector gets the same verdict from the handheld's interpreter as the console's."""
    script = tmp_path / "message_vectors.py"
    script.write_text(MESSAGE_VECTORS)
    vectors_file = FIRMWARE / "message_vectors.json"
    report = json.loads(run_micropython(script, str(vectors_file)))
    verdicts = report["verdicts"]
    vectors = json.loads(vectors_file.read_text(encoding="utf-8"))
    assert len(verdicts) == len(vectors) > 50
    for vector, verdict in zip(vectors, verdicts):
        if vector["error"] is None:
            assert verdict is None, (vector["name"], verdict)
        else:
            assert verdict is not None and vector["error"] in verdict, (vector["name"], verdict)


HANDHELD = r"""
import json, select, sys, time
import messages
from link import Endpoint

poller = select.poll()
poller.register(sys.stdin, select.POLLIN)
endpoint = Endpoint("handheld")
received = []
start = time.ticks_ms()
finished = None
while time.ticks_diff(time.ticks_ms(), start) < 15000:
    data = bytearray()
    while poller.poll(0):
        byte = sys.stdin.buffer.read(1)
        if not byte:
            break
        data += byte
    now = time.ticks_ms()
    for message in endpoint.feed(bytes(data), now):
        message = messages.check(message)
        received.append(message)
        if message["type"] == "ask":
            endpoint.send(messages.answer(message["groups"][0][1][0][0]))
        elif message["type"] == "game_over":
            finished = now
    sys.stdout.buffer.write(endpoint.poll(now))
    if finished is not None and time.ticks_diff(now, finished) > 600:
        break
    time.sleep_ms(2)
sys.stderr.write(json.dumps({"received": received, "token": endpoint.token, "counters": endpoint.counters}) + "\n")
"""


def test_end_to_end_micropython_handheld_and_host_serial_link_over_a_pty(tmp_path: Path) -> None:
    command = micropython_command()
    script = tmp_path / "handheld.py"
    script.write_text(HANDHELD)
    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    handheld = subprocess.Popen([command, str(script)], stdin=master, stdout=master, stderr=subprocess.PIPE, env=micropython_env())
    os.close(master)
    link = SerialHandheldLink(serial_opener(HandheldConfig(port=os.ttyname(slave))))
    link.start_session(GAME, new_game=True)
    at_host: list[Any] = []

    def pump_until(done: Callable[[], bool], limit_s: float = 300.0) -> None:
        """Run the host link until *done* or the handheld has exited (the checks below say which); *limit_s* guards a hang."""
        deadline = time.monotonic() + limit_s
        while not done() and handheld.poll() is None:
            assert time.monotonic() < deadline, "the MicroPython handheld did not answer"
            at_host.extend(link.receive())
            time.sleep(0.002)

    try:
        pump_until(lambda: link.connected)
        link.send(messages.ask("Mister X", [["Round 1", "at 23"]], [["T", 4], ["B", 3]], [], "",
                               [["B", [["B67", "67"]]], ["T", [["T13", "13"]]]], "", False))
        pump_until(lambda: at_host != [])
        link.send(messages.game_over("Mister X escaped"))
        pump_until(lambda: handheld.poll() is not None)
        at_host.extend(link.receive())
    finally:
        link.close()
        if handheld.poll() is None:
            handheld.kill()
        _, errors = handheld.communicate(timeout=120)
        os.close(slave)
    assert handheld.returncode == 0, errors
    report = json.loads(errors.decode().strip().splitlines()[-1])
    assert at_host == [{"type": "answer", "choice": "B67"}]
    assert [m["type"] for m in report["received"]] == ["ask", "game_over"]
    assert report["token"] == ""  # the game is over: the handheld is free for the next one
    assert set(report["counters"]) | set(link.counters) <= {"duplicate"}  # a slow machine may resend; nothing else is dropped
