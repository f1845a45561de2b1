"""Computer players (engine.ai.players), their search budgets, their tournament and bench (benchmarks.tournament, benchmarks.ai).

No test here times anything: the levels are iteration budgets, so what is
checked is that a choice depends only on the view and the seed, that every
move is legal, that the detectives cannot use Mister X's secret, and that the
budgets grow with the level.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from functools import reduce
from itertools import pairwise
from operator import or_

import pytest

from benchmarks.balance import lopsided
from benchmarks.balance import main as balance_main
from benchmarks.computer import computer
from benchmarks.curve import main as curve_main
from benchmarks.ladder import expected, fit
from benchmarks.ladder import main as ladder_main
from benchmarks.matches import wilson
from benchmarks.tournament import main as tournament_main
from benchmarks.tournament import play_game, start_position
from benchmarks.yardstick import elo, interval, step
from benchmarks.yardstick import main as yardstick_main
from engine import DetectiveMove, DoubleMove, Game, LogEntry, MisterXMove, Reason, Side, Ticket, london
from engine.ai import mister_x, players, playout
from engine.ai.beginner import beginner_detectives, beginner_mister_x
from engine.ai.detectives import INTERCEPT_RADIUS, RoundPlan, intercepting, movers_of
from engine.ai.model import FAR, tables
from engine.ai.players import LEVEL_SETTINGS, LEVELS, _to_move, choose_detective_moves, choose_mister_x_move, scaled
from engine.board import station_set, stations_of
from engine.editions import CLASSIC, REISSUE
from engine.movegen import ticket_mask
from tests.conftest import random_moves


def _play_round(game: Game, level: str, seed: int) -> None:
    """Mister X's move and the detectives' round, both by the computer players."""
    game.play(choose_mister_x_move(game.mister_x_view(), game.board, level, seed))
    while not game.is_over and game.turn is Side.DETECTIVES:
        moves = choose_detective_moves(game.public_view(), game.board, level, seed)
        assert moves, f"{game!r}: pieces can move but none was chosen"
        for move in moves:
            if game.is_over:
                break
            game.play(move)


def _detectives_turn(edition: str, players_: int, seed: int, rounds: int) -> Game:
    """A game after *rounds* rounds of greedy-ish play, the detectives to move."""
    game = Game.new(edition, players=players_, seed=seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        game.play(rng.choice(game.mister_x_view().moves))
        if game.is_over:
            break
        while not game.is_over and game.turn is Side.DETECTIVES:
            game.play(rng.choice(game.single_moves()))
        if game.is_over:
            break
    if not game.is_over:
        game.play(rng.choice(game.mister_x_view().moves))
    return game


def test_levels_are_named_and_budgets_grow() -> None:
    assert LEVELS == ("beginner", "easy", "normal", "hard", "expert")
    assert tuple(LEVEL_SETTINGS) == LEVELS[1:]  # beginner searches nothing
    settings = list(LEVEL_SETTINGS.values())
    for lower, higher in pairwise(settings):
        assert higher.mister_x_lookahead >= lower.mister_x_lookahead and higher.depth >= lower.depth
        assert higher.detective_iterations > lower.detective_iterations and higher.slips <= lower.slips
        assert higher.planned_depth >= lower.planned_depth
    assert [s.categorized for s in settings] == [False, False, False, True]  # only expert's detectives weigh categories
    assert [s.playout_doubles for s in settings] == [False, False, False, True]  # and imagine a Mister X who doubles
    assert [s.intercepts > 0 for s in settings] == [False, False, False, True]  # and bet on parts of the set
    with pytest.raises(ValueError, match="no level called 'master'"):
        choose_mister_x_move(Game.new("classic", players=6).mister_x_view(), Game.new("classic").board, "master", 0)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_choice_depends_only_on_the_view_and_the_seed(level: str) -> None:
    game = _detectives_turn("reissue", 4, seed=5, rounds=4)
    view = game.public_view()
    first = choose_detective_moves(view, game.board, level, seed=9)
    assert first and first == choose_detective_moves(view, game.board, level, seed=9)
    rng = random.Random(1)
    while game.turn is Side.DETECTIVES:
        game.play(rng.choice(game.single_moves()))
    assert not game.is_over
    secret = game.mister_x_view()
    assert choose_mister_x_move(secret, game.board, level, seed=3) == choose_mister_x_move(secret, game.board, level, seed=3)


def test_whole_games_are_replayed_identically_for_their_seed() -> None:
    first = play_game("classic", 6, "easy", "easy", index=4, seed=11)
    second = play_game("classic", 6, "easy", "easy", index=4, seed=11)
    assert (first.mister_x_won, first.reason, len(first.mister_x_times)) == (second.mister_x_won, second.reason, len(second.mister_x_times))


def test_a_clocked_player_searches_to_its_clock_and_a_forced_round_not_at_all() -> None:
    """``normal~0.02``: every choice stops at the moment the console's pace sets, times the share, on the CPU clock."""
    result = play_game("classic", 6, "normal~0.02", "normal~0.02", index=2, seed=7)
    assert {t.clock_s for t in result.mister_x_times} <= {0.02 * (s - 0.15) for s in (2.0, 1.2)}
    assert {t.clock_s for t in result.detective_times} <= {0.02 * (s - 0.15) for s in (2.0, 1.2)} | {0.0}
    assert max(t.late_s for t in (*result.mister_x_times, *result.detective_times)) < 0.1
    game = _detectives_turn("classic", 6, seed=5, rounds=3)
    clocked = computer("hard~1")
    assert clocked is not None
    moves, timing = clocked.detectives(game.public_view(), game.board, seed=1, forced=True)
    assert moves and timing.clock_s == 0.0 and timing.cpu_s < 0.2


@pytest.mark.parametrize("edition, players_, seed", [("classic", 6, 1), ("reissue", 3, 2), ("beginner", 5, 3), ("reissue", 6, 4)])
def test_every_move_is_legal_to_the_end_of_the_game(edition: str, players_: int, seed: int) -> None:
    game = Game.new(edition, players=players_, seed=seed)
    while not game.is_over:
        _play_round(game, "easy", seed * 100 + game.round)  # Game.play refuses any illegal move
    assert game.outcome is not None


def test_mister_x_plays_double_moves_and_black_tickets_legally() -> None:
    kinds: set[str] = set()
    for index in range(6):
        game = Game(start_position(CLASSIC, 6, CLASSIC.mister_x_starts[index], seed=index))
        while not game.is_over:
            view = game.mister_x_view()
            move = choose_mister_x_move(view, game.board, "normal", seed=index)
            if isinstance(move, DoubleMove):
                kinds.add("double")
                assert view.can_double and move.first in view.moves
                assert move.second in game.second_legs(move.first)
            else:
                assert move in view.moves
                kinds.add(str(move.ticket))
            game.play(move)
            while not game.is_over and game.turn is Side.DETECTIVES:
                for m in choose_detective_moves(game.public_view(), game.board, "easy", seed=index):
                    if not game.is_over:
                        game.play(m)
    assert {"double", "black"} <= kinds


def test_detectives_never_read_the_secret() -> None:
    """Two games that differ only in Mister X's hidden station give the same public view and the same moves."""
    checked = 0
    for seed in range(40):
        game = _detectives_turn("classic", 6, seed, rounds=5)
        if game.is_over or game.turn is not Side.DETECTIVES:
            continue
        position = game.position()
        others = [s for s in stations_of(game.possible_locations) if s != position.mister_x]
        if not others or CLASSIC.reveal_moves & {len(position.log)}:
            continue
        elsewhere = others[seed % len(others)]
        log = (*position.log[:-1], LogEntry(position.log[-1].ticket, elsewhere, position.log[-1].double))
        twin = Game(replace(position, mister_x=elsewhere, log=log, possible=game.possible_locations))
        view, twin_view = game.public_view(), twin.public_view()
        assert view == twin_view
        for level in ("easy", "normal"):
            assert choose_detective_moves(view, game.board, level, seed) == choose_detective_moves(twin_view, twin.board, level, seed)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_chosen_pieces_only_and_a_legal_order() -> None:
    game = _detectives_turn("reissue", 3, seed=8, rounds=3)
    names = game.to_move()
    only = choose_detective_moves(game.public_view(), game.board, "easy", 1, pieces=[names[-1]])
    assert [m.piece for m in only] == [names[-1]]
    moves = choose_detective_moves(game.public_view(), game.board, "easy", 1)
    assert sorted(m.piece for m in moves) == sorted(names)
    for move in moves:
        assert isinstance(move, DetectiveMove)
        game.play(move)
    assert choose_detective_moves(game.public_view(), game.board, "easy", 1) == []
    with pytest.raises(ValueError, match="no detective or bobby called 'mister_x'"):
        choose_detective_moves(game.public_view(), game.board, "easy", 1, pieces=["mister_x"])


def test_mister_x_budget_is_counted_in_simulated_replies(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def counting(name: str):  # type: ignore[no-untyped-def]
        original = getattr(mister_x, name)

        def count(*args, **kwargs):  # type: ignore[no-untyped-def]
            calls.append(name)
            return original(*args, **kwargs)

        return count

    for name in ("greedy_reply", "planned_reply"):
        wrapped = counting(name)
        monkeypatch.setattr(mister_x, name, wrapped)
        monkeypatch.setattr(players, name, wrapped, raising=False)
    game = Game.new("classic", players=6, seed=2)
    used = []
    for level in LEVEL_SETTINGS:
        calls.clear()
        choose_mister_x_move(game.mister_x_view(), game.board, level, seed=0)
        s = LEVEL_SETTINGS[level]
        turns = sum(s.breadth**d for d in range(s.depth))
        planned_turns = sum(s.breadth**d for d in range(s.planned_depth))
        assert 0 < len(calls) <= s.mister_x_lookahead * turns + s.planned_replies * (1 + planned_turns)
        assert calls.count("planned_reply") <= s.planned_replies * planned_turns
        used.append(len(calls))
    assert used == sorted(used)


def test_a_planned_lookahead_meets_the_computer_detectives_plan_on_every_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """``planned_depth`` 2: each of the best options is played out two turns against the detectives' own plan, which
    starts from the pieces where the first planned reply left them."""
    game = Game.new("classic", players=6, seed=2)
    public = game.public_view()
    board = game.board
    t = tables(board, public.ruleset.transports)
    scorer = mister_x.MisterXScorer(t, board, public.ruleset, [p.station for p in public.pieces],
                                    [ticket_mask(p.tickets, p.bobby) for p in public.pieces])
    view = game.mister_x_view()
    options = scorer.options(view.station, public.possible, list(public.mister_x_tickets), None, public.moves_made, False)
    tickets = [list(p.tickets) for p in public.pieces]
    bobby = [p.bobby for p in public.pieces]
    seen: list[tuple[list[int], list[int]]] = []
    original = mister_x.planned_reply

    def recording(scorer_, planner, option, tickets_=None):  # type: ignore[no-untyped-def]
        reply = original(scorer_, planner, option, tickets_)
        assert reply is not None
        seen.append((list(scorer_.stations), reply[0]))
        return reply

    monkeypatch.setattr(mister_x, "planned_reply", recording)
    value = mister_x.lookahead(scorer, options[0], public.moves_made, public.round, tickets, bobby, 2, 3, planner=public)
    assert value > -scorer.weights.caught
    assert len(seen) == 4 and seen[0][0] == [p.station for p in public.pieces]
    everywhere = public.ruleset.transports
    for before, after in seen[1:]:
        assert before == seen[0][1]  # the second turn's pieces stand where the first planned reply left them
        assert all(1 << a & board.reach_any(1 << b, everywhere) for b, a in zip(before, after))


def test_expert_mister_x_weighs_the_room_around_him_in_every_turn_he_looks_at(monkeypatch: pytest.MonkeyPatch) -> None:
    """Expert's Mister X scores his options, and those of the turns he looks ahead to, with his own weights (more room
    around him: ``EXPERT_WEIGHTS``); the other levels with the shared ones."""
    spaces: list[float] = []
    original = mister_x.MisterXScorer.value

    def recording(self, option, *args):  # type: ignore[no-untyped-def]
        spaces.append(self.weights.space)
        return original(self, option, *args)

    monkeypatch.setattr(mister_x.MisterXScorer, "value", recording)
    game = Game.new("classic", players=6, seed=2)
    used = {}
    for level in ("normal", "hard", "expert"):
        spaces.clear()
        choose_mister_x_move(game.mister_x_view(), game.board, level, seed=0, slips=False)
        used[level] = set(spaces)
    assert mister_x.EXPERT_WEIGHTS.space > mister_x.WEIGHTS.space
    assert used == {"normal": {mister_x.WEIGHTS.space}, "hard": {mister_x.WEIGHTS.space}, "expert": {mister_x.EXPERT_WEIGHTS.space}}


def test_a_planned_lookahead_asks_the_stop_before_each_deeper_option() -> None:
    """The longest step a clocked Mister X cannot break is one option of a lookahead, not a whole planned lookahead
    (one took 90 ms here, 0.36 s on a Pi 4, past the console's margin): cut after two options, the value is theirs."""
    game = Game.new("classic", players=6, seed=2)
    public = game.public_view()
    board = game.board
    scorer = mister_x.MisterXScorer(tables(board, public.ruleset.transports), board, public.ruleset,
                                    [p.station for p in public.pieces], [ticket_mask(p.tickets, p.bobby) for p in public.pieces])
    view = game.mister_x_view()
    option = scorer.options(view.station, public.possible, list(public.mister_x_tickets), None, public.moves_made, False)[0]
    tickets = [list(p.tickets) for p in public.pieces]
    bobby = [p.bobby for p in public.pieces]
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    cut = mister_x.lookahead(scorer, option, public.moves_made, public.round, tickets, bobby, 2, 8, planner=public, stop=stop)
    two = mister_x.lookahead(scorer, option, public.moves_made, public.round, tickets, bobby, 2, 2, planner=public)
    assert len(asked) == 3 and cut == two


def test_a_level_s_slips_are_the_beginner_s_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new("classic", players=6, seed=3)
    for _ in range(3):
        _play_round(game, "easy", 1)
    monkeypatch.setitem(LEVEL_SETTINGS, "easy", replace(LEVEL_SETTINGS["easy"], slips=1.0))
    assert choose_mister_x_move(game.mister_x_view(), game.board, "easy", 5) == beginner_mister_x(game.board, game.mister_x_view())
    game.play(choose_mister_x_move(game.mister_x_view(), game.board, "easy", 5))
    view = game.public_view()
    assert choose_detective_moves(view, game.board, "easy", 5) == beginner_detectives(game.board, view, movers_of(view, None))
    monkeypatch.setitem(LEVEL_SETTINGS, "easy", replace(LEVEL_SETTINGS["easy"], slips=0.5))
    slipped = [choose_detective_moves(view, game.board, "easy", seed) == beginner_detectives(game.board, view, movers_of(view, None))
               for seed in range(20)]
    assert any(slipped) and not all(slipped)
    steady = replace(LEVEL_SETTINGS["easy"], slips=0.0)
    monkeypatch.setitem(LEVEL_SETTINGS, "easy", replace(LEVEL_SETTINGS["easy"], slips=1.0))
    searched = choose_detective_moves(view, game.board, "easy", 5, slips=False)
    assert searched != beginner_detectives(game.board, view, movers_of(view, None))
    monkeypatch.setitem(LEVEL_SETTINGS, "easy", steady)  # a level's search without its slips, as the tournament's easy-steady
    assert searched == choose_detective_moves(view, game.board, "easy", 5)


@pytest.fixture
def playouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The detectives' playouts, counted: one entry each."""
    calls: list[int] = []
    original = playout.Simulator.playout

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(playout.Simulator, "playout", counting)
    return calls


def test_detective_budget_is_counted_in_playouts(playouts: list[int]) -> None:
    calls = playouts
    game = _detectives_turn("classic", 6, seed=3, rounds=4)
    for level in LEVEL_SETTINGS:
        calls.clear()
        choose_detective_moves(game.public_view(), game.board, level, seed=0)
        assert len(calls) <= LEVEL_SETTINGS[level].detective_iterations


def test_wilson_interval() -> None:
    low, high = wilson(80, 100)
    assert 0.71 < low < 0.72 and 0.86 < high < 0.87
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_tournament_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    tournament_main(["easy:greedy", "random:easy", "--games", "2", "--processes", "1", "--per-start"])
    out = capsys.readouterr().out.splitlines()
    pattern = (r"[a-z]+_vs_[a-z]+: mrx_win_rate=[01]\.\d\d ci95=[01]\.\d\d\.\.[01]\.\d\d games=2"
               r" max_move_s=\d+\.\d+ mean_move_s=\d+\.\d+ wall_s=\d+")
    lines = [line for line in out if "_vs_" in line]
    assert len(lines) == 2 and all(re.fullmatch(pattern, line) for line in lines)
    assert any(line.strip().startswith("start") for line in out)


def test_tournament_starts_mister_x_on_each_start_station() -> None:
    for index, start in enumerate(REISSUE.mister_x_starts[:3]):
        position = start_position(REISSUE, 6, start, seed=index)
        game = Game(position)
        assert game.mister_x_view().station == start
        assert start not in [p.station for p in position.pieces]
        assert game.possible_locations >> start & 1


def test_bench_times_whole_games_each_side_on_the_cpu_and_the_wall(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import ai as bench

    bench.main(["--games", "1", "--levels", "easy", "--clock", "0.02"])
    lines = capsys.readouterr().out.splitlines()
    names = [line.partition(":")[0] for line in lines]
    assert names == [f"easy_{side}_{figure}_s" for side in ("mister_x", "detectives")
                     for figure in ("cpu_mean", "cpu_p95", "cpu_p99", "cpu_max", "wall_mean", "wall_p99", "wall_max", "late_max")]
    assert all(re.fullmatch(r"\w+: \d+\.\d+( \(.*\))?", line) for line in lines)


def test_moves_are_the_engine_types() -> None:
    game = Game.new("classic", players=6, seed=0)
    move = choose_mister_x_move(game.mister_x_view(), game.board, "easy", 0)
    assert isinstance(move, (MisterXMove, DoubleMove))


# ---------------------------------------------------------------- the search's moves are the engine's


def _states(edition: str, players_: int, seed: int) -> Iterator[Game]:
    """The game at every step of a random game (the same object, between moves)."""
    game = Game.new(edition, players=players_, seed=seed)
    rng = random.Random(seed)
    for move in random_moves(game, rng, double=0.3):
        yield game
        game.play(move)


def _check_mister_x_options(game: Game, rng: random.Random) -> None:
    """Mister X's options in the search are the engine's moves, in its order (but double moves out and back to where he
    stands), and each leaves what the game leaves."""
    view = game.mister_x_view()
    public = view.public
    t = tables(game.board, game.ruleset.transports)
    stations = [p.station for p in public.pieces]
    scorer = mister_x.MisterXScorer(t, game.board, game.ruleset, stations, [ticket_mask(p.tickets, p.bobby) for p in public.pieces])
    supply = list(public.supply) if public.supply is not None else None
    options = scorer.options(view.station, public.possible, list(public.mister_x_tickets), supply, public.moves_made, view.can_double)
    moves = [_to_move(option) for option in options]
    assert [m for m in moves if isinstance(m, MisterXMove)] == list(game.single_moves())
    onward = {m for m in game.double_moves() if m.second.station != view.station}  # but out and back
    assert {m for m in moves if isinstance(m, DoubleMove)} == onward
    assert len([m for m in moves if isinstance(m, DoubleMove)]) == len(onward)
    for option, move in rng.sample(list(zip(options, moves)), min(4, len(options))):
        game.push(move)
        after = game.public_view()
        assert (option.own, option.supply) == (tuple(after.mister_x_tickets), tuple(after.supply) if after.supply is not None else None)
        assert option.possible == after.possible and option.station == game.mister_x_view().station
        game.pop()
    # a playout's move is one of his legal moves, and pays as the game does
    state = _state(game, view.station)
    sim = playout.Simulator(t, game.board, game.ruleset)
    before = [*state.own, *(state.supply or [])]
    assert sim.mister_x_move(state, rng, epsilon=rng.choice((0.0, 1.0)))
    paid = [a - b for a, b in zip(before, [*state.own, *(state.supply or [])])].index(1)  # his own five, then the supply's three
    move = MisterXMove(state.x, Ticket(paid if paid < len(state.own) else paid - len(state.own)))
    assert move in game.legal_moves()
    game.push(move)
    assert state.own == list(game.public_view().mister_x_tickets) and state.possible == game.possible_locations
    game.pop()


def _threat(game: Game) -> int:
    """The stations the pieces reach next with the tickets they hold."""
    t = tables(game.board, game.ruleset.transports)
    return reduce(or_, (t.detectives.reach[p.station << 3 | ticket_mask(p.tickets, p.bobby)] for p in game.public_view().pieces), 0)


def _cornered(seed: int) -> Game | None:
    """A game of random moves at a turn of Mister X's where every single move lands in the pieces' reach and he may
    double, if one comes."""
    for game in _states("classic", 6, seed):
        if game.turn is Side.MISTER_X and game.mister_x_view().can_double:
            threat = _threat(game)
            if all(threat >> move.station & 1 for move in game.single_moves()):
                return game
    return None


def test_a_playout_mister_x_doubles_when_every_single_move_is_in_reach() -> None:
    game = next(g for g in map(_cornered, range(40)) if g is not None)
    t = tables(game.board, game.ruleset.transports)
    x = game.mister_x_view().station
    single, double = _state(game, x), _state(game, x)
    assert playout.Simulator(t, game.board, game.ruleset).mister_x_move(single, random.Random(0), 0.0)
    assert single.made == game.moves_made + 1
    legs: list[tuple[int, int]] = []
    sim = playout.Simulator(t, game.board, game.ruleset, doubles=True)
    leg = sim._leg

    def recording(s: playout.State, *args):  # type: ignore[no-untyped-def]
        own = s.own.copy()
        leg(s, *args)
        legs.append((s.x, next(k for k in range(4) if own[k] != s.own[k])))

    sim._leg = recording  # type: ignore[method-assign]
    assert sim.mister_x_move(double, random.Random(0), 0.0)
    assert double.made == game.moves_made + 2 and double.own[Ticket.DOUBLE] == game.public_view().mister_x_tickets.double - 1
    first, second = (MisterXMove(station, Ticket(ticket)) for station, ticket in legs)
    assert second in game.second_legs(first)
    game.push(DoubleMove(first, second))
    assert double.own == list(game.public_view().mister_x_tickets) and double.possible == game.possible_locations


def _state(game: Game, x: int) -> playout.State:
    view = game.public_view()
    return playout.State(x, view.possible, [p.station for p in view.pieces], [list(p.tickets[:3]) for p in view.pieces],
                         [p.bobby for p in view.pieces], list(view.mister_x_tickets),
                         list(view.supply) if view.supply is not None else None, view.moves_made, view.round)


def _check_detective_options(game: Game, rng: random.Random) -> None:
    """Each piece's options in the plans are the engine's moves (one a destination), and a playout's round is legal."""
    view = game.public_view()
    t = tables(game.board, game.ruleset.transports)
    problem = RoundPlan(t, game.board, view, movers_of(view, None))
    for i in problem.movers:
        name = problem.names[i]
        options = problem.options(i, problem.stations[i], problem.occupied)
        assert [dest for dest, _, _ in options] == sorted({m.station for m in game.moves_of(name)})
        for dest, ticket, mask in options:
            move = DetectiveMove(name, dest, Ticket(ticket))
            assert game.is_legal(move)
            game.push(move)
            assert mask == ticket_mask(game.tickets_of(name), problem.bobby[i])
            game.pop()
    if view.moved:
        return
    # the playout's detectives, each in turn, make moves the game accepts, paying as it does
    state = _state(game, game.mister_x_view().station)
    sim = playout.Simulator(t, game.board, game.ruleset, cover=len(game.actions) % 2 == 0)  # half the rounds with cover
    before = [list(tk) for tk in state.tickets], list(state.stations)
    caught = sim.detectives_move(state, rng, epsilon=rng.choice((0.0, 0.5, 1.0)))
    pushed = 0
    for i, (origin, dest) in enumerate(zip(before[1], state.stations)):
        if origin == dest:
            continue
        if game.is_over:  # rule 13 ended the game at the last move: a playout, an estimate, plays its round out
            break
        line = next((k for k in range(3) if before[0][i][k] != state.tickets[i][k]), None)
        if line is None:  # a bobby: the first line there
            line = t.detectives.tickets(origin, dest, 7)[0]
        game.push(DetectiveMove(problem.names[i], dest, Ticket(line)))
        pushed += 1
    exhausted = game.outcome is not None and game.outcome.reason is Reason.DETECTIVES_EXHAUSTED
    assert caught == (game.outcome is not None and game.outcome.reason is Reason.CAPTURE) or exhausted
    if not caught and not exhausted:
        after = game.public_view()
        assert state.tickets == [list(p.tickets[:3]) for p in after.pieces]
        assert state.own == list(after.mister_x_tickets) and state.supply == (list(after.supply) if after.supply is not None else None)
    for _ in range(pushed):
        game.pop()


@pytest.mark.parametrize(("edition", "players_"), [("classic", 6), ("classic", 3), ("reissue", 4), ("reissue", 6), ("beginner", 5)])
def test_the_search_s_moves_are_the_engine_s_legal_moves(edition: str, players_: int) -> None:
    """Over random positions: Mister X's options (single and double) and each piece's options in the plans are
    exactly the engine's legal moves, and the playouts' moves are legal and pay where the game pays."""
    rng = random.Random(players_)
    checked = {Side.MISTER_X: 0, Side.DETECTIVES: 0}
    for seed in range(6):
        for game in _states(edition, players_, seed):
            if rng.random() < 0.3:
                before = game.mister_x_view(), game.actions
                (_check_mister_x_options if game.turn is Side.MISTER_X else _check_detective_options)(game, rng)
                assert (game.mister_x_view(), game.actions) == before
                checked[game.turn] += 1
    assert min(checked.values()) > 10, checked


def test_the_ladder_fit_recovers_the_ratings_that_made_the_records() -> None:
    truth = {("mister_x", "a"): 0.0, ("mister_x", "b"): 150.0, ("mister_x", "c"): 420.0,
             ("detectives", "a"): 80.0, ("detectives", "b"): 260.0, ("detectives", "c"): 330.0}
    games = 100_000
    records = {(x, d): (round(games * expected(truth[("mister_x", x)], truth[("detectives", d)])), games)
               for x in "abc" for d in "abc"}
    fitted = fit(records)
    assert all(abs(fitted[side] - truth[side]) < 3 for side in truth), fitted


def test_the_ladder_command_prints_each_pairing_and_both_sides_steps(capsys: pytest.CaptureFixture[str]) -> None:
    ladder_main(["--levels", "beginner", "easy", "--games", "6", "--processes", "1", "--resamples", "20"])
    out = capsys.readouterr().out
    assert out.count("_vs_") == 4 and "beginner_vs_easy:" in out
    for side in ("mister_x", "detectives"):
        section = out.split(f"{side} ladder")[1].splitlines()
        assert section[1].split()[0] == "beginner:" and "step=" in section[2]


def test_the_balance_command_prints_a_line_a_table_and_marks_the_lopsided(capsys: pytest.CaptureFixture[str]) -> None:
    balance_main(["--level", "beginner", "--editions", "beginner", "--games", "8", "--processes", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "beginner players=2 (2 detectives, 2 bobbies)", "beginner players=3 (2 detectives, 2 bobbies)",
        "beginner players=4 (3 detectives, 1 bobby)", "beginner players=5 (4 detectives, 0 bobbies)"]
    assert all(("lopsided" in line) == lopsided(*map(float, line.split("ci95=")[1].split()[0].split(".."))) for line in lines)


def test_the_curve_command_plays_a_level_at_shares_of_its_work_on_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    curve_main(["--level", "easy", "--against", "greedy", "--budgets", "0.5", "2", "--games", "3", "--processes", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["mister_x easy@0.5 vs greedy", "mister_x easy@2 vs greedy",
                                                      "detectives easy@0.5 vs greedy", "detectives easy@2 vs greedy"]
    assert all("games=3" in line and "mean_move_s=" in line for line in lines)


def test_the_yardstick_compares_a_player_with_the_yardstick_on_each_side_on_the_same_deals(
        capsys: pytest.CaptureFixture[str]) -> None:
    yardstick_main(["--player", "easy", "--yardstick", "beginner", "--games", "4", "--seed", "0", "--processes", "1",
                    "--resamples", "50"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "deals from seed 0 (tuning seeds), 4 of them"
    assert [line.split(":")[0] for line in lines[1:]] == ["easy_vs_beginner", "beginner_vs_beginner", "beginner_vs_easy",
                                                          "mister_x", "detectives"]
    assert all(re.search(r"step=-?\d+ Elo ci95=-?\d+..-?\d+ (ok|short)$", line) for line in lines[-2:])


def test_a_step_over_the_yardstick_is_paired_by_deal() -> None:
    player = [True] * 64 + [False] * 36
    assert step(player, player) == 0 and interval(player, player, 200, 1) == (0.0, 0.0)
    assert round(step([True] * 64 + [False] * 36, [True] * 59 + [False] * 41)) == 37
    low, high = interval([True] * 80 + [False] * 20, [True] * 50 + [False] * 50, 500, 1)
    assert 0 < low < elo(0.8) < high


def test_a_budget_scales_a_level_s_work_and_twice_the_work_counts_twice_the_playouts(playouts: list[int]) -> None:
    assert scaled(LEVEL_SETTINGS["hard"], 0.25).detective_iterations == LEVEL_SETTINGS["hard"].detective_iterations // 4
    assert scaled(LEVEL_SETTINGS["hard"], 1.0) == LEVEL_SETTINGS["hard"]
    with pytest.raises(ValueError, match="positive share"):
        scaled(LEVEL_SETTINGS["hard"], 0)
    calls = playouts
    game = _detectives_turn("classic", 6, seed=2, rounds=3)
    counted = []
    for budget in (1.0, 2.0):
        calls.clear()
        choose_detective_moves(game.public_view(), game.board, "normal", seed=0, budget=budget)
        counted.append(len(calls))
    assert counted[1] > 1.5 * counted[0]


def test_covering_playout_detectives_head_for_the_possible_station_they_are_nearest_to() -> None:
    board = london()
    t = tables(board, CLASSIC.transports)
    stations = [13, 197]
    near_first, near_second = 14, 184  # each a move from one piece, four or more from the other
    possible = 1 << near_first | 1 << near_second

    def share(cover: bool) -> float:
        sim = playout.Simulator(t, board, CLASSIC, cover=cover)
        return sum(sim._target(0, stations, possible, random.Random(seed)) == near_first for seed in range(200)) / 200

    assert share(True) > 0.8  # it misses only when every station it weighs is the far one
    assert 0.35 < share(False) < 0.65


@pytest.mark.parametrize("seed", [3, 6])
def test_intercepting_plans_bet_on_one_part_of_a_spread_out_possible_set(seed: int) -> None:
    """A possible set in two parts far apart: each intercepting plan is new, legal and valued for the whole set, and
    each part has a plan better for it than the plan made for the whole set."""
    game = _detectives_turn("classic", 6, seed=seed, rounds=5)
    view = game.public_view()
    t = tables(game.board, game.ruleset.transports)
    pieces = [p.station for p in view.pieces]
    free = [s for s in game.board.stations if s not in pieces]
    centres = [s for s in free if min(t.dist[p][s] for p in pieces) == 2]
    farthest = max(centres, key=lambda s: t.dist[centres[0]][s] if t.dist[centres[0]][s] < FAR else -1)
    parts = [station_set(s for s in free if t.dist[centre][s] <= INTERCEPT_RADIUS) for centre in (centres[0], farthest)]
    movers = movers_of(view, None)
    problem = RoundPlan(t, game.board, view, movers, possible=parts[0] | parts[1])
    whole = problem.build(problem.orders()[0])
    plans = intercepting(problem, random.Random(0), 8, True, None, [whole])
    assert len({plan.destinations for plan in plans} | {whole.destinations}) == len(plans) + 1
    for plan in plans:
        assert problem.revalued(plan) == plan
        for i, dest, ticket in plan.moves:
            move = DetectiveMove(problem.names[i], dest, Ticket(ticket))
            assert game.is_legal(move)
            game.push(move)
        for _ in plan.moves:
            game.pop()
    for part in parts:
        alone = RoundPlan(t, game.board, view, movers, possible=part)
        assert max(alone.revalued(plan).value for plan in plans) > alone.revalued(whole).value
    small = RoundPlan(t, game.board, view, movers, possible=parts[0] & -parts[0])
    assert intercepting(small, random.Random(0), 8, True, None, []) == []  # one station: nothing to bet on


def test_a_clocked_detectives_deeper_pass_keeps_the_playouts_of_the_pass_before(
        playouts: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pass builds its plans from the seed again, so a deeper pass meets the plans of the one before, and they
    keep their playouts: the second pass runs about what it adds, not its whole work again."""
    game = _detectives_turn("classic", 6, seed=2, rounds=3)
    view = game.public_view()
    starts: list[int] = []
    one_pass = players._detectives_pass

    def counted_pass(*args, **kwargs):  # type: ignore[no-untyped-def]
        starts.append(len(playouts))
        return one_pass(*args, **kwargs)

    monkeypatch.setattr(players, "_detectives_pass", counted_pass)
    choose_detective_moves(view, game.board, "hard", seed=0, stop=lambda: len(starts) > 2)
    first, second = starts[1] - starts[0], starts[2] - starts[1]
    playouts.clear()
    choose_detective_moves(view, game.board, "hard", seed=0, budget=2.0)
    assert first > 0
    assert second < 0.7 * len(playouts)


def test_the_yardstick_measures_one_side_alone_on_the_same_deals(capsys: pytest.CaptureFixture[str]) -> None:
    yardstick_main(["--player", "easy", "--yardstick", "beginner", "--games", "4", "--seed", "0", "--processes", "1",
                    "--resamples", "50", "--side", "detectives"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[1:]] == ["beginner_vs_beginner", "beginner_vs_easy", "detectives"]
