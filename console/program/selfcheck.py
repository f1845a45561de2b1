"""``scotland-yard self-check``: is this install able to run the console? Run by an update before it switches over.

Each check prints one line (``ok imports: 98 modules (0.4 s)``); the first
that fails ends the run naming itself and why, so a broken release is never
made current. It touches no hardware and no saved game (the service may be
running beside it): the game is played on the fake board, with SDL's dummy
video driver, in a temporary data folder; and the console's own command is
started as the board starts it, headless (``play --headless``), up to its
first screen, so a release whose start fails is never switched to.

It needs nothing but the release's own dependencies: every module imports
without the test extra (the catalogs' tool imports Babel only when it runs).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TextIO

PACKAGES = ("console", "engine", "language", "hardware")
"""The packages every module of which must import (not the handheld's firmware: MicroPython's hardware modules)."""
PROGRAM_FRAMES = 30
"""Frames the console's program runs in the check: its start menu, a new game's setup, the deal, the placing."""
START_TIMEOUT_S = 120.0
"""How long the console's own start may take (a few seconds on a PC; a Pi 3 loads pygame and the fonts far slower)."""
_SYSTEMD = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID")
"""Not handed to the console started in the check: it must not speak for the service."""


class CheckFailed(Exception):
    """A check failed: the message says which module, setting or step, and why."""


def check_imports() -> str:
    """Every module of the console, the engine, the translations and the hardware layer imports (a missing dependency
    shows here); the maker's build pack may lack the libraries of its extra (``EXTRAS``), which a release does not install."""
    count, left_out = 0, 0
    for package in PACKAGES:
        module = _imported(package)
        for info in pkgutil.walk_packages(module.__path__, f"{package}.", onerror=_walk_failed):
            try:
                _imported(info.name)
                count += 1
            except _NeedsExtra:
                left_out += 1
    needing = f", {left_out} left out (they need the {', '.join(sorted(set(EXTRAS.values())))} extra)" if left_out else ""
    return f"{count + len(PACKAGES)} modules{needing}"


EXTRAS = {"hardware.pack": "pack"}
"""Packages of the maker's tools whose modules need libraries of an extra a release does not install (``build-pack`` is run
from a checkout with that extra): one that cannot find such a library is left out of the check, not failed."""


class _NeedsExtra(Exception):
    """A module of ``EXTRAS`` without its extra's libraries."""


def _imported(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        theirs = (error.name or "").partition(".")[0] not in (*PACKAGES, "firmware")
        if theirs and any(name.startswith(f"{package}.") for package in EXTRAS):
            raise _NeedsExtra(name) from None
        raise CheckFailed(f"{name}: {type(error).__name__}: {error}") from None
    except Exception as error:  # anything a module raises as it loads is the release's fault
        raise CheckFailed(f"{name}: {type(error).__name__}: {error}") from None


def _walk_failed(name: str) -> None:
    raise CheckFailed(f"{name}: cannot be imported")


def check_config(config: str | None) -> str:
    """The config file parses (and the station map it names, if there is one yet)."""
    from console.appliance import builder_tools
    from console.program.config import load_settings
    from hardware.config import ConfigError
    from hardware.station_map import MapError, StationMap

    try:
        path = builder_tools.config_path(config)
        settings = load_settings(path)
        map_file = builder_tools.map_path(settings.hardware, path)
        if map_file.exists():
            StationMap.load(map_file)
    except (ConfigError, MapError) as error:
        raise CheckFailed(str(error)) from None
    shown = path if path.exists() else f"{path} (missing: every setting at its default)"
    return f"{shown}, profile {settings.hardware.profile}" + ("" if map_file.exists() else ", no station map yet")


def check_engine_game() -> str:
    """A whole game, computer against computer, through the engine and its computer players."""
    from engine import Game, Side
    from engine.ai.players import choose_detective_moves, choose_mister_x_move

    game = Game.new("reissue", players=6, seed=1)
    turn = 0
    while not game.is_over:
        turn += 1
        if game.turn is Side.MISTER_X:
            game.play(choose_mister_x_move(game.mister_x_view(), game.board, "easy", seed=turn))
            continue
        for move in choose_detective_moves(game.public_view(), game.board, "easy", seed=turn):
            if not game.is_over:
                game.play(move)
    assert game.outcome is not None
    return f"{game.round} rounds, {game.outcome.winner.value.replace('_', ' ')} won"


def check_program() -> str:
    """The console's program on the fake board: the start menu, a new game's setup, the deal, a few frames of play."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from console.program.program import Program
    from console.settings import GameSettings, Seat
    from engine import london
    from hardware.config import Config
    from hardware.drivers.controls import FakeControlButtons
    from hardware.drivers.handheld import MemoryHandheldLink
    from hardware.factory import build_hardware
    from hardware.interfaces import Key
    from hardware.station_map import StationMap

    stations = london().stations
    with tempfile.TemporaryDirectory(prefix="scotland-yard-self-check-") as data:
        hardware = build_hardware(Config(profile="fake"), StationMap.identity(stations), stations, MemoryHandheldLink())
        with hardware:
            program = Program(hardware, GameSettings(data_dir=data, mister_x=Seat.COMPUTER), think_inline=True)
            controls = hardware.controls
            assert isinstance(controls, FakeControlButtons)
            for frame in range(PROGRAM_FRAMES):
                if frame in (1, 2):
                    controls.press(Key.CONFIRM)  # "New game", then the setup's last row: deal
                program.console.step()
            if program.flow is None:
                raise CheckFailed("the new game did not start")
    return f"{PROGRAM_FRAMES} frames, a game dealt"


def own_command() -> list[str]:
    """This release's ``scotland-yard`` (beside its interpreter), or the interpreter running the command's module."""
    script = Path(sys.executable).with_name("scotland-yard")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "console.cli"]


def check_start(config: str | None) -> str:
    """The console's own command, as the board starts it, reaches its first screen (headless: a stand-in board, a temporary
    data folder): the start menu, and not a problem screen or a crash."""
    with tempfile.TemporaryDirectory(prefix="scotland-yard-self-check-") as data:
        argv = [*own_command(), "play", "--headless", "--data-dir", data, *(["--config", config] if config else [])]
        environment = {name: value for name, value in os.environ.items() if name not in _SYSTEMD}
        environment |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=START_TIMEOUT_S, env=environment, check=False)
        except subprocess.TimeoutExpired:
            raise CheckFailed(f"the console did not start within {START_TIMEOUT_S:g} s") from None
    if done.returncode != 0:
        lines = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        raise CheckFailed(f"the console did not start (exit status {done.returncode}): {lines[-1] if lines else 'it said nothing'}")
    return done.stdout.strip()


CHECKS: tuple[tuple[str, Callable[[str | None], str]], ...] = (
    ("imports", lambda config: check_imports()),
    ("config", check_config),
    ("engine game", lambda config: check_engine_game()),
    ("program", lambda config: check_program()),
    ("start", check_start),
)


def run_checks(config: str | None, out: TextIO) -> int:
    """Run every check, one line each; 0 if all passed, 1 at the first that failed (naming it)."""
    for name, check in CHECKS:
        began = time.monotonic()
        try:
            said = check(config)
        except CheckFailed as error:
            print(f"FAILED {name}: {error}", file=out, flush=True)
            return 1
        except Exception as error:  # a bug anywhere in the release fails the check it shows in
            print(f"FAILED {name}: {type(error).__name__}: {error}", file=out, flush=True)
            return 1
        print(f"ok {name}: {said} ({time.monotonic() - began:.1f} s)", file=out, flush=True)
    return 0
