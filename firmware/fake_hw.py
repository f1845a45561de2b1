"""Stand-ins for the handheld's hardware, for the tests and the PC simulator.

They have the shapes ``app.Handheld`` uses on the Pico: a display that is a
128x64 framebuffer with ``show()``, buttons polled for the names pressed, a
millisecond clock, a serial transport and a buzzer.
"""

try:
    from . import fb
except ImportError:
    import fb

WIDTH = 128
HEIGHT = 64


class FakeDisplay(fb.FrameBuffer):
    """The OLED as a pure-Python framebuffer: read it with ``pixel(x, y)`` or ``buffer``."""

    def __init__(self):
        super().__init__(bytearray(WIDTH * HEIGHT // 8), WIDTH, HEIGHT, fb.MONO_VLSB)
        self.shows = 0
        """How many times the picture was sent to the display."""

    def show(self):
        self.shows += 1

    def dark(self):
        """Whether no pixel is lit."""
        return not any(self.buffer)


class FakeButtons:
    """Buttons pressed by the test (or the simulator's keys), handed out at the next poll."""

    def __init__(self):
        self.queue = []

    def press(self, *names):
        self.queue.extend(names)

    def poll(self, now_ms):
        pressed, self.queue = self.queue, []
        return pressed


class FakeClock:
    """Milliseconds that move only when told to."""

    def __init__(self, now_ms=0):
        self.now = now_ms

    def __call__(self):
        return self.now

    def advance(self, ms):
        self.now += ms


class FakeSerial:
    """The USB serial as two byte queues: ``incoming`` for the handheld to read, ``written`` by it."""

    def __init__(self):
        self.incoming = bytearray()
        self.written = bytearray()

    def read(self):
        data, self.incoming = bytes(self.incoming), bytearray()
        return data

    def write(self, data):
        self.written += data

    def take(self):
        """What the handheld wrote since the last call."""
        data, self.written = bytes(self.written), bytearray()
        return data


class FakeBuzzer:
    """Counts the buzzes asked for."""

    def __init__(self):
        self.pulses = 0

    def pulse(self, now_ms):
        self.pulses += 1

    def update(self, now_ms):
        pass
