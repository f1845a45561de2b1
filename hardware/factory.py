"""Build the hardware for a profile: ``pi`` (the real board), ``fake`` (tests), ``sim`` (the PC window).

The console asks for a ``Hardware`` bundle once and never asks which profile it
got. Each part has its own builder too, because the builder's tools need only
some parts (``hw-test`` and ``calibrate`` use no handheld and no game).

A part that does not start is a ``PartError`` naming the part and why. When the
console cannot play, it still shows why on its screen with whatever starts
(``build_what_works``): each part that does not is replaced by one that shows or
reads nothing, and only a screen that does not start stops it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING, TypeVar

from hardware.config import NO_POWER_BUTTON, Config, ConfigError
from hardware.drivers.audio import FakeSpeaker, missing_card, open_speaker, sound_cards
from hardware.drivers.controls import FakeControlButtons, GpioControlButtons
from hardware.drivers.handheld import MemoryHandheldLink, ScriptedFarEnd
from hardware.drivers.led_backends import LedDriverError, SpiWriter, Ws281xWriter
from hardware.drivers.leds import LedStrip, PixelWriter, RecordingLeds
from hardware.drivers.lgpio_folder import use_writable_lgpio_folder
from hardware.drivers.power_button import FakePowerButton, GpioPowerButton
from hardware.drivers.speech import open_voice
from hardware.drivers.station_buttons import FakeStationButtons, ShiftRegisterChain, StationButtonScanner
from hardware.interfaces import (
    ControlButtons,
    HandheldLink,
    Hardware,
    NoLeds,
    NoPowerButton,
    NoSpeaker,
    PowerButton,
    Screen,
    Speaker,
    StationButtons,
    StationLeds,
)
from hardware.station_map import MapError, StationMap

if TYPE_CHECKING:
    from hardware.sim.window import BoardDrawing, SimWindow


log = logging.getLogger(__name__)
T = TypeVar("T")


class HardwareUnavailable(ConfigError):
    """A part this version cannot build for the chosen profile."""


class PartError(Exception):
    """A part of the board that does not start: the message names the part and its error."""

    def __init__(self, part: str, error: Exception) -> None:
        why = str(error) if isinstance(error, LedDriverError) else f"{type(error).__name__}: {error}"
        super().__init__(f"{part}: {why}")
        self.part = part


def started(part: str, build: Callable[[], T]) -> T:
    """*build()*; anything but a refused setting or station map is a ``PartError`` naming *part* (its traceback logged)."""
    try:
        return build()
    except (ConfigError, MapError):
        raise
    except Exception as error:
        log.warning("%s does not start", part, exc_info=True)
        raise PartError(part, error) from error


LIGHTS, BUTTONS, KEYS, POWER, SCREEN, HANDHELD = ("the station lights", "the station buttons", "the control keys",
                                                 "the power button", "the screen", "the handheld's link")
"""The board's parts as a ``PartError`` names them (in English, as the settings are named)."""


def build_leds(config: Config, pixels: Mapping[int, int]) -> StationLeds:
    """The station lights; *pixels* maps each station (or any key) to its pixel on the strip."""
    if config.profile == "fake":
        return RecordingLeds()
    _require_pi(config, "leds")
    writer: PixelWriter = Ws281xWriter(config.leds) if config.leds.backend == "ws281x" else SpiWriter(config.leds)
    return LedStrip(config.leds, pixels, writer)


def build_station_buttons(config: Config, buttons: Mapping[int, int]) -> StationButtons:
    """The station buttons; *buttons* maps each station (or any key) to its bit in the chain."""
    if config.profile == "fake":
        return FakeStationButtons()
    _require_pi(config, "buttons")
    use_writable_lgpio_folder()  # before gpiozero loads lgpio for the first device
    chain = ShiftRegisterChain(config.buttons)
    return StationButtonScanner(chain, buttons, config.buttons.debounce_ms / 1000, config.buttons.stuck_after_s)


def build_controls(config: Config) -> ControlButtons:
    if config.profile == "fake":
        return FakeControlButtons()
    _require_pi(config, "controls")
    use_writable_lgpio_folder()
    return GpioControlButtons(config.controls)


def build_power_button(config: Config) -> PowerButton:
    """The power button (``controls.power``), or none if it is set to 0."""
    if config.profile == "fake":
        return FakePowerButton()
    _require_pi(config, "power button")
    if config.controls.power == NO_POWER_BUTTON:
        return NoPowerButton()
    use_writable_lgpio_folder()
    return GpioPowerButton(config.controls.power, bounce_s=config.controls.bounce_ms / 1000 or None)


def build_screen(config: Config) -> Screen:
    from hardware.drivers.screen import DisplayScreen, OffscreenScreen  # pygame loads only when a screen is wanted

    if config.profile == "fake":
        return OffscreenScreen(config.screen)
    _require_pi(config, "screen")
    return DisplayScreen(config.screen)


def build_speaker(config: Config) -> Speaker:
    """The sounds and spoken words (``[sound]``): silent when turned off or when no audio output starts."""
    if config.profile == "fake":
        return FakeSpeaker(config.sound.volume)
    if not config.sound.enabled:
        return NoSpeaker()
    card = missing_card(config.sound.device)
    if card:  # refused, not guessed at: the console says so on its start menu (console.program.start)
        log.warning("sound off: sound.device %r names card %r, which is not here (cards: %s)", config.sound.device, card,
                    ", ".join(sound_cards()) or "none")
        return NoSpeaker()
    if config.sound.device:
        os.environ["AUDIODEV"] = config.sound.device  # read by SDL's ALSA driver when the mixer opens
    return open_speaker(config.sound.volume, open_voice(config.sound.speech, config.sound.device))


def build_handheld(config: Config) -> HandheldLink:
    if config.profile == "fake":
        return MemoryHandheldLink(ScriptedFarEnd([]))
    if config.profile == "sim":
        raise HardwareUnavailable("profile sim: the simulated handheld comes with the simulator (scotland-yard sim)")
    from hardware.drivers.serial_link import open_handheld  # pyserial loads only for the real handheld

    return open_handheld(config.handheld)


def build_board(
    config: Config, pixels: Mapping[int, int], buttons: Mapping[int, int], closer: ExitStack
) -> tuple[StationLeds, StationButtons, ControlButtons]:
    """The board's lights, station buttons and keys, each registered with *closer* to be closed."""
    leds = started(LIGHTS, lambda: build_leds(config, pixels))
    closer.callback(leds.close)
    station_buttons = started(BUTTONS, lambda: build_station_buttons(config, buttons))
    closer.callback(station_buttons.close)
    controls = started(KEYS, lambda: build_controls(config))
    closer.callback(controls.close)
    return leds, station_buttons, controls


def build_hardware(config: Config, station_map: StationMap, stations: Sequence[int], handheld: HandheldLink | None = None) -> Hardware:
    """Everything the console needs; refuses a station map that misses a station."""
    if config.profile != "fake":
        station_map.require_complete(stations)
    with ExitStack() as built:  # a part that fails to build closes the ones built before it
        leds, buttons, controls = build_board(config, station_map.pixels, station_map.buttons, built)
        power = started(POWER, lambda: build_power_button(config))
        built.callback(power.close)
        screen = started(SCREEN, lambda: build_screen(config))
        built.callback(screen.close)
        speaker = build_speaker(config)
        built.callback(speaker.close)
        link = handheld if handheld is not None else started(HANDHELD, lambda: build_handheld(config))
        built.pop_all()
    return Hardware(leds, buttons, controls, screen, link, power, speaker)


def build_what_works(config: Config, station_map: StationMap, handheld: HandheldLink) -> tuple[Hardware, list[PartError]]:
    """The board for the problem screen: every part that starts, and a stand-in that shows or reads nothing for each that
    does not (and why it did not). The screen must start: without it a ``PartError`` is raised, as nothing could be shown."""
    failed: list[PartError] = []

    def part(name: str, build: Callable[[], T], stand_in: Callable[[], T]) -> T:
        try:
            return started(name, build)
        except (PartError, ConfigError) as error:
            failed.append(error if isinstance(error, PartError) else PartError(name, error))
            return stand_in()

    screen = started(SCREEN, lambda: build_screen(config))
    leds: StationLeds = part(LIGHTS, lambda: build_leds(config, station_map.pixels), NoLeds)
    buttons: StationButtons = part(BUTTONS, lambda: build_station_buttons(config, station_map.buttons), FakeStationButtons)
    controls: ControlButtons = part(KEYS, lambda: build_controls(config), FakeControlButtons)
    power: PowerButton = part(POWER, lambda: build_power_button(config), NoPowerButton)
    return Hardware(leds, buttons, controls, screen, handheld, power, build_speaker(config)), failed


def build_sim(config: Config, drawing: BoardDrawing, handheld: HandheldLink, *,
              size: tuple[int, int] = (1280, 760)) -> tuple[Hardware, SimWindow]:
    """The simulated board: every part lives in one pygame window (``hardware.sim.window``)."""
    from hardware.sim.window import SimControls, SimLeds, SimPowerButton, SimScreen, SimStationButtons, SimWindow

    window = SimWindow(drawing, config.screen, size, leds=config.leds)
    parts = SimLeds(window), SimStationButtons(window), SimControls(window), SimScreen(window)
    return Hardware(*parts, handheld, SimPowerButton(window), build_speaker(config), pieces_by_hand=False), window


def _require_pi(config: Config, part: str) -> None:
    if config.profile == "sim":
        raise HardwareUnavailable(f"profile sim: the simulator's {part} come with its window (scotland-yard sim)")
    if config.profile != "pi":
        raise ConfigError(f"profile: {config.profile!r} has no {part}")
