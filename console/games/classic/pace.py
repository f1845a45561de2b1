"""How long the computer players of the main game make the table wait, and how they spend that time.

Each level promises the table a longest wait (``PACES``, on a Raspberry Pi 4's
clock; a faster machine searches more in the same time): Mister X's move is
announced, and the detectives' round is ready, within it. Their searches are
anytime (``engine.ai.stopping``): each searches until a moment short of the
promise and gives its best move so far. The time goes where it matters, on
what everyone at the table can see (so it tells nothing of Mister X's secret):

- Mister X: the whole promise on his opening move (the widest possible set),
  on the move before a reveal (or before the move a double move would end on,
  while he holds one), and when the possible set is small (the pieces are
  close); the ordinary share (``ORDINARY``) on his other moves. His move is
  announced at that moment whatever he thought, so how long he thought tells
  nothing either (``ComputerSeat``).
- The detectives: the whole promise when the possible set is small or Mister
  X has just been seen; the ordinary share otherwise; no search at all when
  every piece to move has at most one move (they move at once).

>>> from engine import Game
>>> game = Game.new("reissue", players=4, seed=1)
>>> mister_x_wait_s(Level.EXPERT, game.public_view())  # his opening: the whole promise
3.0
"""

from __future__ import annotations

from dataclasses import dataclass

from console.settings import Level
from engine import PublicView

ORDINARY = 0.6
"""The share of a level's promise spent on an ordinary turn."""
SMALL_SET = 4
"""A possible set this small is a turn that matters (the pieces are one good guess away)."""
MARGIN_S = 0.15
"""How long before the moment a search must stop: its answer crosses from the worker and waits for the next frame."""
GRACE_S = 0.5
"""How long past its wait the console gives the worker's answer before it thinks again in-process (a failed worker)."""


@dataclass(frozen=True)
class Pace:
    """A level's promise: the longest the table waits for each side's computer player, in seconds on a Pi 4."""

    mister_x_s: float
    """Mister X's move is announced this long after his turn began, on the turns that matter (less on the others)."""
    detectives_s: float
    """The detectives' round is ready within this, on the rounds that matter (less on the others; at once when forced)."""


PACES: dict[Level, Pace] = {
    Level.BEGINNER: Pace(mister_x_s=1.5, detectives_s=0.0),
    Level.EASY: Pace(mister_x_s=1.5, detectives_s=1.0),
    Level.NORMAL: Pace(mister_x_s=2.0, detectives_s=2.0),
    Level.HARD: Pace(mister_x_s=3.0, detectives_s=3.0),
    Level.EXPERT: Pace(mister_x_s=3.0, detectives_s=5.0),
}
"""Each level's promise (README: "How long the computer thinks")."""


def mister_x_wait_s(level: Level, public: PublicView) -> float:
    """When the computer Mister X's move is announced, from the start of his turn: from public facts alone."""
    promise = PACES[level].mister_x_s
    made = public.moves_made
    reveals = public.ruleset.reveal_moves
    before_reveal = made + 1 in reveals or (made + 2 in reveals and public.mister_x_tickets.double > 0)
    matters = made == 0 or before_reveal or public.possible.bit_count() <= SMALL_SET
    return promise if matters else round(promise * ORDINARY, 3)


def detectives_wait_s(level: Level, public: PublicView) -> float:
    """How long the computer detectives may think this round: from public facts alone (0: they need not)."""
    promise = PACES[level].detectives_s
    seen = bool(public.log) and public.log[-1].station is not None
    matters = seen or public.possible.bit_count() <= SMALL_SET
    return promise if matters else round(promise * ORDINARY, 3)


def search_s(wait_s: float) -> float:
    """How long a search may run to have its answer in time for *wait_s*."""
    return max(0.0, wait_s - MARGIN_S)
