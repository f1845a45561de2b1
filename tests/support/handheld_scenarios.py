"""Mister X's handheld on the bench: scenarios run by pytest (CPython) and by MicroPython's unix port.

Each scenario drives the firmware's ``Handheld`` with fake parts (buttons,
display, clock, serial), talking over real link frames to a host ``Endpoint``
that plays the console, and checks what the screen says (``ui.lines()``), what
it lights and what reaches the host. Written in the subset both interpreters
share, so the very same checks run where the firmware runs.

What the console says (its kinds' words, where Mister X or a rogue stands, a
turn) is made by the console's own code (``tests.support.handheld_console``):
a scenario asks its pad's ``console`` for each batch, the words first where the
handheld lacks them. Under MicroPython, which cannot run the console, the
batches a CPython run made are replayed in the same order (``Replay``).

Scenarios take ``fw``, anything with the firmware modules as attributes (``ui``,
``app``, ``link``, ``fake_hw``, ``debounce``, ``language``) and ``console``, a maker
of the console's side for a language: the ``firmware`` package under CPython,
the top-level modules under MicroPython: ``micropython handheld_scenarios.py
BATCHES`` with firmware/ on its path runs them all, replaying the batches in the
JSON file BATCHES, and with the argument ``pixels`` prints what MicroPython's
``framebuf`` draws.
"""

TOKEN = "0123456789abcdef"
STEP_MS = 10

TICKETS = {"taxi": 4, "bus": 3, "underground": 3, "black": 5, "double": 2}
LOG = ["T10", "B34", "X46"]
MOVES = ["T116", "T118", "B108", "U88", "X116", "X118", "X108", "X88", "X115"]
"""His legal moves as the console lists them: legs of the move notation, the answers he picks them by."""

FOX_MOVES = ["T152", "F194", "S138", "B140", "T153"]
HINT = "Take the ferry: pick the black ticket to 115. A black ticket hides which line you took."
"""A guided game's hint, and the lesson page it makes."""
LESSON = ["lesson: OK=moves", "Take the ferry:", "pick the black", "ticket to 115.", "A black ticket", "hides which",
          "line you took.", ""]
TEXT = "is not a text (a string, or [key] or [key, arg] of strings)"
"""What ``messages`` says of a text that is not one."""


def answer(choice, option=False):
    """His answer, as the handheld sends it."""
    said = {"type": "answer", "choice": choice}
    if option:
        said["option"] = True
    return said


def changed(batch, **changes):
    """The last message of *batch* (a turn) with *changes*: one the handheld must not read."""
    message = {}
    message.update(batch[-1])
    message.update(changes)
    return message


class Pad:
    """A handheld on the bench: the firmware's ``Handheld`` with fake parts, linked to a host endpoint (speaking
    *language*: ``""`` is a console that names none), and the console's side (``console``) speaking it too."""

    def __init__(self, fw, language=""):
        hw = fw.fake_hw
        self.clock = hw.FakeClock(1000)
        self.display = hw.FakeDisplay()
        self.buttons = hw.FakeButtons()
        self.serial = hw.FakeSerial()
        self.buzzer = hw.FakeBuzzer()
        self.ui = fw.ui.Ui(self.clock)
        self.console = fw.console(language)
        self.host = fw.link.Endpoint("host", TOKEN)
        self.host.start_session(TOKEN, True)
        self.host.set_language(language)
        self.handheld = fw.app.Handheld(self.ui, fw.link.Endpoint("handheld"), self.serial, self.display,
                                        self.buttons, self.clock, self.buzzer)
        self.received = []
        self.run(200)

    def run(self, ms):
        """Let *ms* pass, the handheld and the host exchanging bytes every few milliseconds."""
        for _ in range(ms // STEP_MS):
            self.clock.advance(STEP_MS)
            self.serial.incoming += self.host.poll(self.clock.now)
            self.handheld.step()
            self.received += self.host.feed(self.serial.take(), self.clock.now)
            if not self.ui.awake and not self.ui.ringing:
                assert self.display.dark(), "something is lit while the handheld is hidden"

    def tell(self, said):
        """Send what the console says (a batch of messages, or one), then let 100 ms pass."""
        for message in [said] if isinstance(said, dict) else said:
            self.host.send(message)
        self.run(100)

    def speak(self, language):
        """The console speaks *language* now: its hello says so, and its words come again in it."""
        self.host.set_language(language)
        self.tell(self.console.speak(language))

    def press(self, *names):
        for name in names:
            self.buttons.press(name)
            self.run(50)

    def lines(self):
        return self.ui.lines()

    def shows(self, text):
        return any(text in line for line in self.ui.lines())

    def take(self):
        """The messages the host got since the last call."""
        received, self.received = self.received, []
        return received


def _expect(pad, *texts):
    for text in texts:
        assert pad.shows(text), "%r not on the screen:\n%s" % (text, "\n".join(pad.lines()))


def _absent(pad, *texts):
    for text in texts:
        assert not pad.shows(text), "%r on the screen:\n%s" % (text, "\n".join(pad.lines()))


def pairing(fw):
    pad = Pad(fw)
    _expect(pad, "Mister X", "waiting for the", "console", "connected")
    _absent(pad, "not connected")
    pad.run(fw.ui.IDLE_MS + 1000)
    _expect(pad, "Mister X")  # nothing secret: it does not go dark by itself
    assert pad.take() == []


def whole_turn(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move())
    assert pad.buzzer.pulses == 1
    assert pad.lines()[:6] == ["Round 4   at 117", "taxi  4 bus   3", "under 3 black 5", "2x    2", "taxi:", "> 116"]
    pad.press("down", "down")
    _expect(pad, "bus:", "> 108")
    assert pad.ui.choice() == "B108"
    pad.press("ok")
    _expect(pad, "Bus to 108?", "OK=send Hide=no", "double  < no  >")
    pad.press("ok")
    assert pad.take() == [answer("B108")]
    _expect(pad, "Bus to 108", "sending...")
    pad.tell(pad.console.accepted())
    _expect(pad, "move sent", "hide the", "handheld")
    _absent(pad, "seen at")
    pad.tell(pad.console.state(station=108, tickets=dict(TICKETS, bus=2), log=LOG + ["B108"]))  # where he stands now
    pad.run(fw.ui.NOTICE_MS)
    assert pad.lines() == ["Round 4   at 108", "taxi  4 bus   2", "under 3 black 5", "2x    2", "", "",
                           "wait your turn", "<>=log Hide=dark"]
    pad.press("ok", "up", "down")  # nothing to do between turns
    assert pad.take() == [] and pad.buzzer.pulses == 1


def list_wraps_and_scrolls(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move())
    pad.press("up")  # from the first move round to the last
    assert pad.ui.choice() == "X118"
    lines = pad.lines()
    assert lines[-1].startswith("> 118") and lines[1].endswith("^"), lines
    pad.press("down")
    assert pad.ui.choice() == "T116" and pad.lines()[1] == "taxi  4 bus   3"
    assert pad.lines()[-1].endswith("v")
    for _ in range(len(MOVES) - 1):
        pad.press("down")
    assert pad.ui.choice() == "X118"


def double_move_with_black_first(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move())
    pad.press("down", "down", "down", "down")
    assert pad.ui.choice() == "X88"
    pad.press("ok")
    _expect(pad, "Black to 88?", "double  < no  >")
    pad.press("right")
    _expect(pad, "double  < yes >", "first of two")
    pad.press("left", "left")
    pad.press("ok")
    assert pad.take() == [answer("X88", True)]
    pad.tell(pad.console.second_leg("X88", ["T89", "B105", "X89"], True))
    assert pad.lines()[:3] == ["2nd leg    at 88", "this move: SEEN!", "taxi  4 bus   3"]
    _expect(pad, "under 3 black 4", "2x    1")
    pad.press("down")
    pad.press("ok")
    _expect(pad, "Bus to 105?", "SEEN by all!")
    _absent(pad, "double")  # a second leg cannot be doubled
    pad.press("right", "ok")
    assert pad.take() == [answer("B105")]
    pad.tell(pad.console.accepted([105]))
    _expect(pad, "move sent", "seen at 105!")
    pad.press("ok")  # dismisses the notice
    pad.tell(pad.console.state(station=105, tickets=dict(TICKETS, bus=2, black=4, double=1), log=LOG + ["X88", "B105"],
                               seen=[105]))
    assert pad.lines()[0] == "Round 4   at 105"
    _expect(pad, "taxi  4 bus   2", "under 3 black 4", "2x    1", "seen at 105!")
    pad.press("right")
    _expect(pad, " 4 black 88", " 5 bus   105")
    assert pad.buzzer.pulses == 1


def refused_then_asked_again(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move())
    pad.press("ok", "right", "ok")
    assert pad.take() == [answer("T116", True)]
    pad.tell({"type": "refused", "reason": "no double move starts with that leg"})
    _expect(pad, "move refused:", "no double move", "starts with that", "leg")
    pad.run(fw.ui.NOTICE_MS)
    _expect(pad, "> 116")
    pad.tell({"type": "refused", "reason": "that ticket is spent"})
    pad.tell(pad.console.choose_move(moves=["T118"]))  # the console asks again at once
    _expect(pad, "move refused:")
    pad.press("ok")  # only dismisses the notice
    _expect(pad, "> 118")
    pad.press("ok", "ok")
    assert pad.take() == [answer("T118")]
    assert pad.buzzer.pulses == 1  # still the same turn


def turn_withdrawn(fw):
    pad = Pad(fw)
    pad.tell(pad.console.state())
    pad.tell(pad.console.choose_move())
    pad.press("ok")
    pad.tell({"type": "wait"})
    _expect(pad, "Round 4   at 117", "wait your turn")
    pad.press("ok", "ok")
    assert pad.take() == []
    pad.tell(pad.console.choose_move(round=4))
    assert pad.buzzer.pulses == 2
    _expect(pad, "> 116")


def reveal_warning(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move())
    _absent(pad, "SEEN")
    pad.tell({"type": "wait"})
    pad.tell(pad.console.choose_move(reveal_next=True))
    assert pad.lines()[1] == "this move: SEEN!"
    pad.press("ok")
    _expect(pad, "SEEN by all!")


def only_held_tickets(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move(tickets={"taxi": 11, "bus": 8}, moves=["T116"], can_double=False))
    assert pad.lines()[1:3] == ["taxi 11 bus   8", "taxi:"]
    pad.press("ok")
    _absent(pad, "double")
    pad.press("left", "right", "ok")
    assert pad.take() == [answer("T116")]


def long_names_fit(fw):
    pad = Pad(fw)
    pad.tell(pad.console.state(round=24, station=199, log=["U199"] * 24))
    pad.tell(pad.console.choose_move(round=24, station=199, moves=["U171"]))
    _expect(pad, "Round 24  at 199", "underground:")
    pad.press("ok")
    _expect(pad, "Underground", "to 171?")
    pad.press("back", "ok", "right")
    assert pad.lines()[0] == "Log     24 moves" and pad.lines()[-1] == "24 under 199"
    pad.press("left", "ok", "ok")
    assert pad.lines()[1:4] == ["Underground", "to 171", "sending..."]


def no_move_listed(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move(moves=[], can_double=False))
    _expect(pad, "no move")
    pad.press("up", "down", "ok", "ok")
    _expect(pad, "no move")
    assert pad.take() == []


def travel_log_page(fw):
    pad = Pad(fw)
    pad.tell(pad.console.state(round=9, station=60, tickets={"taxi": 2}, log=["T%d" % n for n in range(1, 10)] + ["X46"]))
    _expect(pad, "Round 9    at 60", "taxi  2")
    pad.press("right")
    assert pad.lines() == ["Log     10 moves", " 4 taxi  4     ^", " 5 taxi  5", " 6 taxi  6", " 7 taxi  7",
                           " 8 taxi  8", " 9 taxi  9", "10 black 46"]
    pad.press("down")  # already at the latest
    assert pad.lines()[1] == " 4 taxi  4     ^"
    pad.press("up", "up", "up", "up")
    assert pad.lines()[1] == " 1 taxi  1" and pad.lines()[-1] == " 7 taxi  7     v"
    pad.press("left")
    _expect(pad, "Round 9    at 60")
    pad.tell(pad.console.state())
    pad.tell(pad.console.choose_move())
    pad.press("left")
    _expect(pad, "Log      3 moves", " 3 black 46")
    pad.press("ok")
    _expect(pad, "> 116")


def idle_blanking(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move())
    pad.run(fw.ui.IDLE_MS - 500)
    _expect(pad, "> 116")
    pad.press("down")  # a button restarts the wait
    pad.run(fw.ui.IDLE_MS - 500)
    _expect(pad, "> 118")
    pad.run(1000)
    assert pad.display.dark() and pad.lines() == [""] * 8
    pad.press("down")  # wakes it, does nothing else
    _expect(pad, "> 118")
    pad.press("ok")
    pad.run(fw.ui.IDLE_MS)
    assert pad.display.dark()
    pad.press("ok")  # woken on the list: a dark confirm screen steps back
    _expect(pad, "> 118")
    assert pad.take() == []


def hide_button(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move())
    for keys in (("back",), ("ok", "back"), ("right", "back")):
        pad.press(*keys)
        assert pad.display.dark(), keys
        pad.press("ok")  # wakes only
        _expect(pad, "> 116")
    shows = pad.display.shows
    pad.run(500)
    assert pad.display.shows == shows  # an unchanged page is not sent again
    pad.press("back")
    pad.tell({"type": "wait"})
    pad.tell(pad.console.choose_move())  # his turn while hidden: a cover that tells nothing
    assert pad.lines()[3] == "   your turn" and not pad.display.dark()
    _absent(pad, "117", "116", "taxi")
    pad.press("ok")
    _expect(pad, "> 116")
    pad.press("back")
    pad.run(fw.ui.IDLE_MS * 2)
    assert pad.display.dark()
    assert pad.take() == []


def seen_note_on_single_move(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move(reveal_next=True))
    pad.press("ok", "ok")
    assert pad.take() == [answer("T116")]
    pad.tell(pad.console.accepted([116]))
    _expect(pad, "seen at 116!")
    pad.tell(pad.console.state(station=116, tickets=dict(TICKETS, taxi=3), log=LOG + ["T116"], seen=[116]))
    pad.run(fw.ui.NOTICE_MS)
    _expect(pad, "Round 4   at 116", "seen at 116!")
    pad.tell(pad.console.choose_move(round=5, station=116))
    _absent(pad, "seen at")
    pad.tell({"type": "wait"})  # his turn withdrawn: the note was his last move's, which is no longer the last
    _absent(pad, "seen at")


def game_over(fw):
    pad = Pad(fw)
    pad.tell(pad.console.choose_move())
    pad.press("back")
    pad.tell({"type": "game_over", "result": "the detectives win: Red caught Mister X in round 7"})
    assert pad.lines()[:6] == ["Game over", "", "the detectives", "win: Red caught", "Mister X in", "round 7"]
    pad.press("ok", "down", "right")
    _expect(pad, "Game over")
    assert pad.take() == []


def garbled_messages_change_nothing(fw):
    """A message the handheld cannot read changes nothing, and it says so to the console, naming the fault."""
    for kind in ("classic", "junior"):
        pad = Pad(fw)
        first = pad.console.choose_move() if kind == "classic" else pad.console.choose_step("roxy", 60, ["T76", "S60"])
        pad.tell(first)
        before = pad.lines()
        for message, reason in (
            ({"type": "ask", "who": "x"}, "ask: heading is missing"),
            (changed(first, heading=[]), "ask: heading is empty (one [left, right] at least)"),
            (changed(first, heading=[["Round 4"]]), "ask: heading[0] is not [left, right]"),
            (changed(first, who=["at", 117]), "ask: who " + TEXT),
            (changed(first, warning=[]), "ask: warning " + TEXT),
            (changed(first, groups=[["T", [["T116"]]]]), "ask: groups[0][1][0] is not a choice ([answer, label])"),
            (changed(first, groups=[["T", [["", "116"]]]]), "ask: groups[0][1][0][0] is not a key (a string, not empty)"),
            (changed(first, counts=[["T", -1]]), "ask: counts[0][1] is not a count (0 or more, or null)"),
            (changed(first, counts=[["T", True]]), "ask: counts[0][1] is not a count (0 or more, or null)"),
            (changed(first, option=["no", "yes"]), "ask: option is not [off, on, note]"),
            (changed(first, hand_over=None), "ask: hand_over is not true or false"),
            (changed(first, can_double=False), "ask: unknown field 'can_double'"),  # as a version-1 console's choose_move
            ({"type": "accepted", "note": 5}, "accepted: note " + TEXT),
            ({"type": "show", "who": "x", "heading": [["a", "b"]], "counts": [], "lines": "x", "note": ""},
             "show: lines is not a list"),
            ({"type": "words", "kinds": {"T": ["taxi"]}, "phrases": {}}, "words: kinds['T'] is not [name, title, ask, say, tone]"),
            ({"type": "words", "kinds": {}, "phrases": {"": "x"}}, "words: phrases key is not a key (a string, not empty)"),
            ({"type": "no such thing"}, "unknown message type 'no such thing'"),
            ({"type": "choose_move", "round": 4, "station": 117}, "unknown message type 'choose_move'"),
            (answer("T116"), "answer is not a message for the handheld"),
        ):
            pad.tell(message)
            assert pad.lines() == before, message
            assert pad.take() == [{"type": "unreadable", "reason": reason}], message
        assert pad.buzzer.pulses == 1
        pad.press("ok", "ok")  # the turn is as it was
        assert pad.take() == [answer("T116" if kind == "classic" else "T76")]


def only_listed_moves_leave(fw):
    """Many seeded random button runs: every move that leaves is one the console listed."""
    keys = ("up", "down", "left", "right", "ok", "back")
    seed = 12345
    for _ in range(12):
        pad = Pad(fw)
        pad.tell(pad.console.choose_move(can_double=True))
        for _ in range(40):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            pad.press(keys[(seed >> 16) % len(keys)])
        for message in pad.take():
            assert message["choice"] in MOVES, message


def junior_stay_and_boat(fw):
    """Mister FOX alone: his name heads the list, boat is a group, stay comes last and reads "Stay at"."""
    pad = Pad(fw)
    pad.tell(pad.console.choose_step("fox", 138, FOX_MOVES))
    assert pad.buzzer.pulses == 1
    assert pad.lines() == ["Mister FOX   138", "taxi  1 bus   1", "under 1 boat  1", "taxi:", "> 152", "  153",
                           "bus:", "  140          v"]
    pad.press("up")  # round from the first move to the last: staying
    assert pad.ui.choice() == "S138" and pad.lines()[-2:] == ["stay:", "> 138"]
    _expect(pad, "boat:", "  194")
    pad.press("ok")
    assert pad.lines()[:3] == ["Mister FOX   138", "", "Stay at 138?"]
    _absent(pad, "double")
    pad.press("ok")
    assert pad.take() == [answer("S138")]
    _expect(pad, "Stay at 138", "sending...")
    pad.tell(pad.console.accepted())
    _expect(pad, "move sent")
    pad.tell(pad.console.rogue_state("fox", 3, 138))  # where he will stand
    pad.run(fw.ui.NOTICE_MS)
    assert pad.lines() == ["Round 3   at 138", "taxi  1 bus   1", "under 1 boat  1", "", "   Mister FOX", "",
                           "wait your turn", "<>=log Hide=dark"]
    pad.tell(pad.console.choose_step("fox", 138, FOX_MOVES, round=4))
    pad.press("up", "up")
    assert pad.ui.choice() == "F194"
    pad.press("ok")
    _expect(pad, "Boat to 194?")
    pad.press("ok")
    assert pad.take() == [answer("F194")]
    pad.tell(pad.console.accepted())
    pad.tell(pad.console.rogue_state("fox", 4, 194))
    pad.press("ok")
    assert pad.lines()[:5] == ["Round 4   at 194", "taxi  1 bus   1", "under 1 boat  1", "", "   Mister FOX"]
    assert pad.buzzer.pulses == 2


def junior_hand_over(fw):
    """FOX and ROXy share the handheld: after FOX's move it goes dark under a cover, and a button shows ROXy's list."""
    pad = Pad(fw)
    pad.tell(pad.console.choose_step("fox", 138, FOX_MOVES))
    pad.press("ok", "ok")
    assert pad.take() == [answer("T152")]
    pad.tell(pad.console.accepted())
    _expect(pad, "move sent")
    pad.tell(pad.console.rogue_state("fox", 3, 152))
    pad.tell(pad.console.choose_step("roxy", 60, ["T76", "S60"], hand_over=True))
    cover = ["", "   Pass me to", "", "      ROXy", "", " press a button", "", ""]
    assert pad.lines() == cover and not pad.display.dark()
    _absent(pad, "FOX", "138", "152", "60", "76", "taxi", "stay", "sent")
    pad.run(fw.ui.IDLE_MS + fw.ui.NOTICE_MS)  # no notice comes back, and the cover stays until a button
    assert pad.lines() == cover
    pad.press("ok")  # wakes only
    assert pad.take() == []
    assert pad.lines()[:5] == ["ROXy       at 60", "taxi  1 bus   1", "under 1 boat  1", "taxi:", "> 76"]
    _expect(pad, "stay:", "  60")
    _absent(pad, "FOX", "138", "152")
    pad.press("down", "ok")
    _expect(pad, "Stay at 60?")
    pad.press("ok")
    assert pad.take() == [answer("S60")]
    pad.tell(pad.console.accepted())
    pad.tell(pad.console.rogue_state("roxy", 3, 60))
    pad.run(fw.ui.NOTICE_MS)
    _expect(pad, "Round 3    at 60", "ROXy")
    pad.press("back")  # FOX's next turn, passed back while dark: the cover again, then his list
    pad.tell(pad.console.choose_step("fox", 152, ["T138", "S152"], round=4, hand_over=True))
    assert pad.lines() == ["", "   Pass me to", "", "   Mister FOX", "", " press a button", "", ""]
    pad.press("back")  # any button wakes
    assert pad.lines()[0] == "Mister FOX   152"
    _absent(pad, "ROXy", "60")
    assert pad.buzzer.pulses == 3 and pad.take() == []


def junior_between_rounds(fw):
    """Where a rogue stands between rounds: the waiting screen with his name; nothing is asked."""
    pad = Pad(fw)
    pad.tell(pad.console.rogue_state("roxy", 5, 60))
    assert pad.lines() == ["Round 5    at 60", "taxi  1 bus   1", "under 1 boat  1", "", "      ROXy", "",
                           "wait your turn", "<>=log Hide=dark"]
    assert pad.buzzer.pulses == 0 and pad.take() == []
    pad.tell(pad.console.choose_step("roxy", 60, ["T76", "S60"], round=6))
    pad.press("ok", "ok")
    assert pad.take() == [answer("T76")]
    pad.tell(pad.console.accepted())
    pad.tell(pad.console.rogue_state("roxy", 6, 76))
    pad.run(fw.ui.NOTICE_MS)
    assert pad.lines()[:5] == ["Round 6    at 76", "taxi  1 bus   1", "under 1 boat  1", "", "      ROXy"]
    pad.press("right")  # the rogues keep no log: an empty one
    _expect(pad, "no moves yet")


def guided_turn(fw):
    """A hint shows as a lesson before the list and again on left or right; a refusal covers it; it ends with the turn."""
    pad = Pad(fw)
    pad.tell(pad.console.state())
    pad.tell(pad.console.choose_move(hint=HINT))
    assert pad.buzzer.pulses == 1 and pad.lines() == LESSON
    pad.press("down")  # any button goes on to the list, and does nothing else
    assert pad.lines()[:6] == ["Round 4   at 117", "taxi  4 bus   3", "under 3 black 5", "2x    2", "taxi:", "> 116"]
    pad.press("left")
    assert pad.lines() == LESSON
    pad.press("right")  # the log lies one press beyond the lesson
    _expect(pad, "Log      3 moves")
    pad.press("ok")
    _expect(pad, "> 116")
    pad.press("ok", "ok")  # not the move the lesson asks for
    assert pad.take() == [answer("T116")]
    pad.tell({"type": "refused", "reason": "Not the taxi: pick the black ticket to 115."})
    pad.tell(pad.console.choose_move(hint=HINT))  # asked again, with the lesson
    assert pad.lines()[:4] == ["move refused:", "", "Not the taxi:", "pick the black"]
    pad.run(fw.ui.NOTICE_MS)
    assert pad.lines() == LESSON
    pad.press("ok", "up", "up", "up")
    assert pad.ui.choice() == "X115"
    pad.press("ok", "ok")
    assert pad.take() == [answer("X115")]
    pad.tell(pad.console.accepted())
    pad.tell(pad.console.state(station=115, tickets=dict(TICKETS, black=4), log=LOG + ["X115"]))
    pad.run(fw.ui.NOTICE_MS)
    pad.press("left")  # between turns: the log, as ever
    _expect(pad, "Log      4 moves")
    pad.press("ok")
    pad.tell(pad.console.choose_move(round=5, station=115, moves=["T116"]))  # no hint: the list at once
    assert pad.lines()[0] == "Round 5   at 115" and pad.ui.choice() == "T116"
    pad.press("left")  # no lesson left over from the last turn
    _expect(pad, "Log      4 moves")
    assert pad.buzzer.pulses == 2 and pad.take() == []


def long_lesson(fw):
    """A lesson too long for the screen scrolls, its marks clear of the words; it outlasts Hide; a second leg has its own."""
    pad = Pad(fw)
    pad.tell(pad.console.choose_move(hint="A double move is two moves in one turn, for a 2x ticket. Pick black to 88, then "
                                          "double yes, then the bus to 105."))
    assert pad.lines() == ["lesson: OK=moves", "A double move", "is two moves in", "one turn, for a", "2x ticket. Pick",
                           "black to 88,", "then double", "yes, then the  v"]
    pad.press("down", "down")  # as far as it goes
    assert pad.lines()[1:] == ["is two moves in^", "one turn, for a", "2x ticket. Pick", "black to 88,", "then double",
                               "yes, then the", "bus to 105."]
    pad.press("back")  # dark; the next button wakes it on the lesson, still unread
    pad.press("down")
    assert pad.lines()[1] == "is two moves in^"
    pad.run(fw.ui.IDLE_MS)  # the lesson is a secret too
    assert pad.display.dark()
    pad.press("ok", "ok")
    _expect(pad, "> 116")
    pad.press("down", "down", "down", "down", "ok", "right", "ok")
    assert pad.take() == [answer("X88", True)]
    pad.tell(pad.console.second_leg("X88", ["T89", "B105"], False, hint="Now the bus to 105."))
    assert pad.lines()[:3] == ["lesson: OK=moves", "Now the bus to", "105."]
    pad.press("up")  # a lesson that fits: up goes on too
    assert pad.lines()[0] == "2nd leg    at 88"


def junior_lesson(fw):
    """A rogue's lesson waits under the "Pass me to" cover: his button wakes it, the next shows his list."""
    pad = Pad(fw)
    pad.tell(pad.console.choose_step("roxy", 60, ["T76", "S60"], hand_over=True, hint="Stay where you are."))
    assert pad.lines()[1:4] == ["   Pass me to", "", "      ROXy"]
    pad.press("ok")
    assert pad.lines()[:3] == ["lesson: OK=moves", "Stay where you", "are."]
    pad.press("ok")
    assert pad.lines()[0] == "ROXy       at 60"
    pad.tell({"type": "wait"})  # the turn withdrawn: its lesson with it
    pad.tell(pad.console.choose_step("roxy", 60, ["T76", "S60"]))
    assert pad.lines()[0] == "ROXy       at 60"


KOREAN_REASON = "블랙으로 갈 곳 없음"
KOREAN_HINT = "블랙으로 115번 역: 확인을 누르세요. 이동은 모두에게 공개!"
KOREAN_RESULT = "형사 승리: 빨강 형사가 7라운드에 미스터 X를 잡았습니다"
"""The console's words in Korean (it sends them in its language); the reason and the hint in syllables of the
handheld's own words, whose glyphs it always has."""
PROPER = ("FOX", "ROXy")
"""Words in Latin letters a Korean page may show: names (and "X", "OK", "v", too short to count)."""


def english_words(lines):
    """The words of three or more Latin letters on *lines* (not proper names): English left on a page."""
    found = []
    for line in lines:
        word = ""
        for char in line + " ":
            if "a" <= char.lower() <= "z":
                word += char
                continue
            if len(word) >= 3 and word not in PROPER:
                found.append(word)
            word = ""
    return found


def _korean(fw, pad, drawn=True):
    """The page is in Korean: no English word on it, and (*drawn*) a glyph for each of its characters but ASCII."""
    lines = pad.lines()
    assert english_words(lines) == [], "English on a Korean page:\n%s" % "\n".join(lines)
    hangul = [char for line in lines for char in line if not " " <= char <= "~"]
    assert hangul, "no Hangul on the page:\n%s" % "\n".join(lines)
    if drawn:
        assert [char for char in hangul if fw.language.glyph(char) == fw.language.BOX] == [], "\n".join(lines)


def korean_turn(fw):
    """The console speaks Korean (its hello says so, its words are Korean): every page of a whole turn in Korean."""
    pad = Pad(fw, "ko")
    assert pad.lines() == ["", "    미스터 X", "", "콘솔을 기다리는 중", "     연결됨"]  # five lines of 12x12 glyphs
    _korean(fw, pad)
    pad.tell(pad.console.state())
    pad.tell(pad.console.choose_move(hint=KOREAN_HINT, reveal_next=True))
    assert pad.lines() == ["레슨:     확인=이동", "블랙으로 115번 역:", "확인을 누르세요.", "이동은 모두에게", "공개!"]
    _korean(fw, pad)
    pad.press("ok")  # on to the list
    assert pad.lines() == ["4라운드   117번 역", "이번 이동은 공개!", "더블   2        ^", "택시:", "> 116          v"]
    _korean(fw, pad)
    pad.press("down", "down", "ok")
    assert pad.lines() == ["4라운드   117번 역", "버스로 108번 역?", "더블 < 아니오 >", "모두에게 공개!", "확인=전송 숨김=취소"]
    _korean(fw, pad)
    pad.press("right")
    _expect(pad, "더블 < 예 >")  # "first of two" gives way on a screen of five lines
    pad.press("left", "ok")
    assert pad.take() == [answer("B108")]
    assert pad.lines()[1:4] == ["버스로 108번 역", "", "보내는 중..."]
    _korean(fw, pad)
    pad.tell({"type": "refused", "reason": KOREAN_REASON})
    assert pad.lines()[:3] == ["이동 거부:", "", KOREAN_REASON]
    _korean(fw, pad)
    pad.run(fw.ui.NOTICE_MS)
    pad.press("ok", "ok")
    assert pad.take() == [answer("B108")]
    pad.tell(pad.console.accepted([108]))
    assert pad.lines() == ["", " 이동을 보냈습니다", "", "핸드헬드를 숨기세요", " 공개: 108번 역!"]
    _korean(fw, pad)
    pad.tell(pad.console.state(station=108, tickets=dict(TICKETS, bus=2), log=LOG + ["B108"], seen=[108]))
    pad.run(fw.ui.NOTICE_MS)
    assert pad.lines() == ["4라운드   108번 역", "택시   4 버스   2", "지하철  3 블랙   5", "더블   2", "공개: 108번 역!"]
    _korean(fw, pad)
    pad.press("right")
    assert pad.lines() == ["이동 기록지     4회", " 1 택시   10", " 2 버스   34", " 3 블랙   46", " 4 버스   108"]
    _korean(fw, pad)
    pad.press("ok")
    pad.tell({"type": "game_over", "result": KOREAN_RESULT})
    assert pad.lines() == ["게임 끝", "형사 승리: 빨강", "형사가 7라운드에", "미스터 X를", "잡았습니다"]
    _korean(fw, pad, drawn=False)  # the result's words are the console's catalog's: its glyphs are checked there


def korean_rogue(fw):
    """A Junior rogue in Korean: the cover that passes the handheld, his name in the heading, staying."""
    pad = Pad(fw, "ko")
    pad.tell(pad.console.choose_step("roxy", 138, FOX_MOVES, hand_over=True))
    assert pad.lines() == ["", "    다음 차례:", "", "      록시", "  버튼을 누르세요"]
    _korean(fw, pad)
    pad.press("ok")
    assert pad.lines() == ["록시      138번 역", "택시   1 버스   1", "지하철  1 배     1", "택시:", "> 152          v"]
    _korean(fw, pad)
    pad.press("up")
    assert pad.lines()[-2:] == ["머물기:", "> 138"]
    pad.press("ok")
    assert pad.lines()[2] == "138번 역 머물기?"
    _korean(fw, pad)
    pad.press("ok")
    assert pad.take() == [answer("S138")]


def language_changes_mid_turn(fw):
    """The console changes its language mid-turn: its hello and its words again, and the page in view changes at once, a
    notice too; a language the handheld lacks, or none named, is English."""
    pad = Pad(fw, "ko")
    pad.tell(pad.console.choose_move())
    pad.press("down", "down", "ok")
    assert pad.lines()[2] == "버스로 108번 역?"
    shows = pad.display.shows
    pad.speak("en")
    assert pad.lines()[2] == "Bus to 108?" and pad.lines()[-1] == "OK=send Hide=no"
    assert pad.display.shows == shows + 1  # drawn again, once
    pad.press("ok")
    assert pad.take() == [answer("B108")]
    pad.tell(pad.console.accepted())
    pad.tell(pad.console.state(station=108, tickets=dict(TICKETS, bus=2), log=LOG + ["B108"]))
    _expect(pad, "move sent")
    pad.speak("ko")
    _expect(pad, "이동을 보냈습니다")
    pad.host.set_language("xx")  # a console of a language this handheld has no words for
    pad.run(100)
    _expect(pad, "move sent")
    pad.speak("ko")
    pad.run(fw.ui.NOTICE_MS)
    assert pad.lines()[0] == "4라운드   108번 역" and pad.lines()[-1] == "차례를 기다리세요"
    pad.tell(pad.console.choose_move(round=5, station=108, moves=["T116"]))
    pad.speak("")
    assert pad.lines()[0] == "Round 5   at 108" and pad.lines()[4:6] == ["taxi:", "> 116"]
    pad.press("ok", "ok")
    assert pad.take() == [answer("T116")]  # the cursor stayed on its move through it all


def debounced_buttons(fw):
    debouncer = fw.debounce.Debouncer(("up", "ok"))
    settle = fw.debounce.SETTLE_MS
    assert debouncer.update([True, False], 0) == []
    assert debouncer.update([False, False], 5) == []  # a bounce
    assert debouncer.update([True, True], 6) == []
    assert debouncer.update([True, True], 6 + settle - 1) == []
    assert debouncer.update([True, True], 6 + settle) == ["up", "ok"]
    assert debouncer.update([True, True], 100) == []
    held = 6 + settle + fw.debounce.REPEAT_AFTER_MS
    assert debouncer.update([True, True], held) == ["up"]  # up repeats, ok does not
    assert debouncer.update([True, True], held + 10) == []
    assert debouncer.update([True, True], held + fw.debounce.REPEAT_EVERY_MS) == ["up"]
    assert debouncer.update([False, False], 2000) == []
    assert debouncer.update([False, False], 2000 + settle) == []
    assert debouncer.update([False, True], 2100) == []
    assert debouncer.update([False, True], 2100 + settle) == ["ok"]


COUNTS = [("taxi", 4), ("bus", 3), ("under", 3), ("black", 5), ("2x", 2)]
GROUPS = [("taxi:", [["T116", "116"], ["T118", "118"]]), ("bus:", [["B108", "108"]]), ("underground:", [["U88", "88"]]),
          ("black:", [["X88", "88"], ["X108", "108"], ["X115", "115"], ["X116", "116"], ["X118", "118"]])]
"""His turn's list as the screens are given it, its words already read."""


def sample_pages(screens):
    """One page of every screen (with a cursor, scroll marks and non-ASCII characters), to compare pixels."""
    rows = screens.move_rows(COUNTS, GROUPS)
    junior = screens.move_rows([("taxi", 1), ("bus", 1), ("under", 1), ("boat", 1)],
                               [("taxi:", [["T152", "152"], ["T153", "153"]]), ("stay:", [["S138", "138"]])])
    return [
        screens.pairing(True),
        screens.waiting("Round 4   at 117", COUNTS, ["Mister FOX"], "seen at 116!", False),
        screens.choose(screens.header([("Round 4", "at 117")]), rows, 0, 4, ""),
        screens.choose(screens.header([("Round 24", "at 199")]), rows, 8, 14, "this move: SEEN!"),
        screens.confirm(screens.header([("Round 4", "at 117")]), "Underground to 171?",
                        ("double  < no  >", "double  < yes >", "first of two"), True, "SEEN by all!"),
        screens.sending("Black to 88", True),
        screens.sent("seen at 105!"),
        screens.refused("caf\u00e9 {~} |_|"),
        screens.refused(KOREAN_REASON),
        screens.travel_log([("taxi", "10"), ("bus", "34"), ("black", "46")] * 4, 3),
        screens.game_over("Mister X wins: he survived round 24"),
        screens.cover(),
        screens.cover("ROXy", True),
        screens.choose(screens.header([("Mister FOX", "at 138"), ("Mister FOX", "138")]), junior, 2, 5, ""),
        screens.failure("OSError(5,)"),
        screens.lesson(screens.lesson_lines(HINT * 2), 2),
    ]


def primitives(canvas):
    """A run of framebuf's drawing calls, partly off the canvas."""
    canvas.fill(1)
    canvas.fill(0)
    canvas.pixel(0, 0, 1)
    canvas.pixel(127, 63, 1)
    canvas.pixel(128, 5, 1)
    canvas.hline(-5, 9, 20, 1)
    canvas.vline(30, 60, 10, 1)
    canvas.rect(40, 3, 20, 11, 1)
    canvas.rect(70, 20, 9, 9, 1, True)
    canvas.fill_rect(120, 50, 20, 20, 1)
    canvas.fill_rect(72, 22, 3, 3, 0)
    canvas.text("Aq~", 100, 30, 1)
    canvas.text("mx", -3, 61, 1)
    canvas.pixel(101, 31, 0)


SCENARIOS = (pairing, whole_turn, list_wraps_and_scrolls, double_move_with_black_first, refused_then_asked_again,
             turn_withdrawn, reveal_warning, only_held_tickets, long_names_fit, no_move_listed, travel_log_page, idle_blanking,
             hide_button, seen_note_on_single_move, game_over, garbled_messages_change_nothing,
             only_listed_moves_leave, junior_stay_and_boat, junior_hand_over, junior_between_rounds, guided_turn, long_lesson,
             junior_lesson, korean_turn, korean_rogue, language_changes_mid_turn, debounced_buttons)


class Replay:
    """The console of a scenario under MicroPython: the batches a CPython run of the scenarios made, in the same order."""

    def __init__(self, batches):
        self.batches = batches

    def __getattr__(self, name):
        def said(*args, **kwargs):
            made, batch = self.batches.pop(0)
            assert made == name, "the console said %s where the scenario asks for %s" % (made, name)
            return batch
        return said


class _Flat:
    """The firmware as the handheld holds it: top-level modules, and the console's batches read from the file *path*."""

    def __init__(self, path):
        import json

        import app
        import debounce
        import fake_hw
        import link
        import ui

        import language
        self.app, self.debounce, self.fake_hw, self.language, self.link, self.ui = app, debounce, fake_hw, language, link, ui
        with open(path) as batches:
            replay = Replay(json.load(batches))
        self.console = lambda language: replay


def run_flat(path):
    """Run every scenario on the top-level firmware modules, the console's batches from the file *path*; print one line
    each."""
    fw = _Flat(path)
    for scenario in SCENARIOS:
        scenario(fw)
        print("ok", scenario.__name__)


PIXEL_LANGUAGES = ("en", "ko")
"""The languages the sample pages are drawn in, one after the other (Korean's from the language's glyphs)."""


def print_pixels():
    """Draw every sample page in each language, then the primitives, with MicroPython's own framebuf; print each
    buffer in hex."""
    import framebuf
    import screens

    import language
    samples = []
    for code in PIXEL_LANGUAGES:
        language.use(code)
        samples += sample_pages(screens)
    for sample in samples + [None]:
        buffer = bytearray(1024)
        canvas = framebuf.FrameBuffer(buffer, 128, 64, framebuf.MONO_VLSB)
        if sample is None:
            primitives(canvas)
        else:
            screens.draw(canvas, sample)
        print(buffer.hex())


if __name__ == "__main__":
    import sys
    if sys.argv[-1] == "pixels":
        print_pixels()
    else:
        run_flat(sys.argv[-1])
