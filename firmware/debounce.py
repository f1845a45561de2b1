"""Button presses from raw pin levels: debounced, with auto-repeat on the scrolling keys.

Pure logic (levels and a time in, names out) so it is tested on a PC; ``hw``
feeds it the pins on the device.
"""

SETTLE_MS = 20
"""A level must hold this long to count (contacts bounce for a few milliseconds)."""

REPEAT_AFTER_MS = 500
REPEAT_EVERY_MS = 150
"""A held up or down key repeats: after REPEAT_AFTER_MS, then every REPEAT_EVERY_MS."""


class Debouncer:
    """Turns the levels of a fixed list of buttons (True: pressed) into the names newly pressed."""

    def __init__(self, names, repeating=("up", "down")):
        self.names = list(names)
        self.repeating = [name in repeating for name in self.names]
        self.level = [False] * len(self.names)  # the raw level last seen
        self.since = [0] * len(self.names)  # when it last changed
        self.down = [False] * len(self.names)  # the debounced state
        self.repeat_at = [0] * len(self.names)

    def update(self, levels, now_ms):
        """The names pressed (or repeating) as of *now_ms*, given each button's level in order."""
        pressed = []
        for i, level in enumerate(levels):
            level = bool(level)
            if level != self.level[i]:
                self.level[i], self.since[i] = level, now_ms
            elif level != self.down[i]:
                if now_ms - self.since[i] >= SETTLE_MS:
                    self.down[i] = level
                    if level:
                        pressed.append(self.names[i])
                        self.repeat_at[i] = now_ms + REPEAT_AFTER_MS
            elif level and self.repeating[i] and now_ms >= self.repeat_at[i]:
                pressed.append(self.names[i])
                self.repeat_at[i] = now_ms + REPEAT_EVERY_MS
        return pressed
