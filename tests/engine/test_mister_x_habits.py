"""How the computer Mister X spends double moves and black tickets (engine.ai.mister_x), and the counts that measure
it (benchmarks.habits)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from benchmarks.habits import HABITS, habits
from benchmarks.tournament import play_game, start_position
from engine import Game
from engine.ai.mister_x import WEIGHTS, MisterXScorer, Option, worth_doubling
from engine.ai.model import tables
from engine.editions import find_ruleset
from engine.movegen import ticket_mask
from engine.moves import DoubleMove
from engine.tickets import Ticket


def game_with_mister_x_on(station: int, seed: int = 1) -> Game:
    """A classic game's first turn with Mister X on *station* (no piece is on it or next to it by ferry)."""
    position = start_position(find_ruleset("classic"), 6, 35, seed)
    assert not {station, 108, 157} & {piece.station for piece in position.pieces}
    return Game(replace(position, mister_x=station, possible=position.possible | 1 << station))


def test_habits_count_a_double_out_and_back_and_an_early_black_ticket() -> None:
    game = game_with_mister_x_on(115)
    view = game.mister_x_view()
    first = next(move for move in view.moves if move.station == 157 and move.ticket is Ticket.BLACK)
    back = next(leg for leg in view.second_legs(first) if leg.station == 115)
    counted = habits(game.board, view, DoubleMove(first, back))
    assert counted["doubles"] == counted["doubles_out_and_back"] == 1
    assert counted["blacks"] == 2 and counted["blacks_early"] == 2 and counted["blacks_on_ferry"] == 2
    taxi = next(move for move in view.moves if move.ticket is Ticket.TAXI)
    assert habits(game.board, view, taxi) == {"choices": 1}
    assert set(counted) <= set(HABITS)


def test_a_black_ticket_by_bus_line_is_not_a_ferry_crossing() -> None:
    game = game_with_mister_x_on(115)
    view = game.mister_x_view()
    black = next(move for move in view.moves if move.station != 157 and move.station != 108 and move.ticket is Ticket.BLACK)
    assert habits(game.board, view, black)["blacks_on_ferry"] == 0


def option(second: bool, doubles_left: int = 1) -> Option:
    return Option((1, 0), (8, 0) if second else None, 8 if second else 1, 0, (10, 8, 4, 5, doubles_left), None, 9)


@pytest.mark.parametrize(("made", "safe", "worth"), [
    (5, 4, False),  # safe and nothing to hop over: keep the double move
    (5, 2, True),  # in danger
    (2, 4, True),  # over the reveal of move 3: shown at 3, hidden at 4
    (1, 4, False),  # ending on the reveal of move 3
    (1, 0, True),  # ending on a reveal, but cornered
])
def test_a_double_move_is_worth_it_in_danger_or_over_a_reveal(made: int, safe: int, worth: bool) -> None:
    ruleset = find_ruleset("classic")
    assert 3 in ruleset.reveal_moves and 4 not in ruleset.reveal_moves
    assert worth_doubling(option(second=True), made, safe, ruleset) is worth
    assert worth_doubling(option(second=False), made, safe, ruleset)


def test_the_last_double_move_is_kept_for_danger() -> None:
    ruleset = find_ruleset("classic")
    assert not worth_doubling(option(second=True, doubles_left=0), 2, 4, ruleset)  # over the reveal, but his last
    assert worth_doubling(option(second=True, doubles_left=0), 2, 1, ruleset)


def test_the_computer_mister_x_never_doubles_out_and_back_nor_without_need() -> None:
    """Whole games of the normal Mister X: every double move he makes is one ``worth_doubling`` allows."""
    totals = dict.fromkeys(HABITS, 0)
    for index in range(6):
        result = play_game("classic", 6, "normal", "easy", index, seed=40)
        for name, count in zip(HABITS, result.habits):
            totals[name] += count
    assert totals["doubles"] > 0
    assert totals["doubles_out_and_back"] == 0
    assert totals["doubles_while_safe"] <= totals["doubles_over_reveal"]  # with safe moves left, only over a reveal


def test_a_black_ticket_is_dear_early_and_cheap_on_a_ferry_or_after_a_reveal() -> None:
    game = game_with_mister_x_on(115)
    public = game.public_view()
    scorer = MisterXScorer(tables(game.board, public.ruleset.transports), game.board, public.ruleset,
                           [p.station for p in public.pieces], [ticket_mask(p.tickets, p.bobby) for p in public.pieces])
    black, taxi, bus = int(Ticket.BLACK), int(Ticket.TAXI), int(Ticket.BUS)

    def priced(first: tuple[int, int], second: tuple[int, int] | None, made: int, blacks_left: int = 4) -> float:
        own = (10, 8, 4, blacks_left, 2)
        return scorer.black_uses(Option(first, second, (second or first)[0], 0, own, None, 115), made)

    assert priced((157, black), None, 0) == priced((108, black), None, 7) == WEIGHTS.black_well_spent  # by ferry
    assert priced((102, black), None, 0) == WEIGHTS.black_early
    assert priced((102, black), None, 3) == WEIGHTS.black_well_spent  # move 4, after the reveal at 3
    assert priced((102, black), None, 5) == 1.0  # move 6: four left for the four reveals to come (8, 13, 18, 24)
    assert priced((102, black), None, 5, blacks_left=3) == WEIGHTS.black_reserve
    assert priced((102, taxi), (103, black), 2) == WEIGHTS.black_well_spent  # the double's second leg, move 4
    assert priced((102, bus), None, 0) == 0.0

