"""Every format the console keeps: today's files read as they are, older ones migrate when written, newer ones are refused and kept.

A console rolled back after an update meets files a newer console wrote, so
for each format the tests check three things: a fixture of each version this
console reads is read with what it holds; writing an older one writes it in
the current version; and a file of the next version is refused naming both
versions (the wording of ``engine.versions``) and is left byte for byte as it
was.

The fixtures (``tests/fixtures``), frozen as the console wrote them:

- ``classic-v1.journal``, ``classic-v1-record.json``, ``junior-v1.journal``,
  ``junior-v1-record.json``: written by the console in version 1 of both
  formats: a main game's journal in round 7 (with undos, two corrections and a
  double move) and its finished record, and a Junior game's journal after
  three rounds and its finished record. Only the journals' data folder was
  blanked (their chain of hashes was written again over it).
- ``classic-v2.journal``, ``junior-v2.journal``: written by the journal of
  version 2 before it padded the hidden side's stations: a main game in
  round 5 (single and double moves of Mister X, undos, a correction) and a
  Junior game after three rounds (two rogues, undos).
- ``classic-v2-padded.journal``, ``junior-v2-padded.journal``: written by
  today's ``console.records.journal.Journal`` and the kinds' event encoders: a
  reissue game dealt with seed 3, random moves (seed 3) with three undos, two
  double moves and a correction in round 4, left in round 6; a Junior game in
  the central district (two rogues, seed 5) left in round 4 after an undo.
- ``classic-v2-record.json``, ``junior-v2-record.json``: today's records
  (``GameKind.journal.record``) of ``benchmarks.engine.play_random_game(8)``
  and of a random Junior game (seed 3) played to its end.
- ``preferences-unversioned.json``: written by ``save_preferences`` as it was
  before preferences had a version (a classic game's choices);
  ``preferences-v1.json``: written by the console of version 1 (a Junior game's choices).
- ``preferences-v5.json``, ``classic-v3.journal``, ``junior-v3.journal``:
  written by the console before each kind declared its own settings (when one
  ``GameSettings`` held them all): choices with every kind's own settings away
  from their defaults (and a sound, the hints, a language), and the journals
  of a classic game (4 detectives, no bobby, five reveals, dealt with seed 11,
  then 14 random moves and a phone's pairing) and of a Junior game (two
  rogues in the central district, seed 12, then 10 random steps).
- ``station-map-v1.json``: written by ``StationMap.save``: the strip snaked in
  rows of 20 pixels, each chip's bits wired in reverse.
- ``config-unversioned.toml``: written by hand, as people write it: every
  setting of the example in hardware/INSTALL.md (section 6) and ``[game]``,
  with values other than the defaults.

The newer files are made here from these fixtures, their version one above
this console's (and a setting it does not know, as a newer console's file may
hold).
"""

from __future__ import annotations

import errno
import io
import json
import shutil
import tomllib
from collections import deque
from collections.abc import Callable
from dataclasses import fields, replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from console.cli import main
from console.games import CLASSIC, JUNIOR, GameKind
from console.games.classic import journal as events
from console.games.junior import journal as junior_events
from console.program.config import parse_settings
from console.program.program import Program
from console.program.session import find_kept, open_game
from console.records.history import load_record, past_game
from console.records.journal import VERSIONS, Journal, NewerJournalError, load
from console.records.preferences import PREFERENCES, PREFERENCES_VERSIONS, load_preferences, save_preferences
from console.records.storage import JOURNAL
from console.settings import SOUND_CHOICES, GameSettings, Level, PaletteName, Seat
from engine import DetectiveMove, Game, Side, parse_move
from engine import record as classic_record
from engine.errors import NewerRecordError
from engine.junior import ROGUES, JuniorGame, Team, Tokens
from engine.junior import record as junior_record
from engine.junior.game import parse_step
from engine.versions import NewerVersionError, Versions
from hardware import config as hardware_config
from hardware.builder.calibrate import Calibration
from hardware.config import Config, ConfigError, parse_config
from hardware.drivers.controls import FakeControlButtons
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.leds import RecordingLeds
from hardware.factory import build_hardware
from hardware.interfaces import Key
from hardware.station_map import VERSION as MAP_VERSION
from hardware.station_map import NewerMapError, StationMap
from tests.support.players import StepClock
from tests.support.program import Console
from tests.support.settings import settings as game_settings

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MAP_VERSIONS = Versions("a station map", current=MAP_VERSION)
CONFIG_VERSIONS = Versions("a config file", current=hardware_config.VERSION)
"""The hardware's formats, worded as the others are: the hardware words its refusals alike without importing ``engine.versions``."""
NEWER_IDEA = "sound"
"""A setting only a newer console knows, in each newer file made here."""


def journal_copy(name: str, folder: Path) -> Path:
    """A copy of a fixture journal (a journal that cannot be read is moved aside: never the fixture itself)."""
    path = folder / JOURNAL
    shutil.copy(FIXTURES / name, path)
    return path


def events_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line)["event"] for line in path.read_bytes().splitlines()]


def program(data: Path, note: str = "") -> Program:
    """The console's program on the fake profile, started as the command starts it (with its start *note*)."""
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(range(1, 200)), range(1, 200), MemoryHandheldLink())
    return Program(hardware, GameSettings(data_dir=str(data)), clock=StepClock(), timestamp=lambda: "x", note=note)


def refusal_of_the_next(versions: Versions) -> str:
    """The refusal of a file one version newer than this console's, as every format words it."""
    text = versions.refusal(versions.current + 1)
    assert f"version {versions.current + 1}, written by a newer console; this console reads version" in text
    return text


# ====================================================================== journals


@pytest.mark.parametrize(("name", "progress", "station", "pieces", "token", "settings"), [
    ("classic-v1.journal", (7, 8, 5), 143, [("red", 50), ("blue", 185), ("green", 159), ("bobby1", 138)], "542ae10cfe727e87", {}),
    ("classic-v2.journal", (5, 6, 3), 49, [("red", 33), ("blue", 161), ("green", 72), ("bobby1", 77)], "9d41c07be2a35f18", {}),
    ("classic-v2-padded.journal", (6, 8, 6), 142, [("red", 34), ("blue", 99), ("green", 51), ("bobby1", 70)], "5e1f0a2b3c4d6e7f",
     {"level": Level.HARD, "assist": True}),
], ids=["version-1", "version-2-without-pads", "version-2"])
def test_a_main_game_journal_of_each_version_resumes(tmp_path: Path, name: str, progress: tuple[int, int, int], station: int,
                                                     pieces: list[tuple[str, int]], token: str, settings: dict[str, Any]) -> None:
    """*progress*: the round, the moves made, and the travel log's length at the start (a correction after a double move)."""
    resumed = load(journal_copy(name, tmp_path))
    game = resumed.game
    assert resumed.kind is CLASSIC and isinstance(game, Game) and not game.is_over
    assert (game.round, game.moves_made, len(game.start.log)) == progress and game.turn is Side.DETECTIVES
    assert game.mister_x_view().station == station
    assert [(piece.name, piece.station) for piece in game.position().pieces] == pieces
    assert resumed.settings == GameSettings(edition="reissue", data_dir=str(tmp_path), **settings) and resumed.token == token


@pytest.mark.parametrize(("name", "stations", "token", "settings"), [
    ("junior-v1.journal", {"fox": 131, "roxy": 82, "watson": 81, "marble": 127}, "fd207d00c3f6c9e9", {}),
    ("junior-v2.journal", {"fox": 115, "roxy": 82, "watson": 81, "marble": 127}, "e07a5b2c9f813d64", {}),
    ("junior-v2-padded.journal", {"fox": 154, "roxy": 101, "watson": 64, "marble": 114}, "a0b1c2d3e4f50617",
     {"mister_x": Seat.COMPUTER, "palette": PaletteName.COLOUR_BLIND}),
], ids=["version-1", "version-2-without-pads", "version-2"])
def test_a_junior_journal_of_each_version_resumes(tmp_path: Path, name: str, stations: dict[str, int], token: str,
                                                  settings: dict[str, Any]) -> None:
    resumed = load(journal_copy(name, tmp_path))
    game = resumed.game
    assert resumed.kind is JUNIOR and isinstance(game, JuniorGame) and not game.is_over
    assert game.round == 4 and game.tokens == Tokens(detectives=0, rogues=3)
    assert game.stations == stations
    assert resumed.settings == game_settings(edition="junior", district="central", data_dir=str(tmp_path), **settings)
    assert resumed.token == token


def assert_wholly_current(path: Path, kind: GameKind) -> None:
    """Every line of the journal is as this version writes it: the version, actions in the notation, the hidden side padded."""
    start, *others = events_of(path)
    assert start["version"] == VERSIONS.current and "data_dir" not in start["settings"]
    assert not set(SOUND_CHOICES) & set(start["settings"]), "the console's sound choices: an older console resumes it"
    assert ("pad" in start) == (kind is CLASSIC)  # Mister X's station is in the start; Junior's start is public
    for event in others:
        if kind is CLASSIC and event["type"] == "move":
            assert isinstance(event["move"], str)
            assert ("pad" in event) != isinstance(parse_move(event["move"]), DetectiveMove), event
        elif kind is CLASSIC and event["type"] == "correction":
            assert "pad" in event
        elif event["type"] == "step":
            assert isinstance(event["step"], str)
            assert ("pad" in event) == (parse_step(event["step"]).piece in ROGUES), event


def play_until_the_hidden_side_acts(game: Any, journal: Journal) -> None:
    """Play on, each action journaled, until Mister X (or a rogue) has acted: his line is the one that is padded."""
    hidden = False
    while not hidden:
        if isinstance(game, Game):
            move = game.single_moves()[0]
            game.play(move)
            journal.record(events.moved(move))
            hidden = not isinstance(move, DetectiveMove)
        else:
            step = game.steps_of((game.to_choose() or game.to_move())[0])[0]
            (game.choose if step.piece in ROGUES else game.move)(step)
            journal.record(junior_events.stepped(step))
            hidden = step.piece in ROGUES


@pytest.mark.parametrize("name", ["classic-v1.journal", "junior-v1.journal", "classic-v2.journal", "junior-v2.journal"])
def test_an_older_journal_is_written_whole_in_this_version_when_resumed_and_replays_to_the_same_game(tmp_path: Path,
                                                                                                   name: str) -> None:
    path = journal_copy(name, tmp_path)
    kept = load(path)
    assert path.read_bytes() == (FIXTURES / name).read_bytes(), "read, not written: a rolled-back console still reads it"
    opened = open_game(kept.settings, kept=kept, fresh=False, timestamp="x")
    assert opened.journal.saved and opened.journal.problem is None
    assert_wholly_current(path, kept.kind)
    again = load(path)  # its chain checks, and it replays
    record = kept.kind.journal.record
    assert record(again.game) == record(kept.game) and again.game.public_view() == kept.game.public_view()
    assert (again.settings, again.token) == (kept.settings, kept.token)
    if isinstance(kept.game, Game):
        assert again.game.mister_x_view() == kept.game.mister_x_view()
    else:
        assert again.game.stations == kept.game.stations and again.game.tokens == kept.game.tokens
    game = opened.game
    play_until_the_hidden_side_acts(game, opened.journal)
    assert_wholly_current(path, kept.kind)
    assert record(load(path).game) == record(game)


@pytest.mark.parametrize("name", ["classic-v2.journal", "junior-v2.journal", "classic-v2-padded.journal", "junior-v2-padded.journal"])
def test_a_journal_of_version_2_goes_on_in_this_version_with_padded_lines(tmp_path: Path, name: str) -> None:
    path = journal_copy(name, tmp_path)
    resumed = load(path)
    opened = open_game(resumed.settings, kept=resumed, fresh=False, timestamp="x")
    play_until_the_hidden_side_acts(opened.game, opened.journal)
    assert_wholly_current(path, resumed.kind)
    assert b'"pad":' in path.read_bytes().splitlines()[-1]
    again = load(path).game
    assert again.actions == opened.game.actions and again.public_view() == opened.game.public_view()


def test_a_disk_that_refuses_the_migration_keeps_the_old_journal_whole_and_the_game_goes_on(tmp_path: Path,
                                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = journal_copy("classic-v1.journal", tmp_path)
    kept = load(path)

    def full(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("console.records.journal.replace_private", full)
    opened = open_game(kept.settings, kept=kept, fresh=False, timestamp="x")
    assert opened.journal.problem is not None and opened.journal.problem.errno == errno.ENOSPC
    play_until_the_hidden_side_acts(opened.game, opened.journal)
    assert path.read_bytes() == (FIXTURES / "classic-v1.journal").read_bytes()
    monkeypatch.undo()
    assert opened.journal.retry()
    assert_wholly_current(path, CLASSIC)
    assert load(path).game.actions == opened.game.actions


@pytest.mark.parametrize("name", ["classic-v1.journal", "junior-v1.journal"])
def test_an_old_journal_replaced_by_a_new_game_is_filed_as_a_record_of_the_current_version(tmp_path: Path, name: str) -> None:
    kept = load(journal_copy(name, tmp_path))
    open_game(GameSettings(data_dir=str(tmp_path)), kept=kept, fresh=True, timestamp="20250101-120000", seed=1)
    filed = next((tmp_path / "history").glob("*.json"))
    data = json.loads(filed.read_text())
    versions = classic_record.VERSIONS if kept.kind is CLASSIC else junior_record.VERSIONS
    assert data["version"] == versions.current
    kind, game = load_record(filed.read_text())
    assert kind is kept.kind and game.actions == kept.game.actions


@pytest.mark.parametrize(("name", "offered"), [("classic-v1.journal", "Resume: reissue, round 7"),
                                               ("junior-v1.journal", "Resume: Junior, round 4"),
                                               ("classic-v2.journal", "Resume: reissue, round 5"),
                                               ("junior-v2.journal", "Resume: Junior, round 4"),
                                               ("classic-v2-padded.journal", "Resume: reissue, round 6"),
                                               ("junior-v2-padded.journal", "Resume: Junior, round 4")])
def test_the_console_offers_and_resumes_an_old_journal(tmp_path: Path, name: str, offered: str) -> None:
    (tmp_path / "copy").mkdir()
    expected = load(journal_copy(name, tmp_path / "copy")).game
    path = journal_copy(name, tmp_path)
    console = program(tmp_path)
    assert console.menu is not None and str(console.menu.ui.rows[0][0]) == offered
    assert path.read_bytes() == (FIXTURES / name).read_bytes(), "offered, not written"
    console.key_pressed(Key.CONFIRM, 0.0)
    flow = console.flow
    assert flow is not None and flow.game.actions == expected.actions and flow.game.round == expected.round
    assert events_of(path)[0]["version"] == VERSIONS.current


def newer_journal(path: Path, name: str = "classic-v2-padded.journal") -> bytes:
    """The fixture *name*'s game journaled at *path* as a newer console would: one version up, with a start field of its own."""
    start, *others = events_of(FIXTURES / name)
    journal = Journal(path)
    journal.kind = CLASSIC if "position" in start else JUNIOR
    for event in [start | {"version": VERSIONS.current + 1, NEWER_IDEA: "on"}, *others]:
        journal.append(event)
    return path.read_bytes()


def test_a_newer_console_s_journal_is_not_resumed_and_is_set_aside_whole_as_newer(tmp_path: Path) -> None:
    original = newer_journal(tmp_path / JOURNAL)
    with pytest.raises(NewerJournalError, match="written by a newer console") as refused:
        load(tmp_path / JOURNAL)
    assert isinstance(refused.value, NewerVersionError)
    assert refused.value.moved_to == tmp_path / f"{JOURNAL}.newer-1" and refused.value.moved_to.read_bytes() == original
    assert refusal_of_the_next(VERSIONS) in str(refused.value) and "game.journal.newer-1" in str(refused.value)
    assert not list(tmp_path.glob("*corrupt*"))


def test_the_start_menu_says_a_newer_journal_is_kept_and_a_new_game_can_be_dealt(tmp_path: Path) -> None:
    original = newer_journal(tmp_path / JOURNAL, "junior-v2-padded.journal")
    console = program(tmp_path)
    menu = console.menu
    assert menu is not None and not str(menu.ui.rows[0][0]).startswith("Resume")
    assert str(menu.message) == "The saved game could not be resumed (a newer console saved it): it is kept as game.journal.newer-1"
    assert (tmp_path / f"{JOURNAL}.newer-1").read_bytes() == original and not (tmp_path / JOURNAL).exists()
    console.setup_menu()
    console.key_pressed(Key.CONFIRM, 0.0)  # Deal (the setup opens on it): no interrupted game to ask about
    assert console.flow is not None and (tmp_path / JOURNAL).exists()
    assert (tmp_path / f"{JOURNAL}.newer-1").read_bytes() == original


def test_a_journal_set_aside_as_newer_comes_back_to_a_console_that_reads_it(tmp_path: Path) -> None:
    """A console that read version 1 only set a version-2 journal aside; this one, updated, reads it: Resume is offered again."""
    fixture = (FIXTURES / "classic-v2-padded.journal").read_bytes()
    (tmp_path / f"{JOURNAL}.newer-1").write_bytes(fixture)
    newer_journal(tmp_path / f"{JOURNAL}.newer-2")  # still a newer console's: it stays aside
    kept, problem = find_kept(tmp_path, lambda: "x")
    assert problem == "" and kept is not None and kept.kind is CLASSIC and kept.token == "5e1f0a2b3c4d6e7f"
    assert (tmp_path / JOURNAL).read_bytes() == fixture
    assert sorted(path.name for path in tmp_path.iterdir()) == [JOURNAL, f"{JOURNAL}.newer-2"]


def test_a_journal_set_aside_as_newer_stays_aside_while_another_game_has_its_name(tmp_path: Path) -> None:
    (tmp_path / f"{JOURNAL}.newer-1").write_bytes((FIXTURES / "classic-v2-padded.journal").read_bytes())
    journal_copy("junior-v2-padded.journal", tmp_path)  # a game begun on the older console meanwhile
    kept, _ = find_kept(tmp_path, lambda: "x")
    assert kept is not None and kept.kind is JUNIOR
    assert (tmp_path / f"{JOURNAL}.newer-1").read_bytes() == (FIXTURES / "classic-v2-padded.journal").read_bytes()


@pytest.mark.parametrize(("name", "kind", "shown"), [
    ("classic-v3.journal", CLASSIC, {"players": 5, "detectives": 4, "bobbies": 0, "five_reveals": True, "level": Level.HARD}),
    ("junior-v3.journal", JUNIOR, {"players": 4, "district": "central", "detectives_by": Seat.COMPUTER, "level": Level.EASY}),
])
def test_a_journal_of_version_3_resumes_with_its_own_settings_and_a_new_one_writes_them_alike(tmp_path: Path, name: str, kind: GameKind,
                                                                                            shown: dict[str, Any]) -> None:
    """Its kind's setup shows the settings the journal holds; a new game of them journals them as the journal did (a rolled-back
    console reads it), and the game goes on in this version."""
    resumed = load(journal_copy(name, tmp_path))
    assert resumed.kind is kind and resumed.settings.edition == events_of(FIXTURES / name)[0]["settings"]["edition"]
    values = kind.setup(resumed.settings).values()
    assert {key: values[key] for key in shown} == shown
    again = Journal(tmp_path / "again.journal")
    again.started(kind, kind.deal(resumed.settings, 1), resumed.settings, resumed.token)
    assert events_of(again.path)[0]["settings"] == events_of(FIXTURES / name)[0]["settings"]
    opened = open_game(resumed.settings, kept=resumed, fresh=False, timestamp="x")
    play_until_the_hidden_side_acts(opened.game, opened.journal)
    assert load(opened.journal.path).game.actions == opened.game.actions


# ====================================================================== game records


@pytest.mark.parametrize(("name", "kind", "actions", "outcome"), [
    ("classic-v1-record.json", CLASSIC, 27, "the detectives win: green caught Mister X in round 9"),
    ("classic-v2-record.json", CLASSIC, 93, "Mister X wins: detectives exhausted in round 20"),
    ("junior-v1-record.json", JUNIOR, 44, Team.ROGUES),
    ("junior-v2-record.json", JUNIOR, 27, Team.ROGUES),
])
def test_a_record_of_each_version_replays(name: str, kind: GameKind, actions: int, outcome: object) -> None:
    found, game = load_record((FIXTURES / name).read_text())
    assert found is kind and len(game.actions) == actions
    assert (str(game.outcome) if kind is CLASSIC else game.outcome) == outcome


@pytest.mark.parametrize("name", ["classic-v1-record.json", "junior-v1-record.json"])
def test_an_old_record_written_again_is_of_the_current_version_and_the_same_game(name: str) -> None:
    kind, game = load_record((FIXTURES / name).read_text())
    text = kind.journal.record(game)
    versions = classic_record.VERSIONS if kind is CLASSIC else junior_record.VERSIONS
    assert json.loads(text)["version"] == versions.current
    assert load_record(text)[1].actions == game.actions


def newer_record(folder: Path, name: str) -> Path:
    """The fixture *name* as a newer console would file it: one version up, with a field of its own."""
    data = json.loads((FIXTURES / name).read_text())
    versions = classic_record.VERSIONS if data["format"] == classic_record.FORMAT else junior_record.VERSIONS
    path = folder / "history" / f"20250102-183000-{name.split('-')[0]}.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data | {"version": versions.current + 1, NEWER_IDEA: "on"}, indent=1))
    return path


@pytest.mark.parametrize(("name", "versions"), [("classic-v2-record.json", classic_record.VERSIONS),
                                                ("junior-v2-record.json", junior_record.VERSIONS)])
def test_past_games_list_a_newer_console_s_record_and_say_why_it_does_not_replay(tmp_path: Path, name: str,
                                                                                  versions: Versions) -> None:
    path = newer_record(tmp_path, name)
    original = path.read_bytes()
    with pytest.raises(NewerRecordError):
        load_record(path.read_text())
    past = past_game(path)
    assert past.kind is None and past.newer and str(past.problem) == refusal_of_the_next(versions)
    assert str(past.label) == "2 Jan 2025 18:30 · a newer console's record"
    assert path.read_bytes() == original


def test_a_damaged_record_is_still_called_unreadable(tmp_path: Path) -> None:
    path = newer_record(tmp_path, "classic-v2-record.json")
    path.write_text(path.read_text().replace('"version": 3', '"version": 0'))
    past = past_game(path)
    assert not past.newer and str(past.label).endswith("unreadable record") and "written by a newer console" not in str(past.problem)


def test_the_replay_command_refuses_a_newer_record_in_one_line_and_keeps_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = newer_record(tmp_path, "junior-v2-record.json")
    original = path.read_bytes()
    assert main(["replay", str(path)]) == 2
    error = capsys.readouterr().err
    assert error == f"scotland-yard replay: {path}: {refusal_of_the_next(junior_record.VERSIONS)}\n"
    assert path.read_bytes() == original


# ====================================================================== the station map


def test_the_station_map_fixture_reads_with_every_station() -> None:
    station_map = StationMap.load(FIXTURES / "station-map-v1.json")
    assert len(station_map.pixels) == len(station_map.buttons) == 199
    assert (station_map.pixels[1], station_map.pixels[20], station_map.pixels[21], station_map.pixels[40]) == (0, 19, 39, 20)
    assert (station_map.buttons[1], station_map.buttons[8], station_map.buttons[9], station_map.buttons[199]) == (7, 0, 15, 193)


def newer_map(path: Path) -> bytes:
    data = json.loads((FIXTURES / "station-map-v1.json").read_text())
    path.write_text(json.dumps(data | {"version": MAP_VERSIONS.current + 1, NEWER_IDEA: {"1": 0}}, indent=1))
    return path.read_bytes()


class Builder:
    """The builder at the board, one step each time calibrate waits: press the next station's button, then CONFIRM its light."""

    def __init__(self, *bits: int) -> None:
        self.controls = FakeControlButtons()
        self.pressed: list[int] = []
        self.steps: deque[Callable[[], None]] = deque(
            step for bit in bits for step in (partial(self.press, bit), partial(self.controls.press, Key.CONFIRM)))

    def press(self, bit: int) -> None:
        self.pressed.append(bit)

    def poll_raw(self) -> list[int]:
        """The button chain before any map: the bits newly pressed."""
        pressed, self.pressed = self.pressed, []
        return pressed

    def sleep(self, seconds: float) -> None:
        if not self.steps:
            raise TimeoutError("calibrate still waits after the builder is done")
        self.steps.popleft()()


def calibration(path: Path, stations: list[int], *bits: int) -> Calibration:
    """Calibrating *stations* into the map at *path*, the builder pressing *bits* in turn and confirming every light."""
    builder = Builder(*bits)
    return Calibration(RecordingLeds(), builder, builder.controls, stations, 200, path, io.StringIO(), sleep=builder.sleep)


def test_a_newer_console_s_station_map_is_refused_naming_both_versions_and_calibrate_leaves_it(tmp_path: Path) -> None:
    path = tmp_path / "station-map.json"
    original = newer_map(path)
    with pytest.raises(NewerMapError) as refused:
        StationMap.load(path)
    assert str(refused.value) == f"{path}: {refusal_of_the_next(MAP_VERSIONS)}"
    tool = calibration(path, [1], 0)
    with pytest.raises(NewerMapError, match="calibrate --restart` sets it aside"):
        tool.run()
    assert path.read_bytes() == original


def test_calibrate_restart_sets_a_newer_map_aside_before_starting_a_new_one(tmp_path: Path) -> None:
    path = tmp_path / "station-map.json"
    original = newer_map(path)
    tool = calibration(path, [1, 2], 5, 6)
    assert tool.run(restart=True).buttons == {1: 5, 2: 6}
    assert (tmp_path / "station-map.json.newer-1").read_bytes() == original
    assert json.loads(path.read_text())["version"] == MAP_VERSIONS.current
    assert "kept as station-map.json.newer-1" in tool.out.getvalue()  # type: ignore[attr-defined]


def test_calibrate_resuming_an_older_map_writes_the_current_version(tmp_path: Path) -> None:
    path = tmp_path / "station-map.json"
    data = json.loads((FIXTURES / "station-map-v1.json").read_text())
    del data["buttons"]["199"], data["pixels"]["199"]
    path.write_text(json.dumps(data))
    tool = calibration(path, list(range(1, 200)), 193)
    resumed = tool.run()
    written = json.loads(path.read_text())
    assert written["version"] == MAP_VERSIONS.current and resumed.buttons[199] == 193
    assert StationMap.load(path) == resumed and resumed.pixels[40] == 20


def test_playing_with_a_newer_console_s_station_map_stops_at_start_in_one_line(tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    original = newer_map(tmp_path / "station-map.json")
    path = tmp_path / "config.toml"
    path.write_text(f'profile = "sim"\nmap_file = "station-map.json"\n[game]\ndata_dir = "{tmp_path / "data"}"\n')
    assert main(["play", "--headless", "--config", str(path)]) == 2
    assert capsys.readouterr().err == f"scotland-yard play: {tmp_path / 'station-map.json'}: {refusal_of_the_next(MAP_VERSIONS)}\n"
    assert (tmp_path / "station-map.json").read_bytes() == original


# ====================================================================== the config file


def test_the_config_file_with_every_setting_reads_as_it_says() -> None:
    text = (FIXTURES / "config-unversioned.toml").read_text()
    written = tomllib.loads(text)
    settings = parse_settings(text)
    hardware = settings.hardware
    assert (hardware.profile, hardware.map_file) == (written["profile"], written["map_file"])
    for section in ("leds", "buttons", "controls", "screen", "handheld"):
        values = getattr(hardware, section)
        assert {key: getattr(values, key) for key in written[section]} == written[section], section
        assert set(written[section]) >= {f.name for f in fields(values)} - {"power"}, f"every setting of [{section}]"
    assert (hardware.leds.count, hardware.leds.brightness, hardware.controls.confirm, hardware.screen.fullscreen) == (210, 0.35, 27, False)
    assert settings.game == game_settings(edition="classic", players=5, detectives=4, bobbies=0, five_reveals=True,
                                         mister_x=Seat.COMPUTER, detectives_by=Seat.PEOPLE, level=Level.HARD, assist=True,
                                         palette=PaletteName.COLOUR_BLIND, data_dir="/var/lib/scotland-yard/games")
    assert parse_config(text.replace("\n[game]", "\n[ignored]").partition("\n[ignored]")[0]) == hardware


def test_a_config_file_that_says_version_1_reads_the_same() -> None:
    text = (FIXTURES / "config-unversioned.toml").read_text()
    assert parse_settings(f"version = 1\n{text}") == parse_settings(text)
    hardware_only = text.partition("\n[game]")[0]
    assert parse_config(f"version = 1\n{hardware_only}") == parse_config(hardware_only)


def newer_config(path: Path) -> bytes:
    text = (FIXTURES / "config-unversioned.toml").read_text()
    path.write_text(f"version = {CONFIG_VERSIONS.current + 1}\n{text}\n[{NEWER_IDEA}]\nvolume = 3\n")
    return path.read_bytes()


def test_a_newer_console_s_config_file_is_refused_naming_both_versions_before_its_settings(tmp_path: Path) -> None:
    text = newer_config(tmp_path / "config.toml").decode()
    for parse in (parse_settings, parse_config):
        with pytest.raises(ConfigError) as refused:
            parse(text)
        assert str(refused.value) == refusal_of_the_next(CONFIG_VERSIONS)


@pytest.mark.parametrize("version", ["0", '"1"', "true", "1.0"])
def test_a_config_version_no_console_wrote_is_refused_but_not_as_newer(version: str) -> None:
    with pytest.raises(ConfigError, match=r"a config file of version .*; this console reads version 1") as refused:
        parse_settings(f"version = {version}\n")
    assert "newer" not in str(refused.value)


def test_the_console_stops_at_start_on_a_newer_config_file_in_one_line_and_keeps_it(tmp_path: Path,
                                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.toml"
    original = newer_config(path)
    assert main(["play", "--headless", "--config", str(path)]) == 2
    assert capsys.readouterr().err == f"scotland-yard play: {path}: {refusal_of_the_next(CONFIG_VERSIONS)}\n"
    assert path.read_bytes() == original


# ====================================================================== the menus' saved choices


def preferences_copy(name: str, data: Path) -> Path:
    path = data / PREFERENCES
    shutil.copy(FIXTURES / name, path)
    return path


def test_unversioned_preferences_read_as_version_1_and_are_written_back_versioned(tmp_path: Path) -> None:
    path = preferences_copy("preferences-unversioned.json", tmp_path)
    settings, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note == ""
    assert settings == game_settings(edition="classic", players=5, detectives=5, bobbies=0, five_reveals=True, mister_x=Seat.COMPUTER,
                                    level=Level.HARD, assist=True, palette=PaletteName.COLOUR_BLIND, data_dir=str(tmp_path))
    assert save_preferences(settings) == ""
    written = json.loads(path.read_text())
    # version 1 still: a file without sound choices is one that a console from before them reads
    assert written == {"version": 1, **json.loads((FIXTURES / "preferences-unversioned.json").read_text())}
    assert load_preferences(GameSettings(data_dir=str(tmp_path))) == (settings, "")


def test_versioned_preferences_read_as_they_say(tmp_path: Path) -> None:
    preferences_copy("preferences-v1.json", tmp_path)
    settings, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note == "" and settings == game_settings(edition="junior", players=3, district="central", detectives_by=Seat.COMPUTER,
                                                   level=Level.EASY, palette=PaletteName.COLOUR_BLIND, data_dir=str(tmp_path))


def test_preferences_of_version_5_read_as_they_say_and_are_written_back_alike(tmp_path: Path) -> None:
    """Every kind's own choices are read (each kind's setup shows its own) and written back as they were."""
    path = preferences_copy("preferences-v5.json", tmp_path)
    settings, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note == ""
    assert (settings.edition, settings.players, settings.mister_x, settings.detectives_by, settings.level) == (
        "classic", 5, Seat.PHONE, Seat.COMPUTER, Level.HARD)
    assert (settings.assist, settings.hints, settings.palette, settings.volume, settings.muted, settings.spoken, settings.language) == (
        True, True, PaletteName.COLOUR_BLIND, 3, False, True, "ko")
    classic = CLASSIC.setup(settings).values()
    assert (classic["detectives"], classic["bobbies"], classic["five_reveals"]) == (4, 0, True)
    assert JUNIOR.setup(replace(settings, edition="junior", players=4)).values()["district"] == "central"
    path.unlink()
    assert save_preferences(settings) == ""
    assert json.loads(path.read_text()) == json.loads((FIXTURES / "preferences-v5.json").read_text())


def newer_preferences(data: Path) -> bytes:
    path = data / PREFERENCES
    remembered = json.loads((FIXTURES / "preferences-v1.json").read_text())
    path.write_text(json.dumps(remembered | {"version": PREFERENCES_VERSIONS.current + 1, NEWER_IDEA: "on"}, indent=1))
    return path.read_bytes()


def test_a_newer_console_s_preferences_are_not_used_and_not_written_over(tmp_path: Path) -> None:
    original = newer_preferences(tmp_path)
    base = GameSettings(data_dir=str(tmp_path))
    settings, note = load_preferences(base)
    assert settings == base
    assert refusal_of_the_next(PREFERENCES_VERSIONS) in str(note) and "choices made now hold until the console stops" in str(note)
    said = str(save_preferences(GameSettings(palette=PaletteName.COLOUR_BLIND, data_dir=str(tmp_path))))
    assert said.startswith("Your choices hold until the console stops") and refusal_of_the_next(PREFERENCES_VERSIONS) in said
    assert (tmp_path / PREFERENCES).read_bytes() == original


def test_the_start_menu_notes_newer_preferences_and_the_settings_menu_does_not_write_over_them(tmp_path: Path) -> None:
    original = newer_preferences(tmp_path)
    _, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert program(tmp_path, note).menu.message == note  # type: ignore[union-attr]
    console = Console(tmp_path)
    console.choose("Settings")
    console.set("Light colours", Key.CHOICE_4)
    console.choose("Done")
    assert console.program.settings.palette is PaletteName.COLOUR_BLIND  # the choice holds
    message = str(console.program.menu.message)  # type: ignore[union-attr]
    assert message.startswith("Your choices hold until the console stops") and refusal_of_the_next(PREFERENCES_VERSIONS) in message
    assert (tmp_path / PREFERENCES).read_bytes() == original


def test_preferences_holding_sound_choices_are_version_2_and_a_console_reading_only_1_keeps_them(tmp_path: Path) -> None:
    game = GameSettings(data_dir=str(tmp_path))
    assert save_preferences(replace(game, volume=3)) == ""
    path = tmp_path / PREFERENCES
    saved = path.read_bytes()
    assert json.loads(saved)["version"] == 2
    assert load_preferences(game)[0].volume == 3
    older = Versions("a preferences file", current=1)  # a console from before the sound choices, after a rollback
    assert older.is_newer(json.loads(saved)["version"])
    assert save_preferences(replace(game, volume=GameSettings().volume, muted=False, spoken=False)) == ""
    assert json.loads(path.read_text())["version"] == 1, "back to the defaults: a file the older console reads again"


def test_preferences_holding_the_beginner_hints_are_version_3_and_a_console_reading_only_2_keeps_them(tmp_path: Path) -> None:
    game = GameSettings(data_dir=str(tmp_path))
    assert save_preferences(replace(game, hints=True, volume=3)) == ""
    saved = json.loads((tmp_path / PREFERENCES).read_text())
    assert saved["version"] == 3 and load_preferences(game)[0].hints
    assert Versions("a preferences file", current=2).is_newer(saved["version"])  # the release before, after a rollback
    assert save_preferences(replace(game, hints=False, volume=3)) == ""
    assert json.loads((tmp_path / PREFERENCES).read_text())["version"] == 2


def test_preferences_choosing_mister_x_on_a_phone_are_version_4_and_a_console_reading_only_3_keeps_them(tmp_path: Path) -> None:
    game = GameSettings(data_dir=str(tmp_path))
    assert save_preferences(replace(game, mister_x=Seat.PHONE)) == ""
    saved = json.loads((tmp_path / PREFERENCES).read_text())
    assert saved["version"] == 4 and load_preferences(game)[0].mister_x is Seat.PHONE
    assert Versions("a preferences file", current=3).is_newer(saved["version"])
    assert save_preferences(replace(game, mister_x=Seat.HANDHELD)) == ""
    assert json.loads((tmp_path / PREFERENCES).read_text())["version"] == 1
