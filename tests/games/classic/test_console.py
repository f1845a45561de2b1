"""The whole console on the ``fake`` profile: presses and a scripted handheld in, LED frames and screen out."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from console.games.classic import CLASSIC
from console.games.classic.flow import Flow
from console.games.classic.lights import board_frame
from console.games.classic.model import Mode
from console.games.classic.seats import HandheldSeat
from console.games.classic.setup import ClassicSetup
from console.program import session
from console.program.program import Program
from console.settings import GameSettings, Seat
from console.table.lights import STANDARD
from console.table.menu import Setting
from engine import EDITIONS, Game
from engine.record import loads
from hardware.config import Config
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.leds import RecordingLeds
from hardware.drivers.screen import OffscreenScreen
from hardware.factory import build_hardware
from hardware.interfaces import Hardware, Message
from hardware.station_map import StationMap
from language import Words, use
from tests.conftest import choose_move
from tests.games.classic.test_flow import GreedySeat
from tests.support.players import StepClock as Clock
from tests.support.players import Table, first_listed_move
from tests.support.program import MISTER_X_STEPS

STATIONS = range(1, 200)


def fake_hardware(far_end: Callable[[Message], list[Message]] = first_listed_move) -> Hardware:
    return build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, handheld=MemoryHandheldLink(far_end))


def play_to_the_end(settings: GameSettings, seed: int, *, stop_after: int | None = None,
                    hardware: Hardware | None = None) -> Table:
    """Start the console on fake hardware; the table works the menus into a new game and plays it until it is filed."""
    hardware = hardware or fake_hardware()
    program = Program(hardware, settings, clock=Clock(), timestamp=lambda: f"game-{seed}", seed=seed, think_inline=True)
    table = Table(program.console, seed)
    actions = 0

    def between_steps(seconds: float) -> None:
        nonlocal actions
        actions += 1
        table.act()

    program.sleep = between_steps
    program.run(lambda: (stop_after is not None and actions >= stop_after) or (table.last_flow is not None and program.sitting is None))
    return table


@pytest.mark.parametrize(("edition", "players", "seed"), [("reissue", 4, 1), ("classic", 5, 2), ("beginner", 3, 3)])
def test_a_whole_game_on_the_board_ends_and_is_filed(tmp_path: Path, edition: str, players: int, seed: int) -> None:
    settings = GameSettings(edition=edition, players=players, data_dir=str(tmp_path))
    table = play_to_the_end(settings, seed)
    hardware, flow = table.console.hardware, table.last_flow
    assert flow is not None
    game = flow.game
    assert game.is_over and flow.finished
    (record,) = (tmp_path / "history").glob(f"game-{seed}-*.json")
    assert loads(record.read_text()).outcome == game.outcome
    assert not (tmp_path / "game.journal").exists()
    leds = hardware.leds
    assert isinstance(leds, RecordingLeds)
    # the deal lit every piece's start station; the first frame after the menus shows the pieces in their colours
    start = game.start
    assert any(all(piece.station in frame for piece in start.pieces) for frame in leds.frames[:5])
    screen = hardware.screen
    assert isinstance(screen, OffscreenScreen) and screen.last is not None and screen.presented > 3
    pygame.image.save(screen.last, str(tmp_path / "last.png"))


def test_a_press_on_an_empty_station_is_refused_on_board_and_screen(tmp_path: Path) -> None:
    settings = GameSettings(edition="reissue", players=3, data_dir=str(tmp_path), mister_x=Seat.COMPUTER)
    table = play_to_the_end(settings, 5, stop_after=6)  # the menus and the deal are done
    flow = table.flow
    assert flow is not None
    for _ in range(MISTER_X_STEPS):  # the computer Mister X's move comes when its time does
        if flow.ui.mode is Mode.DETECTIVES:
            break
        table.act()
    assert flow.ui.mode is Mode.DETECTIVES
    empty = next(s for s in STATIONS if all(p.station != s for p in flow.game.public_view().pieces))
    table.press(empty)
    assert flow.ui.refused is not None and flow.ui.refused.station == empty
    assert str(flow.ui.message).startswith("No: ")
    refused = flow.ui.refused
    frame = board_frame(flow.game.public_view(), flow.ui, refused.since)
    assert frame[empty] == STANDARD.refused  # the blink starts on
    assert not flow.game.is_over


def test_an_interrupted_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    settings = GameSettings(edition="reissue", players=4, data_dir=str(tmp_path))
    flow = play_to_the_end(settings, 7, stop_after=25).flow
    assert flow is not None
    before = flow.game
    assert not before.is_over and (tmp_path / "game.journal").exists()
    kept, problem = session.find_kept(settings.data_path, lambda: "x")
    assert kept is not None and problem == ""
    opened = session.open_game(settings, kept=kept, fresh=False, timestamp="x")
    assert opened.resumed
    assert opened.game.mister_x_view() == before.mister_x_view() and opened.game.actions == before.actions


def test_journal_is_written_before_the_lights_show_a_move(tmp_path: Path) -> None:
    settings = GameSettings(edition="beginner", players=3, data_dir=str(tmp_path), mister_x=Seat.COMPUTER)
    flow = play_to_the_end(settings, 9, stop_after=12).flow
    assert flow is not None
    lines = (tmp_path / "game.journal").read_text().splitlines()
    moves = [json.loads(line)["event"] for line in lines if '"type":"move"' in line]
    assert len(moves) == len(flow.game.actions)


def test_the_handheld_hears_of_every_move_it_made(tmp_path: Path) -> None:
    heard: list[str] = []

    def far_end(message: Message) -> list[Message]:
        heard.append(message["type"])
        return first_listed_move(message)

    settings = GameSettings(edition="reissue", players=3, data_dir=str(tmp_path))
    flow = play_to_the_end(settings, 4, stop_after=40, hardware=fake_hardware(far_end)).last_flow
    assert flow is not None and flow.game.moves_made > 3
    assert heard.count("accepted") == flow.game.moves_made == heard.count("ask"), (heard, flow.game)


class PhoneLink(MemoryHandheldLink):
    """Mister X's phone, not connected (paired once, or never)."""

    url = "http://console.local/#key"

    def __init__(self, paired: bool) -> None:
        super().__init__()
        self.paired = paired

    def pair_again(self) -> None:
        self.paired = False


class OtherGamesHandheld(MemoryHandheldLink):
    other_game = True


def test_the_classic_game_s_words_around_the_flow_read_in_korean() -> None:
    """The setup's rows, the game menu's, the editions, a game described and summed up, why it waits for the handheld,
    a replay's lines and its news: nothing is left in English."""
    rng = random.Random(2)
    game = Game.new("reissue", players=4, seed=2)
    while not game.is_over:
        game.play(choose_move(game, rng))
    unfinished = Game.new("beginner", players=3, seed=2)
    setup = ClassicSetup(GameSettings())
    rows = [*setup.rows(lambda key, value: None), *Flow(unfinished, GreedySeat(), 0.0, deal=False).options()]
    scenes = list(CLASSIC.scenes(game))
    texts: list[Words] = [setup.title, setup.start, *CLASSIC.editions.values(), CLASSIC.describe(unfinished), CLASSIC.summary(game),
                          CLASSIC.summary(unfinished), CLASSIC.hidden_side, *(scene.ui.message for scene in scenes),
                          *(news.words for before, after in pairwise(scenes) for news in CLASSIC.news(before, after))]
    for row in rows:
        texts += [row.label, *(row.text(value) for value in row.values)] if isinstance(row, Setting) else [row.label]
    for link in (MemoryHandheldLink(), OtherGamesHandheld(), PhoneLink(paired=True), PhoneLink(paired=False)):
        texts.append(HandheldSeat(link).away_reason())
    assert len({str(text) for text in texts}) > 50
    try:
        use("ko")
        english = [str(text) for text in texts if re.search(r"[A-Za-z]{2,}", str(text))]
    finally:
        use("en")
    assert not english
    assert set(CLASSIC.editions) == {*EDITIONS, "quick"}  # every edition the engine knows has its name, and the quick game
