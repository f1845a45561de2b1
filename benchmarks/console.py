"""Benchmark of the console: ``python -m benchmarks.console`` prints one ``name: value`` a line.

- ``press_to_frame_ms``: from an injected station press to the resulting LED
  frame, through the whole console on the ``fake`` profile (the flow, the
  engine, the light renderer and the screen redraw that the same step does),
  alternating selecting a piece and putting it down (a press that plays a move
  also waits for the journal's fsync, which depends on the storage).
- ``press_to_frame_with_sound_ms``: the same with sound on: a ``PygameSpeaker``
  (pygame's mixer on SDL's dummy audio driver, the shipped sounds) as the
  console's speaker, and every press also starting a sound, in turn each of
  ``hardware.interfaces.SOUNDS``. Next to the figure above, it shows what sound
  costs a press (it should cost nothing you can see).
- ``press_to_frame_with_phone_ms``: the same while a phone game's link runs:
  the console polls a ``PhoneLink`` whose web server thread serves a paired
  phone (a client in this process sealing a ping every 50 ms, twenty times the
  page's rate), instead of the Pico's link.
- ``screen_frame_ms``: one full render of the 800x480 screen, mid-game.
- ``junior_celebration_frame_ms``: one frame of a Junior reveal, its lights (the
  ripple over the district) and its 800x480 screen (confetti, the pulsing token)
  together: the busiest Junior frame, drawn every frame for 4 s.
- ``lesson_frame_ms``: one frame of Learn to play's classic course mid-course,
  its lights (a station it points at swells, every frame) and its 800x480 screen
  with the lesson card; ``lesson_resume_ms``: opening that course at its last
  step (what going on where it was left costs: the game dealt and every step
  before played forward).
- ``sim_redraw_per_s``: full redraws a second of the simulator's 1280x760 window
  (board, lit stations, the console's screen panel), headless.
- ``sim_idle_cpu_percent``: the simulator's share of one core while the
  detectives think (nothing changes: nothing is redrawn), running its real 30
  frames a second loop; ``sim_menu_cpu_percent`` the same in the start menu, whose
  idle lights sweep the board (a redraw every frame).
"""

from __future__ import annotations

import asyncio
import base64
import os
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner among the figures

import aiohttp
import nacl.public
import pygame

from benchmarks.figures import Figure, ms_per_call, timed, timed_command
from console.cli import board_drawing
from console.games.classic.flow import Flow
from console.games.classic.model import Mode
from console.games.classic.pace import PACES
from console.games.junior.flow import LOOK
from console.games.junior.model import Celebration, JuniorMode, JuniorUi
from console.games.junior.words import reveal_words
from console.lessons import Guide, shipped_courses
from console.program.program import Program
from console.settings import GameSettings, Seat
from console.table.lights import STANDARD
from console.table.scene import Scene
from console.table.screen.toolkit import Toolkit
from engine.junior import DETECTIVES, JuniorGame
from hardware.config import Config
from hardware.drivers.audio import PygameSpeaker
from hardware.drivers.controls import FakeControlButtons
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.leds import RecordingLeds
from hardware.drivers.station_buttons import FakeStationButtons
from hardware.factory import build_hardware
from hardware.interfaces import SOUNDS, Key, Speaker
from hardware.phone import PhoneLink, pairing
from hardware.phone.channel import Channel
from hardware.phone.pairing import connection_key, field_key, key_field
from hardware.station_map import StationMap

STATIONS = range(1, 200)


class SkippingClock:
    """The wall clock, able to skip ahead: the computer Mister X's move, announced a fixed time after his turn began,
    comes without waiting for it, while everything timed runs on the wall clock as before."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped


def _in_play(data: Path, speaker: Speaker | None = None) -> Program:
    """A console past its start menu, setup and deal: the detectives' first turn (with *speaker*, if given)."""
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, MemoryHandheldLink())
    if speaker is not None:
        hardware.speaker = speaker
    clock = SkippingClock()
    program = Program(hardware, GameSettings(data_dir=str(data), mister_x=Seat.COMPUTER), think_inline=True, clock=clock)
    buttons, controls = hardware.station_buttons, hardware.controls
    assert isinstance(buttons, FakeStationButtons) and isinstance(controls, FakeControlButtons)
    for key in (Key.CONFIRM, Key.CONFIRM):  # "New game", then "Deal the start stations"
        controls.press(key)
        program.console.step()
    assert program.flow is not None
    assert isinstance(program.flow, Flow)
    for _, station in program.flow.ui.to_place:
        buttons.press(station)
        program.console.step()
    _until_detectives(program, clock)
    return program


def _until_detectives(program: Program, clock: SkippingClock) -> None:
    """Run the console's frames, a frame's time skipped at each, until the computer Mister X has moved."""
    for _ in range(round((max(pace.mister_x_s for pace in PACES.values()) + 5) * 30)):
        flow = program.flow
        if not isinstance(flow, Flow) or flow.ui.mode is Mode.DETECTIVES:
            return
        program.console.step()
        clock.skipped += 1 / 30
    raise AssertionError("the computer Mister X never moved")


def bench_press(seconds: float, *, sound: bool = False, phone: bool = False) -> float:
    with tempfile.TemporaryDirectory() as folder, _phone_pinging(phone) as link:
        program = _in_play(Path(folder), PygameSpeaker() if sound else None)
        if link is not None:
            program.console.use_link(link)
        buttons, leds, flow = program.hardware.station_buttons, program.hardware.leds, program.flow
        speaker = program.hardware.speaker
        assert isinstance(buttons, FakeStationButtons) and isinstance(leds, RecordingLeds) and isinstance(flow, Flow)
        piece = flow.game.public_view().pieces[0].station
        presses, total = 0, 0.0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            frames = len(leds.frames)
            start = time.perf_counter()
            buttons.press(piece)  # select, then put down: the board changes every time
            if sound:
                speaker.play(SOUNDS[presses % len(SOUNDS)])
            program.console.step()
            total += time.perf_counter() - start
            assert len(leds.frames) == frames + 1
            presses += 1
        program.hardware.close()
        return 1000 * total / presses


@contextmanager
def _phone_pinging(wanted: bool) -> Iterator[PhoneLink | None]:
    """A phone link on loopback with a paired phone pinging it from another thread (None if not *wanted*)."""
    if not wanted:
        yield None
        return
    link = PhoneLink("127.0.0.1", 0)
    code = Channel(base64.urlsafe_b64decode(link.url.split("#k=")[1] + "="), "phone", ordered=False)
    phone_id, secret = "0123456789abcdef", nacl.public.PrivateKey.generate()
    stop = threading.Event()

    def opened(channel: Channel, frame: str) -> dict[str, Any]:
        return channel.open(frame).body

    async def phone() -> None:
        async with aiohttp.ClientSession() as session, session.ws_connect(link.url.split("#")[0] + "ws") as socket:
            await socket.send_str(code.seal({"type": "join", "key": key_field(bytes(secret.public_key))}, phone_id))
            answer = opened(code, await socket.receive_str())
            session_key = pairing.session_key(bytes(secret), field_key(answer["key"], pairing.KEY_BYTES))
            handshake, nonce = Channel(session_key, "phone", ordered=False), os.urandom(pairing.NONCE_BYTES)
            await socket.send_str(handshake.seal({"type": "hello", "nonce": key_field(nonce)}, phone_id))
            answer = opened(handshake, await socket.receive_str())
            channel = Channel(connection_key(session_key, nonce, field_key(answer["nonce"], pairing.NONCE_BYTES)), "phone")
            while not stop.is_set():
                await socket.send_str(channel.seal({"type": "ping"}, phone_id))
                await asyncio.sleep(0.05)

    pinging = threading.Thread(target=asyncio.run, args=(phone(),))
    pinging.start()
    try:
        yield link
    finally:
        stop.set()
        pinging.join()
        link.close()


def bench_screen(seconds: float) -> float:
    with tempfile.TemporaryDirectory() as folder:
        program = _in_play(Path(folder))
        assert isinstance(program.flow, Flow)
        scene = program.flow.scene()
        surface = program.hardware.screen.surface
        kit = Toolkit(surface.get_size())
        scene.draw(kit, surface, 0.0, STANDARD)  # fonts and text are cached after the first
        return ms_per_call(lambda draws: scene.draw(kit, surface, draws / 30, STANDARD), seconds)


def bench_junior_celebration(seconds: float) -> float:
    game = JuniorGame.new(rogues=2, seed=1)
    for rogue in game.to_choose():  # everyone steps along their first line
        game.choose(game.steps_of(rogue)[1])
    for detective in DETECTIVES:
        game.move(game.steps_of(detective)[1])
    result = game.results[-1]
    prompt, message = reveal_words(result)
    scene = LOOK.scene(game.public_view(), JuniorUi(JuniorMode.REVEAL, prompt=prompt, message=message,
                                                      celebration=Celebration(result, 0.0, 1e9)))
    return _frames(scene, seconds)


def bench_lesson_frame(seconds: float) -> float:
    course = shipped_courses()[0]
    pointing = next(index for index, (_, step) in enumerate(course.steps) if index > 20 and step.press is not None)
    return _frames(Guide(course, MemoryHandheldLink(), GameSettings(), 0.0, start=pointing).scene(), seconds)


def _frames(scene: Scene, seconds: float) -> float:
    """Milliseconds a frame of *scene* takes, its lights and its 800x480 screen, at 30 frames a second of its clock."""
    surface = pygame.Surface((800, 480))
    kit = Toolkit(surface.get_size())

    def frame(draws: int) -> None:
        scene.lights(draws / 30, STANDARD)
        scene.draw(kit, surface, draws / 30, STANDARD)

    return ms_per_call(frame, seconds)


def bench_lesson_resume(seconds: float) -> float:
    course = shipped_courses()[0]
    return ms_per_call(lambda calls: Guide(course, MemoryHandheldLink(), GameSettings(), 0.0, start=len(course.steps) - 1), seconds)


def bench_sim_redraw(seconds: float) -> float:
    from hardware.sim import open_window
    from hardware.sim.script import ManualClock, ScriptRunner

    with tempfile.TemporaryDirectory() as folder:
        hardware, window = open_window(Config(), board_drawing(), MemoryHandheldLink(), headless=True)
        clock = ManualClock()
        program = Program(hardware, GameSettings(data_dir=folder, mister_x=Seat.COMPUTER), clock=clock)
        ScriptRunner(window, clock, None, program.console.step).step(30)  # the start menu: its lights sweep the board

        def redraw(draws: int) -> None:
            window.invalidate()
            window.redraw()

        elapsed, draws = timed(redraw, seconds)
        hardware.close()
        return draws / elapsed


def bench_sim_cpu(seconds: float, *, in_game: bool) -> float:
    """The process's CPU time over wall time while the simulator runs its real loop untouched."""
    from hardware.sim import open_window

    with tempfile.TemporaryDirectory() as folder:
        hardware, _window = open_window(Config(), board_drawing(), MemoryHandheldLink(), headless=True)
        clock = SkippingClock()
        program = Program(hardware, GameSettings(data_dir=folder, mister_x=Seat.COMPUTER), think_inline=True, clock=clock)
        if in_game:
            program.key_pressed(Key.CONFIRM, 0.0)  # new game
            program.key_pressed(Key.CONFIRM, 0.0)  # deal
            assert isinstance(program.flow, Flow)
            for _, station in program.flow.ui.to_place:
                program.station_pressed(station, 0.0)
            _until_detectives(program, clock)
        program.console.step()
        wall, cpu = time.perf_counter(), time.process_time()
        program.run(lambda: time.perf_counter() - wall > seconds)
        share = 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)
        hardware.close()
        return share


def figures(seconds: float) -> Iterator[Figure]:
    yield Figure("press_to_frame_ms", bench_press(seconds))
    yield Figure("press_to_frame_with_sound_ms", bench_press(seconds, sound=True))
    yield Figure("press_to_frame_with_phone_ms", bench_press(seconds, phone=True))
    yield Figure("screen_frame_ms", bench_screen(seconds))
    yield Figure("junior_celebration_frame_ms", bench_junior_celebration(seconds))
    yield Figure("lesson_frame_ms", bench_lesson_frame(seconds))
    yield Figure("lesson_resume_ms", bench_lesson_resume(seconds))
    yield Figure("sim_redraw_per_s", bench_sim_redraw(seconds))
    yield Figure("sim_idle_cpu_percent", bench_sim_cpu(2 * seconds, in_game=True))
    yield Figure("sim_menu_cpu_percent", bench_sim_cpu(2 * seconds, in_game=False))


main = timed_command("console", __doc__, 2.0, figures)


if __name__ == "__main__":
    main()
