"""Shared helpers for the engine's tests: random legal games and Hypothesis profiles.

Hypothesis profiles
-------------------
The profile is chosen by the environment variable ``HYPOTHESIS_PROFILE``:

- ``default`` (used when the variable is unset): the everyday run. Property tests
  keep their own example counts (sized so that the whole default run stays well
  under two minutes on two cores, with its ``-n auto`` workers); there is no
  deadline, because a whole game is one example and games differ a lot in length.
- ``slow``: a long run for nightly jobs or before a release. Every example count
  that goes through ``scaled()`` below is multiplied by ``SLOW_FACTOR``, and
  Hypothesis' own default grows to 1000 examples. Combine it with the opt-in soak
  tests: ``HYPOTHESIS_PROFILE=slow pytest tests -m slow`` (or ``-m ''`` for all).

Random games
------------
``random_moves(game, rng)`` yields a random legal move for the side to move until
the game is over; the caller plays each one (so it can look at the game before and
after). ``play_random_game(...)`` plays a whole game. Mister X sometimes plays a
double move (``game.can_double``, ``game.second_legs``); detectives sometimes
"hunt", preferring moves onto stations where Mister X can be, so that captures
happen often enough to be tested.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engine import EDITIONS, DetectiveMove, DoubleMove, Game, MisterXMove, Move, Ruleset, Side

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

# No screen, no sound card and no GPIO here: pygame draws off-screen and gpiozero uses its mocks.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")


# ---------------------------------------------------------------- Hypothesis profiles

SLOW_FACTOR = 20
"""How many times more examples ``scaled()`` gives under the ``slow`` profile."""

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "slow",
    deadline=None,
    max_examples=1000,
    suppress_health_check=[HealthCheck.too_slow],
)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
settings.load_profile(PROFILE)


def scaled(examples: int) -> int:
    """*examples* under the default profile, ``SLOW_FACTOR`` times as many under ``slow``."""
    return examples * SLOW_FACTOR if PROFILE == "slow" else examples


# ---------------------------------------------------------------- setups

EDITION_NAMES = tuple(EDITIONS)
"""The shipped editions: reissue, classic, beginner."""

SETUPS: tuple[tuple[str, int], ...] = tuple(
    (name, players) for name, ruleset in EDITIONS.items() for players in range(ruleset.players[0], ruleset.players[1] + 1)
)
"""Every (edition, players) combination the shipped editions allow."""

setups = st.sampled_from(SETUPS)
"""A Hypothesis strategy of (edition, players)."""

seeds = st.integers(min_value=0, max_value=2**32 - 1)
"""A Hypothesis strategy of seeds (for dealing and for the random players)."""

MAX_ACTIONS = 400
"""No game of any shipped edition can take this many actions (24 moves x (1 + 5 pieces) < 200)."""


# ---------------------------------------------------------------- random play


def choose_move(game: Game, rng: random.Random, *, double: float = 0.25, hunt: float = 0.5) -> Move:
    """A random legal move for the side to move (which must exist while the game is on).

    Mister X plays a double move with probability *double* when he may; a
    detective or bobby moves onto a station where Mister X can be (the public
    possible set) with probability *hunt* when it can.
    """
    moves = game.single_moves()
    assert moves, f"{game!r}: the game is not over, but the side to move has no legal move"
    if game.turn is Side.MISTER_X:
        first = rng.choice(moves)
        assert isinstance(first, MisterXMove)
        if game.can_double and rng.random() < double:
            seconds = game.second_legs(first)
            if seconds:
                return DoubleMove(first, rng.choice(seconds))
        return first
    if rng.random() < hunt:
        possible = game.possible_locations
        hunting = [m for m in moves if possible >> m.station & 1]
        if hunting:
            return rng.choice(hunting)
    move = rng.choice(moves)
    assert isinstance(move, DetectiveMove)
    return move


def random_moves(game: Game, rng: random.Random, *, double: float | None = None, hunt: float | None = None) -> Iterator[Move]:
    """Yield a random legal move until the game is over; the caller plays each one.

    *double* and *hunt* default to a per-game random choice, so that a batch of
    games mixes timid and bold players. Fails if the game outlasts ``MAX_ACTIONS``.
    """
    double = rng.choice((0.0, 0.2, 0.6)) if double is None else double
    hunt = rng.choice((0.0, 0.5, 0.9)) if hunt is None else hunt
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            return
        yield choose_move(game, rng, double=double, hunt=hunt)
    raise AssertionError(f"{game!r} is still going after {MAX_ACTIONS} actions")


def new_game(edition: str | Ruleset = "reissue", players: int | None = None, seed: int = 0) -> Game:
    """A new game dealt with *seed*."""
    return Game.new(edition, players=players, seed=seed)


def play_random_game(
    edition: str | Ruleset = "reissue",
    players: int | None = None,
    seed: int = 0,
    *,
    after: Callable[[Game, Move], None] | None = None,
    **kwargs: float,
) -> Game:
    """Deal a game with *seed* and play it to the end with random legal moves (rng seeded by *seed*).

    *after(game, move)* is called after every move.
    """
    game = new_game(edition, players, seed)
    rng = random.Random(seed)
    for move in random_moves(game, rng, **kwargs):  # type: ignore[arg-type]
        game.play(move)
        if after is not None:
            after(game, move)
    return game


def play_until(game: Game, rng: random.Random, actions: int) -> Game:
    """Play up to *actions* random legal moves (fewer if the game ends first); return the game."""
    moves = random_moves(game, rng)
    for _ in range(actions):
        move = next(moves, None)
        if move is None:
            break
        game.play(move)
    return game


def copy_game(game: Game) -> Game:
    """An independent game in the same position (via the explicit ``Position``); not for finished games."""
    return Game(game.position())


# ---------------------------------------------------------------- gpiozero's mock pins


@pytest.fixture
def mock_pins() -> Iterator[MockFactory]:
    """A fresh mock pin factory per test, reset afterwards (gpiozero's own test-suite pattern)."""
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test writes to the user's own data folder: the default one is a fresh temporary folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """A headless Chromium at a phone's size (``tests.support.browser``); the test is skipped where Chromium is missing."""
    from tests.support.browser import phone_browser

    yield from phone_browser(tmp_path_factory)


@pytest.fixture(scope="module")
def other_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Another phone: a second headless Chromium, its own profile (nothing in its storage is the first one's)."""
    from tests.support.browser import phone_browser

    yield from phone_browser(tmp_path_factory)


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """Every test starts in English and leaves it so: the language in use is the process's, and a Korean test must not leak."""
    from language import use

    use("en")
    yield
    use("en")


@pytest.fixture
def korean() -> Iterator[None]:
    """The test speaks Korean (``language.use("ko")``); English again after it (the fixture above)."""
    from language import use

    use("ko")
    yield
