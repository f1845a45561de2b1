"""The screen's drawing: the toolkit every screen uses, menus and pages, the phone's pairing code, pictures."""
