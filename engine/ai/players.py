"""Computer players at five levels, as pure functions of a view: what the console calls.

``choose_mister_x_move(game_view, board, level, seed)`` takes Mister X's own view
and returns his move: a ``MisterXMove`` or a ``DoubleMove``.
``choose_detective_moves(view, board, level, seed, pieces=None)`` takes the
*public* view only and returns this round's moves of *pieces* (every detective
and bobby still to move when ``None``), chosen together, in the order to play
them. Both are deterministic for a seed: the work is an iteration budget, so a
replay or a test sees the same moves. Given a ``stop`` (``engine.ai.stopping``:
the console's clock), either search is anytime: it deepens its work until the
stop and gives its best move so far, never a substitute of another level's.

>>> from engine import Game
>>> game = Game.new("classic", players=6, seed=3)
>>> move = choose_mister_x_move(game.mister_x_view(), game.board, "easy", seed=1)
>>> game.play(move)
>>> moves = choose_detective_moves(game.public_view(), game.board, "normal", seed=1)
>>> sorted(m.piece for m in moves) == sorted(game.to_move())
True
>>> for m in moves:
...     game.play(m)
>>> game.turn, game.round
(<Side.MISTER_X: 'mister_x'>, 2)

The method (``LEVEL_SETTINGS`` holds each level's budget; ``beginner`` has none):

- ``beginner`` (``engine.ai.beginner``) plays as people learning the game do,
  each side with a newcomer's blind spot; it is calibrated to win 30-50% of its
  games against the scripted novices of ``engine.ai.baselines``.
- Mister X (``engine.ai.mister_x``) scores every single and black move and
  every double move worth making (in danger, or over a reveal with one kept)
  cheaply, keeps the best ``mister_x_lookahead`` (move filtering), and
  for each plays out the detectives' likely reply (the greedy detectives'
  rule) and his best next ``depth`` turns (``breadth`` options deeper); the
  best ``planned_replies`` also face the computer detectives' own plan (over
  ``planned_depth`` of his turns: ``expert``'s plays his next two against it),
  and count the worse of the two replies. ``expert``'s weighs the room around
  his station three times as much (``mister_x_weights``).
- The detectives (``engine.ai.detectives``, ``engine.ai.search``) plan the
  round jointly as one problem over the possible set, build candidate plans
  in several orders (improved when ``improve``), and try the best
  ``detective_candidates`` with ``detective_iterations`` determinized
  playouts of ``horizon`` rounds (epsilon-greedy, ``epsilon``), dropping the
  worse half at each stage. ``expert``'s (``categorized``) weigh the possible
  stations by location categories learned from played games
  (``engine.ai.categories``), their imagined Mister X doubles out of danger
  (``playout_doubles``), their imagined detectives spread over the possible
  set (``playout_cover``), and their candidates include plans that each bet
  on one part of the possible set (``intercepts``).
- ``easy``, ``normal`` and ``hard`` slip (``slips``): some of their moves are
  the ``beginner``'s, which spaces the levels a ladder's step apart.

Both calls take a ``budget`` too: a share of the level's work (``scaled``), for
measuring strength against thinking time (``python -m benchmarks.curve``), and
``slips=False`` plays a level's search alone, as ``easy``, ``normal`` and
``hard`` played before they slipped (the tournament's ``hard-steady``).

``python -m benchmarks.ai`` times each level's choices in whole games (mean,
percentiles, worst); ``python -m benchmarks.tournament`` and
``python -m benchmarks.yardstick`` measure their strength (docs/COMPUTER_PLAYERS.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engine.ai.beginner import beginner_detectives, beginner_mister_x
from engine.ai.categories import WEIGHTS
from engine.ai.detectives import heuristic_round, movers_of
from engine.ai.mister_x import EXPERT_WEIGHTS, MisterXScorer, MisterXWeights, Option, lookahead, planned_reply, spent, worth_doubling
from engine.ai.model import tables
from engine.ai.search import Tally, detective_search
from engine.ai.stopping import Latch, Stop, deepening, never
from engine.board import Board
from engine.movegen import ticket_mask
from engine.moves import DetectiveMove, DoubleMove, MisterXMove
from engine.outcome import Side
from engine.tickets import Ticket
from engine.views import MisterXView, PublicView

BEGINNER = "beginner"
"""The level that searches nothing: it plays as people learning the game do (``engine.ai.beginner``)."""
LEVELS = (BEGINNER, "easy", "normal", "hard", "expert")

LOOKAHEAD = 100.0
"""Lifts the options that had a lookahead above the others (their value adds the next turn's)."""

PRIOR = 0.02
"""Weight of a detectives' plan's value (per unit, from the best plan's) added to its mean playout reward."""


@dataclass(frozen=True)
class LevelSettings:
    """A level's search budget and playout policy."""

    mister_x_lookahead: int
    """Mister X's options, best by the cheap score, that get a look at the detectives' likely reply."""
    depth: int
    """Mister X's turns looked at after each of those options."""
    breadth: int
    """Options looked at further on each later turn."""
    planned_replies: int
    """Of those, the best that also face the computer detectives' planned reply."""
    detective_candidates: int
    """Joint plans of the detectives' round kept for the playouts."""
    detective_iterations: int
    """Playouts shared among those plans."""
    horizon: int
    """Rounds a playout looks ahead."""
    epsilon: float
    """The playout policies' chance of a random move instead of the greedy one."""
    improve: bool
    """Whether the detectives' plans get an improvement pass."""
    planned_depth: int = 1
    """Mister X's turns looked at against the computer detectives' planned replies (1: their first reply only)."""
    slips: float = 0.0
    """The chance that a move (Mister X's) or a round (the detectives') is the ``beginner``'s instead of the search's:
    the lapses of a table still learning, which space the levels apart."""
    playout_doubles: bool = False
    """Whether the detectives' simulated Mister X plays double moves when every single one is in the pieces' reach."""
    playout_cover: bool = False
    """Whether the detectives' simulated detectives spread over the possible set (each heads for the station it is
    nearest to compared with the others) instead of each heading for any possible station."""
    categorized: bool = False
    """Whether the detectives weigh the possible stations by their learned categories (``engine.ai.categories``)."""
    intercepts: int = 0
    """Joint plans added to the candidates, each made for the possible stations near one drawn (``intercepting``)."""
    mister_x_weights: MisterXWeights | None = None
    """The terms of Mister X's cheap value (None: ``engine.ai.mister_x.WEIGHTS``)."""


LEVEL_SETTINGS: dict[str, LevelSettings] = {
    # easy, normal and hard slip (measured: one hard Mister X move in twenty the beginner's cost him 80 Elo), or
    # their searches alone stand within 25-95 Elo of the level above
    "easy": LevelSettings(mister_x_lookahead=6, depth=1, breadth=1, planned_replies=0, detective_candidates=2, detective_iterations=40,
                          horizon=2, epsilon=0.2, improve=False, slips=0.32),
    "normal": LevelSettings(mister_x_lookahead=24, depth=2, breadth=6, planned_replies=6, detective_candidates=4, detective_iterations=300,
                            horizon=3, epsilon=0.1, improve=True, slips=0.17),
    # hard's detectives think twice as long as they did: measured, that won 48% against normal Mister X where 600
    # playouts won 41% (and four times as long, 48% again); his own lookahead gains nothing past half of this
    "hard": LevelSettings(mister_x_lookahead=40, depth=2, breadth=8, planned_replies=12, detective_candidates=12,
                          detective_iterations=1200, horizon=4, epsilon=0.1, improve=True, slips=0.07),
    "expert": LevelSettings(mister_x_lookahead=40, depth=2, breadth=8, planned_replies=12, detective_candidates=16,
                            detective_iterations=2000, horizon=4, epsilon=0.1, improve=True,
                            planned_depth=2, playout_doubles=True, playout_cover=True, categorized=True, intercepts=4,
                            mister_x_weights=EXPERT_WEIGHTS),
}


def _settings(level: str, budget: float = 1.0, slips: bool = True) -> LevelSettings:
    try:
        settings = LEVEL_SETTINGS[level]
    except KeyError:
        raise ValueError(f"no level called {level!r}; the levels are {', '.join(LEVELS)}") from None
    if not slips:
        settings = replace(settings, slips=0.0)
    return settings if budget == 1.0 else scaled(settings, budget)


def scaled(settings: LevelSettings, budget: float) -> LevelSettings:
    """*settings* with *budget* times the work: the options, plans and playouts it weighs (its depths stay).

    >>> scaled(LEVEL_SETTINGS["normal"], 2).detective_iterations
    600
    """
    if budget <= 0:
        raise ValueError(f"a budget is a positive share of the level's work, not {budget}")

    def times(count: int) -> int:
        return max(1, round(count * budget))

    return replace(settings, mister_x_lookahead=times(settings.mister_x_lookahead), breadth=times(settings.breadth),
                   planned_replies=round(settings.planned_replies * budget),
                   detective_candidates=max(2, times(settings.detective_candidates)),
                   detective_iterations=times(settings.detective_iterations), intercepts=round(settings.intercepts * budget))


def _to_move(option: Option) -> MisterXMove | DoubleMove:
    first = MisterXMove(option.first[0], Ticket(option.first[1]))
    if option.second is None:
        return first
    return DoubleMove(first, MisterXMove(option.second[0], Ticket(option.second[1])))


def choose_mister_x_move(game_view: MisterXView, board: Board, level: str, seed: int, budget: float = 1.0,
                         slips: bool = True, stop: Stop | None = None) -> MisterXMove | DoubleMove:
    """Mister X's move for his *game_view* (his turn, game not over) at *level*, deterministic for *seed*; *budget*
    scales the level's work (``scaled``: 2 thinks twice as much); without *slips*, the level's search never gives way
    to the beginner's move.

    With a *stop* the search is anytime (``engine.ai.stopping.deepening``): it does the level's work (times
    *budget*), then twice as much, and so on, until *stop* says to give the best move so far.
    """
    if not game_view.moves:
        raise ValueError("Mister X has no move to choose (not his turn, or the game is over)")
    if level == BEGINNER:
        return beginner_mister_x(board, game_view)
    settings = _settings(level, 1.0, slips)
    rng = random.Random(seed)
    if settings.slips and rng.random() < settings.slips:
        return beginner_mister_x(board, game_view)
    if stop is None:
        return _mister_x_pass(game_view, board, scaled(settings, budget), rng, never)[0]
    return deepening(lambda work, stop: _mister_x_pass(game_view, board, scaled(settings, work), random.Random(seed), stop,
                                                       deeper=work != budget), stop, budget)


def _mister_x_pass(game_view: MisterXView, board: Board, settings: LevelSettings, rng: random.Random,
                   stop: Stop, deeper: bool = False) -> tuple[MisterXMove | DoubleMove, bool]:
    """One pass of Mister X's search at *settings*' work, and whether it finished before *stop*.

    Its stages, each judging the best options of the one before: every option's cheap value, the lookahead of the
    best ``mister_x_lookahead``, the planned replies to the best ``planned_replies``. Cut short, it chooses among the
    options its last stage had finished judging (and the ones that stage would not have judged). The first pass
    always looks ahead from its best option to the end, so it has an answer; a *deeper* pass, whose answer is set
    aside when it is cut short (``deepening``), stops anywhere."""
    stop = Latch(stop)
    public = game_view.public
    t = tables(board, public.ruleset.transports)
    stations = [p.station for p in public.pieces]
    masks = [ticket_mask(p.tickets, p.bobby) for p in public.pieces]
    scorer = MisterXScorer(t, board, public.ruleset, stations, masks, settings.mister_x_weights)
    own = list(public.mister_x_tickets)
    supply = list(public.supply) if public.supply is not None else None
    options = scorer.options(game_view.station, public.possible, own, supply, public.moves_made, game_view.can_double)
    safe_singles = sum(option.second is None and not scorer.threat >> option.station & 1 for option in options)
    options = [option for option in options if worth_doubling(option, public.moves_made, safe_singles, public.ruleset)]
    values = []
    for option in options:
        black, double = spent(option)
        values.append(scorer.value(option, public.moves_made, black, double) + rng.random() * 1e-6)
    # move filtering: only the best options by the cheap value are searched
    tickets = [list(p.tickets) for p in public.pieces]
    bobby = [p.bobby for p in public.pieces]
    unjudged: set[int] = set()
    """Options a stage cut short would have judged and did not: left out of the choice."""
    ranked = sorted(range(len(options)), key=lambda k: -values[k])[: settings.mister_x_lookahead]
    greedy = {}
    for n, k in enumerate(ranked):
        whole = not n and not deeper
        if not whole and stop():
            unjudged |= set(ranked[n:])
            break
        value = lookahead(scorer, options[k], public.moves_made, public.round, tickets, bobby, settings.depth, settings.breadth,
                          stop=never if whole else stop)
        if stop.fired:  # cut short inside: this option is not judged either
            unjudged |= set(ranked[n:])
            break
        greedy[k] = value
        values[k] += LOOKAHEAD + value
    # the best of them also face the computer detectives' planned reply: an option is worth the worse of the two
    planned_ones = sorted(greedy, key=lambda k: -values[k])[: settings.planned_replies]
    for n, k in enumerate(planned_ones):
        if stop():
            if n:  # cut short before it judged any: the lookahead's choice stands
                unjudged |= set(planned_ones[n:])
            break
        if settings.planned_depth > 1:
            planned = lookahead(scorer, options[k], public.moves_made, public.round, tickets, bobby, settings.planned_depth,
                                settings.breadth, planner=public, stop=stop)
            if stop.fired:  # cut short inside: as if cut short before it
                if n:
                    unjudged |= set(planned_ones[n:])
                break
            values[k] += min(0.0, planned - greedy[k])
            continue
        reply = planned_reply(scorer, public, options[k])
        planned = lookahead(scorer, options[k], public.moves_made, public.round, tickets, bobby, 1, 1, reply)
        first = lookahead(scorer, options[k], public.moves_made, public.round, tickets, bobby, 1, 1)
        values[k] += min(0.0, planned - first) * settings.depth
    judged = [k for k in range(len(options)) if k not in unjudged] or [ranked[0]]  # none: a deeper pass, set aside
    best = max(judged, key=lambda k: values[k])
    return _to_move(options[best]), not stop.fired


def choose_detective_moves(view: PublicView, board: Board, level: str, seed: int,
                           pieces: Sequence[str] | None = None, budget: float = 1.0, slips: bool = True,
                           stop: Stop | None = None) -> list[DetectiveMove]:
    """This round's moves of *pieces* (default: every detective and bobby still to move), chosen
    jointly from the public *view* only, in the order to play them; deterministic for *seed*.

    Pieces that cannot move (rule 5) get no move; the list is empty when none can. *budget* scales the level's
    work (``scaled``); without *slips*, as for ``choose_mister_x_move``; with a *stop*, anytime as it is."""
    settings = _settings(level, 1.0, slips) if level != BEGINNER else None
    movers = movers_of(view, pieces)
    if not movers or view.outcome is not None or view.turn is not Side.DETECTIVES:
        return []
    if settings is None:
        return beginner_detectives(board, view, movers)
    rng = random.Random(seed)
    if settings.slips and rng.random() < settings.slips:
        return beginner_detectives(board, view, movers)
    if stop is None:
        return _detectives_pass(view, board, movers, scaled(settings, budget), rng, never)[0]
    kept = Kept(random.Random(f"{seed} playouts"))
    return deepening(lambda work, stop: _detectives_pass(view, board, movers, scaled(settings, work), random.Random(seed), stop,
                                                         kept), stop, budget)


@dataclass
class Kept:
    """What a deeper pass of the detectives' search keeps from the passes before it: the plans' playouts, and the
    stream their draws come from (each pass builds its plans from the seed again, so a deeper pass's plans include
    the ones before it, which keep their playouts and need only the ones their deeper stages add)."""

    draws: random.Random
    tally: Tally = field(default_factory=dict)


def _detectives_pass(view: PublicView, board: Board, movers: Sequence[str], settings: LevelSettings, rng: random.Random,
                     stop: Stop, kept: Kept | None = None) -> tuple[list[DetectiveMove], bool]:
    """One pass of the detectives' search at *settings*' work, and whether it finished before *stop*: the plans by
    value, then their playouts (cut short: the best plan so far). With what the passes before *kept*, a pass twice
    as deep costs about what it adds."""
    stop = Latch(stop)
    problem, plans = heuristic_round(board, view, movers, rng, settings.detective_candidates, settings.improve,
                                     WEIGHTS if settings.categorized else None, settings.intercepts, stop)
    draws, tally = (rng, None) if kept is None else (kept.draws, kept.tally)
    plan = detective_search(view, problem, plans, settings.detective_iterations, settings.horizon, settings.epsilon, draws, PRIOR,
                            settings.playout_doubles, settings.playout_cover, stop, tally)
    return problem.moves(plan), not stop.fired
