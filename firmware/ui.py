"""The hidden side's handheld as a state machine: what it sees, and what its buttons do.

It knows no bytes and no hardware. The console's messages come in as dicts
(``on_message``), buttons by name (``on_button``); both return the messages to
send back. Time comes through ``tick``; ``page`` is what the screen shows now. The
same code runs on the Pico and, under CPython, in the tests and the simulator.

Every message is checked (``messages.check``) before any of it is used: one that
is not of the protocol changes nothing and is answered with ``unreadable``.

It knows no kind of game either. The console says where the hidden side stands
(``show``) and offers its choices (``ask``), grouped, in its own words: ``words``
brings them (each group's kind's name, title, question and statement, and the
phrases the texts name), and every page reads the texts in the words it has
when it is made, so new words (the console changed its language) change the
screen at once. An answer is always one of the choices the console listed.

The Hide button (``back`` here) darkens the screen at once, from anywhere; after
``IDLE_MS`` without a button a screen with a secret on it goes dark too, and the
next button only wakes it. When the console marks an ask ``hand_over`` (another
player takes the handheld: Junior's two rogues) the screen goes dark at once
under a "Pass me to" cover, and only a button shows the new player's list.

In a guided game an ask may carry a ``hint``, the lesson of the turn: it shows as
a page of its own before the list (any button but Hide goes on; up and down first
scroll one too long for the screen), and left or right on the list opens it
again, with the log one more press away. It lasts until the turn ends; a
refusal's notice covers it as it covers the list.

The console says which language it speaks (``set_language``); the handheld's own
words (its keys, its notices) follow at once too.
"""

try:
    from . import language, messages, screens
except ImportError:
    import messages
    import screens

    import language

IDLE_MS = 20000
"""A screen showing a secret goes dark after this long without a button."""

NOTICE_MS = 3000
"""How long "move sent" or "move refused" shows (a button dismisses it sooner)."""

BUTTONS = ("up", "down", "left", "right", "ok", "back")
"""The names ``on_button`` takes (the device's buttons and the simulator's keys map onto them)."""

# What it is doing; a notice, the log page or the dark screen may cover it.
PAIRING = "pairing"  # no game yet
WAITING = "waiting"  # between its turns
CHOOSING = "choosing"  # its turn: the list of choices
CONFIRMING = "confirming"  # "Bus to 117?"
SENDING = "sending"  # the choice is on its way; the console answers
OVER = "over"  # the game is over

_TURN = (CHOOSING, CONFIRMING, SENDING)
_SECRET = (WAITING,) + _TURN

class Ui:
    """The handheld's screens and buttons; ``clock_ms()`` stamps messages that arrive."""

    def __init__(self, clock_ms):
        self.clock_ms = clock_ms
        self.connected = False
        self.language = ""
        """The language the console speaks ("": it has not said; English)."""
        language.use(self.language)
        self.buzzes = 0
        """Counts its turns starting, for the optional buzzer."""
        self.mode = PAIRING
        self.awake = True
        self.ringing = False  # its turn came while dark: show the cover, which tells nothing secret
        self.passing = False  # the cover asks to pass the handheld on
        self.last_button = clock_ms()
        self.notice = None  # a notice's screen function and its argument: made when shown, in the words then
        self.notice_until = 0
        self.showing_log = False
        self.log_top = 0
        self.hint = ""  # a guided turn's lesson, as the console sent it
        self.lesson = []  # the hint, wrapped into the screen's lines
        self.showing_lesson = False
        self.lesson_top = 0
        self.result = ""
        # The console's words, and what it last said.
        self.kinds = {}  # each kind's [name, title, ask, say, tone]
        self.phrases = {}
        self.who = None  # who holds it, a text (None: before a game says)
        self.standing = None  # the last show
        self.note = ""  # the last show's note (where its last move was seen), until a turn starts
        self.question = None  # the last ask
        # Its turn.
        self.rows = []
        self.cursor = -1
        self.top = 0
        self.option = False  # the ask's yes or no, said yes
        self.picked = None  # the answer on its way

    # ------------------------------------------------------------ the console

    def set_connected(self, connected):
        self.connected = bool(connected)

    def set_language(self, code):
        """Speak the console's language *code* from the next page on (English where the handheld lacks it)."""
        self.language = code
        language.use(code)
        self._relist()
        self.lesson = screens.lesson_lines(self.hint)  # the lesson in its glyphs' lines (its words come again from the console)
        self.lesson_top = 0

    def on_message(self, message):
        """Take in one message from the console; returns the messages to send back (a list, mostly empty).

        A message that is not of the protocol, or not one for the handheld, changes
        nothing and is answered with ``unreadable`` (the console can then ask for the
        handheld's firmware to be brought up to date).
        """
        try:
            message = messages.check(message)
            handler = _HANDLERS.get(message["type"])
            if handler is None:
                raise messages.MessageError(message["type"] + " is not a message for the handheld")
        except messages.MessageError as error:
            return [messages.unreadable(str(error))]
        handler(self, message)  # a checked message: every field is there, of its type
        return []

    def _words(self, message):
        self.kinds, self.phrases = message["kinds"], message["phrases"]
        self._relist()

    def _show(self, message):
        self.standing, self.who, self.note = message, message["who"], message["note"]
        if self.mode in (PAIRING, OVER):
            self.mode = WAITING

    def _ask(self, message):
        """Its turn, or the next question of it (a double move's second leg, a refused choice asked again)."""
        starts = self.mode not in _TURN
        self.question, self.who, self.note = message, message["who"], ""
        self.mode, self.option, self.picked = CHOOSING, False, None
        self.cursor = -1
        self._relist()
        if starts:
            self.buzzes += 1
            self.showing_log = False
        self._call()
        if message["hand_over"]:  # another player takes the handheld: dark at once, nothing of the last one's turn left
            self.awake, self.ringing, self.passing, self.showing_log, self.notice = False, True, True, False, None
        self.hint = message.get("hint", "")
        self.lesson = screens.lesson_lines(self.hint)
        self.showing_lesson, self.lesson_top = bool(self.lesson), 0

    def _forget_lesson(self):
        """The turn is over (played, withdrawn, or the game with it): so is its lesson."""
        self.hint, self.lesson, self.showing_lesson = "", [], False

    def _accepted(self, message):
        self.mode, self.picked = WAITING, None
        self._forget_lesson()
        self._notify(_sent, message["note"])

    def _refused(self, message):
        if self.mode == SENDING:
            self.mode, self.picked = CHOOSING, None
        self._notify(_refused, message["reason"])

    def _wait(self, message):
        self.mode, self.picked, self.ringing, self.passing = WAITING, None, False, False
        self._forget_lesson()

    def _game_over(self, message):
        self.result = message["result"]
        self.mode, self.picked, self.ringing, self.showing_log, self.notice = OVER, None, False, False, None
        self.passing, self.standing, self.question = False, None, None
        self._forget_lesson()
        self.awake = True  # the result is public
        self.last_button = self.clock_ms()

    def _relist(self):
        """The ask's rows in the words of now, the cursor kept on its choice (on the first choice for a new ask)."""
        chosen = self.choice()
        groups = self.question["groups"] if self.question is not None else []
        self.rows = screens.move_rows(self._counts(self.question), [(self._kind(kind)[1], choices) for kind, choices in groups])
        answers = [answer for _text, answer in self.rows]
        self.cursor = answers.index(chosen) if chosen is not None and chosen in answers else self._next(-1, 1)
        self.top = 0
        self._follow()

    def _call(self):
        """A choice is waiting: light the screen if someone is looking, else ring."""
        if self.awake:
            self.last_button = self.clock_ms()
        else:
            self.ringing = True

    def _notify(self, screen, argument):
        """Show *screen* (a function of ``screens``) of *argument* for ``NOTICE_MS``."""
        self.notice = (screen, argument)
        self.notice_until = self.clock_ms() + NOTICE_MS

    # ------------------------------------------------------------ the console's words

    def say(self, text):
        """A text of the console's in words: as it is, or the phrase its key names (its ``%s`` standing for the arg); an
        unknown phrase shows its key."""
        if isinstance(text, str):
            return text
        words = self.phrases.get(text[0], text[0])
        return words.replace("%s", text[1], 1) if len(text) > 1 else words

    def _kind(self, key):
        """The kind *key*'s [name, title, ask, say, tone] (one the words lack: its key for its name and title, the bare
        label for its question and statement)."""
        return self.kinds.get(key) or [key, key, "%s", "%s", ""]

    def _counts(self, told):
        """The counts of the show or ask *told* (None: nothing), each ``(name, count)``."""
        return [(self._kind(kind)[0], count) for kind, count in told["counts"]] if told is not None else []

    def _heading(self, told):
        """The heading of the show or ask *told* ("" for none)."""
        if told is None:
            return ""
        return screens.header([(self.say(left), self.say(right)) for left, right in told["heading"]])

    def _choice_words(self, answer, field):
        """The words of the choice *answer* by its kind's *field* (2: the question, 3: the statement)."""
        for kind, choices in self.question["groups"]:
            for listed, label in choices:
                if listed == answer:
                    return self._kind(kind)[field].replace("%s", label, 1)
        return answer

    # ------------------------------------------------------------ its buttons

    def on_button(self, name, now_ms):
        """Act on one button; returns the messages to send to the console (a list, often empty)."""
        self.last_button = now_ms
        if not self.awake:
            self.awake, self.ringing, self.passing = True, False, False
            return []
        if name == "back":
            self._hide()
            return []
        if self.notice is not None:
            self.notice = None
            return []
        if self.showing_log:
            self._log_button(name)
            return []
        if self.showing_lesson:
            self._lesson_button(name)
            return []
        if self.mode == WAITING and name in ("left", "right"):
            self._open_log()
        elif self.mode == CHOOSING:
            self._choosing_button(name)
        elif self.mode == CONFIRMING:
            return self._confirming_button(name)
        return []

    def _choosing_button(self, name):
        if name in ("up", "down"):
            self.cursor = self._next(self.cursor, -1 if name == "up" else 1)
            self._follow()
        elif name in ("left", "right") and self.lesson:
            self.showing_lesson, self.lesson_top = True, 0  # the lesson stands between the list and the log
        elif name in ("left", "right"):
            self._open_log()
        elif name == "ok" and self.cursor >= 0:
            self.mode, self.option = CONFIRMING, False

    def _confirming_button(self, name):
        if name in ("left", "right") and self._option() is not None:
            self.option = not self.option
        elif name == "ok":
            self.picked = self.choice()
            self.mode = SENDING
            return [messages.answer(self.picked, self.option and self._option() is not None)]
        return []

    def _log_button(self, name):
        if name in ("up", "down"):
            self.log_top = _scrolled(self.log_top, name, len(self._log()), screens.log_rows())
        else:
            self.showing_log = False

    def _lesson_button(self, name):
        """Up and down scroll a lesson longer than the screen; left and right go on to the log, any other button to the list."""
        if name in ("up", "down") and len(self.lesson) > screens.lesson_rows():
            self.lesson_top = _scrolled(self.lesson_top, name, len(self.lesson), screens.lesson_rows())
            return
        self.showing_lesson = False
        if name in ("left", "right"):
            self._open_log()

    def _open_log(self):
        self.showing_log = True
        self.log_top = max(0, len(self._log()) - screens.log_rows())  # the latest

    def _log(self):
        """The last show's log (none: empty)."""
        return self.standing.get("log", []) if self.standing is not None else []

    def _hide(self):
        self.awake, self.ringing, self.passing, self.showing_log, self.notice = False, False, False, False, None
        if self.mode == CONFIRMING:
            self.mode = CHOOSING

    def _option(self):
        """The ask's yes or no, ``[off, on, note]`` texts (None: none comes with it)."""
        return self.question.get("option") if self.question is not None else None

    def _next(self, row, step):
        """The next row from *row* that picks a choice, going round the list; -1 when none does."""
        count = len(self.rows)
        for n in range(1, count + 1):
            candidate = (row + step * n) % count
            if self.rows[candidate][1] is not None:
                return candidate
        return -1

    def _follow(self):
        """Scroll the list so the cursor shows, with the titles just above it."""
        if self.cursor < 0:
            return
        height = screens.list_height(self._warning())
        first = self.cursor
        while first > 0 and self.rows[first - 1][1] is None:
            first -= 1
        if first < self.top:
            self.top = first
        elif self.cursor >= self.top + height:
            self.top = self.cursor - height + 1

    def choice(self):
        """The answer under the cursor, as the console listed it (None when none is listed)."""
        return self.rows[self.cursor][1] if self.cursor >= 0 else None

    # ------------------------------------------------------------ time and screen

    def tick(self, now_ms):
        """Let time pass: a notice ends, an idle secret goes dark. Returns whether anything changed."""
        changed = False
        if self.notice is not None and now_ms >= self.notice_until:
            self.notice = None
            changed = True
        secret = self.mode in _SECRET or self.showing_log
        if self.awake and secret and now_ms - self.last_button >= IDLE_MS:
            self._hide()
            changed = True
        return changed

    def page(self):
        """What the screen shows now: (its lines, 8 in English; inverted rows); see ``screens``."""
        who = self.say(self.who) if self.who is not None else None
        if not self.awake:
            return screens.cover(who, self.passing) if self.ringing else screens.BLANK
        if self.notice is not None:
            return self.notice[0](self, self.notice[1])
        if self.showing_log:
            entries = [(self._kind(kind)[0], label) for kind, label in self._log()]
            return screens.travel_log(entries, self.log_top)
        if self.showing_lesson:
            return screens.lesson(self.lesson, self.lesson_top)
        if self.mode == PAIRING:
            return screens.pairing(self.connected, who)
        if self.mode == WAITING:
            standing = self.standing
            said = [self.say(line) for line in standing["lines"]] if standing is not None else []
            return screens.waiting(self._heading(standing), self._counts(standing), said, self.say(self.note), self.connected)
        if self.mode == CHOOSING:
            return screens.choose(self._heading(self.question), self.rows, self.top, self.cursor, self._warning())
        if self.mode == CONFIRMING:
            option = self._option()
            words = None if option is None else [self.say(text) for text in option]
            return screens.confirm(self._heading(self.question), self._choice_words(self.choice(), 2), words, self.option,
                                   self.say(self.question["caution"]))
        if self.mode == SENDING:
            return screens.sending(self._choice_words(self.picked, 3), self.connected)
        return screens.game_over(self.result)

    def lines(self):
        """The text lines on the screen now (8 in English, 5 in Korean)."""
        return list(self.page()[0])

    def draw(self, canvas):
        screens.draw(canvas, self.page())

    def _warning(self):
        return self.say(self.question["warning"]) if self.question is not None else ""


def _sent(ui, note):
    """The "move sent" notice, its *note* in the words of now."""
    return screens.sent(ui.say(note))


def _refused(ui, reason):
    return screens.refused(reason)


def _scrolled(top, name, count, height):
    """*top*, the first shown of *count* lines seen *height* at a time, one line on by the button *name* (up or down)."""
    return min(max(top + (-1 if name == "up" else 1), 0), max(0, count - height))


_HANDLERS = {
    "words": Ui._words,
    "show": Ui._show,
    "ask": Ui._ask,
    "accepted": Ui._accepted,
    "refused": Ui._refused,
    "wait": Ui._wait,
    "game_over": Ui._game_over,
}
