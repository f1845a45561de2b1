"""Computer players at the console: a computer Mister X, computer detectives.

Each searches in a worker (``console.thinker``) so the board stays alive while
it thinks; the flow polls it every frame. A search past its cap is stopped and
the greedy baseline moves instead, so a slow machine never hangs a game. The
seed of each search is the game's move count, so a replayed game thinks alike.
The detectives are handed the public view only.
"""

from __future__ import annotations

from collections.abc import Sequence

from console.thinker import Thinker, TimedOut
from engine import DetectiveMove, Game, Move, london
from engine.ai.baselines import greedy_detective, greedy_mister_x
from engine.views import MisterXView, PublicView
from hardware.interfaces import Message

CAP_S = {"easy": 2.0, "normal": 4.0, "hard": 8.0}
"""Longest a search may take (a Pi 4 runs ``hard`` within 2 s; a slower board gets room, then the fallback)."""


def think_mister_x(view: MisterXView, level: str, seed: int) -> Move:
    """The worker's job: Mister X's move (module-level, so the worker finds it by name)."""
    from engine.ai.players import choose_mister_x_move

    return choose_mister_x_move(view, london(), level, seed)


def think_detectives(view: PublicView, level: str, seed: int) -> list[DetectiveMove]:
    """The worker's job: the round's detective moves, from the public view alone."""
    from engine.ai.players import choose_detective_moves

    return choose_detective_moves(view, london(), level, seed)


class ComputerSeat:
    """The computer plays Mister X."""

    uses_handheld = False

    def __init__(self, level: str = "normal", thinker: Thinker | None = None) -> None:
        self.level = level
        self.thinker = thinker or Thinker()

    def opened(self, game: Game) -> None:
        pass

    def away_reason(self) -> str:
        return ""  # the computer needs no handheld: its games never pause for one

    def begin_turn(self, game: Game) -> None:
        self.thinker.start(think_mister_x, game.mister_x_view(), self.level, game.moves_made, cap_s=CAP_S[self.level])

    def poll(self, game: Game, now: float) -> Move | None:
        try:
            move: Move | None = self.thinker.result()
        except TimedOut:
            move = greedy_mister_x(game.board, game.mister_x_view())
        return move

    def on_message(self, message: Message, game: Game) -> None:
        return None

    def accepted(self, game: Game) -> None:
        pass

    def refused(self, reason: str, game: Game) -> None:
        raise RuntimeError(f"the computer Mister X chose an illegal move: {reason}")

    def cancel_turn(self) -> None:
        self.thinker.cancel()

    def game_over(self, game: Game) -> None:
        self.thinker.cancel()


class ComputerDetectives:
    """The computer plays the detectives and bobbies; people move the pieces it names."""

    def __init__(self, level: str = "normal", thinker: Thinker | None = None) -> None:
        self.level = level
        self.thinker = thinker or Thinker()

    def begin_round(self, game: Game) -> None:
        """Think about the moves still to make this round (again, after an undo)."""
        view = game.public_view()
        self.thinker.start(think_detectives, view, self.level, len(game.actions), cap_s=CAP_S[self.level])

    def poll(self, game: Game, now: float) -> Sequence[DetectiveMove] | None:
        try:
            moves: Sequence[DetectiveMove] | None = self.thinker.result()
        except TimedOut:
            view = game.public_view()
            moves = [greedy_detective(game.board, view, game.moves_of(piece)) for piece in game.to_move()[:1]]
        return moves

    def cancel(self) -> None:
        self.thinker.cancel()
