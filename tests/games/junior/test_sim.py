"""Junior in the simulator, headless: a whole game through the window's own clicks and keys, the rogues on the handheld pane."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from console.cli import main
from console.games.junior.flow import JuniorFlow
from console.games.junior.model import JuniorMode
from console.settings import GameSettings
from firmware.ui import CHOOSING, CONFIRMING
from tests.support.sim import HeadlessSim


class JuniorSim(HeadlessSim):
    """A headless simulator with a Junior game, the rogues' handheld as a pane; players only click, press keys and buttons."""

    def __init__(self, data: Path, seed: int = 4, **settings: object) -> None:
        game = GameSettings(**({"data_dir": str(data), "edition": "junior", "players": 4} | settings))  # type: ignore[arg-type]
        super().__init__(data, game, seed=seed, pane=True)
        assert self.handheld is not None and self.handheld.pane is not None
        self.rng = random.Random(seed)
        self.device = self.handheld.pane.handheld

    @property
    def flow(self) -> JuniorFlow | None:
        flow = self.program.flow
        return flow if isinstance(flow, JuniorFlow) else None

    def act(self) -> None:
        """One click, key or handheld button, chosen from what the console and the handheld show."""
        flow = self.flow
        if self.program.menu is not None or flow is None:
            self.do("key", "confirm")
        elif flow.ui.to_place:
            self.do("click", str(flow.ui.to_place[0][1]))
        elif flow.ui.mode is JuniorMode.DETECTIVES:
            self.do("click", str(self.rng.choice(flow.ui.destinations)))
        elif flow.ui.mode is JuniorMode.ROGUES and self.device.ui.mode in (CHOOSING, CONFIRMING):
            choosing = self.device.ui.awake and self.device.ui.mode == CHOOSING
            self.do("handheld", self.rng.choice(["down", "down", "ok"]) if choosing else "ok")  # wake, scroll, confirm
        elif flow.ui.mode is JuniorMode.GAME_OVER:
            self.do("key", "confirm")
        else:
            self.do("wait", "0.2")


def test_a_whole_junior_game_in_the_simulator_with_the_rogues_on_the_handheld_pane(tmp_path: Path) -> None:
    sim = JuniorSim(tmp_path)
    sim.do("toggle-handheld")  # show the rogues' handheld beside the board
    shots: set[str] = set()
    for _ in range(4000):
        flow = sim.flow
        if flow is not None and flow.ui.mode is JuniorMode.GAME_OVER:
            break
        if flow is not None:
            moment = {JuniorMode.ROGUES: "rogues", JuniorMode.DETECTIVES: "detectives", JuniorMode.REVEAL: "reveal"}.get(flow.ui.mode)
            if flow.ui.mode is JuniorMode.ROGUES and not sim.device.ui.awake:
                moment = "pass"
            if moment and moment not in shots:
                sim.do("shot", f"junior-{moment}")
                shots.add(moment)
        sim.act()
    flow = sim.flow
    assert flow is not None and flow.game.is_over, "the Junior game did not end"
    sim.do("wait", "0.5")
    sim.do("shot", "junior-over")
    assert shots == {"rogues", "pass", "detectives", "reveal"}
    for name in (*shots, "over"):
        picture = pygame.image.load(str(tmp_path / f"junior-{name}.png"))
        assert picture.get_width() > 800
    lit = {station for station, colour in sim.window.frame.items() if colour != (0, 0, 0)}
    assert lit == set(flow.game.district.stations)  # the playing area, and nothing outside it
    sim.do("key", "confirm")
    assert sim.program.flow is None and any((tmp_path / "history").iterdir())


def test_the_readme_junior_picture_s_script_still_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = Path(__file__).resolve().parents[3] / "docs" / "junior.script"
    assert main(["sim", "--headless", "--script", str(script), "--screenshots", str(tmp_path), "--seed", "3",
                 "--data-dir", str(tmp_path / "data")]) == 0
    fresh, committed = pygame.image.load(str(tmp_path / "junior.png")), pygame.image.load(str(script.with_suffix(".png")))
    assert fresh.get_size() == committed.get_size()
    # the same reveal at the same moment: the captured fox's pawn and the caught token look alike in both
    for x, y in ((410, 335), (1213, 167), (1000, 148)):
        assert fresh.get_at((x, y)) == committed.get_at((x, y))
