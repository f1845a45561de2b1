"""The words players read: one name per piece, tickets, lines, editions, how a game ended.

The engine speaks to programs and developers: its pieces go by ids
(``"bobby1"``, ``"red"``), and its refusals are data (``console.games.refusals``
words them). What the players read at the board, on the handheld or in the
terminal goes through here, in one place. A kind of game with pieces of its own
names them in its own folder.

Each returns a ``Text`` (``language``): words in the language shown when they are shown.

>>> str(display_name("bobby1")), str(display_name("red")), str(display_name(MISTER_X))
('Bobby 1', 'Red', 'Mister X')
>>> str(listed(["red", "blue", "bobby1"]))
'Red, Blue and Bobby 1'

The same words in Korean (``use``), as they are shown after a change of language:

>>> from language import use
>>> use("ko")
>>> str(listed(["red", "blue", "bobby1"]))
'빨강, 파랑, 보비 1'
>>> use("en")
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine import MISTER_X, Outcome, Ticket, Transport
from engine.editions import Length, Ruleset
from engine.outcome import Reason
from language import Text, Words, _, join, p_, plain

__all__ = ["display_name", "edition_words", "line_words", "listed", "outcome_parts", "outcome_words", "sentences", "series",
           "ticket_words"]

_BOBBY = re.compile(r"bobby(\d+)")

_NAMES: dict[str, Text] = {
    MISTER_X: p_("name", "Mister X"),
    "red": p_("name", "Red"), "blue": p_("name", "Blue"), "green": p_("name", "Green"),
    "yellow": p_("name", "Yellow"), "purple": p_("name", "Purple"), "orange": p_("name", "Orange"),
}


def display_name(piece: str) -> Text:
    """A piece's one name wherever players read it: ``"blue"`` -> Blue, ``"bobby2"`` -> Bobby 2."""
    name = _NAMES.get(piece)
    if name is not None:
        return name
    bobby = _BOBBY.fullmatch(piece)
    if bobby:
        return p_("name", "Bobby {number}", number=int(bobby[1]))
    return p_("name", "{piece}", piece=piece)


def listed(names: Iterable[str]) -> Text:
    """Pieces in words: Red; Red and Blue; Red, Blue and Bobby 1."""
    return series(display_name(name) for name in names)


def series(parts: Iterable[Words]) -> Text:
    """Words one after another as a list: 3; 3 and 8; 3, 8 and 13."""
    shown = list(parts)
    if len(shown) == 1:
        return shown[0] if isinstance(shown[0], Text) else plain(shown[0])
    return _("{first} and {last}", first=join(_(", "), shown[:-1]), last=shown[-1])


def sentences(*parts: Text | str) -> Text:
    """The non-empty *parts* as one message of sentences: ``sentences(moved, "", whose_turn)``."""
    return join(_(". "), parts)


_TICKETS = {Ticket.TAXI: _("a taxi"), Ticket.BUS: _("a bus"), Ticket.UNDERGROUND: _("the underground"),
            Ticket.BLACK: _("a black ticket"), Ticket.DOUBLE: _("a double-move ticket")}


def ticket_words(ticket: Ticket) -> Text:
    """What a piece took, in words: a taxi, the underground, a black ticket."""
    return _TICKETS[ticket]


_LINES = {Transport.TAXI: _("taxi"), Transport.BUS: _("bus"), Transport.UNDERGROUND: _("underground"), Transport.FERRY: _("ferry")}


def line_words(transport: Transport) -> Text:
    """A kind of line in words: taxi, bus, underground, ferry."""
    return _LINES[transport]


_EDITIONS = {"reissue": _("reissue edition"), "classic": _("classic edition"), "beginner": _("Beginner's Game"),
             "quick": _("quick game")}


def edition_words(edition: str) -> Words:
    """An edition (``Ruleset.name``) as players call it: reissue edition, classic edition, Beginner's Game."""
    return _EDITIONS.get(edition, edition)


def outcome_words(outcome: Outcome, ruleset: Ruleset | None = None) -> Text:
    """How a game ended, as "winner: why" (the detectives win: Bobby 1 caught Mister X in round 7).

    Where the edition counts Mister X's moves (*ruleset*), a survival is told in moves, as its header and log count.
    """
    return _ending(outcome, ruleset)[0]


def outcome_parts(outcome: Outcome, ruleset: Ruleset | None = None) -> tuple[Text, Text]:
    """``outcome_words`` in its two parts, for a screen that shows them apart: who won, and why."""
    _whole, winner, why = _ending(outcome, ruleset)
    return winner, why


def _ending(outcome: Outcome, ruleset: Ruleset | None) -> tuple[Text, Text, Text]:
    """How a game ended as one sentence, and as who won and why (each a whole message: languages join them differently)."""
    ended = outcome.round
    if outcome.reason is Reason.CAPTURE:
        by = display_name(outcome.by) if outcome.by else _("a detective")
        return (_("the detectives win: {piece} caught Mister X in round {round}", piece=by, round=ended), _("the detectives win"),
                _("{piece} caught Mister X in round {round}", piece=by, round=ended))
    if outcome.reason is Reason.CORNERED:
        return (_("the detectives win: Mister X is cornered in round {round}", round=ended), _("the detectives win"),
                _("Mister X is cornered in round {round}", round=ended))
    if outcome.reason is Reason.DETECTIVES_EXHAUSTED:
        return (_("Mister X wins: the detectives ran out of tickets in round {round}", round=ended), _("Mister X wins"),
                _("the detectives ran out of tickets in round {round}", round=ended))
    if ruleset is not None and ruleset.length_unit is Length.MOVES:
        return (_("Mister X wins: he survived all {moves} moves", moves=ruleset.length), _("Mister X wins"),
                _("he survived all {moves} moves", moves=ruleset.length))
    return _("Mister X wins: he survived round {round}", round=ended), _("Mister X wins"), _("he survived round {round}", round=ended)
