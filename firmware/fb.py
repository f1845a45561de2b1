"""A pure-Python subset of MicroPython's ``framebuf.FrameBuffer``, for CPython.

The handheld's screens draw onto whatever canvas they are given: on the device
the SSD1306 driver (a real ``framebuf.FrameBuffer``), on a PC this class, so
tests and the simulator show exactly the device's pixels. Only the 1-bit
MONO_VLSB layout is kept (the SSD1306's own: one byte is a column of 8 pixels,
least significant bit on top; page-major), so ``buffer`` is the very bytes the
device would send to its display.
"""

MONO_VLSB = 0

# MicroPython's built-in 8x8 font (extmod/font_petme128_8x8.h, MIT licence): for
# each byte 32..127, eight column bytes, least significant bit on top. Like
# framebuf, any byte outside 32..126 (so every byte of a non-ASCII character)
# draws the last glyph, a checkerboard. One bytes object: 96 glyphs of 8 bytes.
FONT = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00"  # ' '
    b"\x00\x00\x00\x4f\x4f\x00\x00\x00"  # '!'
    b"\x00\x07\x07\x00\x00\x07\x07\x00"  # '"'
    b"\x14\x7f\x7f\x14\x14\x7f\x7f\x14"  # '#'
    b"\x00\x24\x2e\x6b\x6b\x3a\x12\x00"  # '$'
    b"\x00\x63\x33\x18\x0c\x66\x63\x00"  # '%'
    b"\x00\x32\x7f\x4d\x4d\x77\x72\x50"  # '&'
    b"\x00\x00\x00\x04\x06\x03\x01\x00"  # "'"
    b"\x00\x00\x1c\x3e\x63\x41\x00\x00"  # '('
    b"\x00\x00\x41\x63\x3e\x1c\x00\x00"  # ')'
    b"\x08\x2a\x3e\x1c\x1c\x3e\x2a\x08"  # '*'
    b"\x00\x08\x08\x3e\x3e\x08\x08\x00"  # '+'
    b"\x00\x00\x80\xe0\x60\x00\x00\x00"  # ','
    b"\x00\x08\x08\x08\x08\x08\x08\x00"  # '-'
    b"\x00\x00\x00\x60\x60\x00\x00\x00"  # '.'
    b"\x00\x40\x60\x30\x18\x0c\x06\x02"  # '/'
    b"\x00\x3e\x7f\x49\x45\x7f\x3e\x00"  # '0'
    b"\x00\x40\x44\x7f\x7f\x40\x40\x00"  # '1'
    b"\x00\x62\x73\x51\x49\x4f\x46\x00"  # '2'
    b"\x00\x22\x63\x49\x49\x7f\x36\x00"  # '3'
    b"\x00\x18\x18\x14\x16\x7f\x7f\x10"  # '4'
    b"\x00\x27\x67\x45\x45\x7d\x39\x00"  # '5'
    b"\x00\x3e\x7f\x49\x49\x7b\x32\x00"  # '6'
    b"\x00\x03\x03\x79\x7d\x07\x03\x00"  # '7'
    b"\x00\x36\x7f\x49\x49\x7f\x36\x00"  # '8'
    b"\x00\x26\x6f\x49\x49\x7f\x3e\x00"  # '9'
    b"\x00\x00\x00\x24\x24\x00\x00\x00"  # ':'
    b"\x00\x00\x80\xe4\x64\x00\x00\x00"  # ';'
    b"\x00\x08\x1c\x36\x63\x41\x41\x00"  # '<'
    b"\x00\x14\x14\x14\x14\x14\x14\x00"  # '='
    b"\x00\x41\x41\x63\x36\x1c\x08\x00"  # '>'
    b"\x00\x02\x03\x51\x59\x0f\x06\x00"  # '?'
    b"\x00\x3e\x7f\x41\x4d\x4f\x2e\x00"  # '@'
    b"\x00\x7c\x7e\x0b\x0b\x7e\x7c\x00"  # 'A'
    b"\x00\x7f\x7f\x49\x49\x7f\x36\x00"  # 'B'
    b"\x00\x3e\x7f\x41\x41\x63\x22\x00"  # 'C'
    b"\x00\x7f\x7f\x41\x63\x3e\x1c\x00"  # 'D'
    b"\x00\x7f\x7f\x49\x49\x41\x41\x00"  # 'E'
    b"\x00\x7f\x7f\x09\x09\x01\x01\x00"  # 'F'
    b"\x00\x3e\x7f\x41\x49\x7b\x3a\x00"  # 'G'
    b"\x00\x7f\x7f\x08\x08\x7f\x7f\x00"  # 'H'
    b"\x00\x00\x41\x7f\x7f\x41\x00\x00"  # 'I'
    b"\x00\x20\x60\x41\x7f\x3f\x01\x00"  # 'J'
    b"\x00\x7f\x7f\x1c\x36\x63\x41\x00"  # 'K'
    b"\x00\x7f\x7f\x40\x40\x40\x40\x00"  # 'L'
    b"\x00\x7f\x7f\x06\x0c\x06\x7f\x7f"  # 'M'
    b"\x00\x7f\x7f\x0e\x1c\x7f\x7f\x00"  # 'N'
    b"\x00\x3e\x7f\x41\x41\x7f\x3e\x00"  # 'O'
    b"\x00\x7f\x7f\x09\x09\x0f\x06\x00"  # 'P'
    b"\x00\x1e\x3f\x21\x61\x7f\x5e\x00"  # 'Q'
    b"\x00\x7f\x7f\x19\x39\x6f\x46\x00"  # 'R'
    b"\x00\x26\x6f\x49\x49\x7b\x32\x00"  # 'S'
    b"\x00\x01\x01\x7f\x7f\x01\x01\x00"  # 'T'
    b"\x00\x3f\x7f\x40\x40\x7f\x3f\x00"  # 'U'
    b"\x00\x1f\x3f\x60\x60\x3f\x1f\x00"  # 'V'
    b"\x00\x7f\x7f\x30\x18\x30\x7f\x7f"  # 'W'
    b"\x00\x63\x77\x1c\x1c\x77\x63\x00"  # 'X'
    b"\x00\x07\x0f\x78\x78\x0f\x07\x00"  # 'Y'
    b"\x00\x61\x71\x59\x4d\x47\x43\x00"  # 'Z'
    b"\x00\x00\x7f\x7f\x41\x41\x00\x00"  # '['
    b"\x00\x02\x06\x0c\x18\x30\x60\x40"  # '\\'
    b"\x00\x00\x41\x41\x7f\x7f\x00\x00"  # ']'
    b"\x00\x08\x0c\x06\x06\x0c\x08\x00"  # '^'
    b"\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0"  # '_'
    b"\x00\x00\x01\x03\x06\x04\x00\x00"  # '`'
    b"\x00\x20\x74\x54\x54\x7c\x78\x00"  # 'a'
    b"\x00\x7f\x7f\x44\x44\x7c\x38\x00"  # 'b'
    b"\x00\x38\x7c\x44\x44\x6c\x28\x00"  # 'c'
    b"\x00\x38\x7c\x44\x44\x7f\x7f\x00"  # 'd'
    b"\x00\x38\x7c\x54\x54\x5c\x58\x00"  # 'e'
    b"\x00\x08\x7e\x7f\x09\x03\x02\x00"  # 'f'
    b"\x00\x98\xbc\xa4\xa4\xfc\x7c\x00"  # 'g'
    b"\x00\x7f\x7f\x04\x04\x7c\x78\x00"  # 'h'
    b"\x00\x00\x00\x7d\x7d\x00\x00\x00"  # 'i'
    b"\x00\x40\xc0\x80\x80\xfd\x7d\x00"  # 'j'
    b"\x00\x7f\x7f\x30\x38\x6c\x44\x00"  # 'k'
    b"\x00\x00\x41\x7f\x7f\x40\x00\x00"  # 'l'
    b"\x00\x7c\x7c\x18\x30\x18\x7c\x7c"  # 'm'
    b"\x00\x7c\x7c\x04\x04\x7c\x78\x00"  # 'n'
    b"\x00\x38\x7c\x44\x44\x7c\x38\x00"  # 'o'
    b"\x00\xfc\xfc\x24\x24\x3c\x18\x00"  # 'p'
    b"\x00\x18\x3c\x24\x24\xfc\xfc\x00"  # 'q'
    b"\x00\x7c\x7c\x04\x04\x0c\x08\x00"  # 'r'
    b"\x00\x48\x5c\x54\x54\x74\x20\x00"  # 's'
    b"\x04\x04\x3f\x7f\x44\x64\x20\x00"  # 't'
    b"\x00\x3c\x7c\x40\x40\x7c\x3c\x00"  # 'u'
    b"\x00\x1c\x3c\x60\x60\x3c\x1c\x00"  # 'v'
    b"\x00\x1c\x7c\x30\x18\x30\x7c\x1c"  # 'w'
    b"\x00\x44\x6c\x38\x38\x6c\x44\x00"  # 'x'
    b"\x00\x9c\xbc\xa0\xa0\xfc\x7c\x00"  # 'y'
    b"\x00\x44\x64\x74\x5c\x4c\x44\x00"  # 'z'
    b"\x00\x08\x08\x3e\x77\x41\x41\x00"  # '{'
    b"\x00\x00\x00\xff\xff\x00\x00\x00"  # '|'
    b"\x00\x41\x41\x77\x3e\x08\x08\x00"  # '}'
    b"\x00\x02\x03\x01\x03\x02\x03\x01"  # '~'
    b"\xaa\x55\xaa\x55\xaa\x55\xaa\x55"  # 127: any other byte
)


class FrameBuffer:
    """A 1-bit canvas with framebuf's drawing methods; colour 0 is off, anything else on."""

    def __init__(self, buffer, width, height, format=MONO_VLSB):
        if format != MONO_VLSB:
            raise ValueError("only MONO_VLSB is supported")
        if len(buffer) < ((height + 7) // 8) * width:
            raise ValueError("buffer too small")
        self.buffer = buffer
        self.width = width
        self.height = height

    def fill(self, c):
        value = 0xFF if c else 0
        for i in range(((self.height + 7) // 8) * self.width):
            self.buffer[i] = value

    def pixel(self, x, y, c=None):
        """The pixel at (x, y) as 0 or 1, or set it to *c*; outside the canvas: ignored (None read)."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        index = (y >> 3) * self.width + x
        bit = 1 << (y & 7)
        if c is None:
            return 1 if self.buffer[index] & bit else 0
        if c:
            self.buffer[index] |= bit
        else:
            self.buffer[index] &= ~bit & 0xFF
        return None

    def fill_rect(self, x, y, w, h, c):
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + w, self.width), min(y + h, self.height)
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                self.pixel(xx, yy, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def text(self, s, x, y, c=1):
        """Draw *s* in the 8x8 font with its top left at (x, y); only set pixels are drawn."""
        for code in s.encode():
            glyph = (code - 32 if 32 <= code <= 126 else 95) * 8
            for column in range(8):
                bits = FONT[glyph + column]
                row = 0
                while bits:
                    if bits & 1:
                        self.pixel(x + column, y + row, c)
                    bits >>= 1
                    row += 1
            x += 8
