"""Hide and guess at the console: a third kind of game, built only on the console's seam for kinds (``GameKind``).

It is the test that "a third kind of game is one folder and one registration"
holds: this folder, and one line that adds ``TOY`` to ``console.games.KINDS``
(``register``). The hider is the computer, or a person on the handheld (the
Pico's or a phone: ``HiderOnHandheld``, in the kind-neutral conversation of
``console.games.handheld`` and in words of its own, with no change to the
firmware or the phone's page); the detectives guess by pressing a lit station.
It has a setting of its own (``HIDING_PLACES``: how many places are dealt),
which the config file, the preferences, the journal and the setup handle as they
handle the other kinds'.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

import pygame
import pytest

import console.games
from console.games.handheld import Kind, Screen, Vocabulary
from console.games.kind import Codec, GameKind, OwnGames, Table
from console.games.record_text import heading, move_row, row
from console.games.recorder import Event, Recorder, padded
from console.games.refusals import CLASSIC_WORDING, player_words
from console.games.seats import OnHandheld, WithoutHandheld
from console.games.table import HiddenSeat, Look, TableFlow, TableScene, TableUi
from console.games.text import Quit, Terminal, TextTable
from console.settings import GameSettings, Option, Seat
from console.table.lights import Palette
from console.table.menu import Menu, Row, Setting
from console.table.screen.toolkit import Toolkit
from engine import IllegalMoveError
from firmware import messages
from firmware.messages import phrase
from hardware.config import ConfigError
from hardware.interfaces import Frame, HandheldLink, Key, Message, Station
from language import Words, plain
from tests.support.toy.game import Guess, Hide, ToyGame, ToyMove, ToyView

EDITION = "hide-and-guess"
FORMAT = "hide-and-guess-record"
PLACE = (255, 200, 0)
HIDING_PLACES = Option[int]("hiding_places", 3, int)
"""How many hiding places a game deals: its own setting."""
PLACES = (2, 3, 4, 5, 6)
HIDERS = (Seat.HANDHELD, Seat.PHONE, Seat.COMPUTER)
HIDER_WORDS = ("a person, on the handheld", "a person, on a phone", "the computer")


class ToyMode(Enum):
    HIDE = "hide"
    GUESS = "guess"
    PAUSED = "paused"
    OVER = "over"


@dataclass(frozen=True)
class ToyUi(TableUi[ToyMode]):
    pass


def frame(view: ToyView, ui: ToyUi, now: float, palette: Palette) -> Frame:
    """Every hiding place lit; where the hider was caught, white."""
    return {station: (255, 255, 255) if station == view.hidden_at else PLACE for station in view.places}


def screen(kit: Toolkit, surface: pygame.Surface, view: ToyView, ui: ToyUi, now: float) -> None:
    kit.begin(surface)
    kit.title_bar(surface, plain(f"Hide and guess, round {view.round}"))
    kit.message_bar(surface, ui.message, alert=False)


LOOK = Look(frame, screen)


class Hider(WithoutHandheld):
    """The computer hides, at once, somewhere drawn from the seed and the round."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def begin_turn(self, game: ToyGame) -> None:
        pass

    def poll(self, game: ToyGame, now: float) -> Sequence[ToyMove]:
        return [Hide(random.Random(self.seed * 100 + game.round).choice(game.places))]

    def cancel_turn(self) -> None:
        pass

    def game_over(self, game: ToyGame) -> None:
        pass


WHO, ROUND, HID = "who", "round", "hid"
HIDE = Kind(plain("hide"), plain("hide at:"), plain("Hide at %s?"), plain("Hide at %s"), "blue")
VOCABULARIES = {screen: Vocabulary({"H": HIDE}, {WHO: plain("the hider"), ROUND: plain("Round %s"), HID: plain("hid at %s")})
                for screen in Screen}
"""The hider's words, the same on every screen: its one kind of choice, a place to hide."""


class HiderOnHandheld(OnHandheld):
    """A person hides on the handheld: the places are the choices, answered by the move (``H12``); the log is where he hid."""

    handheld_of = plain("The hider's handheld")
    phone_of = plain("The hider's phone")

    def __init__(self, link: HandheldLink) -> None:
        super().__init__(link, VOCABULARIES)

    def show(self, game: ToyGame) -> None:
        hid = [move.station for move in game.actions if isinstance(move, Hide)]
        lines = [phrase(HID, hid[-1])] if hid else []
        self.talk.say(messages.show(phrase(WHO), self._heading(game), [], lines, "", [["H", str(station)] for station in hid]))

    def begin_turn(self, game: ToyGame) -> None:
        places = [[str(Hide(station)), str(station)] for station in game.places]
        self.talk.say(messages.ask(phrase(WHO), self._heading(game), [], [], "", [["H", places]], "", False))

    def on_message(self, message: Message, game: ToyGame) -> ToyMove | None:
        answer = self.answer(message)
        return None if answer is None else ToyGame.parse_move(answer["choice"])

    def accepted(self, game: ToyGame) -> None:
        self.talk.say(messages.accepted())
        self.show(game)

    def refused(self, reason: Words, game: ToyGame) -> None:
        self.refuse(reason)
        self.begin_turn(game)

    def cancel_turn(self) -> None:
        self.talk.say(messages.wait())

    def game_over(self, game: ToyGame) -> None:
        self.talk.say(messages.game_over(f"{game.winner} won"))

    @staticmethod
    def _heading(game: ToyGame) -> list[list[messages.Text]]:
        return [[phrase(ROUND, game.round), ""]]


def moved(move: ToyMove) -> Event:
    """A move's event: a hiding place is padded, so its length tells nothing."""
    event = {"type": "move", "move": str(move)}
    return padded(event, [move.station]) if isinstance(move, Hide) else event


class ToyFlow(TableFlow[ToyGame, ToyUi, ToyMove]):
    WAITING_FOR_HIDDEN = plain("the hider is hiding: wait")
    WORDING = CLASSIC_WORDING

    def __init__(self, game: ToyGame, seat: HiddenSeat[ToyGame, ToyMove], now: float, recorder: Recorder | None) -> None:
        super().__init__(game, seat, recorder)
        self.ui = ToyUi(ToyMode.HIDE)
        self.go_on(now)

    def go_on(self, now: float) -> None:
        game = self.game
        if game.is_over:
            assert game.winner is not None
            self.end(CODEC.ended(game), ToyUi(ToyMode.OVER, message=plain(f"{game.winner} won: press a key")))
        elif game.turn.value == "mister_x":
            self.ui = ToyUi(ToyMode.HIDE, message=self.WAITING_FOR_HIDDEN)
            self.ask_hidden(ToyMode.HIDE)
        else:
            self.ui = ToyUi(ToyMode.GUESS, message=plain("Press a lit station: where is the hider?"))

    def press(self, station: Station, now: float) -> None:
        if self.ui.mode is not ToyMode.GUESS:
            return
        guess = Guess(station)
        try:
            self.game.push(guess)
        except IllegalMoveError as error:
            self.refuse(station, player_words(error, self.WORDING), now)
            return
        self.record(moved(guess))
        self.go_on(now)

    def key(self, key: Key, now: float) -> None:
        pass

    def play_hidden(self, action: ToyMove) -> None:
        self.game.push(action)

    def hidden_played(self, action: ToyMove, now: float) -> None:
        self.record(moved(action))
        self.answered()
        self.go_on(now)

    def misplaced(self, station: Station) -> Words:
        return plain(f"nothing goes to {station}")

    def paused_ui(self, reason: Words) -> ToyUi:
        return replace(self.ui, mode=ToyMode.PAUSED, message=reason)

    def scene(self) -> TableScene[ToyView, ToyUi]:
        return LOOK.scene(self.game.public_view(), self.ui)


class ToySetup:
    title: Words = plain("New game: hide and guess")
    start: Words = plain("Deal the hiding places")

    def __init__(self, settings: GameSettings) -> None:
        self.settings = settings

    def rows(self, changed: Callable[[str, Any], None]) -> list[Row]:
        return [Setting(HIDING_PLACES.key, plain("Hiding places"), PLACES, (), changed),
                Setting("mister_x", plain("The hider is"), HIDERS, tuple(plain(words) for words in HIDER_WORDS), changed)]

    def values(self) -> dict[str, Any]:
        return {HIDING_PLACES.key: HIDING_PLACES.of(self.settings), "mister_x": self.settings.mister_x}

    def changed(self, menu: Menu, key: str) -> None:
        pass

    def chosen(self, base: GameSettings, values: Mapping[str, Any]) -> GameSettings:
        return HIDING_PLACES.set(replace(base, edition=EDITION, mister_x=values["mister_x"]), values[HIDING_PLACES.key])


def check(settings: GameSettings) -> GameSettings:
    places = HIDING_PLACES.of(settings)
    if places not in PLACES:
        raise ConfigError(f"game.hiding_places: {PLACES[0]} to {PLACES[-1]}, not {places}")
    return settings


def seated(game: ToyGame, settings: GameSettings, table: Table, now: float, resumed: bool) -> ToyFlow:
    """The hider is the computer, or a person on the table's handheld (the Pico, or a phone)."""
    hider: HiddenSeat[ToyGame, ToyMove] = Hider(table.seed) if settings.mister_x is Seat.COMPUTER else HiderOnHandheld(table.handheld)
    hider.show(game)
    return ToyFlow(game, table.seat(hider, ToyGame.parse_move), now, table.recorder)


def record(game: ToyGame) -> str:
    return json.dumps({"format": FORMAT, "places": list(game.places), "actions": [str(move) for move in game.actions]})


def from_record(data: Mapping[str, Any]) -> ToyGame:
    game = ToyGame(tuple(data["places"]))
    for move in data["actions"]:
        game.push(ToyGame.parse_move(move))
    return game


def started(event: Mapping[str, Any]) -> ToyGame | None:
    return ToyGame(tuple(event["hide_and_guess"])) if "hide_and_guess" in event else None


def replayed_move(game: ToyGame, event: Event) -> ToyGame:
    game.push(ToyGame.parse_move(event["move"]))
    return game


def outcome_of(game: ToyGame) -> dict[str, Any]:
    assert game.winner is not None
    return {"winner": game.winner.value}


def scenes(game: ToyGame) -> Iterator[TableScene[ToyView, ToyUi]]:
    replayed = ToyGame(game.places)
    yield LOOK.scene(replayed.public_view(), ToyUi(ToyMode.HIDE, message=plain("The start")))
    for move in game.actions:
        replayed.push(move)
        if isinstance(move, Guess):
            yield LOOK.scene(replayed.public_view(), ToyUi(ToyMode.GUESS, message=plain(f"Guessed {move.station}")))


def text_record(game: ToyGame, played: Words) -> Iterator[str]:
    yield from heading(plain("Hide and guess"))
    yield row(plain("Played"), played)
    yield row(plain("Places"), ", ".join(map(str, game.places)))
    for move in game.actions:
        who = "the hider" if isinstance(move, Hide) else "the detectives"
        yield move_row(who, str(move), f"{'hid at' if isinstance(move, Hide) else 'guessed'} {move.station}")
    yield str(game.winner) + " won" if game.winner else "not finished"


def text(game: ToyGame, settings: GameSettings, terminal: Terminal) -> None:
    """The detectives guess by typing a station; the hider hides as on the board."""
    table, hider = TextTable(terminal), Hider(terminal.seed)
    try:
        while not game.is_over:
            if game.turn.value == "mister_x":
                move: ToyMove = hider.poll(game, 0.0)[0]
            else:
                answer = table.ask(plain(f"Guess one of {', '.join(map(str, game.places))}: "))
                if answer == "quit":
                    raise Quit
                move = Guess(int(answer)) if answer.isdigit() else Guess(0)
            try:
                game.push(move)
            except IllegalMoveError as error:
                table.say(player_words(error))
                continue
            table.record(moved(move))
        table.say(plain(f"{game.winner} won"))
    except Quit:
        table.say(plain("Left: the game is kept"))


own = OwnGames(ToyGame)
CODEC = Codec(game_name="a hide-and-guess game", record_format=FORMAT, start_fields=own(lambda game: {"hide_and_guess": list(game.places)}),
              started=started, actions={"move": own(replayed_move)}, current=lambda event: event, outcome_of=own(outcome_of),
              record=own(record), from_record=from_record)
TOY = GameKind(editions={EDITION: plain("hide and guess")}, check=check, setup=ToySetup, options=(HIDING_PLACES,),
               deal=lambda settings, seed: ToyGame.deal(seed, HIDING_PLACES.of(settings)),
               describe=own(lambda game: plain(f"hide and guess, round {game.round}")),
               summary=own(lambda game: plain(f"hide and guess · {game.winner or 'not'} won")), flow=own(seated), journal=CODEC,
               scenes=own(scenes), text_record=own(text_record), text=own(text), news=lambda before, now: [],
               hidden_side=plain("the hider"))
"""Hide and guess, as the console plays it."""


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one registration: hide and guess among the kinds of game the console plays (for one test)."""
    monkeypatch.setattr(console.games, "KINDS", (*console.games.KINDS, TOY))


__all__ = ["TOY", "register"]
