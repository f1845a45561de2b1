"""The computer Mister X's move is announced at a fixed time after his turn began, from whichever station he is at.

His search takes longer from some stations than from others (more legal moves,
more to look ahead), so announcing the move when the search ends would tell the
detectives something of where he hides. Two games that differ only in his
hidden station must see his move at the same moment. And whatever the clock
allows, the move is the search's: no other move stands in for it.
"""

from __future__ import annotations

import dataclasses
import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest

from console.games.classic.pace import MARGIN_S, PACES, Pace, mister_x_wait_s
from console.games.classic.seats import ComputerDetectives, ComputerSeat
from console.games.thinker import Thinker
from console.settings import Level
from engine import Game, MisterXView, Station, london
from engine.ai.baselines import greedy_mister_x
from engine.ai.players import choose_detective_moves, choose_mister_x_move
from tests.support.positions import positions

FRAME_S = 0.01


def hidden_at(game: Game, station: Station) -> Game:
    """*game* with Mister X at *station* instead (his last hidden move led there): the same public view."""
    position = game.position()
    log = list(position.log)
    if log:
        log[-1] = dataclasses.replace(log[-1], station=station)
    twin = Game(dataclasses.replace(position, mister_x=station, log=tuple(log)))
    assert twin.public_view() == game.public_view()
    return twin


def twins() -> tuple[Game, Game]:
    """A mid-game position seen from the possible stations with his fewest and his most legal moves: his search
    from the second takes several times longer (7 ms and 55 ms here at hard)."""
    game = positions(4)[0][3]
    hidden = sorted((hidden_at(game, station) for station in game.public_view().possible_stations),
                    key=lambda twin: len(twin.mister_x_view().moves))
    return hidden[0], hidden[-1]


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SearchTakingTime(Thinker):
    """A search that ends *seconds(view)* after it began on the test's clock: as long as his secret makes it."""

    def __init__(self, clock: FakeClock, seconds: Callable[[MisterXView], float]) -> None:
        super().__init__(inline=True, clock=clock)
        self.seconds = seconds
        self.cancelled = False
        self._ready_at = 0.0
        self._move: Any = None

    def start(self, job: Callable[..., Any], *args: Any, cap_s: float) -> None:
        view: MisterXView = args[0]
        self._ready_at, self._move, self.cancelled = self.clock() + self.seconds(view), view.moves[-1], False

    def result(self) -> Any:
        return self._move if self.clock() >= self._ready_at else None

    def cancel(self) -> None:
        self.cancelled = True


def announced_after(game: Game, thinker: Thinker, clock: FakeClock, level: Level) -> tuple[float, Any]:
    """Frames from his turn's start until the seat hands over his move: the seconds it took and the move."""
    seat = ComputerSeat(level, thinker)
    started, frames = clock.now, 0
    seat.begin_turn(game)
    while not (moves := seat.poll(game, clock.now)):
        frames += 1
        clock.now = started + frames * FRAME_S
    return frames * FRAME_S, moves[0]


@pytest.mark.parametrize("level", list(Level))
def test_his_move_comes_at_the_same_moment_however_long_each_secret_makes_him_think(level: Level) -> None:
    clock = FakeClock()
    one, other = twins()
    hold = mister_x_wait_s(level, one.public_view())
    quick_from = {one.mister_x_view().station: 0.01 * hold, other.mister_x_view().station: 0.9 * hold}
    thinker = SearchTakingTime(clock, lambda view: quick_from[view.station])
    took_one, move_one = announced_after(one, thinker, clock, level)
    took_other, move_other = announced_after(other, thinker, clock, level)
    assert took_one == pytest.approx(took_other, abs=FRAME_S * 1.01) and took_one == pytest.approx(hold, abs=FRAME_S * 1.5)
    assert move_one == one.mister_x_view().moves[-1] and move_other == other.mister_x_view().moves[-1]  # his searched moves
    assert not thinker.cancelled


def test_a_worker_that_fails_to_answer_in_time_gives_the_search_cut_short_at_that_moment() -> None:
    """The worker's search stops itself before the moment; should the worker fail anyway, the search runs again
    in-process, cut at its first stage, and the move is still the search's (not another player's), at the same time."""
    clock = FakeClock()
    game, _ = twins()
    hold = mister_x_wait_s(Level.HARD, game.public_view())
    thinker = SearchTakingTime(clock, lambda view: 5 * hold)
    took, move = announced_after(game, thinker, clock, Level.HARD)
    assert took == pytest.approx(hold, abs=FRAME_S * 1.5) and thinker.cancelled
    assert move == choose_mister_x_move(game.mister_x_view(), london(), "hard", game.moves_made, stop=lambda: True)


def test_his_wait_depends_on_public_facts_only_and_is_longest_where_his_move_matters() -> None:
    one, other = twins()
    assert mister_x_wait_s(Level.EXPERT, one.public_view()) == mister_x_wait_s(Level.EXPERT, other.public_view())
    opening = Game.new("reissue", players=4, seed=1)
    assert mister_x_wait_s(Level.EXPERT, opening.public_view()) == PACES[Level.EXPERT].mister_x_s
    assert all(mister_x_wait_s(level, one.public_view()) <= PACES[level].mister_x_s for level in Level)


def test_measured_on_the_real_worker_his_secret_does_not_move_the_announcement(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real search, in the worker process, timed on the real clock: the two secrets' times are the same
    to within the console's frames, though his search from one takes several times longer than from the other."""
    hold = 0.25
    monkeypatch.setitem(PACES, Level.HARD, Pace(mister_x_s=hold, detectives_s=hold))
    one, other = twins()
    thinker = Thinker()

    def seconds(game: Game) -> float:
        seat = ComputerSeat(Level.HARD, thinker)
        started = time.monotonic()
        seat.begin_turn(game)
        while not seat.poll(game, time.monotonic()):
            time.sleep(0.005)
        return time.monotonic() - started

    seconds(one)  # the worker starts and loads the players once
    times: dict[str, list[float]] = {"one": [], "other": []}
    for _ in range(6):
        times["one"].append(seconds(one))
        times["other"].append(seconds(other))
    assert statistics.median(times["one"]) == pytest.approx(statistics.median(times["other"]), abs=0.02), times
    assert min(times["one"] + times["other"]) >= mister_x_wait_s(Level.HARD, one.public_view())


def test_with_no_time_to_search_the_worker_s_move_is_the_search_s_best_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pace shorter than the margin leaves the searches no time: the worker answers with each search's first stage,
    the search's own choice, which is not the greedy baseline's move in several of these positions."""
    monkeypatch.setitem(PACES, Level.EXPERT, Pace(mister_x_s=MARGIN_S, detectives_s=MARGIN_S))
    thinker = Thinker()
    differ = 0
    for group in positions(3):
        for game in group:
            if game.is_over:
                continue
            if game.turn.value == "mister_x":
                _, move = announced_on_the_worker(game, ComputerSeat(Level.EXPERT, thinker))
                cut = choose_mister_x_move(game.mister_x_view(), london(), "expert", game.moves_made, stop=lambda: True)
                assert move == cut
                differ += move != greedy_mister_x(game.board, game.mister_x_view())
            else:
                detectives = ComputerDetectives(Level.EXPERT, thinker)
                detectives.begin_round(game)
                thinker.wait()
                moves = detectives.poll(game, time.monotonic())
                assert moves == choose_detective_moves(game.public_view(), london(), "expert", len(game.actions), stop=lambda: True)
    assert differ >= 2


def announced_on_the_worker(game: Game, seat: ComputerSeat) -> tuple[float, Any]:
    started = time.monotonic()
    seat.begin_turn(game)
    while not (moves := seat.poll(game, time.monotonic())):
        time.sleep(0.005)
    return time.monotonic() - started, moves[0]
