"""Every refusal the engine can make, as data: what forbade the action, and the facts of the case.

A refusal is a ``Refusal`` (which case it is) and its fields: typed values
named as in its English words (``{piece}`` a ``Piece``, ``{ticket}`` a
``Ticket``, ``{station}`` a number, ``{outcome}`` an ``Outcome``,
``{refusal}`` the refusal of a double move's second leg...). The engine's
exceptions (``engine.errors.IllegalMoveError``, ``IllegalPositionError``)
carry both, and their message is the English words with the fields filled in:

>>> from engine.tickets import Ticket
>>> Refusal.NO_TICKET_LEFT.english({"piece": Piece("red", "the red detective"), "ticket": Ticket.BUS})
'the red detective has no bus ticket left'

Programs tell refusals apart by the code and read the facts from the fields,
never from the English (the console words each refusal for its players from
its fields, in their language), so the English may be reworded freely.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from engine.tickets import Ticket


@dataclass(frozen=True)
class Piece:
    """A piece a refusal names: its id, as programs know it (``"red"``, ``"bobby2"``, ``"fox"``), and its English name."""

    id: str
    name: str

    def __str__(self) -> str:
        return self.name


class Refusal(Enum):
    """What forbade an action, each with its English words (``{name}``: the refusal's field of that name)."""

    # ------------------------------------------------ a move, an undo (engine.game)
    GAME_OVER = "the game is over: {outcome}"
    OVER_NOTHING_TO_TAKE_BACK = "the game is over ({outcome}); nothing can be taken back"
    MISTER_X_FIRST = "Mister X moves first in round {round}; {piece} must wait"
    NO_DETECTIVE_CALLED = "there is no detective or bobby called {called!r}"
    NO_PIECE_CALLED = "there is no piece called {called!r}"
    ALREADY_MOVED = "{piece} has already moved in round {round}"
    DETECTIVES_RIDE = "{piece} travels by taxi, bus or underground, not by {ticket} ticket"
    NO_SUCH_STATION = "there is no station {station!r} on the board"
    LINES_CLOSED = "the {edition} edition closes the {transport} lines"
    NO_LINE_OF = "there is no {transport} line from {origin} to {station}"
    NO_LINE = "there is no line from {origin} to {station}"
    NO_TICKET_LEFT = "{piece} has no {ticket} ticket left"
    NO_TICKET_NOR_SUPPLY = "Mister X has no {ticket} ticket and the general supply has none"
    NO_TICKET = "Mister X has no {ticket} ticket"
    OCCUPIED = "station {station} is occupied by {piece}"
    DETECTIVES_MOVING = "the detectives are moving in round {round}; Mister X waits for round {next}"
    LOG_TOO_SHORT_FOR_DOUBLE = "only {n} travel-log entry is left, too few for a double move"
    SECOND_LEG = "second leg of the double move: {refusal}"
    DOUBLE_IN_ONE = "a double-move ticket is played as one DoubleMove of two legs"
    NOT_A_FARE = "a move is paid with a taxi, bus, underground or black ticket, not {paid!r}"
    FERRY_TAKES_BLACK = "the ferry from {origin} to {station} takes only a black ticket"
    MISTER_X_ONTO_PIECE = "Mister X may not move onto station {station}: {piece} is there"
    NOTHING_TO_TAKE_BACK = "no detective move of this round is left to take back (Mister X's moves stand)"
    NOT_HIS_MOVE = "{move} is not one of Mister X's moves now"

    # ------------------------------------------------ Scotland Yard Junior (engine.junior)
    JUNIOR_PIECES = "a game has Mister FOX (with ROXy, for 4 players) and both detectives"
    STARTS_OUTSIDE = "{piece} starts at {station}, outside the {district} district"
    ROGUE_COUNT = "a game has one or two rogues, not {count}"
    NOT_A_ROGUE = "{piece} is not a rogue of this game"
    CHOICE_IS_FINAL = "{piece} has already chosen this round, and a choice is final"
    NOT_A_DETECTIVE = "{piece} is not a detective"
    ROGUES_CHOOSE_FIRST = "the detectives move after the rogues have chosen: {pieces} still to choose"
    ALREADY_STEPPED = "{piece} has already moved this round"
    NO_STEP_TO_TAKE_BACK = "only a detective's step of this round, before the reveal, can be taken back"
    STAYING_IS_HERE = "{piece} cannot go there: staying means staying at {station}"
    OUTSIDE_DISTRICT = "{piece} cannot go there: {station} is outside the {district} district"
    NO_LINE_JOINS = "{piece} cannot go there: no {line} line joins {origin} and {station}"

    # ------------------------------------------------ a new game's setup, or the board as the players corrected it (engine.position)
    PLAYER_COUNT = "the {edition} edition is for {low} to {high} players, not {count}"
    DETECTIVE_COUNT = "the {edition} edition needs {low} to {high} detectives, not {count}"
    NEGATIVE_BOBBIES = "the number of bobbies cannot be negative"
    COLOUR_COUNT = "{n} colours given for {count} detectives"
    START_CARDS = "the {edition} edition has start stations for {cards} pieces, not {count} (one of its {deck} cards is left for Mister X)"
    START_STATIONS = "the {edition} edition has start stations for {cards} pieces, not {count}"
    SAME_NAME = "two pieces are called {named!r} (duplicate colours)"
    OFF_THE_BOARD = "{piece} stands on station {station}, which is not on the board"
    SAME_STATION = "{piece} and {other} both stand on station {station}"
    NEGATIVE_TICKETS = "{piece} holds a negative number of tickets: {held}"
    BOBBY_NAME = "a bobby must be called bobby1, bobby2, ..., not {called!r}"
    BOBBY_TICKETS = "{piece} is a bobby and holds no tickets, not {held}"
    DETECTIVE_NAME = "a detective is named by a colour ({colours}), not {called!r}"
    DETECTIVE_BLACK_OR_DOUBLE = "{piece} holds black or double-move tickets, which only Mister X may hold"
    NO_GENERAL_SUPPLY = "the {edition} edition has no general supply"
    GENERAL_SUPPLY = "the {edition} edition has a general supply"
    SUPPLY_TICKETS = "the general supply holds only taxi, bus and underground tickets: {held}"
    ROUNDS_FROM_ONE = "rounds count from 1, not {round}"
    MOVES_MADE = "in round {round} with {side} to move, Mister X has made {low} to {high} moves, not {made}"
    ENDS_AFTER_ROUND = "the {edition} edition ends after round {round}"
    ENDS_AFTER_MOVE = "the {edition} edition ends after Mister X's move {move_number}"
    MOVED_NOT_DETECTIVES = "pieces marked as moved are not detectives or bobbies: {names}"
    MOVED_OUT_OF_TURN = "pieces can have moved this round only while it is the detectives' turn"
    LOG_OFF_THE_BOARD = "travel-log entry {entry} names station {station}, which is not on the board"
    LOG_DOUBLE_TICKET = "travel-log entry {entry} is covered by a double-move ticket; it covers no entry"
    LOG_HALF_DOUBLE = "travel-log entry {entry} is one leg of a double move without the other"
    LOG_ELSEWHERE = "Mister X stands on {station} but his last travel-log entry says {logged}"
    POSSIBLE_OFF_THE_BOARD = "the possible set names stations not on the board: {stations}"
    POSSIBLE_OCCUPIED = "the possible set holds stations where pieces stand: {stations}"
    POSSIBLE_WITHOUT_HIM = ("Mister X's station {station} is not among the stations the public record allows ({n} of them); "
                            "give the possible set explicitly")

    def english(self, fields: Mapping[str, object]) -> str:
        """These words with *fields* filled in, each in English (``english``)."""
        return self.value.format_map({name: _English(value) for name, value in fields.items()})


class _English:
    """A field's value as the English words show it: ``format_map`` formats this, then applies the words' ``!r``."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return format(english(self.value), spec)

    def __repr__(self) -> str:
        return repr(self.value)


def english(value: object) -> str:
    """A field's value in English: a move or step described, a double-move ticket so called, a list joined, any other as ``str``."""
    if isinstance(value, Ticket) and value is Ticket.DOUBLE:
        return "double-move"
    describe = getattr(value, "describe", None)
    if callable(describe):
        return str(describe())
    if isinstance(value, tuple):
        return (" and " if value and all(isinstance(item, Piece) for item in value) else ", ").join(english(item) for item in value)
    return str(value)
