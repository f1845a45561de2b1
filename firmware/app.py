"""One pass of the handheld's loop: bytes, buttons, screen and buzzer around the UI.

``Handheld.step`` hands what came over the wire to the link endpoint and the
messages it delivers to the UI, the button presses to the UI, and the UI's answers
to both (his moves, and ``unreadable`` for a message it cannot read) to the
endpoint, and writes the endpoint's bytes (its own acks, resends and hellos too).
It looks at the page only after an event (a message, a button, the link coming or
going, the console's language changing, the UI's timers) and sends it to the
display, a slow I2C write, only when it differs from the one shown. Everything is
passed in, so the same class runs on the Pico (``main``) and under CPython with fakes.
"""


class Handheld:
    """The handheld's parts, wired: call ``step()`` often (every few milliseconds)."""

    def __init__(self, ui, endpoint, transport, display, buttons, clock_ms, buzzer=None):
        self.ui = ui
        self.endpoint = endpoint
        self.transport = transport
        self.display = display
        self.buttons = buttons
        self.clock_ms = clock_ms
        self.buzzer = buzzer
        self.buzzed = ui.buzzes
        self.shown = None

    def step(self):
        now = self.clock_ms()
        changed = self.shown is None
        data = self.transport.read()
        if data:
            for message in self.endpoint.feed(data, now):
                for reply in self.ui.on_message(message):
                    self.endpoint.send(reply)
                changed = True
        for name in self.buttons.poll(now):
            changed = True
            for message in self.ui.on_button(name, now):
                self.endpoint.send(message)
        connected = self.endpoint.connected(now)
        if connected != self.ui.connected:
            self.ui.set_connected(connected)
            changed = True
        if self.endpoint.language != self.ui.language:  # the console's hello says which language it speaks
            self.ui.set_language(self.endpoint.language)
            changed = True
        if self.ui.tick(now):
            changed = True
        out = self.endpoint.poll(now)
        if out:
            self.transport.write(out)
        self._buzz(now)
        if changed:
            self._show()

    def _buzz(self, now):
        if self.buzzer is None:
            return
        if self.ui.buzzes != self.buzzed:
            self.buzzed = self.ui.buzzes
            self.buzzer.pulse(now)
        self.buzzer.update(now)

    def _show(self):
        shown = self.ui.page()
        if shown != self.shown:
            self.ui.draw(self.display)
            self.display.show()
            self.shown = shown
