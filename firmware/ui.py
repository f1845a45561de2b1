"""Mister X's handheld as a state machine: what he sees, and what his buttons do.

It knows no bytes and no hardware. The console's messages come in as dicts
(``on_message``), buttons by name (``on_button``); both return the messages to
send back. Time comes through ``tick``; ``page`` is what the screen shows now. The
same code runs on the Pico and, under CPython, in the tests and the simulator.

Every message is checked (``messages.check``) before any of it is used: one that
is not of the protocol changes nothing and is answered with ``unreadable``.
Moves come and go as legs of the move notation (``"B108"``); the Ui reads them
into the ``[station, ticket]`` pairs its screens show (``messages.leg_to_pair``)
and writes his answer back as a leg (``messages.pair_to_leg``).

A move he sends is always one the console listed. The Hide button (``back``
here) darkens the screen at once, from anywhere; after ``IDLE_MS`` without a button a screen with
a secret on it goes dark too, and the next button only wakes it.

The kind of game comes with the messages: ``state`` and ``choose_move`` are
classic Scotland Yard's (Mister X), ``rogue_state`` and ``choose_step`` Scotland
Yard Junior's. In Junior the console names the rogue (``who``: "Mister FOX",
"ROXy"), his tickets are the kinds of line he may take (never spent), his answer
is a ``step``, and when two rogues share the handheld the console marks the
next one's turn ``hand_over``: the screen goes dark at once under a "Pass me to"
cover, and only a button shows the new rogue's list.

In a guided game the console's choice messages may carry a ``hint``, the lesson
of the turn: it shows as a page of its own before the list (any button but Hide
goes on; up and down first scroll one too long for the screen), and left or
right on the list opens it again, with the log one more press away. It lasts until the turn ends; a refusal's notice covers it as it
covers the list.

The console says which language it speaks (``set_language``); every page is made
when it is shown, in the language in use then (a notice too), so a change of
language mid-game changes every word on the screen at once. The console's own
words (a refusal's reason, a lesson, a name, the result) come in its language.
"""

try:
    from . import language, messages, screens
    from .language import _
except ImportError:
    import language
    import messages
    import screens
    from language import _

IDLE_MS = 20000
"""A screen showing his secrets goes dark after this long without a button."""

NOTICE_MS = 3000
"""How long "move sent" or "move refused" shows (a button dismisses it sooner)."""

BUTTONS = ("up", "down", "left", "right", "ok", "back")
"""The names ``on_button`` takes (the device's buttons and the simulator's keys map onto them)."""

# What he is doing; a notice, the log page or the dark screen may cover it.
PAIRING = "pairing"  # no game yet
WAITING = "waiting"  # between his turns
CHOOSING = "choosing"  # his turn: the list of moves
CONFIRMING = "confirming"  # "Bus to 117?"
SENDING = "sending"  # the move is on its way; the console answers
OVER = "over"  # the game is over

_SECRET = (WAITING, CHOOSING, CONFIRMING, SENDING)


class Ui:
    """The handheld's screens and buttons; ``clock_ms()`` stamps messages that arrive."""

    def __init__(self, clock_ms):
        self.clock_ms = clock_ms
        self.connected = False
        self.language = ""
        """The language the console speaks ("": it has not said; English)."""
        language.use(self.language)
        self.buzzes = 0
        """Counts his turns starting, for the optional buzzer."""
        self.mode = PAIRING
        self.awake = True
        self.ringing = False  # his turn came while dark: show the cover, which tells nothing secret
        self.passing = False  # the cover asks to pass the handheld on (a Junior hand-over)
        self.last_button = clock_ms()
        self.notice = None  # a notice's screen function and its arguments: made when shown, in the language then
        self.notice_until = 0
        self.showing_log = False
        self.log_top = 0
        self.hint = ""  # a guided turn's lesson, as the console sent it
        self.lesson = []  # the hint, wrapped into the screen's lines
        self.showing_lesson = False
        self.lesson_top = 0
        self.result = ""
        # His view, from the console's last word (updated by his accepted moves).
        self.round = 0
        self.junior = False  # the game is Scotland Yard Junior's (set by the kind of message the console sends)
        self.who = None  # the rogue's name in Junior; None: Mister X
        self.station = None
        self.tickets = {}
        self.log = []
        self.seen = []  # stations where his last move was seen
        # His turn.
        self.leg = 1
        self.from_station = None
        self.listed = ({}, [])  # the tickets and moves the list shows
        self.rows = []
        self.cursor = -1
        self.top = 0
        self.can_double = False
        self.double = False
        self.reveal = False
        self.legs = []  # legs confirmed this turn

    # ------------------------------------------------------------ the console

    def set_connected(self, connected):
        self.connected = bool(connected)

    def set_language(self, code):
        """Speak the console's language *code* from the next page on (English where the handheld lacks it)."""
        self.language = code
        language.use(code)
        self.rows = screens.move_rows(*self.listed)  # the same rows, in its words: the cursor stays where it is
        self.top = 0
        self._follow()  # scrolled for the lines its glyphs leave the list
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

    def _view(self, message, junior):
        """Keep the kind of game, his name, round, station, tickets and log from a checked *message*."""
        self.junior = junior
        self.who = message["who"] if junior else None
        self.round, self.station, self.tickets = message["round"], message["station"], message["tickets"]
        # [ticket, station] a line; a rogue's log: his steps since the console last spoke
        self.log = [] if junior else [messages.leg_to_pair(leg)[::-1] for leg in message["log"]]

    def _state(self, message):
        self._view(message, False)
        self._between_turns()

    def _rogue_state(self, message):
        self._view(message, True)
        self._between_turns()

    def _between_turns(self):
        if self.mode in (PAIRING, OVER):
            self.mode, self.seen = WAITING, []

    def _choose_move(self, message):
        self._view(message, False)
        self._turn(_pairs(message["moves"]), message["can_double"], message["reveal_next"], False)
        self._teach(message)

    def _choose_step(self, message):
        self._view(message, True)
        self._turn(_pairs(message["steps"]), False, False, message["hand_over"])
        self._teach(message)

    def _turn(self, moves, can_double, reveal, hand_over):
        """His turn (or a rogue's): the list of *moves*; *hand_over*: the handheld is passed on first."""
        starts = self.mode not in (CHOOSING, CONFIRMING, SENDING)  # not a new ask within his turn
        self.mode = CHOOSING
        self.leg, self.from_station, self.legs, self.seen = 1, self.station, [], []
        self.can_double, self.reveal, self.double = can_double, reveal, False
        self._list(self.tickets, moves)
        if starts:
            self.buzzes += 1
            self.showing_log = False
            self._call()
        if hand_over:  # another rogue takes the handheld: dark at once, nothing of the last one's turn left
            self.awake, self.ringing, self.passing, self.showing_log, self.notice = False, True, True, False, None

    def _choose_second_leg(self, message):
        first, moves, reveal = messages.leg_to_pair(message["first"]), _pairs(message["moves"]), message["reveal_next"]
        left = dict(self.tickets)
        for ticket in (first[1], "double"):
            left[ticket] = left.get(ticket, 0) - 1
        self.mode, self.leg, self.from_station, self.legs = CHOOSING, 2, first[0], [first]
        self.can_double, self.reveal, self.double = False, reveal, False
        self._list({name: n for name, n in left.items() if n > 0}, moves)
        self._call()
        self._teach(message)

    def _teach(self, message):
        """The lesson of a checked choice *message* (its ``hint``) shows before the list; without one, the list shows."""
        self.hint = message.get("hint", "")
        self.lesson = screens.lesson_lines(self.hint)
        self.showing_lesson, self.lesson_top = bool(self.lesson), 0

    def _forget_lesson(self):
        """The turn is over (played, withdrawn, or the game with it): so is its lesson."""
        self.hint, self.lesson, self.showing_lesson = "", [], False

    def _accepted(self, message):
        seen = message["seen"]
        made = len(self.log)
        stations = [self.legs[n - made - 1][0] for n in seen if 0 < n - made <= len(self.legs)]
        for station, ticket in self.legs:
            if not self.junior:  # a Junior rogue's tickets are the kinds of line he may take, not counts
                self._spend(ticket)
            self.log.append([ticket, station])
            self.station = station
        if len(self.legs) == 2:
            self._spend("double")
        self.mode, self.legs, self.seen = WAITING, [], stations
        self._forget_lesson()
        self._notify(screens.sent, stations)

    def _refused(self, message):
        if self.mode == SENDING:
            self.legs.pop()
            self.mode = CHOOSING
        self._notify(screens.refused, message["reason"])

    def _wait(self, message):
        self.mode, self.legs, self.ringing, self.passing = WAITING, [], False, False
        self._forget_lesson()

    def _game_over(self, message):
        self.result = message["result"]
        self.mode, self.legs, self.ringing, self.showing_log, self.notice = OVER, [], False, False, None
        self.passing = False
        self._forget_lesson()
        self.awake = True  # the result is public
        self.last_button = self.clock_ms()

    def _spend(self, ticket):
        if ticket in self.tickets:
            self.tickets[ticket] -= 1
            if self.tickets[ticket] <= 0:
                del self.tickets[ticket]  # as the console sends them: held tickets only

    def _list(self, tickets, moves):
        self.listed = (tickets, moves)
        self.rows = screens.move_rows(tickets, moves)
        self.cursor = self._next(-1, 1)
        self.top = 0
        self._follow()

    def _call(self):
        """A choice is waiting for him: light the screen if he is looking, else ring."""
        if self.awake:
            self.last_button = self.clock_ms()
        else:
            self.ringing = True

    def _notify(self, screen, argument):
        """Show *screen* (a function of ``screens``) of *argument* for ``NOTICE_MS``."""
        self.notice = (screen, argument)
        self.notice_until = self.clock_ms() + NOTICE_MS

    # ------------------------------------------------------------ his buttons

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
            self.mode, self.double = CONFIRMING, False

    def _confirming_button(self, name):
        if name in ("left", "right") and self._double_offered():
            self.double = not self.double
        elif name == "ok":
            picked = self._picked()
            self.legs.append(picked)
            self.mode = SENDING
            leg = messages.pair_to_leg(picked)
            if self.junior:
                return [messages.step(leg)]
            return [messages.move(leg, self.double)]
        return []

    def _log_button(self, name):
        if name in ("up", "down"):
            self.log_top = _scrolled(self.log_top, name, len(self.log), screens.log_rows())
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
        self.log_top = max(0, len(self.log) - screens.log_rows())  # the latest moves

    def _hide(self):
        self.awake, self.ringing, self.passing, self.showing_log, self.notice = False, False, False, False, None
        if self.mode == CONFIRMING:
            self.mode = CHOOSING

    def _double_offered(self):
        return self.leg == 1 and self.can_double

    def _next(self, row, step):
        """The next row from *row* that picks a move, going round the list; -1 when none does."""
        count = len(self.rows)
        for n in range(1, count + 1):
            candidate = (row + step * n) % count
            if self.rows[candidate][1] is not None:
                return candidate
        return -1

    def _follow(self):
        """Scroll the list so the cursor shows, with the labels just above it."""
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
        """The move under the cursor, as the console listed it: a leg (``"B108"``; None when none is listed)."""
        picked = self._picked()
        return None if picked is None else messages.pair_to_leg(picked)

    def _picked(self):
        """The move under the cursor as the screens show it, ``[station, ticket]`` (None when none is listed)."""
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
        if not self.awake:
            return screens.cover(self.who, self.passing) if self.ringing else screens.BLANK
        if self.notice is not None:
            return self.notice[0](self.notice[1])
        if self.showing_log:
            return screens.travel_log(self.log, self.log_top)
        if self.showing_lesson:
            return screens.lesson(self.lesson, self.lesson_top)
        if self.mode == PAIRING:
            return screens.pairing(self.connected, self.who)
        if self.mode == WAITING:
            return screens.waiting(self.round, self.station, self.tickets, self.seen, self.connected, self.who)
        if self.mode == CHOOSING:
            return screens.choose(self._heading(), self.rows, self.top, self.cursor, self._warning())
        if self.mode == CONFIRMING:
            double = self.double if self._double_offered() else None
            return screens.confirm(self._heading(), self._picked(), double, self.reveal)
        if self.mode == SENDING:
            return screens.sending(self.legs[-1], self.connected)
        return screens.game_over(self.result)

    def lines(self):
        """The text lines on the screen now (8 in English, 5 in Korean)."""
        return list(self.page()[0])

    def draw(self, canvas):
        screens.draw(canvas, self.page())

    def _heading(self):
        if self.leg == 2:
            return screens.spread(_("2nd leg"), _("at %s") % self.from_station)
        return screens.header(self.round, self.station, self.who)

    def _warning(self):
        return _("this move: SEEN!") if self.reveal else ""


def _scrolled(top, name, count, height):
    """*top*, the first shown of *count* lines seen *height* at a time, one line on by the button *name* (up or down)."""
    return min(max(top + (-1 if name == "up" else 1), 0), max(0, count - height))


def _pairs(legs):
    """Checked legs as the screens show them: ``[station, ticket]`` each."""
    return [messages.leg_to_pair(leg) for leg in legs]


_HANDLERS = {
    "state": Ui._state,
    "choose_move": Ui._choose_move,
    "choose_second_leg": Ui._choose_second_leg,
    "rogue_state": Ui._rogue_state,
    "choose_step": Ui._choose_step,
    "accepted": Ui._accepted,
    "refused": Ui._refused,
    "wait": Ui._wait,
    "game_over": Ui._game_over,
}
