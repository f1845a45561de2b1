"""The console application: game flow, what the board and screen show, saving,
configuration and the command line. It asks the engine for every rule decision
and talks to hardware only through the hardware interfaces.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any module of the console imports pygame: no banner in its output
