"""What Mister X reads on the handheld: one function per screen, 16 columns by 8 lines in English.

Each screen function returns a page: a tuple of text lines, as many as the
screen holds in the language in use (``rows``: 8 in English), and a tuple of
the rows drawn inverted (the cursor). ``draw`` puts a page on any framebuf-like
canvas of 128x64 pixels: ASCII in the built-in 8x8 font, any other character
from the language's glyphs (Korean: 12x12 cells, 5 lines of 12 pixels; see
``hardware.language.handheld_font``). Words first, pixels second: tests and the
simulator can read a screen back as text, and two pages compare equal exactly
when they would light the same pixels.

The words are the handheld's own (``language._``: in the language the console
speaks) or the console's (a refusal's reason, a lesson, a rogue's name, the
result: sent in its language). A line is measured in pixels (``width``: 8 an
ASCII character, the glyph's advance for any other), never in bytes, and holds
128; ``COLUMNS`` are the built-in font's 8-pixel columns. A screen of fewer lines
keeps a page's most important ones (``page``'s *spare* lines go first, after its
blank ones). The words on the keys name each key by its label, as the
simulator's pane labels it in the same language: ``<>=log Hide=dark`` between
his turns, ``OK=send Hide=no`` on the confirm screen, ``OK=moves`` on a lesson.
"""

try:
    from .language import _, advance, glyph, metric
except ImportError:
    from language import _, advance, glyph, metric

COLUMNS = 16
ROWS = 8
"""The lines of a screen in the built-in font (``rows``: in the language in use)."""
GLYPH = 8
WIDTH = 128
"""A line's pixels."""

TICKETS = ("taxi", "bus", "underground", "boat", "black", "double")
"""Tickets in the order they are listed; names the handheld does not know come after, then ``STAY``.

``boat`` is Scotland Yard Junior's: a line of its own there.
"""

STAY = "stay"
"""The Junior rogue's "ticket" for staying on his own station: listed last, away from the cursor's first row."""

CELL = 5
"""Columns of a ticket's name in the tickets line and the log."""


def _tickets():
    """Each ticket's words in the language in use: its name in a ``CELL``, its heading over its moves, its move."""
    return {
        "taxi": (_("taxi"), _("taxi:"), _("Taxi to %s")),
        "bus": (_("bus"), _("bus:"), _("Bus to %s")),
        "underground": (_("under"), _("underground:"), _("Underground to %s")),
        "black": (_("black"), _("black:"), _("Black to %s")),
        "boat": (_("boat"), _("boat:"), _("Boat to %s")),
        "double": (_("2x"), "", ""),
        STAY: (_("stay"), _("stay:"), _("Stay at %s")),
    }


def short(ticket):
    """*ticket*'s name in a ticket cell (``under``, ``2x``); a name the handheld does not know, as the console sent it."""
    words = _tickets().get(ticket)
    return words[0] if words else ticket


def _heading(ticket):
    """The line over *ticket*'s moves: ``taxi:``."""
    words = _tickets().get(ticket)
    return words[1] if words else ticket + ":"


def holder(who=None):
    """Who holds the handheld: *who*, the name the console gives (Junior: "Mister FOX", "ROXy"), else Mister X."""
    return who or _("Mister X")


def rows():
    """The lines a screen holds in the language in use."""
    return metric("ROWS")


def width(text):
    """*text*'s pixels on a line."""
    return sum(advance(char) for char in text)


def cut(text, pixels=WIDTH):
    """*text*, cut to *pixels*."""
    while width(text) > pixels:
        text = text[:-1]
    return text


def pad(text, columns):
    """*text* with spaces after it up to *columns* of 8 pixels (``%-5s`` would count bytes on MicroPython, three a
    syllable)."""
    return text + " " * max(0, (columns * 8 - width(text) + 7) // 8)


def spread(left, right):
    """*left* and *right* on one line, *right* flush with the right edge."""
    gap = (WIDTH - width(left) - width(right)) // 8
    return left + " " * max(gap, 1) + right


def centred(text):
    return " " * ((WIDTH - width(text)) // 16) + text


def wrap(text, columns=COLUMNS):
    """*text* in lines of at most *columns* 8-pixel columns, broken between words where it can be."""
    pixels = columns * 8
    lines = []
    line = ""
    for word in text.split():
        while width(word) > pixels:
            if line:
                lines.append(line)
                line = ""
            head = cut(word, pixels)
            lines.append(head)
            word = word[len(head):]
        if not line:
            line = word
        elif width(line) + 8 + width(word) <= pixels:
            line = line + " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def page(lines, marks=(), spare=()):
    """A page: exactly ``rows()`` lines, each cut to the screen's width, padded with empty lines.

    Where the screen holds fewer lines than given, its blank lines go first (the last first), then the lines at the
    indices *spare* names, in its order; the marks follow the lines they mark.
    """
    kept = list(range(len(lines)))
    limit = rows()
    for index in [i for i in reversed(kept) if not lines[i]] + list(spare):
        if len(kept) <= limit:
            break
        if index in kept:
            kept.remove(index)
    kept = kept[:limit]
    shown = [cut(lines[i]) for i in kept]
    while len(shown) < limit:
        shown.append("")
    return (tuple(shown), tuple(kept.index(mark) for mark in marks if mark in kept))


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
    cells = [pad(short(ticket), CELL) + "%2d" % tickets[ticket] for ticket in ordered(tickets)]
    return [" ".join(cells[i:i + 2]) for i in range(0, len(cells), 2)]


def header(round_number, station, who=None):
    """``Round 4   at 117``; with a rogue's name *who*, the name instead of the round.

    ``ROXy      at 138``, or ``Mister FOX   138`` where "at" does not fit too; a
    name too long for either leaves the round heading.
    """
    at = _("at %s") % station
    if who:
        for right in (at, str(station)):
            if width(who) + 8 + width(right) <= WIDTH:
                return spread(who, right)
    return spread(_("Round %d") % round_number, at)


def _window(lines, top, height):
    """*height* lines from *top*, with ``^`` / ``v`` in the last column where more lies above / below."""
    shown = list(lines[top:top + height])
    if top > 0 and shown:
        shown[0] = _marked(shown[0], "^")
    if top + height < len(lines) and shown:
        shown[-1] = _marked(shown[-1], "v")
    return shown


def _marked(line, mark):
    """*line* with *mark* in the last column (the line cut short of it)."""
    line = cut(line, WIDTH - 8)
    return line + " " * ((WIDTH - 8 - width(line)) // 8) + mark


def pairing(connected, who=None):
    """No game yet: who this is, and whether the console is there."""
    status = _("connected") if connected else _("not connected")
    waiting_for = wrap(_("waiting for the console"))[:2]
    return page(["", centred(holder(who)), ""] + waiting_for + [""] * (3 - len(waiting_for)) + [centred(status)])


def waiting(round_number, station, tickets, seen, connected, who=None):
    """Between his turns: where he is, what he holds, where he was just seen (and a rogue's name). A shorter screen
    leaves out the keys' hint first, then that he waits (but not that the console is away), then the name."""
    lines = [header(round_number, station)] + ticket_lines(tickets)
    while len(lines) < 5:
        lines.append("")
    if who and not lines[4]:
        lines[4] = centred(who)
    lines.append(_seen(seen))
    lines.append(_("wait your turn") if connected else _("not connected"))
    lines.append(_("<>=log Hide=dark"))
    last = len(lines) - 1
    return page(lines, spare=(last, last - 1, 4) if connected else (last, 4, last - 2))


def _seen(seen):
    """Where his last move was seen (``seen at 105!``); "" when it was not."""
    return _("seen at %s!") % ",".join(str(station) for station in seen) if seen else ""


def move_rows(tickets, moves):
    """The rows of the turn list: his ticket counts, then each ticket's moves under its name.

    Returns a list of (text, move): *move* is the host's ``[station, ticket]``
    the row picks, or None for a row that only labels. A Junior rogue's stay
    comes last, as ``stay:`` over his own station.
    """
    rows = [(line, None) for line in ticket_lines(tickets)]
    for ticket in ordered(move[1] for move in moves):
        rows.append((_heading(ticket), None))
        rows.extend(("  %s" % move[0], move) for move in sorted((m for m in moves if m[1] == ticket), key=lambda m: m[0]))
    if not moves:
        rows.append((_("no move"), None))
    return rows


def list_height(warning):
    """How many rows of the turn list show under its header (and the warning, if any)."""
    return rows() - 1 - (1 if warning else 0)


def choose(heading, rows, top, cursor, warning):
    """His turn: *heading*, the *warning* if his move will be seen, the list of rows with the cursor."""
    lines = [heading]
    if warning:
        lines.append(warning)
    texts = [row[0] for row in rows]
    if cursor >= 0:
        texts[cursor] = ">" + texts[cursor][1:]
    body = _window(texts, top, list_height(warning))
    marks = (len(lines) + cursor - top,) if top <= cursor < top + len(body) else ()
    return page(lines + body, marks)


def _journey(move, ending):
    """Two lines for a move: ``Bus to 117?`` and a blank; one too long for a line broken after its first word
    (``Underground`` over ``to 117?``)."""
    station, ticket = move
    words = _tickets()[ticket][2] % station + ending
    if width(words) <= WIDTH:
        return [words, ""]
    first, _space, rest = words.partition(" ")
    return [first, rest]


def confirm(heading, move, double, reveal):
    """Is this the move? *double* is None when a double move is not on offer, else whether it is chosen. A shorter
    screen leaves out "first of two" first, then the heading."""
    lines = [heading, ""] + _journey(move, "?")
    lines.append("" if double is None else _("double  < yes >") if double else _("double  < no  >"))
    if double:
        lines.append(_("first of two"))
    if reveal:
        lines.append(_("SEEN by all!"))
    while len(lines) < ROWS - 1:
        lines.append("")
    return page(lines + [_("OK=send Hide=no")], spare=(5, 0) if double else (0,))


def sending(move, connected):
    """His move is on its way; the console answers."""
    return page([""] + _journey(move, "") + [_("sending..."), "", "" if connected else _("not connected")])


def sent(seen):
    """The console took his move: hide the handheld (and he now knows he was seen)."""
    hide = [centred(line) for line in wrap(_("hide the handheld"))[:2]]
    return page(["", centred(_("move sent")), ""] + hide + [""] * (3 - len(hide)) + [centred(_seen(seen))])


def refused(reason):
    """The console refused his move: its *reason*, in its words."""
    return page([_("move refused:"), ""] + wrap(reason))


def log_rows():
    """Travel-log lines on one screen (under its heading)."""
    return rows() - 1


def travel_log(log, top):
    """His own travel log, one move a line: number, ticket, station."""
    lines = ["%2d " % (n + 1) + pad(short(str(ticket)), CELL) + " %s" % station for n, (ticket, station) in enumerate(log)]
    count = _("1 move") if len(log) == 1 else _("%d moves") % len(log)
    return page([spread(_("Log"), count)] + (_window(lines, top, log_rows()) or [_("no moves yet")]))


def lesson_rows():
    """Lines of a lesson on one screen (under its heading); a longer one scrolls."""
    return rows() - 1


LESSON_COLUMNS = COLUMNS - 1
"""A lesson's width: its last column is left to the scroll marks, which never hide a letter."""


def lesson_lines(hint):
    """The console's *hint* as the lesson's lines."""
    return wrap(hint, LESSON_COLUMNS)


def lesson(lines, top):
    """A guided turn's lesson, its ``lesson_lines`` from line *top*: what to choose, and why (under an inverted heading,
    which sets it apart from the list it leads to)."""
    return page([spread(_("lesson:"), _("OK=moves"))] + _window(lines, top, lesson_rows()), (0,))


def game_over(result):
    """The game is over: the console's *result*, in its words."""
    return page([_("Game over"), ""] + wrap(result))


def cover(who=None, passing=False):
    """His turn came while the screen was dark: say so, and nothing secret.

    *passing*: the handheld goes from one rogue to the other (Junior's FOX and
    ROXy): ``Pass me to`` and the name *who* whose turn it is.
    """
    press = centred(_("press a button"))
    if passing:
        return page(["", centred(_("Pass me to")), "", centred(holder(who)), "", press])
    return page(["", centred(holder(who)), "", centred(_("your turn")), "", press])


def failure(error):
    """The firmware stopped on an error: show it, so a player can report it."""
    return page([_("handheld error"), ""] + wrap(error))


def draw(canvas, shown):
    """Put the page *shown* on *canvas* (clears it first; marked rows are lit with dark text).

    A marked row's bar starts one pixel above its line, over the previous line's
    last row, so the letters, which leave their cell's last row empty, have a lit
    edge above and below.
    """
    lines, marks = shown
    line, top = metric("LINE"), metric("TOP")
    canvas.fill(0)
    for row, text in enumerate(lines):
        y = top + row * line
        if row in marks:
            canvas.fill_rect(0, y - 1, WIDTH, line + 1, 1)
            _line(canvas, text, y, 0)
        elif text:
            _line(canvas, text, y, 1)


def _line(canvas, text, y, c):
    """One line of *text* at *y* in colour *c*: its ASCII in the canvas's font, on the line's baseline, any other
    character from the language's glyphs (a box where it has none: the canvas's font would draw one cell a byte)."""
    x = 0
    run = ""
    ascii_y = y + metric("ASCII_TOP")
    for char in text:
        if " " <= char <= "~":
            run += char
            continue
        if run:
            canvas.text(run, x, ascii_y, c)
            x += 8 * len(run)
            run = ""
        _cell(canvas, glyph(char), x, y, c)
        x += advance(char)
    if run:
        canvas.text(run, x, ascii_y, c)


def _cell(canvas, rows, x, y, c):
    """The picture *rows* (a square cell, each row as many bytes as it is wide in eights, the leftmost pixel the highest
    bit) at (x, y): its set pixels in colour *c*."""
    size = metric("CELL")
    per_row = (size + 7) // 8
    for row in range(size):
        bits = 0
        for byte in rows[row * per_row:row * per_row + per_row]:
            bits = bits << 8 | byte
        column = 0
        top = 1 << (8 * per_row - 1)
        while bits:
            if bits & top:
                canvas.pixel(x + column, y + row, c)
            bits = (bits << 1) & ((top << 1) - 1)
            column += 1
