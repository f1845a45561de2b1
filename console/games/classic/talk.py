"""What Mister X's handheld shows in a Scotland Yard game, as the kind-neutral conversation says it (``console.games.handheld``).

His choices are his legal moves, grouped by ticket (``console.games.handheld_words``:
a kind a ticket), each answered by its leg in the move notation (``"B108"``, the
answer the handheld sends back); a double move is the ask's yes or no, and its
second leg a second ask. Where he stands holds his tickets and his own travel
log, every station in it. The words are those of the screen the link reaches:
the Pico's short lines, or the phone page's sentences. Plain data in, messages
out: the seat (``seats``) reads them off the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from console.games.handheld import Screen, Vocabulary
from console.games.handheld_words import AT, PLACES, ROUND, groups, in_order, kinds_of
from console.games.words import display_name
from engine import MISTER_X, Ticket
from engine.moves import LETTERS
from firmware import messages
from firmware.messages import phrase
from language import p_

WHO, SECOND, WARNING, CAUTION, NO, YES, FIRST_OF_TWO, SEEN, SECOND_FROM = (
    "who", "second", "warning", "caution", "no", "yes", "first of two", "seen", "second from")
KEYS: dict[str, str] = {str(ticket): LETTERS.get(ticket, "D") for ticket in Ticket}
"""Each ticket's kind, by the ticket's name: its letter in the notation (``D`` the double-move ticket)."""

VOCABULARIES: Mapping[Screen, Vocabulary] = {
    Screen.HANDHELD: Vocabulary(kinds_of(Screen.HANDHELD, "TBUXD"), {
        **PLACES[Screen.HANDHELD], WHO: display_name(MISTER_X), SECOND: p_("handheld line", "2nd leg"),
        WARNING: p_("handheld line", "this move: SEEN!"), CAUTION: p_("handheld line", "SEEN by all!"),
        NO: p_("handheld line", "double  < no  >"), YES: p_("handheld line", "double  < yes >"),
        FIRST_OF_TWO: p_("handheld line", "first of two"), SEEN: p_("handheld line", "seen at %s!"),
    }),
    Screen.PHONE: Vocabulary(kinds_of(Screen.PHONE, "TBUXD"), {
        **PLACES[Screen.PHONE], WHO: display_name(MISTER_X), SECOND: p_("phone", "2nd move"),
        WARNING: p_("phone", "This move: SEEN by all!"), CAUTION: p_("phone", "SEEN by all!"),
        NO: p_("phone", "Double move? Tap to make one."), YES: p_("phone", "Double move: yes. Pick the first of two moves."),
        FIRST_OF_TWO: p_("phone", "First of a double move"), SEEN: p_("phone", "Seen at {stations}!", stations="%s"),
        SECOND_FROM: p_("phone", "Your second move, from {station}. Tickets left:", station="%s"),
    }),
}
"""Mister X's words on each screen."""


def standing(screen: Screen, round: int, station: int, tickets: Mapping[str, int], log: Sequence[str],
             seen: Sequence[int] = ()) -> messages.Show:
    """Where he stands between his turns: the round, his station, his tickets (by name: ``{"taxi": 4}``), his travel log
    (legs: ``"T10"``), and where his last move was *seen*."""
    return messages.show(phrase(WHO), [[phrase(ROUND, round), phrase(AT, station)]], _counts(tickets), [], seen_note(screen, seen),
                         [[leg[0], leg[1:]] for leg in log])


def turn(round: int, station: int, tickets: Mapping[str, int], moves: Sequence[str], can_double: bool, reveal: bool,
         hint: str = "") -> messages.Ask:
    """His turn: his legal *moves* (legs), whether a double move is open to him, whether this move is seen, a guided
    game's *hint*."""
    option: list[messages.Text] | None = [phrase(NO), phrase(YES), phrase(FIRST_OF_TWO)] if can_double else None
    return _ask([[phrase(ROUND, round), phrase(AT, station)]], [], tickets, moves, reveal, hint, option)


def second_leg(screen: Screen, first: str, tickets: Mapping[str, int], moves: Sequence[str], reveal: bool,
               hint: str = "") -> messages.Ask:
    """The second legs of the double move that starts with the leg *first*, with the *tickets* he has before it (that
    leg's ticket and a double-move ticket are shown spent)."""
    left = dict(tickets)
    for spent in (_NAMES[first[0]], str(Ticket.DOUBLE)):
        left[spent] = left.get(spent, 0) - 1
    lines: list[messages.Text] = [phrase(SECOND_FROM, first[1:])] if screen is Screen.PHONE else []
    return _ask([[phrase(SECOND), phrase(AT, first[1:])]], lines, {name: count for name, count in left.items() if count > 0},
                moves, reveal, hint)


def seen_note(screen: Screen, stations: Sequence[int]) -> messages.Text:
    """Where his last move was seen ("" nowhere)."""
    if not stations:
        return ""
    return phrase(SEEN, (", " if screen is Screen.PHONE else ",").join(map(str, stations)))


def _ask(heading: Sequence[Sequence[messages.Text]], lines: Sequence[messages.Text], tickets: Mapping[str, int],
         moves: Sequence[str], reveal: bool, hint: str, option: Sequence[messages.Text] | None = None) -> messages.Ask:
    warning: messages.Text = phrase(WARNING) if reveal else ""
    caution: messages.Text = phrase(CAUTION) if reveal else ""
    return messages.ask(phrase(WHO), heading, _counts(tickets), lines, warning, groups(moves), caution, False, option, hint)


def _counts(tickets: Mapping[str, int]) -> list[list[str | int | None]]:
    """His *tickets* (by name) as counts of their kinds, in the listing order."""
    return [[letter, tickets[_NAMES[letter]]] for letter in in_order(KEYS[name] for name in tickets)]


_NAMES = {letter: name for name, letter in KEYS.items()}
