"""The outside world behind small interfaces: station LEDs, station buttons,
control buttons, the screen and the handheld link (see the project's
architecture). It speaks station numbers, colours and protocol messages, never
game terms, and imports no console or engine code.
"""
