"""The mechanical half of the maker's pack: the station cell, the board's geometry and its fit to a measured
board, the laser-cut layers and the printed board. ``hardware.buildpack`` writes them with the rest of the pack.

- ``parts``: the sizes of every part, from ``hardware/parts.toml``;
- ``board``: where the stations sit on the board, in mm (one scale for both axes), and the fit to a maker's
  measurements;
- ``tiles``: pages of A4 or Letter that print a large sheet, with their marks;
- ``cell``: the cell's solids, its footprint and its fits; ``cell_drawing``: its cross-section;
- ``layers``: the laser-cut sheets (SVG and DXF) and the printed parts (STL);
- ``printed_board``: the board itself, drawn from the board file, as a PDF.
"""


class PackError(ValueError):
    """A bad build-pack option or measurement; the message is one line."""
