"""Junior in Korean: every word its flow, its screen, its menus, its handheld and its terminal game show, and a change
of language in the middle of a game (the words change, the game does not).

The moments are a real game's, driven through its flow on the shipped district,
so the words checked are the ones the table shows.
"""

from __future__ import annotations

import io
import re

import pygame
import pytest

from console.games.junior import replay
from console.games.junior.flow import JuniorFlow
from console.games.junior.lights import junior_frame
from console.games.junior.model import JuniorMode, JuniorUi
from console.games.junior.screen import draw_junior
from console.games.junior.seats import ComputerRogues, HandheldRogues
from console.games.junior.setup import JuniorSetup
from console.games.junior.text_game import JuniorTextGame
from console.games.text import Terminal
from console.settings import GameSettings, Level
from console.table.menu import Setting
from console.table.screen.toolkit import Toolkit
from engine.junior import JuniorGame, JuniorView, Step
from hardware.drivers.handheld import MemoryHandheldLink
from language import Words, use

ENGLISH = re.compile(r"[A-Za-z]{3,}")
"""An English word (a lone "X", a leg's letter and the station numbers are not)."""
SIZES = ((800, 480), (410, 246), (480, 320))
"""The console's screen, the simulator's panel, and a small one."""


pytestmark = pytest.mark.usefixtures("korean")
"""Every test here speaks Korean (the ``korean`` fixture of ``tests/conftest.py``)."""


COMMANDS = {"help", "moves", "undo", "quit", "stay"}
"""The terminal game's commands: typed as they are in every language."""


def english_in(texts: list[str]) -> list[str]:
    return [text for text in texts if set(ENGLISH.findall(text)) - COMMANDS]


Moment = tuple[str, JuniorView, JuniorUi, float]


def played(seed: int = 2) -> tuple[JuniorFlow, list[Moment]]:
    """A whole two-rogue game through its flow, with the hints on: the computer's rogues, the detectives pressed as a
    person would (onto a rogue when they can); each new kind of moment kept once."""
    game = JuniorGame.new(rogues=2, seed=seed)
    flow = JuniorFlow(game, ComputerRogues(Level.EASY, seed), 0.0, hints=True)
    moments: dict[str, Moment] = {}
    now = 0.0

    def keep(name: str, at: float | None = None) -> None:
        scene = flow.scene()
        moments.setdefault(name, (name, scene.view, scene.ui, now if at is None else at))

    outside = next(station for station in range(1, 200) if station not in game.district.stations)
    flow.station_pressed(outside, now)
    keep("deal-refused")
    for _, station in flow.ui.to_place:
        flow.station_pressed(station, now)
    keep("rogues")
    while not flow.over:
        now += 0.1
        ui = flow.ui
        if ui.to_place:
            keep("reveal-placing")
            flow.station_pressed(ui.to_place[0][1], now)
        elif ui.mode is JuniorMode.DETECTIVES and ui.selected is not None:
            keep("detectives" if not game.moved() else "detectives-second")
            if "refused" not in moments:
                flow.station_pressed(outside, now)
                keep("refused")
            view = flow.scene().view
            seen = {view.station(rogue) for rogue in view.rogues}
            flow.station_pressed(next((s for s in ui.destinations if s in seen), ui.destinations[-1]), now)
            party = flow.ui.celebration
            if party is not None and flow.ui.mode is JuniorMode.REVEAL:
                keep("caught" if party.result.captured else "escaped", party.since + 0.5)
        else:
            flow.tick(now)
    keep("game-over")
    return flow, list(moments.values())


def paused(flow: JuniorFlow) -> Moment:
    """The game waiting for the rogues' unplugged handheld."""
    link = MemoryHandheldLink()
    link.unplug()
    scene = flow.scene()
    return "paused", scene.view, flow.paused_ui(HandheldRogues(link).away_reason()), 0.0


FLOW, MOMENTS = played()


def drawn(view: JuniorView, ui: JuniorUi, now: float, size: tuple[int, int] = (800, 480)) -> Toolkit:
    kit = Toolkit(size)
    draw_junior(kit, pygame.Surface(size), view, ui, now)
    return kit


def test_the_game_played_has_every_moment() -> None:
    assert {name for name, *_ in MOMENTS} == {"deal-refused", "rogues", "detectives", "refused", "detectives-second", "escaped",
                                              "reveal-placing", "caught", "game-over"}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize(("name", "view", "ui", "now"), [*MOMENTS, paused(FLOW)], ids=[*(m[0] for m in MOMENTS), "paused"])
def test_every_moment_of_the_screen_is_korean_and_fits(name: str, view: JuniorView, ui: JuniorUi, now: float,
                                                        size: tuple[int, int]) -> None:
    kit = drawn(view, ui, now, size)
    assert kit.cut == [], f"{name}: cut {kit.cut}"
    assert len(kit.texts) > 3 and not english_in(kit.texts), f"{name}: {english_in(kit.texts)}"


def test_a_replay_is_korean() -> None:
    for scene in replay.scenes(FLOW.game):
        kit = drawn(scene.view, scene.ui, 0.5)
        assert kit.cut == [] and not english_in(kit.texts), english_in(kit.texts)


def test_the_setup_and_the_game_menu_rows_are_korean() -> None:
    setup = JuniorSetup(GameSettings(edition="junior"))
    rows = [*setup.rows(lambda key, value: None), *FLOW.options()]
    words: list[Words] = [setup.title, setup.start, *(row.label for row in rows)]
    words += [row.text(value) for row in rows if isinstance(row, Setting) for value in row.values]
    assert not english_in([str(word) for word in words])


def test_the_handheld_is_sent_korean_names_and_results() -> None:
    sent: list[dict[str, object]] = []
    link = MemoryHandheldLink(lambda message: sent.append(dict(message)) or [])
    seat = HandheldRogues(link)
    game = JuniorGame.new(rogues=2, seed=3)
    seat.show(game)
    seat.begin_turn(game)
    seat.game_over(FLOW.game)
    words, *told = sent  # the rogues' words first, in Korean; then what is told names them by their phrases
    assert words["type"] == "words" and words["phrases"] == {**words["phrases"], "fox": "미스터 폭스", "roxy": "록시"}
    assert [message["who"] for message in told[:2]] == [["fox"], ["fox"]]
    assert sent[-1]["result"] in ("도둑 승리", "형사 승리")


def test_changing_the_language_mid_game_changes_the_words_not_the_game() -> None:
    flow = played(seed=5)[0]
    before_ui, before_actions = flow.ui, flow.game.actions
    korean = drawn(flow.scene().view, flow.ui, 0.0).texts
    use("en")
    english = drawn(flow.scene().view, flow.ui, 0.0).texts
    assert flow.ui is before_ui and flow.game.actions == before_actions
    assert korean != english and not english_in(korean) and english_in(english)
    assert str(flow.ui.prompt) in ("The rogues win!", "The detectives win!")
    lights = [junior_frame(flow.scene().view, flow.ui, 1.0)]
    use("ko")
    lights.append(junior_frame(flow.scene().view, flow.ui, 1.0))
    assert lights[0] == lights[1] and str(flow.ui.prompt) in ("도둑 승리!", "형사 승리!")


def test_a_korean_terminal_game_reads_korean_names_and_lines() -> None:
    game = JuniorGame.new(rogues=1, seed=4)
    names = {"watson": "왓슨", "marble": "마블"}
    lines = {"T": "택시", "B": "버스", "U": "지하철", "F": "배"}

    def typed(prompt: str) -> str:
        """Each detective's last listed step, in Korean words ("왓슨 81 택시"), or staying ("마블 90")."""
        piece = game.to_move()[0]
        step = game.steps_of(piece)[-1]
        where = f"{step.station} {lines[step.leg[0]]}" if step.transport is not None else str(step.station)
        return f"{names[piece]} {where}"

    out = io.StringIO()
    JuniorTextGame(game, False, Terminal(out, typed, seed=4), Level.EASY).run()
    said = out.getvalue()
    assert game.is_over and "게임 끝" in said and "라운드" in said
    assert not english_in(said.splitlines()), english_in(said.splitlines())[:5]


def test_the_terminal_answers_in_korean_and_still_reads_english() -> None:
    game = JuniorGame.new(rogues=1, seed=1)
    start = game.stations["watson"]
    out = io.StringIO()
    typed = iter(["왓슨 81 비행기", "sherlock 81", "willy stay", "quit"])
    JuniorTextGame(game, False, Terminal(out, lambda prompt: next(typed)), Level.EASY).run()
    said = out.getvalue()
    assert "알 수 없는 노선입니다: '비행기' (택시, 버스, 지하철, 배)" in said
    assert "알아듣지 못했습니다: 'sherlock'." in said
    assert game.moved() == (Step("watson", start),)
