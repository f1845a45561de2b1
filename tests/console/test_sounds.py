"""The console's sounds on the ``fake`` profile: each public event plays its sound once, as the settings say.

The fake profile's speaker (``hardware.drivers.audio.FakeSpeaker``) records what the
console asked it to play and say; ``TimedSpeaker`` adds when, on the console's
own clock. Whole games are played by the tables of ``tests.support``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import partial
from pathlib import Path

import pytest

from console.games.classic.flow import Flow
from console.games.classic.model import Mode
from console.games.classic.news import news
from console.games.classic.pace import PACES, mister_x_wait_s
from console.games.classic.seats import ComputerSeat
from console.games.junior.flow import JuniorFlow
from console.games.junior.model import JuniorMode
from console.program.chord import CHORD_SECONDS
from console.program.config import parse_settings
from console.program.program import SOUND_NOTE_S, Program
from console.records.preferences import PREFERENCES, load_preferences, save_preferences
from console.settings import GameSettings, Level, Seat
from console.table.sounds import SOUND_OF, Event, News, Sounds
from engine import MisterXView
from engine.outcome import Outcome, Reason
from hardware.config import Config, ConfigError
from hardware.drivers.audio import FakeSpeaker
from hardware.drivers.handheld import FarEnd, MemoryHandheldLink
from hardware.factory import build_hardware
from hardware.interfaces import SOUNDS, Hardware, Key, Message
from hardware.station_map import StationMap
from tests.games.classic.test_computer_timing import FRAME_S, FakeClock, SearchTakingTime, twins
from tests.support.junior import HandheldRogues, JuniorTable
from tests.support.players import StepClock, first_listed_move
from tests.support.program import Console
from tests.support.runner import SeededTable, seeded_far_end

STATIONS = range(1, 200)
GAME_STEPS = 6000
"""Actions a whole game may take at most (a few hundred are usual)."""


class PassedHandheld:
    """Mister X's handheld, passed to him: his answer comes a step after the request (``answer``), not in the same one."""

    def __init__(self, far_end: FarEnd) -> None:
        self.far_end = far_end
        self.waiting: list[Message] = []
        self.link = MemoryHandheldLink(self)

    def __call__(self, message: Message) -> list[Message]:
        self.waiting += self.far_end(message)
        return []

    def answer(self) -> None:
        waiting, self.waiting = self.waiting, []
        for message in waiting:
            self.link.inject(message)


class TimedSpeaker(FakeSpeaker):
    """The fake speaker, also noting when (on the console's clock) each sound was asked for."""

    def __init__(self, clock: StepClock) -> None:
        super().__init__()
        self.clock = clock
        self.times: list[tuple[float, str]] = []

    def play(self, sound: str) -> None:
        super().play(sound)
        self.times.append((self.clock.now, sound))


def speaker_of(hardware: Hardware) -> FakeSpeaker:
    speaker = hardware.speaker
    assert isinstance(speaker, FakeSpeaker)
    return speaker


def timed_program(data: Path, handheld: PassedHandheld, *, seed: int | None = None, **settings: object) -> tuple[Program, TimedSpeaker]:
    clock = StepClock()
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, handheld=handheld.link)
    speaker = hardware.speaker = TimedSpeaker(clock)
    game = GameSettings(**({"data_dir": str(data)} | settings))  # type: ignore[arg-type]
    program = Program(hardware, game, clock=clock, sleep=lambda seconds: None, timestamp=lambda: "filed", seed=seed, think_inline=True)
    return program, speaker


def played_whole_game(table: SeededTable | JuniorTable, handheld: PassedHandheld | None = None) -> None:
    for _ in range(GAME_STEPS):
        if table.last_flow is not None and table.last_flow.finished:
            return
        table.act()
        if handheld is not None:
            handheld.answer()
    pytest.fail(f"the game did not end in {GAME_STEPS} actions")


def test_every_event_has_one_of_the_speaker_s_sounds() -> None:
    assert set(SOUND_OF) == set(Event)
    assert set(SOUND_OF.values()) == set(SOUNDS)


def test_the_console_plays_ready_once_when_it_first_shows(tmp_path: Path) -> None:
    console = Console(tmp_path)
    speaker = speaker_of(console.hardware)
    assert speaker.played == []
    console.program.console.step()
    console.choose("Settings")
    console.choose("Done")
    assert speaker.played == ["ready"]


def test_a_round_plays_refused_turn_and_moved_each_once(tmp_path: Path) -> None:
    console = Console(tmp_path)
    handheld = PassedHandheld(first_listed_move)
    console.hardware.handheld = console.program.console.hardware.handheld = handheld.link
    speaker = speaker_of(console.hardware)
    console.choose("New game")
    console.choose("Deal")
    flow = console.program.flow
    assert isinstance(flow, Flow) and flow.ui.mode is Mode.DEAL
    wrong = next(station for station in STATIONS if station not in dict(flow.ui.to_place).values())
    console.table.press(wrong)
    console.table.press(wrong)  # refused again: a new blink, a new sound
    assert speaker.played == ["ready", "refused", "refused"]
    for _, station in flow.ui.to_place:
        console.table.press(station)
    console.program.console.step()
    assert flow.ui.mode is Mode.MISTER_X and speaker.played[3:] == ["turn"]  # Mister X's turn, on the handheld
    handheld.answer()
    console.program.console.step()
    assert speaker.played[4:] == ["moved"]  # also the detectives' call: one sound for one change
    console.table.press(wrong)
    assert speaker.played[5:] == ["refused"]


def test_the_computer_mister_x_s_move_sounds_when_shown_not_when_decided(tmp_path: Path) -> None:
    program, speaker = timed_program(tmp_path, PassedHandheld(first_listed_move), mister_x=Seat.COMPUTER, level=Level.HARD, seed=3)
    table = SeededTable(program.console, 3, tmp_path / "game.journal")
    while not (program.flow is not None and program.flow.ui.mode is Mode.DETECTIVES):
        table.act()
    (turn_at, turn), (moved_at, moved) = speaker.times[-2:]
    assert (turn, moved) == ("turn", "moved")
    assert moved_at - turn_at == pytest.approx(PACES[Level.HARD].mister_x_s, abs=0.051)  # his opening: the whole wait


def test_the_handheld_plugged_and_unplugged_each_play_once(tmp_path: Path) -> None:
    console = Console(tmp_path)
    speaker = speaker_of(console.hardware)
    link = console.hardware.handheld
    assert isinstance(link, MemoryHandheldLink)
    console.program.console.step()
    link.unplug()
    for _ in range(40):  # gone once the link has been down a while, then back
        console.program.console.step()
    link.plug()
    for _ in range(3):
        console.program.console.step()
    assert speaker.played == ["ready", "unplugged", "plugged"]


def test_no_unplugged_sound_for_a_handheld_missing_at_start(tmp_path: Path) -> None:
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, handheld=MemoryHandheldLink(connected=False))
    program = Program(hardware, GameSettings(data_dir=str(tmp_path)), clock=StepClock(), sleep=lambda seconds: None)
    program.console.step()
    assert speaker_of(hardware).played == ["ready"]


@pytest.mark.parametrize(("seed", "reason", "end"), [(4, Reason.CAPTURE, "capture"), (5, Reason.DETECTIVES_EXHAUSTED, "escape"),
                                                     (1, Reason.SURVIVED, "escape")])
def test_a_whole_scripted_game_plays_every_cue_where_it_belongs(tmp_path: Path, seed: int, reason: Reason, end: str) -> None:
    """Seeded games (tests.support.runner) that end in each way: their cues, in order, with the spoken words."""
    handheld = PassedHandheld(seeded_far_end(seed))
    program, speaker = timed_program(tmp_path, handheld, seed=seed, spoken=True)
    table = SeededTable(program.console, seed, tmp_path / "game.journal")
    played_whole_game(table, handheld)
    assert table.last_flow is not None
    view = table.last_flow.game.public_view()
    assert view.outcome is not None and view.outcome.reason is reason
    cues = speaker.played
    assert cues[0] == "ready" and cues[-1] == end and cues.count(end) == 1
    assert set(cues) <= set(SOUNDS) - {"plugged", "unplugged", "celebrate", "game-over"}
    reveals = [entry.station for entry in view.log if entry.reveal]
    assert cues.count("reveal") == len(reveals)
    doubles = sum(entry.double for entry in view.log) // 2
    assert cues.count("reveal") + cues.count("moved") == len(view.log) - doubles  # one cue a move of his (a double: one)
    assert cues.count("turn") >= len(view.log) - doubles  # his turn on the handheld each time (and the detectives' now and then)
    said = [words for words, language in speaker.said if language == "en"]
    assert [words for words in said if "surfaces" in words] == [f"Mister X surfaces at {station}. Detectives' turn." for station in reveals]
    winner = "The detectives win." if reason is Reason.CAPTURE else "Mister X wins."
    assert said[-1] == winner and said.count(winner) == 1


def test_a_cornered_mister_x_plays_game_over_and_names_the_winner(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.deal_and_place()
    flow = console.program.flow
    assert isinstance(flow, Flow)
    before = flow.scene()
    view = replace(before.view, outcome=Outcome(Reason.CORNERED, 5))
    after = replace(before, view=view, ui=replace(before.ui, mode=Mode.GAME_OVER))
    assert [(one.event, str(one.words)) for one in news(before, after)] == [(Event.GAME_OVER, "The detectives win")]


def test_junior_celebrates_each_round_s_reveal_and_the_end(tmp_path: Path) -> None:
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS,
                              handheld=MemoryHandheldLink(HandheldRogues(seed=5)))
    game = GameSettings(edition="junior", players=4, data_dir=str(tmp_path), spoken=True)
    program = Program(hardware, game, clock=StepClock(), sleep=lambda seconds: None, timestamp=lambda: "filed", seed=11)
    table = JuniorTable(program.console, seed=3)
    played_whole_game(table)
    flow = table.last_flow
    assert isinstance(flow, JuniorFlow) and flow.ui.mode is JuniorMode.GAME_OVER
    view, speaker = flow.game.public_view(), speaker_of(hardware)
    cues = speaker.played
    captures = sum(1 for result in view.results if result.captured)
    last_reveal_ends = view.results[-1].captured  # the last reveal comes with the end: the end's sound plays
    assert cues[0] == "ready" and cues[-1] == "celebrate"
    assert cues.count("capture") == captures - bool(last_reveal_ends)
    assert cues.count("celebrate") == len(view.results) - captures + bool(last_reveal_ends)
    assert "turn" in cues and set(cues) <= {"ready", "turn", "refused", "capture", "celebrate"}
    assert str(flow.ui.prompt).endswith("win!") and speaker.said[-1][0].endswith(str(flow.ui.prompt))  # the winner, spoken last


def test_volume_mute_and_spoken_reach_the_speaker_at_once_and_are_remembered(tmp_path: Path) -> None:
    console = Console(tmp_path)
    speaker = speaker_of(console.hardware)
    loudest = console.program.sounds.loudest
    assert loudest > 0 and speaker.volume == pytest.approx(0.7 * loudest) and not speaker.muted
    console.choose("Settings")
    console.set("Volume", Key.CHOICE_3, Key.CHOICE_3)
    assert speaker.volume == pytest.approx(0.5 * loudest) and console.values["Volume"] == "5"
    console.set("Sound", Key.CHOICE_4)
    assert speaker.muted and console.values["Sound"] == "off"
    console.set("Spoken", Key.CHOICE_4)
    assert console.program.sounds.spoken
    console.choose("Done")
    saved = json.loads((tmp_path / PREFERENCES).read_text())
    assert (saved["version"], saved["volume"], saved["muted"], saved["spoken"]) == (2, 5, True, True)

    remembered, note = load_preferences(GameSettings(data_dir=str(tmp_path)))  # as the console starts
    assert note == "" and (remembered.volume, remembered.muted, remembered.spoken) == (5, True, True)
    again = Console(tmp_path, volume=remembered.volume, muted=remembered.muted, spoken=remembered.spoken)
    speaker = speaker_of(again.hardware)
    assert speaker.volume == pytest.approx(0.5 * loudest) and speaker.muted and again.program.sounds.spoken


def test_the_volume_is_a_share_of_the_speaker_s_own_loudest() -> None:
    speaker = FakeSpeaker(volume=0.6)
    Sounds(speaker).apply(GameSettings(volume=5))
    assert speaker.volume == pytest.approx(0.3)


def test_announcements_are_spoken_only_when_the_setting_is_on() -> None:
    speaker = FakeSpeaker()
    sounds = Sounds(speaker)
    sounds.hear([News(Event.REVEAL, "Mister X surfaces at 128")])
    sounds.apply(GameSettings(spoken=True))
    sounds.hear([News(Event.REVEAL, "Mister X surfaces at 128")])
    assert speaker.played == ["reveal", "reveal"] and speaker.said == [("Mister X surfaces at 128.", "en")]


def test_the_mute_chord_toggles_the_sound_from_a_menu_without_acting_as_its_keys(tmp_path: Path) -> None:
    console = Console(tmp_path)
    program, speaker = console.program, speaker_of(console.hardware)
    controls = console.table.controls
    console.choose("Settings")
    menu = program.menu
    assert menu is not None and str(menu.title) == "Settings"
    controls.press(Key.UNDO)
    program.console.step()  # one frame apart: well within the chord's time
    controls.press(Key.MENU)
    program.console.step()
    assert speaker.muted and program.settings.muted and menu.values["muted"] is True  # the Sound row says so
    assert program.menu is menu  # neither key went back to the start menu
    assert str(program.console.presenter.warning) == "Sound off"
    assert json.loads((tmp_path / PREFERENCES).read_text())["muted"] is True
    for _ in range(int(SOUND_NOTE_S / 0.05) + 2):
        program.console.step()
    assert program.console.presenter.warning == "" and program.menu is menu

    controls.press(Key.MENU)  # the other order, in one frame: on again
    controls.press(Key.UNDO)
    program.console.step()
    assert not speaker.muted and str(program.console.presenter.warning) == "Sound on" and program.menu is menu


def test_a_lone_chord_key_acts_once_its_time_is_over_and_keeps_its_order(tmp_path: Path) -> None:
    console = Console(tmp_path)
    program = console.program
    controls = console.table.controls
    console.choose("Settings")
    settings = program.menu
    controls.press(Key.UNDO)  # back to the start menu, once it is clear no MENU comes with it
    program.console.step()
    assert program.menu is settings
    for _ in range(int(CHORD_SECONDS / 0.05) + 3):
        program.console.step()
    assert program.menu is not None and str(program.menu.title) == "Scotland Yard"
    console.choose("Settings")
    controls.press(Key.UNDO)
    controls.press(Key.CHOICE_2)  # another key: the held one acts first (back to the start menu), then it moves the cursor
    program.console.step()
    assert str(program.menu.title) == "Scotland Yard" and program.menu.cursor == 1 and not program.settings.muted


def test_the_mute_chord_in_a_game_neither_opens_the_game_menu_nor_takes_a_move_back(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.deal_and_place()
    flow = console.program.flow
    assert isinstance(flow, Flow)
    while not flow.game.can_undo:  # a detective has moved: UNDO alone would take it back
        console.table.act()
    actions = flow.game.actions
    controls = console.table.controls
    controls.press(Key.MENU)
    controls.press(Key.UNDO)
    console.program.console.step()
    assert console.program.settings.muted and console.program.menu is None
    assert flow.game.actions == actions and flow.ui.mode is Mode.DETECTIVES


def thinking(seconds: float, view: MisterXView) -> float:
    return seconds


def test_two_computer_mister_xs_apart_only_in_secret_sound_his_move_at_the_same_frame() -> None:
    """His search from one secret station ends far sooner than from the other: the move's sound comes at the same frame."""
    hold = mister_x_wait_s(Level.NORMAL, twins()[0].public_view())
    heard: list[list[tuple[int, str]]] = []
    for game, thinks in zip(twins(), (0.01 * hold, 0.9 * hold), strict=True):
        clock = FakeClock()
        flow = Flow(game, ComputerSeat(Level.NORMAL, SearchTakingTime(clock, partial(thinking, thinks))), 0.0, deal=False)
        speaker = FakeSpeaker()
        sounds, played = Sounds(speaker), list[tuple[int, str]]()
        for frame in range(int(2 * hold / FRAME_S)):
            clock.now = frame * FRAME_S
            flow.tick(clock.now)
            sounds.game_shown(flow, flow.scene(), news)
            played += [(frame, sound) for sound in speaker.played[len(played):]]
        heard.append(played)
    assert heard[0] == heard[1] and [sound for _, sound in heard[0]] in (["moved"], ["reveal"])
    assert heard[0][0][0] * FRAME_S == pytest.approx(hold, abs=1.5 * FRAME_S)


def test_the_sound_s_choices_are_written_only_when_changed_so_an_older_console_still_reads_the_file(tmp_path: Path) -> None:
    assert save_preferences(GameSettings(data_dir=str(tmp_path), assist=True)) == ""
    written = json.loads((tmp_path / PREFERENCES).read_text())
    assert written["version"] == 1 and not {"volume", "muted", "spoken"} & set(written)
    assert save_preferences(GameSettings(data_dir=str(tmp_path), volume=3)) == ""
    assert json.loads((tmp_path / PREFERENCES).read_text())["volume"] == 3


@pytest.mark.parametrize(("line", "message"), [("volume = 11", "game.volume: must be 0 to 10, not 11"),
                                                ("volume = -1", "game.volume: must be 0 to 10, not -1"),
                                                ("muted = 1", "game.muted: must be true or false, not 1"),
                                                ("spoken = \"yes\"", "game.spoken: must be true or false, not 'yes'")])
def test_bad_sound_settings_in_the_config_file_are_refused_by_name(line: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_settings(f"[game]\n{line}")


def test_the_sound_settings_of_the_config_file() -> None:
    game = parse_settings("[game]\nvolume = 4\nmuted = true\nspoken = true").game
    assert (game.volume, game.muted, game.spoken) == (4, True, True)
