"""The table's choices: the settings as the menus last chose them, heard and spoken at once, and remembered for the next start.

The settings menu, the game menu and the mute chord change them; each change
holds at once (the sounds' volume, the language of every word on the next
frame), and is remembered in the data folder's preferences
(``console.records.preferences``) when the menu that changed it closes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from console.records.preferences import load_preferences, save_preferences
from console.records.storage import fault_in_words
from console.settings import GameSettings
from console.table.sounds import Sounds
from language import Words, _, use


class Choices:
    """The console's settings as chosen so far (``settings``), and the sounds that follow them."""

    def __init__(self, settings: GameSettings, sounds: Sounds) -> None:
        self.settings = settings
        self.sounds = sounds
        sounds.apply(settings)

    def change(self, key: str, value: Any) -> None:
        """A menu's row changed the setting *key*: it holds from now on (remembered when its menu closes)."""
        self.settings = replace(self.settings, **{key: value})
        self.sounds.apply(self.settings)
        if key == "language":
            use(value)  # every word on the screen changes with the next frame

    def remember(self, key: str, value: Any) -> Words:
        """A setting changed in play (the game menu's): it holds from now on and is remembered; a problem if it cannot be."""
        self.change(key, value)
        return self.remembered()

    def remembered(self) -> Words:
        """Remember the choices for the next start; a problem to show if they cannot be (a full disk, a newer console's file)."""
        try:
            return save_preferences(self.settings)
        except OSError as error:
            return _("Your choices hold until the console stops: they cannot be saved ({reason})", reason=fault_in_words(error))

    def restored(self) -> Words:
        """The remembered choices read again (a backup was restored over them): they hold from now on; a problem if unusable."""
        self.settings, problem = load_preferences(self.settings)
        self.sounds.apply(self.settings)
        if self.settings.language:
            use(self.settings.language)
        return problem
