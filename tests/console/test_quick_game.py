"""The quick first game: offered on the start menu, the Beginner's Game in fewer rounds, the newcomer as Mister X against
the computer's detectives, which move themselves where the board has no pieces to move by hand (the simulator)."""

from __future__ import annotations

from pathlib import Path

from console.games.classic.model import Mode
from console.games.classic.setup import QUICK
from console.records.history import load_record
from console.records.storage import HISTORY
from console.settings import Level, Seat
from engine import BEGINNER, EDITIONS
from engine.record import ruleset_from_dict, ruleset_to_dict
from hardware.interfaces import Key
from tests.support.program import Console

STEPS = 4000
"""Frames enough for a whole quick game (50 ms each): ten rounds of Mister X's moves and the detectives'."""


def test_the_start_menu_offers_a_quick_game_that_opens_its_setup_ready_to_deal(tmp_path: Path) -> None:
    console = Console(tmp_path)
    assert "Quick game" in console.rows[:3]  # where a newcomer looks: by New game and Learn to play
    console.choose("Quick game")
    menu = console.program.menu
    assert menu is not None and str(menu.current.label) == "Deal the start stations" and "twenty minutes" in console.message
    assert console.values["Edition"] == "quick game" and console.values["Mister X is"] == "a person, on the handheld"
    assert console.values["Detectives are"] == "the computer" and console.values["Computer plays"] == "easy"
    console.keys(Key.CONFIRM)
    flow = console.program.flow
    assert flow is not None and flow.game.ruleset == QUICK
    assert (QUICK.length, sorted(QUICK.reveal_moves), QUICK.transports) == (10, [3, 8], BEGINNER.transports)
    assert (QUICK.detective_tickets, QUICK.mister_x_own_tickets) == (BEGINNER.detective_tickets, BEGINNER.mister_x_own_tickets)
    assert EDITIONS["beginner"] is BEGINNER and BEGINNER.length == 13  # the editions' rules stay as they are


def test_a_quick_game_is_a_custom_ruleset_its_journal_resumes_and_its_record_keeps() -> None:
    written = ruleset_to_dict(QUICK)
    assert written["name"] == "quick" and written["changes"]["length"] == 10 and written["changes"]["reveal_moves"] == [3, 8]
    assert ruleset_from_dict(written) == QUICK  # a record of it reads back as it was played, on any console that reads records


def test_in_the_simulator_the_quick_game_s_computer_detectives_move_themselves_to_its_end(tmp_path: Path) -> None:
    console = Console(tmp_path, pieces_by_hand=False)
    console.choose("Quick game")
    console.keys(Key.CONFIRM)
    flow = console.program.flow
    assert flow is not None and flow.ui.mode is Mode.DEAL
    for _, station in flow.ui.to_place:
        console.table.press(station)
    for _ in range(STEPS):  # nobody presses a station: Mister X answers on the handheld, the detectives move themselves
        if flow.game.is_over:
            break
        console.program.console.step()
    assert flow.game.is_over and flow.game.round <= QUICK.length
    assert any(move for move in flow.game.actions if hasattr(move, "piece"))
    console.keys(Key.CONFIRM)
    filed = next((tmp_path / HISTORY).glob("*.json"))
    assert load_record(filed.read_text())[1].ruleset == QUICK  # type: ignore[attr-defined]


def test_left_and_resumed_a_quick_game_is_still_a_quick_game(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("Quick game")
    console.keys(Key.CONFIRM)
    console.keys(Key.MENU)
    console.choose("Leave")
    again = Console(tmp_path)
    assert again.rows[0].startswith("Resume: quick game")
    again.keys(Key.CONFIRM)
    flow = again.program.flow
    assert flow is not None and flow.game.ruleset == QUICK
    assert again.program.sitting is not None and again.program.sitting.opened.settings.edition == "quick"


def test_on_the_lit_board_the_computer_detectives_wait_for_their_pieces_to_be_moved(tmp_path: Path) -> None:
    console = Console(tmp_path, edition="quick", detectives_by=Seat.COMPUTER, level=Level.EASY)
    console.deal_and_place()
    flow = console.program.flow
    assert flow is not None
    for _ in range(200):
        console.program.console.step()
    assert flow.ui.chosen is not None and "move it there and press" in str(flow.ui.message)
    assert not any(hasattr(move, "piece") for move in flow.game.actions)


def test_the_first_game_benchmark_plays_a_quick_game_to_its_end_in_minutes() -> None:
    from benchmarks.first_game import play

    game = play(seed=1, think_s=120.0, place_s=5.0)
    assert 1 <= game.rounds <= QUICK.length and 2 * 60 < game.seconds < 25 * 60


def test_in_the_simulator_junior_s_computer_detectives_step_by_themselves(tmp_path: Path) -> None:
    from console.games.junior.model import JuniorMode

    console = Console(tmp_path, pieces_by_hand=False, edition="junior", players=3, detectives_by=Seat.COMPUTER,
                      level=Level.EASY)
    console.choose("New game")
    console.choose("Set up the pawns")
    flow = console.program.flow
    assert flow is not None and flow.ui.mode is JuniorMode.DEAL
    for _, station in flow.ui.to_place:
        console.table.press(station)
    for _ in range(400):  # the rogue chooses on the handheld; nobody presses a detective's station
        if flow.game.results:  # type: ignore[attr-defined]
            break
        console.program.console.step()
    assert flow.game.results and "move it and press it" not in str(flow.ui.message)  # type: ignore[attr-defined]
