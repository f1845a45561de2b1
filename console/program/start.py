"""The console's start on its board: from the config file to the program, on its start menu or on the problem screen.

What can stop the console before it plays (the config file, the preferences'
checks, the data folder, the station map, a part of the board, a fault of this
version) is caught here and becomes the problem screen
(``console.program.problem``): the program opens on it with whatever parts of
the board start (``hardware.factory.build_what_works``), read with the config
file where it could be read, else with the reference build's defaults. Only a
problem that cannot even be shown (the screen itself does not start) ends the
command, with ``UNSHOWN``: its service does not start it again for nothing
(``RestartPreventExitStatus``).

Started ``headless`` (the self-check of a release, before an update switches to
it), the console runs on a stand-in board (no GPIO, no display) and a refusal
is raised instead, so the check fails.
"""

from __future__ import annotations

import logging
import subprocess
import tomllib
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path

from console import games
from console.appliance import builder_tools
from console.appliance.backup import ConsoleFiles
from console.appliance.updates import Updates
from console.program.calibrating import Uncalibrated
from console.program.config import Settings, load_settings
from console.program.problem import Problem, problem_of
from console.program.program import Program
from console.program.straight_back import BACK_WITHIN_S
from console.records.preferences import load_preferences
from console.records.storage import DataFolder
from console.settings import GameSettings, Seat
from console.table.phone import phone_opener
from engine import london
from hardware.config import PROFILES, Config
from hardware.drivers.audio import missing_card, sound_cards
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.files import read_text
from hardware.interfaces import HandheldLink, Hardware
from hardware.station_map import MapError, StationMap
from language import Words, _

log = logging.getLogger(__name__)

UNSHOWN = 3
"""The exit status of a console that cannot even show its problem (no screen): its service does not restart it."""


@dataclass(frozen=True)
class BoardStart:
    """What the command line asks of a start on the board."""

    config: str | None = None
    data_dir: str | None = None
    """Where games are saved (default: the config file's, or the user's data folder)."""
    edition: str | None = None
    players: int | None = None
    mister_x: Seat | None = None
    new: bool = False
    """Open the new game's setup at once."""
    headless: bool = False
    """On a stand-in board (no GPIO, no display), refusing what stops it instead of showing it: the self-check's start."""


def default_settings(path: Path, profile: str) -> Settings:
    """Every setting at its default but the console's own ground: the profile and the station map's file, read from the config
    file where it names them readably (else *profile*, and the default map file)."""
    return Settings(hardware=board_ground(path, profile))


def board_ground(path: Path, profile: str) -> Config:
    """The reference build's config with the config file's ``profile`` and ``map_file`` if they can be read, whatever else
    in the file is wrong: the board that shows a problem, and the one "start with default settings" starts on."""
    try:
        data = tomllib.loads(read_text(path, ValueError) or "")
    except (ValueError, RecursionError):
        data = {}
    named = data.get("profile")
    map_file = data.get("map_file")
    return Config(profile=named if named in PROFILES else profile,
                  map_file=map_file if isinstance(map_file, str) and map_file else Config().map_file)


def open_board(config: Config, config_file: Path, handheld: HandheldLink | None, *, headless: bool = False) -> Hardware:
    """The whole board for playing on it, its station map complete; *headless*, the stand-in board (the map if there is one)."""
    from hardware.factory import build_hardware  # the drivers load only for the board

    map_file = builder_tools.map_path(config, config_file)
    if headless:
        stations = london().stations
        station_map = StationMap.load(map_file) if map_file.exists() else StationMap.identity(stations)
        return build_hardware(replace(config, profile="fake"), station_map, stations, handheld)
    return build_hardware(config, StationMap.load(map_file), london().stations, handheld)


def sound_note(config: Config, path: Path) -> Words:
    """Why there is no sound, when the config file names a sound card that is not here: the file, the key, the cards there are.

    The setting is refused (``hardware.factory.build_speaker`` opens no sound) and said on the start menu: the console plays on.
    """
    card = missing_card(config.sound.device) if config.sound.enabled and config.profile != "fake" else ""
    if not card:
        return ""
    return _("No sound: {file}: sound.device names card {card}, not here (cards: {cards})", file=str(path), card=card,
             cards=", ".join(sound_cards()) or "-")


def power_off() -> None:
    """The last row of the start menu (and the problem screen) on the Pi: a clean shutdown (the service runs as root)."""
    subprocess.run(["systemctl", "poweroff"], check=False)


def board_program(start: BoardStart, held: ExitStack, speak: Callable[[GameSettings], None], *, defaults: bool = False) -> Program:
    """The console's program on the board, what it uses held open by *held*: on its start menu, or on the problem screen.

    *speak* chooses the language from the settings; *defaults*: every setting at its default (the owner chose it on the problem
    screen). A ``PartError`` means not even the screen starts (``UNSHOWN``).
    """
    path = builder_tools.config_named(start.config)
    settings: Settings | None = None
    try:
        path = builder_tools.config_named(start.config) if defaults else builder_tools.config_path(start.config)  # defaults: no file needed
        settings = default_settings(path, "pi") if defaults else load_settings(path)
        config = settings.hardware
        chosen = settings.game if start.data_dir is None else replace(settings.game, data_dir=start.data_dir)
        game, note = load_preferences(chosen)
        speak(game)
        game = games.check(replace(game, edition=start.edition or game.edition, players=start.players or game.players,
                                   mister_x=start.mister_x or game.mister_x))
        folder = held.enter_context(DataFolder.open(game.data_path))
        hardware = held.enter_context(open_board(config, path, None, headless=start.headless))  # the handheld on USB
        return Program(hardware, game, shutdown=power_off if config.profile == "pi" else None,
                       note=note or folder.note or sound_note(config, path),
                       files=ConsoleFiles(game.data_path, path, builder_tools.map_path(config, path)),
                       straight_back_s=0 if start.new else BACK_WITHIN_S, updates=None if start.headless else Updates.of_running(str(path)),
                       phone=phone_opener(config.phone))
    except Exception as error:  # whatever stops it is said on its screen: a console that ended would leave it black
        if start.headless:
            raise
        log.error("the console cannot play: %s", error, exc_info=not isinstance(error, ValueError | OSError))
        config = settings.hardware if settings is not None else board_ground(path, "pi")
        board = Uncalibrated(builder_tools.map_path(config, path), config.leds.count, config.buttons.chips)
        return _problem_program(problem_of(error, board), config, board, held, speak, settings)


def _problem_program(problem: Problem, config: Config, board: Uncalibrated, held: ExitStack, speak: Callable[[GameSettings], None],
                     settings: Settings | None) -> Program:
    """The program on the problem screen, on whatever parts of the board start (the station map's keys, or its uncalibrated ones)."""
    from hardware.factory import build_what_works

    try:
        station_map = StationMap.load(board.map_path)
        station_map.require_complete(london().stations)
    except MapError:
        station_map = board.keys
    hardware, failed = build_what_works(config, station_map, MemoryHandheldLink())
    held.enter_context(hardware)
    game = _table_choices(settings)
    speak(game)
    for part in failed:
        log.warning("while the problem is shown: %s", part)
    return Program(hardware, game, problem=problem.also(failed), shutdown=power_off if config.profile == "pi" else None,
                   updates=Updates.of_running(None))


def _table_choices(settings: Settings | None) -> GameSettings:
    """The table's own choices (its language, its sound, its lights' palette) for the problem screen, as far as they can be read
    (``load_preferences`` refuses nothing: what it cannot use it leaves out)."""
    return load_preferences(settings.game if settings is not None else GameSettings())[0]
