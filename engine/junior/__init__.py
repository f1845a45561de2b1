"""Scotland Yard Junior: Mister FOX (and ROXy) against Willy Watson and Milly Marble.

A separate game from the main one, with its own round structure and scoring
(its rules J1-J7 are in ``docs/RULES.md``, in short in ``engine.junior.game``),
played in a district of the London board (``engine.junior.district``). The
public API:

- ``JuniorGame.new(district, rogues=1|2, seed=...)``, ``JuniorGame(JuniorStart(...))``;
- ``game.choose(step)`` (a rogue, secretly), ``game.move(step)`` (a detective,
  openly; the second one reveals the round and returns its ``RoundResult``),
  ``game.undo()`` (a detective's step of this round); ``game.steps_of(piece)``,
  ``game.to_choose()``, ``game.to_move()``;
- the protocol of every game of the engine (``engine.Playable``): ``turn``,
  ``winner``, ``actions``, ``legal_moves()``, ``is_legal(step)``, ``push(step)``
  (a rogue's choice or a detective's step), ``pop()`` (any step, exactly),
  ``copy()``, ``parse_move(text)``; a ``Step`` prints in the notation
  (``str(step)``: ``"fox F157"``) and ``step.describe()`` says it in English;
- ``game.public_view()`` (a ``JuniorView``: everything but the rogues' pending choices), ``game.stations``,
  ``game.tokens``, ``game.results``, ``game.phase``, ``game.outcome``;
  ``game.choice_of(rogue)`` is the one secret, for the rogue's own seat;
- ``dumps(game)`` / ``loads(text)``: records that replay to the identical game;
- ``districts()``, ``find_district(name)``: the shipped districts.
"""

from engine.junior.district import District, districts, find_district
from engine.junior.game import (
    DETECTIVE_GOAL,
    DETECTIVES,
    NAMES,
    ROGUE_GOAL,
    ROGUES,
    TRANSPORT_WORDS,
    JuniorGame,
    JuniorStart,
    JuniorView,
    Phase,
    RoundResult,
    Step,
    Team,
    Tokens,
)
from engine.junior.record import dumps, loads

__all__ = [
    "DETECTIVES", "DETECTIVE_GOAL", "NAMES", "ROGUES", "ROGUE_GOAL", "TRANSPORT_WORDS", "District", "JuniorGame", "JuniorStart",
    "JuniorView", "Phase", "RoundResult", "Step", "Team", "Tokens", "districts", "dumps", "find_district", "loads",
]
