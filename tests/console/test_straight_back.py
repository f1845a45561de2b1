"""A console restarted in the middle of a game goes straight back into it; a game the players left waits at the start menu."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from console.program import session
from console.program.straight_back import BACK_WITHIN_S, LEFT
from hardware.interfaces import Key
from tests.support.program import Console


def interrupted(data: Path) -> Console:
    """A game dealt and placed, its console then gone (a watchdog restart, a power cut)."""
    console = Console(data)
    console.deal_and_place()
    return console


def written_ago(data: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(data / session.JOURNAL, (then, then))


def test_an_interrupted_game_is_played_again_at_once(tmp_path: Path) -> None:
    before = interrupted(tmp_path).program.flow
    assert before is not None
    again = Console(tmp_path, straight_back_s=BACK_WITHIN_S)
    resumed = again.program.flow
    assert again.program.menu is None and resumed is not None
    assert resumed.game.actions == before.game.actions and resumed.game.mister_x_view() == before.game.mister_x_view()
    assert again.program.status == "Playing a game"


def test_a_left_game_waits_at_the_start_menu_and_resuming_it_clears_that(tmp_path: Path) -> None:
    console = interrupted(tmp_path)
    console.keys(Key.MENU)
    console.choose("Leave")
    assert (tmp_path / LEFT).exists()
    again = Console(tmp_path, straight_back_s=BACK_WITHIN_S)
    assert again.program.flow is None and again.rows[0].startswith("Resume")
    again.keys(Key.CONFIRM)  # Resume: the game is played again, so a restart now would go straight back in
    assert again.program.flow is not None and not (tmp_path / LEFT).exists()
    assert Console(tmp_path, straight_back_s=BACK_WITHIN_S).program.flow is not None


@pytest.mark.parametrize("ago, straight_back", [(30, True), (BACK_WITHIN_S - 5, True), (BACK_WITHIN_S + 5, False), (86_400, False),
                                                (-60, True), (-(BACK_WITHIN_S + 5), False)])
def test_only_a_game_interrupted_within_the_window_goes_straight_back(tmp_path: Path, ago: float, straight_back: bool) -> None:
    """Negative: the clock is behind the journal's last write (a Pi without a real-time clock, just after a power cut)."""
    interrupted(tmp_path)
    written_ago(tmp_path, ago)
    again = Console(tmp_path, straight_back_s=BACK_WITHIN_S)
    assert (again.program.flow is not None) is straight_back
    assert (again.program.menu is None) is straight_back


def test_without_a_window_the_start_menu_always_opens(tmp_path: Path) -> None:
    """A scripted simulator run, or ``play --new``: the start menu (or the setup) whatever the journal's age."""
    interrupted(tmp_path)
    again = Console(tmp_path)
    assert again.program.flow is None and again.rows[0].startswith("Resume")


def test_a_note_left_by_another_game_does_not_hold_this_one_back(tmp_path: Path) -> None:
    interrupted(tmp_path)
    (tmp_path / LEFT).write_text("0123456789\n")
    assert Console(tmp_path, straight_back_s=BACK_WITHIN_S).program.flow is not None


def test_a_note_that_cannot_be_read_keeps_to_the_start_menu(tmp_path: Path) -> None:
    interrupted(tmp_path)
    (tmp_path / LEFT).mkdir()
    assert Console(tmp_path, straight_back_s=BACK_WITHIN_S).program.flow is None


def test_a_new_game_replacing_a_left_one_removes_its_note(tmp_path: Path) -> None:
    console = interrupted(tmp_path)
    console.keys(Key.MENU)
    console.choose("Leave")
    console.choose("New game")
    console.choose("Deal")
    console.keys(Key.CONFIRM)  # asked twice: the interrupted game ends
    assert console.program.flow is not None and not (tmp_path / LEFT).exists()
