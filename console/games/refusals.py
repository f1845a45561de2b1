"""The engine's refusals in the players' words and language.

The engine refuses in English, for programs and logs, naming the rule (``"rule 4: station 45 is occupied by
bobby2"``). Players read the same refusal without the rule's number, each piece by its name, in their language.
Each refusal the engine can make is one entry of ``REFUSALS``: the engine's message with a ``{name}`` for each
part that varies, and the catalog's message that says it to players. A part is read back by its name
(``piece``: a piece as the engine describes it, ``ticket``: a kind of ticket, ``station``: a number...), so the
players' message gets names, tickets and numbers, not the engine's words for them:

>>> str(refusal_words("rule 3: the red detective has no bus ticket left"))
'Red has no bus ticket left'
>>> str(refusal_words("rule 7: second leg of the double move: Mister X has no black ticket left"))
'second leg of the double move: Mister X has no black ticket left'

A text no entry reads (a newer engine's refusal, or any other error) is shown as it is, without its rule and with
the pieces' names, so a refusal is never lost for want of a translation; a test keeps every refusal of the engine
in the table.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import NamedTuple

from console.games.junior.words import district_words
from console.games.words import display_name, edition_words, line_words, listed, outcome_words, ticket_words
from engine import Outcome, Ticket
from engine.junior import NAMES as JUNIOR_NAMES
from engine.junior import districts
from engine.outcome import Reason
from engine.position import DETECTIVE_COLOURS, MISTER_X
from hardware.language import Text, Words, _, n_, plain

__all__ = ["REFUSALS", "Refusal", "refusal_words"]

_RULE = re.compile(r"^(?:rule J?\d+|J\d+): ")
"""The rule an engine refusal names ("rule 3: ", "rule J2: "; a Junior setup's "J1: "), for developers and logs."""


class Refusal(NamedTuple):
    """One refusal of the engine: its message (``{name}`` where it varies), read by *pattern*, and the players' words."""

    engine: str
    pattern: re.Pattern[str]
    words: Text


def _alike(engine: str) -> Refusal:
    """A refusal the players read in the engine's own words (translated: ``update`` reads this as a ``_``)."""
    return _refusal(engine, _(engine))


def _refusal(engine: str, words: Text) -> Refusal:
    parts = re.split(r"\{(\w+)\}", engine)
    regex = "".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)" for index, part in enumerate(parts))
    return Refusal(engine, re.compile(regex), words)


# ---------------------------------------------------------------- the parts, read back by their names

_JUNIOR_PIECES = {name: piece for piece, name in JUNIOR_NAMES.items()}
_DETECTIVE = re.compile(r"the (\w+) detective")


def _piece_id(described: str) -> str:
    """The piece the engine describes: "the red detective", "bobby2", "Mister X", "Mister FOX" or a bare id."""
    detective = _DETECTIVE.fullmatch(described)
    if detective:
        return detective[1]
    if described == "Mister X":
        return MISTER_X
    return _JUNIOR_PIECES.get(described, described)


def _piece(described: str) -> Text:
    return display_name(_piece_id(described))


def _quoted(text: str) -> str:
    """A name as the engine quotes it (``'red'``), without its quotes."""
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"" else text


_TICKETS = {"taxi": _("taxi ticket"), "bus": _("bus ticket"), "underground": _("underground ticket"),
            "black": _("black ticket"), "double": _("double-move ticket"), "double-move": _("double-move ticket")}
_SIDES = {"Mister X": display_name(MISTER_X), "the detectives": _("the detectives")}


def _ride(ticket: str) -> Words:
    try:
        return ticket_words(Ticket.parse(ticket))
    except ValueError:
        return ticket


_MOVE = re.compile(r"Mister X (?P<ride>\w+) to (?P<station>\d+)")


def _move(text: str) -> Words:
    """Mister X's move as the engine writes it ("Mister X taxi to 45") in words: a taxi to 45."""
    move = _MOVE.fullmatch(text)
    return _("{ride} to {station}", ride=_ride(move["ride"]), station=int(move["station"])) if move else text


_OUTCOMES = (
    (re.compile(r"the detectives win: (.+) caught Mister X in round (\d+)"), Reason.CAPTURE),
    (re.compile(r"the detectives win: Mister X is cornered in round (\d+)"), Reason.CORNERED),
    (re.compile(r"Mister X wins: detectives exhausted in round (\d+)"), Reason.DETECTIVES_EXHAUSTED),
    (re.compile(r"Mister X wins: he survived round (\d+)"), Reason.SURVIVED),
)
_TEAMS = {"the rogues": _("the rogues win"), "the detectives": _("the detectives win")}
"""How a Junior game ended, as the engine names the winning team."""


def _outcome(text: str) -> Words:
    """How a game ended, as the engine wrote it (``Outcome`` or Junior's team), in words."""
    for pattern, reason in _OUTCOMES:
        ended = pattern.fullmatch(text)
        if ended:
            by = _piece_id(ended[1]) if reason is Reason.CAPTURE else None
            return outcome_words(Outcome(reason, int(ended[ended.lastindex or 1]), by=by))
    return _TEAMS.get(text, text)


def _district(title: str) -> Words:
    """A Junior district by its title (``District.title``), in words."""
    return next((district_words(district) for district in districts().values() if district.title == title), title)


def _number(text: str) -> int | str:
    return int(text) if re.fullmatch(r"-?\d+", text) else text


_READ: dict[str, Callable[[str], Words | int]] = {
    "piece": _piece, "other": _piece, "named": lambda text: display_name(_quoted(text)),
    "pieces": lambda text: listed(_piece_id(name) for name in text.split(" and ")),
    "names": lambda text: listed(re.findall(r"'([^']*)'", text)),
    "called": lambda text: text,
    "ticket": lambda text: _TICKETS.get(text, text), "ride": _ride, "move": _move,
    "transport": line_words,
    "edition": edition_words, "district": _district, "side": lambda text: _SIDES.get(text, text),
    "outcome": _outcome, "refusal": lambda text: refusal_words(text),
    "stations": lambda text: ", ".join(re.findall(r"\d+", text)),
}
"""How each part is read back, by its name in ``REFUSALS``; any other part is a number (or shown as it is)."""


# ---------------------------------------------------------------- every refusal of the engine

REFUSALS: tuple[Refusal, ...] = (
    # engine/game.py: a move, an undo
    _alike("the game is over ({outcome}); nothing can be taken back"),
    _alike("the game is over: {outcome}"),
    _alike("Mister X moves first in round {round}; {piece} must wait"),
    _alike("there is no detective or bobby called {called}"),
    _alike("there is no piece called {called}"),
    _alike("{piece} has already moved in round {round}"),
    _refusal("{piece} travels by taxi, bus or underground, not by {ticket} ticket",
             _("{piece} travels by taxi, bus or underground, not with a {ticket}")),
    _alike("there is no station {station} on the board"),
    _refusal("the {edition} edition closes the {transport} lines", _("the {edition} closes the {transport} lines")),
    _alike("there is no {transport} line from {origin} to {station}"),
    _alike("there is no line from {origin} to {station}"),
    _refusal("{piece} has no {ticket} ticket left", _("{piece} has no {ticket} left")),
    _refusal("Mister X has no {ticket} ticket and the general supply has none",
             _("Mister X has no {ticket}, and the general supply has none")),
    _refusal("Mister X has no {ticket} ticket", _("Mister X has no {ticket}")),
    _alike("station {station} is occupied by {piece}"),
    _alike("the detectives are moving in round {round}; Mister X waits for round {next}"),
    _refusal("only {n} travel-log entry is left, too few for a double move",
             n_("only {n} travel-log entry is left, too few for a double move",
                "only {n} travel-log entries are left, too few for a double move", 0)),
    _alike("second leg of the double move: {refusal}"),
    _refusal("a double-move ticket is played as one DoubleMove of two legs", _("a double-move ticket pays for two moves in a row")),
    _refusal("a move is paid with a taxi, bus, underground or black ticket, not {paid}",
             _("a move is paid with a taxi, bus, underground or black ticket")),
    _alike("the ferry from {origin} to {station} takes only a black ticket"),
    _alike("Mister X may not move onto station {station}: {piece} is there"),
    _alike("no detective move of this round is left to take back (Mister X's moves stand)"),
    # engine/views.py: the second leg of a move Mister X cannot make
    _alike("{move} is not one of Mister X's moves now"),
    # engine/junior/game.py
    _alike("a game has Mister FOX (with ROXy, for 4 players) and both detectives"),
    _alike("{piece} starts at {station}, outside the {district} district"),
    _alike("a game has one or two rogues, not {count}"),
    _alike("{piece} is not a rogue of this game"),
    _alike("{piece} has already chosen this round, and a choice is final"),
    _alike("{piece} is not a detective"),
    _alike("the detectives move after the rogues have chosen: {pieces} still to choose"),
    _alike("{piece} has already moved this round"),
    _alike("only a detective's step of this round, before the reveal, can be taken back"),
    _alike("{piece} cannot go there: staying means staying at {station}"),
    _alike("{piece} cannot go there: {station} is outside the {district} district"),
    _alike("{piece} cannot go there: no {transport} line joins {origin} and {station}"),
    # engine/position.py: a new game's setup, or the board as the players corrected it
    _refusal("the {edition} edition is for {low} to {high} players, not {count}",
             _("the {edition} is for {low} to {high} players, not {count}")),
    _refusal("the {edition} edition needs {low} to {high} detectives, not {count}",
             _("the {edition} needs {low} to {high} detectives, not {count}")),
    _alike("the number of bobbies cannot be negative"),
    _refusal("{n} colours given for {count} detectives",
             n_("{n} colour given for {count} detectives", "{n} colours given for {count} detectives", 0)),
    _refusal("the {edition} edition has start stations for {cards} pieces, not {count} (one of its {deck} cards is left for Mister X)",
             _("the {edition} has start stations for {cards} pieces, not {count}")),
    _refusal("the {edition} edition has start stations for {cards} pieces, not {count}",
             _("the {edition} has start stations for {cards} pieces, not {count}")),
    _refusal("two pieces are called {named} (duplicate colours)", _("two pieces are called {named}")),
    _alike("{piece} stands on station {station}, which is not on the board"),
    _alike("{piece} and {other} both stand on station {station}"),
    _refusal("{piece} holds a negative number of tickets: {held}", _("{piece} holds a negative number of tickets")),
    _refusal("a bobby must be called bobby1, bobby2, ..., not {called}",
             _("a bobby must be called Bobby 1, Bobby 2 and so on, not {called}")),
    _refusal("{piece} is a bobby and holds no tickets, not {held}", _("{piece} is a bobby and holds no tickets")),
    _refusal("a detective is named by a colour ({colours}), not {called}", _("a detective is named by a colour, not {called}")),
    _alike("{piece} holds black or double-move tickets, which only Mister X may hold"),
    _refusal("the {edition} edition has no general supply", _("the {edition} has no general supply")),
    _refusal("the {edition} edition has a general supply", _("the {edition} has a general supply")),
    _refusal("the general supply holds only taxi, bus and underground tickets: {held}",
             _("the general supply holds only taxi, bus and underground tickets")),
    _alike("rounds count from 1, not {round}"),
    _alike("in round {round} with {side} to move, Mister X has made {low} to {high} moves, not {made}"),
    _refusal("the {edition} edition ends after round {round}", _("the {edition} ends after round {round}")),
    _refusal("the {edition} edition ends after Mister X's move {move_number}",
             _("the {edition} ends after Mister X's move {move_number}")),
    _alike("pieces marked as moved are not detectives or bobbies: {names}"),
    _alike("pieces can have moved this round only while it is the detectives' turn"),
    _alike("travel-log entry {entry} names station {station}, which is not on the board"),
    _refusal("travel-log entry {entry} is covered by a double-move ticket; it covers no entry",
             _("travel-log entry {entry} is covered by a double-move ticket, which covers no entry")),
    _alike("travel-log entry {entry} is one leg of a double move without the other"),
    _alike("Mister X stands on {station} but his last travel-log entry says {logged}"),
    _refusal("the possible set names stations not on the board: {stations}",
             _("where Mister X may be includes stations not on the board: {stations}")),
    _refusal("the possible set holds stations where pieces stand: {stations}",
             _("where Mister X may be includes stations where pieces stand: {stations}")),
    _refusal("Mister X's station {station} is not among the stations the public record allows ({n} of them); "
             "give the possible set explicitly",
             n_("Mister X's station {station} is not where his travel log puts him ({n} station)",
                "Mister X's station {station} is not where his travel log puts him ({n} stations)", 0)),
)
"""Every refusal of the engine (``engine/``), the more particular before the more general where both would read it."""


def refusal_words(error: str) -> Text:
    """The refusal *error* (an engine exception's text) as players read it."""
    text = _RULE.sub("", error)
    for refusal in REFUSALS:
        said = refusal.pattern.fullmatch(text)
        if said:
            args = {name: _READ.get(name, _number)(part) for name, part in said.groupdict().items()}
            count = args.get("n")
            return dataclasses.replace(refusal.words, args=tuple(args.items()), count=count if isinstance(count, int) else 1)
    return _named(text)


_NAMED = re.compile(r"\bthe (" + "|".join(DETECTIVE_COLOURS) + r") detective\b|\b(" + "|".join((*DETECTIVE_COLOURS, MISTER_X))
                    + r"|bobby\d+)\b")


def _named(text: str) -> Text:
    """A refusal no entry reads, shown as it is but for its pieces, each by its name in the language shown."""
    message, args, last = "", [], 0
    for index, piece in enumerate(_NAMED.finditer(text)):
        message += _braced(text[last:piece.start()]) + f"{{piece{index}}}"
        args.append((f"piece{index}", display_name(piece[1] or piece[2])))
        last = piece.end()
    if not args:
        return plain(text)
    return Text(message + _braced(text[last:]), tuple(args))


def _braced(text: str) -> str:
    """*text* as a format string's literal part."""
    return text.replace("{", "{{").replace("}", "}}")
