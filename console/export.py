"""A finished game as a readable text record, to share: ``scotland-yard export RECORD``, or Past games' "Export to USB stick".

The text says the edition, when the game was played, the sides, the result and
the start, then every move round by round in the move notation of
``engine.moves`` (Junior: its step notation), each with its words. The game is
over, so everything is told: Mister X's stations beside what the detectives saw
of each move (the ticket, and the station at a reveal, marked ``REVEAL``); in
Junior each round's reveal of the rogues. A game left unfinished is told the
same way (a filed game is never resumed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from console.backup import StickOpener, on_stick, write_out
from console.case import capitalised
from console.games import CLASSIC, JUNIOR, GameKind
from console.games.junior.flow import winner_words
from console.games.words import display_name, listed, outcome_words, ticket_words
from console.history import filed_at
from console.replay import load_record_file
from engine import DetectiveMove, DoubleMove, Game, MisterXMove, Position
from engine.editions import Length, Ruleset
from engine.junior import DETECTIVE_GOAL, DETECTIVES, NAMES, ROGUE_GOAL, ROGUES, TRANSPORT_WORDS, JuniorGame, RoundResult, Step
from engine.moves import LETTERS
from hardware.sticks import usb_stick

FOLDER = "scotland-yard-games"
"""On the USB stick: the games exported from Past games."""
_WIDTH = 14
"""The width of a label column (the names of pieces, the headings)."""


@dataclass(frozen=True)
class Exported:
    """A game record's text and the name its file goes by (the record's, as ``.txt``)."""

    name: str
    text: str


def export_file(path: Path) -> Exported:
    """The record filed at *path* as text (``RecordError`` names the file if it is not a game record)."""
    kind, game = load_record_file(path)
    return Exported(f"{path.stem}.txt", game_text(kind, game, filed_at(path)))


def export_to_stick(path: Path, open_stick: StickOpener = usb_stick) -> str:
    """Write the record at *path* as text to the USB stick's ``scotland-yard-games/``; what was done, or why not, in a line."""

    def work(stick: Path) -> str:
        exported = export_file(path)
        (stick / FOLDER).mkdir(exist_ok=True)
        write_out(stick / FOLDER / exported.name, exported.text.encode("utf-8"))
        return f"Exported to the USB stick, in {FOLDER}: {exported.name}"

    return on_stick(work, "The export", open_stick)


def game_text(kind: GameKind, game: Any, when: datetime | None) -> str:
    """The whole text of a filed *game* of *kind*, played (filed) at *when* if known."""
    writer = _WRITERS[kind.journal.record_format]
    return "\n".join(writer(game, when)) + "\n"


# ---------------------------------------------------------------- Scotland Yard


def classic_lines(game: Game, when: datetime | None) -> Iterator[str]:
    """A Scotland Yard game's text, line by line: its heading, then its moves round by round."""
    ruleset = game.ruleset
    yield from _heading(f"Scotland Yard, {ruleset.name} edition")
    yield _row("Rules", _rules(ruleset))
    yield _row("Played", _when(when))
    yield _row("Sides", f"Mister X against {listed(game.detectives)}")
    result = outcome_words(game.outcome, ruleset) if game.outcome is not None else f"not finished: left in round {game.round}"
    yield _row("Result", capitalised(result))
    yield from _classic_start(game.start)
    yield ""
    yield "Each move in the notation: a ticket's letter (T taxi, B bus, U underground, X black ticket) and the"
    yield "station; a detective's move begins with the piece's name; Mister X's double move joins two legs with"
    yield "'+'. Beside Mister X's moves: what the detectives saw (his ticket; his station only at a reveal)."
    replayed = Game(game.start, game.board)
    shown = 0
    for move in game.actions:
        if replayed.round != shown:
            shown = replayed.round
            yield ""
            yield f"Round {shown}"
        made = replayed.moves_made
        replayed.play(move)
        if isinstance(move, DetectiveMove):
            yield _move_row(display_name(move.piece), move.notation, f"{move.ticket} to {move.station}")
        else:
            yield _move_row("Mister X", move.notation, _seen(move, made, ruleset))
    yield ""
    yield f"End: {result}."


def _rules(ruleset: Ruleset) -> str:
    unit = "rounds" if ruleset.length_unit is Length.ROUNDS else "moves of Mister X"
    reveals = sorted(ruleset.reveal_moves)
    shown = ", ".join(map(str, reveals[:-1])) + f" and {reveals[-1]}" if len(reveals) > 1 else str(reveals[0])
    return f"{ruleset.length} {unit}; Mister X shows himself after his moves {shown}"


def _classic_start(start: Position) -> Iterator[str]:
    pieces = ", ".join(f"{display_name(piece.name)} {piece.station}" for piece in start.pieces)
    yield _row("Start", f"Mister X at {start.mister_x}; {pieces}")
    if start.round > 1 or start.log:  # the board was corrected: the record starts from the correction
        route = ", ".join(f"{LETTERS[entry.ticket]}{entry.station}" for entry in start.log) or "none"
        yield _row("", f"(the board was corrected in round {start.round}: the record starts there; Mister X's moves before: {route})")


def _seen(move: MisterXMove | DoubleMove, made: int, ruleset: Ruleset) -> str:
    """What the detectives saw of Mister X's move, the move numbers of his travel log and his reveals marked."""
    legs = (move.first, move.second) if isinstance(move, DoubleMove) else (move,)
    seen = []
    for number, leg in enumerate(legs, made + 1):
        reveal = number in ruleset.reveal_moves
        seen.append(f"move {number}: {ticket_words(leg.ticket)}" + (f", seen at {leg.station}  REVEAL" if reveal else ""))
    return ("double move, " if isinstance(move, DoubleMove) else "") + ", then ".join(seen)


# ---------------------------------------------------------------- Junior


def junior_lines(game: JuniorGame, when: datetime | None) -> Iterator[str]:
    """A Junior game's text, line by line: its heading, then each round's steps and reveal."""
    rogues = game.start.rogues
    yield from _heading(f"Scotland Yard Junior, in the {game.district.title} district")
    yield _row("Played", _when(when))
    yield _row("Sides", f"{' and '.join(NAMES[rogue] for rogue in rogues)} against {' and '.join(NAMES[d] for d in DETECTIVES)}")
    tokens = f"tokens: detectives {game.tokens.detectives} of {DETECTIVE_GOAL}, rogues {game.tokens.rogues} of {ROGUE_GOAL}"
    result = winner_words(game.outcome) if game.outcome is not None else f"Not finished: left in round {len(game.results) + 1}"
    yield _row("Result", f"{result} ({tokens})")
    yield _row("Start", "; ".join(f"{NAMES[piece]} at {station}" for piece, station in game.start.stations.items()))
    yield ""
    yield "Each step in the notation: the piece and a line's letter (T taxi, B bus, U metro, F boat) and the"
    yield "station, or S and the station it stays at. The rogues chose in secret; the round's reveal showed them."
    detectives = rogues_held = 0
    for round_result in game.results:
        detectives += bool(round_result.captured)
        rogues_held += not round_result.captured
        yield ""
        yield from _junior_round(round_result, f"detectives {detectives}, rogues {rogues_held}")
    yield ""
    yield f"End: {result}"


def _junior_round(result: RoundResult, tokens: str) -> Iterator[str]:
    """A round: its steps, then its reveal (who was caught, whose token it was) and the tokens after it."""
    yield f"Round {result.round}"
    for step in result.steps:
        yield _move_row(NAMES[step.piece], step.notation, _step_words(step))
    caught = " and ".join(NAMES[rogue] for rogue in result.captured)
    escaped = " and ".join(NAMES[step.piece] for step in result.steps if step.piece in ROGUES)
    told = f"{caught} caught: a token for the detectives" if caught else f"{escaped} escaped: a token for the rogues"
    yield f"  REVEAL: {told} (tokens: {tokens})"


def _step_words(step: Step) -> str:
    return f"stays at {step.station}" if step.transport is None else f"{TRANSPORT_WORDS[step.transport]} to {step.station}"


# ---------------------------------------------------------------- the layout


def _heading(title: str) -> Iterator[str]:
    yield title
    yield "=" * len(title)
    yield ""


def _row(label: str, text: str) -> str:
    return f"{label:<{_WIDTH}}{text}"


def _move_row(piece: str, notation: str, words: str) -> str:
    return f"  {piece:<{_WIDTH}}{notation:<{_WIDTH}}{words}"


def _when(when: datetime | None) -> str:
    return f"{when.day} {when:%B %Y, %H:%M}" if when is not None else "unknown"


_WRITERS: dict[str, Callable[[Any, datetime | None], Iterator[str]]] = {
    CLASSIC.journal.record_format: classic_lines,
    JUNIOR.journal.record_format: junior_lines,
}
"""Each kind of game's text, by its records' format."""
