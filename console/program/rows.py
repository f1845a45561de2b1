"""Rows more than one screen offers: the language, a yes-or-no value's words, Back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from console.table.menu import Setting
from language import LANGUAGES, current, p_

OFF_ON = (p_("value", "off"), p_("value", "on"))
"""A yes-or-no setting's values (False, True) in words."""
BACK = p_("row", "Back")


def language_row(changed: Callable[[str, Any], None]) -> Setting:
    """The language of every word: each offered by its own name, whatever the language in use."""
    return Setting("language", p_("row", "Language"), tuple(LANGUAGES), tuple(LANGUAGES.values()), changed, first=current())
