"""Scotland Yard Junior in the terminal: people play the detectives against computer rogues (or the rogues against
computer detectives).

Each round as at the table: the rogues choose in secret (a person playing them
is shown only his own rogue's station and steps), the detectives step in the
open, then the reveal. Every rule decision comes from the engine.

It writes in the language in use, and reads a detective's name and a line's
word in any language the console speaks (``watson 81 taxi``, ``왓슨 81 택시``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from console.games.junior import journal as events
from console.games.junior.words import TRANSPORTS, WORDING, district_words, listed, piece_name, reveal_words, step_words, winner_words
from console.games.refusals import player_words
from console.games.text import Quit, Terminal, TextTable, is_station_number, spellings, unknown_word
from console.settings import Level
from engine.ai.junior import choose_detective_steps, choose_rogue_steps
from engine.board import Transport
from engine.errors import IllegalMoveError
from engine.junior import DETECTIVE_GOAL, DETECTIVES, ROGUE_GOAL, TRANSPORT_WORDS, JuniorGame, Step
from engine.junior.game import STEP_LETTERS, parse_leg
from engine.moves import NotationError
from engine.refusals import Refusal
from language import Text, join, np_, p_, plain

HELP = p_("terminal", """Commands:
  PIECE LEG                step a detective in the move notation, e.g. "watson T81"
                           (a leg is a line's letter and a station: T taxi, B bus, U metro, F boat; S82: stay at 82)
  PIECE STATION [LINE]     the same in words, e.g. "watson 81", "marble 115 boat", or "marble stay"
  moves PIECE              list a detective's steps ("moves" alone: each one's still to step)
  undo                     take back the last detective step of this round
  help                     this text
  quit                     leave the game""")

ROGUE_HELP = p_("terminal", """Commands:
  LEG                      your step in the notation: a line's letter and a station, e.g. "T85" (S and your station: stay)
  STATION [LINE]           the same in words, e.g. "85 taxi", "115 boat", or "stay"
  moves                    list your steps
  help                     this text
  quit                     leave the game""")


@cache
def _typed_lines() -> dict[str, Transport]:
    """Every word a line may be typed as: the engine's (and the classic game's "underground", "ferry"), or the console's in any
    language ("boat", "배")."""
    return ({"underground": Transport.UNDERGROUND, "ferry": Transport.FERRY} | {word: line for line, word in TRANSPORT_WORDS.items()}
            | {word: line for line, name in TRANSPORTS.items() for word in spellings(name)})


@cache
def _typed_detectives() -> dict[str, str]:
    """Every word a detective may be typed as: its id, or a word of its name in any language ("willy", "왓슨")."""
    return {word: piece for piece in DETECTIVES for name in spellings(piece_name(piece)) for word in (piece, *name.split())}


class JuniorTextGame(TextTable):
    """Reads commands from the terminal and writes the game to it; the computer plays the other team."""

    def __init__(self, game: JuniorGame, rogues_typed: bool, terminal: Terminal, level: Level = Level.NORMAL) -> None:
        """*rogues_typed*: a person plays the rogues (else the detectives)."""
        super().__init__(terminal)
        self.game = game
        self.rogues_typed = rogues_typed
        self.level = level

    def run(self) -> None:
        game = self.game
        self.say(np_("terminal", "Scotland Yard Junior, in {district} ({n} station).",
                     "Scotland Yard Junior, in {district} ({n} stations).", len(game.district.stations),
                     district=district_words(game.district)))
        self.say(p_("terminal", "You play the rogues. Type 'help' for commands.") if self.rogues_typed else
                 p_("terminal", "You play the detectives. Type 'help' for commands."))
        try:
            while game.outcome is None:
                if game.to_choose():
                    self.rogues_choose()
                else:
                    self.detectives_step()
        except Quit:
            self.say(p_("terminal", "Game left."))
            return
        self.record(events.CODEC.ended(game))
        self.say(p_("terminal", "Game over: {winners}", winners=winner_words(game.outcome)))

    # ------------------------------------------------------------ the rogues

    def rogues_choose(self) -> None:
        game = self.game
        if not self.rogues_typed:
            for step in choose_rogue_steps(game.public_view(), self.level.value, self.terminal.seed * 1000 + game.round):
                self._choose(step)
            self.say(p_("terminal", "The rogues have chosen."))
            return
        for rogue in game.to_choose():
            self.say(self.board_text())
            steps = game.steps_of(rogue)
            name = piece_name(rogue)
            yours = p_("terminal", "Your steps: {steps}", steps=_legs(steps))
            self.say(p_("terminal", "{piece}, you are at {station}. {steps}", piece=name, station=game.stations[rogue], steps=yours))
            while True:
                line = self.ask(p_("terminal", "{piece}> ", piece=name))
                if line in ("quit", "help", "moves"):
                    if line == "quit":
                        raise Quit
                    self.say(ROGUE_HELP if line == "help" else yours)
                    continue
                typed = self.typed_step(rogue, line.split())
                if isinstance(typed, Text) and line.isalpha():
                    self.say(unknown_word(line, ROGUE_COMMANDS))  # a word, not a step: "hepl"
                elif isinstance(typed, Text):
                    self.say(typed)
                elif typed not in steps:
                    self.say(p_("terminal", "{leg} is not one of your steps ('moves' lists them).", leg=typed.leg))
                else:
                    self._choose(typed)
                    self.say(p_("terminal", "{piece} has chosen.", piece=name))
                    break

    def _choose(self, step: Step) -> None:
        self.game.choose(step)
        self.record(events.stepped(step))

    # ------------------------------------------------------------ the detectives

    def detectives_step(self) -> None:
        game = self.game
        if self.rogues_typed:
            for step in choose_detective_steps(game.public_view(), self.level.value, self.terminal.seed * 1000 + 500 + game.round):
                self._step(step)
            return
        self.say(self.board_text())
        round_number = game.round
        while not game.is_over and game.round == round_number:
            self.say(p_("terminal", "To step: {pieces}", pieces=listed(game.to_move())))
            self.command(self.ask(p_("terminal", "Detectives> ")).split())

    def command(self, words: list[str]) -> None:
        game = self.game
        if not words:
            return
        if words == ["quit"]:
            raise Quit
        if words == ["help"]:
            self.say(HELP)
        elif words == ["undo"]:
            try:
                step = game.undo()
            except IllegalMoveError as error:
                self.say(_no(error))
                return
            self.record(events.UNDO)
            self.say(p_("terminal", "Took back: {step}.", step=step_words(step)))
        elif words == ["moves"]:
            for name in game.to_move():
                self.say(p_("terminal", "{piece}: {steps}", piece=piece_name(name), steps=_legs(game.steps_of(name))))
        elif words[0] == "moves" and len(words) == 2:
            piece = _typed_detectives().get(words[1])
            self.say(_legs(game.steps_of(piece)) if piece else _no_piece(words[1]))
        else:
            piece = _typed_detectives().get(words[0])
            if piece is None:
                self.say(unknown_word(words[0], COMMANDS, _typed_detectives()))  # neither a piece nor a command: "hepl"
                return
            typed = self.typed_step(piece, words[1:])
            if isinstance(typed, Text):
                self.say(typed)
                return
            try:
                self._step(typed)
            except IllegalMoveError as error:
                self.say(_no(error))

    def typed_step(self, piece: str, words: list[str]) -> Step | Text:
        """*piece*'s step typed as a leg ("T81", "S82"), in words ("81 taxi", "stay"), or a station alone when one line
        goes there ("81"); else what is wrong, or which line to choose. Whether it may go there is the engine's to say."""
        here = self.game.stations[piece]
        if words == ["stay"] or words == [str(here)]:
            return Step(piece, here)
        if len(words) == 1 and is_station_number(words[0]):
            options = [step for step in self.game.steps_of(piece) if step.station == int(words[0])]
            if len(options) > 1:
                return p_("terminal", "Which line to {station}? {legs}", station=words[0],
                          legs=join(p_("terminal", " or "), [step.leg for step in options]))
            if options:
                return options[0]
            if int(words[0]) in self.game.district.board:  # no line of any kind joins them (not the taxi's alone)
                return _no(IllegalMoveError(Refusal.NO_LINE, rule="J3", origin=here, station=int(words[0])))
            return Step(piece, int(words[0]), Transport.TAXI)  # outside the district: the engine says so
        if len(words) == 1:
            try:
                return parse_leg(piece, words[0].upper())
            except NotationError:
                return p_("terminal", "Not understood: '{word}' is not a step (a leg such as T81, a station, or 'stay').", word=words[0])
        if len(words) != 2:
            return _not_understood(words)
        if not is_station_number(words[0]):
            return p_("terminal", "Not understood: '{word}' is not a station (a number in the district).", word=words[0])
        line = _typed_lines().get(words[1])
        if line is None:
            return p_("terminal", "Not understood: '{word}' is not a line ({lines}).", word=words[1],
                      lines=join(p_("terminal", ", "), TRANSPORTS.values()))
        return parse_leg(piece, f"{STEP_LETTERS[line]}{words[0]}")

    def _step(self, step: Step) -> None:
        result = self.game.move(step)
        self.record(events.stepped(step))
        self.say(p_("terminal", "{step}.", step=step_words(step)))
        if result is not None:
            prompt, told = reveal_words(result)
            self.say(p_("terminal", "Round {round}: {prompt} {steps}.", round=result.round, prompt=prompt, steps=told))

    # ------------------------------------------------------------ text

    def board_text(self) -> Text:
        """The public state: every piece where everyone sees it (a rogue as at the last reveal), the token boards."""
        view = self.game.public_view()
        lines = [p_("terminal", "--- Round {round} ---", round=view.round),
                 p_("terminal", "Tokens: detectives {detectives} of {detective_goal}, rogues {rogues} of {rogue_goal}",
                    detectives=view.tokens.detectives, detective_goal=DETECTIVE_GOAL, rogues=view.tokens.rogues, rogue_goal=ROGUE_GOAL)]
        lines += [p_("terminal", "  {piece} at {station}", piece=piece_name(piece), station=station) for piece, station in view.stations]
        return join(plain("\n"), lines)


COMMANDS = ("moves", "undo", "help", "quit")
"""The detectives' commands (a typo of one is answered with it)."""
ROGUE_COMMANDS = ("moves", "help", "quit")


def _legs(steps: Iterable[Step]) -> str:
    return ", ".join(step.leg for step in steps)


def _no(error: IllegalMoveError) -> Text:
    return p_("terminal", "No: {reason}", reason=player_words(error, WORDING))


def _not_understood(words: list[str]) -> Text:
    return p_("terminal", "Not understood: '{words}'. Type \"help\".", words=" ".join(words))


def _no_piece(word: str) -> Text:
    return p_("terminal", "No detective is called '{word}': they are {detectives} (watson, marble).", word=word,
              detectives=listed(DETECTIVES))
