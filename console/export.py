"""A finished game as a readable text record, to share: ``scotland-yard export RECORD``, or Past games' "Export to USB stick".

The text says the edition, when the game was played, the sides, the result and
the start, then every move round by round in the move notation of
``engine.moves`` (Junior: its step notation), each with its words. The game is
over, so everything is told: Mister X's stations beside what the detectives saw
of each move (the ticket, and the station at a reveal, marked ``REVEAL``); in
Junior each round's reveal of the rogues. A game left unfinished is told the
same way (a filed game is never resumed). The text is in the language in use
when it is written; the notation is the same in every language.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from console.backup import StickOpener, on_stick, write_out
from console.case import capitalised
from console.games import CLASSIC, JUNIOR, GameKind
from console.games.junior.words import district_words, winner_words
from console.games.words import display_name, edition_words, line_words, listed, outcome_words, series, ticket_words
from console.history import filed_at, month_words
from console.replay import load_record_file
from engine import DetectiveMove, DoubleMove, Game, MisterXMove, Position
from engine.editions import Length, Ruleset
from engine.junior import DETECTIVE_GOAL, DETECTIVES, ROGUE_GOAL, ROGUES, TRANSPORT_WORDS, JuniorGame, RoundResult, Step
from engine.moves import LETTERS
from engine.position import MISTER_X
from hardware.language import Text, Words, _, join, p_
from hardware.sticks import usb_stick

FOLDER = "scotland-yard-games"
"""On the USB stick: the games exported from Past games."""
_WIDTH = 14
"""The width of a label column (the names of pieces, the headings), in columns of a fixed-width font."""
_NOTE_WIDTH = 104
"""The columns a paragraph of the text is wrapped to."""


@dataclass(frozen=True)
class Exported:
    """A game record's text and the name its file goes by (the record's, as ``.txt``)."""

    name: str
    text: str


def export_file(path: Path) -> Exported:
    """The record filed at *path* as text, in the language in use (``RecordError`` names the file if it is not a game record)."""
    kind, game = load_record_file(path)
    return Exported(f"{path.stem}.txt", game_text(kind, game, filed_at(path)))


def export_to_stick(path: Path, open_stick: StickOpener = usb_stick) -> Words:
    """Write the record at *path* as text to the USB stick's ``scotland-yard-games/``; what was done, or why not, in a line."""

    def work(stick: Path) -> Words:
        exported = export_file(path)
        (stick / FOLDER).mkdir(exist_ok=True)
        write_out(stick / FOLDER / exported.name, exported.text.encode("utf-8"))
        return _("Exported to the USB stick, in {folder}: {name}", folder=FOLDER, name=exported.name)

    return on_stick(work, _("The export"), open_stick)


def game_text(kind: GameKind, game: Any, when: datetime | None) -> str:
    """The whole text of a filed *game* of *kind*, played (filed) at *when* if known, in the language in use."""
    writer = _WRITERS[kind.journal.record_format]
    return "\n".join(writer(game, when)) + "\n"


# ---------------------------------------------------------------- Scotland Yard


def classic_lines(game: Game, when: datetime | None) -> Iterator[str]:
    """A Scotland Yard game's text, line by line: its heading, then its moves round by round."""
    ruleset = game.ruleset
    yield from _heading(p_("terminal", "Scotland Yard, {edition}", edition=edition_words(ruleset.name)))
    yield _row(p_("terminal", "Rules"), _rules(ruleset))
    yield _row(p_("terminal", "Played"), _when(when))
    yield _row(p_("terminal", "Sides"), p_("terminal", "Mister X against {detectives}", detectives=listed(game.detectives)))
    result = (outcome_words(game.outcome, ruleset) if game.outcome is not None
              else p_("terminal", "not finished: left in round {round}", round=game.round))
    yield _row(p_("terminal", "Result"), capitalised(str(result)))
    yield from _classic_start(game.start)
    yield ""
    yield from _paragraph(p_("terminal", "Each move in the notation: a ticket's letter (T taxi, B bus, U underground, X black ticket) "
                                         "and the station; a detective's move begins with the piece's name; Mister X's double move "
                                         "joins two legs with '+'. Beside Mister X's moves: what the detectives saw (his ticket; his "
                                         "station only at a reveal)."))
    replayed = Game(game.start, game.board)
    shown = 0
    for move in game.actions:
        if replayed.round != shown:
            shown = replayed.round
            yield ""
            yield str(p_("terminal", "Round {round}", round=shown))
        made = replayed.moves_made
        replayed.play(move)
        if isinstance(move, DetectiveMove):
            yield _move_row(display_name(move.piece), move.notation, _to(line_words(str(move.ticket)), move.station))
        else:
            yield _move_row(display_name(MISTER_X), move.notation, _seen(move, made, ruleset))
    yield ""
    yield str(p_("terminal", "End: {result}", result=result))


def _rules(ruleset: Ruleset) -> Text:
    reveals = series([str(number) for number in sorted(ruleset.reveal_moves)])
    if ruleset.length_unit is Length.ROUNDS:
        return p_("terminal", "{length} rounds; Mister X shows himself after his moves {reveals}", length=ruleset.length, reveals=reveals)
    return p_("terminal", "{length} moves of Mister X; he shows himself after his moves {reveals}", length=ruleset.length, reveals=reveals)


def _classic_start(start: Position) -> Iterator[str]:
    pieces = join(_(", "), [p_("terminal", "{piece} {station}", piece=display_name(piece.name), station=piece.station)
                            for piece in start.pieces])
    yield _row(p_("terminal", "Start"), p_("terminal", "Mister X at {station}; {pieces}", station=start.mister_x, pieces=pieces))
    if start.round > 1 or start.log:  # the board was corrected: the record starts from the correction
        route = ", ".join(f"{LETTERS[entry.ticket]}{entry.station}" for entry in start.log) or p_("terminal", "none")
        yield _row("", p_("terminal", "(the board was corrected in round {round}: the record starts there; Mister X's moves before: "
                                      "{route})", round=start.round, route=route))


def _seen(move: MisterXMove | DoubleMove, made: int, ruleset: Ruleset) -> Text:
    """What the detectives saw of Mister X's move, the move numbers of his travel log and his reveals marked."""
    legs = (move.first, move.second) if isinstance(move, DoubleMove) else (move,)
    seen = []
    for number, leg in enumerate(legs, made + 1):
        ticket = ticket_words(leg.ticket)
        if number in ruleset.reveal_moves:
            seen.append(p_("terminal", "move {number}: {ticket}, seen at {station}  REVEAL", number=number, ticket=ticket,
                           station=leg.station))
        else:
            seen.append(p_("terminal", "move {number}: {ticket}", number=number, ticket=ticket))
    told = join(p_("terminal", ", then "), seen)
    return p_("terminal", "double move, {legs}", legs=told) if isinstance(move, DoubleMove) else told


def _to(line: Words, station: int) -> Text:
    return p_("terminal", "{line} to {station}", line=line, station=station)


# ---------------------------------------------------------------- Junior


def junior_lines(game: JuniorGame, when: datetime | None) -> Iterator[str]:
    """A Junior game's text, line by line: its heading, then each round's steps and reveal."""
    rogues = game.start.rogues
    yield from _heading(p_("terminal", "Scotland Yard Junior, in the {district} district", district=district_words(game.district)))
    yield _row(p_("terminal", "Played"), _when(when))
    sides = p_("terminal", "{rogues} against {detectives}", rogues=listed(rogues), detectives=listed(DETECTIVES))
    yield _row(p_("terminal", "Sides"), sides)
    tokens = p_("terminal", "tokens: detectives {detectives} of {detective_goal}, rogues {rogues} of {rogue_goal}",
                detectives=game.tokens.detectives, detective_goal=DETECTIVE_GOAL, rogues=game.tokens.rogues, rogue_goal=ROGUE_GOAL)
    result = (winner_words(game.outcome) if game.outcome is not None
              else p_("terminal", "Not finished: left in round {round}", round=len(game.results) + 1))
    yield _row(p_("terminal", "Result"), p_("terminal", "{result} ({tokens})", result=result, tokens=tokens))
    starts = [p_("terminal", "{piece} at {station}", piece=display_name(piece), station=station)
              for piece, station in game.start.stations.items()]
    yield _row(p_("terminal", "Start"), join(p_("terminal", "; "), starts))
    yield ""
    yield from _paragraph(p_("terminal", "Each step in the notation: the piece and a line's letter (T taxi, B bus, U metro, F boat) and "
                                         "the station, or S and the station it stays at. The rogues chose in secret; the round's reveal "
                                         "showed them."))
    detectives = rogues_held = 0
    for round_result in game.results:
        detectives += bool(round_result.captured)
        rogues_held += not round_result.captured
        yield ""
        yield from _junior_round(round_result, p_("terminal", "detectives {detectives}, rogues {rogues}", detectives=detectives,
                                                  rogues=rogues_held))
    yield ""
    yield str(p_("terminal", "End: {result}", result=result))


def _junior_round(result: RoundResult, tokens: Text) -> Iterator[str]:
    """A round: its steps, then its reveal (who was caught, whose token it was) and the tokens after it."""
    yield str(p_("terminal", "Round {round}", round=result.round))
    for step in result.steps:
        yield _move_row(display_name(step.piece), step.notation, _step_words(step))
    if result.captured:
        told = p_("terminal", "{pieces} caught: a token for the detectives", pieces=listed(result.captured))
    else:
        escaped = listed(step.piece for step in result.steps if step.piece in ROGUES)
        told = p_("terminal", "{pieces} escaped: a token for the rogues", pieces=escaped)
    yield "  " + str(p_("terminal", "REVEAL: {told} (tokens: {tokens})", told=told, tokens=tokens))


def _step_words(step: Step) -> Text:
    if step.transport is None:
        return p_("terminal", "stays at {station}", station=step.station)
    return _to(line_words(TRANSPORT_WORDS[step.transport]), step.station)


# ---------------------------------------------------------------- the layout


def _heading(title: Text) -> Iterator[str]:
    shown = str(title)
    yield shown
    yield "=" * _columns(shown)
    yield ""


def _paragraph(text: Text) -> Iterator[str]:
    yield from textwrap.wrap(str(text), _NOTE_WIDTH)


def _row(label: Words, text: Words) -> str:
    return _padded(str(label)) + str(text)


def _move_row(piece: Words, notation: str, words: Words) -> str:
    return f"  {_padded(str(piece))}{notation:<{_WIDTH}}{words}"


def _padded(text: str) -> str:
    """*text* and the spaces that make it ``_WIDTH`` columns wide in a fixed-width font (a Hangul syllable takes two)."""
    return text + " " * max(1 if text else 0, _WIDTH - _columns(text))


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _when(when: datetime | None) -> Text:
    if when is None:
        return p_("terminal", "unknown")
    time = when.strftime("%H:%M")
    return p_("terminal", "{day} {month} {year}, {time}", day=when.day, month=month_words(when.month), year=when.year, time=time)


_WRITERS: dict[str, Callable[[Any, datetime | None], Iterator[str]]] = {
    CLASSIC.journal.record_format: classic_lines,
    JUNIOR.journal.record_format: junior_lines,
}
"""Each kind of game's text, by its records' format."""
