"""The ``scotland-yard`` command."""

from __future__ import annotations

import argparse
import math
import secrets
import signal
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from console import games
from console.appliance import builder_tools, releases
from console.appliance.backup import BackupError, ConsoleFiles
from console.program.config import load_settings
from console.records.preferences import PREFERENCES, load_preferences
from console.records.storage import DataFolder, FolderError
from console.settings import GameSettings, Level, Seat
from engine import BoardGame, RecordError, london
from hardware.config import Config, ConfigError
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.led_backends import LedDriverError
from hardware.drivers.sticks import StickError
from hardware.factory import PartError
from hardware.pack import PackError
from hardware.station_map import MapError
from language import LANGUAGES, p_, system_language, use

if TYPE_CHECKING:
    from console.appliance.watchdog import Watchdog
    from console.program.program import Ending, Program
    from hardware.sim.script import Command, ManualClock
    from hardware.sim.window import BoardDrawing, SimWindow

T = TypeVar("T")
_CONFIG_HELP = "config file (default: $SCOTLAND_YARD_CONFIG or /etc/scotland-yard/config.toml)"
_CONSOLE_S = "the one chosen on the console's Settings menu, else the config file's [game] language"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scotland-yard", description="The Scotland Yard tabletop console.")
    commands = parser.add_subparsers(dest="command")
    text = commands.add_parser("text", help="play a game in the terminal (the default)")
    for sub in (parser, text):
        sub.add_argument("--edition", choices=games.editions(), help="the edition, or another kind of game (default: from the config file)")
        sub.add_argument("--players", type=int, help="players, Mister X (or the rogues) included (default: from the config file)")
        sub.add_argument("--play-as", choices=("detectives", "mister-x", "rogues"), default="detectives",
                         help="the side you play (mister-x: the hidden side); the computer plays the other (default: detectives)")
        sub.add_argument("--level", choices=[level.value for level in Level],
                         help="how well the computer plays (default: from the config file)")
        sub.add_argument("--seed", type=int, default=None, help="seed for the deal (default: random)")
        sub.add_argument("--config", help=_CONFIG_HELP)
        sub.add_argument("--data-dir", help="where the game is saved (default: your data folder, shared with the board)")
        _add_language(sub, f"{_CONSOLE_S}, else your system's")
    hw = commands.add_parser("hw-test", help="light every LED, report every button (for builders)")
    hw.add_argument("--config", help=_CONFIG_HELP)
    hw.add_argument("--listen", type=float, default=120.0, help="seconds to wait for button presses after the last one")
    hw.add_argument("--step", type=float, default=0.05, help="seconds each station stays lit in the walk (default 0.05)")
    hw.add_argument("--flood", type=float, default=1.0, help="seconds the board shows each colour (default 1)")
    hw.add_argument("--walk", action="store_true",
                    help="check the station map: light each station and wait for its press (the station tiles' map, say)")
    _add_language(hw, f"{_CONSOLE_S}, else English")
    cal = commands.add_parser("calibrate", help="record which button and LED is which station (for builders)")
    cal.add_argument("--config", help=_CONFIG_HELP)
    cal.add_argument("--restart", action="store_true", help="start over instead of resuming")
    _add_language(cal, f"{_CONSOLE_S}, else English")
    board = commands.add_parser("play", help="play on the lit board (the Raspberry Pi console)")
    board.add_argument("--config", help=_CONFIG_HELP)
    board.add_argument("--new", action="store_true",
                       help="open the new game's setup at once (an interrupted game stays saved unless you deal a new one: asked twice)")
    board.add_argument("--edition", choices=games.editions(), help="the edition, or another kind of game (default: from the config file)")
    board.add_argument("--players", type=int, help="players, Mister X included (default: from the config file)")
    board.add_argument("--mister-x", choices=(Seat.HANDHELD.value, Seat.COMPUTER.value, Seat.PHONE.value),
                       help="who plays Mister X (default: from the config file)")
    board.add_argument("--data-dir", help="where games are saved (default: from the config file, or the data folder)")
    board.add_argument("--headless", action="store_true",
                       help="start on a stand-in board (no GPIO, no display) up to the first screen, and stop: 0 at the start menu, "
                            "2 and why if something stops the console (what an update's self-check runs)")
    sim = commands.add_parser("sim", help="play the console on a PC: the board, its keys and its screen in a window",
                              description="Play the console on a PC: the board, its keys and its screen in a window. "
                                          "A folder named by $SCOTLAND_YARD_STICK stands in for a USB stick (backups, exports).")
    sim.add_argument("--config", help=_CONFIG_HELP)
    sim.add_argument("--data-dir", help="where games are saved (default: from the config file, or your data folder)")
    sim.add_argument("--headless", action="store_true", help="no window: play --script and save its screenshots")
    sim.add_argument("--script", help="a file of clicks, keys, waits and screenshots to play (see hardware/sim/script.py)")
    sim.add_argument("--screenshots", help="folder for the script's screenshots (default: the current folder)")
    sim.add_argument("--seed", type=int, help="deal every new game with this seed (a reproducible script)")
    sim.add_argument("--learn", action="store_true", help="start with the guided first game (Learn to play), where you left it")
    sim.add_argument("--handheld-window", action="store_true",
                     help="Mister X's handheld in a window of its own (for a second screen) instead of a pane")
    _add_language(sim, f"{_CONSOLE_S}, else your system's")
    hsim = commands.add_parser("handheld-sim", help="Mister X's handheld in a window, on a serial port (a pseudo-terminal)")
    hsim.add_argument("--port", required=True, help="the serial device the console's link is on")
    flash = commands.add_parser("flash-handheld", help="copy the handheld's firmware to a connected Pico (needs mpremote)")
    flash.add_argument("--port", default="auto", help="the Pico's serial port (default: auto, the first one found)")
    _add_language(flash, "your system's")
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
    keep = commands.add_parser("backup", help="copy the finished games, the config, the station map and the menus' choices to a USB stick")
    keep.add_argument("folder", nargs="?", help="back up into FOLDER/scotland-yard-backups/ (default: the USB stick plugged in)")
    again_from = commands.add_parser("restore", help="restore the newest backup from a USB stick (games are merged, nothing is lost)")
    again_from.add_argument("folder", nargs="?", help="a backup, or a folder holding backups (default: the USB stick plugged in)")
    for sub in (keep, again_from):
        sub.add_argument("--config", help=_CONFIG_HELP)
        sub.add_argument("--data-dir", help="the console's data folder (default: from the config file, or your data folder)")
    share = commands.add_parser("export", help="a finished game as readable text, to share: every move in the notation")
    share.add_argument("record", help="a game record (the data folder's history/ holds them)")
    share.add_argument("-o", "--output", help="write the text to this file (default: print it)")
    pack = commands.add_parser("build-pack", help="write the maker's pack: drill templates, bill of materials, schematics (for builders)")
    pack.add_argument("folder", help="the folder to write the pack into (made if missing)")
    pack.add_argument("--board-size", default="545x420", help="the printed board, WIDTHxHEIGHT in mm (default 545x420, the classic board)")
    pack.add_argument("--paper", default="a4", help="a4 or letter, for the tiled PDF (default a4)")
    pack.add_argument("--button-hole", help="station hole diameter in mm, where the cell's cap comes through (default 7)")
    pack.add_argument("--led-hole", help="LED window diameter in mm, marked inside the station hole (default 5)")
    pack.add_argument("--key-hole", default=12.0,
                      help="control key hole diameter in mm (default 12; 24 or 30 for arcade buttons)")
    pack.add_argument("--measured", action="append", default=[], metavar="STATION=X,Y",
                      help="a station's centre measured on your board, mm from its top left corner; give 3 or more, far apart: "
                           "every output is fitted to them")
    pack.add_argument("--measured-file", metavar="FILE", help="measurements in a file, one STATION=X,Y a line")
    pack.add_argument("--no-tiles", action="store_true",
                      help="leave out the station tiles (their KiCad projects and Gerbers need KiCad, and take about a minute)")
    pack.add_argument("--update-docs", action="store_true",
                      help="also rewrite the bill of materials tables in hardware/TILES.md and hardware/WIRING.md from "
                           "hardware/bom.toml (in a source checkout)")
    releases.add_update_arguments(commands.add_parser(
        "update", help="install a new version beside the running one, and switch to it once it passes its self-check"))
    releases.add_rollback_arguments(commands.add_parser("rollback", help="go back to the version the last update replaced"))
    commands.add_parser("self-check", help="check this install: its modules, the config file, a short headless game").add_argument(
        "--config", help=_CONFIG_HELP)
    args = parser.parse_args(argv)
    return _run_command(args.command or "text", args)


def _add_language(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument("--language", choices=list(LANGUAGES), help=f"the language of every word (default: {default})")


def _speak(given: str | None, game: GameSettings | None, *, on_a_pc: bool) -> None:
    """Speak the language *given* on the command line, else the console's (*game*'s: the menus' choice, else the config
    file's), else *on_a_pc* the system's, else English; before a word is shown.

    Only a PC's system language counts: a Pi's is its image's, not the family's.
    """
    chosen = given or (game.language if game is not None else "")
    use(chosen or (system_language() if on_a_pc else "en"))


def _play_in_terminal(args: argparse.Namespace) -> int:
    """The terminal game: the side typed in, the computer the other; journaled in the data folder like the board's."""
    from console.program import terminal

    hidden = args.play_as != "detectives"
    game, note = load_preferences(_with_data_dir(load_settings(builder_tools.config_path(args.config)).game, args.data_dir))
    _speak(args.language, game, on_a_pc=True)
    if note:
        print(note)  # the menus' saved choices are not used: said before the game, as the board says it on its start menu
    edition = args.edition or game.edition
    settings = games.check(replace(game, edition=edition, players=args.players or game.players,
                                   level=Level(args.level) if args.level else game.level,
                                   mister_x=Seat.HANDHELD if hidden else Seat.COMPUTER,
                                   detectives_by=Seat.COMPUTER if hidden else Seat.PEOPLE))
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    with DataFolder.open(settings.data_path):
        return terminal.play(settings, seed, sys.stdout, input)


def _with_data_dir(game: GameSettings, data_dir: str | None) -> GameSettings:
    """The config file's game settings, with the data folder given on the command line (if one was)."""
    return game if data_dir is None else replace(game, data_dir=data_dir)


def _play_on_board(args: argparse.Namespace) -> int:
    """The lit board's console until it is shut down; what stops it from playing opens its problem screen (``console.program.start``)."""
    from console.appliance.log_limits import log_to_journal
    from console.program.program import Ending
    from console.program.start import UNSHOWN, BoardStart, board_program  # pygame loads only for the board
    from hardware.factory import PartError

    if not args.headless:
        log_to_journal()  # standard error, which systemd keeps in its journal: rate-limited, never a log file on the SD card
    watchdog = board_watchdog()  # before anything starts a process, which must not inherit systemd's socket
    start = BoardStart(args.config, args.data_dir, args.edition, args.players, Seat(args.mister_x) if args.mister_x else None,
                       args.new, args.headless)
    ending: Ending | None = None
    with watchdog:
        while True:
            with ExitStack() as held:
                try:
                    program = board_program(start, held, lambda game: _speak(None, game, on_a_pc=False),
                                            defaults=ending is Ending.DEFAULTS)
                except PartError as error:
                    print(f"scotland-yard play: {error}: no screen to show what stops the console", file=sys.stderr)
                    return UNSHOWN
                if args.new and program.problem is None:
                    program.setup_menu()
                ending = _run_board_program(program, watchdog, headless=args.headless)
            if ending is None:
                return 0


def _run_board_program(program: Program, watchdog: Watchdog, *, headless: bool) -> Ending | None:
    """Run *program* under *watchdog* until it ends (*headless*: its first screen only, said); what to start next."""
    watchdog.status = lambda: program.status
    watchdog.well = lambda: program.problem is None
    try:
        if headless:
            program.console.step()  # its first screen, as the board would show it
            watchdog.frame()
            print(f"started: {program.status}")
            return None
        program.run(each_frame=watchdog.frame)  # each move is journaled: a stop loses nothing
    finally:
        program.close()
    return program.ending


def board_watchdog() -> Watchdog:
    """The service's watchdog; a minute of healthy loop proves the release the console runs from (a restart loop then keeps it)."""
    from console.appliance.watchdog import Watchdog

    return Watchdog.from_environment(on_healthy=releases.mark_proven)


def _replay(args: argparse.Namespace) -> int:
    """The record on the lit board (profile pi), or in the simulator's window (profile sim)."""
    from console.program.playback import replay  # pygame loads only for the board
    from console.program.start import open_board
    from console.records.history import load_record_file

    path = builder_tools.config_path(args.config)
    kind, final = load_record_file(Path(args.record))
    settings = load_settings(path)
    config = settings.hardware
    _speak(None, load_preferences(settings.game)[0], on_a_pc=config.profile == "sim")
    if config.profile == "sim":
        return _replay_in_window(args, config, kind, final)
    if args.headless or args.script:
        raise ConfigError(f"--headless and --script are the simulator's: the profile is {config.profile!r}, not 'sim'")
    with open_board(config, path, MemoryHandheldLink()) as hardware:
        replay(hardware, kind, final, step_s=args.step)
    return 0


def _replay_in_window(args: argparse.Namespace, config: Config, kind: games.GameKind, final: BoardGame) -> int:
    """The record in the simulator's window, its end shown until a key or the window is closed; headless, by its script."""
    from console.program.loop import Console
    from console.program.playback import Playback, replay
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
    settings = load_settings(path)
    config = settings.hardware
    _speak(args.language, load_preferences(settings.game)[0], on_a_pc=False)
    if args.command == "hw-test":
        report = builder_tools.hw_test(config, path, london().stations, sys.stdout, args.listen, args.step, args.flood, args.walk)
        return 0 if not (report.stuck or report.never_pressed or report.crossed or report.passed_over) else 1
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
    """The console in a window (or headless, by its script); what stops it from playing shows on its problem screen (and in a
    line on standard error: a headless run then ends with 2)."""
    from console.appliance.watchdog import Watchdog
    from console.program.program import Ending

    commands = _script(args)
    watchdog = Watchdog.from_environment()  # a simulator run by systemd (or a test playing its part) before any process starts
    ending: Ending | None = None
    while True:
        ending, status = _simulate_once(args, commands, watchdog, defaults=ending is Ending.DEFAULTS)
        if ending is None or args.headless:  # a script is played once
            return status


def _simulate_once(args: argparse.Namespace, commands: list[Command], watchdog: Watchdog, *,
                   defaults: bool) -> tuple[Ending | None, int]:
    """One start of the simulator: what to start next (None: nothing), and the exit status."""
    from console.program.problem import problem_of
    from console.program.program import Program  # pygame loads only for the simulator
    from console.program.start import board_ground, default_settings, sound_note
    from console.program.straight_back import BACK_WITHIN_S
    from console.table.phone import phone_opener
    from hardware.sim import open_window
    from hardware.sim.handheld import handheld_in_pane, handheld_in_window
    from hardware.sim.script import ManualClock

    path = builder_tools.config_named(args.config)
    clock = ManualClock() if args.headless else time.monotonic
    with ExitStack() as held:
        try:
            path = builder_tools.config_named(args.config) if defaults else builder_tools.config_path(args.config)  # defaults: none
            settings = default_settings(path, "sim") if defaults else load_settings(path)
            if settings.hardware.profile == "fake":
                raise ConfigError(f"{path}: profile: the simulator's board is its window, not 'fake' (the tests' stand-in board): "
                                  "use sim (or pi)")
            game, note = load_preferences(first_run_settings(_with_data_dir(settings.game, args.data_dir)))
            _speak(args.language, game, on_a_pc=True)
            folder = held.enter_context(DataFolder.open(game.data_path))
            config, problem = settings.hardware, None
            note = note or folder.note or sound_note(config, path)
        except (ConfigError, FolderError) as error:
            print(f"scotland-yard sim: {error}", file=sys.stderr)
            problem = problem_of(error)
            config = replace(board_ground(path, "sim"), profile="sim")
            game, note = load_preferences(_with_data_dir(GameSettings(), args.data_dir))[0], ""
            _speak(args.language, game, on_a_pc=True)
        handheld = handheld_in_window() if args.handheld_window and not args.headless else handheld_in_pane(clock)
        if handheld.process is not None:
            held.callback(handheld.process.terminate)
        try:
            hardware, window = open_window(config, board_drawing(), handheld.link, headless=args.headless)
        except ConfigError:
            if problem is None:
                raise
            return None, 2  # what stops it was said, and there is no window to show it in
        if handheld.pane is not None:
            window.attach_pane(handheld.pane)
        held.enter_context(hardware)
        program = Program(hardware, game, note=note, seed=args.seed, clock=clock, think_inline=args.headless,
                          files=console_files(path, config, game), problem=problem,
                          straight_back_s=0 if args.headless or args.learn else BACK_WITHIN_S,  # a script starts where it says
                          phone=phone_opener(config.phone, clock))
        try:
            if args.learn and problem is None:
                program.learn(clock())
            if not args.headless:
                watchdog.status = lambda: program.status
                with watchdog:
                    program.run(lambda: window.closed, each_frame=watchdog.frame)
                return program.ending, 0
            assert isinstance(clock, ManualClock)
            _play_script(args, window, clock, program.console.step, lambda: program.finished, commands, handheld.press)
        finally:
            program.close()
    return None, 0 if problem is None else 2


def console_files(config_file: Path, config: Config, game: GameSettings) -> ConsoleFiles:
    """What a backup holds of this console: its data folder, its config file and the station map that names."""
    return ConsoleFiles(game.data_path, config_file, builder_tools.map_path(config, config_file))


def _backup_or_restore(args: argparse.Namespace) -> int:
    """``backup``: a new backup on the stick (or FOLDER); ``restore``: the newest one back, while no console uses the data folder."""
    from console.appliance import backup
    from console.records.storage import fault_in_words

    path = builder_tools.config_path(args.config)
    settings = load_settings(path)
    game, _ = load_preferences(_with_data_dir(settings.game, args.data_dir))
    _speak(None, game, on_a_pc=settings.hardware.profile == "sim")
    files = console_files(path, settings.hardware, game)
    try:
        if args.command == "backup":
            made = _on_stick(args.folder, lambda place: backup.back_up(files, place))
            for part in made.parts:
                print(made.folder / part.name)
            print(p_("terminal", "{summary}: {folder}", summary=made.summary, folder=str(made.folder)))
            return 0
        with DataFolder.open(files.data):
            restored = _on_stick(args.folder, lambda place: backup.restore(files, _backup_in(place)))
    except OSError as error:
        raise backup.BackupError(f"{error.filename or 'a file'}: {fault_in_words(error)}") from None
    for name in restored.copied:
        print(files.history / name)
    for role in restored.restored:
        print(files.settings_file(role))
    for role, kept in restored.replaced:
        print(p_("terminal", "{file} (the one it replaced: {kept})", file=str(files.settings_file(role)), kept=str(kept)))
    print(p_("terminal", "{summary}.", summary=restored.summary))
    return 0


def _backup_in(place: Path) -> Path:
    """The newest backup in *place*, said; a ``BackupError`` if there is none."""
    from console.appliance.backup import FOLDER, BackupError, newest_backup

    folder = newest_backup(place)
    if folder is None:
        raise BackupError(f"no backup in {place} (a backup is a folder of {FOLDER}/ holding a manifest.json): back up first")
    print(p_("terminal", "Restoring {folder}", folder=str(folder)))
    return folder


def _on_stick(folder: str | None, work: Callable[[Path], T]) -> T:
    """*work* on *folder*, or on the USB stick plugged in (mounted for it if need be)."""
    from console.appliance.backup import BackupError
    from hardware.drivers.sticks import usb_stick

    if folder is not None:
        return work(Path(folder))
    with usb_stick() as stick:
        if stick is None:
            raise BackupError("no USB stick found: plug one in, or name a folder")
        return work(stick)


def _export(args: argparse.Namespace) -> int:
    from console.records.export import export_file

    _speak(None, None, on_a_pc=True)
    exported = export_file(Path(args.record))
    if args.output is None:
        sys.stdout.write(exported.text)
        return 0
    try:
        Path(args.output).write_text(exported.text, encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot write {args.output}: {error.strerror or error}") from None
    print(args.output)
    return 0


def _handheld_window(args: argparse.Namespace) -> int:
    from hardware.sim.handheld import run_on_port

    _speak(None, None, on_a_pc=True)
    run_on_port(args.port)
    return 0


def _build_pack(args: argparse.Namespace) -> int:
    from hardware.pack.buildpack import options_from_command_line, update_guides, write_pack

    options = options_from_command_line(args.board_size, args.paper, args.button_hole, args.led_hole, args.key_hole,
                                        args.measured, args.measured_file, tiles=not args.no_tiles)
    written, notes = write_pack(Path(args.folder), options, lambda step: print(f"... {step}", file=sys.stderr, flush=True))
    for path in written:
        print(path)
    if args.update_docs:
        changed = update_guides()
        state = ", ".join(map(str, changed)) + " updated" if changed else "already up to date"
        print(f"bills of materials in TILES.md and WIRING.md: {state}")
    for note in notes:
        print(note)
    return 0


def _flash(args: argparse.Namespace) -> int:
    from console.appliance.flash import flash_handheld

    _speak(args.language, None, on_a_pc=True)
    return flash_handheld(args.port, sys.stdout)


def _self_check(args: argparse.Namespace) -> int:
    from console.program.selfcheck import run_checks

    return run_checks(args.config, sys.stdout)


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
    "backup": _backup_or_restore,
    "restore": _backup_or_restore,
    "export": _export,
    "update": releases.update_command,
    "rollback": releases.rollback_command,
    "self-check": _self_check,
}


def _run_command(command: str, args: argparse.Namespace) -> int:
    """A refusal is one line naming what is wrong (exit 2); Ctrl-C or SIGTERM is a clean stop (exit 130)."""
    signal.signal(signal.SIGTERM, _stop)  # before pygame starts: SDL would take SIGTERM for a window's close, unheeded
    try:
        return _COMMANDS[command](args)
    except (ConfigError, MapError, LedDriverError, PartError, RecordError, FolderError, PackError, BackupError, StickError,
            releases.ReleaseError) as error:
        print(f"scotland-yard {command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print()
        print(p_("terminal", "Stopped."))
        return 130


def _stop(signum: int, frame: object) -> None:
    """SIGTERM (``systemctl stop``, a shutdown) stops the console as Ctrl-C does: the hardware is let go, the game kept."""
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
