"""The station tiles: printed circuit boards a fab makes and assembles, generated from the station map.

The board is cut into tiles a fab's assembly line takes (``tiling``); on each, every station gets its cell exactly
where the board has the station (``station``), and readers, buffers and connectors fill the room between
(``layout``); one netlist (``circuit``) joins them, and the router (``router``) lays the copper. KiCad builds each
tile from that description, checks it with its own DRC and plots its Gerbers (``kicad``, ``kicad_script``); the
Gerbers are read back and drawn (``gerbers``); the fab's BOM and placement file come from the same parts
(``fab``, ``catalog``); ``pack`` writes it all, with the station map, into the maker's pack.
"""
