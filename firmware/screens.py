"""What the hidden side reads on the handheld: one function per screen, 16 columns by 8 lines in English.

Each screen function returns a page: a tuple of text lines, as many as the
screen holds in the language in use (``rows``: 8 in English), and a tuple of
the rows drawn inverted (the cursor). ``draw`` puts a page on any framebuf-like
canvas of 128x64 pixels: ASCII in the built-in 8x8 font, any other character
from the language's glyphs (Korean: 12x12 cells, 5 lines of 12 pixels; see
``language.handheld_font``). Words first, pixels second: tests and the
simulator can read a screen back as text, and two pages compare equal exactly
when they would light the same pixels.

The words are the handheld's own (``language._``: in the language the console
speaks: its keys, its notices, its status) or the console's (the game's words,
a refusal's reason, a lesson, the result: sent in its language, and read from
its ``words`` by the UI before a screen function sees them). No screen knows a
kind of game: the console says what a heading, a count or a choice reads. A line is measured in pixels (``width``: 8 an
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

CELL = 5
"""Columns of a kind's name in a count's cell and in the log."""


def holder(who=None):
    """Who holds the handheld: *who*, as the console names him, else Mister X (before a game says)."""
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


def count_lines(counts):
    """What he holds, two five-letter cells a line: ``taxi  4 bus   3`` (*counts*: ``(name, count or None)``, None for
    held but not counted)."""
    cells = [pad(name, CELL) + ("  " if count is None else "%2d" % count) for name, count in counts]
    return [" ".join(cells[i:i + 2]) for i in range(0, len(cells), 2)]


def header(alternatives):
    """The heading: the first of the ``(left, right)`` *alternatives* that fits a line, spread across it (the last,
    cut, where none fits): ``Round 4   at 117``, ``ROXy      at 138``, ``Mister FOX   138``."""
    for left, right in alternatives:
        if width(left) + 8 + width(right) <= WIDTH:
            return spread(left, right)
    left, right = alternatives[-1]
    return spread(left, right)


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


def waiting(heading, counts, said, note, connected):
    """Between his turns: where he stands (*heading*), what he holds (*counts*), the console's lines about it (*said*,
    centred under them: a rogue's name), its *note* (where his last move was seen). A shorter screen leaves out the
    keys' hint first, then that he waits (but not that the console is away), then the first of the console's lines."""
    lines = [heading] + count_lines(counts)
    while len(lines) < 4:
        lines.append("")
    lines += [centred(line) for line in said]
    while len(lines) < 5:
        lines.append("")
    lines.append(note)
    lines.append(_("wait your turn") if connected else _("not connected"))
    lines.append(_("<>=log Hide=dark"))
    last = len(lines) - 1
    return page(lines, spare=(last, last - 1, 4) if connected else (last, 4, last - 2))


def move_rows(counts, groups):
    """The rows of the turn list: what he holds, then each group's choices under its title.

    *groups* are ``(title, [(answer, label), ...])``. Returns a list of (text, answer): *answer* is the one the row
    picks, or None for a row that only labels.
    """
    rows = [(line, None) for line in count_lines(counts)]
    for title, choices in groups:
        rows.append((title, None))
        rows.extend(("  %s" % label, answer) for answer, label in choices)
    if not any(choices for _title, choices in groups):
        rows.append((_("no move"), None))
    return rows


def list_height(warning):
    """How many rows of the turn list show under its header (and the warning, if any)."""
    return rows() - 1 - (1 if warning else 0)


def choose(heading, rows, top, cursor, warning):
    """His turn: *heading*, the *warning* if any, the list of rows with the cursor."""
    lines = [heading]
    if warning:
        lines.append(warning)
    texts = [row[0] for row in rows]
    if cursor >= 0:
        texts[cursor] = ">" + texts[cursor][1:]
    body = _window(texts, top, list_height(warning))
    marks = (len(lines) + cursor - top,) if top <= cursor < top + len(body) else ()
    return page(lines + body, marks)


def _journey(words):
    """Two lines for a choice said: ``Bus to 117?`` and a blank; one too long for a line broken after its first word
    (``Underground`` over ``to 117?``)."""
    if width(words) <= WIDTH:
        return [words, ""]
    first, _space, rest = words.partition(" ")
    return [first, rest]


def confirm(heading, question, option, chosen, caution):
    """Is this the choice (*question*: ``Bus to 108?``)? *option* is None when no yes or no comes with it, else its
    words ``(off, on, note)``, *chosen* whether it is on; *caution* what the choice will do ("" nothing). A shorter
    screen leaves out the option's note first, then the heading."""
    lines = [heading, ""] + _journey(question)
    lines.append("" if option is None else option[1] if chosen else option[0])
    on = option is not None and chosen
    if on:
        lines.append(option[2])
    if caution:
        lines.append(caution)
    while len(lines) < ROWS - 1:
        lines.append("")
    return page(lines + [_("OK=send Hide=no")], spare=(5, 0) if on else (0,))


def sending(said, connected):
    """His choice (*said*: ``Bus to 108``) is on its way; the console answers."""
    return page([""] + _journey(said) + [_("sending..."), "", "" if connected else _("not connected")])


def sent(note):
    """The console took his choice: hide the handheld (and he now knows what it revealed: *note*)."""
    hide = [centred(line) for line in wrap(_("hide the handheld"))[:2]]
    return page(["", centred(_("move sent")), ""] + hide + [""] * (3 - len(hide)) + [centred(note)])


def refused(reason):
    """The console refused his move: its *reason*, in its words."""
    return page([_("move refused:"), ""] + wrap(reason))


def log_rows():
    """Travel-log lines on one screen (under its heading)."""
    return rows() - 1


def travel_log(entries, top):
    """What he did, one line an entry (*entries*: ``(name, label)``): number, name, label."""
    lines = ["%2d " % (n + 1) + pad(name, CELL) + " " + label for n, (name, label) in enumerate(entries)]
    count = _("1 move") if len(entries) == 1 else _("%d moves") % len(entries)
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

    *passing*: the handheld goes from one player to another (Junior's FOX and
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
