"""Letter case for the words people read: on the screen, the handheld, in the terminal and in exported games.

A module of its own, below the screens and the game kinds alike, so that each of them can use it.

>>> capitalised("mister X escapes")
'Mister X escapes'
>>> capitalised("")
''
"""

from __future__ import annotations


def capitalised(text: str) -> str:
    """*text* begun with a capital letter, the rest as it is (``str.capitalize`` would lower "X")."""
    return text[:1].upper() + text[1:]
