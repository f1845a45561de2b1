"""The hardware configuration: pins, chips, brightness and sizes, from a TOML file.

Every setting has a default for the reference build (``hardware/WIRING.md``), so
a config file names only what differs. A bad file is refused at start with a
``ConfigError`` that names the setting (and the file):

>>> parse_config("[leds]\\nbrightness = 2")
Traceback (most recent call last):
...
hardware.config.ConfigError: leds.brightness: must be between 0 and 1, not 2
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from hardware.files import check_version, read_text

VERSION = 1
"""The file's optional top-level ``version = 1``: people write it, so none means 1."""
PROFILES = ("pi", "sim", "fake")
GPIO_PINS = range(2, 28)
"""The GPIO numbers on a Raspberry Pi's 40-pin header (0 and 1 are the HAT EEPROM's)."""

SPI_BUS_PINS = {
    0: {"sclk": 11, "mosi": 10, "miso": 9, "ce0": 8, "ce1": 7},
    1: {"sclk": 21, "mosi": 20, "miso": 19, "ce0": 18},
}
"""The pins each SPI bus's kernel driver holds once the bus is turned on, whatever is wired.

SPI0 (``dtparam=spi=on``, the ``spi0-2cs`` overlay) holds both its chip selects,
CE0 GPIO8 and CE1 GPIO7. SPI1 is the auxiliary bus, turned on with the ``spi1-1cs``
overlay (the one the installer writes): it holds one chip select, CE0 GPIO18 (or the
overlay's ``cs0_pin``); CE1 GPIO17 and CE2 GPIO16 are held only by ``spi1-2cs`` and
``spi1-3cs``, which the console does not use, so they stay free for other uses."""

NO_POWER_BUTTON = 0
"""``controls.power`` of a console without a power button."""

LEDS_SPI0_PIN = 10
"""The ``ws281x`` backend's SPI pin: rpi-ws281x drives GPIO10 through ``/dev/spidev0.0``, holding all of SPI0."""


class ConfigError(ValueError):
    """A config file that cannot be used; the message names the setting."""


@dataclass(frozen=True)
class LedConfig:
    backend: str = "ws281x"
    """``ws281x`` (Pi 3, 4, Zero 2 W: PWM/PCM/SPI through rpi-ws281x) or ``spi`` (Pi 5: WS2812 bits over SPI)."""
    pin: int = 18
    """GPIO of the strip's data line for ``ws281x`` (18 PWM0, 12 PWM0, 21 PCM; 10 SPI holds all of SPI0, the buttons' bus)."""
    spi_bus: int = 1
    """SPI bus for the ``spi`` backend (the strip takes the bus's MOSI pin; SPI0 is the buttons')."""
    count: int = 199
    """Pixels on the strip (at least one per station)."""
    brightness: float = 0.5
    gamma: float = 2.2
    supply_amps: float = 3.0
    """The LED supply's current limit; frames are scaled to stay under it."""
    milliamps_per_channel: float = 20.0
    """Current of one colour channel of one pixel at full value (WS2812B: about 20 mA)."""
    idle_milliamps: float = 1.0
    """Current of one dark pixel's controller."""
    order: str = "GRB"


@dataclass(frozen=True)
class ButtonChainConfig:
    """The station buttons: a chain of 74HC165 parallel-in shift registers read over SPI."""

    chips: int = 29
    """74HC165s in the chain: seven station buttons a chip (input H of each is its sentinel, tied to ground), so 29 for 199."""
    spi_bus: int = 0
    """SPI bus of the chain: SCLK to every chip's CLK, MISO from the QH of the chip nearest the Pi.
    gpiozero uses the kernel's SPI driver only on bus 0 with select 8 or 7; elsewhere it bit-bangs."""
    load_pin: int = 25
    """GPIO driving every chip's SH/LD (low loads the buttons in)."""
    select_pin: int = 8
    """The bus's chip-select line (CE0), toggled by the SPI driver but left unconnected: the chips need none."""
    debounce_ms: float = 20.0
    stuck_after_s: float = 10.0
    active_low: bool = True
    """Buttons pull their input low when pressed (with pull-ups on the board)."""


@dataclass(frozen=True)
class ControlConfig:
    """GPIO of each control key (pressed connects the pin to ground)."""

    choice_1: int = 5
    choice_2: int = 6
    choice_3: int = 13
    choice_4: int = 16
    confirm: int = 26
    undo: int = 24
    menu: int = 23
    power: int = 3
    """The power button (``hardware.drivers.power_button``): GPIO3, which also wakes a halted Pi; 0 means none.
    GPIO3 is I2C1's SCL too, so a console with this button uses no I2C1 (and no ``gpio-shutdown`` overlay)."""
    bounce_ms: float = 30.0


@dataclass(frozen=True)
class ScreenConfig:
    width: int = 800
    height: int = 480
    fullscreen: bool = True
    height_mm: float = 85.92
    """The height of the screen's picture in millimetres (the 7-inch Touch Display's): it sets the smallest letters the
    console writes, those a player reads from a seat (``console.table.screen.legibility``)."""


@dataclass(frozen=True)
class HandheldConfig:
    port: str = "/dev/scotland-yard-handheld"
    """The handheld's serial device (the udev rule in ``hardware/INSTALL.md`` makes this name)."""
    baud: int = 115200


@dataclass(frozen=True)
class PhoneConfig:
    """Mister X's own phone as his handheld (``hardware.phone``): the page the console serves it on the local network."""

    host: str = ""
    """The address the page is served on and the pairing code names; ``""``: the console's own address on the local network."""
    port: int = 8765
    """The TCP port of the page (the pairing code names it too)."""


I2S_PINS = {"bclk": 18, "lrclk": 19, "din": 21}
"""The pins an I2S amplifier board takes (``dtoverlay=max98357a`` or ``hifiberry-dac``): PCM_CLK, PCM_FS, PCM_DOUT."""

SPEECH_PROGRAMS = ("espeak-ng", "espeak", "")
"""The speech synthesisers the console can run (``""``: no spoken announcements)."""


@dataclass(frozen=True)
class SoundConfig:
    """The console's sounds (``hardware.drivers.audio``) and spoken announcements (``hardware.drivers.speech``)."""

    enabled: bool = True
    """False: no sound and no speech at all (the mixer is not even opened)."""
    volume: float = 0.8
    """The volume at start, 0 to 1 (the console's settings change it while it runs)."""
    speech: str = "espeak-ng"
    """The speech synthesiser to run: ``espeak-ng``, ``espeak``, or ``""`` for none (silently none if not installed)."""
    device: str = ""
    """The ALSA device SDL plays through (its ``AUDIODEV``): ``""`` is the system's default;
    e.g. ``"hdmi:CARD=vc4hdmi0,DEV=0"`` (HDMI) or ``"plughw:CARD=Device"`` (a USB speaker)."""
    i2s: bool = False
    """An I2S amplifier board is wired: it takes GPIO 18, 19 and 21 (``I2S_PINS``), checked against the other pins."""


@dataclass(frozen=True)
class Config:
    profile: str = "sim"
    map_file: str = "station-map.json"
    """The station -> pixel and station -> button maps, written by ``calibrate``."""
    leds: LedConfig = field(default_factory=LedConfig)
    buttons: ButtonChainConfig = field(default_factory=ButtonChainConfig)
    controls: ControlConfig = field(default_factory=ControlConfig)
    screen: ScreenConfig = field(default_factory=ScreenConfig)
    handheld: HandheldConfig = field(default_factory=HandheldConfig)
    sound: SoundConfig = field(default_factory=SoundConfig)
    phone: PhoneConfig = field(default_factory=PhoneConfig)


_SECTIONS = {"leds": LedConfig, "buttons": ButtonChainConfig, "controls": ControlConfig, "screen": ScreenConfig, "handheld": HandheldConfig,
             "sound": SoundConfig, "phone": PhoneConfig}


def load_config(path: str | Path) -> Config:
    """Read and check a config file; a missing file means every default."""
    path = Path(path)
    text = read_text(path, ConfigError)
    if text is None:
        return check_config(Config())
    try:
        return parse_config(text)
    except ConfigError as error:
        raise ConfigError(f"{path}: {error}") from None


def parse_config(text: str) -> Config:
    """A config from TOML text, checked."""
    return config_from_data(read_config(text))


def read_config(text: str) -> dict[str, Any]:
    """The config file's sections and keys, its ``version`` checked and taken out.

    The version is checked first: a newer console's file may hold settings this one does not know.
    """
    data = read_toml(text)
    check_version("a config file", data.pop("version", VERSION), VERSION, ConfigError)
    return data


def read_toml(text: str) -> dict[str, Any]:
    """The TOML's tables; a ``ConfigError`` for broken TOML, or nesting too deep for the parser (it recurses)."""
    try:
        return tomllib.loads(text)
    except ValueError as error:  # a TOMLDecodeError, or a number too long for int()
        raise ConfigError(f"not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError("its arrays or tables nest too deeply to be read") from None


def config_from_data(data: dict[str, Any], others: Sequence[str] = ()) -> Config:
    """A config from the parsed file, checked; *others* are the sections other layers own (taken out of *data*)."""
    top: dict[str, Any] = {}
    for key, value in data.items():
        if key in _SECTIONS:
            if not isinstance(value, dict):
                raise ConfigError(f"{key}: must be a [{key}] section")
            top[key] = section(key, _SECTIONS[key], value)
        elif key in ("profile", "map_file"):
            top[key] = typed(key, value, str)
        else:
            raise unknown_setting(key, ["profile", "map_file", *_SECTIONS, *others])
    return check_config(replace(Config(), **top))


def unknown_setting(name: str, known: Sequence[str]) -> ConfigError:
    """The error for a key no one reads: the known ones, and the likely one meant (a typo such as ``[gmae]``)."""
    meant = difflib.get_close_matches(name.rpartition(".")[2], known, n=1)
    guess = f"; did you mean {meant[0]}?" if meant else ""
    return ConfigError(f"{name}: unknown setting{guess} (known: {', '.join(known)})")


def section(name: str, kind: type, values: dict[str, Any]) -> Any:
    """A dataclass of settings from one [section], each value checked against its default's type."""
    known = {f.name: f for f in fields(kind)}
    settings = {}
    for key, value in values.items():
        if key not in known:
            raise unknown_setting(f"{name}.{key}", list(known))
        default = getattr(kind(), key)
        settings[key] = typed(f"{name}.{key}", value, type(default))
    return kind(**settings)


def typed(name: str, value: Any, kind: type) -> Any:
    """*value* as a *kind*, or a ``ConfigError`` naming the setting."""
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ConfigError(f"{name}: must be {_KIND_WORDS[kind]}, not {value!r}")
    return value


_KIND_WORDS = {int: "a whole number", float: "a number", str: "text in quotes", bool: "true or false"}


def check_config(config: Config) -> Config:
    """Refuse values out of range and pins that do not exist or are claimed twice."""
    if config.profile not in PROFILES:
        raise ConfigError(f"profile: must be one of {', '.join(PROFILES)}, not {config.profile!r}")
    leds, buttons = config.leds, config.buttons
    _range("leds.brightness", leds.brightness, 0, 1)
    _range("leds.gamma", leds.gamma, 1, 4)
    _range("leds.supply_amps", leds.supply_amps, 0.1, 100)
    _range("leds.count", leds.count, 1, 2000)
    if leds.backend not in ("ws281x", "spi"):
        raise ConfigError(f"leds.backend: must be ws281x or spi, not {leds.backend!r}")
    if sorted(leds.order) != sorted("RGB"):
        raise ConfigError(f"leds.order: must be the letters R, G and B in the strip's order, not {leds.order!r}")
    _range("buttons.chips", buttons.chips, 1, 64)
    _range("buttons.debounce_ms", buttons.debounce_ms, 0, 1000)
    _range("buttons.stuck_after_s", buttons.stuck_after_s, 0.5, 3600)
    _range("controls.bounce_ms", config.controls.bounce_ms, 0, 1000)
    _range("screen.width", config.screen.width, 64, 8192)
    _range("screen.height", config.screen.height, 64, 8192)
    _range("screen.height_mm", config.screen.height_mm, 10, 2000)
    _range("sound.volume", config.sound.volume, 0, 1)
    _range("phone.port", config.phone.port, 1, 65535)
    if any(char.isspace() or char in "/?#@" for char in config.phone.host):
        raise ConfigError(f"phone.host: must be an address (192.168.1.20) or a name, or \"\" for the console's own, "
                          f"not {config.phone.host!r}")
    if config.sound.speech not in SPEECH_PROGRAMS:
        raise ConfigError(f"sound.speech: must be espeak-ng, espeak or \"\" (none), not {config.sound.speech!r}")
    for name, bus in (("leds.spi_bus", leds.spi_bus), ("buttons.spi_bus", buttons.spi_bus)):
        if bus not in SPI_BUS_PINS:
            raise ConfigError(f"{name}: SPI bus {bus} does not exist (0 or 1)")
    if leds.backend == "spi" and leds.spi_bus == buttons.spi_bus:
        raise ConfigError(
            f"leds.spi_bus and buttons.spi_bus: both use SPI bus {buttons.spi_bus}; the LED strip has no chip "
            "select and would read the button scan as pixels, so give them separate buses"
        )
    claims: dict[int, str] = {}
    for setting, pin in pin_claims(config):
        if pin not in GPIO_PINS:
            raise ConfigError(f"{setting}: GPIO {pin} does not exist (the header has GPIO 2 to 27)")
        if pin in claims:
            raise ConfigError(f"{claims[pin]} and {setting} both use GPIO {pin}")
        claims[pin] = setting
    return config


def pin_claims(config: Config) -> list[tuple[str, int]]:
    """Every GPIO the configured devices use, with the setting that claims it.

    A bus in use is claimed whole (every pin of ``SPI_BUS_PINS``), since its kernel
    driver holds them all whether or not they are wired; the buttons' chip select is
    claimed by ``buttons.select_pin`` instead of the bus.
    """
    claims: list[tuple[str, int]] = []
    if config.leds.backend == "ws281x":
        claims.append(("leds.pin", config.leds.pin))
        if config.leds.pin == LEDS_SPI0_PIN:
            claims += [("leds.pin", pin) for pin in SPI_BUS_PINS[0].values() if pin != LEDS_SPI0_PIN]
    else:
        claims += [("leds.spi_bus", pin) for pin in SPI_BUS_PINS[config.leds.spi_bus].values()]
    buttons = config.buttons
    bus = SPI_BUS_PINS[buttons.spi_bus]
    # On SPI1 the installer moves the bus's one chip select to select_pin (cs0_pin=...).
    held = [pin for line, pin in bus.items() if not (buttons.spi_bus == 1 and line == "ce0")]
    claims += [("buttons.spi_bus", pin) for pin in held if pin != buttons.select_pin]
    claims += [("buttons.select_pin", buttons.select_pin), ("buttons.load_pin", buttons.load_pin)]
    claims += [(f"controls.{f.name}", getattr(config.controls, f.name)) for f in fields(ControlConfig)
               if f.name != "bounce_ms" and not (f.name == "power" and config.controls.power == NO_POWER_BUTTON)]
    if config.sound.i2s:  # the overlay holds the pins whether or not the console plays sound
        claims += [("sound.i2s", pin) for pin in I2S_PINS.values()]
    return claims


def _range(name: str, value: float, low: float, high: float) -> None:
    if not low <= value <= high:
        raise ConfigError(f"{name}: must be between {low:g} and {high:g}, not {value:g}")
