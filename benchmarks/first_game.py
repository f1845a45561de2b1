"""How long a newcomer's first game takes: the start menu's Quick game, played at the console as the simulator plays it.

``python -m benchmarks.first_game`` deals ``--games`` quick games through the
console's own program (the start menu's Quick game, then CONFIRM) on a board
whose lights are its pieces, as the simulator's are: the computer's easy
detectives move themselves. The newcomer is Mister X on the handheld: he takes
``--think`` seconds over each move (reading his handheld, choosing, sending),
and plays as people learning the game do (the ``beginner`` level's Mister X);
placing the pieces at the deal takes him ``--place`` seconds a piece. The
console's clock moves only with the game, so a run takes seconds. It prints::

    quick_game: minutes=18.9 (6.6..21.4) rounds=8.9 mister_x_won=0.50 (0.35..0.65) games=40 think_s=120

(the mean minutes from the deal to the end, with the shortest and longest
game; the rounds played; Mister X's wins with their 95% Wilson interval).
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from benchmarks.matches import wilson
from console.games.classic.model import Mode
from console.program.program import Program
from console.settings import GameSettings, Level
from engine import DoubleMove, Game, Side
from engine.ai.players import choose_mister_x_move
from firmware import messages
from hardware.config import Config
from hardware.drivers.controls import FakeControlButtons
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.station_buttons import FakeStationButtons
from hardware.factory import build_hardware
from hardware.interfaces import Key, Message
from hardware.station_map import StationMap

STATIONS = range(1, 200)
FRAME_S = 0.25
"""The console's clock moves this much at each step (its own loop runs at 20 frames a second; nothing here needs them)."""
LONGEST_S = 4 * 3600.0
"""A game not over by then is stuck."""


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass(frozen=True)
class FirstGame:
    seconds: float
    rounds: int
    mister_x_won: bool


def play(seed: int, think_s: float, place_s: float, level: str = "") -> FirstGame:
    """One quick game from the start menu to its end, Mister X taking *think_s* over each move (*level*: the computer
    detectives' instead of the quick game's own)."""
    asked: list[Message] = []
    link = MemoryHandheldLink(lambda message: asked.append(message) or [])
    hardware = replace(build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS, handheld=link),
                       pieces_by_hand=False)
    clock = Clock()
    with tempfile.TemporaryDirectory() as data:
        program = Program(hardware, GameSettings(data_dir=str(Path(data))), clock=clock, sleep=lambda s: None, seed=seed,
                          think_inline=True)
        controls, buttons = hardware.controls, hardware.station_buttons
        assert isinstance(controls, FakeControlButtons) and isinstance(buttons, FakeStationButtons)

        def step(seconds: float) -> None:
            for _ in range(max(1, round(seconds / FRAME_S))):
                clock.now += FRAME_S
                program.console.step()

        menu = program.menu
        assert menu is not None
        menu.cursor = next(n for n, (label, _) in enumerate(menu.ui.rows) if str(label) == "Quick game")
        controls.press(Key.CONFIRM)  # Quick game: its setup
        step(FRAME_S)
        if level:
            assert program.menu is not None
            program.menu.values["level"] = Level(level)
        controls.press(Key.CONFIRM)  # deal it
        step(FRAME_S)
        flow = program.flow
        assert flow is not None
        game = flow.game
        assert isinstance(game, Game)
        began = clock.now
        for _, station in flow.ui.to_place:
            step(place_s)
            buttons.press(station)
        rng = random.Random(seed)
        while not game.is_over and clock.now - began < LONGEST_S:
            if flow.ui.mode is Mode.MISTER_X and asked and asked[-1]["type"] == "ask":
                step(think_s)
                move = choose_mister_x_move(game.mister_x_view(), game.board, "beginner", rng.randrange(2**31))
                legs = [move.first, move.second] if isinstance(move, DoubleMove) else [move]
                for index, leg in enumerate(legs):
                    link.inject(messages.answer(leg.notation, index < len(legs) - 1))
                    step(FRAME_S)
            else:
                step(FRAME_S)
        assert game.outcome is not None, "the game did not end"
        return FirstGame(clock.now - began, game.outcome.round, game.outcome.winner is Side.MISTER_X)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.first_game", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="quick games to play (default 40)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed (default 0)")
    parser.add_argument("--think", type=float, default=120.0, help="seconds Mister X takes over a move (default 120)")
    parser.add_argument("--place", type=float, default=5.0, help="seconds to place a piece at the deal (default 5)")
    parser.add_argument("--level", default="", help="the computer detectives' level (default: the quick game's, easy)")
    args = parser.parse_args(argv)
    games = [play(args.seed + n, args.think, args.place, args.level) for n in range(args.games)]
    minutes = sorted(game.seconds / 60 for game in games)
    won = sum(game.mister_x_won for game in games)
    low, high = wilson(won, len(games))
    print(f"quick_game: minutes={sum(minutes) / len(minutes):.1f} ({minutes[0]:.1f}..{minutes[-1]:.1f}) "
          f"rounds={sum(game.rounds for game in games) / len(games):.1f} mister_x_won={won / len(games):.2f} ({low:.2f}..{high:.2f}) "
          f"games={len(games)} think_s={args.think:g}" + (f" level={args.level}" if args.level else ""))


if __name__ == "__main__":
    main()
