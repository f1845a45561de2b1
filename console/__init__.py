"""The console application: game flow, what the board and screen show, saving,
configuration and the command line. It asks the engine for every rule decision
and talks to hardware only through the hardware interfaces.
"""
