"""The seam between the console and a kind of game: what the program, the sitting, the journal and replay ask of it.

A kind of game (classic Scotland Yard in its editions, say) is one folder of
``console.games`` whose ``__init__`` builds one ``GameKind`` from the folder's parts:

- its settings and setup: the editions it offers (the config file's
  ``edition``) and their names, its own settings (``options``: the config file,
  the preferences and the journal hold them beside the shared ones), the checks
  of its settings, and its rows of the New game menu;
- its games: dealing one from settings, saying which one a journal holds;
- its flow: the state machine that seats its players (``Table``) and plays a
  game at the board (``GameFlow``), its lights and its screen (a ``Scene``);
- its journal and record codec (a ``Codec``): the start event's fields, its
  events and how each replays, the end, the finished game filed as a record,
  a record read back;
- its replay: the scenes of a finished game as the table saw them;
- its news: what changed between two scenes, for the console's sounds (``console.table.sounds``);
- its text record: a finished game as readable text, move by move (``console.records.export``);
- its hidden side's name, and where its screen lets the phone's pairing code go
  (``console.table.screen.pairing``).

Its games keep the engine's protocol of every game (``engine.BoardGame``):
the program, the sitting, the journal, the presenter and replay hold a game as
that, and hand it back to its kind, whose parts take their own games (each part
is wrapped by ``own_games``, which says so at once if it is handed another
kind's game). A third kind of game is one more folder and one more line in
``console.games.KINDS``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar

from console.games.recorder import UNDO, Action, Event, Recorder, replay_event
from console.games.table import HiddenSeat
from console.settings import GameSettings, Level, Option, Seat
from console.table.menu import Row, Setting
from console.table.screen.pairing import Rooms, whole_body
from console.table.screen.pictures import Drawing
from engine import BoardGame
from hardware.interfaces import HandheldLink, Key, Message
from language import Text, Words, _, p_

if TYPE_CHECKING:
    import pygame

    from console.games.text import Terminal
    from console.games.thinker import Thinker
    from console.table.lights import Palette
    from console.table.menu import Menu
    from console.table.scene import Scene
    from console.table.sounds import NewsOf
    from hardware.interfaces import Frame, Station

G = TypeVar("G", bound=BoardGame)
S = TypeVar("S")
"""The game a hidden seat is asked about."""
A = TypeVar("A")
P = ParamSpec("P")
R = TypeVar("R")


class OwnGames(Generic[G]):
    """A kind's parts, each taking a game of its own kind, made parts of the seam, which hold any game (``BoardGame``).

    >>> from engine import Game
    >>> rounds = OwnGames(Game)(lambda game: game.round)
    >>> rounds(Game.new("reissue", players=3, seed=1))
    1
    >>> rounds(object())
    Traceback (most recent call last):
    ...
    TypeError: a part of Game's kind was handed a object
    """

    def __init__(self, game_type: type[G]) -> None:
        self.game_type = game_type

    def __call__(self, part: Callable[Concatenate[G, P], R]) -> Callable[Concatenate[BoardGame, P], R]:
        @functools.wraps(part)
        def of_any_game(game: BoardGame, /, *args: P.args, **kwargs: P.kwargs) -> R:
            return part(self.own(game), *args, **kwargs)

        return of_any_game

    def own(self, game: BoardGame) -> G:
        """*game*, which must be of this kind (a ``TypeError`` says whose it is otherwise: a bug, never the players')."""
        if not isinstance(game, self.game_type):
            raise TypeError(f"a part of {self.game_type.__name__}'s kind was handed a {type(game).__name__}")
        return game


class SeatWrapper(Protocol):
    """Who plays the hidden side around the seat the settings chose (a guided game's script): the same game and actions."""

    def __call__(self, chosen: HiddenSeat[S, A], parse: Callable[[str], A]) -> HiddenSeat[S, A]:
        """A seat for *chosen*'s game; *parse* reads one of its actions in the game's notation."""


@dataclass(frozen=True)
class Table:
    """What a kind of game needs to seat its players at the console."""

    handheld: HandheldLink
    """The hidden side's private handheld: the Pico's link, or in a phone game (``Seat.PHONE``) the phone's."""
    thinker: Thinker
    """Where the computer players think (a worker process, or in-process for scripted runs)."""
    recorder: Recorder
    """The journal: every accepted action goes there before anything shows it."""
    seed: int
    """The computer players' seeds follow from it."""
    hidden_by: SeatWrapper | None = None
    """Who plays the hidden side instead of the seat the settings choose (given it): a guided game's script (``console.lessons``)."""
    pieces_move_themselves: bool = False
    """The board has no pieces to move by hand (the simulator's lights are its pieces): the computer's pieces move themselves."""

    def seat(self, chosen: HiddenSeat[S, A], parse: Callable[[str], A]) -> HiddenSeat[S, A]:
        """The hidden side's seat: *chosen* (the settings'), unless a script plays the hidden side around it (its actions read by
        *parse*, the game's notation)."""
        return self.hidden_by(chosen, parse) if self.hidden_by is not None else chosen


class GameFlow(Protocol):
    """A game being played at the board: the loop's events in, a scene out (``console.games.table.TableFlow``)."""

    finished: bool
    """The game is over and the players have pressed a key to leave it."""
    over: bool
    """The game is over (its end is showing)."""
    @property
    def game(self) -> BoardGame: ...

    @property
    def paused(self) -> bool:
        """The game waits for the hidden side's handheld to come back."""

    def station_pressed(self, station: Station, now: float) -> None: ...

    def key_pressed(self, key: Key, now: float) -> None: ...

    def handheld_message(self, message: Message, now: float) -> None: ...

    def handheld_connected(self, connected: bool, now: float) -> None: ...

    def button_stuck(self, station: Station, now: float) -> None: ...

    def tick(self, now: float) -> None: ...

    def scene(self) -> Scene: ...

    def lights(self, now: float, palette: Palette) -> Frame: ...

    def leave(self) -> None:
        """The players leave the game (it stays journaled)."""

    def say(self, message: Words) -> None:
        """Put *message* on the message line (a note on how the game was opened)."""

    def options(self) -> list[Row]:
        """The kind's own rows of the game menu (between "Back to the game" and "Restart")."""


class OnAFlow:
    """Something a game's flow is played under (a game at the table, a guided game): the handheld's messages, its coming
    and going, a stuck button and the clock go straight to the flow."""

    flow: GameFlow

    def handheld_message(self, message: Message, now: float) -> None:
        self.flow.handheld_message(message, now)

    def handheld_connected(self, connected: bool, now: float) -> None:
        self.flow.handheld_connected(connected, now)

    def button_stuck(self, station: Station, now: float) -> None:
        self.flow.button_stuck(station, now)

    def tick(self, now: float) -> None:
        self.flow.tick(now)


class Setup(Protocol):
    """A kind's rows of the New game menu, after the common first row (the edition) and before the last (start)."""

    @property
    def title(self) -> Words: ...

    @property
    def start(self) -> Words:
        """The last row's label: what CONFIRM there does ("Deal the start stations")."""

    def rows(self, changed: Callable[[str, Any], None]) -> list[Row]:
        """The rows; *changed* is told when one of them is stepped."""

    def values(self) -> dict[str, Any]:
        """The rows' first values."""

    def changed(self, menu: Menu, key: str) -> None:
        """The row *key* was stepped: fit the rows that depend on it."""

    def chosen(self, base: GameSettings, values: Mapping[str, Any]) -> GameSettings:
        """The settings the menu's *values* choose, over *base* (the data folder, the lights, ...)."""


@dataclass(frozen=True)
class Codec:
    """How a kind's games go into the journal and the history: its journal events, its start, its records."""

    game_name: str
    """The kind's game in words, for errors ("a Scotland Yard game")."""
    record_format: str
    """The ``format`` of its game records."""
    start_fields: Callable[[BoardGame], dict[str, Any]]
    """What the journal's start event holds of a game (the console adds its settings and token)."""
    started: Callable[[Mapping[str, Any]], BoardGame | None]
    """The game of a journal's start event, or None when the event is another kind's."""
    actions: Mapping[str, Action[BoardGame]]
    """Its journal's events besides ``start``, ``undo`` and ``end``, each by its type: the game after it."""
    current: Callable[[Mapping[str, Any]], Event]
    """An event of an older journal (not its start or end) as this version writes it: the journal's migration."""
    outcome_of: Callable[[BoardGame], dict[str, Any]]
    """A finished game's outcome as its journal's end event holds it."""
    record: Callable[[BoardGame], str]
    """A finished (or abandoned) game as a record for the history folder."""
    from_record: Callable[[Mapping[str, Any]], BoardGame]
    """The game of a record of ``record_format`` (``RecordError`` for a bad one)."""

    @property
    def events(self) -> tuple[str, ...]:
        """The types of event its journal holds, besides ``start`` and ``end``."""
        return (UNDO["type"], *self.actions)

    def replayed(self, game: BoardGame, event: Mapping[str, Any]) -> BoardGame:
        """*game* after one journal event (it may be a new game object); ``ValueError`` for an event it cannot take."""
        return replay_event(game, event, self.actions, self.game_name)

    def ended(self, game: BoardGame) -> Event:
        """The journal's end event of a finished game."""
        return {"type": "end", "outcome": self.outcome_of(game)}


@dataclass(frozen=True)
class GameKind:
    """A kind of game the console plays (see the module's text): its parts, each a function or module of its folder."""

    editions: Mapping[str, Words]
    """The editions it offers (the config file's ``edition``), each with its name on the setup's first row."""
    check: Callable[[GameSettings], GameSettings]
    """*settings* if this kind can play them, else a ``ConfigError`` naming the setting."""
    setup: Callable[[GameSettings], Setup]
    """Its rows of the New game menu, first set from the settings."""
    deal: Callable[[GameSettings, int], BoardGame]
    """A new game of the settings, dealt with a seed."""
    describe: Callable[[BoardGame], Words]
    """A game in a few words, for the start menu's Resume row ("reissue, round 7")."""
    summary: Callable[[BoardGame], Words]
    """A filed game in a few words, for the start menu's Past games: its edition and its result ("reissue · detectives won, round 7")."""
    flow: Callable[[BoardGame, GameSettings, Table, float, bool], GameFlow]
    """The flow that plays a game at the board, its players seated as the settings say (the last argument: resumed)."""
    journal: Codec
    """How its games go into the journal and the history."""
    scenes: Callable[[BoardGame], Iterator[Scene]]
    """A finished game as the table saw it, scene by scene (each scene's time starts at 0 when it is shown), the end last."""
    text_record: Callable[[BoardGame, Words], Iterator[str]]
    """A filed game as readable text, line by line, in the language in use: its heading (the second argument: when it was
    played, in words), then every move in the notation with its words (``console.games.record_text`` lays it out)."""
    text: Callable[[BoardGame, GameSettings, Terminal], None]
    """Play a game in the terminal until it ends or the player quits (``console.games.text``): the person plays the
    side the settings seat at the handheld (``mister_x = "handheld"``: the hidden side) or else the detectives."""
    news: NewsOf
    """What changed from one scene of its game to the next shown, as the console's sounds hear it: public news only."""
    hidden_side: Words
    """The hidden side in words ("Mister X", "the rogues"): whom the phone's pairing code on the screen is for."""
    pairing_rooms: Rooms = whole_body
    """Where its screen lets the phone's pairing code go, best first, so that what the table must see to go on stays in view
    (``console.table.screen.pairing``)."""
    pictures: Mapping[str, Drawing] = field(default_factory=dict)
    """Its own pictures for its lessons' cards, by the name a step gives each (``console.lessons.pictures``)."""
    options: Sequence[Option[Any]] = ()
    """Its own settings besides those every kind shares (``console.settings.Option``): its setup's rows and its checks read them."""
    first_game: Callable[[GameSettings], GameSettings] | None = None
    """The settings of its quick first game made from the console's (the start menu's Quick game opens the setup with them);
    None: it offers none."""
    card_place: Callable[[tuple[int, int]], pygame.Rect] | None = None
    """Where its screen keeps room for a lesson card, at a screen's size (its screen leaves it free when its ``Ui`` says
    ``lesson_card``): what its lessons talk about stays in view. None: it has no lessons."""


LEVEL_NAMES: dict[Level, Text] = {Level.BEGINNER: p_("value", "very easy"), Level.EASY: p_("value", "easy"),
                                   Level.NORMAL: p_("value", "normal"), Level.HARD: p_("value", "hard"),
                                   Level.EXPERT: p_("value", "expert")}
"""How well the computer plays, in words (``beginner`` is "very easy": the Beginner's Game edition is "beginner")."""

LEVEL_ABOUT: dict[Level, Text] = {
    Level.BEGINNER: _("Very easy: for your first games. It makes the mistakes of people learning the game"),
    Level.EASY: _("Easy: for players who know the rules"),
    Level.NORMAL: _("Normal: for a practised table"),
    Level.HARD: _("Hard: for experienced players"),
    Level.EXPERT: _("Expert: the strongest. Its detectives know where Mister X likes to hide"),
}
"""Whom each level is for, on the message bar while the cursor is on the level's row."""


def seat_rows(hidden_label: Words, seekers_label: Words, levels: Sequence[Level], changed: Callable[[str, Any], None]) -> list[Row]:
    """The setup rows every kind has: who plays the hidden side and the detectives (each row's label given), and how well the
    computer plays."""
    computer = p_("value", "the computer")
    return [
        Setting("mister_x", hidden_label, (Seat.HANDHELD, Seat.PHONE, Seat.COMPUTER),
                (p_("value", "a person, on the handheld"), p_("value", "a person, on a phone"), computer), changed),
        Setting("detectives_by", seekers_label, (Seat.PEOPLE, Seat.COMPUTER), (p_("value", "people, at the board"), computer),
                changed),
        Setting("level", p_("row", "Computer plays"), tuple(levels), tuple(LEVEL_NAMES[level] for level in levels), changed,
                about=tuple(LEVEL_ABOUT[level] for level in levels)),
    ]
