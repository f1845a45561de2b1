"""Beginner hints in a Junior game (``console.games.junior.hints``): each in its moment and not otherwise, drawn only
while the table has them on and never cut, blind to the rogues' choices; the game menu's row."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from console.games import JUNIOR
from console.games.junior import hints as junior_hints
from console.games.junior.flow import JuniorFlow
from console.games.junior.model import JuniorMode, JuniorUi
from console.games.junior.screen import draw_junior
from console.games.junior.seats import ComputerRogues
from console.games.kind import Table
from console.games.recorder import NoRecord
from console.games.thinker import Thinker
from console.settings import GameSettings, Level, Seat
from console.table.screen.toolkit import Toolkit
from engine.junior import JuniorGame, JuniorStart, JuniorView, Step, Tokens
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.interfaces import Key
from tests.games.junior.test_screen import new_game
from tests.support.program import Console
from tests.support.riverside import RIVERSIDE

SIZES = ((800, 480), (410, 246), (480, 320))
"""The console's screen, the simulator's panel, and a small one."""
ROGUES = JuniorUi(JuniorMode.ROGUES)
LAST = "After this step, Mister FOX is revealed"
TOGETHER = "Spread out to watch more places"


def chosen(game: JuniorGame) -> JuniorView:
    """The rogues have chosen (each stays): the detectives' part of the round."""
    for rogue in game.to_choose():
        game.choose(Step(rogue, game.stations[rogue]))
    return game.public_view()


def hints(view: JuniorView, ui: JuniorUi) -> tuple[str, ...]:
    """The hints of the moment, as they read in English."""
    return tuple(str(hint) for hint in junior_hints.hints(view, ui))


def detectives(view: JuniorView, selected: str = "watson") -> JuniorUi:
    return JuniorUi(JuniorMode.DETECTIVES, selected=selected, destinations=(view.station(selected),))


# ---------------------------------------------------------------- each hint in its moment


def test_while_the_rogues_choose_the_detectives_are_asked_where_each_can_go() -> None:
    assert hints(new_game().public_view(), ROGUES) == ("Where can Mister FOX go from 157?",)
    assert hints(new_game(rogues=2).public_view(), ROGUES) == ("Where can Mister FOX go from 157?", "Where can ROXy go from 196?")


def test_the_detectives_hear_where_each_rogue_can_be_and_that_the_second_step_reveals_them() -> None:
    game = new_game(rogues=2)
    view = chosen(game)
    said = hints(view, detectives(view))
    assert said == ("Mister FOX is on 157 or one step away", "ROXy is on 196 or one step away")
    game.move(Step("watson", 154))
    view = game.public_view()
    assert hints(view, detectives(view, "marble"))[0] == "After this step, the rogues are revealed"
    one = new_game()
    one.choose(Step("fox", 157))
    one.move(Step("watson", 154))
    view = one.public_view()
    assert hints(view, detectives(view, "marble")) == (LAST, "Mister FOX is on 157 or one step away")


def test_detectives_on_one_station_are_told_to_spread_out() -> None:
    apart = new_game()
    view = chosen(apart)
    assert TOGETHER not in hints(view, detectives(view))
    together = JuniorGame(JuniorStart(RIVERSIDE.name, {"fox": 157, "watson": 154, "marble": 154}), RIVERSIDE)
    view = chosen(together)
    assert hints(view, detectives(view))[-1] == TOGETHER
    together.move(Step("watson", 154))
    together.move(Step("marble", 154))  # the round is over: nobody is left to spread out
    assert TOGETHER not in hints(together.public_view(), ROGUES)


@pytest.mark.parametrize(("rogues", "escape"), [(1, "One more escape and Mister FOX wins!"),
                                                (2, "If both escape once more, the rogues win!")])
def test_a_team_one_token_from_winning_is_told_so(rogues: int, escape: str) -> None:
    view = chosen(new_game(rogues=rogues))
    ui = detectives(view)
    assert not [hint for hint in hints(view, ui) if "win" in hint]
    close = replace(view, tokens=Tokens(detectives=2, rogues=8))
    assert hints(close, ui)[:2] == ("One more catch and the detectives win!", escape)
    assert hints(replace(close, phase=view.phase), ROGUES)[-2:] == ("One more catch and the detectives win!", escape)


@pytest.mark.parametrize("mode", [JuniorMode.DEAL, JuniorMode.REVEAL, JuniorMode.PAUSED, JuniorMode.GAME_OVER])
def test_no_hints_outside_the_round_s_choosing_and_stepping(mode: JuniorMode) -> None:
    assert hints(chosen(new_game()), JuniorUi(mode, selected="watson")) == ()


def test_the_rogues_secret_choices_change_no_hint() -> None:
    """Twin games that differ only in the rogues' secret choices: the same hints, the same screen with hints on."""
    for rogues in (1, 2):
        twins = [new_game(rogues=rogues) for _ in range(2)]
        for number, twin in enumerate(twins):
            for rogue in twin.to_choose():
                steps = twin.steps_of(rogue)
                twin.choose(steps[0] if number == 0 else steps[-1])
        assert twins[0].choice_of("fox") != twins[1].choice_of("fox")
        views = [twin.public_view() for twin in twins]
        ui = replace(detectives(views[0]), hints=True)
        assert hints(views[0], ui) == hints(views[1], ui)
        assert screen(views[0], ui).texts == screen(views[1], ui).texts


# ---------------------------------------------------------------- on the screen


def screen(view: JuniorView, ui: JuniorUi, size: tuple[int, int] = (800, 480)) -> Toolkit:
    kit = Toolkit(size)
    draw_junior(kit, pygame.Surface(size), view, ui, 0.0)
    return kit


def test_hints_are_off_by_default_and_drawn_only_when_on() -> None:
    view = chosen(new_game())
    ui = detectives(view)
    assert not ui.hints
    assert "Mister FOX is on 157 or one step away" not in screen(view, ui).texts
    assert "Mister FOX is on 157 or one step away" in screen(view, replace(ui, hints=True)).texts


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_hints_shown_fit_the_panel_and_the_first_is_always_shown(size: tuple[int, int]) -> None:
    """The fullest moments: two rogues, one detective stepped, both teams a token from winning, on the widest stations."""
    game = JuniorGame(JuniorStart(RIVERSIDE.name, {"fox": 198, "roxy": 196, "watson": 154, "marble": 154}), RIVERSIDE)
    rogues = replace(game.public_view(), tokens=Tokens(2, 8))
    stepping = replace(chosen(game), tokens=Tokens(2, 8))
    game.move(Step("watson", 154))
    stepped = replace(game.public_view(), tokens=Tokens(2, 8))
    for view, ui in ((rogues, ROGUES), (stepping, detectives(stepping)), (stepped, detectives(stepped, "marble"))):
        ui = replace(ui, hints=True)
        kit = screen(view, ui, size)
        assert kit.cut == [] and len(hints(view, ui)) >= 3
        assert hints(view, ui)[0] in kit.texts


# ---------------------------------------------------------------- the setting


def test_the_flow_takes_the_setting_and_its_game_menu_row_switches_it() -> None:
    def seated(settings: GameSettings) -> JuniorFlow:
        table = Table(handheld=MemoryHandheldLink(), thinker=Thinker(inline=True), recorder=NoRecord(), seed=1)
        flow = JUNIOR.flow(new_game(), replace(settings, mister_x=Seat.COMPUTER), table, 0.0, False)
        assert isinstance(flow, JuniorFlow)
        return flow

    assert not seated(GameSettings(edition="junior")).ui.hints
    flow = seated(GameSettings(edition="junior", hints=True))
    assert flow.ui.hints
    assert not JuniorFlow(new_game(), ComputerRogues(Level.EASY, 1), 0.0).ui.hints
    (row,) = flow.options()
    assert str(row.label) == "Beginner hints" and row.key == "hints"
    assert row.changed is not None
    row.changed("hints", False)
    assert not flow.ui.hints


def test_the_game_menu_of_a_junior_game_switches_the_hints(tmp_path: Path) -> None:
    console = Console(tmp_path, edition="junior", players=3)
    console.choose("New game")
    console.choose("Deal")
    flow = console.program.flow
    assert isinstance(flow, JuniorFlow) and not flow.ui.hints
    console.keys(Key.MENU)
    assert console.rows[:2] == ["Back to the game", "Beginner hints"]
    console.set("Beginner hints", Key.CHOICE_4)
    assert flow.ui.hints and console.program.settings.hints
