"""The simulator: the console's program in a (headless) pygame window, played through the window's own input."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
import tty
from collections import Counter
from pathlib import Path

import pygame
import pytest

from console.cli import main
from console.games.classic.model import Mode
from console.games.classic.seats import ComputerSeat
from console.settings import GameSettings, Level, Seat
from engine import DetectiveMove, Game
from hardware.drivers.serial_link import SerialHandheldLink
from hardware.interfaces import Key, KeyPressed
from hardware.sim.handheld import FdTransport
from hardware.sim.script import ScriptError, parse_script
from hardware.sim.window import KEYS, MARK_WIDTH, STATION_FILL
from language import use
from tests.support.sim import HeadlessSim, same_picture

MAX_ACTIONS = 3000
"""More clicks and keys than a whole game takes: a game not over by then is stuck."""


class Sim(HeadlessSim):
    """A headless simulator with a game against the computer, and a player who only clicks and presses keys."""

    def __init__(self, data: Path, seed: int = 5, *, pane: bool = False, worker: bool = False, **settings: object) -> None:
        mister_x = Seat.HANDHELD if pane else Seat.COMPUTER
        game = GameSettings(data_dir=str(data), mister_x=mister_x, **{"level": Level.EASY, **settings})  # type: ignore[arg-type]
        super().__init__(data, game, seed=seed, pane=pane, worker=worker)
        self.rng = random.Random(seed)

    def act(self) -> None:
        """One click or key, chosen from what the console shows (its menus and the public game)."""
        program, flow = self.program, self.program.flow
        if program.menu is not None or flow is None:
            self.do("key", "confirm")
        elif flow.ui.mode is Mode.DEAL:
            self.do("click", str(flow.ui.to_place[0][1]))
        elif flow.ui.mode is Mode.DETECTIVES and flow.detectives is not None:
            if flow.ui.chosen is None:
                flow.detectives.thinker.wait()  # the computer detectives may think in a worker
                self.do("wait", "0.1")
            else:
                self.do("click", str(flow.ui.chosen))  # make the move the computer named
        elif flow.ui.mode is Mode.DETECTIVES and flow.ui.selected is None:
            view = flow.game.public_view()
            movable = [p for p in view.pieces if p.name not in view.moved]
            self.do("click", str(self.rng.choice(movable).station))
        elif flow.ui.mode is Mode.DETECTIVES:
            assert flow.ui.selected is not None
            places = sorted(flow.ui.destinations) or [flow.game.public_view().piece(flow.ui.selected).station]
            self.do("click", str(self.rng.choice(places)))
        elif flow.ui.mode is Mode.CHOOSE_TICKET:
            self.do("key", "1")
        elif flow.ui.mode is Mode.MISTER_X:
            assert isinstance(flow.seat, ComputerSeat)
            flow.seat.thinker.wait()  # the computer Mister X may think in a worker
            self.do("wait", "0.1")
        else:
            self.do("key", "confirm")

    def lit_pixels_match(self) -> int:
        """Every lit station's disc shows its LED colour's light (``glow``: never darker than unlit); returns how many were checked."""
        window = self.window
        window.pump()  # the window draws the console's last frame when it next handles its events
        radius = window._layout.radius
        frame = {s: c for s, c in window.frame.items() if c != (0, 0, 0)}
        centres = {s: window.station_centre(s) for s in frame}
        checked = 0
        for station, colour in frame.items():
            x, y = centres[station]
            crowded = any((x - ox) ** 2 + (y - oy) ** 2 < (3 * radius) ** 2 for other, (ox, oy) in centres.items() if other != station)
            if crowded:
                continue  # a neighbour's halo may lie over this disc's edge
            edge = radius - max(2, round(radius * MARK_WIDTH)) - 1  # inside the transport marks, above and below the number
            disc = Counter(tuple(window.display.get_at((x + dx, y + dy)))[:3] for dx in range(-2, 3) for dy in (-edge, edge))
            shade = window.glow(colour)
            assert disc.most_common(1)[0][0] == shade, station
            assert all(a >= b for a, b in zip(shade, STATION_FILL)), station
            checked += 1
        return checked


def test_a_whole_game_played_by_clicks_in_the_window(tmp_path: Path) -> None:
    sim = Sim(tmp_path, edition="beginner", players=3)
    checked = played = 0
    while played < MAX_ACTIONS:
        flow = sim.program.flow
        if flow is not None and flow.ui.mode is Mode.GAME_OVER:
            break
        sim.act()
        played += 1
        if played % 7 == 0:
            checked += sim.lit_pixels_match()
    flow = sim.program.flow
    assert flow is not None and flow.game.is_over, "the game did not end"
    assert checked > 20
    sim.do("shot", "end")
    picture = pygame.image.load(str(tmp_path / "end.png"))
    assert len({tuple(picture.get_at((x, y))) for x in range(0, picture.get_width(), 16) for y in range(0, picture.get_height(), 16)}) > 20
    sim.do("key", "confirm")
    assert sim.program.flow is None and (tmp_path / "history").is_dir()


def test_a_whole_reissue_game_and_its_replay_in_the_window_cut_no_words(tmp_path: Path) -> None:
    """A whole game by clicks, then its record replayed from Past games: every frame's words fit, screenshots of both."""
    sim = Sim(tmp_path, seed=8)
    kit = sim.program.console.presenter.kit
    cut: set[str] = set()
    for _ in range(MAX_ACTIONS):
        flow = sim.program.flow
        if flow is not None and flow.ui.mode is Mode.GAME_OVER:
            break
        sim.act()
        cut.update(kit.cut)
    flow = sim.program.flow
    assert flow is not None and flow.game.is_over, "the game did not end"
    sim.do("shot", "game-over")
    sim.do("key", "confirm")  # filed; the start menu offers it among the past games
    assert sim.program.menu is not None and str(sim.program.menu.ui.rows[3][0]) == "Past games"
    for verb, argument in [("key", "2"), ("key", "2"), ("key", "2"), ("key", "confirm"), ("key", "confirm"), ("key", "confirm"),
                           ("shot", "replay-start")]:
        sim.do(verb, argument)
    playback = sim.program.playback
    assert playback is not None
    seen = 0
    while not playback.at_end:
        sim.do("wait", "2.1")
        cut.update(kit.cut)
        seen += 1
    sim.do("shot", "replay-end")
    cut.update(kit.cut)
    assert seen >= len(flow.game.actions) // 2 and not cut, sorted(cut)
    assert all((tmp_path / f"{name}.png").exists() for name in ("game-over", "replay-start", "replay-end"))


def test_computer_detectives_against_a_computer_mister_x_play_a_whole_game_in_the_window(tmp_path: Path) -> None:
    sim = Sim(tmp_path, edition="beginner", players=3, detectives_by=Seat.COMPUTER, worker=True)
    for _ in range(MAX_ACTIONS):
        flow = sim.program.flow
        if flow is not None and flow.ui.mode is Mode.GAME_OVER:
            break
        if flow is not None and flow.ui.chosen is not None and flow.ui.mode is Mode.DETECTIVES:
            assert sim.window.frame.get(flow.ui.chosen) is not None  # the named move is lit on the board
        sim.act()
    flow = sim.program.flow
    assert flow is not None and flow.game.is_over, "the game did not end"
    assert any(isinstance(move, DetectiveMove) for move in flow.game.actions)


def test_a_click_between_stations_presses_nothing_and_keys_work_by_click_and_shortcut(tmp_path: Path) -> None:
    sim = Sim(tmp_path)
    window = sim.window
    x, y = window.station_centre(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + 5 * window._layout.radius, y), button=1))
    assert window.take_presses() == []
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window.station_centre(117), button=1))
    assert [event.station for event in window.take_presses()] == [117, 117]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window.key_centre(Key.UNDO), button=1))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert window.take_keys() == [KeyPressed(Key.UNDO), KeyPressed(Key.MENU)]


def test_the_window_resizes_and_clicks_still_find_their_station(tmp_path: Path) -> None:
    sim = Sim(tmp_path)
    before = sim.window.station_centre(100)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=640, size=(1000, 640)))
    sim.window.pump()
    after = sim.window.station_centre(100)
    assert after != before and sim.window.display.get_size() == (1000, 640)
    assert sim.window.station_at(after) == 100


def test_closing_the_window_stops_the_program_and_the_game_is_offered_again(tmp_path: Path) -> None:
    sim = Sim(tmp_path)
    for _ in range(6):
        sim.act()
    assert sim.program.flow is not None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    sim.window.pump()
    assert sim.window.closed
    again = Sim(tmp_path)
    assert again.program.menu is not None and str(again.program.menu.current.label).startswith("Resume")


def test_nothing_is_redrawn_while_nothing_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sim = Sim(tmp_path)
    while sim.program.flow is None or sim.program.flow.ui.mode is not Mode.DETECTIVES:
        sim.act()
    flips: list[int] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    sim.runner.step(60)  # two seconds of the detectives thinking
    assert len(flips) == 0


def test_the_headless_command_plays_a_script_and_saves_its_screenshots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = Game.new("reissue", players=4, seed=3).public_view().pieces
    script = tmp_path / "game.script"
    script.write_text("shot menu\nkey confirm\nkey confirm   # deal\n" + "".join(f"click {p.station}\n" for p in start)
                      + "wait 1\nshot playing\n")
    shots = tmp_path / "shots"
    assert main(["sim", "--headless", "--script", str(script), "--screenshots", str(shots), "--seed", "3",
                 "--data-dir", str(tmp_path / "data")]) == 0
    assert capsys.readouterr().out.split() == [str(shots / "menu.png"), str(shots / "playing.png")]
    for name in ("menu", "playing"):
        picture = pygame.image.load(str(shots / f"{name}.png"))
        assert picture.get_size() == (1280, 760)
        assert len({tuple(picture.get_at((x, 300))) for x in range(0, 1280, 8)}) > 10  # not blank


@pytest.mark.parametrize(("text", "error"), [
    ("clik 4", "line 1: unknown command 'clik'"),
    ("\n# fine\nclick 200", "line 3: click needs a station number 1-199, not '200'"),
    ("key enter", "line 1: key must be one of"),
    ("wait soon", "line 1: wait needs seconds"),
    ("shot ../x", "line 1: shot needs a file name"),
])
def test_a_bad_script_line_is_named(text: str, error: str) -> None:
    with pytest.raises(ScriptError, match=error.replace("(", r"\(")):
        parse_script(text, range(1, 200))


def test_the_command_refuses_a_window_without_a_display_and_a_script_without_headless(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", "--script", str(tmp_path / "none")]) == 2
    assert "--headless and --script go together" in capsys.readouterr().err
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    assert main(["sim", "--data-dir", str(tmp_path)]) == 2
    assert "no display" in capsys.readouterr().err



def test_the_readme_picture_s_script_still_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = Path(__file__).resolve().parents[2] / "docs" / "simulator.script"
    assert main(["sim", "--headless", "--script", str(script), "--screenshots", str(tmp_path), "--seed", "3",
                 "--data-dir", str(tmp_path / "data")]) == 0
    # the same game at the same moment (the red detective picked after Mister X's reveal)
    assert same_picture(tmp_path / "simulator.png", script.with_suffix(".png"))


def test_mister_x_plays_on_the_handheld_pane_in_the_real_protocol(tmp_path: Path) -> None:
    sim = Sim(tmp_path, pane=True)
    assert sim.handheld is not None and sim.handheld.pane is not None
    device = sim.handheld.pane.handheld
    while sim.program.flow is None or sim.program.flow.ui.mode is not Mode.MISTER_X:
        sim.act()
    sim.do("wait", "0.3")
    flow = sim.program.flow
    secret = flow.game.mister_x_view().station
    assert device.ui.lines()[0].split() == ["Round", "1", "at", str(secret)]  # his station, on his screen alone
    assert secret not in sim.window.frame
    sim.do("handheld", "ok")  # the first listed move
    sim.do("handheld", "ok")  # confirmed
    sim.do("wait", "0.3")
    assert flow.ui.mode is Mode.DETECTIVES and flow.game.moves_made == 1
    assert any("hide" in line for line in device.ui.lines())


def test_pulling_the_handheld_s_cable_pauses_the_game_until_it_is_back(tmp_path: Path) -> None:
    sim = Sim(tmp_path, pane=True)
    assert sim.handheld is not None and sim.handheld.pane is not None
    while sim.program.flow is None or sim.program.flow.ui.mode is not Mode.MISTER_X:
        sim.act()
    flow = sim.program.flow
    sim.handheld.pane.toggle_cable()
    sim.do("wait", "2")
    assert flow.ui.mode is Mode.PAUSED and "unplugged" in str(flow.ui.message)
    sim.handheld.pane.toggle_cable()
    sim.do("wait", "2")
    assert flow.ui.mode is Mode.MISTER_X
    sim.do("wait", "0.3")
    sim.do("handheld", "ok")
    sim.do("handheld", "ok")
    sim.do("wait", "0.3")
    assert flow.game.moves_made == 1


def test_the_handheld_in_its_own_window_talks_over_a_pseudo_terminal(tmp_path: Path) -> None:

    host, device = os.openpty()
    tty.setraw(host)
    tty.setraw(device)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    process = subprocess.Popen([sys.executable, "-m", "console.cli", "handheld-sim", "--port", os.ttyname(device)], env=env)
    try:
        transport = FdTransport(host)
        link = SerialHandheldLink(lambda: transport)
        link.start_session("0123456789abcdef", new_game=True)
        deadline = time.monotonic() + 300  # only a hung window gets there, however busy the machine
        while not link.connected and time.monotonic() < deadline and process.poll() is None:
            link.receive()
            time.sleep(0.02)
        assert link.connected, "the handheld window never answered"
    finally:
        process.terminate()
        process.wait(timeout=120)


def test_the_window_s_own_words_are_drawn_again_in_a_language_chosen_while_it_runs(tmp_path: Path) -> None:
    sim = HeadlessSim(tmp_path, GameSettings(data_dir=str(tmp_path)), seed=1, pane=True)
    window = sim.window

    def keys_and_pane_button() -> bytes:
        """The window's keys (their labels, the keyboard's shortcuts under them) and the pane's button, as pixels."""
        window.redraw()
        (left, top), (right, _) = window.key_centre(Key.CHOICE_1), window.key_centre(Key.MENU)
        area = pygame.Rect(left - 60, top - 30, right - left + 120, window.key_centre(Key.MENU)[1] - top + 140)
        return pygame.image.tobytes(window.display.subsurface(area), "RGB")

    english = keys_and_pane_button()
    assert pygame.display.get_caption()[0] == "Scotland Yard - simulated board"
    try:
        use("ko")
        sim.do("wait", "0.1")
        assert pygame.display.get_caption()[0] == "스코틀랜드 야드 - 시뮬레이션 보드"
        assert keys_and_pane_button() != english
    finally:
        use("en")
    sim.do("wait", "0.1")
    assert keys_and_pane_button() == english and pygame.display.get_caption()[0] == "Scotland Yard - simulated board"


def _key(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def test_the_arrow_keys_move_every_menu_and_change_its_settings_as_keys_1_to_4_do(tmp_path: Path) -> None:
    for (key, _, shortcut, codes), (arrow, code) in zip(KEYS, (("↑", pygame.K_UP), ("↓", pygame.K_DOWN), ("←", pygame.K_LEFT),
                                                                ("→", pygame.K_RIGHT))):
        assert arrow in shortcut and code in codes, key  # the window's help under keys 1-4 names their arrows
    sim = HeadlessSim(tmp_path, GameSettings(data_dir=str(tmp_path)), seed=1, pane=True)  # the pane attached, hidden
    menu = sim.program.menu
    assert menu is not None and menu.cursor == 0
    for code, cursor in ((pygame.K_DOWN, 1), (pygame.K_DOWN, 2), (pygame.K_UP, 1)):
        _key(code)
        sim.do("wait", "0.1")
        assert sim.program.menu is menu and menu.cursor == cursor
    _key(pygame.K_UP)
    _key(pygame.K_RETURN)  # New game
    sim.do("wait", "0.1")
    setup = sim.program.menu
    assert setup is not None and str(setup.title) != str(menu.title)
    setup.cursor = 0  # the edition's row
    before = setup.value("edition")
    _key(pygame.K_RIGHT)
    sim.do("wait", "0.1")
    after = sim.program.menu
    assert after is not None and after.value("edition") != before
    _key(pygame.K_LEFT)
    sim.do("wait", "0.1")
    assert sim.program.menu is not None and sim.program.menu.value("edition") == before


def test_in_a_lesson_the_arrows_go_to_the_handheld_on_his_turn_and_back_to_the_menus_after_a_control_key(tmp_path: Path) -> None:
    """A newcomer's path: the handheld's turn in the course, then MENU, Down twice and CONFIRM leave the lesson."""
    from console.lessons import shipped_courses
    from console.lessons.script import Wait

    sim = HeadlessSim(tmp_path, GameSettings(data_dir=str(tmp_path)), seed=1, pane=True)
    sim.do("key", "confirm")  # Learn to play is the second row
    sim.program.learn(sim.clock())
    course = shipped_courses()[0]
    guide = sim.program.guide
    assert guide is not None
    for _, step in course.steps:
        if step.wait is Wait.HANDHELD:
            break
        if step.wait is Wait.PRESS:
            sim.do("click", str(step.press))
        else:
            sim.do("key", {Wait.CONFIRM: "confirm"}.get(step.wait) or str(step.key.value[-1]))  # type: ignore[union-attr]
    sim.do("toggle-handheld")
    sim.do("wait", "0.3")
    assert sim.window.pane_has_keys
    pane = sim.handheld.pane  # type: ignore[union-attr]
    assert pane is not None
    shown = pane.handheld.ui.page()
    _key(pygame.K_DOWN)  # his turn: the arrow goes on from the handheld's lesson page to his moves, and opens no menu
    sim.do("wait", "0.1")
    assert pane.handheld.ui.page() != shown and sim.program.menu is None
    _key(pygame.K_ESCAPE)  # MENU (it acts once UNDO is surely not pressed with it): the lesson's menu, the keyboard to the board
    sim.do("wait", "0.5")
    assert not sim.window.pane_has_keys
    lesson_menu = sim.program.menu
    assert lesson_menu is not None and lesson_menu.cursor == 0
    _key(pygame.K_DOWN)
    _key(pygame.K_DOWN)
    sim.do("wait", "0.1")
    assert lesson_menu.cursor == 2 and "Leave" in str(lesson_menu.current.label)
    _key(pygame.K_RETURN)
    sim.do("wait", "0.1")
    assert sim.program.guide is None and sim.program.menu is not None and str(sim.program.menu.title) == "Learn to play"


def test_the_pane_has_the_keyboard_when_shown_or_clicked_and_the_board_when_its_keys_are_used(tmp_path: Path) -> None:
    sim = HeadlessSim(tmp_path, GameSettings(data_dir=str(tmp_path)), seed=1, pane=True)
    window = sim.window
    assert not window.pane_has_keys
    sim.do("toggle-handheld")
    assert window.pane_has_keys
    framed = window.display.get_at(window._layout.pane.move(-3, 0).midleft)  # type: ignore[union-attr]
    _key(pygame.K_2)
    sim.do("wait", "0.1")
    assert not window.pane_has_keys and sim.program.menu is not None and sim.program.menu.cursor == 1
    assert window.display.get_at(window._layout.pane.move(-3, 0).midleft) != framed  # type: ignore[union-attr]
    _key(pygame.K_SPACE)  # the handheld's own key: the pane takes the keyboard back
    sim.do("wait", "0.1")
    assert window.pane_has_keys
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window.station_centre(100), button=1))
    sim.do("wait", "0.1")
    assert not window.pane_has_keys
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window._layout.pane.center, button=1))  # type: ignore[union-attr]
    sim.do("wait", "0.1")
    assert window.pane_has_keys
