"""Scotland Yard Junior at the console: one kind of game (``JUNIOR``), played in a district of the London board.

Its parts: ``flow`` (the round: the rogues choose in secret, the detectives
step, the reveal), ``model`` (its modes and ``JuniorUi``), ``seats`` (the rogues
on the passed handheld or the computer; the computer detectives), ``talk``
(what the rogues' handheld shows, in their words), ``lights``
and ``screen`` (the playing area, the token boards), ``setup`` (its settings
and New game rows), ``journal`` (its journal events and records), ``replay``,
``record_text`` (a filed game as text), ``words`` (its pieces, lines and
districts in words) and ``text_game`` (the game in a terminal).
"""

from __future__ import annotations

from console.games.junior import journal, record_text, setup
from console.games.junior.flow import JuniorFlow
from console.games.junior.news import news
from console.games.junior.pictures import PICTURES
from console.games.junior.replay import scenes
from console.games.junior.screen import card_place, pairing_rooms
from console.games.junior.seats import ComputerDetectiveTeam, ComputerRogues, HandheldRogues
from console.games.junior.text_game import JuniorTextGame
from console.games.kind import GameKind, OwnGames, Table
from console.games.text import Terminal
from console.settings import GameSettings, Seat
from engine.junior import JuniorGame, Team
from engine.junior.game import parse_step
from language import Text, p_


def deal(settings: GameSettings, seed: int) -> JuniorGame:
    return JuniorGame.new(setup.DISTRICT.of(settings), rogues=setup.rogues_of(settings), seed=seed)


def describe(game: JuniorGame) -> Text:
    return p_("row", "Junior, round {round}", round=game.round)


def summary(game: JuniorGame) -> Text:
    if game.outcome is None:
        return p_("row", "Junior · not finished, round {round}", round=game.round)
    if game.outcome is Team.DETECTIVES:
        return p_("row", "Junior · detectives won, round {round}", round=game.round)
    return p_("row", "Junior · rogues won, round {round}", round=game.round)


def seated(game: JuniorGame, settings: GameSettings, table: Table, now: float, resumed: bool) -> JuniorFlow:
    """The flow of *game*: the rogues on the table's handheld (the Pico, or a phone), passed, or the computer; the detectives people or the
    computer."""
    level = settings.level
    chosen = ComputerRogues(level, table.seed) if settings.mister_x is Seat.COMPUTER else HandheldRogues(table.handheld)
    rogues = table.seat(chosen, parse_step)
    detectives = ComputerDetectiveTeam(level, table.seed) if settings.detectives_by is Seat.COMPUTER else None
    return JuniorFlow(game, rogues, now, table.recorder, deal=not resumed, hints=settings.hints, detectives=detectives,
                      self_moving=table.pieces_move_themselves)


def text(game: JuniorGame, settings: GameSettings, terminal: Terminal) -> None:
    JuniorTextGame(game, settings.mister_x is Seat.HANDHELD, terminal, settings.level).run()


own = OwnGames(JuniorGame)
JUNIOR = GameKind(editions=setup.EDITIONS, check=setup.check, setup=setup.JuniorSetup, deal=deal, describe=own(describe),
                  summary=own(summary), flow=own(seated), journal=journal.CODEC, scenes=own(scenes), text_record=own(record_text.lines),
                  text=own(text), news=news, hidden_side=p_("name", "the rogues"), pairing_rooms=pairing_rooms, pictures=PICTURES,
                  card_place=card_place, options=(setup.DISTRICT,))
"""Mister FOX (and ROXy) against Willy Watson and Milly Marble, in a district."""
