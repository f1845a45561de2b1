"""The outside world behind small interfaces: the board's lights, buttons, keys, screen, sound and handheld links.

It speaks station numbers, colours and protocol messages, never game terms, and imports no console or engine code
(its words come from ``language``, the room below it). Its top holds the seams every part of it shares:

- ``interfaces``: what the console is handed (``Hardware``), each device's protocol and the events;
- ``config``: the hardware's settings file; ``station_map``: which pixel and which button bit is each station's;
  ``files``: reading the files a person hands the console;
- ``factory``: the devices of a profile (``pi``, ``fake``, ``sim``), built.

Each sub-package, one concern, imports only the seams besides itself, but the simulator, which also imports the
factory and the drivers it draws with; the factory imports the drivers and the simulator's window it builds
(``tests/console/test_house.py`` keeps it so):

- ``drivers``: the devices and their fakes;
- ``builder``: the builder's checks on the real board (``hw-test``, ``calibrate``);
- ``pack``: the maker's pack;
- ``phone``: Mister X's phone as his handheld;
- ``sim``: the simulator's window, its handheld and its scripts.

The build guides (``*.md``), ``bom.toml``, ``parts.toml``, ``install/`` and ``sounds/`` are here too.
"""
