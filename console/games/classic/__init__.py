"""Scotland Yard at the console, in its editions (reissue, classic, beginner): one kind of game (``CLASSIC``).

Its parts: ``flow`` (the state machine: Mister X, then the detectives in any
order, undo, corrections), ``model`` (its modes and ``Ui``), ``seats`` (Mister X
on the handheld or the computer; the computer detectives), ``lights`` and
``screen`` (what the board and the screen show), ``setup`` (its settings and
New game rows), ``journal`` (its journal events and records), ``replay``,
``correction``, and ``text_game`` (the game in a terminal).
"""

from __future__ import annotations

from dataclasses import replace

from console.games.classic import journal, setup
from console.games.classic.flow import Flow
from console.games.classic.news import news
from console.games.classic.replay import scenes
from console.games.classic.seats import ComputerDetectives, ComputerSeat, HandheldSeat
from console.games.classic.text_game import TextGame
from console.games.kind import GameKind, Table
from console.games.text import Terminal
from console.settings import GameSettings, Seat
from engine import EDITIONS, Game, Side, find_ruleset
from engine.editions import FIVE_REVEALS
from engine.moves import parse_move


def deal(settings: GameSettings, seed: int) -> Game:
    ruleset = find_ruleset(settings.edition)
    if settings.five_reveals:
        ruleset = replace(ruleset, reveal_moves=FIVE_REVEALS)
    return Game.new(ruleset, players=settings.players, detectives=setup.detectives_of(settings), bobbies=setup.bobbies_of(settings),
                    seed=seed)


def describe(game: Game) -> str:
    return f"{game.ruleset.name}, round {game.round}"


def summary(game: Game) -> str:
    outcome = game.outcome
    if outcome is None:
        return f"{game.ruleset.name} · not finished, round {game.round}"
    winners = "detectives" if outcome.winner is Side.DETECTIVES else "Mister X"
    return f"{game.ruleset.name} · {winners} won, round {outcome.round}"


def seated(game: Game, settings: GameSettings, table: Table, now: float, resumed: bool) -> Flow:
    """The flow of *game*: Mister X on the table's handheld (the Pico, or his phone) or the computer; the detectives people or the
    computer."""
    seat = table.seat(ComputerSeat(settings.level, table.thinker) if settings.mister_x is Seat.COMPUTER else HandheldSeat(table.handheld))
    detectives = ComputerDetectives(settings.level, table.thinker) if settings.detectives_by is Seat.COMPUTER else None
    return Flow(game, seat, now, table.recorder, deal=not resumed, assist=settings.assist, hints=settings.hints, detectives=detectives)


def text(game: Game, settings: GameSettings, terminal: Terminal) -> None:
    side = Side.MISTER_X if settings.mister_x is Seat.HANDHELD else Side.DETECTIVES
    TextGame(game, side, terminal, settings.level).run()


CLASSIC = GameKind(editions=tuple(EDITIONS), check=setup.check, setup=setup.ClassicSetup, deal=deal, describe=describe, summary=summary,
                   flow=seated, journal=journal.CODEC, scenes=scenes, text=text,
                   news=news, hidden_action=parse_move, hidden_side="Mister X")
"""Scotland Yard: Mister X against the detectives (and bobbies), on the whole London board."""
