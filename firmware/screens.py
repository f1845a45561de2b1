"""What Mister X reads on the handheld: one function per screen, 16 columns by 8 lines.

Each screen function returns a page: a tuple of 8 text lines and a tuple of the
rows drawn inverted (the cursor). ``draw`` puts a page on any framebuf-like
canvas of 128x64 pixels in the 8x8 font. Words first, pixels second: tests and
the simulator can read a screen back as text, and two pages compare equal
exactly when they would light the same pixels.
"""

COLUMNS = 16
ROWS = 8
GLYPH = 8

TICKETS = ("taxi", "bus", "underground", "boat", "black", "double")
"""Tickets in the order they are listed; names the handheld does not know come after, then ``STAY``.

``boat`` is Scotland Yard Junior's: a line of its own there.
"""

STAY = "stay"
"""The Junior rogue's "ticket" for staying on his own station: listed last, away from the cursor's first row."""

NAME = "Mister X"
"""Who holds the handheld, when the console names no one else (Junior: "Mister FOX", "ROXy")."""

KEYS_WAITING = "<>=log Hide=dark"
"""The keys between his turns, each by the word on it (the simulator's pane labels them so): a log, a dark screen."""
KEYS_CONFIRM = "OK=send Hide=no"
"""The keys on the confirm screen: OK sends the move; Hide darkens the screen and takes him back to the list."""
KEYS_LESSON = "OK=moves"
"""The key on a guided turn's lesson: OK (any button but Hide) goes on to the list of moves."""

_SHORT = {"underground": "under", "double": "2x"}
"""Names shortened to fit a five-letter ticket cell."""


def short(ticket):
    return _SHORT.get(ticket, ticket)


def title(ticket):
    return ticket[:1].upper() + ticket[1:]


def spread(left, right):
    """*left* and *right* on one line, *right* flush with the right edge."""
    gap = COLUMNS - len(left) - len(right)
    return left + " " * max(gap, 1) + right


def centred(text):
    return " " * ((COLUMNS - len(text)) // 2) + text


def wrap(text, width=COLUMNS):
    """*text* in lines of at most *width* columns, broken between words where it can be."""
    lines = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line = line + " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def page(lines, marks=()):
    """A page: exactly 8 lines of at most 16 columns (cut, padded with empty lines)."""
    lines = [line[:COLUMNS] for line in lines[:ROWS]]
    while len(lines) < ROWS:
        lines.append("")
    return (tuple(lines), tuple(marks))


BLANK = page(())
"""The dark screen: hidden, or idle."""


def ordered(names):
    """Ticket names in the listing order (known ones first), each once."""
    names = list(names)
    known = [name for name in TICKETS if name in names]
    rest = []
    for name in names:
        if name not in TICKETS and name != STAY and name not in rest:
            rest.append(name)
    return known + rest + ([STAY] if STAY in names else [])


def ticket_lines(tickets):
    """His tickets, two five-letter cells a line: ``taxi  4 bus   3``."""
    cells = ["%-5s%2d" % (short(name), tickets[name]) for name in ordered(tickets)]
    return [" ".join(cells[i:i + 2]) for i in range(0, len(cells), 2)]


def header(round_number, station, who=None):
    """``Round 4   at 117``; with a rogue's name *who*, the name instead of the round.

    ``ROXy      at 138``, or ``Mister FOX   138`` where "at" does not fit too; a
    name too long for either leaves the round heading.
    """
    if who:
        for right in ("at %s" % station, str(station)):
            if len(who) + 1 + len(right) <= COLUMNS:
                return spread(who, right)
    return spread("Round %d" % round_number, "at %s" % station)


def _window(rows, top, height):
    """*height* rows from *top*, with ``^`` / ``v`` in the last column where more lies above / below."""
    shown = list(rows[top:top + height])
    if top > 0 and shown:
        shown[0] = "%-15s^" % shown[0][:COLUMNS - 1]
    if top + height < len(rows) and shown:
        shown[-1] = "%-15sv" % shown[-1][:COLUMNS - 1]
    return shown


def pairing(connected, who=None):
    """No game yet: who this is, and whether the console is there."""
    status = "connected" if connected else "not connected"
    return page(["", centred(who or NAME), "", "waiting for the", "console", "", centred(status)])


def waiting(round_number, station, tickets, seen, connected, who=None):
    """Between his turns: where he is, what he holds, where he was just seen (and a rogue's name)."""
    lines = [header(round_number, station)] + ticket_lines(tickets)
    while len(lines) < 5:
        lines.append("")
    if who and not lines[4]:
        lines[4] = centred(who)
    lines.append("seen at %s!" % ",".join(str(s) for s in seen) if seen else "")
    lines.append("wait your turn" if connected else "not connected")
    lines.append(KEYS_WAITING)
    return page(lines)


def move_rows(tickets, moves):
    """The rows of the turn list: his ticket counts, then each ticket's moves under its name.

    Returns a list of (text, move): *move* is the host's ``[station, ticket]``
    the row picks, or None for a row that only labels. A Junior rogue's stay
    comes last, as ``stay:`` over his own station.
    """
    rows = [(line, None) for line in ticket_lines(tickets)]
    for ticket in ordered(move[1] for move in moves):
        rows.append((ticket + ":", None))
        rows.extend(("  %s" % move[0], move) for move in sorted((m for m in moves if m[1] == ticket), key=lambda m: m[0]))
    if not moves:
        rows.append(("no move", None))
    return rows


def list_height(warning):
    """How many rows of the turn list show under its header (and the warning, if any)."""
    return ROWS - 1 - (1 if warning else 0)


def choose(heading, rows, top, cursor, warning):
    """His turn: *heading*, the *warning* if his move will be seen, the list of rows with the cursor."""
    lines = [heading]
    if warning:
        lines.append(warning)
    texts = [text for text, _ in rows]
    if cursor >= 0:
        texts[cursor] = ">" + texts[cursor][1:]
    body = _window(texts, top, list_height(warning))
    marks = (len(lines) + cursor - top,) if top <= cursor < top + len(body) else ()
    return page(lines + body, marks)


def _journey(move, ending):
    """Two lines for a move: ``Bus to 117?`` and a blank, or ``Underground`` over ``to 117?``; ``Stay at 138?``."""
    station, ticket = move
    place = "at" if ticket == STAY else "to"
    words = "%s %s %s%s" % (title(ticket), place, station, ending)
    return [words, ""] if len(words) <= COLUMNS else [title(ticket), "%s %s%s" % (place, station, ending)]


def confirm(heading, move, double, reveal):
    """Is this the move? *double* is None when a double move is not on offer, else whether it is chosen."""
    lines = [heading, ""] + _journey(move, "?")
    lines.append("" if double is None else "double  < %s >" % ("yes" if double else "no "))
    if double:
        lines.append("first of two")
    if reveal:
        lines.append("SEEN by all!")
    while len(lines) < ROWS - 1:
        lines.append("")
    return page(lines + [KEYS_CONFIRM])


def sending(move, connected):
    """His move is on its way; the console answers."""
    return page([""] + _journey(move, "") + ["sending...", "", "" if connected else "not connected"])


def sent(seen):
    """The console took his move: hide the handheld (and he now knows he was seen)."""
    note = "seen at %s!" % ",".join(str(s) for s in seen) if seen else ""
    return page(["", centred("move sent"), "", centred("hide the"), centred("handheld"), "", centred(note)])


def refused(reason):
    return page(["move refused:", ""] + wrap(reason))


LOG_ROWS = ROWS - 1
"""Travel-log lines on one screen (under its heading)."""


def travel_log(log, top):
    """His own travel log, one move a line: number, ticket, station."""
    rows = ["%2d %-5s %s" % (n + 1, short(str(ticket)), station) for n, (ticket, station) in enumerate(log)]
    return page([spread("Log", "%d moves" % len(log))] + (_window(rows, top, LOG_ROWS) or ["no moves yet"]))


LESSON_ROWS = ROWS - 1
"""Lines of a lesson on one screen (under its heading); a longer one scrolls."""
LESSON_COLUMNS = COLUMNS - 1
"""A lesson's width: its last column is left to the scroll marks, which never hide a letter."""


def lesson_lines(hint):
    """The console's *hint* as the lesson's lines."""
    return wrap(hint, LESSON_COLUMNS)


def lesson(lines, top):
    """A guided turn's lesson, its ``lesson_lines`` from line *top*: what to choose, and why (under an inverted heading,
    which sets it apart from the list it leads to)."""
    return page([spread("lesson:", KEYS_LESSON)] + _window(lines, top, LESSON_ROWS), (0,))


def game_over(result):
    return page(["Game over", ""] + wrap(result))


def cover(who=None, passing=False):
    """His turn came while the screen was dark: say so, and nothing secret.

    *passing*: the handheld goes from one rogue to the other (Junior's FOX and
    ROXy): ``Pass me to`` and the name *who* whose turn it is.
    """
    if passing:
        return page(["", centred("Pass me to"), "", centred(who or NAME), "", centred("press a button")])
    return page(["", centred(who or NAME), "", centred("your turn"), "", centred("press a button")])


def failure(error):
    """The firmware stopped on an error: show it, so a player can report it."""
    return page(["handheld error", ""] + wrap(error))


def draw(canvas, shown):
    """Put the page *shown* on *canvas* (clears it first; marked rows are white with black text).

    A marked row's bar starts one pixel above its line, over the previous line's
    descender row, so the letters, which fill the top seven rows of their eight,
    have a white edge above and below.
    """
    lines, marks = shown
    canvas.fill(0)
    for row, text in enumerate(lines):
        y = row * GLYPH
        if row in marks:
            canvas.fill_rect(0, y - 1, COLUMNS * GLYPH, GLYPH + 1, 1)
            canvas.text(text, 0, y, 0)
        elif text:
            canvas.text(text, 0, y, 1)
