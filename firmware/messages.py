"""The protocol's messages: one definition for the console (CPython) and the handheld (MicroPython).

A message is a plain dict with a ``"type"`` and that type's fields, nothing else
(``wire`` carries it as a JSON object). There is one constructor per type, which
returns the message checked, and one ``check`` for any message that comes in: it
returns a copy (lists for tuples, fresh dicts) or raises ``MessageError``, whose
text names the message type and the field at fault (``choose_move: moves[2] is
not a leg (T, B, U or X and a station 1..199, as in T46)``). ``check`` reads every
field before it returns, so a reader that acts only on what it returns never acts
on half a message.

Moves travel in the engine's move notation (``engine.moves``): a leg is a
ticket's letter, upper case, and a station, nothing else (``"T46"``: taxi to 46).
Classic Scotland Yard's legs take ``T`` taxi, ``B`` bus, ``U`` underground, ``X``
black; Junior's take ``T``, ``B``, ``U``, ``F`` (the boat) and ``S`` (staying on
his own station). ``leg_to_pair`` turns a leg into what the handheld's screens
show, ``[station, ticket name]`` (``"X157"``: ``[157, "black"]``), and
``pair_to_leg`` turns it back. Mister X's travel log is his own (every station in
it), so it is legs too: ``["T10", "X46"]``.

The vocabulary:

console to handheld, classic Scotland Yard (Mister X):

- ``state`` {round, station, tickets: {name: count}, log: [leg]}: where he stands, between turns;
- ``choose_move`` {round, station, tickets, moves: [leg], can_double, reveal_next,
  log, hint (optional)}: his turn;
- ``choose_second_leg`` {first: leg, moves, reveal_next, hint (optional)}: the
  second leg of the double move that starts with *first*.

console to handheld, Scotland Yard Junior (the rogues, Mister FOX and ROXy):

- ``rogue_state`` {who, round, station, tickets}: where the rogue *who* stands;
- ``choose_step`` {who, round, station, tickets, steps: [leg], hand_over, hint
  (optional)}: the rogue's step (``S`` and his own station for staying:
  ``"S82"``); *hand_over*: the handheld goes to another rogue first.

A choice's *hint* is a guided game's lesson, what to choose and why, which the
handheld shows before the list; left out (or ``""``) there is none, so a console
without lessons sends what it always did.

console to handheld, both games: ``accepted`` {seen: [move number]}, ``refused``
{reason}, ``wait`` {} (the turn was withdrawn), ``game_over`` {result}.

handheld to console: ``move`` {leg, double (optional, false when left out)} in
classic, ``step`` {leg} in Junior, and ``unreadable`` {reason}: the handheld could
not read a message the console sent (its firmware is older or newer than the
console's).

Booleans are JSON true and false (not 0 or 1), numbers are integers (not true or
false), stations are 1 to 199, rounds and move numbers count from 1.

Written in the subset MicroPython shares with CPython (no annotations, no f-strings, no re).
"""

FIRST_STATION = 1
LAST_STATION = 199

CLASSIC = ("state", "choose_move", "choose_second_leg")
"""Messages of a classic game only (console to handheld)."""
JUNIOR = ("rogue_state", "choose_step")
"""Messages of a Junior game only (console to handheld)."""
TO_HANDHELD = CLASSIC + JUNIOR + ("accepted", "refused", "wait", "game_over")
TO_CONSOLE = ("move", "step", "unreadable")
TYPES = TO_HANDHELD + TO_CONSOLE

CLASSIC_LETTERS = "TBUX"
"""The letters of a classic leg: taxi, bus, underground, black."""
JUNIOR_LETTERS = "TBUFS"
"""The letters of a Junior leg: taxi, bus, underground, the boat (the engine's ferry), staying."""
TICKET_NAMES = {"T": "taxi", "B": "bus", "U": "underground", "X": "black", "F": "boat", "S": "stay"}
"""Each leg letter's ticket, as the handheld's screens name it."""
_ALL_LETTERS = "TBUXFS"
_LETTERS = {name: letter for letter, name in TICKET_NAMES.items()}
_DIGITS = "0123456789"

_SHOWN = 40
"""Characters of an unknown name quoted in an error (the error travels in a frame)."""


class MessageError(ValueError):
    """Not a message of the protocol; the text names the message type and the field at fault."""


def _quoted(text):
    return repr(text[:_SHOWN])


def _at(where, index):
    """*where*, item *index*: ``moves[2]``."""
    return where + "[" + str(index) + "]"


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_list(value):
    return isinstance(value, (list, tuple))


def _round(value, where):
    if not _is_int(value) or value < 1:
        raise MessageError(where + " is not a round number (1 or more)")
    return int(value)


def _station(value, where):
    if not _is_int(value) or not FIRST_STATION <= value <= LAST_STATION:
        raise MessageError(where + " is not a station (" + str(FIRST_STATION) + ".." + str(LAST_STATION) + ")")
    return int(value)


def _bool(value, where):
    if value is not True and value is not False:
        raise MessageError(where + " is not true or false")
    return value


def _text(value, where):
    if not isinstance(value, str):
        raise MessageError(where + " is not a string")
    return value


def _name(value, where):
    if not isinstance(value, str) or not value:
        raise MessageError(where + " is not a name")
    return value


def _ticket(value, where):
    if not isinstance(value, str) or not value:
        raise MessageError(where + " is not a ticket name")
    return value


def _tickets(value, where):
    if not isinstance(value, dict):
        raise MessageError(where + " is not {ticket: count}")
    for name in value:
        if not isinstance(name, str) or not name:
            raise MessageError(where + " has a key that is not a ticket name")
    counts = {}
    for name in sorted(value):
        count = value[name]
        if not _is_int(count) or count < 0:
            raise MessageError(where + "[" + _quoted(name) + "] is not a count (0 or more)")
        counts[name] = int(count)
    return counts


def _split(value, letters):
    """The letter and station of the leg *value* whose letter is one of *letters*; None when it is not one.

    Exactly one upper-case letter, then the station's digits without a leading
    zero: the one way each leg is written, so a checked leg reads back the same.
    """
    if not isinstance(value, str) or not 2 <= len(value) <= 4 or value[0] not in letters:
        return None
    digits = value[1:]
    if digits[0] == "0":
        return None
    for char in digits:
        if char not in _DIGITS:
            return None
    station = int(digits)
    if not FIRST_STATION <= station <= LAST_STATION:
        return None
    return value[0], station


def _shape(letters):
    """How a leg with *letters* looks, for an error: ``T, B, U or X and a station 1..199, as in T46``."""
    return (", ".join(letters[:-1]) + " or " + letters[-1] + " and a station " + str(FIRST_STATION) + ".."
            + str(LAST_STATION) + ", as in T46")


def _leg_of(letters):
    """A field checker for one leg with *letters*."""

    def leg(value, where):
        if _split(value, letters) is None:
            raise MessageError(where + " is not a leg (" + _shape(letters) + ")")
        return value

    return leg


def _legs_of(letters):
    """A field checker for a list of legs with *letters*."""
    one = _leg_of(letters)

    def legs(value, where):
        if not _is_list(value):
            raise MessageError(where + " is not a list of legs")
        return [one(item, _at(where, index)) for index, item in enumerate(value)]

    return legs


_classic_leg = _leg_of(CLASSIC_LETTERS)
_classic_legs = _legs_of(CLASSIC_LETTERS)
_junior_leg = _leg_of(JUNIOR_LETTERS)
_junior_legs = _legs_of(JUNIOR_LETTERS)


def leg_to_pair(leg):
    """The leg *leg* (classic's or Junior's) as the screens show it: ``"X157"`` -> ``[157, "black"]``, ``"S82"`` -> ``[82, "stay"]``."""
    split = _split(leg, _ALL_LETTERS)
    if split is None:
        raise MessageError(_quoted(str(leg)) + " is not a leg (" + _shape(_ALL_LETTERS) + ")")
    return [split[1], TICKET_NAMES[split[0]]]


def pair_to_leg(pair):
    """``leg_to_pair`` undone: ``[157, "black"]`` -> ``"X157"``, ``[157, "boat"]`` -> ``"F157"``."""
    if (not _is_list(pair) or len(pair) != 2 or not _is_int(pair[0]) or not FIRST_STATION <= pair[0] <= LAST_STATION
            or not isinstance(pair[1], str) or pair[1] not in _LETTERS):
        raise MessageError(_quoted(str(pair)) + " is not [station, ticket name]")
    return _LETTERS[pair[1]] + str(int(pair[0]))


def _seen(value, where):
    if not _is_list(value):
        raise MessageError(where + " is not a list of move numbers")
    numbers = []
    for index, number in enumerate(value):
        if not _is_int(number) or number < 1:
            raise MessageError(_at(where, index) + " is not a move number (1 or more)")
        numbers.append(int(number))
    return numbers


_FIELDS = {
    "state": (("round", _round), ("station", _station), ("tickets", _tickets), ("log", _classic_legs)),
    "choose_move": (("round", _round), ("station", _station), ("tickets", _tickets), ("moves", _classic_legs),
                    ("can_double", _bool), ("reveal_next", _bool), ("log", _classic_legs), ("hint", _text)),
    "choose_second_leg": (("first", _classic_leg), ("moves", _classic_legs), ("reveal_next", _bool), ("hint", _text)),
    "rogue_state": (("who", _name), ("round", _round), ("station", _station), ("tickets", _tickets)),
    "choose_step": (("who", _name), ("round", _round), ("station", _station), ("tickets", _tickets), ("steps", _junior_legs),
                    ("hand_over", _bool), ("hint", _text)),
    "accepted": (("seen", _seen),),
    "refused": (("reason", _text),),
    "wait": (),
    "game_over": (("result", _text),),
    "move": (("leg", _classic_leg), ("double", _bool)),
    "step": (("leg", _junior_leg),),
    "unreadable": (("reason", _text),),
}
"""Each type's fields in order, each with the function that checks it (and returns its copy)."""

_OPTIONAL = {"move": ("double",), "choose_move": ("hint",), "choose_second_leg": ("hint",), "choose_step": ("hint",)}
"""Fields a message may leave out."""


def check(message):
    """*message* as the protocol defines it: a checked copy; ``MessageError`` if it is not one."""
    if not isinstance(message, dict):
        raise MessageError("a message is a JSON object, not " + type(message).__name__)
    if "type" not in message:
        raise MessageError("a message without a type")
    kind = message["type"]
    if not isinstance(kind, str):
        raise MessageError("the message type is not a string")
    fields = _FIELDS.get(kind)
    if fields is None:
        raise MessageError("unknown message type " + _quoted(kind))
    for key in message:
        if not isinstance(key, str):
            raise MessageError(kind + ": a field name is not a string")
    known = [name for name, _ in fields]
    extra = sorted(key for key in message if key != "type" and key not in known)
    if extra:
        raise MessageError(kind + ": unknown field " + _quoted(extra[0]))
    checked = {"type": kind}
    optional = _OPTIONAL.get(kind, ())
    for name, field in fields:
        if name in message:
            checked[name] = field(message[name], kind + ": " + name)
        elif name not in optional:
            raise MessageError(kind + ": " + name + " is missing")
    return checked


# ------------------------------------------------------------ console to handheld, classic


def state(round, station, tickets, log):
    """Where Mister X stands between his turns: his tickets (held kinds only) and his travel log."""
    return check({"type": "state", "round": round, "station": station, "tickets": tickets, "log": log})


def _hinted(message, hint):
    """*message* checked, with the field ``hint`` unless *hint* is ``""`` (no lesson: the message an older handheld reads)."""
    if hint != "":
        message["hint"] = hint
    return check(message)


def choose_move(round, station, tickets, moves, can_double, reveal_next, log, hint=""):
    """Mister X's turn: his legal moves (legs: ``"T46"``), whether a double move is open, whether this one is seen,
    and a guided game's *hint*."""
    return _hinted({"type": "choose_move", "round": round, "station": station, "tickets": tickets, "moves": moves,
                    "can_double": can_double, "reveal_next": reveal_next, "log": log}, hint)


def choose_second_leg(first, moves, reveal_next, hint=""):
    """The second legs of the double move that starts with the leg *first* (and a guided game's *hint*)."""
    return _hinted({"type": "choose_second_leg", "first": first, "moves": moves, "reveal_next": reveal_next}, hint)


# ------------------------------------------------------------ console to handheld, Junior


def rogue_state(who, round, station, tickets):
    """Where the rogue *who* stands between rounds (his tickets are the kinds of line, one each)."""
    return check({"type": "rogue_state", "who": who, "round": round, "station": station, "tickets": tickets})


def choose_step(who, round, station, tickets, steps, hand_over, hint=""):
    """The rogue *who* chooses his step among *steps* (legs: ``"F157"``, ``"S82"``); *hand_over*: the handheld is passed to him
    first (it goes dark); *hint*: a guided game's lesson."""
    return _hinted({"type": "choose_step", "who": who, "round": round, "station": station, "tickets": tickets,
                    "steps": steps, "hand_over": hand_over}, hint)


# ------------------------------------------------------------ console to handheld, both games


def accepted(seen):
    """The move or step was played; *seen*: the numbers of the moves just made that were revealed."""
    return check({"type": "accepted", "seen": seen})


def refused(reason):
    return check({"type": "refused", "reason": reason})


def wait():
    """The turn was withdrawn: wait for it to come again."""
    return check({"type": "wait"})


def game_over(result):
    return check({"type": "game_over", "result": result})


# ------------------------------------------------------------ handheld to console


def move(leg, double=False):
    """Mister X's move, a leg (*double*: the first leg of a double move; the field is left out when false)."""
    message = {"type": "move", "leg": leg}
    if double is not False:
        message["double"] = double
    return check(message)


def step(leg):
    """A Junior rogue's step, a leg (``"S138"``: he stays on 138)."""
    return check({"type": "step", "leg": leg})


def unreadable(reason):
    """The handheld could not read a message from the console; *reason* says why."""
    return check({"type": "unreadable", "reason": reason})
