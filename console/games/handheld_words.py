"""Scotland Yard's words on the handheld, shared by its classic game and Junior: its tickets and lines, its rounds and stations.

Each ticket (classic) or line (Junior) is a ``Kind`` of choice, keyed by its
letter in the move notation (``T`` taxi, ``B`` bus, ``U`` underground, ``X``
black, ``F`` Junior's boat, ``S`` staying; ``D`` the double-move ticket, counted
but never chosen), in the words of each ``Screen``: the Pico's are the short
lines its 16 columns hold (context ``handheld line``), the phone's the page's
(context ``phone``). ``ROUND`` and ``AT`` are the phrases of a heading:
``phrase(ROUND, 4)`` reads "Round 4".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from console.games.handheld import Kind, Screen
from language import Text, Words, join, p_, plain

ROUND = "round"
AT = "at"
ORDER = "TBUFXD"
"""The order kinds are counted and listed in; staying (``S``) is listed last, away from the cursor's first row."""


def _asked(said: Text) -> Text:
    """The Pico's question: its statement and a question mark (``Bus to %s?``)."""
    return join(plain(""), (said, "?"))


def _handheld_kind(name: Text, title: Text, said: Text, tone: str) -> Kind:
    return Kind(name, title, _asked(said), said, tone)


def _phone_kind(name: Text, tone: str) -> Kind:
    return Kind(name, name, p_("phone", "{ticket} to {station}?", ticket=name, station="%s"),
                p_("phone", "{ticket} to {station}", ticket=name, station="%s"), tone)


KINDS: Mapping[Screen, Mapping[str, Kind]] = {
    Screen.HANDHELD: {
        "T": _handheld_kind(p_("handheld line", "taxi"), p_("handheld line", "taxi:"), p_("handheld line", "Taxi to %s"), "yellow"),
        "B": _handheld_kind(p_("handheld line", "bus"), p_("handheld line", "bus:"), p_("handheld line", "Bus to %s"), "green"),
        "U": _handheld_kind(p_("handheld line", "under"), p_("handheld line", "underground:"), p_("handheld line", "Underground to %s"),
                            "red"),
        "X": _handheld_kind(p_("handheld line", "black"), p_("handheld line", "black:"), p_("handheld line", "Black to %s"), "black"),
        "F": _handheld_kind(p_("handheld line", "boat"), p_("handheld line", "boat:"), p_("handheld line", "Boat to %s"), "blue"),
        "S": _handheld_kind(p_("handheld line", "stay"), p_("handheld line", "stay:"), p_("handheld line", "Stay at %s"), "grey"),
        "D": Kind(p_("handheld line", "2x"), "", "", "", "purple"),
    },
    Screen.PHONE: {
        "T": _phone_kind(p_("phone", "Taxi"), "yellow"),
        "B": _phone_kind(p_("phone", "Bus"), "green"),
        "U": _phone_kind(p_("phone", "Underground"), "red"),
        "X": _phone_kind(p_("phone", "Black"), "black"),
        "F": _phone_kind(p_("phone", "Boat"), "blue"),
        "S": Kind(p_("phone", "Stay"), p_("phone", "Stay"), p_("phone", "Stay at {station}?", station="%s"),
                  p_("phone", "Stay at {station}", station="%s"), "grey"),
        "D": Kind(p_("phone", "Double"), p_("phone", "Double"), "", "", "purple"),
    },
}
"""Each screen's kinds, by letter."""

PLACES: Mapping[Screen, Mapping[str, Words]] = {
    Screen.HANDHELD: {ROUND: p_("handheld line", "Round %s"), AT: p_("handheld line", "at %s")},
    Screen.PHONE: {ROUND: p_("phone", "Round {round}", round="%s"), AT: p_("phone", "at {station}", station="%s")},
}
"""The heading's phrases on each screen: the round, and where the piece stands."""


def kinds_of(screen: Screen, letters: str) -> dict[str, Kind]:
    """The kinds of *letters* (``"TBUXD"``) in *screen*'s words."""
    return {letter: KINDS[screen][letter] for letter in letters}


def in_order(letters: Iterable[str]) -> list[str]:
    """*letters*, each once, in the order they are counted and listed (``ORDER``), staying last."""
    present = set(letters)
    return [letter for letter in ORDER + "S" if letter in present]


def groups(legs: Iterable[str]) -> list[list[str | list[list[str]]]]:
    """The choices of *legs* (moves or steps in the notation), by their letter in the listing order, each group by station,
    each answered by its leg and labelled by its station: ``[["T", [["T116", "116"], ...]], ...]``."""
    listed = sorted(legs, key=lambda leg: int(leg[1:]))
    return [[letter, [[leg, leg[1:]] for leg in listed if leg[0] == letter]] for letter in in_order(leg[0] for leg in listed)]
