"""The engine's refusals in the players' words and language, worded from the refusal's facts.

The engine refuses with data (``engine.RulesError``): which case it is (a
``Refusal``), the facts of the case (its ``fields``: pieces, tickets,
stations...) and the rule. Players read the case's words from ``WORDS``, each
fact in their words: a piece by its one name, a ticket as they call it, a
number as it is, and no rule's number. The engine's English is never read, so
rewording it changes nothing here:

>>> from engine import IllegalMoveError, Piece, Refusal
>>> refused = IllegalMoveError(Refusal.NO_TICKET_LEFT, rule=3, piece=Piece("red", "the red detective"), ticket=Ticket.BUS)
>>> str(refused), str(refusal_words(refused))
('rule 3: the red detective has no bus ticket left', 'Red has no bus ticket left')

A kind of game words its own facts (its pieces' names, its districts, its
winners) with its ``Wording``; these are the main game's. A test provokes every
refusal of the engine and reads it here, in English and Korean.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from console.games.words import display_name, edition_words, line_words, outcome_words, series, ticket_words
from engine import MISTER_X, MisterXMove, Outcome, Piece, Refusal, RulesError, Side, Ticket, Transport
from language import Text, Words, _, n_, plain

__all__ = ["CLASSIC_WORDING", "WORDS", "Wording", "player_words", "refusal_words"]


WORDS: dict[Refusal, Text] = {
    # a move, an undo
    Refusal.GAME_OVER: _("the game is over: {outcome}"),
    Refusal.OVER_NOTHING_TO_TAKE_BACK: _("the game is over ({outcome}); nothing can be taken back"),
    Refusal.MISTER_X_FIRST: _("Mister X moves first in round {round}; {piece} must wait"),
    Refusal.NO_DETECTIVE_CALLED: _("there is no detective or bobby called {called}"),
    Refusal.NO_PIECE_CALLED: _("there is no piece called {called}"),
    Refusal.ALREADY_MOVED: _("{piece} has already moved in round {round}"),
    Refusal.DETECTIVES_RIDE: _("{piece} travels by taxi, bus or underground, not with a {ticket}"),
    Refusal.NO_SUCH_STATION: _("there is no station {station} on the board"),
    Refusal.LINES_CLOSED: _("the {edition} closes the {transport} lines"),
    Refusal.NO_LINE_OF: _("there is no {transport} line from {origin} to {station}"),
    Refusal.NO_LINE: _("there is no line from {origin} to {station}"),
    Refusal.NO_TICKET_LEFT: _("{piece} has no {ticket} left"),
    Refusal.NO_TICKET_NOR_SUPPLY: _("Mister X has no {ticket}, and the general supply has none"),
    Refusal.NO_TICKET: _("Mister X has no {ticket}"),
    Refusal.OCCUPIED: _("station {station} is occupied by {piece}"),
    Refusal.DETECTIVES_MOVING: _("the detectives are moving in round {round}; Mister X waits for round {next}"),
    Refusal.LOG_TOO_SHORT_FOR_DOUBLE: n_("only {n} travel-log entry is left, too few for a double move",
                                         "only {n} travel-log entries are left, too few for a double move", 0),
    Refusal.SECOND_LEG: _("second leg of the double move: {refusal}"),
    Refusal.DOUBLE_IN_ONE: _("a double-move ticket pays for two moves in a row"),
    Refusal.NOT_A_FARE: _("a move is paid with a taxi, bus, underground or black ticket"),
    Refusal.FERRY_TAKES_BLACK: _("the ferry from {origin} to {station} takes only a black ticket"),
    Refusal.MISTER_X_ONTO_PIECE: _("Mister X may not move onto station {station}: {piece} is there"),
    Refusal.NOTHING_TO_TAKE_BACK: _("no detective move of this round is left to take back (Mister X's moves stand)"),
    Refusal.NOT_HIS_MOVE: _("{move} is not one of Mister X's moves now"),
    # a new game's setup, or the board as the players corrected it
    Refusal.PLAYER_COUNT: _("the {edition} is for {low} to {high} players, not {count}"),
    Refusal.DETECTIVE_COUNT: _("the {edition} needs {low} to {high} detectives, not {count}"),
    Refusal.NEGATIVE_BOBBIES: _("the number of bobbies cannot be negative"),
    Refusal.COLOUR_COUNT: n_("{n} colour given for {count} detectives", "{n} colours given for {count} detectives", 0),
    Refusal.START_CARDS: _("the {edition} has start stations for {cards} pieces, not {count}"),
    Refusal.START_STATIONS: _("the {edition} has start stations for {cards} pieces, not {count}"),
    Refusal.SAME_NAME: _("two pieces are called {named}"),
    Refusal.OFF_THE_BOARD: _("{piece} stands on station {station}, which is not on the board"),
    Refusal.SAME_STATION: _("{piece} and {other} both stand on station {station}"),
    Refusal.NEGATIVE_TICKETS: _("{piece} holds a negative number of tickets"),
    Refusal.BOBBY_NAME: _("a bobby must be called Bobby 1, Bobby 2 and so on, not {called}"),
    Refusal.BOBBY_TICKETS: _("{piece} is a bobby and holds no tickets"),
    Refusal.DETECTIVE_NAME: _("a detective is named by a colour, not {called}"),
    Refusal.DETECTIVE_BLACK_OR_DOUBLE: _("{piece} holds black or double-move tickets, which only Mister X may hold"),
    Refusal.NO_GENERAL_SUPPLY: _("the {edition} has no general supply"),
    Refusal.GENERAL_SUPPLY: _("the {edition} has a general supply"),
    Refusal.SUPPLY_TICKETS: _("the general supply holds only taxi, bus and underground tickets"),
    Refusal.ROUNDS_FROM_ONE: _("rounds count from 1, not {round}"),
    Refusal.MOVES_MADE: _("in round {round} with {side} to move, Mister X has made {low} to {high} moves, not {made}"),
    Refusal.ENDS_AFTER_ROUND: _("the {edition} ends after round {round}"),
    Refusal.ENDS_AFTER_MOVE: _("the {edition} ends after Mister X's move {move_number}"),
    Refusal.MOVED_NOT_DETECTIVES: _("pieces marked as moved are not detectives or bobbies: {names}"),
    Refusal.MOVED_OUT_OF_TURN: _("pieces can have moved this round only while it is the detectives' turn"),
    Refusal.LOG_OFF_THE_BOARD: _("travel-log entry {entry} names station {station}, which is not on the board"),
    Refusal.LOG_DOUBLE_TICKET: _("travel-log entry {entry} is covered by a double-move ticket, which covers no entry"),
    Refusal.LOG_HALF_DOUBLE: _("travel-log entry {entry} is one leg of a double move without the other"),
    Refusal.LOG_ELSEWHERE: _("Mister X stands on {station} but his last travel-log entry says {logged}"),
    Refusal.POSSIBLE_OFF_THE_BOARD: _("where Mister X may be includes stations not on the board: {stations}"),
    Refusal.POSSIBLE_OCCUPIED: _("where Mister X may be includes stations where pieces stand: {stations}"),
    Refusal.POSSIBLE_WITHOUT_HIM: n_("Mister X's station {station} is not where his travel log puts him ({n} station)",
                                     "Mister X's station {station} is not where his travel log puts him ({n} stations)", 0),
}
"""The refusals of the engine that every kind may make, in the players' words: each ``{field}`` is the refusal's fact of
that name, worded. A kind's own refusals are its ``Wording``'s."""


_TICKETS = {Ticket.TAXI: _("taxi ticket"), Ticket.BUS: _("bus ticket"), Ticket.UNDERGROUND: _("underground ticket"),
            Ticket.BLACK: _("black ticket"), Ticket.DOUBLE: _("double-move ticket")}
"""A ticket a piece holds or lacks, in words."""
_SIDES = {Side.MISTER_X: display_name(MISTER_X), Side.DETECTIVES: _("the detectives")}


@dataclass(frozen=True)
class Wording:
    """How one kind of game's facts read: its pieces' names, and its own values (a district, a winning team...)."""

    name: Callable[[str], Words] = display_name
    """A piece's name, by its id."""
    values: Mapping[type, Callable[[Any], Words]] = field(default_factory=dict)
    """How a value of each of the kind's own types reads, over the shared ones below."""
    words: Mapping[Refusal, Text] = field(default_factory=dict)
    """The words of the refusals only this kind's games make (``WORDS`` has the others)."""

    def fact(self, key: str, value: object) -> Words | int:
        """One fact of a refusal in words (a number stays a number, for the plural it decides)."""
        own = self.values.get(type(value))
        if own is not None:
            return own(value)
        if key in _BY_NAME and isinstance(value, str | tuple):
            return _BY_NAME[key](self, value)
        if isinstance(value, Piece):
            return self.name(value.id)
        if isinstance(value, tuple) and all(isinstance(item, Piece) for item in value):
            return series(self.name(piece.id) for piece in value)
        if isinstance(value, RulesError):
            return refusal_words(value, self)
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int) and not isinstance(value, Ticket | Transport):
            return value
        worded = _BY_TYPE.get(type(value))
        return worded(value) if worded is not None else str(value)


_BY_NAME: dict[str, Callable[[Wording, Any], Words]] = {
    "edition": lambda _wording, edition: edition_words(edition),
    "named": lambda wording, name: wording.name(name),
    "names": lambda wording, names: series(wording.name(name) for name in names),
    "called": lambda _wording, called: repr(called),
    "stations": lambda _wording, stations: ", ".join(str(station) for station in stations),
}
"""Facts that are names or lists, read by what the refusal calls them."""

_BY_TYPE: dict[type, Callable[[Any], Words]] = {
    Ticket: lambda ticket: _TICKETS[ticket],
    Transport: line_words,
    Outcome: outcome_words,
    Side: lambda side: _SIDES[side],
    MisterXMove: lambda move: _("{ride} to {station}", ride=ticket_words(move.ticket), station=move.station),
}
"""Facts read by their type, the same in every kind of game (unless its ``Wording`` says otherwise)."""

CLASSIC_WORDING = Wording()
"""The main game's facts: its pieces by ``display_name``."""


def refusal_words(error: RulesError, wording: Wording = CLASSIC_WORDING) -> Text:
    """The refusal *error* as players read it: its case's words, each fact worded by *wording*."""
    facts = {key: wording.fact(key, value) for key, value in error.fields.items()}
    count = facts.get("n")
    words = wording.words.get(error.refusal) or WORDS[error.refusal]
    return dataclasses.replace(words, args=tuple(facts.items()), count=count if isinstance(count, int) else 1)


def player_words(error: BaseException, wording: Wording = CLASSIC_WORDING) -> Text:
    """What players read for *error*: a refusal in their words (``refusal_words``); any other error as it says."""
    return refusal_words(error, wording) if isinstance(error, RulesError) else plain(str(error))

