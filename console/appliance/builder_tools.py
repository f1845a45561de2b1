"""The builder's commands: ``hw-test`` and ``calibrate``, wired to the configured hardware.

Both run without a complete station map: ``hw-test`` falls back to the wiring
order, and ``calibrate`` is what writes the map.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import TextIO

from hardware.builder.calibrate import ButtonBits, Calibration
from hardware.builder.selftest import SelfTestReport, check_chain, led_chain_test, run_self_test
from hardware.config import Config, ConfigError
from hardware.drivers.station_buttons import ShiftRegisterChain, StationButtonScanner
from hardware.factory import build_board
from hardware.station_map import StationMap, station_bits
from language import p_

DEFAULT_CONFIG = Path("/etc/scotland-yard/config.toml")


def config_path(given: str | None) -> Path:
    """The config file: given on the command line, else $SCOTLAND_YARD_CONFIG, else the system one.

    Only the system one may be missing (every default then): a file named on purpose that is not there is a
    mistake to say, not a reason to play on defaults.
    """
    path = config_named(given)
    if path != DEFAULT_CONFIG and not path.exists():
        source = "--config" if given else "$SCOTLAND_YARD_CONFIG"
        raise ConfigError(f"no config file at {path} (named by {source}): name an existing file, or none for the defaults")
    return path


def config_named(given: str | None) -> Path:
    """The config file named (on the command line, else by $SCOTLAND_YARD_CONFIG, else the system one), there or not."""
    return Path(given or os.environ.get("SCOTLAND_YARD_CONFIG") or DEFAULT_CONFIG)


def map_path(config: Config, config_file: Path) -> Path:
    """The station map file, relative to the config file's folder unless absolute."""
    return config_file.parent / config.map_file


def hw_test(
    config: Config, config_file: Path, stations: Sequence[int], out: TextIO, listen_s: float, step_s: float, flood_s: float,
    walk: bool = False,
) -> SelfTestReport:
    """The builder's check from a terminal; *walk*: check the station map, station by station (``SelfTest``)."""
    path = map_path(config, config_file)
    station_map = StationMap.load(path) if path.exists() else StationMap.wiring_order(stations, config.buttons.chips)
    if not path.exists():
        print(p_("terminal", "No station map at {path}: station n is pixel n-1 and the n-th station input of the chain "
                 "(the wiring order).", path=str(path)), file=out)
    with ExitStack() as parts:
        leds, buttons, controls = build_board(config, station_map.pixels, station_map.buttons, parts)
        broken_chip = None
        if isinstance(buttons, StationButtonScanner) and isinstance(buttons.chain, ShiftRegisterChain):
            chain = check_chain(buttons.chain, station_map.buttons, active_low=config.buttons.active_low)
            print(chain.message, file=out, flush=True)
            broken_chip = chain.broken_chip
        if sys.stdin.isatty():  # the builder can answer how far the light got
            pixel_station = {pixel: station for station, pixel in station_map.pixels.items()}
            led_chain_test(leds, pixel_station, config.leds.count, out, input, step_s=step_s)
        report = run_self_test(leds, buttons, controls, stations, out, step_s=step_s, colour_s=flood_s, listen_s=listen_s,
                               walk=walk)
        report.broken_chip = broken_chip
        return report


def calibrate(config: Config, config_file: Path, stations: Sequence[int], out: TextIO, restart: bool) -> StationMap:
    bits = station_bits(config.buttons.chips)  # never a sentinel: it reads pressed for ever
    with ExitStack() as parts:
        # Keyed by pixel and by chain bit, not by station: finding the stations is the point.
        pixels, buttons, controls = build_board(config, {p: p for p in range(config.leds.count)}, {b: b for b in bits}, parts)
        calibration = Calibration(pixels, ButtonBits(buttons), controls, list(stations), config.leds.count,
                                  map_path(config, config_file), out, inputs=bits)
        return calibration.run(restart)
