"""The protocol every game of the engine keeps (``engine.boardgame``), checked alike on Scotland Yard and Junior.

Over random games of each: every legal move prints in the notation and reads back (``game.parse_move(str(move)) ==
move``), ``in game.legal_moves()`` answers as ``is_legal`` for listed moves and random probes, ``push`` then ``pop``
leaves the game exactly as it was (its secrets too), a copy is independent and equal (``==``: the same position) until
one of them moves, a game has no hash, and ``turn``/``winner`` say the same as the game's own terms.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import BoardGame, DoubleMove, Game, MisterXMove, Playable, Side, Transport
from engine.junior import ROGUES, JuniorGame, Step, Team
from tests.conftest import SETUPS, scaled, seeds
from tests.engine.test_properties import random_candidate


def classic_secrets(game: Game) -> object:
    return game.mister_x_view(), game.position(), game.actions


def junior_secrets(game: JuniorGame) -> object:
    return game.public_view(), tuple(game.choice_of(rogue) for rogue in game.rogues), game.actions, game.round, game.tokens


def legal_and_probes(game: Playable[Any, Any], rng: random.Random) -> tuple[list[Any], list[Any]]:
    """The listed moves (Scotland Yard's single moves, and one double move where Mister X may play one: all of them are
    ``test_legal_moves``'s), and probes that are mostly illegal."""
    if isinstance(game, Game):
        legal: list[Any] = list(game.single_moves())
        if game.can_double and legal:
            first = rng.choice(legal)
            seconds = list(game.second_legs(first))
            legal += [DoubleMove(first, rng.choice(seconds))] if seconds else []
        return legal, [random_candidate(game, rng) for _ in range(6)]
    assert isinstance(game, JuniorGame)
    pieces = (*game.rogues, "watson", "marble")
    return list(game.legal_moves()), [Step(rng.choice(pieces), rng.randint(1, 199), rng.choice([None, *Transport])) for _ in range(6)]


def check_protocol(game: Playable[Any, Any], secrets: Callable[[Any], object], rng: random.Random, pick: Callable[[Any], Any]) -> None:
    """Play *game* to its end by *pick*, checking the protocol at every position."""
    held: BoardGame = game  # what a program holding a game of any kind may ask
    while not held.is_over:
        listed = game.legal_moves()
        legal, probes = legal_and_probes(game, rng)
        assert legal, "a game that is not over has a legal move"
        for move in legal:
            assert game.parse_move(str(move)) == move and move in listed and game.is_legal(move), move
        for probe in probes:
            assert (probe in listed) == game.is_legal(probe), probe
        move = pick(game)
        before = secrets(game)
        twin = game.copy()
        assert twin == game
        game.push(move)
        assert game.actions[-1] == move and secrets(twin) == before and twin != game
        assert game.pop() == move and secrets(game) == before and twin == game
        game.push(move)
    assert held.winner in (Side.MISTER_X, Side.DETECTIVES) and not game.legal_moves()
    with pytest.raises(TypeError, match="unhashable"):  # it changes with every move: no hash to key a dict by
        hash(game)


@settings(max_examples=scaled(6), deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=seeds)
def test_scotland_yard_keeps_the_protocol(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    rng = random.Random(seed)

    def pick(game: Game) -> Any:
        move = rng.choice(game.single_moves())
        seconds = list(game.second_legs(move)) if isinstance(move, MisterXMove) and game.can_double and rng.random() < 0.2 else []
        return DoubleMove(move, rng.choice(seconds)) if seconds else move

    game = Game.new(edition, players=players, seed=seed)
    check_protocol(game, classic_secrets, rng, pick)
    assert game.outcome is not None and game.winner is game.outcome.winner


@settings(max_examples=scaled(12), deadline=None)
@given(rogues=st.sampled_from([1, 2]), seed=seeds)
def test_junior_keeps_the_protocol(rogues: int, seed: int) -> None:
    rng = random.Random(seed)
    game = JuniorGame.new(rogues=rogues, seed=seed)
    turns = []

    def pick(game: JuniorGame) -> Step:
        turns.append((game.turn, bool(game.to_choose())))
        return rng.choice(list(game.legal_moves()))

    check_protocol(game, junior_secrets, rng, pick)
    assert all((turn is Side.MISTER_X) == choosing for turn, choosing in turns)
    assert game.winner is (Side.MISTER_X if game.outcome is Team.ROGUES else Side.DETECTIVES)
    assert {step.piece for step in game.actions} >= {*ROGUES[:rogues], "watson", "marble"}
