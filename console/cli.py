"""The ``scotland-yard`` command."""

from __future__ import annotations

import argparse
import logging
import math
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from console import builder_tools, games
from console.config import PREFERENCES, load_preferences, load_settings
from console.settings import GameSettings, Level, Seat
from console.storage import DataFolder, FolderError
from engine import RecordError, london
from hardware.buildpack import PackError
from hardware.config import Config, ConfigError
from hardware.handheld import MemoryHandheldLink
from hardware.interfaces import HandheldLink, Hardware
from hardware.led_backends import LedDriverError
from hardware.station_map import MapError, StationMap

if TYPE_CHECKING:
    from hardware.sim.script import Command, ManualClock
    from hardware.sim.window import BoardDrawing, SimWindow

_CONFIG_HELP = "config file (default: $SCOTLAND_YARD_CONFIG or /etc/scotland-yard/config.toml)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scotland-yard", description="The Scotland Yard tabletop console.")
    commands = parser.add_subparsers(dest="command")
    text = commands.add_parser("text", help="play a game in the terminal (the default)")
    for sub in (parser, text):
        sub.add_argument("--edition", choices=games.editions(), help="the edition, or junior (default: from the config file)")
        sub.add_argument("--players", type=int, help="players, Mister X (or the rogues) included (default: from the config file)")
        sub.add_argument("--play-as", choices=("detectives", "mister-x", "rogues"), default="detectives",
                         help="the side you play (mister-x: the rogues in Junior); the computer plays the other (default: detectives)")
        sub.add_argument("--level", choices=[level.value for level in Level],
                         help="how well the computer plays (default: from the config file)")
        sub.add_argument("--seed", type=int, default=None, help="seed for the deal (default: random)")
        sub.add_argument("--config", help=_CONFIG_HELP)
        sub.add_argument("--data-dir", help="where the game is saved (default: your data folder, shared with the board)")
    hw = commands.add_parser("hw-test", help="light every LED, report every button (for builders)")
    hw.add_argument("--config", help=_CONFIG_HELP)
    hw.add_argument("--listen", type=float, default=120.0, help="seconds to wait for button presses after the last one")
    hw.add_argument("--step", type=float, default=0.05, help="seconds each station stays lit in the walk (default 0.05)")
    hw.add_argument("--flood", type=float, default=1.0, help="seconds the board shows each colour (default 1)")
    cal = commands.add_parser("calibrate", help="record which button and LED is which station (for builders)")
    cal.add_argument("--config", help=_CONFIG_HELP)
    cal.add_argument("--restart", action="store_true", help="start over instead of resuming")
    board = commands.add_parser("play", help="play on the lit board (the Raspberry Pi console)")
    board.add_argument("--config", help=_CONFIG_HELP)
    board.add_argument("--new", action="store_true",
                       help="open the new game's setup at once (an interrupted game stays saved unless you deal a new one: asked twice)")
    board.add_argument("--edition", choices=games.editions(), help="the edition, or junior (default: from the config file)")
    board.add_argument("--players", type=int, help="players, Mister X included (default: from the config file)")
    board.add_argument("--mister-x", choices=(Seat.HANDHELD.value, Seat.COMPUTER.value),
                       help="who plays Mister X (default: from the config file)")
    sim = commands.add_parser("sim", help="play the console on a PC: the board, its keys and its screen in a window")
    sim.add_argument("--config", help=_CONFIG_HELP)
    sim.add_argument("--data-dir", help="where games are saved (default: from the config file, or your data folder)")
    sim.add_argument("--headless", action="store_true", help="no window: play --script and save its screenshots")
    sim.add_argument("--script", help="a file of clicks, keys, waits and screenshots to play (see hardware/sim/script.py)")
    sim.add_argument("--screenshots", help="folder for the script's screenshots (default: the current folder)")
    sim.add_argument("--seed", type=int, help="deal every new game with this seed (a reproducible script)")
    sim.add_argument("--handheld-window", action="store_true",
                     help="Mister X's handheld in a window of its own (for a second screen) instead of a pane")
    hsim = commands.add_parser("handheld-sim", help="Mister X's handheld in a window, on a serial port (a pseudo-terminal)")
    hsim.add_argument("--port", required=True, help="the serial device the console's link is on")
    flash = commands.add_parser("flash-handheld", help="copy the handheld's firmware to a connected Pico (needs mpremote)")
    flash.add_argument("--port", default="auto", help="the Pico's serial port (default: auto, the first one found)")
    again = commands.add_parser("replay", help="play a finished game back: on the lit board, or in the simulator's window on a PC",
                                description="Play a finished game back, move by move (any key skips to the end, another leaves). "
                                            "Where depends on the config's profile: pi, the lit board and its screen; "
                                            "sim (the default, on a PC), the simulator's window.")
    again.add_argument("record", help="a game record (the data folder's history/ holds them)")
    again.add_argument("--config", help=_CONFIG_HELP)
    again.add_argument("--step", type=float, default=2.0, help="seconds per move (default 2)")
    again.add_argument("--headless", action="store_true", help="in the simulator, no window: play --script and save its screenshots")
    again.add_argument("--script", help="the simulator's keys, waits and screenshots to play (see hardware/sim/script.py)")
    again.add_argument("--screenshots", help="folder for the script's screenshots (default: the current folder)")
    pack = commands.add_parser("build-pack", help="write the maker's pack: drill templates, bill of materials, schematics (for builders)")
    pack.add_argument("folder", help="the folder to write the pack into (made if missing)")
    pack.add_argument("--board-size", default="545x420", help="the printed board, WIDTHxHEIGHT in mm (default 545x420, the classic board)")
    pack.add_argument("--paper", default="a4", help="a4 or letter, for the tiled PDF (default a4)")
    pack.add_argument("--button-hole", default=8.0, help="station button hole diameter in mm (default 8)")
    pack.add_argument("--led-hole", default=5.0, help="LED window diameter in mm, marked inside the button hole (default 5)")
    pack.add_argument("--key-hole", default=12.0,
                      help="control key hole diameter in mm (default 12; 24 or 30 for arcade buttons)")
    pack.add_argument("--update-wiring", action="store_true",
                      help="also rewrite the bill of materials table in hardware/WIRING.md from hardware/bom.toml (in a source checkout)")
    args = parser.parse_args(argv)
    return _run_command(args.command or "text", args)


def _play_in_terminal(args: argparse.Namespace) -> int:
    """The terminal game: the side typed in, the computer the other; journaled in the data folder like the board's."""
    from console import terminal

    hidden = args.play_as != "detectives"
    game, _ = load_preferences(_with_data_dir(load_settings(builder_tools.config_path(args.config)).game, args.data_dir))
    edition = args.edition or game.edition
    settings = games.check(replace(game, edition=edition, players=args.players or game.players,
                                   level=Level(args.level) if args.level else game.level,
                                   district=game.district if edition == game.edition else "",
                                   mister_x=Seat.HANDHELD if hidden else Seat.COMPUTER,
                                   detectives_by=Seat.COMPUTER if hidden else Seat.PEOPLE))
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    with DataFolder.open(settings.data_path):
        return terminal.play(settings, seed, sys.stdout, input)


def _with_data_dir(game: GameSettings, data_dir: str | None) -> GameSettings:
    """The config file's game settings, with the data folder given on the command line (if one was)."""
    return game if data_dir is None else replace(game, data_dir=data_dir)


def _play_on_board(args: argparse.Namespace) -> int:
    from console.program import Program  # pygame loads only for the board

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")  # to the journal of systemd
    path = builder_tools.config_path(args.config)
    settings = load_settings(path)
    game, note = load_preferences(settings.game)
    game = games.check(replace(game, edition=args.edition or game.edition, players=args.players or game.players,
                               mister_x=Seat(args.mister_x) if args.mister_x else game.mister_x))
    with DataFolder.open(game.data_path) as folder, _open_board(settings.hardware, path, None) as hardware:  # the handheld on USB
        shutdown = _power_off if settings.hardware.profile == "pi" else None
        program = Program(hardware, game, shutdown=shutdown, note=note or folder.note)
        if args.new:
            program.setup_menu()
        program.run()  # each move is journaled: a stop loses nothing
    return 0


def _power_off() -> None:
    """The start menu's last row on the Pi: a clean shutdown (the service runs as root)."""
    subprocess.run(["systemctl", "poweroff"], check=False)


def _open_board(config: Config, config_file: Path, handheld: HandheldLink | None) -> Hardware:
    """The whole board for playing on it: a fake board has nobody at it, and the map must be complete."""
    from hardware.factory import build_hardware  # the drivers load only for the board

    if config.profile == "fake":
        raise ConfigError("profile: the fake profile has nobody at its board; use pi (or sim)")
    station_map = StationMap.load(builder_tools.map_path(config, config_file))
    return build_hardware(config, station_map, london().stations, handheld)


def _replay(args: argparse.Namespace) -> int:
    """The record on the lit board (profile pi), or in the simulator's window (profile sim)."""
    from console.replay import load_record_file, replay  # pygame loads only for the board

    path = builder_tools.config_path(args.config)
    kind, final = load_record_file(Path(args.record))
    config = load_settings(path).hardware
    if config.profile == "sim":
        return _replay_in_window(args, config, kind, final)
    if args.headless or args.script:
        raise ConfigError(f"--headless and --script are the simulator's: the profile is {config.profile!r}, not 'sim'")
    with _open_board(config, path, MemoryHandheldLink()) as hardware:
        replay(hardware, kind, final, step_s=args.step)
    return 0


def _replay_in_window(args: argparse.Namespace, config: Config, kind: games.GameKind, final: object) -> int:
    """The record in the simulator's window, its end shown until a key or the window is closed; headless, by its script."""
    from console.app import Console
    from console.replay import Playback, replay
    from hardware.sim import open_window
    from hardware.sim.script import ManualClock

    commands = _script(args)
    hardware, window = open_window(config, board_drawing(), MemoryHandheldLink(), headless=args.headless)
    with hardware:
        if not args.headless:
            replay(hardware, kind, final, step_s=args.step, end_s=math.inf, should_stop=lambda: window.closed)
            return 0
        clock = ManualClock()
        playback = Playback(kind, final, clock(), step_s=args.step)
        _play_script(args, window, clock, Console(hardware, playback, clock=clock).step, lambda: playback.done, commands)
    return 0


def _script(args: argparse.Namespace) -> list[Command]:
    """The simulator's --script, read; a window is played by hand, so a script needs --headless (and the reverse)."""
    from hardware.sim.script import load_script

    if args.headless != bool(args.script):
        raise ConfigError("--headless and --script go together: a window is played by hand, a headless run by its script")
    return load_script(Path(args.script), london().stations) if args.script else []


def _play_script(args: argparse.Namespace, window: SimWindow, clock: ManualClock, step: Callable[[], None],
                 finished: Callable[[], bool], commands: list[Command], press: Callable[[str], None] | None = None) -> None:
    """Play a headless run's script into the window, and print the screenshots it saved."""
    from hardware.sim.script import ScriptRunner

    shots = Path(args.screenshots or ".")
    shots.mkdir(parents=True, exist_ok=True)
    runner = ScriptRunner(window, clock, shots, step, finished, press)
    runner.run(commands)
    for path in runner.taken:
        print(path)


def _builder_tool(args: argparse.Namespace) -> int:
    path = builder_tools.config_path(args.config)
    config = load_settings(path).hardware
    if args.command == "hw-test":
        report = builder_tools.hw_test(config, path, london().stations, sys.stdout, args.listen, args.step, args.flood)
        return 0 if not report.stuck and not report.never_pressed else 1
    builder_tools.calibrate(config, path, london().stations, sys.stdout, args.restart)
    return 0


def board_drawing() -> BoardDrawing:
    """The London board as the simulator's window draws it: the stations' places and the lines by transport."""
    from hardware.sim.window import BoardDrawing

    board = london()
    return BoardDrawing.of(board.positions, {transport.name.lower(): pairs for transport, pairs in board.lines.items()})


def first_run_settings(settings: GameSettings) -> GameSettings:
    """A newcomer's first game in the simulator is against the computer (no handheld to pass around yet)."""
    if (settings.data_path / PREFERENCES).exists():
        return settings
    return replace(settings, mister_x=Seat.COMPUTER)


def _simulate(args: argparse.Namespace) -> int:
    from console.program import Program  # pygame loads only for the simulator
    from hardware.sim import open_window
    from hardware.sim.handheld import handheld_in_pane, handheld_in_window
    from hardware.sim.script import ManualClock

    commands = _script(args)
    settings = load_settings(builder_tools.config_path(args.config))
    game = _with_data_dir(settings.game, args.data_dir)
    game, note = load_preferences(first_run_settings(game))
    folder = DataFolder.open(game.data_path)
    clock = ManualClock() if args.headless else time.monotonic
    handheld = handheld_in_window() if args.handheld_window and not args.headless else handheld_in_pane(clock)
    hardware, window = open_window(settings.hardware, board_drawing(), handheld.link, headless=args.headless)
    if handheld.pane is not None:
        window.attach_pane(handheld.pane)
    try:
        with folder, hardware:
            program = Program(hardware, game, note=note or folder.note, seed=args.seed, clock=clock, think_inline=args.headless)
            if not args.headless:
                program.run(lambda: window.closed)
                return 0
            assert isinstance(clock, ManualClock)
            _play_script(args, window, clock, program.console.step, lambda: program.finished, commands, handheld.press)
    finally:
        if handheld.process is not None:
            handheld.process.terminate()
    return 0


def _handheld_window(args: argparse.Namespace) -> int:
    from hardware.sim.handheld import run_on_port

    run_on_port(args.port)
    return 0


def _build_pack(args: argparse.Namespace) -> int:
    from hardware.buildpack import WIRING_FILE, PackOptions, parse_mm, parse_size, update_wiring, write_pack

    options = PackOptions(parse_size(args.board_size), args.paper.lower(), parse_mm(args.button_hole, "--button-hole"),
                          parse_mm(args.led_hole, "--led-hole"), parse_mm(args.key_hole, "--key-hole"))
    written, notes = write_pack(Path(args.folder), options)
    for path in written:
        print(path)
    if args.update_wiring:
        print(f"{WIRING_FILE}: {'updated' if update_wiring() else 'already up to date'}")
    for note in notes:
        print(note)
    return 0


def _flash(args: argparse.Namespace) -> int:
    from console.flash import flash_handheld

    return flash_handheld(args.port, sys.stdout)


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "text": _play_in_terminal,
    "flash-handheld": _flash,
    "handheld-sim": _handheld_window,
    "play": _play_on_board,
    "sim": _simulate,
    "replay": _replay,
    "hw-test": _builder_tool,
    "calibrate": _builder_tool,
    "build-pack": _build_pack,
}


def _run_command(command: str, args: argparse.Namespace) -> int:
    """A refusal is one line naming what is wrong (exit 2); Ctrl-C or SIGTERM is a clean stop (exit 130)."""
    signal.signal(signal.SIGTERM, _stop)  # before pygame starts: SDL would take SIGTERM for a window's close, unheeded
    try:
        return _COMMANDS[command](args)
    except (ConfigError, MapError, LedDriverError, RecordError, FolderError, PackError) as error:
        print(f"scotland-yard {command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nStopped.")
        return 130


def _stop(signum: int, frame: object) -> None:
    """SIGTERM (``systemctl stop``, a shutdown) stops the console as Ctrl-C does: the hardware is let go, the game kept."""
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
