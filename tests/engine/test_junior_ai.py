"""The Junior computer players (``engine.ai.junior``) and their tournament (``benchmarks.junior_tournament``)."""

from __future__ import annotations

import random
import re

import pytest

from benchmarks.junior_tournament import deal_seed, main, play_game, start_of
from engine.ai.junior import JUNIOR_LEVELS, choose_detective_steps, choose_rogue_steps, legal_steps, round_strategies
from engine.junior import DETECTIVES, JuniorGame, Phase, districts, dumps, loads

PLAYERS = ("random", *JUNIOR_LEVELS)


def play_checked(game: JuniorGame, rogue_player: str, detective_player: str, seed: int) -> int:
    """Play *game* to its end, checking every computer step against the engine's list; the number of computer calls."""
    rng = random.Random(seed)
    calls = 0
    while not game.is_over:
        view = game.public_view()
        turn = seed * 1000 + len(game.actions)
        if game.phase is Phase.ROGUES:
            waiting = game.to_choose()
            if rogue_player == "random" or (len(waiting) == 2 and rng.random() < 0.3):
                game.choose(rng.choice(game.steps_of(waiting[0])))  # a person's choice first: the computer then picks for the other
                continue
            steps = choose_rogue_steps(view, rogue_player, turn)
            assert [step.piece for step in steps] == list(waiting)
            for step in steps:
                assert step in game.steps_of(step.piece) and step in legal_steps(view, step.piece)
                game.choose(step)
        else:
            waiting = game.to_move()
            if detective_player == "random" or (len(waiting) == 2 and rng.random() < 0.3):
                game.move(rng.choice(game.steps_of(waiting[0])))  # a person moves one detective, the computer the other
                continue
            steps = choose_detective_steps(view, detective_player, turn)
            assert [step.piece for step in steps] == list(waiting)
            for step in steps:
                assert step in game.steps_of(step.piece)
                game.move(step)
        calls += 1
    return calls


@pytest.mark.parametrize("rogues", [1, 2])
def test_every_step_is_one_the_engine_lists(rogues: int) -> None:
    calls = 0
    for seed in range(6):
        rogue_player, detective_player = PLAYERS[seed % 3], PLAYERS[(seed // 3 + seed + 1) % 3]
        calls += play_checked(JuniorGame.new(rogues=rogues, seed=seed), rogue_player, detective_player, seed)
        calls += play_checked(JuniorGame.new(rogues=rogues, seed=seed), "normal", "normal", seed)
    assert calls > 50


def test_nothing_to_do_gives_no_steps() -> None:
    game = JuniorGame.new(rogues=1, seed=2)
    assert choose_detective_steps(game.public_view(), "normal", seed=1) == ()  # the rogues choose first
    game.choose(game.steps_of("fox")[0])
    assert choose_rogue_steps(game.public_view(), "normal", seed=1) == ()
    with pytest.raises(ValueError, match="no such Junior level"):
        choose_rogue_steps(game.public_view(), "hard", seed=1)


def test_the_players_are_deterministic_for_a_seed() -> None:
    for level in JUNIOR_LEVELS:
        game = JuniorGame.new(rogues=2, seed=4)
        view = game.public_view()
        assert choose_rogue_steps(view, level, seed=9) == choose_rogue_steps(view, level, seed=9)
        for step in choose_rogue_steps(view, level, seed=9):
            game.choose(step)
        view = game.public_view()
        assert choose_detective_steps(view, level, seed=9) == choose_detective_steps(view, level, seed=9)
    one, two = play_game("normal", "normal", 2, 3, 5), play_game("normal", "normal", 2, 3, 5)
    assert (one.starts, one.rogues_won, one.rounds) == (two.starts, two.rogues_won, two.rounds)


def test_seeds_vary_the_choice() -> None:
    game = JuniorGame.new(rogues=1, seed=1)
    view = game.public_view()
    rows, _, row_p, _ = round_strategies(view)
    assert abs(sum(row_p) - 1) < 1e-9 and len(rows) == len(row_p)
    assert len({choose_rogue_steps(view, "easy", seed).__repr__() for seed in range(30)}) > 1


@pytest.mark.parametrize("level", JUNIOR_LEVELS)
def test_the_detectives_never_learn_the_rogues_choice(level: str) -> None:
    """Twin games that differ only in the rogues' secret choices: the same public view, the same detective steps."""
    rng = random.Random(5)
    for seed in range(12):
        game = JuniorGame.new(rogues=1 + seed % 2, seed=seed)
        for _ in range(seed % 4):  # a common history of a few rounds
            for rogue in game.to_choose():
                game.choose(rng.choice(game.steps_of(rogue)))
            for detective in game.to_move():
                game.move(rng.choice(game.steps_of(detective)))
        if game.is_over:
            continue
        twins = [loads(dumps(game)), loads(dumps(game))]
        for number, twin in enumerate(twins):
            for rogue in twin.to_choose():
                options = twin.steps_of(rogue)
                twin.choose(options[0] if number == 0 else options[-1])
        assert twins[0].choice_of("fox") != twins[1].choice_of("fox")
        views = [twin.public_view() for twin in twins]
        assert views[0] == views[1]
        steps = [choose_detective_steps(view, level, seed) for view in views]
        assert steps[0] == steps[1] and [step.piece for step in steps[0]] == list(DETECTIVES)


def test_a_detective_who_has_moved_is_left_alone() -> None:
    game = JuniorGame.new(rogues=1, seed=6)
    game.choose(game.steps_of("fox")[0])
    watson = game.steps_of("watson")[-1]
    game.move(watson)
    for level in JUNIOR_LEVELS:
        steps = choose_detective_steps(game.public_view(), level, seed=3)
        assert [step.piece for step in steps] == ["marble"] and steps[0] in game.steps_of("marble")
    _, cols, _, _ = round_strategies(game.public_view())
    assert {watson_end for watson_end, _ in cols} == {watson.station}


def win_rate(rogue_player: str, detective_player: str, games: int) -> float:
    return sum(play_game(rogue_player, detective_player, 1, index, seed=11).rogues_won for index in range(games)) / games


def test_normal_beats_easy_on_either_side() -> None:
    games = 48
    easy = win_rate("easy", "easy", games)
    assert win_rate("normal", "easy", games) >= easy + 0.15  # a normal rogue escapes easy detectives more often
    assert win_rate("easy", "normal", games) <= easy - 0.15  # normal detectives catch an easy rogue more often


def test_the_tournament_cycles_the_x_spaces() -> None:
    district = next(iter(districts().values()))
    for rogues in (1, 2):
        for index in range(4):
            starts = start_of(district, rogues, index)
            game = JuniorGame.new(district, rogues=rogues, seed=deal_seed(district, rogues, starts, index))
            assert tuple(game.stations[rogue] for rogue in game.rogues) == starts
    assert start_of(district, 1, 0) != start_of(district, 1, 1)


def test_the_tournament_command_prints_each_matchup(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "3", "--processes", "1", "normal:easy", "random:normal"])
    main(["--games", "2", "--processes", "1", "--rogues", "2", "easy:random"])
    lines = capsys.readouterr().out.splitlines()
    summaries = [line for line in lines if not line.startswith(" ")]
    assert [line.split(":")[0] for line in summaries] == ["normal_vs_easy", "random_vs_normal", "easy_vs_random"]
    pattern = r"rogue_win_rate=[\d.]+ ci95=[\d.]+\.\.[\d.]+ games=\d+ mean_rounds=[\d.]+ max_move_ms=[\d.]+ mean_move_ms=[\d.]+ wall_s=\d+"
    assert all(re.search(pattern, line) for line in summaries)
    assert any(re.match(r"\s+start\s+\d+\+\d+: rogue_wins=\d+/\d+", line) for line in lines)
