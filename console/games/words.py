"""The words players read: one name per piece, the engine's refusals in plain words, how a game ended.

The engine speaks to programs and developers: its pieces go by ids
(``"bobby1"``, ``"red"``), and each refusal names the rule of ``docs/RULES.md``
that forbids the move (``"rule 3: there is no taxi line from 1 to 2"``). Its
messages are its public API and stay as they are (logs keep them whole); what
the players read at the board, on the handheld or in the terminal goes through
here, in one place:

>>> display_name("bobby1"), display_name("red"), display_name("watson")
('Bobby 1', 'Red', 'Willy Watson')
>>> from engine import IllegalMoveError
>>> player_words(IllegalMoveError("station 45 is occupied by bobby2", rule=4))
'station 45 is occupied by Bobby 2'
>>> player_words(IllegalMoveError("the red detective has no bus ticket left", rule=3))
'Red has no bus ticket left'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from console.case import capitalised
from engine import Outcome, Ticket
from engine.editions import Length, Ruleset
from engine.junior import NAMES as JUNIOR_NAMES
from engine.outcome import Reason
from engine.position import DETECTIVE_COLOURS, MISTER_X

__all__ = ["display_name", "listed", "outcome_words", "player_words", "sentences", "ticket_words"]

_BOBBY = re.compile(r"bobby(\d+)")
_RULE = re.compile(r"\brule J?\d+: ")
"""The rule an engine refusal names ("rule 3: ", "rule J2: "), for developers and logs."""
_DETECTIVE = re.compile(r"\bthe (" + "|".join(DETECTIVE_COLOURS) + r") detective\b")
_PIECE_ID = re.compile(r"\b(" + "|".join((*DETECTIVE_COLOURS, MISTER_X)) + r"|bobby\d+)\b")


def display_name(piece: str) -> str:
    """A piece's one name wherever players read it: ``"blue"`` -> ``"Blue"``, ``"bobby2"`` -> ``"Bobby 2"``.

    Junior's pieces are called as the engine's ``NAMES`` call them (``"fox"`` -> ``"Mister FOX"``).
    """
    if piece == MISTER_X:
        return "Mister X"
    if piece in JUNIOR_NAMES:
        return JUNIOR_NAMES[piece]
    bobby = _BOBBY.fullmatch(piece)
    if bobby:
        return f"Bobby {bobby[1]}"
    return capitalised(piece)


def listed(names: Iterable[str]) -> str:
    """Pieces in words: ``"Red"``, ``"Red and Blue"``, ``"Red, Blue and Bobby 1"``."""
    shown = [display_name(name) for name in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def sentences(*parts: str) -> str:
    """The non-empty *parts* as one message of sentences: ``sentences("Red took a taxi to 39", "", "Blue's turn")``."""
    return ". ".join(part for part in parts if part)


_TICKETS = {Ticket.TAXI: "a taxi", Ticket.BUS: "a bus", Ticket.UNDERGROUND: "the underground", Ticket.BLACK: "a black ticket",
            Ticket.DOUBLE: "a double-move ticket"}


def ticket_words(ticket: Ticket) -> str:
    """What a piece took, in words: ``"a taxi"``, ``"the underground"``, ``"a black ticket"``."""
    return _TICKETS[ticket]


def player_words(error: BaseException | str) -> str:
    """An engine refusal (or any error text) as players read it: the rule's number left out, every piece by its name.

    The rule stays in the exception (``IllegalMoveError.rule``) and in the logs; use this for the board's
    message line, the handheld and the terminal game (after "No: ").
    """
    text = _RULE.sub("", str(error))
    text = _DETECTIVE.sub(lambda match: display_name(match[1]), text)
    return _PIECE_ID.sub(lambda match: display_name(match[1]), text)


def outcome_words(outcome: Outcome, ruleset: Ruleset | None = None) -> str:
    """How a game ended, as ``"winner: why"`` (``"the detectives win: Bobby 1 caught Mister X in round 7"``).

    Where the edition counts Mister X's moves (*ruleset*), a survival is told in moves, as its header and log count.
    """
    if outcome.reason is Reason.CAPTURE:
        return f"the detectives win: {display_name(outcome.by or 'a detective')} caught Mister X in round {outcome.round}"
    if outcome.reason is Reason.CORNERED:
        return f"the detectives win: Mister X is cornered in round {outcome.round}"
    if outcome.reason is Reason.DETECTIVES_EXHAUSTED:
        return f"Mister X wins: the detectives ran out of tickets in round {outcome.round}"
    if ruleset is not None and ruleset.length_unit is Length.MOVES:
        return f"Mister X wins: he survived all {ruleset.length} moves"
    return f"Mister X wins: he survived round {outcome.round}"
