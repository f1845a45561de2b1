"""Scotland Yard at the console, in its editions (reissue, classic, beginner): one kind of game (``CLASSIC``).

Its parts: ``flow`` (the state machine: Mister X, then the detectives in any
order, undo, corrections), ``model`` (its modes and ``Ui``), ``seats`` (Mister X
on the handheld or the computer; the computer detectives), ``talk`` (what his
handheld shows, in his words), ``lights`` and
``screen`` (what the board and the screen show), ``setup`` (its settings and
New game rows), ``journal`` (its journal events and records), ``replay``,
``correction``, ``record_text`` (a filed game as text) and ``text_game`` (the game in a terminal).
"""

from __future__ import annotations

from dataclasses import replace

from console.games.classic import journal, record_text, setup
from console.games.classic.flow import Flow
from console.games.classic.news import news
from console.games.classic.replay import scenes
from console.games.classic.screen import card_place, pairing_rooms
from console.games.classic.seats import ComputerDetectives, ComputerSeat, HandheldSeat
from console.games.classic.text_game import TextGame
from console.games.kind import GameKind, OwnGames, Table
from console.games.text import Terminal
from console.games.words import display_name
from console.settings import GameSettings, Seat
from engine import Game, Side
from engine.editions import FIVE_REVEALS
from engine.moves import parse_move
from engine.position import MISTER_X
from language import Text, _, p_, plain

EDITION_NAMES: dict[str, Text] = {"reissue": p_("value", "reissue"), "classic": p_("value", "classic"),
                                  "beginner": p_("value", "beginner"), "quick": p_("value", "quick game")}
"""Each edition (``engine.EDITIONS``, and the quick game: ``setup.QUICK``) by the name the setup's first row shows."""


def edition_name(game: Game) -> Text:
    """The name of *game*'s edition (a record from elsewhere may have one of its own: shown as it is)."""
    return EDITION_NAMES.get(game.ruleset.name) or plain(game.ruleset.name)


def deal(settings: GameSettings, seed: int) -> Game:
    ruleset = setup.RULESETS[settings.edition]
    if setup.FIVE_REVEALS.of(settings):
        ruleset = replace(ruleset, reveal_moves=FIVE_REVEALS)
    return Game.new(ruleset, players=settings.players, detectives=setup.detectives_of(settings), bobbies=setup.bobbies_of(settings),
                    seed=seed)


def describe(game: Game) -> Text:
    return _("{edition}, round {round}", edition=edition_name(game), round=game.round)


def summary(game: Game) -> Text:
    edition, outcome = edition_name(game), game.outcome
    if outcome is None:
        return _("{edition} · not finished, round {round}", edition=edition, round=game.round)
    if outcome.winner is Side.DETECTIVES:
        return _("{edition} · detectives won, round {round}", edition=edition, round=outcome.round)
    return _("{edition} · Mister X won, round {round}", edition=edition, round=outcome.round)


def seated(game: Game, settings: GameSettings, table: Table, now: float, resumed: bool) -> Flow:
    """The flow of *game*: Mister X on the table's handheld (the Pico, or his phone) or the computer; the detectives people or the
    computer."""
    chosen = ComputerSeat(settings.level, table.thinker) if settings.mister_x is Seat.COMPUTER else HandheldSeat(table.handheld)
    seat = table.seat(chosen, parse_move)
    detectives = ComputerDetectives(settings.level, table.thinker) if settings.detectives_by is Seat.COMPUTER else None
    return Flow(game, seat, now, table.recorder, deal=not resumed, assist=settings.assist, hints=settings.hints, detectives=detectives,
                self_moving=table.pieces_move_themselves)


def text(game: Game, settings: GameSettings, terminal: Terminal) -> None:
    side = Side.MISTER_X if settings.mister_x is Seat.HANDHELD else Side.DETECTIVES
    TextGame(game, side, terminal, settings.level).run()


own = OwnGames(Game)
CLASSIC = GameKind(editions=EDITION_NAMES, check=setup.check, setup=setup.ClassicSetup, deal=deal, describe=own(describe),
                   summary=own(summary), flow=own(seated), journal=journal.CODEC, scenes=own(scenes), text_record=own(record_text.lines),
                   text=own(text), news=news, hidden_side=display_name(MISTER_X), pairing_rooms=pairing_rooms,
                   card_place=card_place, options=setup.OPTIONS, first_game=setup.first_game)
"""Scotland Yard: Mister X against the detectives (and bobbies), on the whole London board."""
