"""The maker's pack: templates, bill of materials, schematics and layouts, the station cell and its solids, the tiles.

``buildpack`` writes it all (``scotland-yard build-pack``), with its README (``index``). The electrical half:

- ``circuits``: the reference build's circuits as data; ``schematics``: their sheets, drawn;
- ``stripboard``: the button module on stripboard; ``underside``: the hand-wired build's routes under the board;
- ``pcb``: the station tiles, printed circuit boards a fab makes.

The mechanical half: the station cell, the board's geometry and its fit to a measured board, the laser-cut layers and
the printed board.

- ``parts``: the sizes of every part, from ``hardware/parts.toml``;
- ``board``: where the stations sit on the board, in mm (one scale for both axes), and the fit to a maker's
  measurements;
- ``tiles``: pages of A4 or Letter that print a large sheet, with their marks;
- ``cell``: the cell's solids, its footprint and its fits; ``cell_drawing``: its cross-section;
- ``layers``: the laser-cut sheets (SVG and DXF) and the printed parts (STL);
- ``printed_board``: the board itself, drawn from the board file, as a PDF.

It reads the board through the seams at ``hardware``'s top (the config, the station map) and imports no driver: a pack
is built on any PC, without the board (``tests/console/test_house.py`` keeps it so).
"""


class PackError(ValueError):
    """A bad build-pack option or measurement; the message is one line."""
