"""The protocol's messages: one definition for the console (CPython) and the handheld (MicroPython).

A message is a plain dict with a ``"type"`` and that type's fields, nothing else
(``wire`` carries it as a JSON object). There is one constructor per type, which
returns the message checked, and one ``check`` for any message that comes in: it
returns a copy (lists for tuples, fresh dicts) or raises ``MessageError``, whose
text names the message type and the field at fault (``ask: groups[0][1][2] is not
a choice ([answer, label])``). ``check`` reads every field before it returns, so a
reader that acts only on what it returns never acts on half a message.

The conversation knows no kind of game. The console shows the hidden side where
it stands (``show``) and offers it choices (``ask``), grouped by *kind* (a ticket,
a line, a hiding place: whatever the game groups them by), and the handheld
answers with the choice picked (``answer``). The words are the console's, in the
language it speaks, made for the screen they go to (a handheld's 16 columns, a
phone's page): ``words`` brings the game's vocabulary, its kinds and phrases,
before the first screen and again whenever the language changes, so the screens
refer to it by key and change language at once, and stay small.

A *text* is a string, shown as it is (the console's own words: a lesson, a
refusal), or a phrase of the words by its key, ``[key]``, or ``[key, arg]`` with
the phrase's ``%s`` standing for *arg* (``["at", "117"]``: "at 117").

The vocabulary:

console to handheld:

- ``words`` {kinds: {key: [name, title, ask, say, tone]}, phrases: {key: string}}:
  each kind's *name* (in a count or a log line: ``under``), *title* (over its
  choices: ``underground:``), *ask* (confirming one of its choices, ``%s`` the
  choice's label: ``Underground to %s?``), *say* (the choice sent: ``Underground
  to %s``) and *tone* (a colour's name for screens with colours: ``red``; ``""``
  none); and the phrases the texts name;
- ``show`` {who, heading, counts, lines, note, log (optional)}: where the hidden
  side stands, between its turns;
- ``ask`` {who, heading, counts, lines, warning, groups, option (optional),
  caution, hand_over, hint (optional)}: its turn, a choice among the groups';
- ``accepted`` {note}: the choice was played (*note*: what it revealed);
- ``refused`` {reason}, ``wait`` {} (the turn was withdrawn), ``game_over`` {result}.

Their fields: *who* (a text) holds the handheld; *heading* is a list of
``[left, right]`` texts, the first the screen has room for shown (a small screen
tries the others in order, the last shown cut); *counts* ``[[kind, count or
null]]`` (null: held, not counted); *lines* texts said about where it stands;
*note* and *warning* (over the list) and *caution* (on the confirm screen) texts,
``""`` for none; *log* ``[[kind, label]]`` what it did, oldest first (left out:
the game keeps no log); *groups* ``[[kind, [[answer, label], ...]]]`` the choices
in the order listed; *option* ``[off, on, note]`` texts of a yes or no the choice
may carry (a double move); *hand_over*: the handheld goes to another player first
(it goes dark); *hint* a guided game's lesson, shown before the list (left out, or
``""``: none).

handheld to console: ``answer`` {choice, option (optional, false when left out)}:
*choice* is one of the answers the last ``ask`` listed; ``unreadable`` {reason}:
the handheld could not read a message the console sent (its firmware is older or
newer than the console's).

Booleans are JSON true and false (not 0 or 1), counts are integers (not true or
false).

Written in the subset MicroPython shares with CPython (no annotations, no f-strings, no re).
"""

TO_HANDHELD = ("words", "show", "ask", "accepted", "refused", "wait", "game_over")
TO_CONSOLE = ("answer", "unreadable")
TYPES = TO_HANDHELD + TO_CONSOLE

SCREENS = ("show", "ask", "wait", "game_over")
"""Messages that set the handheld's whole screen: a handheld that comes back needs the words, the last of these and what
followed it."""

KIND_FIELDS = ("name", "title", "ask", "say", "tone")
"""A kind's words in ``words``, in order."""

_SHOWN = 40
"""Characters of an unknown name quoted in an error (the error travels in a frame)."""


class MessageError(ValueError):
    """Not a message of the protocol; the text names the message type and the field at fault."""


def _quoted(text):
    return repr(text[:_SHOWN])


def _at(where, index):
    """*where*, item *index*: ``groups[2]``."""
    return where + "[" + str(index) + "]"


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_list(value):
    return isinstance(value, (list, tuple))


def _bool(value, where):
    if value is not True and value is not False:
        raise MessageError(where + " is not true or false")
    return value


def _string(value, where):
    if not isinstance(value, str):
        raise MessageError(where + " is not a string")
    return value


def _key(value, where):
    if not isinstance(value, str) or not value:
        raise MessageError(where + " is not a key (a string, not empty)")
    return value


def _text(value, where):
    """A string, or a phrase: ``[key]`` or ``[key, arg]``."""
    if isinstance(value, str):
        return value
    if not _is_list(value) or not 1 <= len(value) <= 2 or not isinstance(value[0], str) or not value[0] \
            or not all(isinstance(part, str) for part in value):
        raise MessageError(where + " is not a text (a string, or [key] or [key, arg] of strings)")
    return list(value)


def _list_of(item):
    """A field checker for a list whose every item *item* checks."""

    def items(value, where):
        if not _is_list(value):
            raise MessageError(where + " is not a list")
        return [item(entry, _at(where, index)) for index, entry in enumerate(value)]

    return items


def _pair(first, second, shape):
    """A field checker for a list of two, checked by *first* and *second*; *shape* names it in an error."""

    def pair(value, where):
        if not _is_list(value) or len(value) != 2:
            raise MessageError(where + " is not " + shape)
        return [first(value[0], _at(where, 0)), second(value[1], _at(where, 1))]

    return pair


def _count(value, where):
    if value is None:
        return None
    if not _is_int(value) or value < 0:
        raise MessageError(where + " is not a count (0 or more, or null)")
    return int(value)


def _heading(value, where):
    alternatives = _list_of(_pair(_text, _text, "[left, right]"))(value, where)
    if not alternatives:
        raise MessageError(where + " is empty (one [left, right] at least)")
    return alternatives


def _option(value, where):
    if not _is_list(value) or len(value) != 3:
        raise MessageError(where + " is not [off, on, note]")
    return [_text(part, _at(where, index)) for index, part in enumerate(value)]


def _kind(value, where):
    if not _is_list(value) or len(value) != len(KIND_FIELDS):
        raise MessageError(where + " is not [" + ", ".join(KIND_FIELDS) + "]")
    return [_string(part, _at(where, index)) for index, part in enumerate(value)]


def _table_of(item):
    """A field checker for an object whose keys are keys and whose every value *item* checks."""

    def table(value, where):
        if not isinstance(value, dict):
            raise MessageError(where + " is not an object")
        for name in value:
            _key(name, where + " key")
        return {name: item(value[name], where + "[" + _quoted(name) + "]") for name in sorted(value)}

    return table


_counts = _list_of(_pair(_key, _count, "[kind, count]"))
_texts = _list_of(_text)
_log = _list_of(_pair(_key, _string, "[kind, label]"))
_groups = _list_of(_pair(_key, _list_of(_pair(_key, _string, "a choice ([answer, label])")), "[kind, choices]"))

_FIELDS = {
    "words": (("kinds", _table_of(_kind)), ("phrases", _table_of(_string))),
    "show": (("who", _text), ("heading", _heading), ("counts", _counts), ("lines", _texts), ("note", _text), ("log", _log)),
    "ask": (("who", _text), ("heading", _heading), ("counts", _counts), ("lines", _texts), ("warning", _text),
            ("groups", _groups), ("option", _option), ("caution", _text), ("hand_over", _bool), ("hint", _string)),
    "accepted": (("note", _text),),
    "refused": (("reason", _string),),
    "wait": (),
    "game_over": (("result", _string),),
    "answer": (("choice", _key), ("option", _bool)),
    "unreadable": (("reason", _string),),
}
"""Each type's fields in order, each with the function that checks it (and returns its copy)."""

_OPTIONAL = {"show": ("log",), "ask": ("option", "hint"), "answer": ("option",)}
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


def phrase(key, arg=None):
    """The text naming the phrase *key* of the words (with *arg*, as a string, for its ``%s``): ``phrase("at", 117)``."""
    return [key] if arg is None else [key, str(arg)]


# ------------------------------------------------------------ console to handheld


def words(kinds, phrases):
    """The game's vocabulary: *kinds* ``{key: [name, title, ask, say, tone]}`` and *phrases* ``{key: string}``."""
    return check({"type": "words", "kinds": kinds, "phrases": phrases})


def show(who, heading, counts, lines, note, log=None):
    """Where the hidden side stands between its turns (*log*: None when the game keeps none)."""
    message = {"type": "show", "who": who, "heading": heading, "counts": counts, "lines": lines, "note": note}
    if log is not None:
        message["log"] = log
    return check(message)


def ask(who, heading, counts, lines, warning, groups, caution, hand_over, option=None, hint=""):
    """Its turn: a choice among *groups*; *option*: None, or the words of the yes or no it may carry; *hint*: a guided
    game's lesson ("" none: the field is left out)."""
    message = {"type": "ask", "who": who, "heading": heading, "counts": counts, "lines": lines, "warning": warning,
               "groups": groups, "caution": caution, "hand_over": hand_over}
    if option is not None:
        message["option"] = option
    if hint != "":
        message["hint"] = hint
    return check(message)


def accepted(note=""):
    """The choice was played; *note*: what it revealed ("" nothing)."""
    return check({"type": "accepted", "note": note})


def refused(reason):
    return check({"type": "refused", "reason": reason})


def wait():
    """The turn was withdrawn: wait for it to come again."""
    return check({"type": "wait"})


def game_over(result):
    return check({"type": "game_over", "result": result})


# ------------------------------------------------------------ handheld to console


def answer(choice, option=False):
    """The choice picked, one of the last ask's answers (*option*: its yes or no said yes; the field is left out when false)."""
    message = {"type": "answer", "choice": choice}
    if option is not False:
        message["option"] = option
    return check(message)


def unreadable(reason):
    """The handheld could not read a message from the console; *reason* says why."""
    return check({"type": "unreadable", "reason": reason})
