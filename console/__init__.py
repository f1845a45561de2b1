"""The console application: the program and its activities, the table it drives, the games it plays, what it keeps.

It asks the engine for every rule decision and talks to the hardware only
through the hardware's interfaces. Its parts, each a sub-package that imports
only the ones below it (``tests/console/test_house.py`` reads every import to
keep it so):

- ``cli``: the ``scotland-yard`` command;
- ``program``: the program and its activities (the loop, the stack of
  activities, menus, a game, a lesson, a replay, the hardware test, switching
  off), the terminal game, the config file, the self-check;
- ``appliance``: the console as an appliance on the Pi (releases, updates and
  rollback, backups and exports to USB sticks, the watchdog, log limits,
  flashing the handheld, the builder's tools);
- ``lessons``: the guided games of Learn to play;
- ``records``: what the console keeps (the journal of the game in play, the
  data folder, the history of finished games, their text, the preferences);
- ``games``: the kinds of game it plays, each one folder behind one protocol;
- ``table``: the table's presentation (the lights, the screen's scenes and
  toolkit, the sounds, the menus' model, Mister X's phone);
- ``settings``: the settings' types, which every part shares.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any module of the console imports pygame: no banner in its output
