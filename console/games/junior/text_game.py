"""Scotland Yard Junior in the terminal: people play the detectives against computer rogues (or the rogues against
computer detectives).

Each round as at the table: the rogues choose in secret (a person playing them
is shown only his own rogue's station and steps), the detectives step in the
open, then the reveal. Every rule decision comes from the engine.
"""

from __future__ import annotations

from console.games.junior import journal as events
from console.games.junior.flow import reveal_words, winner_words
from console.games.text import Quit, Terminal, TextTable, is_station_number, not_a
from console.games.words import player_words
from console.settings import Level
from engine.ai.junior import choose_detective_steps, choose_rogue_steps
from engine.board import Transport
from engine.errors import IllegalMoveError
from engine.junior import DETECTIVE_GOAL, DETECTIVES, NAMES, ROGUE_GOAL, TRANSPORT_WORDS, JuniorGame, Step
from engine.junior.game import parse_leg
from engine.moves import NotationError

HELP = """Commands:
  PIECE LEG                step a detective in the move notation, e.g. "watson T81"
                           (a leg is a line's letter and a station: T taxi, B bus, U metro, F boat; S82: stay at 82)
  PIECE STATION [LINE]     the same in words, e.g. "watson 81", "marble 115 boat", or "marble stay"
  moves PIECE              list a detective's steps
  undo                     take back the last detective step of this round
  help                     this text
  quit                     leave the game"""

ROGUE_HELP = """Commands:
  LEG                      your step in the notation: a line's letter and a station, e.g. "T85" (S and your station: stay)
  STATION [LINE]           the same in words, e.g. "85 taxi", "115 boat", or "stay"
  moves                    list your steps
  help                     this text
  quit                     leave the game"""

_LINES = {"taxi": "T", "bus": "B", "metro": "U", "underground": "U", "boat": "F", "ferry": "F"}
_PIECE_WORDS = {**{piece: piece for piece in DETECTIVES}, "willy": "watson", "milly": "marble"}


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
        self.say(f"Scotland Yard Junior, in {game.district.title} ({len(game.district.stations)} stations).")
        self.say(f"You play the {'rogues' if self.rogues_typed else 'detectives'}. Type 'help' for commands.")
        try:
            while not game.is_over:
                if game.to_choose():
                    self.rogues_choose()
                else:
                    self.detectives_step()
        except Quit:
            self.say("Game left.")
            return
        self.record(events.CODEC.ended(game))
        self.say(f"Game over: {winner_words(game.outcome)}")

    # ------------------------------------------------------------ the rogues

    def rogues_choose(self) -> None:
        game = self.game
        if not self.rogues_typed:
            for step in choose_rogue_steps(game.public_view(), self.level.value, self.terminal.seed * 1000 + game.round):
                self._choose(step)
            self.say("The rogues have chosen.")
            return
        for rogue in game.to_choose():
            self.say(self.board_text())
            steps = game.steps_of(rogue)
            self.say(f"{NAMES[rogue]}, you are at {game.stations[rogue]}. Your steps: {_listed(steps)}")
            while True:
                line = self.ask(f"{NAMES[rogue]}> ")
                if line in ("quit", "help", "moves"):
                    if line == "quit":
                        raise Quit
                    self.say(ROGUE_HELP if line == "help" else f"Your steps: {_listed(steps)}")
                    continue
                typed = self.typed_step(rogue, line.split())
                if isinstance(typed, str):
                    self.say(typed)
                elif typed not in steps:
                    self.say(f"{typed.leg} is not one of your steps ('moves' lists them).")
                else:
                    self._choose(typed)
                    self.say(f"{NAMES[rogue]} has chosen.")
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
            self.say("To step: " + ", ".join(NAMES[piece] for piece in game.to_move()))
            self.command(self.ask("Detectives> ").split())

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
                self.say(f"No: {player_words(error)}")
                return
            self.record(events.UNDO)
            self.say(f"Took back: {step}.")
        elif words[0] == "moves" and len(words) == 2:
            piece = _PIECE_WORDS.get(words[1])
            self.say(_listed(game.steps_of(piece)) if piece else _no_piece(words[1]))
        else:
            piece = _PIECE_WORDS.get(words[0])
            if piece is None:
                self.say(_no_piece(words[0]) if len(words) in (2, 3) else f"Not understood: {' '.join(words)!r}. Type \"help\".")
                return
            typed = self.typed_step(piece, words[1:])
            if isinstance(typed, str):
                self.say(typed)
                return
            try:
                self._step(typed)
            except IllegalMoveError as error:
                self.say(f"No: {player_words(error)}")

    def typed_step(self, piece: str, words: list[str]) -> Step | str:
        """*piece*'s step typed as a leg ("T81", "S82"), in words ("81 taxi", "stay"), or a station alone when one line
        goes there ("81"); else what is wrong, or which line to choose. Whether it may go there is the engine's to say."""
        here = self.game.stations[piece]
        if words == ["stay"] or words == [str(here)]:
            return Step(piece, here)
        if len(words) == 1 and is_station_number(words[0]):
            options = [step for step in self.game.steps_of(piece) if step.station == int(words[0])]
            if len(options) > 1:
                return f"Which line to {words[0]}? " + " or ".join(step.leg for step in options)
            return options[0] if options else Step(piece, int(words[0]), Transport.TAXI)  # the engine says why not
        if len(words) == 1:
            try:
                return parse_leg(piece, words[0].upper())
            except NotationError:
                return f"Not understood: {words[0]!r} is not a step (a leg such as T81, a station, or 'stay')."
        if len(words) != 2:
            return f"Not understood: {' '.join(words)!r}. Type \"help\"."
        if not is_station_number(words[0]):
            return not_a(words[0], "a station", ("a number in the district",))
        if words[1] not in _LINES:
            return not_a(words[1], "a line", tuple(TRANSPORT_WORDS.values()))
        return parse_leg(piece, f"{_LINES[words[1]]}{words[0]}")

    def _step(self, step: Step) -> None:
        result = self.game.move(step)
        self.record(events.stepped(step))
        self.say(f"{step}.")
        if result is not None:
            prompt, told = reveal_words(result)
            self.say(f"Round {result.round}: {prompt} {told}.")

    # ------------------------------------------------------------ text

    def board_text(self) -> str:
        """The public state: every piece where everyone sees it (a rogue as at the last reveal), the token boards."""
        view = self.game.public_view()
        lines = [f"--- Round {view.round} ---",
                 f"Tokens: detectives {view.tokens.detectives} of {DETECTIVE_GOAL}, rogues {view.tokens.rogues} of {ROGUE_GOAL}"]
        lines += [f"  {NAMES[piece]:13} at {station}" for piece, station in view.stations]
        return "\n".join(lines)


def _listed(steps: list[Step]) -> str:
    return ", ".join(step.leg for step in steps)


def _no_piece(word: str) -> str:
    return f"No detective is called {word!r}: they are {', '.join(NAMES[piece] for piece in DETECTIVES)} (watson, marble)."
